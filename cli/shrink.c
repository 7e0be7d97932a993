/* Counterexample shrinking: from a hand a checker gets wrong, walk to a smallest hand it still
 * gets wrong (fewer tiles first, then tiles moved to lower kinds), so the report shows the bug
 * and not the noise around it. */
#include "plugin.h"

#include "mj_shanten_truth.h"
#include "mj_truth.h"

/* Tries each smaller neighbour of h in turn; takes the first that still fails. */
static bool step(mj_hand *h, int kinds, cli_fails_fn fails, void *ctx)
{
    mj_hand t;
    /* fewer tiles: a triplet, a run, a pair, one tile */
    for (int drop = 3; drop >= 1; drop--)
        for (int k = 0; k < kinds; k++) {
            for (int run = 0; run < (drop == 3 ? 2 : 1); run++) {
                t = *h;
                bool ok = true;
                for (int i = 0; i < drop && ok; i++) {
                    int kind = run ? k + i : k;
                    ok = kind < kinds && (!run || mj_kind_suit(kind) == mj_kind_suit(k)) && !mj_kind_is_honor(kind) == !mj_kind_is_honor(k) &&
                         mj_hand_remove(&t, kind);
                }
                if (run && mj_kind_is_honor(k)) ok = false;
                if (ok && t.tiles > 0 && fails(ctx, &t)) return *h = t, true;
            }
        }
    /* the same size, towards a canonical form: one tile to a lower kind, or two kinds' counts
     * swapped so the larger is lower, or a whole kind moved lower */
    for (int k = 1; k < kinds; k++) {
        if (!h->count[k]) continue;
        for (int j = 0; j < k; j++) {
            t = *h;
            if (mj_hand_remove(&t, k) && mj_hand_add(&t, j) && fails(ctx, &t)) return *h = t, true;
            if (h->count[j] < h->count[k]) { /* swap: the larger count to the lower kind */
                t = *h;
                t.count[j] = h->count[k];
                t.count[k] = h->count[j];
                if (fails(ctx, &t)) return *h = t, true;
            }
            if (h->count[j] == 0) {
                t = *h;
                t.count[j] = t.count[k];
                t.count[k] = 0;
                if (fails(ctx, &t)) return *h = t, true;
            }
        }
    }
    return false;
}

void cli_shrink(const mj_hand *start, int kinds, cli_fails_fn fails, void *ctx, mj_hand *out)
{
    *out = *start;
    /* every step lowers (tiles, sum of kind indices): it ends */
    while (step(out, kinds, fails, ctx)) {
    }
}

