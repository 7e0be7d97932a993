/* Fuzzes every unflagged shanten calculator: bytes become a rule set and a hand of a size that
 * has a shanten number; each calculator's shanten must equal the reference's (the oracle's
 * mj_truth_shanten), and
 * its effective tiles (native or the registry's trial) the definition applied with the checked
 * sh-table; a disagreement prints the hand in mpsz and aborts. */
#include "fuzz_common.h"

#include "mj_shanten.h"

#include "mj_shanten_truth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const rule_sets[] = {"riichi", "sichuan", "basic", "sanma", "7p,13o", "std,7p4", "std,13o", "7p4"};

static int reference(const mj_hand *h, const mj_rules *r) { return mj_truth_shanten(h, r); }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        if (mj_shanten_algos_init() != 0) fz_fail(data, size, "a shanten calculator failed to build its tables");
        if (mj_truth_shanten_init() != 0) fz_fail(data, size, "the shanten truth failed to build its tables");
        ready = true;
    }
    if (size < 2) return 0;
    mj_rules r;
    mj_error err;
    if (mj_rules_parse(rule_sets[data[0] % (sizeof rule_sets / sizeof rule_sets[0])], 0, &r, &err) != MJ_OK) return 0;
    /* each later byte one tile: the (byte % kinds)-th kind of the tile set; fifth copies skipped */
    int kinds[MJ_KINDS], nk = 0;
    mj_kindset set = mj_rules_tileset(&r);
    for (int k = 0; k < MJ_KINDS; k++)
        if (set >> k & 1) kinds[nk++] = k;
    mj_hand h;
    mj_hand_clear(&h);
    for (size_t i = 1; i < size && h.tiles < 14; i++) mj_hand_add(&h, kinds[data[i] % nk]);
    if (!mj_shanten_size_ok(h.tiles) || (!(r.forms & MJ_FORM_STD) && h.tiles < 13)) return 0;
    char hand[MJ_FORMAT_CAP];
    if (mj_format(&h, MJ_NOTATION_MPSZ, hand, sizeof hand) != MJ_OK) fz_hand_text(&h, hand, sizeof hand);
    int want = reference(&h, &r);
    const mj_shanten_algo *table = mj_shanten_find("sh-table");
    int s_table;
    mj_kindset effective = mj_shanten_effective_by_trial(table, &h, &r, &s_table);
    for (size_t i = 0; i < mj_shanten_algo_count; i++) {
        const mj_shanten_algo *a = mj_shanten_algos[i];
        if (a->flawed || !mj_shanten_supports(a, &r)) continue;
        int got = a->shanten(&h, &r);
        if (got != want) fz_fail(data, size, "%s says shanten %d of %s under %s, the reference %d", a->name, got, hand, r.name, want);
        /* the baseline's effective tiles by trial cost hundreds of searches: the fast ones only */
        if (strcmp(a->name, "sh-backtrack") == 0 || strcmp(a->name, "sh-dp") == 0) continue;
        int s;
        mj_kindset e = mj_shanten_effective(a, &h, &r, &s);
        if (e != effective || s != want) {
            char x[160], y[160];
            mj_format_kindset(e, x, sizeof x);
            mj_format_kindset(effective, y, sizeof y);
            fz_fail(data, size, "%s says effective %s (shanten %d) of %s under %s, the definition %s", a->name, x, s, hand,
                    r.name, y);
        }
    }
    return 0;
}
