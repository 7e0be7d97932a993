/* Outside checkers: native plugins (dlopen), programs over a pipe (--exec), the weighted hand
 * sampler they are judged on, and the counterexample shrinker. */
#ifndef MJ_CLI_PLUGIN_H
#define MJ_CLI_PLUGIN_H

#include <stdio.h>

#include "cli.h"
#include "mj_oracle.h"
#include "mj_random.h"

/* --plugin PATH[,PATH...]: dlopens each, checks its ABI, symbol, name and claims (on a sample
 * of winning hands of every claimed form, against the truth), then registers it as the
 * algorithm "plugin:NAME". path NULL does nothing. When *algo still points at default_algo
 * (the user gave no --algo), it becomes the loaded plugins' names. Prints one line and
 * returns CLI_FAIL on any problem; CLI_OK otherwise. */
int cli_plugin_setup(const char *command, const char *path, const char **algo, const char *default_algo);

/* shanten --plugin PATH[,PATH...]: loads each like cli_plugin_setup, requires its shanten
 * entry (plugin ABI 2), checks its claimed forms on complete hands and registers it as the
 * shanten calculator "plugin:NAME"; *algo becomes their names when it is still default_algo.
 * CLI_OK, or CLI_FAIL with one line printed. */
int cli_plugin_shanten_setup(const char *path, const char **algo, const char *default_algo);

/* shanten --exec CMD: starts CMD in mode shanten (or effective) and registers it as the
 * shanten calculator "exec", asked one hand at a time; *algo becomes "exec" when it is still
 * default_algo. CLI_OK or CLI_FAIL. */
int cli_exec_shanten_setup(const char *cmd, const mj_rules *r, bool effective, const char **algo,
                           const char *default_algo);

/* Whether a is a loaded plugin. */
bool cli_plugin_is(const mj_algo *a);

/* Makes a verify candidate of a plugin crash-safe: a crash inside it prints the hand it was
 * on and where the checkpoint stands, then exits 3 (the checkpoint file, written atomically,
 * stays whole and resumable). Does nothing to built-in algorithms. */
void cli_plugin_guard(mj_candidate *c, const char *checkpoint);

/* A winning hand of the single form `form` over `kinds` kinds with `size` tiles (std: 2, 5,
 * .. 14; 7p, 7p4, 13o: 14; kongs: 15..18). false when the form has no hand of that size. */
bool cli_sample_complete(mj_rng *g, unsigned form, int kinds, int size, mj_hand *h);

/* Kinds of hands the weighted sampler draws, for the labelled totals. */
typedef enum {
    SAMPLE_UNIFORM, SAMPLE_COMPLETE, SAMPLE_NEAR_MISS, SAMPLE_QUADS, SAMPLE_HONORS, SAMPLE_PAIRS, SAMPLE_KINDS
} cli_sample_kind;
extern const char *const cli_sample_kind_names[SAMPLE_KINDS];

/* One hand of lo..hi tiles under r, drawn towards the hard cases: complete hands of r's
 * forms, near misses (a complete hand with one tile changed), four-of-a-kinds, honors,
 * seven pairs with one broken, and some uniform deals. Returns the kind drawn. */
cli_sample_kind cli_sample_hard(mj_rng *g, const mj_rules *r, int lo, int hi, mj_hand *h);

/* Shrinks a failing hand: while some hand with fewer tiles, or the same tiles moved to
 * smaller kinds, still fails, takes it. fails(ctx, h) says whether the checker disagrees
 * with the truth on h. Writes the smallest found to *out. */
typedef bool (*cli_fails_fn)(void *ctx, const mj_hand *h);
void cli_shrink(const mj_hand *start, int kinds, cli_fails_fn fails, void *ctx, mj_hand *out);

/* Prints "counterexample for NAME: HAND (N tiles) truth ..., NAME said ..., decomposition"
 * to out. got is the checker's answer (0/1, or a kind set in waits mode). */
void cli_print_counterexample(FILE *out, const char *name, const mj_hand *h, const mj_rules *r, mj_verify_mode mode,
                              uint64_t got);

/* After a verify run: shrinks each unflagged candidate's smallest counterexample with the
 * candidate itself and prints it. */
void cli_shrink_report(FILE *out, const mj_verify_result *res, const mj_candidate *cands, const mj_rules *r);

/* check --exec CMD: starts CMD and registers it as the algorithm "exec", asked one hand at a
 * time (the protocol's batch of one); *algo becomes "exec" when the user gave no --algo. A
 * protocol failure later prints its line and exits 1. CLI_OK or CLI_FAIL. */
int cli_exec_setup(const char *cmd, const mj_rules *r, bool waits, const char **algo, const char *default_algo);

/* verify --exec CMD: every hand of size_min..size_max over tiles (9, 27, 34), then `sample`
 * hands of sample_sizes (default size_max+1..14) drawn by cli_sample_hard from seed, sent in
 * batches; prints labelled totals (exhaustive rows, SAMPLED rows) and the shrunk smallest
 * counterexample. CLI_OK when the program agrees with the truth everywhere. */
int cli_exec_verify(const char *cmd, const char *notation, const char *timeout, const char *batch, const char *sample,
                    const char *sample_sizes, const char *seed, int tiles, int size_min, int size_max,
                    const mj_rules *rules, mj_verify_mode mode);

#endif
