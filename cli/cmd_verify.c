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

/* ---- the registry seen as oracle candidates (the oracle itself never links algorithms/) ---- */

static bool cand_is_win(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_is_win(ctx, h, r); }
static mj_kindset cand_waits(const void *ctx, const mj_hand *h, const mj_rules *r) { return mj_algo_waits(ctx, h, r); }

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
    else return cli_usage_error(cmd, "--mode takes win or waits, not '%s'", s);
    return CLI_OK;
}

static const char *mode_name(mj_verify_mode m) { return m == MJ_MODE_WAITS ? "waits" : "win"; }

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
        return cli_usage_error(cmd, "--size takes a hand size 1..18");
    if (!cli_parse_uint(threads_s, 1024, &threads)) return cli_usage_error(cmd, "--threads takes a number, not '%s'", threads_s);
    uint64_t hands = 0, pos = 0, hist[MJ_KINDS + 1] = {0};
    mj_error err;
    if (mj_oracle_count(tiles, (int)size, &r, mode, (int)threads, &hands, &pos, hist, &err) != MJ_OK) {
        fprintf(stderr, "mjverify: count: %s\n", err.message);
        return CLI_FAIL;
    }
    const char *what = mode == MJ_MODE_WAITS ? "waiting" : "winning";
    if (json) {
        printf("{\"tiles\":%d,\"size\":%lu,\"rules\":\"%s\",\"mode\":\"%s\",\"hands\":%llu,\"%s\":%llu", tiles, size,
               r.name, mode_name(mode), (unsigned long long)hands, what, (unsigned long long)pos);
        if (mode == MJ_MODE_WAITS) {
            fputs(",\"by_waits\":[", stdout);
            for (int w = 0; w <= MJ_KINDS; w++) printf("%s%llu", w ? "," : "", (unsigned long long)hist[w]);
            putchar(']');
        }
        puts("}");
    } else {
        printf("tiles %d, %lu-tile hands, rules %s: %llu hands, %llu %s\n", tiles, size, r.name,
               (unsigned long long)hands, (unsigned long long)pos, what);
        if (mode == MJ_MODE_WAITS)
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
    else snprintf(buf, cap, "%s", v ? "win" : "no");
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

static void json_tally(FILE *f, const mj_tally *t, int threads)
{
    double ns = t->hands ? t->seconds * 1e9 / (double)t->hands : 0;
    fprintf(f,
            "\"hands\":%llu,\"positives\":%llu,\"mismatches\":%llu,\"false_wins\":%llu,\"false_nonwins\":%llu,"
            "\"seconds\":%.3f,\"ns_per_hand\":%.3f,\"thread_ns_per_hand\":%.3f",
            (unsigned long long)t->hands, (unsigned long long)t->positives, (unsigned long long)t->mismatches,
            (unsigned long long)t->false_wins, (unsigned long long)t->false_nonwins, t->seconds, ns, ns * threads);
}

static bool unflagged_failed(const mj_verify_result *res)
{
    for (uint32_t i = 0; i < res->ncands; i++)
        if (!res->cands[i].flawed && res->cands[i].total.mismatches) return true;
    return false;
}

static int write_json(const char *path, const mj_verify_result *res, const char *skipped)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "mjverify: cannot write '%s': %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    char forms[64];
    mj_forms_format(res->rules.forms, forms, sizeof forms);
    fprintf(f, "{\n  \"tool\": \"mjverify verify\",\n  \"tiles\": %d,\n  \"sizes\": [%d, %d],\n  \"rules\": ", res->tiles,
            res->size_min, res->size_max);
    cli_json_string(f, res->rules.name, strlen(res->rules.name));
    fprintf(f, ",\n  \"forms\": \"%s\",\n  \"mode\": \"%s\",\n  \"shard\": [%u, %u],\n  \"threads\": %d,\n"
               "  \"complete\": %s,\n  \"seconds\": %.3f,\n  \"unflagged_failures\": %s,\n",
            forms, mode_name(res->mode), res->shard, res->shards, res->threads, res->complete ? "true" : "false",
            res->seconds, unflagged_failed(res) ? "true" : "false");
    fputs("  \"truth\": {", f);
    json_tally(f, &res->truth, res->threads);
    fputs(", \"by_size\": [", f);
    bool first = true;
    for (int n = res->size_min; n <= res->size_max; n++) {
        fprintf(f, "%s{\"size\":%d,", first ? "" : ",", n);
        json_tally(f, &res->truth_by_size[n], res->threads);
        if (res->mode == MJ_MODE_WAITS) {
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
        fprintf(f, "%s\n    {\"name\":\"%s\",\"flawed\":%s,", i ? "," : "", c->name, c->flawed ? "true" : "false");
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
    if (fclose(f) != 0 || n == 0) {
        fprintf(stderr, "mjverify: cannot write '%s'\n", path);
        return CLI_FAIL;
    }
    return CLI_OK;
}

static void print_table(FILE *f, const mj_verify_result *res, bool md)
{
    const char *sep = md ? " | " : "  ";
    if (md)
        fputs("| algorithm | flagged | hands | mismatches | false wins | false non-wins | seconds | ns/hand | verdict |\n"
              "|---|---|---:|---:|---:|---:|---:|---:|---|\n", f);
    else
        fprintf(f, "%-18s %-7s %15s %12s %12s %14s %9s %8s  %s\n", "algorithm", "flagged", "hands", "mismatches",
                "false wins", "false non-wins", "seconds", "ns/hand", "verdict");
    double tns = res->truth.hands ? res->truth.seconds * 1e9 / (double)res->truth.hands : 0;
    if (md)
        fprintf(f, "| (truth alone) | | %llu | | | | %.1f | %.3f | %llu %s |\n", (unsigned long long)res->truth.hands,
                res->truth.seconds, tns, (unsigned long long)res->truth.positives,
                res->mode == MJ_MODE_WAITS ? "waiting" : "winning");
    else
        fprintf(f, "%-18s %-7s %15llu %12s %12s %14s %9.1f %8.3f  %llu %s\n", "(truth alone)", "",
                (unsigned long long)res->truth.hands, "", "", "", res->truth.seconds, tns,
                (unsigned long long)res->truth.positives, res->mode == MJ_MODE_WAITS ? "waiting" : "winning");
    for (uint32_t i = 0; i < res->ncands; i++) {
        const mj_candidate_result *c = &res->cands[i];
        const mj_tally *t = &c->total;
        double ns = t->hands ? t->seconds * 1e9 / (double)t->hands : 0;
        const char *verdict = t->mismatches == 0 ? (c->flawed ? "agrees (flagged, no flaw found here)" : "agrees")
                                                 : (c->flawed ? "disagrees (flagged: expected)" : "DISAGREES");
        if (md)
            fprintf(f, "| %s%s%s%s%llu%s%llu%s%llu%s%llu%s%.1f%s%.2f%s%s |\n", c->name, sep, c->flawed ? "yes" : "", sep,
                    (unsigned long long)t->hands, sep, (unsigned long long)t->mismatches, sep,
                    (unsigned long long)t->false_wins, sep, (unsigned long long)t->false_nonwins, sep, t->seconds, sep, ns,
                    sep, verdict);
        else
            fprintf(f, "%-18s %-7s %15llu %12llu %12llu %14llu %9.1f %8.2f  %s\n", c->name, c->flawed ? "yes" : "",
                    (unsigned long long)t->hands, (unsigned long long)t->mismatches, (unsigned long long)t->false_wins,
                    (unsigned long long)t->false_nonwins, t->seconds, ns, verdict);
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

static int write_markdown(const char *path, const mj_verify_result *res, const char *skipped_md)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "mjverify: cannot write '%s': %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    char forms[64];
    mj_forms_format(res->rules.forms, forms, sizeof forms);
    fprintf(f, "# Exhaustive verification: rules %s (%s), %d kinds, sizes %d-%d, mode %s\n\n", res->rules.name, forms,
            res->tiles, res->size_min, res->size_max, mode_name(res->mode));
    fprintf(f, "Every hand of each size was enumerated and judged by the oracle's constructive ground truth, then by "
               "each algorithm. %s%s Threads: %d. Wall time: %.1f s.%s\n\n",
            res->complete ? "The run is complete." : "**The run is incomplete (interrupted); totals are partial.**",
            res->shards > 1 ? " This is one shard of a split run." : "", res->threads, res->seconds,
            unflagged_failed(res) ? " **An unflagged algorithm disagrees with the truth.**" : "");
    print_table(f, res, true);
    if (skipped_md && *skipped_md) fprintf(f, "\nNot run (they do not support these rules): %s\n", skipped_md);
    fprintf(f, "\n## Hands by size\n\n| size | hands | %s | truth seconds |\n|---:|---:|---:|---:|\n",
            res->mode == MJ_MODE_WAITS ? "waiting" : "winning");
    for (int n = res->size_min; n <= res->size_max; n++)
        fprintf(f, "| %d | %llu | %llu | %.2f |\n", n, (unsigned long long)res->truth_by_size[n].hands,
                (unsigned long long)res->truth_by_size[n].positives, res->truth_by_size[n].seconds);
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
    if (fclose(f) != 0) {
        fprintf(stderr, "mjverify: cannot write '%s'\n", path);
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Writes the summary table to stdout and the JSON and Markdown files; the exit code. */
static int finish(const mj_verify_result *res, const char *json_path, const char *md_path, const char *skipped_json,
                  const char *skipped_md)
{
    print_table(stdout, res, false);
    int rc = CLI_OK;
    if (json_path && write_json(json_path, res, skipped_json)) rc = CLI_FAIL;
    if (md_path && write_markdown(md_path, res, skipped_md)) rc = CLI_FAIL;
    if (rc == CLI_OK) fprintf(stderr, "verify: wrote %s and %s\n", json_path ? json_path : "-", md_path ? md_path : "-");
    if (unflagged_failed(res)) {
        for (uint32_t i = 0; i < res->ncands; i++)
            if (!res->cands[i].flawed && res->cands[i].total.mismatches)
                fprintf(stderr, "verify: FAIL: %s disagrees with the truth on %llu hands\n", res->cands[i].name,
                        (unsigned long long)res->cands[i].total.mismatches);
        return CLI_FAIL;
    }
    return rc;
}

static void ensure_dir(const char *dir)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) fprintf(stderr, "mjverify: cannot create '%s': %s\n", dir, strerror(errno));
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
    const char *cmd = "verify", *tiles_s = NULL, *rules_s = "basic", *sizes_s = NULL, *mode_s = "win",
               *threads_s = "0", *algo_s = "all", *json_s = NULL, *ckpt = NULL, *shard_s = NULL,
               *dir = "reports", *keep_s = "10", *every_s = "30", *plugin = NULL,
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
                              CLI_FLAG("keep", &keep_s), CLI_FLAG("plugin", &plugin),
                              CLI_FLAG("exec", &exec_s), CLI_FLAG("exec-notation", &exec_nt),
                              CLI_FLAG("exec-timeout", &exec_to), CLI_FLAG("batch", &batch_s),
                              CLI_FLAG("sample", &sample_s), CLI_FLAG("sample-sizes", &sample_sizes),
                              CLI_FLAG("seed", &seed_s)};
    if (cli_parse_flags(cmd, argc, argv, flags, sizeof flags / sizeof flags[0], NULL, 0, NULL, NULL)) return CLI_USAGE;
    mj_verify_config cfg = {0};
    if (parse_tiles_rules(cmd, tiles_s, rules_s, &cfg.tiles, &cfg.rules) || parse_mode(cmd, mode_s, &cfg.mode))
        return CLI_USAGE;
    if (!sizes_s || parse_sizes(sizes_s, &cfg.size_min, &cfg.size_max))
        return cli_usage_error(cmd, "--sizes takes N or A-B within 1..18, not '%s'", sizes_s ? sizes_s : "(missing)");
    if (!exec_s && (sample_s || sample_sizes || seed_s))
        return cli_usage_error(cmd, "--sample, --sample-sizes and --seed go with --exec");
    if (exec_s && (ckpt || shard_s || json_s || plugin))
        return cli_usage_error(cmd, "--exec runs alone: no --checkpoint, --shard, --json or --plugin with it");
    if (exec_s)
        return cli_exec_verify(exec_s, exec_nt, exec_to, batch_s, sample_s, sample_sizes, seed_s, cfg.tiles, cfg.size_min,
                               cfg.size_max, &cfg.rules, cfg.mode);
    unsigned long threads, keep, every;
    if (!cli_parse_uint(threads_s, 1024, &threads)) return cli_usage_error(cmd, "--threads takes a number, not '%s'", threads_s);
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
    char skipped_json[1024] = "", skipped_md[512] = "";
    uint32_t nc = 0;
    if (mj_algos_init() != 0) {
        fprintf(stderr, "mjverify: an algorithm failed to build its tables\n");
        return CLI_FAIL;
    }
    if (cli_plugin_setup(cmd, plugin, &algo_s, default_algo) != CLI_OK) return CLI_FAIL;
    bool all = strcmp(algo_s, "all") == 0;
    if (all) {
        for (size_t i = 0; i < mj_algo_count; i++) {
            const mj_algo *al = mj_algos[i];
            if (!mj_algo_supports(al, &cfg.rules)) {
                size_t uj = strlen(skipped_json), um = strlen(skipped_md);
                snprintf(skipped_json + uj, sizeof skipped_json - uj,
                         "%s{\"name\":\"%s\",\"why\":\"does not support these rules\"}", uj ? "," : "", al->name);
                snprintf(skipped_md + um, sizeof skipped_md - um, "%s%s", um ? ", " : "", al->name);
                continue;
            }
            if (nc == MJ_ORACLE_MAX_CANDIDATES) return cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
            cands[nc++] = (mj_candidate){al->name, al->flawed, al, cand_is_win, cand_waits};
        }
    } else if (strcmp(algo_s, "none") != 0) {
        char list[512];
        snprintf(list, sizeof list, "%s", algo_s);
        for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
            const mj_algo *al = mj_algo_find(tok);
            if (!al) return cli_usage_error(cmd, "no algorithm named '%s' (see mjverify algos)", tok);
            if (!mj_algo_supports(al, &cfg.rules))
                return cli_usage_error(cmd, "algorithm '%s' does not support rules '%s' over %d kinds", tok, cfg.rules.name,
                                       cfg.rules.kinds);
            if (nc == MJ_ORACLE_MAX_CANDIDATES) return cli_usage_error(cmd, "more than %d algorithms", MJ_ORACLE_MAX_CANDIDATES);
            cands[nc++] = (mj_candidate){al->name, al->flawed, al, cand_is_win, cand_waits};
            cli_plugin_guard(&cands[nc - 1], ckpt);
        }
    }
    cfg.cands = cands;
    cfg.ncands = nc;
    if (skipped_md[0]) fprintf(stderr, "verify: not run (they do not support rules %s): %s\n", cfg.rules.name, skipped_md);

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
    char base[512], json_path[600], md_path[600];
    snprintf(base, sizeof base, "%s/verify-%s-%d%s", dir, cfg.rules.name, cfg.tiles,
             cfg.mode == MJ_MODE_WAITS ? "-waits" : "");
    if (cfg.shards > 1) {
        size_t u = strlen(base);
        snprintf(base + u, sizeof base - u, "-shard%u-of-%u", cfg.shard, cfg.shards);
    }
    snprintf(json_path, sizeof json_path, "%s", json_s ? json_s : base);
    if (!json_s) strncat(json_path, ".json", sizeof json_path - strlen(json_path) - 1);
    ensure_dir(dir);
    snprintf(md_path, sizeof md_path, "%s.md", base);
    if (json_s) { /* the report goes next to the given summary: x.json -> x.md */
        size_t jl = strlen(json_s);
        int keep = (int)(jl > 5 && strcmp(json_s + jl - 5, ".json") == 0 ? jl - 5 : jl);
        snprintf(md_path, sizeof md_path, "%.*s.md", keep, json_s);
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
    mj_verify_outcome o = mj_verify_run(&cfg, res, &err);
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
    int rc = finish(res, json_path, md_path, skipped_json, skipped_md);
    cli_shrink_report(stdout, res, cands, &cfg.rules);
    /* the summary now holds the final state; a finished checkpoint would only make the next
     * run (perhaps of changed algorithms) skip its work */
    if (ckpt && rc != CLI_USAGE) remove(ckpt);
    free(res);
    return rc;
}

/* ---- merge ---- */

/* Reads the "state" field (the hex of the run's final checkpoint) out of a summary. */
static mj_status read_state(const char *path, mj_verify_result *out, mj_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->message, sizeof err->message, "cannot read '%.60s': %s", path, strerror(errno));
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
        snprintf(err->message, sizeof err->message, "'%.60s' is not a verify summary (no \"state\" field)", path);
        goto out;
    }
    key += strlen("\"state\": \"");
    size_t len = 0;
    while (key[2 * len] && key[2 * len] != '"' && len < MJ_CHECKPOINT_MAX) {
        unsigned v;
        if (sscanf(key + 2 * len, "%2x", &v) != 1) break;
        bin[len++] = (uint8_t)v;
    }
    s = mj_checkpoint_parse(bin, len, out, err);
    if (s != MJ_OK) {
        char m[sizeof err->message];
        snprintf(m, sizeof m, "%.40s: %.80s", path, err->message);
        memcpy(err->message, m, sizeof m);
    }
out:
    fclose(f);
    free(text);
    free(bin);
    return s;
}

