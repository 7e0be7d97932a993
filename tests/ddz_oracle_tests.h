/* Helpers shared by the Dou Dizhu oracle's quick and exhaustive suites: a hand from text, and
 * the generator compared with the oracle's recogniser on every hand up to a size. Included by
 * check_ddz_oracle.c and check_ddz_oracle_exhaustive.c only (static definitions). */
#ifndef DDZ_ORACLE_TESTS_H
#define DDZ_ORACLE_TESTS_H

#include <check.h>
#include <stdlib.h>

#include "ddz_movegen.h"
#include "ddz_oracle.h"

static ddz_hand H(const char *text)
{
    ddz_hand h;
    ddz_error e;
    ck_assert_msg(ddz_parse_hand(text, 0, &h, &e) == DDZ_OK, "%s", e.message);
    return h;
}


static ddz_move gen[4096], rec[4096], leads[4096];
static unsigned long long compared;

static void same(ddz_hand hand, const ddz_move *last, const ddz_rules *r)
{
    size_t ng = ddz_generate(hand, last, r, gen, 4096), nr = ddzo_moves(hand, last, r, rec, 4096);
    char hb[64], mb[96];
    ddz_format_hand(hand, hb, sizeof hb);
    ddz_format_move(last, mb, sizeof mb);
    ck_assert_msg(ng == nr, "hand %s beat %s: generator %zu moves, recogniser %zu", hb, mb, ng, nr);
    qsort(gen, ng, sizeof *gen, ddz_move_compare);
    qsort(rec, nr, sizeof *rec, ddz_move_compare);
    for (size_t i = 0; i < ng; i++)
        ck_assert_msg(ddz_move_compare(&gen[i], &rec[i]) == 0, "hand %s beat %s: move %zu differs", hb, mb, i);
    compared++;
}

static void every_hand(int r, ddz_hand h, int size, int most, const ddz_rules *rules)
{
    if (r == DDZ_RANKS) {
        ddz_move pass = {0, DDZ_PASS, 0, 0};
        if (!size)
            return;
        same(h, &pass, rules);
        size_t nl = ddzo_moves(h, &pass, rules, leads, 4096);
        for (size_t k = 0; k < nl; k++) {
            ddz_move last = leads[k];
            same(h, &last, rules);
        }
        return;
    }
    for (int c = 0; c <= (r >= DDZ_RX ? 1 : 4) && size + c <= most; c++)
        every_hand(r + 1, ddz_add(h, r, c), size + c, most, rules);
}

#endif
