/* mjverify count, verify and merge: exhaustive judgement of the algorithms by the oracle, with
 * progress, checkpoints, shards, a JSON summary and a Markdown report. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "plugin.h"
#include "mj_checkpoint.h"
#include "mj_oracle.h"
#include "mj_shanten.h"
#include "mj_shanten_truth.h"
#include "mjverify_version.h"
#ifdef MJ_MPI
#include "mpi_verify.h"
#endif

/* ---- the registry seen as oracle candidates (the oracle itself never links algorithms/) ---- */

static bool cand_is_win(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_is_win(ctx, h, r); }
static size_t cand_is_win_batch(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    return mj_algo_is_win_batch(ctx, hands, n, r, out);
}
static mj_kindset cand_waits(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_waits(ctx, h, r); }
static int cand_shanten(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    return ((const mj_shanten_algo *)ctx)->shanten(h, r);
}
static mj_kindset cand_effective(const void *ctx, const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    return mj_shanten_effective(ctx, h, r, shanten_out);
}

static bool is_shanten_mode(mj_verify_mode m) { return m == MJ_MODE_SHANTEN || m == MJ_MODE_EFFECTIVE; }

/* ---- shared option helpers ---- */

static int parse_tiles_rules(const char *cmd, const char *tiles_s, const char *rules_s, int *tiles, mj_rules *r)
{
    unsigned long t = 0;
    if (tiles_s && (!cli_parse_uint(tiles_s, 34, &t) || (t != 9 && t != 27 && t != 34)))
        return cli_usage_error(cmd, "--tiles takes 9 (one suit), 27 or 34, not '%s'", tiles_s);
    mj_error err;
    if (mj_rules_parse(rules_s, t == 9 ? MJ_SUITED_KINDS : (int)t, r, &err) != MJ_OK)
        return cli_usage_error(cmd, "%s", err.message);
    *tiles = t ? (int)t : r->kinds;
    return CLI_OK;
}

static int parse_mode(const char *cmd, const char *s, mj_verify_mode *m)
{
    if (strcmp(s, "win") == 0) *m = MJ_MODE_WIN;
    else if (strcmp(s, "waits") == 0) *m = MJ_MODE_WAITS;
    else if (strcmp(s, "shanten") == 0) *m = MJ_MODE_SHANTEN;
    else if (strcmp(s, "effective") == 0) *m = MJ_MODE_EFFECTIVE;
    else return cli_usage_error(cmd, "--mode takes win, waits, shanten or effective, not '%s'", s);
    return CLI_OK;
}

static const char *mode_name(mj_verify_mode m)
{
    return m == MJ_MODE_WAITS ? "waits" : m == MJ_MODE_SHANTEN ? "shanten" : m == MJ_MODE_EFFECTIVE ? "effective" : "win";
}

/* What the truth's positives are, per mode (a report's verdict column). */
static const char *positives_name(mj_verify_mode m)
{
    return m == MJ_MODE_WAITS ? "waiting" : m == MJ_MODE_SHANTEN ? "complete" : m == MJ_MODE_EFFECTIVE ? "improvable" : "winning";
}

/* --threads: 0 (all cores) up to a cap, named when exceeded. */
static int parse_threads(const char *cmd, const char *s, unsigned long *out)
{
    enum { MAX_THREADS = 1024 };
    if (cli_parse_uint(s, MAX_THREADS, out)) return CLI_OK;
    unsigned long big;
    if (cli_parse_uint(s, (unsigned long)-1, &big))
        return cli_usage_error(cmd, "--threads is at most %d, not '%s'", MAX_THREADS, s);
    return cli_usage_error(cmd, "--threads takes a number 0..%d (0 = all cores), not '%s'", MAX_THREADS, s);
}

/* ---- count ---- */

int cli_cmd_count(int argc, char **argv)
{
    const char *cmd = "count", *tiles_s = NULL, *rules_s = "basic", *size_s = NULL, *mode_s = "win", *threads_s = "0";
    bool json = false;
    const cli_flag flags[] = {CLI_FLAG("tiles", &tiles_s), CLI_FLAG("rules", &rules_s),
                              CLI_FLAG("size", &size_s), CLI_FLAG("mode", &mode_s),
                              CLI_FLAG("threads", &threads_s), CLI_SWITCH("json", &json)};
    if (cli_parse_flags(cmd, argc, argv, flags, sizeof flags / sizeof flags[0], NULL, 0, NULL, NULL)) return CLI_USAGE;
    int tiles;
    mj_rules r;
    mj_verify_mode mode = MJ_MODE_WIN;
    unsigned long size, threads;
    if (parse_tiles_rules(cmd, tiles_s, rules_s, &tiles, &r) || parse_mode(cmd, mode_s, &mode)) return CLI_USAGE;
    if (!size_s || !cli_parse_uint(size_s, MJ_MAX_TILES, &size) || size < 1)
    {
        if (!size_s) return cli_usage_error(cmd, "--size is required (a hand size 1..18)");
        return cli_usage_error(cmd, "--size takes a hand size 1..18, not '%s'", size_s);
    }
    if (parse_threads(cmd, threads_s, &threads)) return CLI_USAGE;
    uint64_t hands = 0, pos = 0, hist[MJ_KINDS + 1] = {0};
    mj_error err;
    if (mj_oracle_count(tiles, (int)size, &r, mode, (int)threads, &hands, &pos, hist, &err) != MJ_OK) {
        fprintf(stderr, "mjverify: count: %s\n", err.message);
        return CLI_FAIL;
    }
    const char *what = positives_name(mode);
    if (json) {
        printf("{\"tiles\":%d,\"size\":%lu,\"rules\":\"%s\",\"mode\":\"%s\",\"hands\":%llu,\"%s\":%llu", tiles, size,
               r.name, mode_name(mode), (unsigned long long)hands, what, (unsigned long long)pos);
        if (is_shanten_mode(mode)) {
            fputs(",\"by_shanten\":{", stdout);
            for (int s = 0, first = 1; s <= MJ_KINDS; s++)
                if (hist[s]) printf("%s\"%d\":%llu", first ? "" : ",", s - 1, (unsigned long long)hist[s]), first = 0;
            putchar('}');
        } else if (mode == MJ_MODE_WAITS) {
            fputs(",\"by_waits\":[", stdout);
            for (int w = 0; w <= MJ_KINDS; w++) printf("%s%llu", w ? "," : "", (unsigned long long)hist[w]);
            putchar(']');
        }
        puts("}");
    } else {
        printf("tiles %d, %lu-tile hands, rules %s: %llu hands, %llu %s\n", tiles, size, r.name,
               (unsigned long long)hands, (unsigned long long)pos, what);
        if (is_shanten_mode(mode))
            for (int s = 0; s <= MJ_KINDS; s++) {
                if (hist[s]) printf("  shanten %2d: %llu\n", s - 1, (unsigned long long)hist[s]);
            }
        else if (mode == MJ_MODE_WAITS)
            for (int w = 1; w <= MJ_KINDS; w++)
                if (hist[w]) printf("  %2d waits: %llu\n", w, (unsigned long long)hist[w]);
    }
    return CLI_OK;
}

