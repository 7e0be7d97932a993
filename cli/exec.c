/* --exec CMD: a checker in any language, started once and fed batches of hands over a pipe
 * (the line protocol is in README.md, "Your own checker"), with a time-out and one clear line
 * when it answers garbage, too few lines, or dies. verify --exec judges it exhaustively up to
 * a size and on a seeded sample of larger hands weighted towards the hard ones. */
#include "plugin.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mj_shanten.h"
#include "mj_truth.h"

/* The shanten modes (issue 30), beside mj_verify_mode's win and waits. */
typedef enum { EXEC_WIN_OR_WAITS = 0, EXEC_SHANTEN, EXEC_EFFECTIVE } exec_question;

/* An answer in shanten mode: shanten + 1 in bits 40..47; in effective mode the kinds too, below. */
#define EXEC_SHANTEN_SHIFT 40

typedef struct {
    const char *cmd;
    pid_t pid;
    int to_child, from_child;
    mj_notation notation;
    exec_question question;
    mj_verify_mode mode;
    mj_rules rules;
    double timeout;
    char *in;         /* answers read but not yet consumed */
    size_t in_len, in_cap;
    unsigned long answered; /* lines answered so far, for messages */
} exec_child;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int exec_start(exec_child *c)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        fprintf(stderr, "mjverify: --exec: cannot make a pipe: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    signal(SIGPIPE, SIG_IGN); /* a dead child shows up as EPIPE, reported below */
    fflush(NULL);
    c->pid = fork();
    if (c->pid < 0) {
        fprintf(stderr, "mjverify: --exec: cannot fork: %s\n", strerror(errno));
        return CLI_FAIL;
    }
    if (c->pid == 0) {
        setpgid(0, 0); /* its own group: a time-out kills the program and whatever it started */
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", c->cmd, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    c->to_child = in[1];
    c->from_child = out[0];
    fcntl(c->to_child, F_SETFL, O_NONBLOCK);
    fcntl(c->from_child, F_SETFL, O_NONBLOCK);
    char forms[64], head[256];
    mj_forms_format(c->rules.forms, forms, sizeof forms);
    const char *mode = c->question == EXEC_SHANTEN     ? "shanten"
                     : c->question == EXEC_EFFECTIVE ? "effective"
                     : c->mode == MJ_MODE_WAITS      ? "waits"
                                                     : "win";
    int n = snprintf(head, sizeof head, "# mjverify exec 1 mode=%s rules=%s forms=%s kinds=%d notation=%s\n",
                     mode, c->rules.name, forms, c->rules.kinds,
                     mj_notation_name(c->notation));
    (void)!write(c->to_child, head, (size_t)n); /* fits the pipe; a dead child is caught on the first batch */
    return CLI_OK;
}

/* The child's fate, for messages: "exited with status 1", "was killed by signal 9", or
 * "is still running" (and then it is killed). */
static void child_fate(exec_child *c, char *buf, size_t cap)
{
    int st;
    pid_t w = 0;
    for (int i = 0; i < 50 && (w = waitpid(c->pid, &st, WNOHANG)) == 0; i++) nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
    if (w == 0) {
        kill(-c->pid, SIGKILL);
        waitpid(c->pid, &st, 0);
        snprintf(buf, cap, "was still running (killed now)");
    } else if (w < 0) snprintf(buf, cap, "is gone");
    else if (WIFEXITED(st)) snprintf(buf, cap, "exited with status %d", WEXITSTATUS(st));
    else snprintf(buf, cap, "was killed by signal %d", WTERMSIG(st));
    c->pid = -1;
}

static void exec_stop(exec_child *c)
{
    if (c->to_child >= 0) close(c->to_child);
    if (c->from_child >= 0) close(c->from_child);
    c->to_child = c->from_child = -1;
    if (c->pid > 0) {
        int st;
        pid_t w = 0;
        for (int i = 0; i < 100 && (w = waitpid(c->pid, &st, WNOHANG)) == 0; i++) nanosleep(&(struct timespec){.tv_nsec = 10000000}, NULL);
        if (w == 0) kill(-c->pid, SIGKILL), waitpid(c->pid, &st, 0);
        c->pid = -1;
    }
    free(c->in);
    c->in = NULL;
}

/* Parses one answer line into *out; false on garbage. */
static bool parse_answer(const exec_child *c, char *line, uint64_t *out)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t')) line[--n] = 0;
    while (*line == ' ' || *line == '\t') line++;
    if (c->question != EXEC_WIN_OR_WAITS) {
        /* "S" (shanten), or "S KINDS" with the effective kinds in mpsz or - (effective) */
        char *end;
        long v = strtol(line, &end, 10);
        if (end == line || v < -1 || v > 13) return false;
        uint64_t got = (uint64_t)(v + 1) << EXEC_SHANTEN_SHIFT;
        if (c->question == EXEC_SHANTEN) return *end == 0 && (*out = got, true);
        if (*end != ' ' && *end != '\t') return false;
        while (*end == ' ' || *end == '\t') end++;
        if (strcmp(end, "-") != 0) {
            mj_hand h;
            if (mj_parse(end, strlen(end), MJ_NOTATION_MPSZ, c->rules.kinds, &h, NULL) != MJ_OK) return false;
            for (int k = 0; k < MJ_KINDS; k++) {
                if (h.count[k] > 1) return false;
                if (h.count[k]) got |= (uint64_t)1 << k;
            }
        }
        return *out = got, true;
    }
    if (c->mode == MJ_MODE_WIN) {
        if (strcmp(line, "win") == 0) return *out = 1, true;
        if (strcmp(line, "no") == 0) return *out = 0, true;
        return false;
    }
    if (strcmp(line, "-") == 0) return *out = 0, true;
    mj_hand h;
    if (mj_parse(line, strlen(line), MJ_NOTATION_MPSZ, c->rules.kinds, &h, NULL) != MJ_OK) return false;
    uint64_t set = 0;
    for (int k = 0; k < MJ_KINDS; k++) {
        if (h.count[k] > 1) return false;
        if (h.count[k]) set |= (uint64_t)1 << k;
    }
    return *out = set, true;
}

