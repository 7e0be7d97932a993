/* The oracle: its ground truth reproduces the published one-suit figures, its enumerator catches a
 * broken algorithm, gives the same totals on any thread count and across a resume, and refuses
 * corrupt checkpoints. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mj_checkpoint.h"
#include "mj_oracle.h"
#include "mj_truth.h"
#include "testutil.h"

static mj_rules rules27(const char *spec)
{
    mj_rules r;
    mj_error err;
    ck_assert_msg(mj_rules_parse(spec, MJ_SUITED_KINDS, &r, &err) == MJ_OK, "%s", err.message);
    return r;
}

/* ---- candidates built only here ---- */

static bool via_backtrack(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return mj_algo_is_win(mj_algo_find("backtrack"), h, r);
}

static mj_kindset waits_backtrack(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return mj_algo_waits(mj_algo_find("backtrack"), h, r);
}

/* Deliberately broken standard-form check: the pair is the lowest kind held twice, then melds
 * are taken greedily with no backtracking, so 11122m (111 + 22) is rejected. */
static bool broken_is_win(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    (void)r;
    if (h->tiles % 3 != 2 || h->tiles > 14) return false;
    uint8_t c[MJ_KINDS];
    memcpy(c, h->count, sizeof c);
    int k = 0;
    while (k < MJ_KINDS && c[k] < 2) k++;
    if (k == MJ_KINDS) return false;
    c[k] -= 2;
    for (k = 0; k < MJ_KINDS; k++) {
        while (c[k] >= 3) c[k] -= 3;
        while (c[k] > 0) {
            if (k >= MJ_HONOR_BASE || k % 9 > 6 || !c[k + 1] || !c[k + 2]) return false;
            c[k]--, c[k + 1]--, c[k + 2]--;
        }
    }
    return true;
}

static mj_kindset broken_waits(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    mj_kindset set = 0;
    mj_hand t = *h;
    t.tiles++;
    for (int k = 0; k < r->kinds; k++) {
        if (h->count[k] >= 4) continue;
        t.count[k]++;
        if (broken_is_win(ctx, &t, r)) set |= (mj_kindset)1 << k;
        t.count[k]--;
    }
    return set;
}

static mj_verify_result *run(const mj_verify_config *cfg)
{
    mj_verify_result *res = malloc(sizeof *res);
    mj_error err;
    ck_assert_ptr_nonnull(res);
    ck_assert_msg(mj_verify_prepare(cfg, res, &err) == MJ_OK, "%s", err.message);
    ck_assert_msg(mj_verify_run(cfg, res, &err) == MJ_VERIFY_DONE, "%s", err.message);
    ck_assert(res->complete);
    return res;
}

static bool same_cex(const mj_counterexample *a, const mj_counterexample *b)
{
    return a->rank == b->rank && a->truth == b->truth && a->got == b->got && mj_hand_equal(&a->hand, &b->hand);
}

/* Everything but timing and thread count must be equal. */
static void assert_same(const mj_verify_result *a, const mj_verify_result *b)
{
#define SAME_TALLY(x, y)                                                                                              \
    do {                                                                                                              \
        ck_assert_uint_eq((x).hands, (y).hands);                                                                      \
        ck_assert_uint_eq((x).positives, (y).positives);                                                              \
        ck_assert_uint_eq((x).mismatches, (y).mismatches);                                                            \
        ck_assert_uint_eq((x).false_wins, (y).false_wins);                                                            \
        ck_assert_uint_eq((x).false_nonwins, (y).false_nonwins);                                                      \
    } while (0)
    SAME_TALLY(a->truth, b->truth);
    ck_assert_uint_eq(a->ncands, b->ncands);
    ck_assert(memcmp(a->wait_hist, b->wait_hist, sizeof a->wait_hist) == 0);
    for (int n = 0; n <= MJ_MAX_TILES; n++) SAME_TALLY(a->truth_by_size[n], b->truth_by_size[n]);
    for (uint32_t i = 0; i < a->ncands; i++) {
        const mj_candidate_result *x = &a->cands[i], *y = &b->cands[i];
        SAME_TALLY(x->total, y->total);
        for (int n = 0; n <= MJ_MAX_TILES; n++) SAME_TALLY(x->by_size[n], y->by_size[n]);
        ck_assert_uint_eq(x->nfirst, y->nfirst);
        ck_assert_uint_eq(x->nsmallest, y->nsmallest);
        for (uint32_t k = 0; k < x->nfirst; k++) ck_assert(same_cex(&x->first[k], &y->first[k]));
        for (uint32_t k = 0; k < x->nsmallest; k++) ck_assert(same_cex(&x->smallest[k], &y->smallest[k]));
    }
#undef SAME_TALLY
}