/* ---- progress on stderr: a bar on a terminal, a plain line every 10 s otherwise ---- */

typedef struct {
    bool tty;
    double last_line;
} progress_state;

static void fmt_duration(double s, char *buf, size_t cap)
{
    if (s < 0) snprintf(buf, cap, "?");
    else if (s < 60) snprintf(buf, cap, "%.0fs", s);
    else if (s < 3600) snprintf(buf, cap, "%dm%02ds", (int)(s / 60), (int)s % 60);
    else snprintf(buf, cap, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
}

static void show_progress(void *ctx, const mj_verify_progress *p)
{
    progress_state *st = ctx;
    double frac = p->pass_total ? (double)p->pass_done / (double)p->pass_total : 1;
    char left[32], el[32];
    fmt_duration(p->eta, left, sizeof left);
    fmt_duration(p->elapsed, el, sizeof el);
    if (st->tty) {
        char bar[21];
        int fill = (int)(frac * 20);
        for (int i = 0; i < 20; i++) bar[i] = i < fill ? '#' : '.';
        bar[20] = 0;
        fprintf(stderr, "\r\033[K[%s] pass %u/%u size %2d %-16.16s %5.1f%% %8.3g hands/s  elapsed %s  left %s", bar,
                p->pass + 1, p->passes, p->size, p->what, 100 * frac, p->rate, el, left);
        if (p->pass_end) fputc('\n', stderr);
        fflush(stderr);
        return;
    }
    if (p->pass_end) {
        fprintf(stderr, "verify: pass %u/%u size %d %s done: %llu hands at %.3g hands/s (elapsed %s)\n", p->pass + 1,
                p->passes, p->size, p->what, (unsigned long long)p->pass_total, p->rate, el);
        return;
    }
    if (p->elapsed - st->last_line < 10) return;
    st->last_line = p->elapsed;
    fprintf(stderr, "verify: pass %u/%u size %d %s %.1f%% at %.3g hands/s, elapsed %s, left %s\n", p->pass + 1,
            p->passes, p->size, p->what, 100 * frac, p->rate, el, left);
}

/* ---- output: JSON summary (with the exact state, for merge) and Markdown report ---- */

static void fmt_value(const mj_verify_result *res, uint64_t v, char *buf, size_t cap)
{
    if (res->mode == MJ_MODE_WAITS) mj_format_kindset(v, buf, cap);
    else if (res->mode == MJ_MODE_SHANTEN && v == MJ_VERIFY_NOT_COMPLETE) snprintf(buf, cap, "not complete (is_win: no)");
    else if (res->mode == MJ_MODE_SHANTEN) snprintf(buf, cap, "%d", (int)v - 1);
    else if (res->mode == MJ_MODE_EFFECTIVE) {
        char set[120];
        mj_format_kindset(v & (((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1), set, sizeof set);
        snprintf(buf, cap, "%.100s (shanten %d)", set, (int)(v >> MJ_VERIFY_SHANTEN_SHIFT) - 1);
    } else snprintf(buf, cap, "%s", v ? "win" : "no");
}

static void json_cex(FILE *f, const mj_verify_result *res, const mj_counterexample *c, uint32_t n)
{
    fputc('[', f);
    for (uint32_t i = 0; i < n; i++) {
        char hand[MJ_FORMAT_CAP], t[160], g[160];
        mj_format(&c[i].hand, MJ_NOTATION_MPSZ, hand, sizeof hand);
        fmt_value(res, c[i].truth, t, sizeof t);
        fmt_value(res, c[i].got, g, sizeof g);
        fprintf(f, "%s{\"hand\":\"%s\",\"tiles\":%d,\"rank\":%llu,\"truth\":\"%s\",\"got\":\"%s\"}", i ? "," : "", hand,
                c[i].hand.tiles, (unsigned long long)c[i].rank, t, g);
    }
    fputc(']', f);
}

/* false with --no-timings: no wall time, rate, thread count or other field of the machine or
 * the moment goes into a summary or report, so two runs of the same work are byte-identical */
static bool with_timings = true;

static void json_tally(FILE *f, const mj_tally *t, int threads)
{
    double ns = t->hands ? t->seconds * 1e9 / (double)t->hands : 0;
    fprintf(f, "\"hands\":%llu,\"positives\":%llu,\"mismatches\":%llu,\"false_wins\":%llu,\"false_nonwins\":%llu",
            (unsigned long long)t->hands, (unsigned long long)t->positives, (unsigned long long)t->mismatches,
            (unsigned long long)t->false_wins, (unsigned long long)t->false_nonwins);
    if (with_timings)
        fprintf(f, ",\"seconds\":%.3f,\"ns_per_hand\":%.3f,\"thread_ns_per_hand\":%.3f", t->seconds, ns, ns * threads);
}

static bool unflagged_failed(const mj_verify_result *res)
{
    for (uint32_t i = 0; i < res->ncands; i++)
        if (!res->cands[i].flawed && res->cands[i].total.mismatches) return true;
    return false;
}

static int write_json(const char *command, const char *path, const mj_verify_result *res, const char *skipped)
{
    cli_out out;
    if (!cli_out_open(&out, command, "--json", path, CLI_OUT_REPLACE)) return CLI_FAIL;
    FILE *f = out.f;
    char forms[64];
    mj_forms_format(res->rules.forms, forms, sizeof forms);
    fprintf(f, "{\n  \"tool\": \"mjverify verify\",\n  \"version\": \"%s\",\n  \"commit\": \"%s\",\n",
            MJVERIFY_VERSION_STRING, MJVERIFY_GIT_COMMIT);
    fprintf(f, "  \"tiles\": %d,\n  \"sizes\": [%d, %d],\n  \"rules\": ", res->tiles,
            res->size_min, res->size_max);
    cli_json_string(f, res->rules.name, strlen(res->rules.name));
    fprintf(f, ",\n  \"forms\": \"%s\",\n  \"mode\": \"%s\",\n  \"shard\": [%u, %u],\n", forms, mode_name(res->mode),
            res->shard, res->shards);
    if (with_timings) fprintf(f, "  \"threads\": %d,\n", res->threads);
    fprintf(f, "  \"complete\": %s,\n", res->complete ? "true" : "false");
    if (with_timings) fprintf(f, "  \"seconds\": %.3f,\n", res->seconds);
    fprintf(f, "  \"unflagged_failures\": %s,\n", unflagged_failed(res) ? "true" : "false");
    fputs("  \"truth\": {", f);
    json_tally(f, &res->truth, res->threads);
    fputs(", \"by_size\": [", f);
    bool first = true;
    for (int n = res->size_min; n <= res->size_max; n++) {
        fprintf(f, "%s{\"size\":%d,", first ? "" : ",", n);
        json_tally(f, &res->truth_by_size[n], res->threads);
        if (is_shanten_mode(res->mode)) {
            fputs(",\"by_shanten\":[", f);
            for (int s = 0; s <= 9; s++) fprintf(f, "%s%llu", s ? "," : "", (unsigned long long)res->wait_hist[n][s]);
            fputc(']', f);
        } else if (res->mode == MJ_MODE_WAITS) {
            fputs(",\"by_waits\":[", f);
            for (int w = 0; w <= MJ_KINDS; w++) fprintf(f, "%s%llu", w ? "," : "", (unsigned long long)res->wait_hist[n][w]);
            fputc(']', f);
        }
        fputc('}', f);
        first = false;
    }
    fputs("]},\n  \"algorithms\": [", f);
    for (uint32_t i = 0; i < res->ncands; i++) {
        const mj_candidate_result *c = &res->cands[i];
        /* names may come from outside the registry (plugins): escaped like any string */
        fprintf(f, "%s\n    {\"name\":", i ? "," : "");
        cli_json_string(f, c->name, strlen(c->name));
        fprintf(f, ",\"flawed\":%s,", c->flawed ? "true" : "false");
        json_tally(f, &c->total, res->threads);
        fputs(",\"by_size\":[", f);
        for (int n = res->size_min; n <= res->size_max; n++) {
            fprintf(f, "%s{\"size\":%d,", n == res->size_min ? "" : ",", n);
            json_tally(f, &c->by_size[n], res->threads);
            fputc('}', f);
        }
        fputs("],\n     \"first\":", f);
        json_cex(f, res, c->first, c->nfirst);
        fputs(",\n     \"smallest\":", f);
        json_cex(f, res, c->smallest, c->nsmallest);
        fputc('}', f);
    }
    fprintf(f, "\n  ],\n  \"skipped\": [%s],\n  \"state\": \"", skipped ? skipped : "");
    uint8_t *buf = malloc(MJ_CHECKPOINT_MAX);
    size_t n = buf ? mj_checkpoint_encode(res, buf, MJ_CHECKPOINT_MAX) : 0;
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", buf[i]);
    free(buf);
    fputs("\"\n}\n", f);
    if (n == 0) {
        fprintf(stderr, "mjverify: %s: the state of the run does not fit in '%s'\n", command, path);
        cli_out_discard(&out);
        return CLI_FAIL;
    }
    return cli_out_close(&out) ? CLI_FAIL : CLI_OK;
}

/* One row: the counts, then (unless --no-timings) seconds and ns/hand, then the verdict. */
static void table_row(FILE *f, bool md, const char *name, const char *flagged, unsigned long long hands,
                      const char *counts[3], double seconds, double ns, const char *verdict)
{
    if (md) {
        fprintf(f, "| %s | %s | %llu | %s | %s | %s |", name, flagged, hands, counts[0], counts[1], counts[2]);
        if (with_timings) fprintf(f, " %.1f | %.3f |", seconds, ns);
        fprintf(f, " %s |\n", verdict);
    } else {
        fprintf(f, "%-18s %-7s %15llu %12s %12s %14s", name, flagged, hands, counts[0], counts[1], counts[2]);
        if (with_timings) fprintf(f, " %9.1f %8.3f", seconds, ns);
        fprintf(f, "  %s\n", verdict);
    }
}

static void print_table(FILE *f, const mj_verify_result *res, bool md)
{
    /* the two kinds of error by mode: shanten too low or too high; kinds named wrongly or missed */
    const char *fw = res->mode == MJ_MODE_SHANTEN ? "too low" : res->mode == MJ_MODE_EFFECTIVE ? "false kinds" : "false wins";
    const char *fn = res->mode == MJ_MODE_SHANTEN ? "too high" : res->mode == MJ_MODE_EFFECTIVE ? "missed kinds" : "false non-wins";
    if (md)
        fprintf(f, "| algorithm | flagged | hands | mismatches | %s | %s |%s verdict |\n"
                   "|---|---|---:|---:|---:|---:|%s---|\n",
                fw, fn, with_timings ? " seconds | ns/hand |" : "", with_timings ? "---:|---:|" : "");
    else if (with_timings)
        fprintf(f, "%-18s %-7s %15s %12s %12s %14s %9s %8s  %s\n", "algorithm", "flagged", "hands", "mismatches",
                fw, fn, "seconds", "ns/hand", "verdict");
    else
        fprintf(f, "%-18s %-7s %15s %12s %12s %14s  %s\n", "algorithm", "flagged", "hands", "mismatches", fw, fn,
                "verdict");
    double tns = res->truth.hands ? res->truth.seconds * 1e9 / (double)res->truth.hands : 0;
    char verdict[96], c0[24], c1[24], c2[24];
    const char *counts[3] = {"", "", ""};
    snprintf(verdict, sizeof verdict, "%llu %s", (unsigned long long)res->truth.positives, positives_name(res->mode));
    /* with algorithms, the truth's seconds are the enumeration's share: hands written, truth, tallies */
    table_row(f, md, res->ncands ? "(enumeration)" : "(truth alone)", "", (unsigned long long)res->truth.hands, counts,
              res->truth.seconds, tns, verdict);
    for (uint32_t i = 0; i < res->ncands; i++) {
        const mj_candidate_result *c = &res->cands[i];
        const mj_tally *t = &c->total;
        double ns = t->hands ? t->seconds * 1e9 / (double)t->hands : 0;
        const char *v = t->mismatches == 0 ? (c->flawed ? "agrees (flagged, no flaw found here)" : "agrees")
                                           : (c->flawed ? "disagrees (flagged: expected)" : "DISAGREES");
        snprintf(c0, sizeof c0, "%llu", (unsigned long long)t->mismatches);
        snprintf(c1, sizeof c1, "%llu", (unsigned long long)t->false_wins);
        snprintf(c2, sizeof c2, "%llu", (unsigned long long)t->false_nonwins);
        const char *cc[3] = {c0, c1, c2};
        table_row(f, md, c->name, c->flawed ? "yes" : "", (unsigned long long)t->hands, cc, t->seconds, ns, v);
    }
}

static void md_cex(FILE *f, const mj_verify_result *res, const char *title, const mj_counterexample *c, uint32_t n)
{
    if (!n) return;
    fprintf(f, "\n%s:\n\n| hand | tiles | truth | algorithm said |\n|---|---:|---|---|\n", title);
    for (uint32_t i = 0; i < n; i++) {
        char hand[MJ_FORMAT_CAP], t[160], g[160];
        mj_format(&c[i].hand, MJ_NOTATION_MPSZ, hand, sizeof hand);
        fmt_value(res, c[i].truth, t, sizeof t);
        fmt_value(res, c[i].got, g, sizeof g);
        fprintf(f, "| `%s` | %d | %s | %s |\n", hand, c[i].hand.tiles, t, g);
    }
}

/* The distribution table: hands of each size by shanten value (-1 = complete). */
static void print_distribution(FILE *f, const mj_verify_result *res)
{
    int top = 0;
    for (int n = res->size_min; n <= res->size_max; n++)
        for (int s = 0; s <= 9; s++)
            if (res->wait_hist[n][s] && s > top) top = s;
    fputs("\n## Hands by shanten\n\n| size |", f);
    for (int s = 0; s <= top; s++) fprintf(f, " %d |", s - 1);
    fputs(" hands |\n|---:|", f);
    for (int s = 0; s <= top + 1; s++) fputs("---:|", f);
    fputc('\n', f);
    uint64_t col[10] = {0}, all = 0;
    for (int n = res->size_min; n <= res->size_max; n++) {
        if (n % 3 == 0) continue;
        fprintf(f, "| %d |", n);
        for (int s = 0; s <= top; s++) {
            fprintf(f, " %llu |", (unsigned long long)res->wait_hist[n][s]);
            col[s] += res->wait_hist[n][s];
        }
        fprintf(f, " %llu |\n", (unsigned long long)res->truth_by_size[n].hands);
        all += res->truth_by_size[n].hands;
    }
    fputs("| all |", f);
    for (int s = 0; s <= top; s++) fprintf(f, " %llu |", (unsigned long long)col[s]);
    fprintf(f, " %llu |\n", (unsigned long long)all);
}

static int write_markdown(const char *command, const char *path, const mj_verify_result *res, const char *skipped_md)
{
    cli_out out;
    if (!cli_out_open(&out, command, "--report", path, CLI_OUT_REPLACE)) return CLI_FAIL;
    FILE *f = out.f;
    char forms[64];
    mj_forms_format(res->rules.forms, forms, sizeof forms);
    fprintf(f, "# Exhaustive verification: rules %s (%s), %d kinds, sizes %d-%d, mode %s\n\n", res->rules.name, forms,
            res->rules.tileset ? mj_rules_kind_count(&res->rules) : res->tiles, res->size_min, res->size_max,
            mode_name(res->mode));
    fprintf(f, "mjverify %s (commit %s).\n\n", MJVERIFY_VERSION_STRING, MJVERIFY_GIT_COMMIT);
    fprintf(f, "Every hand of each size was enumerated once, decided by the oracle's constructive ground truth and "
               "judged by each algorithm%s. %s%s",
            with_timings ? " (an algorithm's seconds are the time in its own calls, its share of the wall time)" : "",
            res->complete ? "The run is complete." : "**The run is incomplete (interrupted); totals are partial.**",
            res->shards > 1 ? " This is one shard of a split run." : "");
    if (with_timings) fprintf(f, " Threads: %d. Wall time: %.1f s.", res->threads, res->seconds);
    fprintf(f, "%s\n\n", unflagged_failed(res) ? " **An unflagged algorithm disagrees with the truth.**" : "");
    print_table(f, res, true);
    if (skipped_md && *skipped_md) fprintf(f, "\nNot run (they do not support these rules): %s\n", skipped_md);
    if (is_shanten_mode(res->mode)) print_distribution(f, res);
    fprintf(f, "\n## Hands by size\n\n| size | hands | %s |%s\n|---:|---:|---:|%s\n",
            positives_name(res->mode), with_timings ? " enumeration seconds |" : "",
            with_timings ? "---:|" : "");
    for (int n = res->size_min; n <= res->size_max; n++) {
        fprintf(f, "| %d | %llu | %llu |", n, (unsigned long long)res->truth_by_size[n].hands,
                (unsigned long long)res->truth_by_size[n].positives);
        if (with_timings) fprintf(f, " %.2f |", res->truth_by_size[n].seconds);
        fputc('\n', f);
    }
    for (uint32_t i = 0; i < res->ncands; i++) {
        const mj_candidate_result *c = &res->cands[i];
        if (!c->total.mismatches) continue;
        fprintf(f, "\n## %s: %llu mismatches%s\n", c->name, (unsigned long long)c->total.mismatches,
                c->flawed ? " (flagged port, expected)" : "");
        fputs("\n| size | hands | mismatches | false wins | false non-wins |\n|---:|---:|---:|---:|---:|\n", f);
        for (int n = res->size_min; n <= res->size_max; n++)
            if (c->by_size[n].mismatches)
                fprintf(f, "| %d | %llu | %llu | %llu | %llu |\n", n, (unsigned long long)c->by_size[n].hands,
                        (unsigned long long)c->by_size[n].mismatches, (unsigned long long)c->by_size[n].false_wins,
                        (unsigned long long)c->by_size[n].false_nonwins);
        md_cex(f, res, "First counterexamples in enumeration order", c->first, c->nfirst);
        md_cex(f, res, "Smallest counterexamples", c->smallest, c->nsmallest);
    }
    return cli_out_close(&out) ? CLI_FAIL : CLI_OK;
}

/* A copy of res without wall times and thread count, for --no-timings (its checkpoint state
 * goes into the summary too). NULL when out of memory. */
static mj_verify_result *without_timings(const mj_verify_result *res)
{
    mj_verify_result *r = malloc(sizeof *r);
    if (!r) return NULL;
    *r = *res;
    r->seconds = 0;
    r->threads = 0;
    r->truth.seconds = 0;
    for (int n = 0; n <= MJ_MAX_TILES; n++) r->truth_by_size[n].seconds = 0;
    for (uint32_t i = 0; i < r->ncands; i++) {
        r->cands[i].total.seconds = 0;
        for (int n = 0; n <= MJ_MAX_TILES; n++) r->cands[i].by_size[n].seconds = 0;
    }
    return r;
}

/* The algorithms `--algo all` left out for the rules, as the JSON summary's "skipped" list and the
 * report's "Not run" line; verify fills it from the registry, merge from the shards' summaries. */
typedef struct {
    char json[1024], md[512];
} skipped_list;

static void skipped_add(skipped_list *s, const char *name, int len)
{
    size_t uj = strlen(s->json), um = strlen(s->md);
    snprintf(s->json + uj, sizeof s->json - uj, "%s{\"name\":\"%.*s\",\"why\":\"does not support these rules\"}",
             uj ? "," : "", len, name);
    snprintf(s->md + um, sizeof s->md - um, "%s%.*s", um ? ", " : "", len, name);
}

/* Writes the summary table (to stdout, or stderr when stdout carries a file) and the JSON and
 * Markdown files that were asked for (either may be NULL); the exit code. */
static int finish(const char *command, const mj_verify_result *res, const char *json_path, const char *md_path, const char *skipped_json,
                  const char *skipped_md)
{
    mj_verify_result *scrubbed = NULL;
    if (!with_timings) {
        if (!(scrubbed = without_timings(res))) return CLI_FAIL;
        res = scrubbed;
    }
    bool stdout_taken = (json_path && strcmp(json_path, "-") == 0) || (md_path && strcmp(md_path, "-") == 0);
    print_table(stdout_taken ? stderr : stdout, res, false);
    int rc = CLI_OK;
    if (json_path && write_json(command, json_path, res, skipped_json)) rc = CLI_FAIL;
    if (md_path && write_markdown(command, md_path, res, skipped_md)) rc = CLI_FAIL;
    if (rc == CLI_OK && (json_path || md_path))
        fprintf(stderr, "verify: wrote %s%s%s\n", json_path ? json_path : "", json_path && md_path ? " and " : "",
                md_path ? md_path : "");
    if (unflagged_failed(res)) {
        for (uint32_t i = 0; i < res->ncands; i++)
            if (!res->cands[i].flawed && res->cands[i].total.mismatches)
                fprintf(stderr, "verify: FAIL: %s disagrees with the truth on %llu hands\n", res->cands[i].name,
                        (unsigned long long)res->cands[i].total.mismatches);
        rc = CLI_FAIL;
    }
    free(scrubbed);
    return rc;
}

/* Where the summary and report go: --json and --report as given (either alone writes only
 * itself), else both under --report-dir with a name that tells runs apart. Checks every path
 * before any work, so a bad one fails at once; creates only the default report folder. */
static int output_paths(const char *cmd, const char *json_s, const char *md_s, const char *dir, const char *rules,
                        int tiles, int lo, int hi, mj_verify_mode mode, uint32_t shard, uint32_t shards,
                        char *json_path, char *md_path, size_t cap)
{
    json_path[0] = md_path[0] = 0;
    if (json_s || md_s) {
        if (json_s) snprintf(json_path, cap, "%s", json_s);
        if (md_s) snprintf(md_path, cap, "%s", md_s);
        if (json_s && md_s && strcmp(json_s, md_s) == 0 && strcmp(json_s, "-") != 0)
            return cli_usage_error(cmd, "--json and --report name the same file '%s'", json_s);
    } else {
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "mjverify: %s: cannot create --report-dir '%s': %s\n", cmd, dir, strerror(errno));
            return CLI_FAIL;
        }
        char base[512], sizes[16], sh[32] = "";
        if (lo == hi) snprintf(sizes, sizeof sizes, "%d", lo);
        else snprintf(sizes, sizeof sizes, "%d-%d", lo, hi);
        if (shards > 1) snprintf(sh, sizeof sh, "-shard%u-of-%u", shard, shards);
        snprintf(base, sizeof base, "%.400s/verify-%s-%d-%s%s%s", dir, rules, tiles, sizes,
                 mode == MJ_MODE_WIN ? "" : mode == MJ_MODE_WAITS ? "-waits" : mode == MJ_MODE_SHANTEN ? "-shanten" : "-effective", sh);
        snprintf(json_path, cap, "%s.json", base);
        snprintf(md_path, cap, "%s.md", base);
    }
    if (json_path[0] && !cli_out_check(cmd, "--json", json_path)) return CLI_FAIL;
    if (md_path[0] && !cli_out_check(cmd, "--report", md_path)) return CLI_FAIL;
    return CLI_OK;
}

/* A checkpoint must be a regular file or not exist yet: a directory or a link to nowhere is
 * refused before the run rather than at its first save. */
static bool checkpoint_usable(const char *path)
{
    struct stat st;
    const char *why = NULL;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) != 0) why = "a symbolic link to nothing";
    else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) why = "a directory";
    else if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) why = "not a regular file";
    if (why) {
        fprintf(stderr, "mjverify: verify: --checkpoint '%s' is %s; give a file path\n", path, why);
        return false;
    }
    return cli_out_check("verify", "--checkpoint", path);
}

