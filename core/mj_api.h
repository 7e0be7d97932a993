/* What makes a declaration public: C linkage for C++ callers, and default visibility so the
 * installed library (built with -fvisibility=hidden) exports it and nothing else. */
#ifndef MJ_API_H
#define MJ_API_H

#if defined(__GNUC__)
#define MJ_VISIBILITY_PUSH _Pragma("GCC visibility push(default)")
#define MJ_VISIBILITY_POP _Pragma("GCC visibility pop")
#else
#define MJ_VISIBILITY_PUSH
#define MJ_VISIBILITY_POP
#endif

/* Around the declarations of each public header: everything declared between them is API. */
#ifdef __cplusplus
#define MJ_API_BEGIN extern "C" { MJ_VISIBILITY_PUSH
#define MJ_API_END MJ_VISIBILITY_POP }
#else
#define MJ_API_BEGIN MJ_VISIBILITY_PUSH
#define MJ_API_END MJ_VISIBILITY_POP
#endif

#endif
