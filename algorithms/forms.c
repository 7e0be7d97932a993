/* Seven pairs, thirteen orphans and kong removal around any standard-form decider. */
#include "mj_forms.h"

#include <string.h>

bool mj_forms_special14(const uint8_t count[MJ_KINDS], const mj_rules *r)
{
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        bool even = true, four = false;
        for (int k = 0; k < r->kinds; k++) {
            even &= !(count[k] & 1);
            four |= count[k] == 4;
        }
        if (even && (!four || (r->forms & MJ_FORM_7P4))) return true;
    }
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) {
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int held = 0;
        for (int i = 0; i < 13; i++) held += count[orphans[i]] >= 1 && count[orphans[i]] <= 2 ? count[orphans[i]] : 99;
        if (held == 14) return true; /* all 13 present, one twice, 14 tiles: nothing else */
    }
    return false;
}

static bool kongs(uint8_t c[MJ_KINDS], int tiles, int kinds, int from, int left, mj_std_fn std)
{
    if (left == 0) return std(c, tiles, kinds);
    for (int k = from; k < kinds; k++) {
        if (c[k] != 4) continue;
        c[k] = 0;
        bool ok = kongs(c, tiles - 4, kinds, k + 1, left - 1, std);
        c[k] = 4;
        if (ok) return true;
    }
    return false;
}

bool mj_forms_is_win(const mj_hand *h, const mj_rules *r, mj_std_fn std)
{
    int n = h->tiles;
    uint8_t c[MJ_KINDS];
    memcpy(c, h->count, sizeof c);
    if ((r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2 && std(c, n, r->kinds)) return true;
    if (n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && mj_forms_special14(c, r)) return true;
    if ((r->forms & MJ_FORM_KONGS) && n >= 15 && n <= 18) return kongs(c, n, r->kinds, 0, n - 14, std);
    return false;
}
