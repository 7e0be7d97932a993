/* ddz verify --positions3: every three-player solver judged against the three-player retrograde
 * oracle on every position of a small universe (all three seats to move, leading and answering),
 * in parallel, with counts that do not depend on the thread count and a Markdown report. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_oracle3.h"
#include "ddz_solver3.h"
#include "output.h"

#define MAXS3 4

#define USAGE3                                                                                              \
    "usage: ddz verify --positions3 [--max-cards N] [--deck small|full] [--rules R] [--solver all|none|NAME,...]\n" \
    "                  [--threads N] [--report FILE] [--quiet]\n"

static int usage3(const char *msg, const char *arg)
{
    fprintf(stderr, "ddz verify: %s '%s'\n" USAGE3, msg, arg);
    return 2;
}

/* One solver's verdict: positions, mismatches, and the first mismatch in enumeration order
 * (key: first hand, second, third, then the position's place among the triple's). */
typedef struct {
    unsigned long long positions, mismatches;
    double seconds;
    unsigned long long first_key;
    ddz_position3 first;
    int oracle, said;
} verdict3;

typedef struct {
    unsigned long long lead, lead_lw, ans, ans_lw;
} counts3;

typedef struct {
    const ddzo3_table *t;
    const ddz_rules *rules;
    const ddz_solver3 *const *solver;
    int nsolvers;
    ddz_result *res;
    verdict3 *v; /* this thread's */
    counts3 *c;
} judge_ctx;

static void judge(judge_ctx *j, const ddz_position3 *p, unsigned long long key, int answering)
{
    int o = ddzo3_value(j->t, p);
    if (answering) {
        j->c->ans++;
        j->c->ans_lw += o == 1;
    } else {
        j->c->lead++;
        j->c->lead_lw += o == 1;
    }
    ddz_solve_options opt = {.threads = 1, .all_first_moves = 0};
    for (int s = 0; s < j->nsolvers; s++) {
        double t0 = omp_get_wtime();
        ddz_outcome out = j->solver[s]->solve(p, j->rules, &opt, j->res);
        j->v[s].seconds += omp_get_wtime() - t0;
        int said = ddz3_landlord_wins(p, out);
        j->v[s].positions++;
        if (said != o) {
            if (!j->v[s].mismatches || key < j->v[s].first_key) {
                j->v[s].first_key = key;
                j->v[s].first = *p;
                j->v[s].oracle = o;
                j->v[s].said = said;
            }
            j->v[s].mismatches++;
        }
    }
}

static const char *side_name(int lw) { return lw == 1 ? "landlord" : lw == 0 ? "farmers" : "error"; }

