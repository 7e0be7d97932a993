/* verify modes shanten and effective: a correct calculator agrees on every hand, a broken one is
 * caught with its smallest counterexample, win checks hold is_win == (shanten == -1), and the
 * totals do not depend on threads, shards or a resume; sanma hands are enumerated exactly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "mj_checkpoint.h"
#include "mj_oracle.h"
#include "mj_shanten_truth.h"
#include "shanten_search.h"
#include "testutil.h"

/* ---- candidates built only here ---- */

static int search_shanten(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return brute_shanten(h, r);
}

static mj_kindset search_effective(const void *ctx, const mj_hand *h, const mj_rules *r, int *shanten_out)
{
    (void)ctx;
    int s = brute_shanten(h, r);
    *shanten_out = s;
    return brute_effective(h, r, s);
}

/* Deliberately broken: a four-of-a-kind counted as a triplet plus a pair's half (one less). */
static int quad_shanten(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    int s = brute_shanten(h, r);
    for (int k = 0; k < MJ_KINDS; k++)
        if (h->count[k] == 4 && s >= 0) return s - 1;
    return s;
}

static bool via_backtrack(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx;
    return mj_algo_is_win(mj_algo_find("backtrack"), h, r);
}

static mj_verify_result *run(mj_verify_config *cfg)
{
    mj_verify_result *res = malloc(sizeof *res);
    mj_error err;
    ck_assert_msg(mj_verify_prepare(cfg, res, &err) == MJ_OK, "%s", err.message);
    ck_assert_int_eq(mj_verify_run(cfg, res, &err), MJ_VERIFY_DONE);
    return res;
}

static void assert_same(const mj_verify_result *a, const mj_verify_result *b)
{
    ck_assert_uint_eq(a->truth.hands, b->truth.hands);
    ck_assert_uint_eq(a->truth.positives, b->truth.positives);
    ck_assert_mem_eq(a->wait_hist, b->wait_hist, sizeof a->wait_hist);
    for (uint32_t c = 0; c < a->ncands; c++) {
        ck_assert_uint_eq(a->cands[c].total.mismatches, b->cands[c].total.mismatches);
        ck_assert_uint_eq(a->cands[c].nsmallest, b->cands[c].nsmallest);
        for (uint32_t i = 0; i < a->cands[c].nsmallest; i++)
            ck_assert(mj_hand_equal(&a->cands[c].smallest[i].hand, &b->cands[c].smallest[i].hand));
    }
}

static const mj_candidate cands[3] = {
    {.name = "search", .shanten = search_shanten, .effective = search_effective},
    {.name = "quad", .flawed = true, .shanten = quad_shanten},
    {.name = "is_win:backtrack", .is_win = via_backtrack},
};

/* Every one-suit hand of 1-8 tiles (basic): the search agrees, the broken one is caught at 4
 * tiles (1111m: shanten 1, it says 0), the win check holds the identity; the distribution
 * table holds every hand once. */
START_TEST(shanten_mode_judges)
{
    mj_verify_config cfg = {.tiles = 9, .size_min = 1, .size_max = 8, .rules = tu_rules("basic"),
                            .mode = MJ_MODE_SHANTEN, .cands = cands, .ncands = 3, .threads = 2};
    mj_verify_result *res = run(&cfg);
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    ck_assert_uint_gt(res->cands[1].total.mismatches, 0);
    ck_assert_uint_eq(res->cands[1].total.false_nonwins, 0); /* it only ever says too little */
    ck_assert_uint_eq(res->cands[1].smallest[0].hand.tiles, 4);
    ck_assert_uint_eq(res->cands[1].smallest[0].hand.count[0], 4);
    ck_assert_uint_eq(res->cands[1].smallest[0].truth, 2); /* shanten 1, stored + 1 */
    ck_assert_uint_eq(res->cands[2].total.mismatches, 0);
    uint64_t sum = 0;
    for (int n = 1; n <= 8; n++) {
        uint64_t in_size = 0;
        for (int s = 0; s <= MJ_KINDS; s++) in_size += res->wait_hist[n][s];
        ck_assert_uint_eq(in_size, res->truth_by_size[n].hands);
        if (n % 3 == 0) ck_assert_uint_eq(res->truth_by_size[n].hands, 0);
        else ck_assert_uint_eq(res->truth_by_size[n].hands, mj_oracle_hands(9, n));
        sum += in_size;
    }
    ck_assert_uint_eq(sum, res->truth.hands);
    ck_assert_uint_eq(res->truth.positives, res->wait_hist[2][0] + res->wait_hist[5][0] + res->wait_hist[8][0]);
    /* one thread, and two shards merged, give the same */
    cfg.threads = 1;
    mj_verify_result *one = run(&cfg);
    assert_same(res, one);
    cfg.threads = 2;
    cfg.shards = 2;
    mj_verify_result *parts[2];
    for (uint32_t i = 0; i < 2; i++) {
        cfg.shard = i;
        parts[i] = run(&cfg);
    }
    mj_verify_result *merged = malloc(sizeof *merged);
    mj_error err;
    ck_assert(mj_verify_merge((const mj_verify_result *const *)parts, 2, merged, &err) == MJ_OK);
    assert_same(res, merged);
    free(res), free(one), free(parts[0]), free(parts[1]), free(merged);
}
END_TEST