/* Sends hands[0..n) and reads n answers into got. CLI_OK, or CLI_FAIL with one line printed. */
static int exec_batch(exec_child *c, const mj_hand *hands, size_t n, uint64_t *got)
{
    size_t cap = n * (MJ_FORMAT_CAP + 1) + 2, len = 0, sent = 0, done = 0;
    char *out = malloc(cap);
    if (!out) return CLI_FAIL;
    for (size_t i = 0; i < n; i++) {
        if (mj_format(&hands[i], c->notation, out + len, cap - len) != MJ_OK) {
            fprintf(stderr, "mjverify: --exec: notation %s cannot write a hand of this tile set\n", mj_notation_name(c->notation));
            free(out);
            return CLI_FAIL;
        }
        len += strlen(out + len);
        out[len++] = '\n';
    }
    out[len++] = '\n'; /* an empty line ends the batch: the program flushes its answers */
    double last = now();
    int rc = CLI_OK;
    char fate[64], shown[MJ_FORMAT_CAP];
    while (done < n) {
        struct pollfd p[2] = {{.fd = c->from_child, .events = POLLIN}, {.fd = c->to_child, .events = POLLOUT}};
        int np = sent < len ? 2 : 1;
        int wait_ms = (int)((c->timeout - (now() - last)) * 1000);
        if (wait_ms <= 0 || poll(p, (nfds_t)np, wait_ms) == 0) {
            mj_format(&hands[done], MJ_NOTATION_MPSZ, shown, sizeof shown);
            fprintf(stderr, "mjverify: --exec '%s': no answer for %.0f s (time-out) after %zu of a batch of %zu hands; "
                            "waiting on %s\n", c->cmd, c->timeout, done, n, shown);
            kill(-c->pid, SIGKILL);
            rc = CLI_FAIL;
            break;
        }
        if (np == 2 && (p[1].revents & (POLLOUT | POLLERR))) {
            ssize_t w = write(c->to_child, out + sent, len - sent);
            if (w > 0) sent += (size_t)w, last = now();
            else if (w < 0 && errno != EAGAIN) {
                child_fate(c, fate, sizeof fate);
                fprintf(stderr, "mjverify: --exec '%s' stopped reading its input (it %s) after answering %lu hands\n",
                        c->cmd, fate, c->answered);
                rc = CLI_FAIL;
                break;
            }
        }
        if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
            if (c->in_cap - c->in_len < 65536) {
                c->in_cap = c->in_cap * 2 + 65536;
                char *grown = realloc(c->in, c->in_cap);
                if (!grown) {
                    rc = CLI_FAIL;
                    break;
                }
                c->in = grown;
            }
            ssize_t r = read(c->from_child, c->in + c->in_len, c->in_cap - c->in_len - 1);
            if (r == 0 || (r < 0 && errno != EAGAIN)) {
                child_fate(c, fate, sizeof fate);
                fprintf(stderr, "mjverify: --exec '%s' answered too few lines: %zu of a batch of %zu hands (%lu in all), then "
                                "its output ended (it %s)\n", c->cmd, done, n, c->answered, fate);
                rc = CLI_FAIL;
                break;
            }
            if (r > 0) c->in_len += (size_t)r, last = now();
            /* take every whole line */
            size_t start = 0;
            for (size_t i = 0; i < c->in_len && done < n; i++) {
                if (c->in[i] != '\n') continue;
                c->in[i] = 0;
                char *line = c->in + start;
                start = i + 1;
                if (!parse_answer(c, line, &got[done])) {
                    mj_format(&hands[done], MJ_NOTATION_MPSZ, shown, sizeof shown);
                    fprintf(stderr, "mjverify: --exec '%s' answered '%.40s' (its output line %lu) to %s: expected %s\n",
                            c->cmd, line, c->answered + 1, shown,
                            c->question == EXEC_SHANTEN     ? "a shanten number (-1 to 13)"
                            : c->question == EXEC_EFFECTIVE ? "the shanten number, a space, the effective kinds in mpsz or -"
                            : c->mode == MJ_MODE_WIN        ? "win or no"
                                                            : "the waits in mpsz (e.g. 14m) or -");
                    kill(-c->pid, SIGKILL);
                    rc = CLI_FAIL;
                    break;
                }
                done++;
                c->answered++;
            }
            if (rc != CLI_OK) break;
            memmove(c->in, c->in + start, c->in_len - start);
            c->in_len -= start;
        }
    }
    free(out);
    return rc;
}

