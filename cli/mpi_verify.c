/* mjverify-mpi: the verify run spread over Open MPI ranks. MPI only carries work units and
 * their results: rank 0 hands out chunks of passes on demand, folds the results in pass
 * order with the same mj_verify_fold the single-process run uses, and owns the checkpoint,
 * the progress line and the report; every rank judges its chunks with its OpenMP threads. */
#define _GNU_SOURCE /* sched_getaffinity: is this rank bound to fewer cores than its threads? */
#include <mpi.h>
#include <sched.h>
#include <omp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "mj_checkpoint.h"
#include "mpi_verify.h"

enum { TAG_WORK = 1, TAG_RESULT = 2 };

/* The wire: fixed structs sent as bytes, so every rank must run the same build on the same
 * kind of machine (the usual case for one mpirun). */
typedef struct {
    mj_verify_chunk c;
    uint64_t seq;
    uint32_t stop; /* 1: no more work, leave */
    uint32_t pad;
} wire_work;

typedef struct {
    uint64_t seq;
    double idle; /* the worker's seconds spent waiting for work so far */
    mj_verify_chunk_result r;
} wire_result;

/* A result travels with the parts of the run's candidates only (the rest of r is unused). */
static size_t wire_result_bytes(uint32_t ncands) { return offsetof(wire_result, r) + MJ_VERIFY_CHUNK_RESULT_BYTES(ncands); }

static int g_rank, g_size;
static bool g_in_verify, g_done;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void nap(void)
{
    /* Open MPI's blocking calls spin a core; on a shared node a short sleep between probes
     * leaves the cores to the ranks that work */
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
}

void cli_mpi_begin(int *argc, char ***argv)
{
    int provided = 0;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    /* errors come back as values, so a lost peer is reported by name below, not by a bare abort */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

int cli_mpi_end(int rc)
{
    if (g_in_verify && !g_done && g_size > 1) {
        fprintf(stderr, "mjverify: verify: rank %d stopped before the distributed run ended; stopping every rank\n",
                g_rank);
        MPI_Abort(MPI_COMM_WORLD, rc ? rc : 1);
    }
    MPI_Finalize();
    return rc;
}

/* mpirun binds each rank to one core by default when ranks <= 2: OpenMP threads then share
 * it. Said once per rank, since it halves the speed quietly otherwise. */
static void check_binding(int threads)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return;
    int cores = CPU_COUNT(&set);
    if (cores < threads)
        fprintf(stderr, "verify: rank %d runs %d threads on %d core%s it is bound to; start it with "
                        "mpirun --bind-to none (or --map-by slot:PE=%d)\n", g_rank, threads, cores, cores == 1 ? "" : "s",
                threads);
}

int cli_mpi_rank(void) { return g_rank; }
void cli_mpi_enter_verify(void) { g_in_verify = true; }