/* ---- shanten candidates: the shanten registry, and win checks judged by is_win == (shanten == -1) ---- */

static char identity_names[MJ_ORACLE_MAX_CANDIDATES][MJ_ORACLE_NAME];

static int add_identity(const char *cmd, const mj_algo *al, mj_candidate *cands, uint32_t *nc)
{
    if (*nc == MJ_ORACLE_MAX_CANDIDATES) return cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
    snprintf(identity_names[*nc], MJ_ORACLE_NAME, "is_win:%s", al->name);
    cands[*nc] = (mj_candidate){.name = identity_names[*nc], .flawed = al->flawed, .ctx = al, .is_win = cand_is_win};
    (*nc)++;
    return CLI_OK;
}

static int add_shanten(const char *cmd, const mj_shanten_algo *a, mj_candidate *cands, uint32_t *nc)
{
    if (*nc == MJ_ORACLE_MAX_CANDIDATES) return cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
    cands[(*nc)++] = (mj_candidate){.name = a->name, .flawed = a->flawed, .ctx = a, .shanten = cand_shanten,
                                    .effective = cand_effective};
    return CLI_OK;
}

/* --algo in modes shanten and effective: all (every shanten calculator supporting the rules, and in
 * mode shanten every win check supporting them as is_win:NAME), none, or a list of those names. */