/* A run stopped after its first batch (all of size 7) and resumed from its checkpoint ends where
 * one run does. */
static volatile sig_atomic_t stop_now;

START_TEST(shanten_mode_resumes)
{
    char path[] = "/tmp/mj_shanten_ckpt_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    remove(path);
    mj_verify_config cfg = {.tiles = 9, .size_min = 7, .size_max = 8, .rules = tu_rules("basic"),
                            .mode = MJ_MODE_SHANTEN, .cands = cands, .ncands = 3, .threads = 2};
    mj_verify_result *whole = run(&cfg);
    cfg.checkpoint = path;
    cfg.stop = &stop_now;
    mj_verify_result *res = malloc(sizeof *res);
    mj_error err;
    ck_assert(mj_verify_prepare(&cfg, res, &err) == MJ_OK);
    stop_now = 1;
    ck_assert_int_eq(mj_verify_run(&cfg, res, &err), MJ_VERIFY_STOPPED);
    ck_assert(!res->complete);
    ck_assert_int_eq(mj_checkpoint_load(path, res, &err), MJ_OK);
    stop_now = 0;
    ck_assert_int_eq(mj_verify_run(&cfg, res, &err), MJ_VERIFY_DONE);
    assert_same(whole, res);
    remove(path);
    free(whole), free(res);
}
END_TEST

/* Effective tiles: the search's agree on every one-suit hand of 1-8 tiles, on one thread and
 * two (the truth's long blocks fold the outer kinds once a block, short ones once a hand, and
 * the threads cut blocks differently), and the kinds of the suits the rules hold but the pass
 * leaves empty count (1111m + 5p is shanten 0); a shanten-only candidate is refused for this
 * mode. */
START_TEST(effective_mode_judges)
{
    mj_verify_config cfg = {.tiles = 9, .size_min = 1, .size_max = 8, .rules = tu_rules("basic"),
                            .mode = MJ_MODE_EFFECTIVE, .cands = cands, .ncands = 1, .threads = 2};
    for (int threads = 1; threads <= 2; threads++) {
        cfg.threads = threads;
        mj_verify_result *res = run(&cfg);
        ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
        ck_assert_uint_eq(res->truth.hands, mj_oracle_hands(9, 1) + mj_oracle_hands(9, 2) + mj_oracle_hands(9, 4) +
                                                mj_oracle_hands(9, 5) + mj_oracle_hands(9, 7) + mj_oracle_hands(9, 8));
        ck_assert_uint_gt(res->truth.positives, 0);
        free(res);
    }
    cfg.cands = cands + 1;
    mj_verify_result tmp;
    mj_error err;
    ck_assert(mj_verify_prepare(&cfg, &tmp, &err) != MJ_OK);
}
END_TEST

/* Sanma's 27 kinds are enumerated exactly (as many hands as any 27 kinds hold), and shanten there
 * knows no 2m-8m: the search agrees on every hand of up to 5 tiles. */
START_TEST(sanma_enumerated)
{
    mj_verify_config cfg = {.tiles = 34, .size_min = 1, .size_max = 5, .rules = tu_rules("sanma"),
                            .mode = MJ_MODE_SHANTEN, .cands = cands, .ncands = 1, .threads = 2};
    mj_verify_result *res = run(&cfg);
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    for (int n = 1; n <= 5; n++)
        if (n % 3) ck_assert_uint_eq(res->truth_by_size[n].hands, mj_oracle_hands(27, n));
    free(res);
    mj_candidate win = cands[2];
    cfg.mode = MJ_MODE_WIN;
    cfg.cands = &win;
    cfg.size_max = 6;
    res = run(&cfg);
    for (int n = 1; n <= 6; n++) ck_assert_uint_eq(res->truth_by_size[n].hands, mj_oracle_hands(27, n));
    ck_assert_uint_eq(res->cands[0].total.mismatches, 0);
    ck_assert_uint_gt(res->truth.positives, 0);
    free(res);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("shanten_verify");
    TCase *tc = tcase_create("modes");
    tcase_add_test(tc, shanten_mode_judges);
    tcase_add_test(tc, shanten_mode_resumes);
    tcase_add_test(tc, effective_mode_judges);
    tcase_add_test(tc, sanma_enumerated);
    suite_add_tcase(s, tc);
    return tu_run(s);
}