static _Noreturn void lost(int peer, int code, const char *what, const char *ckpt)
{
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    MPI_Error_string(code, msg, &len);
    fprintf(stderr, "mjverify: verify: rank %d: %s rank %d failed (%s); stopping the job%s%s\n", g_rank, what, peer, msg,
            ckpt ? "; the checkpoint keeps the finished chunks: " : "", ckpt ? ckpt : "");
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

/* Every rank must be judging the same run: the same flags give the same config hash. */
static void same_run(uint64_t hash)
{
    uint64_t lo = 0, hi = 0;
    int e = MPI_Allreduce(&hash, &lo, 1, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    if (e == MPI_SUCCESS) e = MPI_Allreduce(&hash, &hi, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (e != MPI_SUCCESS) lost(-1, e, "agreeing on the run with", NULL);
    if (lo != hi) {
        if (g_rank == 0)
            fprintf(stderr, "mjverify: verify: the ranks were given different runs (flags, algorithms or builds differ)\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

/* ---- ranks above 0 ---- */

int cli_mpi_worker(const mj_verify_config *cfg)
{
    mj_verify_result *res = malloc(sizeof *res);
    wire_result *out = malloc(sizeof *out);
    mj_error err;
    if (!res || !out || mj_verify_prepare(cfg, res, &err) != MJ_OK) {
        fprintf(stderr, "mjverify: verify: rank %d: %s\n", g_rank, res && out ? err.message : "out of memory");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    same_run(res->config_hash);
    mj_verify_worker *w = mj_verify_worker_new(cfg, res, &err);
    if (!w) {
        fprintf(stderr, "mjverify: verify: rank %d: %s\n", g_rank, err.message);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    check_binding(cfg->threads > 0 ? cfg->threads : omp_get_max_threads());
    double idle = 0;
    for (;;) {
        wire_work in;
        int flag = 0, e;
        double t0 = now();
        while ((e = MPI_Iprobe(0, TAG_WORK, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE)) == MPI_SUCCESS && !flag) nap();
        idle += now() - t0;
        if (e == MPI_SUCCESS) e = MPI_Recv(&in, sizeof in, MPI_BYTE, 0, TAG_WORK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (e != MPI_SUCCESS) lost(0, e, "waiting for work from", NULL);
        if (in.stop) {
            /* the coordinator's last word: how long this rank waited for work, end included */
            if ((e = MPI_Gather(&idle, 1, MPI_DOUBLE, NULL, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD)) != MPI_SUCCESS)
                lost(0, e, "reporting to", NULL);
            break;
        }
        mj_verify_worker_run(w, &in.c, &out->r, NULL, NULL);
        out->seq = in.seq;
        out->idle = idle;
        e = MPI_Send(out, (int)wire_result_bytes(res->ncands), MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
        if (e != MPI_SUCCESS) lost(0, e, "sending a result to", NULL);
    }
    mj_verify_worker_free(w);
    free(res);
    free(out);
    g_done = true;
    return CLI_OK;
}

/* ---- rank 0 ---- */

/* A chunk handed out and, once its result is in, waiting to be folded in pass order. */
typedef struct {
    mj_verify_chunk c;
    int rank;
    bool done;
    mj_verify_chunk_result r;
} slot;

typedef struct {
    uint64_t batch;    /* hands per chunk: the rank's measured speed times the target chunk time */
    int inflight;
    uint64_t hands;    /* judged so far in this run */
    uint64_t chunks;
    double busy, idle; /* seconds judging; seconds a worker waited for work (it says) */
} rank_state;

typedef struct {
    const mj_verify_config *cfg;
    mj_verify_result *res;
    uint32_t passes;
    int nranks;
    rank_state *rk;
    slot *ring;
    uint64_t cap, head, tail;  /* slots head..tail-1 are out; head is the next to fold */
    uint32_t hp;               /* hand-out position */
    uint64_t hr;
    bool draining;             /* stop asked: hand out nothing more */
    wire_result *in;
    double start, seconds0, last_save, last_show, last_line, every, target;
    uint64_t shown_hands;
    double shown_at, rate;
    /* coordination cost */
    uint64_t msgs, bytes;
    double t_mpi, t_idle;
    bool failed;
    mj_error *err;
    bool tty;
} coord;

static uint64_t pass_total(coord *k, uint32_t pass) { return mj_verify_pass_hands(k->res, pass); }

/* The next chunk for rank r at the hand-out position, sized for it; false when none is left. */
static bool next_chunk(coord *k, int r, mj_verify_chunk *c)
{
    if (k->draining || k->tail - k->head >= k->cap) return false;
    while (k->hp < k->passes && k->hr >= pass_total(k, k->hp)) {
        k->hp++;
        k->hr = 0;
    }
    if (k->hp >= k->passes) return false;
    uint64_t left = pass_total(k, k->hp) - k->hr, b = k->rk[r].batch;
    /* guided near the end: the last chunks shrink so that no rank finishes long after the others */
    uint64_t rest = left;
    for (uint32_t q = k->hp + 1; q < k->passes && rest < b * (uint64_t)k->nranks * 4; q++) rest += pass_total(k, q);
    uint64_t guided = rest / (4 * (uint64_t)k->nranks);
    if (guided < 4096) guided = 4096;
    if (b > guided) b = guided;
    c->pass = k->hp;
    c->from = k->hr;
    c->count = b < left ? b : left;
    k->hr += c->count;
    slot *s = &k->ring[k->tail % k->cap];
    s->c = *c;
    s->rank = r;
    s->done = false;
    k->tail++;
    k->rk[r].inflight++;
    return true;
}

/* The position of res past any pass the shard holds no hands of. */
static void skip_empty(coord *k)
{
    while (k->res->next_pass < k->passes && k->res->next_rank == 0 && pass_total(k, k->res->next_pass) == 0)
        k->res->next_pass++;
}

static void save(coord *k)
{
    if (!k->cfg->checkpoint || k->failed) return;
    k->res->seconds = k->seconds0 + (now() - k->start);
    if (mj_checkpoint_save(k->cfg->checkpoint, k->res, k->err) != MJ_OK) k->failed = true;
    k->last_save = now();
}

static void finish_chunk(coord *k, uint64_t seq, const mj_verify_chunk_result *r)
{
    slot *s = &k->ring[seq % k->cap];
    rank_state *q = &k->rk[s->rank];
    memcpy(&s->r, r, MJ_VERIFY_CHUNK_RESULT_BYTES(k->res->ncands));
    s->done = true;
    q->inflight--;
    q->hands += s->c.count;
    q->chunks++;
    q->busy += r->seconds;
    /* aim every chunk at the target time (the coordinator then costs a fixed, tiny share):
     * the speed just seen, moving at most 4x a chunk */
    uint64_t *b = &q->batch;
    double want = (double)s->c.count / (r->seconds > 1e-4 ? r->seconds : 1e-4) * k->target;
    double lo = (double)*b / 4 > 4096 ? (double)*b / 4 : 4096, hi = (double)*b * 4;
    if (s->c.count >= *b / 2) *b = (uint64_t)(want < lo ? lo : want > hi ? hi : want);
    while (k->head < k->tail && k->ring[k->head % k->cap].done) {
        slot *h = &k->ring[k->head % k->cap];
        mj_verify_fold(k->res, &h->c, &h->r);
        skip_empty(k);
        k->head++;
    }
}

static void fmt_duration(double s, char *buf, size_t cap)
{
    if (s < 0) snprintf(buf, cap, "?");
    else if (s < 60) snprintf(buf, cap, "%.0fs", s);
    else if (s < 3600) snprintf(buf, cap, "%dm%02ds", (int)(s / 60), (int)s % 60);
    else snprintf(buf, cap, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
}

/* Whole-job rate, each rank's share of the hands, and time left from each kind of pass's
 * measured cost (rank-seconds per hand) spread over the ranks. */
static void progress(coord *k, bool force)
{
    double t = now();
    if (!force && t - k->last_show < 0.5) return;
    mj_verify_result *res = k->res;
    uint64_t total = 0;
    for (int r = 0; r < k->nranks; r++) total += k->rk[r].hands;
    /* the rate over at least 5 s: chunks end in bursts */
    if (t - k->shown_at >= 5 || (force && t > k->shown_at)) {
        k->rate = (double)(total - k->shown_hands) / (t - k->shown_at);
        k->shown_hands = total;
        k->shown_at = t;
    }
    double rate = k->rate;
    k->last_show = t;
    if (!force && !k->tty && t - k->last_line < 10) return;
    k->last_line = t;
    /* every remaining hand at the rank-seconds per hand of those folded so far */
    double sec = mj_verify_seconds_per_hand(res), eta = sec < 0 ? -1 : 0;
    for (uint32_t q = res->next_pass; q < k->passes && eta >= 0; q++)
        eta += sec * (double)(pass_total(k, q) - (q == res->next_pass ? res->next_rank : 0)) / k->nranks;
    if (t - k->start < 2) eta = -1;
    char share[256] = "", el[32], left[32];
    size_t u = 0;
    for (int r = 0; r < k->nranks && r < 8; r++)
        u += (size_t)snprintf(share + u, sizeof share - u, " r%d %.0f%%", r,
                              total ? 100.0 * (double)k->rk[r].hands / (double)total : 0.0);
    if (k->nranks > 8 && u < sizeof share) snprintf(share + u, sizeof share - u, " ...");
    fmt_duration(t - k->start, el, sizeof el);
    fmt_duration(eta, left, sizeof left);
    uint32_t p = res->next_pass < k->passes ? res->next_pass : k->passes - 1;
    char what[MJ_ORACLE_NAME];
    mj_verify_what(res, k->cfg->cands, what, sizeof what);
    fprintf(stderr, "%sverify[mpi %d ranks]: pass %u/%u size %d %s | %.3g hands/s | share%s | elapsed %s | left %s%s",
            k->tty ? "\r\033[K" : "", k->nranks, p + 1, k->passes, res->size_min + (int)p,
            what, rate, share, el, left, k->tty && !force ? "" : "\n");
    fflush(stderr);
}

static void hand_out(coord *k, int r)
{
    mj_verify_chunk c;
    while (k->rk[r].inflight < 2 && next_chunk(k, r, &c)) {
        wire_work w = {.c = c, .seq = k->tail - 1};
        int e = MPI_Send(&w, sizeof w, MPI_BYTE, r, TAG_WORK, MPI_COMM_WORLD);
        if (e != MPI_SUCCESS) lost(r, e, "sending work to", k->cfg->checkpoint);
        k->msgs++;
        k->bytes += sizeof w;
    }
}

/* Takes every result that has arrived and refills those workers; saves and shows progress
 * when due. Runs on rank 0's calling thread, also between pieces of its own chunks. */
static void poll_once(void *ctx)
{
    coord *k = ctx;
    double t0 = now();
    for (;;) {
        int flag = 0;
        MPI_Status st;
        int e = MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, &st);
        if (e != MPI_SUCCESS) lost(-1, e, "listening for results; a", k->cfg->checkpoint);
        if (!flag) break;
        e = MPI_Recv(k->in, sizeof *k->in, MPI_BYTE, st.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (e != MPI_SUCCESS) lost(st.MPI_SOURCE, e, "receiving a result from", k->cfg->checkpoint);
        k->msgs++;
        k->bytes += wire_result_bytes(k->res->ncands);
        k->rk[st.MPI_SOURCE].idle = k->in->idle;
        finish_chunk(k, k->in->seq, &k->in->r);
    }
    /* refill every worker short of work: a fold may have freed room in the window for ranks
     * that found none when their last result came in */
    for (int r = 1; r < k->nranks; r++)
        if (k->rk[r].inflight < 2) hand_out(k, r);
    if (k->cfg->stop && *k->cfg->stop && !k->draining) {
        k->draining = true;
        save(k); /* at once: mpirun may kill every rank soon after the signal */
    }
    k->t_mpi += now() - t0;
    if (now() - k->last_save >= k->every) save(k);
    if (k->cfg->progress) progress(k, false);
}

mj_verify_outcome cli_mpi_run(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err)
{
    same_run(res->config_hash);
    coord k = {.cfg = cfg, .res = res, .passes = mj_verify_passes(res), .nranks = g_size, .err = err,
               .tty = isatty(2) != 0};
    const char *tgt = getenv("MJVERIFY_MPI_CHUNK_SECONDS");
    k.target = tgt && atof(tgt) > 0 ? atof(tgt) : 0.5;
    k.cap = 8 * (uint64_t)g_size + 8;
    k.rk = calloc((size_t)g_size, sizeof *k.rk);
    k.ring = calloc(k.cap, sizeof *k.ring);
    k.in = malloc(sizeof *k.in);
    mj_verify_worker *w = mj_verify_worker_new(cfg, res, err);
    if (!k.rk || !k.ring || !k.in || !w) {
        if (w || !k.rk || !k.ring || !k.in) snprintf(err->message, sizeof err->message, "out of memory preparing the run");
        free(k.rk), free(k.ring), free(k.in), mj_verify_worker_free(w);
        return MJ_VERIFY_FAILED;
    }
    uint32_t shards = cfg->shards ? cfg->shards : 1;
    if (res->config_hash != mj_verify_config_hash(cfg) || res->shard != cfg->shard || res->shards != shards) {
        snprintf(err->message, sizeof err->message, "the saved state belongs to a different run");
        k.failed = true;
    }
    for (int r = 0; r < g_size; r++) k.rk[r].batch = 1u << 14;
    res->threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    check_binding(res->threads);
    k.start = k.last_save = k.shown_at = now();
    k.seconds0 = res->seconds;
    k.every = cfg->checkpoint_every > 0 ? cfg->checkpoint_every : 30;
    skip_empty(&k);
    k.hp = res->next_pass;
    k.hr = res->next_rank;
    for (int r = 1; r < g_size && !k.failed; r++) hand_out(&k, r);
    mj_verify_chunk c;
    while (!k.failed) {
        poll_once(&k);
        if (k.failed) break;
        if (!k.draining && next_chunk(&k, 0, &c)) { /* rank 0 works too, answering its peers between pieces */
            uint64_t seq = k.tail - 1;
            mj_verify_worker_run(w, &c, &k.in->r, poll_once, &k);
            finish_chunk(&k, seq, &k.in->r);
            continue;
        }
        if (k.head == k.tail) break; /* nothing out, nothing left (or stopping) */
        double t0 = now();
        int flag = 0;
        while (MPI_Iprobe(MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS && !flag &&
               !(cfg->stop && *cfg->stop && !k.draining))
            nap();
        k.t_idle += now() - t0;
    }
    /* every result is in (or the run failed): release the workers */
    for (int r = 1; r < g_size; r++) {
        wire_work stop = {.stop = 1};
        if (MPI_Send(&stop, sizeof stop, MPI_BYTE, r, TAG_WORK, MPI_COMM_WORLD) == MPI_SUCCESS) {
            k.msgs++;
            k.bytes += sizeof stop;
        }
    }
    double *idles = calloc((size_t)g_size, sizeof *idles), zero = 0;
    if (!idles) {
        fprintf(stderr, "mjverify: verify: rank 0: out of memory at the end of the run\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (MPI_Gather(&zero, 1, MPI_DOUBLE, idles, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD) == MPI_SUCCESS && idles)
        for (int r = 1; r < g_size; r++) k.rk[r].idle = idles[r];
    free(idles);
    mj_verify_outcome o = k.failed ? MJ_VERIFY_FAILED : k.draining && res->next_pass < k.passes ? MJ_VERIFY_STOPPED
                                                                                               : MJ_VERIFY_DONE;
    res->seconds = k.seconds0 + (now() - k.start);
    if (o == MJ_VERIFY_DONE) res->complete = true;
    if (o != MJ_VERIFY_FAILED && cfg->checkpoint && mj_checkpoint_save(cfg->checkpoint, res, err) != MJ_OK)
        o = MJ_VERIFY_FAILED;
    if (cfg->progress) progress(&k, true);
    /* the cost of coordination, for docs/scale.md */
    uint64_t chunks = 0;
    for (int r = 0; r < g_size; r++) chunks += k.rk[r].chunks;
    double wall = now() - k.start;
    fprintf(stderr, "verify[mpi]: %d ranks, %llu chunks in %.2f s; %llu messages, %llu bytes; coordinator: %.4f s in "
                    "MPI calls (%.1f us per chunk), %.3f s idle waiting for results\n",
            g_size, (unsigned long long)chunks, wall, (unsigned long long)k.msgs, (unsigned long long)k.bytes, k.t_mpi,
            chunks ? 1e6 * k.t_mpi / (double)chunks : 0.0, k.t_idle);
    uint64_t all = 0;
    for (int r = 0; r < g_size; r++) all += k.rk[r].hands;
    for (int r = 0; r < g_size; r++)
        fprintf(stderr, "verify[mpi]: rank %d: %llu chunks, %llu hands (%.1f%%), %.2f s judging, %.3f s %s\n", r,
                (unsigned long long)k.rk[r].chunks, (unsigned long long)k.rk[r].hands,
                all ? 100.0 * (double)k.rk[r].hands / (double)all : 0.0, k.rk[r].busy, r ? k.rk[r].idle : k.t_idle,
                r ? "waiting for work" : "waiting for results with no chunk of its own");
    const char *stats = getenv("MJVERIFY_MPI_STATS");
    cli_out out;
    if (stats && cli_out_open(&out, "verify", "MJVERIFY_MPI_STATS", stats, CLI_OUT_REPLACE)) {
        FILE *f = out.f;
        fprintf(f, "{\"ranks\":%d,\"threads\":%d,\"chunks\":%llu,\"wall\":%.4f,\"messages\":%llu,\"bytes\":%llu,"
                   "\"coordinator_mpi_seconds\":%.6f,\"coordinator_idle_seconds\":%.6f,\"chunk_target_seconds\":%.3f,"
                   "\"per_rank\":[",
                g_size, res->threads, (unsigned long long)chunks, wall, (unsigned long long)k.msgs,
                (unsigned long long)k.bytes, k.t_mpi, k.t_idle, k.target);
        for (int r = 0; r < g_size; r++)
            fprintf(f, "%s{\"rank\":%d,\"chunks\":%llu,\"hands\":%llu,\"busy\":%.4f,\"idle\":%.4f}", r ? "," : "", r,
                    (unsigned long long)k.rk[r].chunks, (unsigned long long)k.rk[r].hands, k.rk[r].busy,
                    r ? k.rk[r].idle : k.t_idle);
        fputs("]}\n", f);
        cli_out_close(&out); /* a failure is reported; the statistics are not the run's result */
    }
    free(k.rk), free(k.ring), free(k.in);
    mj_verify_worker_free(w);
    g_done = true;
    return o;
}