static int shanten_candidates(const char *cmd, const char *algo_s, mj_verify_mode mode, const mj_rules *r,
                              mj_candidate *cands, uint32_t *nc, skipped_list *skipped)
{
    if (mj_shanten_algos_init() != 0) {
        fprintf(stderr, "mjverify: a shanten calculator failed to build its tables\n");
        return CLI_FAIL;
    }
    if (strcmp(algo_s, "all") == 0) {
        for (size_t i = 0; i < mj_shanten_algo_count; i++) {
            const mj_shanten_algo *a = mj_shanten_algos[i];
            if (!mj_shanten_supports(a, r)) skipped_add(skipped, a->name, (int)strlen(a->name));
            else if (add_shanten(cmd, a, cands, nc)) return CLI_USAGE;
        }
        for (size_t i = 0; i < mj_algo_count && mode == MJ_MODE_SHANTEN; i++)
            if (mj_algo_supports(mj_algos[i], r) && add_identity(cmd, mj_algos[i], cands, nc)) return CLI_USAGE;
        return CLI_OK;
    }
    if (strcmp(algo_s, "none") == 0) return CLI_OK;
    char *list = strdup(algo_s);
    if (!list) return CLI_FAIL;
    int bad = CLI_OK;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && !bad; tok = strtok_r(NULL, ",", &save)) {
        const mj_shanten_algo *a = mj_shanten_find(tok);
        const mj_algo *al = strncmp(tok, "is_win:", 7) == 0 ? mj_algo_find(tok + 7) : NULL;
        if (a && !mj_shanten_supports(a, r))
            bad = cli_usage_error(cmd, "shanten calculator '%s' does not support rules '%s'", tok, r->name);
        else if (a) bad = add_shanten(cmd, a, cands, nc);
        else if (al && mode != MJ_MODE_SHANTEN) bad = cli_usage_error(cmd, "'%s' is a win check: --mode shanten only", tok);
        else if (al && !mj_algo_supports(al, r))
            bad = cli_usage_error(cmd, "algorithm '%s' does not support rules '%s'", tok + 7, r->name);
        else if (al) bad = add_identity(cmd, al, cands, nc);
        else bad = cli_usage_error(cmd, "no shanten calculator named '%s' (see mjverify algos; win checks as is_win:NAME)", tok);
    }
    free(list);
    return bad;
}

