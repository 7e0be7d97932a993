/* Seven pairs, thirteen orphans and kong removal around any standard-form decider. */
#include "mj_forms.h"

#include <string.h>

bool mj_forms_orphans14(const uint8_t count[MJ_KINDS])
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    int held = 0;
    for (int i = 0; i < 13; i++) {
        int n = count[orphans[i]];
        if (n == 0 || n > 2) return false; /* most hands stop at the first orphan */
        held += n;
    }
    return held == 14; /* all 13 present, one twice, 14 tiles: nothing else */
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

bool mj_forms_kongs(const mj_hand *h, const mj_rules *r, mj_std_fn std)
{
    int n = h->tiles;
    uint8_t c[MJ_KINDS]; /* kongs are set aside in a copy */
    memcpy(c, h->count, sizeof c);
    return kongs(c, n, r->kinds, 0, n - 14, std);
}
