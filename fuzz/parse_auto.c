/* Fuzzes what `mjverify check` does with lines of standard input: auto-detected notation, both tile sets, every preset, then the baseline's verdict, waits and explanation, which must agree with each other. */
#include "fuzz_common.h"

#include "mj_algo.h"
#include "mj_rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Lines past this many are ignored: each line costs dozens of baseline calls, and a
 * long input finds nothing a short one would not. */
enum { MAX_LINES = 4 };

/* The rule sets `check --rules P [--tiles T]` builds: each preset with its own tile set and both overrides. */
static const char *const presets[] = {"basic", "sichuan", "mediatek", "riichi"};
static const int tile_overrides[] = {0, MJ_SUITED_KINDS, MJ_KINDS};

/* The baseline's answers on one parsed hand must hang together: waits are kinds of the
 * tile set held fewer than four times, each of which makes the hand win, and no other
 * kind does; a win has an explanation and a non-win none. */
static void judge(const uint8_t *data, size_t size, const mj_algo *base, const mj_hand *h, const mj_rules *r)
{
    char desc[256], buf[256];
    bool win = mj_algo_is_win(base, h, r);
    if (win && !mj_rules_size_can_win(r, h->tiles)) {
        fz_hand_text(h, desc, sizeof desc);
        fz_fail(data, size, "rules %s: %s wins at a size the rules never win at", r->name, desc);
    }
    bool explained = mj_explain(h, r, buf, sizeof buf);
    if (explained != win || (explained && buf[0] == 0)) {
        fz_hand_text(h, desc, sizeof desc);
        fz_fail(data, size, "rules %s: %s is_win=%d but explain=%d (\"%s\")", r->name, desc, win, explained, buf);
    }
    mj_kindset waits = mj_algo_waits(base, h, r);
    if (waits >> r->kinds) {
        fz_hand_text(h, desc, sizeof desc);
        fz_fail(data, size, "rules %s: %s waits on kinds outside the %d-kind set", r->name, desc, r->kinds);
    }
    mj_hand t = *h;
    for (int k = 0; k < r->kinds && h->tiles < MJ_MAX_TILES; k++) {
        bool in_waits = waits >> k & 1;
        if (h->count[k] >= MJ_MAX_COPIES) {
            if (in_waits) {
                fz_hand_text(h, desc, sizeof desc);
                fz_fail(data, size, "rules %s: %s waits on kind %d, already held four times", r->name, desc, k);
            }
            continue;
        }
        mj_hand_add(&t, k);
        bool wins = mj_algo_is_win(base, &t, r);
        mj_hand_remove(&t, k);
        if (wins != in_waits) {
            fz_hand_text(h, desc, sizeof desc);
            mj_format_kindset(waits, buf, sizeof buf);
            fz_fail(data, size, "rules %s: %s waits %s, but adding kind %d %s", r->name, desc, buf, k,
                    wins ? "wins" : "does not win");
        }
    }
}

/* One input line, as cli_for_each_hand hands it to judge_hand. */
static void check_line(const uint8_t *data, size_t size, const char *line, size_t len, const mj_algo *base)
{
    mj_notation nt = mj_notation_detect(line, len);
    if (nt <= MJ_NOTATION_AUTO || nt >= MJ_NOTATION_COUNT)
        fz_fail(data, size, "detection returned notation %d", (int)nt);
    for (size_t p = 0; p < sizeof presets / sizeof presets[0]; p++)
        for (size_t o = 0; o < sizeof tile_overrides / sizeof tile_overrides[0]; o++) {
            mj_rules r;
            mj_error err;
            if (mj_rules_parse(presets[p], tile_overrides[o], &r, &err) != MJ_OK) continue; /* riichi over 27 */
            if (!mj_algo_supports(base, &r)) fz_fail(data, size, "the baseline does not support rules %s", r.name);
            mj_hand h, explicit_h;
            mj_status s = mj_parse(line, len, MJ_NOTATION_AUTO, r.kinds, &h, &err);
            mj_status se = mj_parse(line, len, nt, r.kinds, &explicit_h, NULL);
            if (s != se || !mj_hand_equal(&h, &explicit_h))
                fz_fail(data, size, "auto parsing differs from parsing as the detected %s", mj_notation_name(nt));
            if (s != MJ_OK) {
                if ((len > 0 && err.offset >= len) || err.message[0] == 0)
                    fz_fail(data, size, "auto over %d kinds: %s at offset %zu of %zu, message \"%s\"", r.kinds,
                            mj_status_name(s), err.offset, len, err.message);
                continue;
            }
            if (!mj_hand_valid(&h, r.kinds) || h.tiles == 0)
                fz_fail(data, size, "auto over %d kinds accepted an invalid hand", r.kinds);
            judge(data, size, base, &h, &r);
        }
}

/* Rule specs come from the same bytes: whatever mj_rules_parse accepts must be a rule
 * set the rest of the program can use, and a refusal must say why. */
static void check_rules_spec(const uint8_t *data, size_t size, const char *line, size_t len)
{
    char spec[64];
    if (len >= sizeof spec) return;
    memcpy(spec, line, len);
    spec[len] = 0;
    for (size_t o = 0; o < sizeof tile_overrides / sizeof tile_overrides[0]; o++) {
        mj_rules r;
        mj_error err;
        err.message[0] = 0;
        if (mj_rules_parse(spec, tile_overrides[o], &r, &err) != MJ_OK) {
            if (err.code != MJ_ERR_BAD_RULES || err.message[0] == 0)
                fz_fail(data, size, "rules refused without MJ_ERR_BAD_RULES and a message");
            continue;
        }
        if (r.forms == 0 || (r.forms & ~(unsigned)MJ_FORM_ALL) || (r.kinds != MJ_SUITED_KINDS && r.kinds != MJ_KINDS) ||
            ((r.forms & MJ_FORM_13O) && r.kinds != MJ_KINDS) || r.min_win < 1 || r.max_win > MJ_MAX_TILES ||
            r.min_win > r.max_win || memchr(r.name, 0, sizeof r.name) == NULL)
            fz_fail(data, size, "rules '%s' accepted as an unusable rule set (forms %#x, kinds %d, sizes %d..%d)", spec,
                    r.forms, r.kinds, r.min_win, r.max_win);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const mj_algo *base;
    if (!base) {
        if (mj_algos_init() != 0) fz_fail(data, size, "an algorithm failed to build its tables");
        base = mj_algo_find("backtrack");
        if (!base) fz_fail(data, size, "no baseline algorithm named backtrack");
    }
    /* split as getline does, strip the line end as the CLI does, skip blank lines */
    const char *text = (const char *)data;
    size_t start = 0;
    for (int lines = 0; start < size && lines < MAX_LINES;) {
        const char *nl = memchr(text + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - text) : size, len = end - start;
        const char *line = text + start;
        start = end + 1;
        while (len > 0 && (line[len - 1] == '\r' || line[len - 1] == '\n')) len--;
        size_t lead = 0;
        while (lead < len && (line[lead] == ' ' || line[lead] == '\t')) lead++;
        if (lead == len) continue;
        lines++;
        check_line(data, size, line, len, base);
        check_rules_spec(data, size, line, len);
    }
    return 0;
}
