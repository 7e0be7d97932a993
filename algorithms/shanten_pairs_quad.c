/* sh-7p-quad (flagged): seven pairs scored by counting pairs as count / 2 per kind, so that a
 * kind held four times is two pairs, under rules (riichi) where seven pairs must be seven
 * distinct kinds; the standard form and thirteen orphans right (sh-table's). This is the
 * seven-pairs formula of rule sets that allow a quad as two pairs (7p4, Sichuan), used where
 * they do not: 1111223344556m... is scored nearer than it is. Ported for the oracle to catch;
 * the smallest counterexample is in tests/check_shanten.c. */
#include "shanten_common.h"

extern const mj_shanten_algo mj_shanten_table;

static int pairs_quad_shanten(const mj_hand *h, const mj_rules *r)
{
    mj_rules others = *r;
    others.forms &= ~(unsigned)(MJ_FORM_7P | MJ_FORM_7P4);
    int best = others.forms ? mj_shanten_table.shanten(h, &others) : 99;
    if (h->tiles >= 13 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4))) {
        int pairs = 0, singles = 0;
        for (int k = 0; k < MJ_KINDS; k++) pairs += h->count[k] / 2, singles += h->count[k] % 2;
        int need = 7 - pairs;
        if (need < 0) need = 0;
        int s = (need <= singles ? need : singles + 2 * (need - singles)) - 1;
        if (s < best) best = s;
    }
    return best;
}

const mj_shanten_algo mj_shanten_pairs_quad = {
    .name = "sh-7p-quad",
    .summary = "seven pairs counted as count/2 per kind (a quad two pairs) under distinct-pairs rules",
    .source = "the 7p4 counting rule applied to riichi's seven distinct pairs",
    .forms = MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O,
    .max_kinds = MJ_KINDS,
    .flawed = true,
    .flaw = "a quad counted as two of the seven pairs where the pairs must be distinct kinds",
    .init = NULL,
    .shanten = pairs_quad_shanten,
};