/* ---- the exhaustive part: every hand of a size, in kind order ---- */

typedef struct {
    exec_child *c;
    mj_hand *batch;
    uint64_t *got;
    size_t n, cap;
    int kinds;
    bool failed;
    /* tallies of the current part */
    uint64_t hands, positives, mismatches, false_wins, false_nonwins;
    bool have_cex;
    mj_hand cex; /* the smallest failing hand met so far (fewest tiles, then first) */
    double seconds;
} exec_run;

static uint64_t truth_of(const exec_child *c, const mj_hand *h)
{
    return c->mode == MJ_MODE_WAITS ? mj_truth_waits(h, &c->rules) : (uint64_t)mj_truth_is_win(h, &c->rules);
}

static void flush_batch(exec_run *x)
{
    if (x->failed || !x->n) return;
    if (exec_batch(x->c, x->batch, x->n, x->got) != CLI_OK) {
        x->failed = true;
        return;
    }
    for (size_t i = 0; i < x->n; i++) {
        uint64_t t = truth_of(x->c, &x->batch[i]);
        x->hands++;
        x->positives += t != 0;
        if (t == x->got[i]) continue;
        x->mismatches++;
        if (x->got[i] & ~t) x->false_wins++;
        if (t & ~x->got[i]) x->false_nonwins++;
        if (!x->have_cex || x->batch[i].tiles < x->cex.tiles) x->cex = x->batch[i], x->have_cex = true;
    }
    x->n = 0;
}