int cli_cmd_merge(int argc, char **argv)
{
    const char *cmd = "merge", *json_s = NULL, *dir = "reports";
    const char *files[1024];
    size_t nf = 0;
    const cli_flag flags[] = {CLI_FLAG("json", &json_s), CLI_FLAG("report-dir", &dir)};
    if (cli_parse_flags(cmd, argc, argv, flags, sizeof flags / sizeof flags[0], files, sizeof files / sizeof files[0],
                        &nf, "too many summaries"))
        return CLI_USAGE;
    if (nf == 0) return cli_usage_error(cmd, "give the shard summaries (JSON files written by verify --shard)");
    mj_verify_result *parts = calloc(nf, sizeof *parts), *out = malloc(sizeof *out);
    const mj_verify_result **ptr = calloc(nf, sizeof *ptr);
    int rc = CLI_FAIL;
    mj_error err;
    if (!parts || !out || !ptr) goto done;
    for (size_t i = 0; i < nf; i++) {
        if (read_state(files[i], &parts[i], &err) != MJ_OK) {
            fprintf(stderr, "mjverify: merge: %s\n", err.message);
            goto done;
        }
        ptr[i] = &parts[i];
    }
    if (mj_verify_merge(ptr, nf, out, &err) != MJ_OK) {
        fprintf(stderr, "mjverify: merge: %s\n", err.message);
        goto done;
    }
    char base[512], json_path[600], md_path[600];
    snprintf(base, sizeof base, "%s/verify-%s-%d%s", dir, out->rules.name, out->tiles,
             out->mode == MJ_MODE_WAITS ? "-waits" : "");
    ensure_dir(dir);
    snprintf(json_path, sizeof json_path, "%s.json", base);
    snprintf(md_path, sizeof md_path, "%s.md", base);
    if (json_s) {
        size_t jl = strlen(json_s);
        int keep = (int)(jl > 5 && strcmp(json_s + jl - 5, ".json") == 0 ? jl - 5 : jl);
        snprintf(md_path, sizeof md_path, "%.*s.md", keep, json_s);
    }
    rc = finish(out, json_s ? json_s : json_path, md_path, "", "");
done:
    free(parts);
    free(out);
    free(ptr);
    return rc;
}