/* ---- verify ---- */

static volatile sig_atomic_t stop_flag;
static void on_signal(int sig)
{
    (void)sig;
    stop_flag = 1;
}

static int parse_sizes(const char *s, int *lo, int *hi)
{
    unsigned long a, b;
    char buf[32];
    snprintf(buf, sizeof buf, "%s", s);
    char *dash = strchr(buf, '-');
    if (dash) *dash = 0;
    if (!cli_parse_uint(buf, MJ_MAX_TILES, &a) || a < 1) return -1;
    b = a;
    if (dash && (!cli_parse_uint(dash + 1, MJ_MAX_TILES, &b) || b < a)) return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

int cli_cmd_verify(int argc, char **argv)
{
    bool no_timings = false;
    const char *cmd = "verify", *tiles_s = NULL, *rules_s = "basic", *sizes_s = NULL, *mode_s = "win",
               *threads_s = "0", *algo_s = "all", *json_s = NULL, *ckpt = NULL, *shard_s = NULL,
               *dir = "reports", *keep_s = "10", *every_s = "30", *md_s = NULL, *plugin = NULL,
               *exec_s = NULL, *exec_nt = "mpsz", *exec_to = "10", *batch_s = "4096", *sample_s = NULL,
               *sample_sizes = NULL, *seed_s = NULL;
    static const char default_algo[] = "all";
    algo_s = default_algo;
    const cli_flag flags[] = {CLI_FLAG("tiles", &tiles_s), CLI_FLAG("rules", &rules_s),
                              CLI_FLAG("sizes", &sizes_s), CLI_FLAG("size", &sizes_s),
                              CLI_FLAG("mode", &mode_s), CLI_FLAG("threads", &threads_s),
                              CLI_FLAG("algo", &algo_s), CLI_FLAG("json", &json_s),
                              CLI_FLAG("checkpoint", &ckpt), CLI_FLAG("checkpoint-every", &every_s),
                              CLI_FLAG("shard", &shard_s), CLI_FLAG("report-dir", &dir),
                              CLI_FLAG("keep", &keep_s), CLI_FLAG("report", &md_s),
                              CLI_SWITCH("no-timings", &no_timings),

                              CLI_FLAG("plugin", &plugin),
                              CLI_FLAG("exec", &exec_s), CLI_FLAG("exec-notation", &exec_nt),
                              CLI_FLAG("exec-timeout", &exec_to), CLI_FLAG("batch", &batch_s),
                              CLI_FLAG("sample", &sample_s), CLI_FLAG("sample-sizes", &sample_sizes),
                              CLI_FLAG("seed", &seed_s)};
    if (cli_parse_flags(cmd, argc, argv, flags, sizeof flags / sizeof flags[0], NULL, 0, NULL, NULL)) return CLI_USAGE;
    mj_verify_config cfg = {0};
    if (parse_tiles_rules(cmd, tiles_s, rules_s, &cfg.tiles, &cfg.rules) || parse_mode(cmd, mode_s, &cfg.mode))
        return CLI_USAGE;
    with_timings = !no_timings;
    if (!sizes_s) return cli_usage_error(cmd, "--sizes is required (N or A-B within 1..18)");
    if (parse_sizes(sizes_s, &cfg.size_min, &cfg.size_max))
        return cli_usage_error(cmd, "--sizes takes N or A-B within 1..18, not '%s'", sizes_s);
    if (!exec_s && (sample_s || sample_sizes || seed_s))
        return cli_usage_error(cmd, "--sample, --sample-sizes and --seed go with --exec");
    if (exec_s && (ckpt || shard_s || json_s || plugin))
        return cli_usage_error(cmd, "--exec runs alone: no --checkpoint, --shard, --json or --plugin with it");
    if (exec_s)
        return cli_exec_verify(exec_s, exec_nt, exec_to, batch_s, sample_s, sample_sizes, seed_s, cfg.tiles, cfg.size_min,
                               cfg.size_max, &cfg.rules, cfg.mode);
    unsigned long threads, keep, every;
    if (parse_threads(cmd, threads_s, &threads)) return CLI_USAGE;
    if (!cli_parse_uint(keep_s, MJ_ORACLE_MAX_CEX, &keep) || keep == 0)
        return cli_usage_error(cmd, "--keep takes 1..%d, not '%s'", MJ_ORACLE_MAX_CEX, keep_s);
    if (!cli_parse_uint(every_s, 86400, &every) || every == 0)
        return cli_usage_error(cmd, "--checkpoint-every takes seconds 1..86400, not '%s'", every_s);
    cfg.threads = (int)threads;
    cfg.cex_keep = (int)keep;
    cfg.checkpoint_every = (double)every;
    cfg.shards = 1;
    if (shard_s) {
        unsigned long i, n;
        char buf[32];
        snprintf(buf, sizeof buf, "%s", shard_s);
        char *slash = strchr(buf, '/');
        if (!slash) return cli_usage_error(cmd, "--shard takes I/N (0 <= I < N), not '%s'", shard_s);
        *slash = 0;
        if (!cli_parse_uint(buf, 65535, &i) || !cli_parse_uint(slash + 1, 65536, &n) || n == 0 || i >= n)
            return cli_usage_error(cmd, "--shard takes I/N (0 <= I < N <= 65536), not '%s'", shard_s);
        cfg.shard = (uint32_t)i;
        cfg.shards = (uint32_t)n;
    }
    /* candidates: all (every algorithm supporting the rules, flagged ports included), none, or a list */
    static mj_candidate cands[MJ_ORACLE_MAX_CANDIDATES];
    skipped_list skipped = {"", ""};
    uint32_t nc = 0;
    if (mj_algos_init() != 0) {
        fprintf(stderr, "mjverify: an algorithm failed to build its tables\n");
        return CLI_FAIL;
    }
    /* in the shanten modes a plugin is a shanten calculator (its ABI 2 shanten entry) */
    if ((is_shanten_mode(cfg.mode) ? cli_plugin_shanten_setup(plugin, &algo_s, default_algo)
                                   : cli_plugin_setup(cmd, plugin, &algo_s, default_algo)) != CLI_OK)
        return CLI_FAIL;
    bool all = strcmp(algo_s, "all") == 0;
    if (is_shanten_mode(cfg.mode)) {
        if (!mj_truth_shanten_supports(&cfg.rules))
            return cli_usage_error(cmd, "--mode %s takes rules of the forms std, 7p, 7p4, 13o (basic, sichuan, riichi, sanma), not '%s'",
                                   mode_name(cfg.mode), cfg.rules.name);
        int bad = shanten_candidates(cmd, algo_s, cfg.mode, &cfg.rules, cands, &nc, &skipped);
        if (bad) return bad;
    } else if (all) {
        for (size_t i = 0; i < mj_algo_count; i++) {
            const mj_algo *al = mj_algos[i];
            if (!mj_algo_supports(al, &cfg.rules)) {
                skipped_add(&skipped, al->name, (int)strlen(al->name));
                continue;
            }
            if (nc == MJ_ORACLE_MAX_CANDIDATES) return cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
            cands[nc++] = (mj_candidate){.name = al->name, .flawed = al->flawed, .ctx = al, .is_win = cand_is_win, .waits = cand_waits, .is_win_batch = cand_is_win_batch};
        }
    } else if (strcmp(algo_s, "none") != 0) {
        /* a copy as long as the flag: a long list is never cut into a wrong name */
        char *list = strdup(algo_s);
        if (!list) return CLI_FAIL;
        int bad = CLI_OK;
        for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && !bad; tok = strtok_r(NULL, ",", &save)) {
            const mj_algo *al = mj_algo_find(tok);
            if (!al) bad = cli_usage_error(cmd, "no algorithm named '%s' (see mjverify algos)", tok);
            else if (!mj_algo_supports(al, &cfg.rules))
                bad = cli_usage_error(cmd, "algorithm '%s' does not support rules '%s' over %d kinds", tok, cfg.rules.name,
                                      cfg.rules.kinds);
            else if (nc == MJ_ORACLE_MAX_CANDIDATES) bad = cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
            else {
                cands[nc++] = (mj_candidate){.name = al->name, .flawed = al->flawed, .ctx = al, .is_win = cand_is_win, .waits = cand_waits, .is_win_batch = cand_is_win_batch};
                cli_plugin_guard(&cands[nc - 1], ckpt);
            }
        }
        free(list);
        if (bad) return bad;
    }
    cfg.cands = cands;
    cfg.ncands = nc;
#ifdef MJ_MPI
    cli_mpi_enter_verify(); /* ranks above 0 only judge chunks; rank 0 goes on as a single run would */
    if (cli_mpi_rank() > 0) return cli_mpi_worker(&cfg);
#endif
    if (skipped.md[0]) fprintf(stderr, "verify: not run (they do not support rules %s): %s\n", cfg.rules.name, skipped.md);

    char json_path[600], md_path[600];
    if (output_paths(cmd, json_s, md_s, dir, cfg.rules.name, cfg.tiles, cfg.size_min, cfg.size_max, cfg.mode, cfg.shard,
                     cfg.shards, json_path, md_path, sizeof json_path) != CLI_OK ||
        (ckpt && !checkpoint_usable(ckpt)))
        return CLI_FAIL;
    mj_verify_result *res = malloc(sizeof *res);
    if (!res) return CLI_FAIL;
    mj_error err;
    if (mj_verify_prepare(&cfg, res, &err) != MJ_OK) {
        free(res);
        return cli_usage_error(cmd, "%s", err.message);
    }
    if (ckpt) {
        mj_status s = mj_checkpoint_load(ckpt, res, &err);
        if (s == MJ_OK) {
            if (res->config_hash != mj_verify_config_hash(&cfg) || res->shard != cfg.shard || res->shards != cfg.shards) {
                fprintf(stderr,
                        "mjverify: verify: checkpoint '%s' belongs to another run (it has rules %s, %d kinds, sizes %d-%d, "
                        "mode %s, %u algorithms, shard %u/%u); remove it or use another --checkpoint\n",
                        ckpt, res->rules.name, res->tiles, res->size_min, res->size_max, mode_name(res->mode), res->ncands,
                        res->shard, res->shards);
                free(res);
                return CLI_FAIL;
            }
            fprintf(stderr, "verify: resuming from %s (pass %u, %.1f s already done)\n", ckpt, res->next_pass + 1,
                    res->seconds);
        } else if (s == MJ_ERR_EMPTY) {
            mj_verify_prepare(&cfg, res, &err); /* no file yet: a fresh run */
        } else {
            fprintf(stderr, "mjverify: verify: %s\n", err.message);
            free(res);
            return CLI_FAIL;
        }
    }
    progress_state ps = {.tty = isatty(2) != 0, .last_line = 0};
    cfg.checkpoint = ckpt;
    cfg.stop = &stop_flag;
    cfg.progress = show_progress;
    cfg.progress_ctx = &ps;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
#ifdef MJ_MPI
    mj_verify_outcome o = cli_mpi_run(&cfg, res, &err);
#else
    mj_verify_outcome o = mj_verify_run(&cfg, res, &err);
#endif
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    if (ps.tty) fputc('\n', stderr);
    if (o == MJ_VERIFY_FAILED) {
        fprintf(stderr, "mjverify: verify: %s\n", err.message);
        free(res);
        return CLI_FAIL;
    }
    if (o == MJ_VERIFY_STOPPED) {
        if (ckpt) fprintf(stderr, "verify: interrupted; state saved in %s; run the same command again to resume\n", ckpt);
        else fprintf(stderr, "verify: interrupted; no --checkpoint was given, so nothing is saved\n");
        free(res);
        return 130;
    }
    int rc = finish("verify", res, json_path[0] ? json_path : NULL, md_path[0] ? md_path : NULL, skipped.json, skipped.md);
    /* the shrunk counterexamples follow the summary; never into a JSON written to stdout */
    cli_shrink_report(json_s && strcmp(json_s, "-") == 0 ? stderr : stdout, res, cands, &cfg.rules);
    /* the summary now holds the final state; a finished checkpoint would only make the next
     * run (perhaps of changed algorithms) skip its work */
    if (ckpt && rc != CLI_USAGE) remove(ckpt);
    free(res);
    return rc;
}

