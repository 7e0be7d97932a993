/* Seven pairs, thirteen orphans and kong removal around any standard-form decider. */
#include "mj_forms.h"

#include <string.h>

bool mj_forms_special14(const uint8_t count[MJ_KINDS], const mj_rules *r)
{
    if (r->forms & (MJ_FORM_7P | MJ_FORM_7P4)) {
        /* counts are 0..4: bit 0 marks an odd count, bit 2 a four; OR all 34 bytes at once,
         * read as five words straight from count (bytes 26..33 twice) */
        uint64_t w0, w1, w2, w3, w4; /* scalars: a local array would be stored and read back */
        memcpy(&w0, count, 8);
        memcpy(&w1, count + 8, 8);
        memcpy(&w2, count + 16, 8);
        memcpy(&w3, count + 24, 8);
        memcpy(&w4, count + MJ_KINDS - 8, 8);
        uint64_t all = w0 | w1 | w2 | w3 | w4;
        bool even = (all & 0x0101010101010101ull) == 0;
        bool four = (all & 0x0404040404040404ull) != 0;
        if (even && (!four || (r->forms & MJ_FORM_7P4))) return true;
    }
    if ((r->forms & MJ_FORM_13O) && r->kinds == MJ_KINDS) {
        static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
        int held = 0;
        for (int i = 0; i < 13; i++) {
            int n = count[orphans[i]];
            if (n == 0 || n > 2) return false; /* most hands stop at the first orphan */
            held += n;
        }
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
    if ((r->forms & MJ_FORM_STD) && n <= 14 && n % 3 == 2 && std(h->count, n, r->kinds)) return true;
    if (n == 14 && (r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && mj_forms_special14(h->count, r))
        return true;
    if ((r->forms & MJ_FORM_KONGS) && n >= 15 && n <= 18) {
        uint8_t c[MJ_KINDS]; /* kongs are set aside in a copy */
        memcpy(c, h->count, sizeof c);
        return kongs(c, n, r->kinds, 0, n - 14, std);
    }
    return false;
}
