/* Broken plugins for tests/plugin.sh, one per -D: each must be refused (or, for CRASH, caught)
 * with a clear line. They reuse the correct example's is_win so only the named flaw differs. */
#include <signal.h>
#include <stdlib.h>
#include <time.h>

#define mj_plugin_entry example_entry /* the example's own entry, renamed out of the way */
#include "../../examples/plugin-c/correct.c"
#undef mj_plugin_entry

#if defined(CLAIMS_7P)
/* claims seven pairs but decides only standard hands */
static bool std_only(const mj_hand *h, const mj_rules *r)
{
    mj_rules s = *r;
    s.forms = MJ_FORM_STD;
    return is_win(h, &s);
}
#define NAME "claims7p"
#define FORMS (MJ_FORM_STD | MJ_FORM_7P)
#define IS_WIN std_only
#elif defined(CRASH)
/* slow on 4-tile hands (so a checkpoint gets saved), then dies on 9999m + 3 more tiles,
 * unless MJ_TEST_NO_CRASH is set (the fixed plugin, for the resume); with MJ_TEST_CRASH_ALL,
 * on every hand of 3 tiles (a size the loader's sample never holds; every thread crashes at once) */
static bool crashy(const mj_hand *h, const mj_rules *r)
{
    if (h->tiles == 3 && getenv("MJ_TEST_CRASH_ALL")) raise(SIGSEGV);
    if (h->tiles == 4) nanosleep(&(struct timespec){.tv_nsec = 4000000}, NULL);
    if (h->tiles == 7 && h->count[8] == 4 && !getenv("MJ_TEST_NO_CRASH")) raise(SIGSEGV);
    return is_win(h, r);
}
#define NAME "crash"
#define FORMS MJ_FORM_STD
#define IS_WIN crashy
#else
#define NAME "bad"
#define FORMS MJ_FORM_STD
#define IS_WIN is_win
#endif

#if defined(NO_SYMBOL)
#define ENTRY mj_plugin_entry_v0
#else
#define ENTRY mj_plugin_entry
#endif
#if defined(BAD_ABI)
#define ABI 999
#else
#define ABI MJ_PLUGIN_ABI
#endif

#if defined(ABI1)
/* not broken: a plugin built before ABI 2 (its struct ends at waits) must still load */
struct abi1_plugin {
    uint32_t abi, size;
    const char *name, *summary;
    unsigned forms;
    int max_kinds;
    int (*init)(void);
    bool (*is_win)(const mj_hand *h, const mj_rules *r);
    mj_kindset (*waits)(const mj_hand *h, const mj_rules *r);
};
MJ_PLUGIN_EXPORT const struct abi1_plugin ENTRY = {.abi = 1, .size = sizeof(struct abi1_plugin), .name = "abi1",
                                                   .forms = FORMS, .max_kinds = 34, .is_win = IS_WIN};
#else
MJ_PLUGIN_EXPORT const mj_plugin ENTRY = {.abi = ABI, .size = sizeof(mj_plugin), .name = NAME, .forms = FORMS,
                                          .max_kinds = 34, .is_win = IS_WIN};
#endif