/* ---- merge ---- */

/* Reads the "state" field (the hex of the run's final checkpoint) out of a summary, and its
 * "skipped" list (the algorithms `--algo all` left out for the rules) as written, into skipped
 * (at most cap bytes with the terminating 0). */
static mj_status read_state(const char *path, mj_verify_result *out, char *skipped, size_t cap_skipped, mj_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->message, sizeof err->message, "cannot read it: %s", strerror(errno));
        return MJ_ERR_EMPTY;
    }
    size_t cap = 4 * (size_t)MJ_CHECKPOINT_MAX, n;
    char *text = malloc(cap + 1);
    uint8_t *bin = malloc(MJ_CHECKPOINT_MAX);
    mj_status s = MJ_ERR_BAD_CODE;
    if (!text || !bin) {
        snprintf(err->message, sizeof err->message, "out of memory");
        goto out;
    }
    n = fread(text, 1, cap, f);
    text[n] = 0;
    const char *key = strstr(text, "\"state\": \"");
    if (!key) {
        snprintf(err->message, sizeof err->message, "not a verify summary (no \"state\" field)");
        goto out;
    }
    const char *sk = strstr(text, "\"skipped\": [");
    skipped[0] = 0;
    if (sk) {
        sk += strlen("\"skipped\": [");
        const char *end = strchr(sk, ']');
        if (!end || (size_t)(end - sk) >= cap_skipped) {
            snprintf(err->message, sizeof err->message, "its \"skipped\" list is cut or too long");
            goto out;
        }
        memcpy(skipped, sk, (size_t)(end - sk));
        skipped[end - sk] = 0;
    }
    key += strlen("\"state\": \"");
    size_t len = 0;
    while (key[2 * len] && key[2 * len] != '"' && len < MJ_CHECKPOINT_MAX) {
        unsigned v;
        if (sscanf(key + 2 * len, "%2x", &v) != 1) break;
        bin[len++] = (uint8_t)v;
    }
    s = mj_checkpoint_parse(bin, len, out, err);
