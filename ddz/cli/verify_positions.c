/* ddz verify --positions: every registered solver judged against the retrograde oracle on every
 * position of a universe, in parallel, with counts and counterexamples that do not depend on
 * the thread count, progress on stderr, a JSON summary and a Markdown report. */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ddz_cli.h"
#include "ddz_oracle.h"
#include "ddz_solver.h"
#include "output.h"

#define MAXN 8     /* the oracle's largest universe (cards a side) */
#define MAXS 8     /* solvers judged at once */

/* ---- interrupts: while the table is built a signal ends the process at once; while judging,
 * the threads see the flag after their current solve and stop ---- */

static volatile sig_atomic_t stop_signal, judging;

static void on_signal(int sig)
{
    if (!judging) {
        static const char msg[] = "\nddz verify: interrupted while the oracle's table was built; the run is "
                                  "incomplete and no report was written\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        _exit(130); /* the reports are opened only once the run is complete: none to remove */
    }
    stop_signal = sig;
}

/* ---- one solver's verdict on one convention ---- */

/* A position's place in the enumeration: leading hand a, enemy hand b (indices in the oracle's
 * hand order, ascending ddz_hand values), then k = 0 for the leading position and 1 + i for the
 * answering position made by a's i-th lead (the recogniser's order). */
typedef struct {
    unsigned long long key;
    int cards; /* in the two hands */
    ddz_position pos;
    int oracle, said;
} example;

typedef struct {
    unsigned long long positions, mismatches, false_wins, false_losses, errors;
    double seconds; /* thread time in the solver's calls */
    int have;
    example first, smallest;
} verdict;

static void note(verdict *v, const example *e)
{
    v->mismatches++;
    if (e->said < 0)
        v->errors++;
    else if (e->said)
        v->false_wins++;
    else
        v->false_losses++;
    if (!v->have || e->key < v->first.key)
        v->first = *e;
    if (!v->have || e->cards < v->smallest.cards || (e->cards == v->smallest.cards && e->key < v->smallest.key))
        v->smallest = *e;
    v->have = 1;
}

static void merge(verdict *into, const verdict *from)
{
    into->positions += from->positions;
    into->mismatches += from->mismatches;
    into->false_wins += from->false_wins;
    into->false_losses += from->false_losses;
    into->errors += from->errors;
    into->seconds += from->seconds;
    if (from->have) {
        if (!into->have || from->first.key < into->first.key)
            into->first = from->first;
        if (!into->have || from->smallest.cards < into->smallest.cards ||
            (from->smallest.cards == into->smallest.cards && from->smallest.key < into->smallest.key))
            into->smallest = from->smallest;
        into->have = 1;
    }
}

/* One convention's run: the oracle's counts by hand sizes and every solver's verdict. */
typedef struct {
    ddz_rules rules;
    char name[128];
    size_t hands;
    unsigned long long lead[MAXN + 1][MAXN + 1][2], ans[MAXN + 1][MAXN + 1][2]; /* positions, wins */
    double oracle_s, judge_s;
    verdict v[MAXS];
} run;

typedef struct {
    int max_cards, max_total, threads, nsolvers, nruns, complete; /* max_total: cards in the two hands */
    ddzo_deck deck;
    size_t memory;
    const ddz_solver *solver[MAXS];
    run runs[DDZ_CONVENTIONS];
    double seconds;
    char command[1024];
} job;

/* ---- the judging loop ---- */

static int fits(ddz_hand a, ddz_hand b)
{
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(a, r) + ddz_count(b, r) > (r >= DDZ_RX ? 1 : 4))
            return 0;
    return 1;
}

typedef struct {
    verdict v[MAXS];
    unsigned long long lead[MAXN + 1][MAXN + 1][2], ans[MAXN + 1][MAXN + 1][2];
} tally;

static void judge_at(const job *jb, const ddz_rules *rules, tally *ty, ddz_table *tt, ddz_result *res,
                     const ddz_position *p, int oracle, unsigned long long key)
{
    ddz_solve_options opt;
    memset(&opt, 0, sizeof opt);
    opt.threads = 1;
    opt.memory_bytes = (size_t)1 << 16; /* a fresh table's size, for solvers that make their own */
    opt.table = tt;                      /* the fast solver's table, kept by this thread */
    for (int s = 0; s < jb->nsolvers; s++) {
        double t0 = ddz_now();
        int said = (int)jb->solver[s]->solve(p, rules, &opt, res);
        verdict *v = &ty->v[s];
        v->seconds += ddz_now() - t0;
        v->positions++;
        if (said == oracle)
            continue;
        example e = {key, ddz_size(p->me) + ddz_size(p->enemy), *p, oracle, said < 0 ? -1 : said};
        note(v, &e);
    }
}

