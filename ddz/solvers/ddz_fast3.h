/* Test hooks of the three-player fast solver (fast3.c): switches that turn its shortcuts off, so
 * that tests can hold each against the plain search. Not for other callers. */
#ifndef DDZ_FAST3_H
#define DDZ_FAST3_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
    DDZ_FAST3_NO_SPLIT = 1,   /* cheap test 1: unanswerable moves, then one lead */
    DDZ_FAST3_NO_PARTNER = 2, /* cheap test 2: a farmer lets his partner out */
    DDZ_FAST3_NO_TABLE = 4,   /* the transposition table */
    DDZ_FAST3_NO_COLLAPSE = 8, /* the rank collapse of the table key */
    DDZ_FAST3_NO_ETC = 16,    /* the children looked up in the table before any is searched */
    DDZ_FAST3_NO_FORCED = 32  /* the passes after a move nobody may answer skipped */
};
/* Bits of the enum above; 0 (the default) = all on. Single-threaded tests only: set it between solves. */
extern int ddz_fast3_disable;

#ifdef __cplusplus
}
#endif
#endif