int ddz_verify_positions3(int argc, char **argv)
{
    int max_cards = 3, threads = 0, quiet = 0, nrules = 0, nsolvers = -1;
    ddzo_deck deck = DDZO_DECK_SMALL;
    const char *report = NULL;
    const ddz_solver3 *solver[MAXS3];
    ddz_rules rules[DDZ_CONVENTIONS];
    ddz_error e;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--positions3") == 0)
            continue;
        if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
            continue;
        }
        if (a[0] != '-' || !val)
            return usage3("unknown or incomplete flag", a);
        i++;
        if (strcmp(a, "--max-cards") == 0) {
            char *end;
            long v = strtol(val, &end, 10);
            if (*end || end == val || v < 1 || v > 4)
                return usage3("--max-cards wants 1..4, not", val);
            max_cards = (int)v;
        } else if (strcmp(a, "--deck") == 0) {
            if (strcmp(val, "small") == 0)
                deck = DDZO_DECK_SMALL;
            else if (strcmp(val, "full") == 0)
                deck = DDZO_DECK_FULL;
            else
                return usage3("--deck wants small or full, not", val);
        } else if (strcmp(a, "--rules") == 0) {
            if (ddz_parse_rules(val, &rules[0], &e) != DDZ_OK) {
                fprintf(stderr, "ddz verify: --rules '%s': %s\n", val, e.message);
                return 2;
            }
            nrules = 1;
        } else if (strcmp(a, "--threads") == 0) {
            char *end;
            long v = strtol(val, &end, 10);
            if (*end || end == val || v < 0 || v > 1024)
                return usage3("--threads wants 0 (all cores) to 1024, not", val);
            threads = (int)v;
        } else if (strcmp(a, "--report") == 0) {
            report = val;
        } else if (strcmp(a, "--solver") == 0) {
            nsolvers = 0;
            if (strcmp(val, "all") == 0) {
                for (size_t k = 0; ddz_solvers3[k] && nsolvers < MAXS3; k++)
                    solver[nsolvers++] = ddz_solvers3[k];
            } else if (strcmp(val, "none") != 0) {
                char buf[256];
                snprintf(buf, sizeof buf, "%s", val);
                for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                    const ddz_solver3 *s = ddz_solver3_find(tok);
                    if (!s)
                        return usage3("--solver: no such three-player solver (fast3, naive3):", tok);
                    if (nsolvers == MAXS3)
                        return usage3("--solver: too many solvers:", val);
                    solver[nsolvers++] = s;
                }
            }
        } else
            return usage3("unknown flag", a);
    }
    if (nsolvers < 0) {
        nsolvers = 0;
        for (size_t k = 0; ddz_solvers3[k] && nsolvers < MAXS3; k++)
            solver[nsolvers++] = ddz_solvers3[k];
    }
    if (nrules == 0)
        for (int c = 0; c < DDZ_CONVENTIONS; c++)
            rules[nrules++] = (ddz_rules){(ddz_convention)c, 0};
    if (threads > 0)
        omp_set_num_threads(threads);
    int nthreads = threads > 0 ? threads : omp_get_max_threads();

    FILE *md = NULL;
    cli_out rep;
    if (report) {
        if (!cli_out_open(&rep, "verify", "--report", report, CLI_OUT_REPLACE))
            return 1;
        md = rep.f;
        fprintf(md, "# Three-player solvers against the retrograde oracle\n\n`ddz verify --positions3 --max-cards %d "
                    "--deck %s` (%d threads): every position of three disjoint hands of 1..%d cards of the %s deck, "
                    "each seat to lead, and every answering position a lead makes (the next seat, and the one after "
                    "it, to answer).\n\n",
                max_cards, deck == DDZO_DECK_SMALL ? "small" : "full", nthreads, max_cards,
                deck == DDZO_DECK_SMALL ? "reduced (3..8 and both jokers, 26 cards)" : "full");
        fprintf(md, "| rules | hands | leading | landlord wins | answering | landlord wins |");
        for (int s = 0; s < nsolvers; s++)
            fprintf(md, " %s mismatches |", solver[s]->name);
        fprintf(md, "\n|---|---:|---:|---:|---:|---:|");
        for (int s = 0; s < nsolvers; s++)
            fprintf(md, "---:|");
        fputc('\n', md);
    }
    int bad = 0;
    for (int r = 0; r < nrules; r++) {
        char rn[128];
        ddz_format_rules(&rules[r], rn, sizeof rn);
        double t0 = ddz_now();
        ddzo3_table *t = ddzo3_build(deck, max_cards, &rules[r]);
        if (!t) {
            fprintf(stderr, "ddz verify: the three-player oracle's table could not be built (out of memory)\n");
            if (md)
                cli_out_discard(&rep);
            return 1;
        }
        double build_s = ddz_now() - t0;
        size_t nh = ddzo3_nhands(t);
        if (!quiet)
            fprintf(stderr, "ddz verify: %s: %zu hands, oracle table %.1f s; judging...\n", rn, nh, build_s);
        verdict3 total[MAXS3];
        counts3 cnt = {0, 0, 0, 0};
        memset(total, 0, sizeof total);
        t0 = ddz_now();
        int failed = 0;
#pragma omp parallel
        {
            verdict3 v[MAXS3];
            counts3 c = {0, 0, 0, 0};
            memset(v, 0, sizeof v);
            ddz_result *res = malloc(sizeof *res);
            judge_ctx j = {t, &rules[r], solver, nsolvers, res, v, &c};
            if (!res) {
#pragma omp atomic write
                failed = 1;
            }
#pragma omp for schedule(dynamic, 1)
            for (size_t a = 0; a < nh; a++) {
                if (!res)
                    continue;
                for (size_t b = 0; b < nh; b++)
                    for (size_t k = 0; k < nh; k++) {
                        if (!ddzo3_fits(t, a, b, k))
                            continue;
                        size_t idx[3] = {a, b, k};
                        unsigned long long key = ((unsigned long long)a * nh + b) * nh + k, sub = 0;
                        ddz_position3 p = {{ddzo3_hand(t, a), ddzo3_hand(t, b), ddzo3_hand(t, k)}, 0, 0,
                                           {0, DDZ_PASS, 0, 0}};
                        for (int s = 0; s < 3; s++) {
                            p.turn = p.by = (uint8_t)s;
                            p.last = (ddz_move){0, DDZ_PASS, 0, 0};
                            judge(&j, &p, key << 20 | sub++, 0);
                        }
                        /* the answering positions: seat s led x (keeping a card), the next seat
                         * or the one after it answers */
                        for (int s = 0; s < 3; s++) {
                            size_t nm;
                            const ddz_move *lm = ddzo3_lead_moves(t, idx[s], &nm);
                            for (size_t m = 0; m < nm; m++) {
                                if (lm[m].cards == p.hand[s])
                                    continue;
                                ddz_position3 q = p;
                                q.hand[s] = p.hand[s] - lm[m].cards;
                                q.last = lm[m];
                                q.by = (uint8_t)s;
                                for (int d = 1; d <= 2; d++) {
                                    q.turn = (uint8_t)((s + d) % 3);
                                    judge(&j, &q, key << 20 | sub++, 1);
                                }
                            }
                        }
                    }
            }
#pragma omp critical
            {
                cnt.lead += c.lead;
                cnt.lead_lw += c.lead_lw;
                cnt.ans += c.ans;
                cnt.ans_lw += c.ans_lw;
                for (int s = 0; s < nsolvers; s++) {
                    total[s].positions += v[s].positions;
                    total[s].seconds += v[s].seconds;
                    if (v[s].mismatches && (!total[s].mismatches || v[s].first_key < total[s].first_key)) {
                        total[s].first_key = v[s].first_key;
                        total[s].first = v[s].first;
                        total[s].oracle = v[s].oracle;
                        total[s].said = v[s].said;
                    }
                    total[s].mismatches += v[s].mismatches;
                }
            }
            free(res);
        }
        ddzo3_free(t);
        if (failed) {
            fprintf(stderr, "ddz verify: out of memory while judging\n");
            bad = 1;
        }
        double judge_s = ddz_now() - t0;
        printf("positions3 %s, %s deck, 1..%d cards a hand: %zu hands; leading %llu positions (landlord wins %llu), "
               "answering %llu (landlord wins %llu); oracle %.1f s, judging %.1f s\n",
               rn, deck == DDZO_DECK_SMALL ? "small" : "full", max_cards, nh, cnt.lead, cnt.lead_lw, cnt.ans, cnt.ans_lw,
               build_s, judge_s);
        if (md)
            fprintf(md, "| %s | %zu | %llu | %llu | %llu | %llu |", rn, nh, cnt.lead, cnt.lead_lw, cnt.ans, cnt.ans_lw);
        for (int s = 0; s < nsolvers; s++) {
            printf("  %-7s %llu positions, %llu mismatches, %.2f us/position\n", solver[s]->name, total[s].positions,
                   total[s].mismatches, total[s].positions ? 1e6 * total[s].seconds / (double)total[s].positions : 0.0);
            if (md)
                fprintf(md, " %llu |", total[s].mismatches);
            if (total[s].mismatches) {
                char pb[256], args[256];
                ddz3_format_position(&total[s].first, pb, sizeof pb);
                ddz3_format_args(&total[s].first, args, sizeof args);
                printf("    first: %s (oracle: %s, %s: %s); replay: ddz solve3 %s\n", pb, side_name(total[s].oracle),
                       solver[s]->name, side_name(total[s].said), args);
                bad = 1;
            }
        }
        if (md)
            fputc('\n', md);
    }
    if (md) {
        fprintf(md, "\nPositions are counted once each (a position's hands, seat to move, move to beat and its maker); "
                    "\"landlord wins\" is the oracle's value.\n");
        if (cli_out_close(&rep))
            return 1;
    }
    return bad;
}