static void push(exec_run *x, const mj_hand *h)
{
    x->batch[x->n++] = *h;
    if (x->n == x->cap) flush_batch(x);
}

static void enumerate(exec_run *x, mj_hand *h, int kind, int left)
{
    if (x->failed) return;
    if (left == 0) {
        push(x, h);
        return;
    }
    if (kind == x->kinds) return;
    for (int c = left < MJ_MAX_COPIES ? left : MJ_MAX_COPIES; c >= 0; c--) {
        h->count[kind] = (uint8_t)c;
        enumerate(x, h, kind + 1, left - c);
    }
    h->count[kind] = 0;
}

static bool exec_fails(void *ctx, const mj_hand *h)
{
    exec_run *x = ctx;
    uint64_t got;
    if (x->failed || exec_batch(x->c, h, 1, &got) != CLI_OK) {
        x->failed = true;
        return false;
    }
    return got != truth_of(x->c, h);
}

static void print_part(const char *label, const exec_run *x)
{
    printf("%-44s %13llu %12llu %12llu %14llu %9.1f\n", label, (unsigned long long)x->hands,
           (unsigned long long)x->mismatches, (unsigned long long)x->false_wins, (unsigned long long)x->false_nonwins,
           x->seconds);
}

int cli_exec_verify(const char *cmd, const char *notation_s, const char *timeout_s, const char *batch_s,
                    const char *sample_s, const char *sample_sizes_s, const char *seed_s, int tiles, int size_min,
                    int size_max, const mj_rules *rules, mj_verify_mode mode)
{
    exec_child c = {.cmd = cmd, .pid = -1, .to_child = -1, .from_child = -1, .mode = mode, .rules = *rules};
    unsigned long timeout, batch, sample = 0, seed = 20261123, lo = 0, hi = 0;
    c.notation = mj_notation_from_name(notation_s);
    if (c.notation == MJ_NOTATION_COUNT || c.notation == MJ_NOTATION_AUTO)
        return cli_usage_error("verify", "--exec-notation takes mpsz, letters, hex or unicode, not '%s'", notation_s);
    if (!cli_parse_uint(timeout_s, 86400, &timeout) || timeout == 0)
        return cli_usage_error("verify", "--exec-timeout takes seconds 1..86400, not '%s'", timeout_s);
    if (!cli_parse_uint(batch_s, 1000000, &batch) || batch == 0)
        return cli_usage_error("verify", "--batch takes 1..1000000, not '%s'", batch_s);
    if (sample_s && !cli_parse_uint(sample_s, 1000000000000UL, &sample))
        return cli_usage_error("verify", "--sample takes a number of hands, not '%s'", sample_s);
    if (seed_s && !cli_parse_uint(seed_s, (unsigned long)-1, &seed))
        return cli_usage_error("verify", "--seed takes a whole number, not '%s'", seed_s);
    if (sample && tiles == 9) return cli_usage_error("verify", "--sample draws from 27 or 34 kinds: give --tiles 27 or 34");
    if (sample) {
        char buf[32];
        snprintf(buf, sizeof buf, "%s", sample_sizes_s ? sample_sizes_s : "");
        char *dash = strchr(buf, '-');
        if (dash) *dash = 0;
        if (!sample_sizes_s) lo = (unsigned long)size_max + 1, hi = 14;
        else if (!cli_parse_uint(buf, MJ_MAX_TILES, &lo) || lo < 1 ||
                 !cli_parse_uint(dash ? dash + 1 : buf, MJ_MAX_TILES, &hi) || hi < lo)
            return cli_usage_error("verify", "--sample-sizes takes N or A-B within 1..18, not '%s'", sample_sizes_s);
        if (lo > hi) return cli_usage_error("verify", "--sample: no sizes above --sizes %d to sample; give --sample-sizes", size_max);
    }
    c.timeout = (double)timeout;
    if (mj_truth_init() != 0 || mj_algos_init() != 0) return CLI_FAIL;
    if (exec_start(&c) != CLI_OK) return CLI_FAIL;
    exec_run x = {.c = &c, .cap = batch, .kinds = tiles == 9 ? MJ_SUIT_SIZE : tiles};
    x.batch = malloc(batch * sizeof *x.batch);
    x.got = malloc(batch * sizeof *x.got);
    if (!x.batch || !x.got) return CLI_FAIL;
    printf("%-44s %13s %12s %12s %14s %9s\n", "part", "hands", "mismatches", "false wins", "false non-wins", "seconds");
    bool any_cex = false;
    mj_hand cex = {0};
    uint64_t mismatches = 0;
    for (int size = size_min; size <= size_max && !x.failed; size++) {
        exec_run part = x;
        double t0 = now();
        mj_hand h = {0};
        h.tiles = (uint8_t)size;
        enumerate(&part, &h, 0, size);
        flush_batch(&part);
        part.seconds = now() - t0;
        x.failed = part.failed;
        if (x.failed) break;
        char label[64];
        snprintf(label, sizeof label, "exhaustive: every %d-tile hand", size);
        print_part(label, &part);
        fflush(stdout);
        mismatches += part.mismatches;
        if (part.have_cex && (!any_cex || part.cex.tiles < cex.tiles)) cex = part.cex, any_cex = true;
    }
    if (sample && !x.failed) {
        mj_rng g = {seed};
        exec_run by[SAMPLE_KINDS];
        for (int k = 0; k < SAMPLE_KINDS; k++) by[k] = x;
        double t0 = now();
        /* hands are drawn in batches; each batch is tallied by the kind each hand was drawn as */
        cli_sample_kind *kind = malloc(batch * sizeof *kind);
        exec_run all = x;
        for (unsigned long done = 0; done < sample && !all.failed;) {
            size_t n = sample - done < batch ? (size_t)(sample - done) : batch;
            for (size_t i = 0; i < n; i++) kind[i] = cli_sample_hard(&g, rules, (int)lo, (int)hi, &all.batch[i]);
            if (exec_batch(&c, all.batch, n, all.got) != CLI_OK) {
                all.failed = true;
                break;
            }
            for (size_t i = 0; i < n; i++) {
                exec_run *b = &by[kind[i]];
                uint64_t t = truth_of(&c, &all.batch[i]);
                b->hands++;
                if (t == all.got[i]) continue;
                b->mismatches++;
                if (all.got[i] & ~t) b->false_wins++;
                if (t & ~all.got[i]) b->false_nonwins++;
                if (!any_cex || all.batch[i].tiles < cex.tiles) cex = all.batch[i], any_cex = true;
            }
            done += n;
        }
        free(kind);
        x.failed = all.failed;
        if (!x.failed) {
            double secs = now() - t0;
            exec_run total = x;
            for (int k = 0; k < SAMPLE_KINDS; k++) {
                char label[80];
                snprintf(label, sizeof label, "SAMPLED %lu-%lu tiles, %s", lo, hi, cli_sample_kind_names[k]);
                by[k].seconds = secs * (double)by[k].hands / (double)sample;
                print_part(label, &by[k]);
                total.hands += by[k].hands, total.mismatches += by[k].mismatches;
                total.false_wins += by[k].false_wins, total.false_nonwins += by[k].false_nonwins;
            }
            total.seconds = secs;
            char label[80];
            snprintf(label, sizeof label, "SAMPLED total (seed %lu; not exhaustive)", seed);
            print_part(label, &total);
            mismatches += total.mismatches;
        }
    }
    int rc = x.failed ? CLI_FAIL : CLI_OK;
    if (!x.failed) {
        printf("exhaustive part: every hand of %d to %d tiles over %d kinds%s; sampled part: %s\n", size_min, size_max,
               tiles, tiles == 9 ? " (one suit)" : "", sample ? "a seeded sample, weighted towards hard hands, NOT exhaustive" : "none");
        if (any_cex) {
            mj_hand small;
            cli_shrink(&cex, rules->kinds, exec_fails, &x, &small);
            uint64_t got = 0;
            if (!x.failed && exec_batch(&c, &small, 1, &got) == CLI_OK)
                cli_print_counterexample(stdout, "exec", &small, rules, mode, got);
            rc = CLI_FAIL;
        }
        if (mismatches) fprintf(stderr, "verify: FAIL: the --exec checker disagrees with the truth on %llu hands\n",
                                (unsigned long long)mismatches);
    }
    exec_stop(&c);
    free(x.batch);
    free(x.got);
    return x.failed ? CLI_FAIL : rc;
}