void cli_print_counterexample(FILE *out, const char *name, const mj_hand *h, const mj_rules *r, mj_verify_mode mode,
                              uint64_t got)
{
    char hand[MJ_FORMAT_CAP], truth[300], said[160], how[256];
    mj_format(h, MJ_NOTATION_MPSZ, hand, sizeof hand);
    if (mode == MJ_MODE_SHANTEN) {
        int s = mj_truth_shanten(h, r);
        if (got == MJ_VERIFY_NOT_COMPLETE) snprintf(said, sizeof said, "not complete (is_win: no)");
        else snprintf(said, sizeof said, "%d", (int)got - 1);
        fprintf(out, "counterexample for %s: %s (%d tiles): truth shanten %d, %s says %s\n", name, hand, h->tiles, s, name,
                said);
        return;
    }
    if (mode == MJ_MODE_EFFECTIVE) {
        int s;
        mj_kindset t = mj_truth_effective(h, r, &s);
        mj_format_kindset(t, truth, sizeof truth);
        mj_format_kindset(got & (((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1), said, sizeof said);
        fprintf(out, "counterexample for %s: %s (%d tiles): truth effective %s (%d tiles left, shanten %d), %s says %s (shanten %d)\n",
                name, hand, h->tiles, truth, mj_truth_effective_count(h, t), s, name, said,
                (int)(got >> MJ_VERIFY_SHANTEN_SHIFT) - 1);
        return;
    }
    if (mode == MJ_MODE_WAITS) {
        mj_format_kindset(mj_truth_waits(h, r), truth, sizeof truth);
        mj_format_kindset(got, said, sizeof said);
        fprintf(out, "counterexample for %s: %s (%d tiles): truth waits %s, %s says %s\n", name, hand, h->tiles, truth,
                name, said);
        return;
    }
    bool win = mj_truth_is_win(h, r);
    if (win && mj_explain(h, r, how, sizeof how)) snprintf(truth, sizeof truth, "win (%s)", how);
    else snprintf(truth, sizeof truth, "%s", win ? "win" : "no (no decomposition)");
    fprintf(out, "counterexample for %s: %s (%d tiles): truth %s, %s says %s\n", name, hand, h->tiles, truth, name,
            got ? "win" : "no");
}

typedef struct {
    const mj_candidate *c;
    const mj_rules *r;
    mj_verify_mode mode;
} cand_ctx;

/* The truth in the form the candidate's answer takes (mj_counterexample's encodings). */
static uint64_t truth_answer(const cand_ctx *x, const mj_hand *h)
{
    switch (x->mode) {
    case MJ_MODE_WAITS: return mj_truth_waits(h, x->r);
    case MJ_MODE_SHANTEN: return (uint64_t)(mj_truth_shanten(h, x->r) + 1) & 0xff;
    case MJ_MODE_EFFECTIVE: {
        int s;
        mj_kindset set = mj_truth_effective(h, x->r, &s);
        return set | ((uint64_t)(s + 1) & 0xff) << MJ_VERIFY_SHANTEN_SHIFT;
    }
    default: return mj_truth_is_win(h, x->r);
    }
}

static uint64_t cand_answer(const cand_ctx *x, const mj_hand *h)
{
    const mj_candidate *c = x->c;
    switch (x->mode) {
    case MJ_MODE_WAITS: return c->waits(c->ctx, h, x->r);
    case MJ_MODE_SHANTEN:
        if (c->shanten) return (uint64_t)(c->shanten(c->ctx, h, x->r) + 1) & 0xff;
        if (c->is_win(c->ctx, h, x->r)) return 0;
        return mj_truth_shanten(h, x->r) == -1 ? MJ_VERIFY_NOT_COMPLETE : truth_answer(x, h);
    case MJ_MODE_EFFECTIVE: {
        int s = MJ_TRUTH_NO_SHANTEN;
        mj_kindset set = c->effective(c->ctx, h, x->r, &s);
        return (set & (((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1)) | ((uint64_t)(s + 1) & 0xff) << MJ_VERIFY_SHANTEN_SHIFT;
    }
    default: return (uint64_t)c->is_win(c->ctx, h, x->r);
    }
}

static bool cand_fails(void *ctx, const mj_hand *h)
{
    const cand_ctx *x = ctx;
    /* only hands the run could have held: within the tile set and, for shanten, of 3k+1 or 3k+2 tiles */
    for (int k = 0; k < MJ_KINDS; k++)
        if (h->count[k] && !(mj_rules_tileset(x->r) >> k & 1)) return false;
    if ((x->mode == MJ_MODE_SHANTEN || x->mode == MJ_MODE_EFFECTIVE) && (h->tiles % 3 == 0 || h->tiles > 14)) return false;
    return cand_answer(x, h) != truth_answer(x, h);
}

void cli_shrink_report(FILE *out, const mj_verify_result *res, const mj_candidate *cands, const mj_rules *r)
{
    for (uint32_t i = 0; i < res->ncands; i++) {
        const mj_candidate_result *c = &res->cands[i];
        if (c->flawed || !c->total.mismatches || !c->nsmallest) continue;
        cand_ctx x = {&cands[i], r, res->mode};
        mj_hand small;
        cli_shrink(&c->smallest[0].hand, r->kinds, cand_fails, &x, &small);
        cli_print_counterexample(out, c->name, &small, r, res->mode, cand_answer(&x, &small));
    }
}