/* Every one-suit hand through the per-hand API, walked here independently of the enumerator. */
static void one_suit_hands(int size, void (*fn)(const mj_hand *h, void *ctx), void *ctx)
{
    mj_hand h;
    for (int key = 0; key < 1953125; key++) {
        mj_hand_clear(&h);
        int x = key, t = 0;
        for (int i = 0; i < 9; i++, x /= 5) {
            h.count[i] = (uint8_t)(x % 5);
            t += x % 5;
        }
        if (t != size) continue;
        h.tiles = (uint8_t)t;
        fn(&h, ctx);
    }
}

typedef struct {
    mj_rules r;
    uint64_t hands, wins, hist[MJ_KINDS + 1];
} tally_ctx;

static void count_win(const mj_hand *h, void *ctx)
{
    tally_ctx *t = ctx;
    t->hands++;
    t->wins += mj_truth_is_win(h, &t->r);
}

static void count_waits(const mj_hand *h, void *ctx)
{
    tally_ctx *t = ctx;
    mj_kindset w = mj_truth_waits(h, &t->r);
    t->hands++;
    t->wins += w != 0;
    t->hist[__builtin_popcountll(w)]++;
}

static const uint64_t published_waits[10] = {0, 14067, 14493, 6739, 2948, 1335, 392, 79, 16, 1};

/* The published one-suit figures, by the per-hand truth API. */
START_TEST(one_suit_truth_api)
{
    ck_assert_int_eq(mj_truth_init(), 0);
    tally_ctx t = {.r = rules27("basic")};
    one_suit_hands(14, count_win, &t);
    ck_assert_uint_eq(t.hands, 118800);
    ck_assert_uint_eq(t.wins, 13259);
    memset(&t, 0, sizeof t);
    t.r = rules27("basic");
    one_suit_hands(13, count_waits, &t);
    ck_assert_uint_eq(t.hands, 93600);
    ck_assert_uint_eq(t.wins, 40070);
    for (int w = 1; w <= 9; w++) ck_assert_uint_eq(t.hist[w], published_waits[w]);
    for (int w = 10; w <= MJ_KINDS; w++) ck_assert_uint_eq(t.hist[w], 0);
}
END_TEST