out:
    fclose(f);
    free(text);
    free(bin);
    return s;
}

int cli_cmd_merge(int argc, char **argv)
{
    const char *cmd = "merge", *json_s = NULL, *md_s = NULL, *dir = "reports";
    bool no_timings = false;
    const char *files[1024];
    size_t nf = 0;
    const cli_flag flags[] = {CLI_FLAG("json", &json_s), CLI_FLAG("report-dir", &dir), CLI_FLAG("report", &md_s),
                              CLI_SWITCH("no-timings", &no_timings)};
    if (cli_parse_flags(cmd, argc, argv, flags, sizeof flags / sizeof flags[0], files, sizeof files / sizeof files[0],
                        &nf, "too many summaries"))
        return CLI_USAGE;
    if (nf == 0) return cli_usage_error(cmd, "give the shard summaries (JSON files written by verify --shard)");
    with_timings = !no_timings;
    mj_verify_result *parts = calloc(nf, sizeof *parts), *out = malloc(sizeof *out);
    const mj_verify_result **ptr = calloc(nf, sizeof *ptr);
    int rc = CLI_FAIL;
    mj_error err;
    if (!parts || !out || !ptr) goto done;
    /* the algorithms not run, as each shard's summary lists them: the same in every shard */
    char skipped_raw[1024], skipped_i[1024];
    skipped_list skipped = {"", ""};
    for (size_t i = 0; i < nf; i++) {
        if (read_state(files[i], &parts[i], i ? skipped_i : skipped_raw, sizeof skipped_raw, &err) != MJ_OK) {
            /* the path whole, beside the message (inside it, a long path was cut) */
            fprintf(stderr, "mjverify: merge: '%s': %s\n", files[i], err.message);
            goto done;
        }
        if (i && strcmp(skipped_i, skipped_raw) != 0) {
            fprintf(stderr, "mjverify: merge: '%.60s' lists other algorithms as not run than '%.60s'\n", files[i], files[0]);
            goto done;
        }
        ptr[i] = &parts[i];
    }
    /* rewritten from the names alone, each checked, so the merged JSON stays valid whatever the input */
    for (const char *p = skipped_raw; (p = strstr(p, "\"name\":\"")) != NULL;) {
        p += strlen("\"name\":\"");
        size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.");
        if (len == 0 || len > 64 || p[len] != '"') {
            fprintf(stderr, "mjverify: merge: '%.60s': a bad algorithm name in its \"skipped\" list\n", files[0]);
            goto done;
        }
        skipped_add(&skipped, p, (int)len);
        p += len;
    }
    if (mj_verify_merge(ptr, nf, out, &err) != MJ_OK) {
        fprintf(stderr, "mjverify: merge: %s\n", err.message);
        goto done;
    }
    char json_path[600], md_path[600];
    if (output_paths(cmd, json_s, md_s, dir, out->rules.name, out->tiles, out->size_min, out->size_max, out->mode, 0, 1,
                     json_path, md_path, sizeof json_path) == CLI_OK)
        rc = finish("merge", out, json_path[0] ? json_path : NULL, md_path[0] ? md_path : NULL, skipped.json, skipped.md);
done:
    free(parts);
    free(out);
    free(ptr);
    return rc;
}
