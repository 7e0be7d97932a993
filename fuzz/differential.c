/* Fuzzes every unflagged algorithm against the oracle's ground truth: bytes become a rule set and a valid hand, and any disagreement on win or waits aborts with the hand in mpsz. */
#include "fuzz_common.h"

#include "mj_algo.h"
#include "mj_rules.h"
#include "mj_truth.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const presets[] = {"basic", "sichuan", "mediatek", "riichi"};

/* Byte 0 picks the rules. High bit set: preset (low two bits) with its own tile set, or
 * 27 or 34 kinds (bits 2-3: 0 own, 1 = 27, 2 = 34, 3 own). High bit clear: the form set
 * in the low five bits (none = std), as a form list, over 34 kinds when bit 5 is set or
 * 13o is among the forms, else 27. Either way mj_rules_parse builds it, as the CLI does. */
static bool pick_rules(uint8_t b, mj_rules *r)
{
    mj_error err;
    if (b & 0x80) {
        static const int overrides[4] = {0, MJ_SUITED_KINDS, MJ_KINDS, 0};
        const char *name = presets[b & 3];
        if (mj_rules_parse(name, overrides[b >> 2 & 3], r, &err) == MJ_OK) return true;
        return mj_rules_parse(name, 0, r, &err) == MJ_OK; /* riichi refuses 27 kinds */
    }
    unsigned forms = b & MJ_FORM_ALL;
    if (forms == 0) forms = MJ_FORM_STD;
    char spec[64];
    mj_forms_format(forms, spec, sizeof spec);
    int kinds = (b & 0x20) || (forms & MJ_FORM_13O) ? MJ_KINDS : MJ_SUITED_KINDS;
    return mj_rules_parse(spec, kinds, r, &err) == MJ_OK;
}

static void disagree(const uint8_t *data, size_t size, const mj_algo *a, const mj_hand *h, const mj_rules *r,
                     const char *what, const char *got, const char *truth)
{
    char hand[MJ_FORMAT_CAP], forms[64];
    if (mj_format(h, MJ_NOTATION_MPSZ, hand, sizeof hand) != MJ_OK) fz_hand_text(h, hand, sizeof hand);
    mj_forms_format(r->forms, forms, sizeof forms);
    fprintf(stderr, "differential: %s %s: %s says %s, the oracle says %s (rules %s = %s over %d kinds, %d..%d tiles)\n",
            hand, what, a->name, got, truth, r->name, forms, r->kinds, r->min_win, r->max_win);
    fz_fail(data, size, "%s disagrees with the oracle on %s of %s", a->name, what, hand);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    if (!ready) {
        if (mj_truth_init() != 0) fz_fail(data, size, "the oracle failed to build its tables");
        if (mj_algos_init() != 0) fz_fail(data, size, "an algorithm failed to build its tables");
        ready = true;
    }
    mj_rules r;
    if (size < 2 || !pick_rules(data[0], &r)) return 0;
    /* each later byte is one tile of kind byte % kinds; fifth copies are skipped */
    mj_hand h;
    mj_hand_clear(&h);
    for (size_t i = 1; i < size && h.tiles < MJ_MAX_TILES; i++) mj_hand_add(&h, data[i] % r.kinds);
    if (h.tiles == 0 || !mj_hand_valid(&h, r.kinds)) return 0;

    bool win = mj_truth_is_win(&h, &r);
    mj_kindset waits = mj_truth_waits(&h, &r);
    for (size_t i = 0; i < mj_algo_count; i++) {
        const mj_algo *a = mj_algos[i];
        if (a->flawed || !mj_algo_supports(a, &r)) continue;
        bool a_win = mj_algo_is_win(a, &h, &r);
        if (a_win != win) disagree(data, size, a, &h, &r, "win", a_win ? "win" : "no", win ? "win" : "no");
        mj_kindset a_waits = mj_algo_waits(a, &h, &r);
        if (a_waits != waits) {
            char got[128], truth[128];
            mj_format_kindset(a_waits, got, sizeof got);
            mj_format_kindset(waits, truth, sizeof truth);
            disagree(data, size, a, &h, &r, "waits", got, truth);
        }
    }
    return 0;
}