/* ---- check and waits: the program as one more algorithm, a hand at a time ---- */

static exec_child single = {.pid = -1, .to_child = -1, .from_child = -1};

static bool single_is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r;
    uint64_t got;
    if (exec_batch(&single, h, 1, &got) != CLI_OK) exit(CLI_FAIL);
    return got != 0;
}

static const mj_algo exec_algo = {.name = "exec", .summary = "the --exec program", .source = "--exec",
                                  .forms = MJ_FORM_ALL, .max_kinds = MJ_KINDS, .is_win = single_is_win};

int cli_exec_setup(const char *cmd, const mj_rules *r, bool waits, const char **algo, const char *default_algo)
{
    if (!cmd) return CLI_OK;
    if (waits) {
        fprintf(stderr, "mjverify: waits --exec: ask the program through verify --exec --mode waits\n");
        return CLI_FAIL;
    }
    single.cmd = cmd;
    single.mode = MJ_MODE_WIN;
    single.rules = *r;
    single.notation = MJ_NOTATION_MPSZ;
    single.timeout = 10;
    if (exec_start(&single) != CLI_OK || mj_algo_register(&exec_algo) != 0) return CLI_FAIL;
    if (*algo == default_algo) *algo = "exec";
    return CLI_OK;
}

/* ---- shanten: the program as one more shanten calculator, a hand at a time ---- */

