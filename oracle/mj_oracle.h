/* Exhaustive verification: every hand of the chosen sizes, judged by the ground truth and by
 * each candidate algorithm, in parallel, with deterministic totals and counterexamples. */
#ifndef MJ_ORACLE_H
#define MJ_ORACLE_H

#include <signal.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include "mj_error.h"
#include "mj_rules.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* The oracle never links the algorithms: a candidate is a name and two calls. The CLI
 * wraps each registered algorithm (with the registry's size window) in one of these. */
typedef struct {
    const char *name;
    bool flawed; /* expected to fail: reported, not an error */
    const void *ctx;
    bool (*is_win)(const void *ctx, const mj_hand *h, const mj_rules *r);
    mj_kindset (*waits)(const void *ctx, const mj_hand *h, const mj_rules *r); /* for mode waits */
    /* Optional, win mode: is_win on hands[0..n) at once, out[i] = 0 or 1, returning the
     * number of 1s. The oracle then hands out each run of hands that differ only in the
     * last group as one array instead of one call a hand. NULL: is_win a hand. Kept last,
     * so candidates filled by position get NULL. */
    size_t (*is_win_batch)(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out);
    /* Mode shanten: the hand's shanten (mj_shanten_truth.h); NULL with is_win set judges the
     * identity is_win(h) == (shanten(h) == -1) instead. Mode effective: the effective kinds and
     * (in *shanten_out) the shanten. Kept last, after is_win_batch, for the same reason. */
    int (*shanten)(const void *ctx, const mj_hand *h, const mj_rules *r);
    mj_kindset (*effective)(const void *ctx, const mj_hand *h, const mj_rules *r, int *shanten_out);
} mj_candidate;

/* win: is_win against the truth; waits: the kinds that complete the hand; shanten: the
 * distance to a complete hand (mj_shanten_truth.h); effective: the kinds that lower it. */
typedef enum { MJ_MODE_WIN = 0, MJ_MODE_WAITS = 1, MJ_MODE_SHANTEN = 2, MJ_MODE_EFFECTIVE = 3 } mj_verify_mode;

enum {
    MJ_ORACLE_MAX_CANDIDATES = 32,
    MJ_ORACLE_MAX_CEX = 16, /* counterexamples kept per list */
    MJ_ORACLE_NAME = 32
};

/* One hand an algorithm got wrong. rank is its place among the run's hands of that size
 * (enumeration order); truth and got are 0/1 in win mode, kind sets in waits mode, shanten + 1
 * in shanten mode (MJ_VERIFY_NOT_COMPLETE: an is_win said no to a complete hand), and the kind
 * set with shanten + 1 in bits 56-63 in effective mode. */
#define MJ_VERIFY_NOT_COMPLETE 0xfeu
#define MJ_VERIFY_SHANTEN_SHIFT 56
typedef struct {
    uint64_t rank;
    uint64_t truth, got;
    mj_hand hand;
} mj_counterexample;

/* hands judged; positives = hands the truth says win (or wait, in waits mode; are complete, in
 * shanten mode; have an effective kind, in effective mode); false_wins = the algorithm said win
 * where the truth did not (waits, effective: named a kind that is not one; shanten: a number
 * below the truth's); false_nonwins the reverse (a hand can count in both in waits mode). */
typedef struct {
    uint64_t hands, positives, mismatches, false_wins, false_nonwins;
    double seconds; /* a candidate: the time in its calls, summed over threads / threads (its
                       share of the wall time); the truth: the rest of the passes' wall time
                       (enumeration, hands written, truth, tallies) */
} mj_tally;

typedef struct {
    char name[MJ_ORACLE_NAME];
    bool flawed;
    mj_tally total, by_size[MJ_MAX_TILES + 1];
    uint32_t nfirst, nsmallest;
    mj_counterexample first[MJ_ORACLE_MAX_CEX];    /* the first in enumeration order (size, rank) */
    mj_counterexample smallest[MJ_ORACLE_MAX_CEX]; /* the smallest: fewest tiles, then sorted tile
                                                      list lexicographically first */
} mj_candidate_result;

/* Everything a run knows; it is also what a checkpoint holds. */
typedef struct {
    /* what was asked (the config hash covers all of this except shard) */
    int tiles;              /* 9 (one suit, m only), 27 or 34 */
    int size_min, size_max; /* 1..18 */
    mj_verify_mode mode;
    int cex_keep;           /* 0..MJ_ORACLE_MAX_CEX */
    mj_rules rules;
    uint32_t shard, shards; /* this is part shard of shards (0-based) */
    uint32_t ncands;
    uint64_t config_hash;
    /* where it stands: passes run in order, one per size (truth and every candidate) */
    uint32_t next_pass;
    uint64_t next_rank; /* hands of next_pass already done, counted from this shard's start */
    bool complete;
    /* what was found */
    mj_tally truth, truth_by_size[MJ_MAX_TILES + 1]; /* the truth; seconds: the enumeration's share */
    uint64_t wait_hist[MJ_MAX_TILES + 1][MJ_KINDS + 1]; /* waits mode: hands by number of waits;
                                                          shanten and effective: by shanten + 1 */
    mj_candidate_result cands[MJ_ORACLE_MAX_CANDIDATES];
    double seconds; /* wall time of all passes (summed over resumed runs) */
    int threads;    /* threads of the last run */
} mj_verify_result;

typedef struct {
    int size;
    const char *what; /* "truth" or the candidate's name */
    uint32_t pass, passes;
    uint64_t pass_done, pass_total; /* hands */
    double elapsed;  /* seconds since this run (not the resumed part) started */
    double rate;     /* hands per second in this pass */
    double eta;      /* seconds left for the whole run, estimated; < 0 when unknown */
    bool pass_end;   /* last call for this pass */
} mj_verify_progress;

typedef struct {
    int tiles;
    int size_min, size_max;
    mj_rules rules;
    mj_verify_mode mode;
    const mj_candidate *cands;
    uint32_t ncands;
    int threads;            /* 0: OpenMP's default */
    uint32_t shard, shards; /* shards 0 means 1 */
    int cex_keep;           /* 0 means 10 */
    /* Optional: where to save progress, how often (seconds, 0 means 30), and a flag that,
     * once set (e.g. by a SIGINT handler), makes the run save and return. */
    const char *checkpoint;
    double checkpoint_every;
    volatile sig_atomic_t *stop;
    /* Optional: called from the calling thread about twice a second. */
    void (*progress)(void *ctx, const mj_verify_progress *p);
    void *progress_ctx;
} mj_verify_config;

typedef enum { MJ_VERIFY_DONE = 0, MJ_VERIFY_STOPPED = 1, MJ_VERIFY_FAILED = 2 } mj_verify_outcome;

/* Fills res for a fresh run of cfg (checks cfg; MJ_ERR_BAD_RULES with a message when
 * something is out of range). */
mj_status mj_verify_prepare(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err);

/* The hash of everything in cfg that decides the results (not threads, shard index,
 * checkpoint or progress). */
uint64_t mj_verify_config_hash(const mj_verify_config *cfg);

/* Runs or resumes the verification in res (from mj_verify_prepare, or a checkpoint whose
 * config_hash and shard match cfg). Saves a checkpoint every checkpoint_every seconds, when
 * *stop becomes nonzero, and at the end. Returns DONE (res complete), STOPPED (res saved,
 * resumable), or FAILED (err says why: memory, checkpoint write, mismatched resume). */
mj_verify_outcome mj_verify_run(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err);

/* Merges shard results of one run into out: same config_hash and shards, each shard once,
 * all complete. MJ_ERR_BAD_RULES with a message otherwise. */
mj_status mj_verify_merge(const mj_verify_result *const *parts, size_t nparts, mj_verify_result *out,
                          mj_error *err);

/* How many hands of `size` tiles the tile set (9, 27, 34) has, and how many of them win
 * (mode win) or wait (mode waits) under r. Win mode multiplies per-group shape counts by
 * class; waits mode enumerates every hand (threads as in mj_verify_config). hist, if not
 * NULL, receives the hands by number of waits (waits mode only, MJ_KINDS + 1 entries). */
mj_status mj_oracle_count(int tiles, int size, const mj_rules *r, mj_verify_mode mode, int threads,
                          uint64_t *hands, uint64_t *positives, uint64_t *hist, mj_error *err);

/* The number of hands of `size` tiles over the tile set, without enumerating. */
uint64_t mj_oracle_hands(int tiles, int size);

/* ---- work units: mj_verify_run a piece at a time, for a transport (oracle/README.md, MPI) ----
 * A run has one pass per size: every hand of that size is enumerated once, decided by the
 * truth and judged by every candidate. A chunk is hands [from, from + count) of one pass,
 * counted from the shard's start. Any chunking of a pass, folded in any order, gives the same
 * totals and lists as mj_verify_run (the lists are top-K by a total order); folding in pass
 * order keeps res resumable. */
typedef struct {
    uint32_t pass;
    uint64_t from, count;
} mj_verify_chunk;

/* One candidate's share of a chunk. t.seconds: the time spent in its calls, summed over the
 * threads and divided by their number (its share of the chunk's wall time). */
typedef struct {
    mj_tally t;
    uint32_t nfirst, nsmallest;
    mj_counterexample first[MJ_ORACLE_MAX_CEX], smallest[MJ_ORACLE_MAX_CEX];
} mj_verify_part;

typedef struct {
    double seconds;               /* wall time of the chunk where it ran */
    mj_tally truth;               /* seconds: the chunk's wall time less the candidates' shares */
    uint64_t hist[MJ_KINDS + 1];  /* waits mode: hands by number of waits */
    uint32_t ncands;              /* parts used; a transport may send only those */
    uint32_t pad;
    mj_verify_part cand[MJ_ORACLE_MAX_CANDIDATES];
} mj_verify_chunk_result;

/* The bytes of r a transport must carry: the header and the parts in use. */
#define MJ_VERIFY_CHUNK_RESULT_BYTES(ncands) (offsetof(mj_verify_chunk_result, cand) + (size_t)(ncands) * sizeof(mj_verify_part))

typedef struct mj_verify_worker mj_verify_worker;

/* A worker for the run described by cfg and res (from mj_verify_prepare): its tables and
 * threads. NULL with err filled when memory runs out. */
mj_verify_worker *mj_verify_worker_new(const mj_verify_config *cfg, const mj_verify_result *res, mj_error *err);
void mj_verify_worker_free(mj_verify_worker *w);
/* Judges the chunk with the worker's OpenMP threads. poll, if not NULL, is called from the
 * calling thread between pieces of the chunk (a transport answers its peers there). */
void mj_verify_worker_run(mj_verify_worker *w, const mj_verify_chunk *c, mj_verify_chunk_result *out,
                          void (*poll)(void *ctx), void *poll_ctx);
/* Adds a chunk's result into res; a chunk that starts at res's position (next_pass,
 * next_rank) also moves it on (to the next pass at the pass's end). */
void mj_verify_fold(mj_verify_result *res, const mj_verify_chunk *c, const mj_verify_chunk_result *r);
/* What a pass judges, for a progress line: "truth", the one candidate's name, or "N algorithms"
 * (written into buf, cap bytes; returns buf). */
const char *mj_verify_what(const mj_verify_result *res, const mj_candidate *cands, char *buf, size_t cap);
/* Seconds of work a hand so far (every row's seconds over the hands judged), for a time left;
 * -1 before any hand. */
double mj_verify_seconds_per_hand(const mj_verify_result *res);
/* The run's passes (one per size) and the hands of one pass in res's shard. */
uint32_t mj_verify_passes(const mj_verify_result *res);
uint64_t mj_verify_pass_hands(const mj_verify_result *res, uint32_t pass);

MJ_API_END

#endif