/* ---- progress on stderr: a line every 10 s (every second on a terminal, over itself) ---- */

static void fmt_duration(double s, char *buf, size_t cap)
{
    if (s < 0)
        snprintf(buf, cap, "?");
    else if (s < 60)
        snprintf(buf, cap, "%.0fs", s);
    else if (s < 3600)
        snprintf(buf, cap, "%dm%02ds", (int)(s / 60), (int)s % 60);
    else
        snprintf(buf, cap, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
}

static void show_progress(const char *rules, unsigned long long done, unsigned long long total, double t0, int end)
{
    double el = ddz_now() - t0, rate = el > 0 ? (double)done / el : 0;
    char a[32], b[32];
    fmt_duration(el, a, sizeof a);
    fmt_duration(rate > 0 ? (double)(total - done) / rate : -1, b, sizeof b);
    int tty = isatty(2);
    fprintf(stderr, "%sddz verify: %s %5.1f%% (%llu of %llu positions), %.3g positions/s, elapsed %s, left %s%s",
            tty ? "\r\033[K" : "", rules, total ? 100.0 * (double)done / (double)total : 100.0, done, total, rate, a,
            b, tty && !end ? "" : "\n");
    fflush(stderr);
}

/* ---- one convention: build the table, judge every position ---- */

/* Returns 0 done, 1 the table could not be built (memory) or read itself out of order,
 * 130 stopped by a signal. */
static int judge_rules(job *jb, run *rn, int progress)
{
    char what[160];
    double t0 = ddz_now();
    judging = 0;
    ddzo_table *t = ddzo_build(jb->deck, jb->max_cards, &rn->rules);
    if (!t) {
        fprintf(stderr, "ddz verify: %s: the oracle's table for %d cards a side could not be built (memory, or "
                        "it read a position it had not computed)\n", rn->name, jb->max_cards);
        return 1;
    }
    judging = 1;
    if (stop_signal) {
        ddzo_free(t);
        return 130;
    }
    rn->oracle_s = ddz_now() - t0;
    size_t nh = ddzo_nhands(t);
    rn->hands = nh;
    snprintf(what, sizeof what, "%s, %s deck, 1..%d cards", rn->name, jb->deck == DDZO_DECK_SMALL ? "small" : "full",
             jb->max_cards);

    /* positions per leading hand a: every b beside it, the lead and each lead that leaves a card */
    unsigned long long *per = calloc(nh, sizeof *per), total = 0;
    if (!per) {
        ddzo_free(t);
        fprintf(stderr, "ddz verify: out of memory\n");
        return 1;
    }
    long nhl = (long)nh;
#pragma omp parallel for schedule(dynamic, 16) num_threads(jb->threads) reduction(+ : total)
    for (long a = 0; a < nhl; a++) {
        size_t nm, beside[MAXN + 1] = {0}, keep[2 * MAXN + 1] = {0}; /* b by size; leads by cards left */
        const ddz_move *m = ddzo_lead_moves(t, (size_t)a, &nm);
        ddz_hand ha = ddzo_hand(t, (size_t)a);
        int sa = ddz_size(ha);
        for (size_t k = 0; k < nm; k++)
            if (m[k].cards != ha)
                keep[sa - ddz_size(m[k].cards)]++;
        for (size_t b = 0; b < nh; b++)
            if (fits(ha, ddzo_hand(t, b)))
                beside[ddz_size(ddzo_hand(t, b))]++;
        per[a] = 0;
        for (int sb = 1; sb <= MAXN; sb++) {
            unsigned long long n = sa + sb <= jb->max_total;
            for (int left = 1; left <= MAXN; left++)
                n += left + sb <= jb->max_total ? keep[left] : 0;
            per[a] += beside[sb] * n;
        }
        total += per[a];
    }

    tally all;
    memset(&all, 0, sizeof all);
    unsigned long long done = 0;
    int failed = 0;
    double start = ddz_now(), last_shown = start;
    int every = isatty(2) ? 1 : 10;
#pragma omp parallel num_threads(jb->threads)
    {
        tally *ty = calloc(1, sizeof *ty);
        ddz_result *res = malloc(sizeof *res);
        ddz_table *tt = ddz_table_new(jb->memory);
        long *child = malloc(4096 * sizeof *child);
        if (!ty || !res || !tt || !child) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp barrier
#pragma omp for schedule(dynamic, 1)
        for (long a = 0; a < nhl; a++) {
            if (failed || stop_signal)
                continue;
            size_t nm;
            const ddz_move *m = ddzo_lead_moves(t, (size_t)a, &nm);
            ddz_hand ha = ddzo_hand(t, (size_t)a);
            if (nm > 4096) {
#pragma omp atomic write
                failed = 1;
                continue;
            }
            for (size_t k = 0; k < nm; k++)
                child[k] = m[k].cards == ha ? -1 : ddzo_find(t, ha - m[k].cards);
            for (size_t b = 0; b < nh && !stop_signal && !failed; b++) {
                ddz_hand hb = ddzo_hand(t, b);
                if (!fits(ha, hb))
                    continue;
                unsigned long long key = ((unsigned long long)a * nh + b) << 16;
                int sb = ddz_size(hb), sa = ddz_size(ha);
                /* the answers first, then the lead: the lead's solve then finds its children in
                 * the fast solver's kept table (the order of judging changes no count) */
                for (size_t k = 0; k < nm; k++) {
                    if (child[k] < 0)
                        continue;
                    ddz_position q = {hb, ha - m[k].cards, m[k]};
                    if (sb + ddz_size(q.enemy) > jb->max_total)
                        continue;
                    int w = ddzo_value_at(t, b, (size_t)child[k], &m[k]);
                    if (w < 0) {
#pragma omp atomic write
                        failed = 1;
                        break;
                    }
                    int sq = ddz_size(q.enemy);
                    ty->ans[sb][sq][0]++, ty->ans[sb][sq][1] += (unsigned)w;
                    judge_at(jb, &rn->rules, ty, tt, res, &q, w, key + 1 + k);
                }
                ddz_position p = {ha, hb, {0, DDZ_PASS, 0, 0}};
                if (sa + sb > jb->max_total)
                    continue;
                int v = ddzo_value_at(t, (size_t)a, b, &p.last);
                if (v < 0) {
#pragma omp atomic write
                    failed = 1;
                    break;
                }
                ty->lead[sa][sb][0]++, ty->lead[sa][sb][1] += (unsigned)v;
                judge_at(jb, &rn->rules, ty, tt, res, &p, v, key);
            }
#pragma omp atomic
            done += per[a];
            if (progress && omp_get_thread_num() == 0 && ddz_now() - last_shown >= every) {
                unsigned long long d;
#pragma omp atomic read
                d = done;
                last_shown = ddz_now();
                show_progress(what, d, total, start, 0);
            }
        }
#pragma omp critical
        {
            if (ty) {
                for (int s = 0; s < jb->nsolvers; s++)
                    merge(&all.v[s], &ty->v[s]);
                for (int x = 0; x <= MAXN; x++)
                    for (int y = 0; y <= MAXN; y++)
                        for (int z = 0; z < 2; z++)
                            all.lead[x][y][z] += ty->lead[x][y][z], all.ans[x][y][z] += ty->ans[x][y][z];
            }
        }
        free(ty), free(res), free(child);
        ddz_table_free(tt);
    }
    free(per);
    ddzo_free(t);
    if (stop_signal) {
        if (progress)
            show_progress(what, done, total, start, 1);
        return 130;
    }
    if (failed) {
        fprintf(stderr, "ddz verify: %s: out of memory, or the oracle read a position it had not computed\n",
                rn->name);
        return 1;
    }
    if (progress && ddz_now() - start >= every)
        show_progress(what, done, total, start, 1);
    rn->judge_s = ddz_now() - start;
    memcpy(rn->lead, all.lead, sizeof rn->lead);
    memcpy(rn->ans, all.ans, sizeof rn->ans);
    memcpy(rn->v, all.v, sizeof rn->v);
    return 0;
}

/* ---- output: text on stdout, JSON, Markdown ---- */

static FILE *text; /* the text summary: standard output, or standard error when a report takes it */

static const char *said_name(int v) { return v < 0 ? "error" : v ? "win" : "loss"; }

static const char *verdict_name(const ddz_solver *s, const verdict *v)
{
    return v->mismatches == 0 ? "agrees" : s->flawed ? "disagrees (flagged: expected)" : "DISAGREES";
}

static void example_text(const example *e, char *me, char *en, char *last)
{
    ddz_format_hand(e->pos.me, me, 64);
    ddz_format_hand(e->pos.enemy, en, 64);
    ddz_format_move(&e->pos.last, last, 96);
}

static void print_example(const char *what, const char *solver, const example *e)
{
    char a[64], b[64], m[96];
    example_text(e, a, b, m);
    if (e->pos.last.type == DDZ_PASS)
        fprintf(text, "    %s: me %s enemy %s (leading), %d cards: oracle %s, solver %s (ddz solve %s %s --solver %s)\n", what,
               a, b, e->cards, said_name(e->oracle), said_name(e->said), a, b, solver);
    else
        fprintf(text, "    %s: me %s enemy %s last %s, %d cards: oracle %s, solver %s (ddz solve %s %s --last %s --solver %s)\n",
               what, a, b, m, e->cards, said_name(e->oracle), said_name(e->said), a, b, m, solver);
}

static void totals(const run *rn, unsigned long long t[4])
{
    t[0] = t[1] = t[2] = t[3] = 0;
    for (int x = 0; x <= MAXN; x++)
        for (int y = 0; y <= MAXN; y++)
            t[0] += rn->lead[x][y][0], t[1] += rn->lead[x][y][1], t[2] += rn->ans[x][y][0], t[3] += rn->ans[x][y][1];
}

static const char *deck_name(ddzo_deck d) { return d == DDZO_DECK_SMALL ? "small" : "full"; }
static const char *deck_cards(ddzo_deck d) { return d == DDZO_DECK_SMALL ? "ranks 3..8 and both jokers, 26 cards" : "54 cards"; }

static void print_run(const job *jb, const run *rn)
{
    unsigned long long t[4];
    totals(rn, t);
    char tot[64] = "";
    if (jb->max_total < 2 * jb->max_cards)
        snprintf(tot, sizeof tot, ", at most %d in the two hands", jb->max_total);
    fprintf(text, "positions %s, %s deck (%s), 1..%d cards a side%s: %zu hands; %llu leading positions (%llu wins for the "
           "player to move), %llu answering positions (%llu wins); oracle %.1f s, judging %.1f s\n",
           rn->name, deck_name(jb->deck), deck_cards(jb->deck), jb->max_cards, tot, rn->hands, t[0], t[1], t[2], t[3],
           rn->oracle_s, rn->judge_s);
    fprintf(text, "  by hand sizes (me x enemy): leading positions/wins, answering positions/wins\n");
    for (int x = 1; x <= jb->max_cards; x++)
        for (int y = 1; y <= jb->max_cards; y++)
            if (rn->lead[x][y][0] || rn->ans[x][y][0])
                fprintf(text, "    %d x %d: %llu/%llu, %llu/%llu\n", x, y, rn->lead[x][y][0], rn->lead[x][y][1],
                       rn->ans[x][y][0], rn->ans[x][y][1]);
    for (int s = 0; s < jb->nsolvers; s++) {
        const ddz_solver *sv = jb->solver[s];
        const verdict *v = &rn->v[s];
        fprintf(text, "  solver %s%s: %llu positions, %llu mismatches (%llu false wins, %llu false losses, %llu errors): "
               "%s; %.2f us a position\n",
               sv->name, sv->flawed ? " (flagged)" : "", v->positions, v->mismatches, v->false_wins,
               v->false_losses, v->errors, verdict_name(sv, v), v->positions ? 1e6 * v->seconds / (double)v->positions : 0);
        if (v->have) {
            print_example("first", sv->name, &v->first);
            print_example("smallest", sv->name, &v->smallest);
        }
    }
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void json_example(FILE *f, const char *name, const example *e)
{
    char a[64], b[64], m[96];
    example_text(e, a, b, m);
    fprintf(f, "\"%s\":{\"me\":", name);
    json_str(f, a);
    fputs(",\"enemy\":", f);
    json_str(f, b);
    fputs(",\"last\":", f);
    json_str(f, m);
    fprintf(f, ",\"cards\":%d,\"order\":%llu,\"oracle\":\"%s\",\"solver\":\"%s\"}", e->cards, e->key,
            said_name(e->oracle), said_name(e->said));
}

static int unflagged_failures(const job *jb)
{
    for (int r = 0; r < jb->nruns; r++)
        for (int s = 0; s < jb->nsolvers; s++)
            if (jb->runs[r].v[s].mismatches && !jb->solver[s]->flawed)
                return 1;
    return 0;
}

static void write_json(FILE *f, const job *jb)
{
    fputs("{\n  \"tool\": \"ddz verify --positions\",\n  \"command\": ", f);
    json_str(f, jb->command);
    fprintf(f, ",\n  \"deck\": \"%s\",\n  \"deck_cards\": %d,\n  \"max_cards\": %d,\n  \"max_total\": %d,\n  \"threads\": %d,\n"
               "  \"complete\": %s,\n  \"seconds\": %.3f,\n  \"unflagged_failures\": %s,\n",
            deck_name(jb->deck), jb->deck == DDZO_DECK_SMALL ? 26 : 54, jb->max_cards, jb->max_total, jb->threads,
            jb->complete ? "true" : "false", jb->seconds, unflagged_failures(jb) ? "true" : "false");
    fputs("  \"order\": \"positions are numbered (a * hands + b) * 65536 + k: a the leading hand, b the other, both "
          "indices in ascending order of the hand's 60-bit count word; k 0 for the leading position, 1 + i for the "
          "answering position after a's i-th lead in the recogniser's order; smallest = fewest cards in the two "
          "hands, ties by that number\",\n  \"runs\": [\n", f);
    for (int r = 0; r < jb->nruns; r++) {
        const run *rn = &jb->runs[r];
        unsigned long long t[4];
        totals(rn, t);
        fputs("    {\"rules\":", f);
        json_str(f, rn->name);
        fprintf(f, ",\"hands\":%zu,\"oracle_seconds\":%.3f,\"judge_seconds\":%.3f,\n     \"leading\":{\"positions\":%llu,"
                   "\"wins\":%llu},\"answering\":{\"positions\":%llu,\"wins\":%llu},\n     \"by_sizes\":[",
                rn->hands, rn->oracle_s, rn->judge_s, t[0], t[1], t[2], t[3]);
        int first = 1;
        for (int x = 1; x <= jb->max_cards; x++)
            for (int y = 1; y <= jb->max_cards; y++)
                if (rn->lead[x][y][0] || rn->ans[x][y][0]) {
                    fprintf(f, "%s{\"me\":%d,\"enemy\":%d,\"leading\":[%llu,%llu],\"answering\":[%llu,%llu]}",
                            first ? "" : ",", x, y, rn->lead[x][y][0], rn->lead[x][y][1], rn->ans[x][y][0],
                            rn->ans[x][y][1]);
                    first = 0;
                }
        fputs("],\n     \"solvers\":[", f);
        for (int s = 0; s < jb->nsolvers; s++) {
            const ddz_solver *sv = jb->solver[s];
            const verdict *v = &rn->v[s];
            fputs(s ? ",\n       {\"name\":" : "\n       {\"name\":", f);
            json_str(f, sv->name);
            fprintf(f, ",\"flawed\":%s,\"positions\":%llu,\"mismatches\":%llu,\"false_wins\":%llu,\"false_losses\":%llu,"
                       "\"errors\":%llu,\"seconds\":%.3f,\"us_per_position\":%.3f,\"verdict\":",
                    sv->flawed ? "true" : "false", v->positions, v->mismatches, v->false_wins, v->false_losses,
                    v->errors, v->seconds, v->positions ? 1e6 * v->seconds / (double)v->positions : 0.0);
            json_str(f, verdict_name(sv, v));
            if (v->have) {
                fputc(',', f);
                json_example(f, "first", &v->first);
                fputc(',', f);
                json_example(f, "smallest", &v->smallest);
            }
            fputc('}', f);
        }
        fprintf(f, "]}%s\n", r + 1 < jb->nruns ? "," : "");
    }
    fputs("  ]\n}\n", f);
}

static void md_example(FILE *f, const char *solver, const char *which, const example *e)
{
    char a[64], b[64], m[96];
    example_text(e, a, b, m);
    fprintf(f, "| %s | %s | `%s` | `%s` | `%s` | %d | %s | %s | `ddz solve %s %s%s%s --solver %s` |\n", solver, which, a,
            b, m, e->cards, said_name(e->oracle), said_name(e->said), a, b,
            e->pos.last.type == DDZ_PASS ? "" : " --last ", e->pos.last.type == DDZ_PASS ? "" : m, solver);
}

static void write_md(FILE *f, const job *jb)
{
    char tot[64] = "";
    if (jb->max_total < 2 * jb->max_cards)
        snprintf(tot, sizeof tot, ", at most %d in the two hands", jb->max_total);
    fprintf(f, "# ddz verify --positions: %s deck (%s), 1..%d cards a side%s\n\n", deck_name(jb->deck),
            deck_cards(jb->deck), jb->max_cards, tot);
    char tot2[80] = "";
    if (tot[0])
        snprintf(tot2, sizeof tot2, ", each with at most %d cards in the two hands,", jb->max_total);
    fprintf(f, "`%s`\n\nEvery leading position (every pair of disjoint hands of 1..%d cards of the deck, the first to "
               "lead) and every answering position a lead makes (the other hand to answer the move, the leader "
               "left with the rest)%s was decided by the retrograde oracle (`ddz/oracle/`), then by each solver. "
               "The run is %s. Threads: %d. Wall time: %.1f s.\n\n",
            jb->command, jb->max_cards, tot2,
            jb->complete ? "complete" : "INCOMPLETE", jb->threads, jb->seconds);
    for (int r = 0; r < jb->nruns; r++) {
        const run *rn = &jb->runs[r];
        unsigned long long t[4];
        totals(rn, t);
        fprintf(f, "## %s\n\n%zu hands; oracle table %.1f s, judging %.1f s.\n\n", rn->name, rn->hands, rn->oracle_s,
                rn->judge_s);
        fputs("| solver | flagged | positions | mismatches | false wins | false losses | errors | us/position (one "
              "thread) | verdict |\n|---|---|---:|---:|---:|---:|---:|---:|---|\n", f);
        fprintf(f, "| (oracle) | | %llu | | | | | | %llu wins for the player to move |\n", t[0] + t[2], t[1] + t[3]);
        for (int s = 0; s < jb->nsolvers; s++) {
            const verdict *v = &rn->v[s];
            fprintf(f, "| %s | %s | %llu | %llu | %llu | %llu | %llu | %.2f | %s |\n", jb->solver[s]->name,
                    jb->solver[s]->flawed ? "yes" : "", v->positions, v->mismatches, v->false_wins, v->false_losses,
                    v->errors, v->positions ? 1e6 * v->seconds / (double)v->positions : 0.0,
                    verdict_name(jb->solver[s], v));
        }
        int any = 0;
        for (int s = 0; s < jb->nsolvers; s++)
            any |= rn->v[s].have;
        if (any) {
            fputs("\nCounterexamples (first in enumeration order; smallest = fewest cards in the two hands, ties by "
                  "enumeration order):\n\n| solver | which | me | enemy | last | cards | oracle | solver said | replay "
                  "|\n|---|---|---|---|---|---:|---|---|---|\n", f);
            for (int s = 0; s < jb->nsolvers; s++)
                if (rn->v[s].have) {
                    md_example(f, jb->solver[s]->name, "first", &rn->v[s].first);
                    md_example(f, jb->solver[s]->name, "smallest", &rn->v[s].smallest);
                }
        }
        fprintf(f, "\nThe oracle's counts by hand sizes (positions / wins for the player to move):\n\n"
                   "| me | enemy | leading | leading wins | answering | answering wins |\n"
                   "|---:|---:|---:|---:|---:|---:|\n");
        for (int x = 1; x <= jb->max_cards; x++)
            for (int y = 1; y <= jb->max_cards; y++)
                if (rn->lead[x][y][0] || rn->ans[x][y][0])
                    fprintf(f, "| %d | %d | %llu | %llu | %llu | %llu |\n", x, y, rn->lead[x][y][0],
                            rn->lead[x][y][1], rn->ans[x][y][0], rn->ans[x][y][1]);
        fprintf(f, "| all | | %llu | %llu | %llu | %llu |\n\n", t[0], t[1], t[2], t[3]);
    }
    fputs("Enumeration order: leading hand a, then the other hand b (both in ascending order of the hand's 60-bit "
          "count word, rank D most significant), the leading position first, then the answering positions after "
          "a's leads in the recogniser's order.\n", f);
}

/* ---- flags ---- */

#define USAGE "usage: ddz verify " DDZ_USAGE_VERIFY

static int bad_flag(const char *fmt, const char *arg)
{
    fputs("ddz verify: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n" USAGE "\n", stderr);
    return 2;
}

static int parse_count(const char *s, long lo, long hi, long *out)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return 0;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

/* Bytes with an optional K, M or G; 64K .. 64G. */
static int parse_bytes(const char *s, size_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return 0;
    unsigned long long v = strtoull(s, &end, 10), mul = 1;
    if (*end == 'K' || *end == 'k')
        mul = 1ull << 10, end++;
    else if (*end == 'M' || *end == 'm')
        mul = 1ull << 20, end++;
    else if (*end == 'G' || *end == 'g')
        mul = 1ull << 30, end++;
    if (*end || v > (64ull << 30) / mul || v * mul < (64ull << 10) || v * mul > (64ull << 30))
        return 0;
    *out = (size_t)(v * mul);
    return 1;
}

/* The oracle's table holds a byte per pair of hands: the hands of 1..n cards of the deck, squared. */
static double table_bytes(ddzo_deck deck, int n)
{
    double ways[2 * MAXN + 1] = {1};
    for (int r = 0; r < DDZ_RANKS; r++) {
        int most = r >= DDZ_RX ? 1 : deck == DDZO_DECK_SMALL && r > DDZ_R8 ? 0 : 4;
        for (int k = n; k >= 1; k--)
            for (int c = 1; c <= most && c <= k; c++)
                ways[k] += ways[k - c];
    }
    double hands = 0;
    for (int k = 1; k <= n; k++)
        hands += ways[k];
    return hands * hands;
}

int ddz_verify_positions(int argc, char **argv)
{
    const char *total_s = NULL, *cards_s = NULL, *deck_s = "full", *rules_s = NULL, *solver_s = "all", *threads_s = "0",
               *memory_s = "16M", *json_s = NULL, *md_s = NULL;
    int quiet = 0;
    static job jb;
    memset(&jb, 0, sizeof jb);
    text = stdout;
    size_t used = (size_t)snprintf(jb.command, sizeof jb.command, "ddz verify");
    for (int i = 1; i < argc; i++) {
        const char **slot = NULL;
        if (used < sizeof jb.command)
            used += (size_t)snprintf(jb.command + used, sizeof jb.command - used, " %s", argv[i]);
        if (strcmp(argv[i], "--positions") == 0)
            continue;
        if (strcmp(argv[i], "--quiet") == 0) {
            quiet = 1;
            continue;
        }
        if (strcmp(argv[i], "--max-cards") == 0)
            slot = &cards_s;
        else if (strcmp(argv[i], "--max-total") == 0)
            slot = &total_s;
        else if (strcmp(argv[i], "--deck") == 0)
            slot = &deck_s;
        else if (strcmp(argv[i], "--rules") == 0)
            slot = &rules_s;
        else if (strcmp(argv[i], "--solver") == 0)
            slot = &solver_s;
        else if (strcmp(argv[i], "--threads") == 0)
            slot = &threads_s;
        else if (strcmp(argv[i], "--memory") == 0)
            slot = &memory_s;
        else if (strcmp(argv[i], "--json") == 0)
            slot = &json_s;
        else if (strcmp(argv[i], "--report") == 0)
            slot = &md_s;
        else
            return bad_flag("--positions: unknown flag '%s'", argv[i]);
        if (i + 1 >= argc)
            return bad_flag("%s wants a value", argv[i]);
        *slot = argv[++i];
        if (used < sizeof jb.command)
            used += (size_t)snprintf(jb.command + used, sizeof jb.command - used, " %s", argv[i]);
    }
    long v;
    jb.max_cards = 3;
    if (cards_s) {
        if (!parse_count(cards_s, 1, MAXN, &v))
            return bad_flag("--max-cards: --positions takes 1..8 cards a side, not '%s'", cards_s);
        jb.max_cards = (int)v;
    }
    jb.max_total = 2 * jb.max_cards;
    if (total_s) {
        if (!parse_count(total_s, 2, 2 * MAXN, &v))
            return bad_flag("--max-total: cards in the two hands, 2..16, not '%s'", total_s);
        jb.max_total = v < jb.max_total ? (int)v : jb.max_total;
    }
    if (strcmp(deck_s, "full") == 0)
        jb.deck = DDZO_DECK_FULL;
    else if (strcmp(deck_s, "small") == 0)
        jb.deck = DDZO_DECK_SMALL;
    else
        return bad_flag("--deck wants full (54 cards) or small (ranks 3..8 and both jokers), not '%s'", deck_s);
    double gb = table_bytes(jb.deck, jb.max_cards) / 1e9;
    if (gb > 4.0) {
        fprintf(stderr, "ddz verify: --max-cards %d: the oracle's table for the %s deck would take %.1f GB (at most 4): "
                        "take fewer cards a side\n" USAGE "\n", jb.max_cards, deck_name(jb.deck), gb);
        return 2;
    }
    if (!parse_count(threads_s, 0, 1024, &v))
        return bad_flag("--threads wants 0..1024 (0 = all cores), not '%s'", threads_s);
    jb.threads = v ? (int)v : omp_get_num_procs();
    if (!parse_bytes(memory_s, &jb.memory))
        return bad_flag("--memory wants a size 64K..64G (bytes or K, M, G), not '%s'", memory_s);
    if (rules_s) {
        ddz_error e;
        if (ddz_parse_rules(rules_s, &jb.runs[0].rules, &e) != DDZ_OK) {
            fprintf(stderr, "ddz verify: --rules '%s': %s\n" USAGE "\n", rules_s, e.message);
            return 2;
        }
        jb.nruns = 1;
    } else
        for (int c = 0; c < DDZ_CONVENTIONS; c++) {
            jb.runs[c].rules.convention = (ddz_convention)c;
            jb.runs[c].rules.forbidden = 0;
            jb.nruns++;
        }
    for (int r = 0; r < jb.nruns; r++)
        ddz_format_rules(&jb.runs[r].rules, jb.runs[r].name, sizeof jb.runs[r].name);
    if (strcmp(solver_s, "all") == 0)
        for (int s = 0; ddz_solvers[s] && s < MAXS; s++)
            jb.solver[jb.nsolvers++] = ddz_solvers[s];
    else if (strcmp(solver_s, "none") != 0) {
        char names[256];
        if (strlen(solver_s) >= sizeof names)
            return bad_flag("--solver: name list too long: '%s'", solver_s);
        strcpy(names, solver_s);
        for (char *tok = strtok(names, ","); tok; tok = strtok(NULL, ",")) {
            const ddz_solver *sv = ddz_solver_find(tok);
            if (!sv)
                return bad_flag("--solver wants all, none or names from fast, naive, seed004 (commas between), "
                                "not '%s'", solver_s);
            for (int s = 0; s < jb.nsolvers; s++)
                if (jb.solver[s] == sv)
                    return bad_flag("--solver names a solver twice: '%s'", solver_s);
            if (jb.nsolvers == MAXS)
                return bad_flag("--solver: too many names: '%s'", solver_s);
            jb.solver[jb.nsolvers++] = sv;
        }
        if (!jb.nsolvers)
            return bad_flag("--solver wants all, none or solver names, not '%s'", solver_s);
    }
    if (json_s && md_s && strcmp(json_s, md_s) == 0)
        return bad_flag("--json and --report name the same file '%s'", json_s);
    /* the reports are checked now and written once the run is complete (output.h): an
     * interrupted or failed run leaves what the paths held */
    if ((json_s && !cli_out_check("verify", "--json", json_s)) || (md_s && !cli_out_check("verify", "--report", md_s)))
        return 1;
    /* with a report on standard output, the text goes to standard error */
    if ((json_s && strcmp(json_s, "-") == 0) || (md_s && strcmp(md_s, "-") == 0))
        text = stderr;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    omp_set_num_threads(jb.threads);

    double t0 = ddz_now();
    int rc = 0;
    for (int r = 0; r < jb.nruns && !rc; r++) {
        rc = judge_rules(&jb, &jb.runs[r], !quiet);
        if (!rc)
            print_run(&jb, &jb.runs[r]);
        fflush(text);
    }
    jb.seconds = ddz_now() - t0;
    if (rc) {
        if (rc == 130)
            fprintf(stderr, "ddz verify: interrupted by %s; the run is incomplete and no report was written\n",
                    stop_signal == SIGTERM ? "SIGTERM" : "SIGINT");
        return rc;
    }
    jb.complete = 1;
    int bad = unflagged_failures(&jb);
    int caught = 0;
    for (int r = 0; r < jb.nruns; r++)
        for (int s = 0; s < jb.nsolvers; s++)
            caught += jb.solver[s]->flawed && jb.runs[r].v[s].mismatches;
    fprintf(text, "verdict: %s%s\n", bad ? "an unflagged solver disagrees with the oracle (FAILED)" : "every unflagged solver agrees with the oracle",
           caught ? "; the flagged port is caught (expected)" : "");
    cli_out o;
    if (json_s) {
        if (cli_out_open(&o, "verify", "--json", json_s, CLI_OUT_REPLACE)) {
            write_json(o.f, &jb);
            bad |= cli_out_close(&o);
        } else
            bad = 1;
    }
    if (md_s) {
        if (cli_out_open(&o, "verify", "--report", md_s, CLI_OUT_REPLACE)) {
            write_md(o.f, &jb);
            bad |= cli_out_close(&o);
        } else
            bad = 1;
    }
    if (stop_signal) { /* e.g. while waiting for a FIFO's reader: the open fails with EINTR */
        fprintf(stderr, "ddz verify: interrupted by %s while the reports were written; a report not written "
                        "keeps what its path held\n", stop_signal == SIGTERM ? "SIGTERM" : "SIGINT");
        return 130;
    }
    return bad;
}
