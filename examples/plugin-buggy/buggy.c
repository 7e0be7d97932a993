/* A deliberately wrong plugin, to show that mjverify catches it: it takes the pair only from a
 * kind held exactly twice, so 11123m + melds (pair out of a triplet) is wrongly "no". */
#include <mjverify_plugin.h>

static bool melds_only(unsigned char c[34])
{
    int k = 0;
    while (k < 34 && !c[k]) k++;
    if (k == 34) return true;
    if (c[k] >= 3) {
        c[k] -= 3;
        bool ok = melds_only(c);
        c[k] += 3;
        return ok;
    }
    if (k >= 27 || k % 9 > 6 || !c[k + 1] || !c[k + 2]) return false;
    c[k]--, c[k + 1]--, c[k + 2]--;
    bool ok = melds_only(c);
    c[k]++, c[k + 1]++, c[k + 2]++;
    return ok;
}

static bool is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r;
    if (h->tiles % 3 != 2) return false;
    unsigned char c[34];
    for (int k = 0; k < 34; k++) c[k] = h->count[k];
    for (int k = 0; k < 34; k++) {
        if (c[k] != 2) continue; /* THE BUG: should be `if (c[k] < 2) continue;` */
        c[k] -= 2;
        bool ok = melds_only(c);
        c[k] += 2;
        if (ok) return true;
    }
    return false;
}

MJ_PLUGIN_EXPORT const mj_plugin mj_plugin_entry = {
    .abi = MJ_PLUGIN_ABI,
    .size = sizeof(mj_plugin),
    .name = "buggy",
    .summary = "example with a bug: the pair only from a kind held exactly twice",
    .forms = MJ_FORM_STD,
    .max_kinds = 34,
    .is_win = is_win,
};