/* The same figures from the enumerator (waits histogram included) and from the counting mode. */
START_TEST(one_suit_enumerated)
{
    mj_rules r = rules27("basic");
    uint64_t hands, pos, hist[MJ_KINDS + 1];
    mj_error err;
    ck_assert(mj_oracle_count(9, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    ck_assert_uint_eq(hands, 118800);
    ck_assert_uint_eq(pos, 13259);
    ck_assert(mj_oracle_count(9, 13, &r, MJ_MODE_WAITS, 2, &hands, &pos, hist, &err) == MJ_OK);
    ck_assert_uint_eq(hands, 93600);
    ck_assert_uint_eq(pos, 40070);
    for (int w = 1; w <= 9; w++) ck_assert_uint_eq(hist[w], published_waits[w]);
    mj_verify_config cfg = {.tiles = 9, .size_min = 14, .size_max = 14, .rules = r, .threads = 2};
    mj_verify_result *res = run(&cfg);
    ck_assert_uint_eq(res->truth.hands, 118800);
    ck_assert_uint_eq(res->truth.positives, 13259);
    free(res);
}
END_TEST

/* Special forms from their definitions match closed-form counts computed here. */
START_TEST(special_form_counts)
{
    uint64_t hands, pos;
    mj_error err;
    mj_rules r = rules27("7p");
    ck_assert(mj_oracle_count(27, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    ck_assert_uint_eq(pos, 888030); /* C(27,7) */
    r = rules27("7p4");
    ck_assert(mj_oracle_count(27, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    uint64_t expect = 0, c[35][35] = {{0}};
    for (int n = 0; n <= 34; n++)
        for (int k = 0; k <= n; k++) c[n][k] = k == 0 || k == n ? 1 : c[n - 1][k - 1] + c[n - 1][k];
    for (int fours = 0; 2 * fours <= 7; fours++) expect += c[27][fours] * c[27 - fours][7 - 2 * fours];
    ck_assert_uint_eq(pos, expect);
    ck_assert(mj_rules_parse("13o", MJ_KINDS, &r, &err) == MJ_OK);
    ck_assert(mj_oracle_count(34, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    ck_assert_uint_eq(pos, 13);
    /* kongs at 18 tiles: four kongs set aside leave a pair, so C(27,4) kong sets times 23 pairs */
    r = rules27("kongs");
    ck_assert(mj_oracle_count(27, 18, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    ck_assert_uint_eq(pos, c[27][4] * 23);
    ck_assert(mj_oracle_count(27, 14, &r, MJ_MODE_WIN, 0, &hands, &pos, NULL, &err) == MJ_OK);
    ck_assert_uint_eq(pos, 0); /* kongs alone win only at 15..18 tiles */
}
END_TEST

/* The enumerator's truth agrees with backtrack on every 27-kind hand up to 5 tiles under three
 * presets, and on every one-suit hand of 14 to 18 tiles under the mediatek rules (kongs). */
START_TEST(backtrack_agrees_small)
{
    static const char *presets[] = {"basic", "sichuan", "mediatek"};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        mj_rules r = rules27(presets[i]);
        mj_candidate c = {.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack};
        mj_verify_config cfg = {.tiles = 27, .size_min = 1, .size_max = 5, .rules = r, .cands = &c, .ncands = 1};
        mj_verify_result *res = run(&cfg);
        ck_assert_msg(res->cands[0].total.mismatches == 0, "backtrack disagrees under %s", presets[i]);
        free(res);
    }
    /* kongs (15..18 tiles) and seven pairs with fours, on every one-suit hand of 14..18 tiles */
    mj_rules r = rules27("mediatek");
    mj_candidate c = {.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack};
    mj_verify_config cfg = {.tiles = 9, .size_min = 14, .size_max = 18, .rules = r, .cands = &c, .ncands = 1};
    mj_verify_result *res = run(&cfg);
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    ck_assert_uint_gt(res->truth_by_size[18].positives, 0);
    free(res);
}
END_TEST

/* A deliberately broken algorithm is caught, with real counterexamples, smallest first. */
START_TEST(broken_is_caught)
{
    mj_rules r = rules27("basic");
    mj_candidate c[2] = {{.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack},
                         {.name = "broken", .flawed = true, .is_win = broken_is_win, .waits = broken_waits}};
    mj_verify_config cfg = {.tiles = 9, .size_min = 1, .size_max = 14, .rules = r, .cands = c, .ncands = 2,
                            .cex_keep = 5};
    mj_verify_result *res = run(&cfg);
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    const mj_candidate_result *b = &res->cands[1];
    ck_assert_uint_gt(b->total.mismatches, 0);
    ck_assert_uint_eq(b->total.false_wins, 0); /* it only ever misses wins */
    ck_assert_uint_eq(b->total.false_nonwins, b->total.mismatches);
    ck_assert_uint_eq(b->nfirst, 5);
    ck_assert_uint_eq(b->nsmallest, 5);
    for (uint32_t i = 0; i < b->nfirst; i++) {
        const mj_counterexample *x = &b->first[i];
        ck_assert_uint_eq(x->truth, mj_truth_is_win(&x->hand, &r));
        ck_assert_uint_eq(x->got, broken_is_win(NULL, &x->hand, &r));
        ck_assert_uint_ne(x->truth, x->got);
    }
    char text[MJ_FORMAT_CAP];
    mj_format(&b->smallest[0].hand, MJ_NOTATION_MPSZ, text, sizeof text);
    ck_assert_str_eq(text, "11122m");
    free(res);
    /* waits mode: the same flaw shows as missing waits */
    cfg.mode = MJ_MODE_WAITS;
    cfg.size_min = cfg.size_max = 4;
    res = run(&cfg);
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    ck_assert_uint_gt(res->cands[1].total.false_nonwins, 0);
    free(res);
}
END_TEST

/* Totals and counterexample lists do not depend on the number of threads. */
START_TEST(same_for_any_thread_count)
{
    mj_rules r = rules27("sichuan");
    mj_candidate c[2] = {{.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack},
                         {.name = "broken", .flawed = true, .is_win = broken_is_win, .waits = broken_waits}};
    mj_verify_config cfg = {.tiles = 27, .size_min = 1, .size_max = 7, .rules = r, .cands = c, .ncands = 2, .threads = 1};
    mj_verify_result *one = run(&cfg);
    cfg.threads = 2;
    mj_verify_result *two = run(&cfg);
    cfg.threads = 3;
    mj_verify_result *three = run(&cfg);
    assert_same(one, two);
    assert_same(one, three);
    ck_assert_uint_gt(one->cands[1].total.mismatches, 0);
    free(one);
    free(two);
    free(three);
}
END_TEST

/* The batch entry (mj_candidate.is_win_batch): the same tallies and counterexamples, ranks
 * included, as one call a hand, with the batch really called on runs longer than one array. */
static atomic_long batch_calls, batch_hands;

static size_t broken_batch(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    atomic_fetch_add(&batch_calls, 1);
    atomic_fetch_add(&batch_hands, (long)n);
    size_t wins = 0;
    for (size_t i = 0; i < n; i++) wins += out[i] = broken_is_win(ctx, &hands[i], r);
    return wins;
}

static size_t backtrack_batch(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    (void)ctx;
    return mj_algo_is_win_batch(mj_algo_find("backtrack"), hands, n, r, out);
}

START_TEST(batch_same_as_per_hand)
{
    mj_rules r = rules27("sichuan");
    mj_candidate c[2] = {{.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack},
                         {.name = "broken", .flawed = true, .is_win = broken_is_win, .waits = broken_waits}};
    mj_verify_config cfg = {.tiles = 27, .size_min = 1, .size_max = 8, .rules = r, .cands = c, .ncands = 2,
                            .threads = 2, .cex_keep = 10};
    mj_verify_result *per_hand = run(&cfg);
    c[0].is_win_batch = backtrack_batch;
    c[1].is_win_batch = broken_batch;
    atomic_store(&batch_calls, 0);
    atomic_store(&batch_hands, 0);
    mj_verify_result *batched = run(&cfg);
    assert_same(per_hand, batched);
    ck_assert_uint_gt(per_hand->cands[1].total.mismatches, 0);
    ck_assert_uint_eq(per_hand->cands[1].nfirst, 10);
    /* every hand went through the batch, in arrays longer than one block of the last group */
    ck_assert_uint_eq((uint64_t)atomic_load(&batch_hands), batched->truth.hands);
    ck_assert_uint_lt((uint64_t)atomic_load(&batch_calls) * 8, batched->truth.hands);
    free(per_hand);
    free(batched);
}
END_TEST

/* Every candidate judges every hand in one pass: each gets the tallies and counterexample
 * lists it gets when judged alone, whatever the others answer or how they are called, and
 * the truth's tallies are those of the truth alone (which takes a path without hands). */
static bool liar_is_win(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return mj_truth_is_win(h, r) != (h->count[4] == 3); /* wrong both ways on hands with three 5m */
}

static size_t liar_batch(const void *ctx, const mj_hand *hands, size_t n, const mj_rules *r, uint8_t *out)
{
    size_t wins = 0;
    for (size_t i = 0; i < n; i++) wins += out[i] = liar_is_win(ctx, &hands[i], r);
    return wins;
}

static mj_kindset liar_waits(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return mj_truth_waits(h, r) ^ (h->count[4] == 3 ? (mj_kindset)1 << 5 : 0); /* 6m: a wait of 5556m, not of 5558m */
}

START_TEST(each_candidate_as_if_alone)
{
    mj_rules r = rules27("sichuan");
    mj_candidate c[3] = {{.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack},
                         {.name = "broken", .flawed = true, .is_win = broken_is_win, .waits = broken_waits,
                          .is_win_batch = broken_batch},
                         {.name = "liar", .flawed = true, .is_win = liar_is_win, .waits = liar_waits,
                          .is_win_batch = liar_batch}};
    for (int mode = 0; mode < 2; mode++) {
        mj_verify_config cfg = {.tiles = 27, .size_min = mode ? 4 : 1, .size_max = mode ? 5 : 7, .rules = r,
                                .mode = mode ? MJ_MODE_WAITS : MJ_MODE_WIN, .cands = c, .ncands = 3, .threads = 2,
                                .cex_keep = 8};
        mj_verify_result *all = run(&cfg);
        ck_assert_uint_eq(all->cands[0].total.mismatches, 0);
        ck_assert_uint_gt(all->cands[1].total.mismatches, 0);
        ck_assert_uint_gt(all->cands[2].total.false_wins, 0);
        ck_assert_uint_gt(all->cands[2].total.false_nonwins, 0);
        for (uint32_t i = 0; i < 3; i++) {
            mj_verify_config one = cfg;
            one.cands = &c[i];
            one.ncands = 1;
            mj_verify_result *alone = run(&one);
            mj_verify_result *picked = malloc(sizeof *picked);
            *picked = *all;
            picked->ncands = 1;
            picked->cands[0] = all->cands[i];
            assert_same(alone, picked);
            free(alone);
            free(picked);
        }
        mj_verify_config none = cfg;
        none.ncands = 0;
        mj_verify_result *truth = run(&none);
        all->ncands = 0;
        assert_same(truth, all);
        free(truth);
        free(all);
    }
}
END_TEST

/* ---- checkpoints ---- */

static atomic_long calls;
static long stop_after;
static volatile sig_atomic_t stop_now;

static bool stopping_broken(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    if (stop_after && atomic_fetch_add(&calls, 1) == stop_after) stop_now = 1;
    return broken_is_win(ctx, h, r);
}

static char ckpt_path[256];

static void make_checkpoint(mj_verify_config *cfg, mj_candidate *c, mj_rules *r)
{
    *r = rules27("basic");
    c[0] = (mj_candidate){.name = "backtrack", .is_win = via_backtrack, .waits = waits_backtrack};
    c[1] = (mj_candidate){.name = "broken", .flawed = true, .is_win = stopping_broken, .waits = broken_waits};
    *cfg = (mj_verify_config){.tiles = 27, .size_min = 5, .size_max = 8, .rules = *r, .cands = c, .ncands = 2,
                              .threads = 2, .checkpoint = ckpt_path, .stop = &stop_now};
    snprintf(ckpt_path, sizeof ckpt_path, "check_oracle_%ld.ckpt", (long)getpid());
}

/* A run stopped midway, saved, loaded and resumed ends with the totals of an unbroken run. */
START_TEST(resume_gives_same_totals)
{
    mj_verify_config cfg;
    mj_candidate c[2];
    mj_rules r;
    make_checkpoint(&cfg, c, &r);
    mj_error err;
    mj_verify_result *whole = malloc(sizeof *whole), *part = malloc(sizeof *part);
    stop_after = 0;
    cfg.checkpoint = NULL;
    ck_assert(mj_verify_prepare(&cfg, whole, &err) == MJ_OK);
    ck_assert(mj_verify_run(&cfg, whole, &err) == MJ_VERIFY_DONE);

    cfg.checkpoint = ckpt_path;
    atomic_store(&calls, 0);
    stop_after = 2000000; /* inside size 7's broken pass */
    stop_now = 0;
    ck_assert(mj_verify_prepare(&cfg, part, &err) == MJ_OK);
    ck_assert_int_eq(mj_verify_run(&cfg, part, &err), MJ_VERIFY_STOPPED);
    ck_assert(!part->complete);
    memset(part, 0xAB, sizeof *part);
    ck_assert_msg(mj_checkpoint_load(ckpt_path, part, &err) == MJ_OK, "%s", err.message);
    ck_assert(!part->complete);
    ck_assert_uint_gt(part->next_pass + part->next_rank, 0);
    stop_after = 0;
    stop_now = 0;
    cfg.threads = 1; /* resuming on another thread count changes nothing */
    ck_assert_msg(mj_verify_run(&cfg, part, &err) == MJ_VERIFY_DONE, "%s", err.message);
    assert_same(whole, part);
    ck_assert_uint_gt(whole->cands[1].total.mismatches, 0);

    /* a checkpoint of another run is refused by the run */
    mj_verify_result *other = malloc(sizeof *other);
    ck_assert(mj_checkpoint_load(ckpt_path, other, &err) == MJ_OK);
    cfg.size_max = 9;
    ck_assert_int_eq(mj_verify_run(&cfg, other, &err), MJ_VERIFY_FAILED);
    ck_assert_msg(strstr(err.message, "different run") != NULL, "%s", err.message);
    remove(ckpt_path);
    free(whole);
    free(part);
    free(other);
}
END_TEST

/* A stop seen after the last batch (the signal lands as the run ends): the saved state is
 * complete and loads, and the resumed run only writes the summary. */
START_TEST(stop_after_last_batch_saves_complete_state)
{
    mj_verify_config cfg;
    mj_candidate c[2];
    mj_rules r;
    make_checkpoint(&cfg, c, &r);
    cfg.size_min = cfg.size_max = 2; /* one pass, one batch */
    cfg.ncands = 1;
    mj_error err;
    mj_verify_result *whole = malloc(sizeof *whole), *part = malloc(sizeof *part);
    stop_after = 0;
    stop_now = 0;
    cfg.checkpoint = NULL;
    ck_assert(mj_verify_prepare(&cfg, whole, &err) == MJ_OK);
    ck_assert(mj_verify_run(&cfg, whole, &err) == MJ_VERIFY_DONE);
    cfg.checkpoint = ckpt_path;
    ck_assert(mj_verify_prepare(&cfg, part, &err) == MJ_OK);
    stop_now = 1; /* seen after the run's only batch */
    ck_assert_int_eq(mj_verify_run(&cfg, part, &err), MJ_VERIFY_STOPPED);
    ck_assert(part->complete);
    ck_assert_msg(mj_checkpoint_load(ckpt_path, part, &err) == MJ_OK, "%s", err.message);
    ck_assert(part->complete);
    stop_now = 0;
    ck_assert_msg(mj_verify_run(&cfg, part, &err) == MJ_VERIFY_DONE, "%s", err.message);
    assert_same(whole, part);
    remove(ckpt_path);
    free(whole);
    free(part);
}
END_TEST

/* A finished run of the checkpoint tests' two candidates at sizes lo..hi, encoded into buf. */
static mj_verify_result *run_encoded(mj_verify_config *cfg, mj_candidate *c, mj_rules *r, int lo, int hi, uint8_t *buf,
                                     size_t cap, size_t *n)
{
    make_checkpoint(cfg, c, r);
    cfg->size_min = lo;
    cfg->size_max = hi;
    cfg->checkpoint = NULL;
    stop_after = 0;
    mj_verify_result *res = run(cfg);
    *n = mj_checkpoint_encode(res, buf, cap);
    return res;
}

/* Corrupt, truncated, padded, foreign or mismatched bytes are refused with a message naming why. */
START_TEST(corrupt_checkpoint_refused)
{
    mj_verify_config cfg;
    mj_candidate c[2];
    mj_rules r;
    static uint8_t buf[MJ_CHECKPOINT_MAX];
    size_t n;
    mj_verify_result *res = run_encoded(&cfg, c, &r, 5, 5, buf, sizeof buf, &n), *out = malloc(sizeof *out);
    mj_error err;
    ck_assert_uint_gt(n, 0);
    ck_assert_msg(mj_checkpoint_parse(buf, n, out, &err) == MJ_OK, "%s", err.message);
    assert_same(res, out);
    static const struct {
        size_t at;
        const char *why;
    } flips[] = {{0, "magic"}, {8, "version"}, {20, "length"}, {100, "checksum"}};
    for (size_t i = 0; i < sizeof flips / sizeof flips[0]; i++) {
        buf[flips[i].at] ^= 0x40;
        ck_assert(mj_checkpoint_parse(buf, n, out, &err) != MJ_OK);
        ck_assert_msg(strstr(err.message, flips[i].why) != NULL, "flip at %zu: '%s'", flips[i].at, err.message);
        buf[flips[i].at] ^= 0x40;
    }
    for (size_t cut = 0; cut < n; cut += 97) {
        ck_assert(mj_checkpoint_parse(buf, cut, out, &err) != MJ_OK);
        ck_assert(err.message[0] != 0);
    }
    ck_assert(mj_checkpoint_parse(NULL, 0, out, &err) != MJ_OK);
    /* random bytes after a valid header are refused, never crash */
    mj_rng rng = {tu_seed("corrupt_checkpoint_refused", 4)};
    for (int t = 0; t < 2000; t++) {
        static uint8_t junk[4096];
        size_t len = mj_rng_below(&rng, sizeof junk);
        for (size_t i = 0; i < len; i++) junk[i] = (uint8_t)mj_rng_next(&rng);
        if (len > 8 && t % 2) memcpy(junk, buf, 8);
        ck_assert(mj_checkpoint_parse(junk, len, out, &err) != MJ_OK);
    }
    free(res);
    free(out);
}
END_TEST

/* Format 1 (a pass for the truth and one per algorithm in each size) is read where a size
 * begins, its position converted, so the summaries it wrote still merge; a format 1 state
 * stopped inside a size is refused with the reason. */
static uint64_t fnv1a(const uint8_t *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* buf (format 3) without its last payload field, the tile set, which formats 1 and 2 lack */
static void drop_tileset(uint8_t *buf, size_t *n)
{
    *n -= 8;
    put32(buf + 20, (uint32_t)(*n - 24 - 8));
}

/* buf as format 1 with its position at v1_pass (offsets: mj_checkpoint.h and checkpoint.c) */
static void as_format_1(uint8_t *buf, size_t n, uint32_t v1_pass, bool complete)
{
    put32(buf + 8, 1);
    put32(buf + 120, v1_pass);
    memset(buf + 124, 0, 8); /* next_rank */
    buf[132] = complete;
    uint64_t sum = fnv1a(buf, n - 8);
    for (int i = 0; i < 8; i++) buf[n - 8 + (size_t)i] = (uint8_t)(sum >> (8 * i));
}

START_TEST(format_1_read_where_a_size_begins)
{
    mj_verify_config cfg;
    mj_candidate c[2];
    mj_rules r;
    static uint8_t buf[MJ_CHECKPOINT_MAX];
    size_t n;
    mj_verify_result *res = run_encoded(&cfg, c, &r, 5, 6, buf, sizeof buf, &n), *out = malloc(sizeof *out);
    mj_error err;
    ck_assert_uint_gt(n, 137);
    ck_assert_uint_eq(buf[8], MJ_CHECKPOINT_VERSION);
    ck_assert_uint_eq(buf[116], 2); /* the offsets above: ncands, next_pass, complete */
    ck_assert_uint_eq(buf[120], 2);
    ck_assert_uint_eq(buf[132], 1);
    drop_tileset(buf, &n);
    /* finished: format 1 said 2 sizes x (truth + 2 algorithms) = 6 passes */
    as_format_1(buf, n, 6, true);
    ck_assert_msg(mj_checkpoint_parse(buf, n, out, &err) == MJ_OK, "%s", err.message);
    ck_assert(out->complete);
    ck_assert_uint_eq(out->next_pass, 2);
    assert_same(res, out);
    ck_assert_uint_eq(out->config_hash, mj_verify_config_hash(&cfg)); /* the same run */
    /* stopped between the sizes: size 6 starts afresh */
    as_format_1(buf, n, 3, false);
    ck_assert_msg(mj_checkpoint_parse(buf, n, out, &err) == MJ_OK, "%s", err.message);
    ck_assert(!out->complete);
    ck_assert_uint_eq(out->next_pass, 1);
    /* stopped inside size 6 (its truth pass done): refused, saying why */
    as_format_1(buf, n, 4, false);
    ck_assert(mj_checkpoint_parse(buf, n, out, &err) != MJ_OK);
    ck_assert_msg(strstr(err.message, "inside a size") != NULL, "%s", err.message);
    /* a format 1 position past its passes */
    as_format_1(buf, n, 9, false);
    ck_assert(mj_checkpoint_parse(buf, n, out, &err) != MJ_OK);
    free(res);
    free(out);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("oracle");
    TCase *truth = tcase_create("truth");
    tcase_add_test(truth, one_suit_truth_api);
    tcase_add_test(truth, one_suit_enumerated);
    tcase_add_test(truth, special_form_counts);
    suite_add_tcase(s, truth);
    TCase *judge = tcase_create("judgement");
    tcase_set_timeout(judge, 600);
    tcase_add_test(judge, backtrack_agrees_small);
    tcase_add_test(judge, broken_is_caught);
    tcase_add_test(judge, same_for_any_thread_count);
    tcase_add_test(judge, batch_same_as_per_hand);
    tcase_add_test(judge, each_candidate_as_if_alone);
    suite_add_tcase(s, judge);
    TCase *ck = tcase_create("checkpoint");
    tcase_set_timeout(ck, 600);
    tcase_add_test(ck, resume_gives_same_totals);
    tcase_add_test(ck, stop_after_last_batch_saves_complete_state);
    tcase_add_test(ck, corrupt_checkpoint_refused);
    tcase_add_test(ck, format_1_read_where_a_size_begins);
    suite_add_tcase(s, ck);
    if (mj_algos_init() != 0 || mj_truth_init() != 0) {
        fputs("check_oracle: tables failed to build\n", stderr);
        return 1;
    }
    return tu_run(s);
}