static exec_child single_shanten = {.pid = -1, .to_child = -1, .from_child = -1};

static uint64_t ask_shanten(const mj_hand *h)
{
    uint64_t got;
    if (exec_batch(&single_shanten, h, 1, &got) != CLI_OK) exit(CLI_FAIL);
    return got;
}

static int exec_shanten(const mj_hand *h, const mj_rules *r)
{
    (void)r;
    return (int)(ask_shanten(h) >> EXEC_SHANTEN_SHIFT) - 1;
}

static mj_kindset exec_effective(const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    (void)r;
    uint64_t got = ask_shanten(h);
    if (shanten_out) *shanten_out = (int)(got >> EXEC_SHANTEN_SHIFT) - 1;
    return got & (((mj_kindset)1 << MJ_KINDS) - 1);
}

static mj_shanten_algo exec_shanten_algo = {.name = "exec", .summary = "the --exec program", .source = "--exec",
                                            .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
                                            .max_kinds = MJ_KINDS, .shanten = exec_shanten};

int cli_exec_shanten_setup(const char *cmd, const mj_rules *r, bool effective, const char **algo,
                           const char *default_algo)
{
    if (!cmd) return CLI_OK;
    single_shanten.cmd = cmd;
    single_shanten.question = effective ? EXEC_EFFECTIVE : EXEC_SHANTEN;
    single_shanten.rules = *r;
    single_shanten.notation = MJ_NOTATION_MPSZ;
    single_shanten.timeout = 10;
    /* in effective mode every answer carries both; in shanten mode effective tiles are not asked */
    exec_shanten_algo.effective = effective ? exec_effective : NULL;
    if (exec_start(&single_shanten) != CLI_OK || mj_shanten_register(&exec_shanten_algo) != 0) return CLI_FAIL;
    if (*algo == default_algo) *algo = "exec";
    return CLI_OK;
}
