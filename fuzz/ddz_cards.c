/* Fuzzes the Dou Dizhu card, move and rules notations with any bytes: no crash, and every answer keeps the parser contract (valid hands round-trip, refusals name an offset inside the input). */
#include "fuzz_common.h"

#include "ddz_movegen.h"
#include "ddz_oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A refusal: its code matches, the offset is inside the text, the one-line message opens with it. */
static void check_refusal(const uint8_t *data, size_t size, const char *what, ddz_status s, const ddz_error *e,
                          size_t len)
{
    char want[40];
    if (s == DDZ_OK)
        return;
    if (e->code != s)
        fz_fail(data, size, "%s: returned %s but err says %s", what, ddz_status_name(s), ddz_status_name(e->code));
    if (strcmp(ddz_status_name(s), "unknown") == 0)
        fz_fail(data, size, "%s: status %d has no name", what, (int)s);
    if (e->offset > len)
        fz_fail(data, size, "%s: offset %zu past the text's %zu bytes", what, e->offset, len);
    snprintf(want, sizeof want, "byte %zu: ", e->offset);
    if (strncmp(e->message, want, strlen(want)) != 0 || strlen(e->message) <= strlen(want))
        fz_fail(data, size, "%s: message '%s' does not open with '%s' and a reason", what, e->message, want);
    if (strchr(e->message, '\n'))
        fz_fail(data, size, "%s: message '%s' spans lines", what, e->message);
}

/* A hand the parser accepted fits the deck and a hand, and reads back from its canonical form. */
static void check_hand(const uint8_t *data, size_t size, ddz_hand h, int allow_empty)
{
    char text[DDZ_DECK_SIZE + 2];
    ddz_hand back = 0;
    ddz_error e;
    int n = ddz_size(h);
    if (!ddz_contains(ddz_deck(), h) || n > DDZ_MAX_HAND || (n == 0 && !allow_empty))
        fz_fail(data, size, "accepted a hand of %d cards that no deal holds", n);
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(h, r) > (r >= DDZ_RX ? 1 : 4))
            fz_fail(data, size, "accepted %d of rank %d", ddz_count(h, r), r);
    ddz_format_hand(h, text, sizeof text);
    if (ddz_parse_hand(n ? text : "", 1, &back, &e) != DDZ_OK || back != h)
        fz_fail(data, size, "'%s' (the canonical form) does not read back: %s", text, e.message);
}

/* What ddz_move_from_text made of cards (type as named, DDZ_TYPES when none) must be what the
 * oracle's recogniser reads in them: a named type is accepted exactly when the cards have a
 * reading of that type, and is that reading; bare cards are accepted exactly when they have
 * one reading, and are it. */
static void check_reading(const uint8_t *data, size_t size, ddz_type type, ddz_hand cards, const ddz_rules *rules,
                          ddz_status ms, const ddz_move *m)
{
    ddz_move rd[DDZ_TYPES];
    const ddz_move *want = NULL;
    char spec[160];
    size_t n, k = 0;
    if (type == DDZ_PASS || ddz_size(cards) > DDZ_MAX_HAND)
        return;
    n = ddzo_readings(cards, rules, rd, DDZ_TYPES);
    for (size_t i = 0; i < n; i++)
        if (type == DDZ_TYPES || rd[i].type == type) {
            want = &rd[i];
            k++;
        }
    ddz_format_rules(rules, spec, sizeof spec);
    if (k == 1 && (ms != DDZ_OK || ddz_move_compare(m, want) != 0))
        fz_fail(data, size, "move under %s: the recogniser reads %s (main %d, len %d); the parser says %s", spec,
                ddz_type_name((ddz_type)want->type), want->main, want->len,
                ms == DDZ_OK ? ddz_type_name((ddz_type)m->type) : ddz_status_name(ms));
    if (k != 1 && ms == DDZ_OK)
        fz_fail(data, size, "move under %s: read as %s (main %d), but the recogniser has %zu readings", spec,
                ddz_type_name((ddz_type)m->type), m->main, k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    size_t len;
    ddz_error e, e0;
    ddz_hand h = 0, h0 = 0;
    ddz_status s, s0;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    len = strlen(text); /* the notation is C text: it ends at the first NUL */

    /* Hands, with and without an empty hand allowed: the same answer but for emptiness. */
    s = ddz_parse_hand(text, 1, &h, &e);
    s0 = ddz_parse_hand(text, 0, &h0, &e0);
    check_refusal(data, size, "hand", s, &e, len);
    check_refusal(data, size, "hand (non-empty)", s0, &e0, len);
    if (s == DDZ_OK)
        check_hand(data, size, h, 1);
    if (s0 == DDZ_OK)
        check_hand(data, size, h0, 0);
    if (!(s0 == s || (s == DDZ_OK && h == 0 && s0 == DDZ_ERR_EMPTY)) || (s0 == DDZ_OK && h0 != h))
        fz_fail(data, size, "allow_empty changed more than emptiness: %s vs %s", ddz_status_name(s),
                ddz_status_name(s0));
    if (s == DDZ_OK && ddz_check_disjoint(h, ddz_minus(ddz_deck(), h), &e) != DDZ_OK)
        fz_fail(data, size, "a hand and the rest of the deck do not fit one deck: %s", e.message);

    /* Move text, then the move it makes under each convention, which must read back as itself. */
    {
        ddz_type type;
        ddz_hand cards;
        s = ddz_parse_move_text(text, &type, &cards, &e);
        check_refusal(data, size, "move text", s, &e, len);
        if (s == DDZ_OK && (type > DDZ_TYPES || (type == DDZ_PASS) != (cards == 0) || ddz_size(cards) > DDZ_MAX_HAND))
            fz_fail(data, size, "move text: type %d with %d cards", (int)type, ddz_size(cards));
        for (int c = 0; c < DDZ_CONVENTIONS; c++) {
            ddz_rules rules = {(ddz_convention)c, 0};
            ddz_move m, back;
            char mt[96];
            ddz_status ms = ddz_move_from_text(text, &rules, &m, &e);
            check_refusal(data, size, "move", ms, &e, len);
            if (s == DDZ_OK) {
                /* the recogniser agrees, with and without some types forbidden */
                ddz_rules some = {(ddz_convention)c, 1u << DDZ_TRIPLE_SINGLE | 1u << DDZ_AIRPLANE_PAIRS |
                                                         1u << DDZ_FOUR_TWO_SINGLES | 1u << DDZ_BOMB};
                ddz_move ms_move;
                ddz_status ss = ddz_move_from_text(text, &some, &ms_move, &e);
                check_refusal(data, size, "move (some types forbidden)", ss, &e, len);
                check_reading(data, size, type, cards, &rules, ms, &m);
                check_reading(data, size, type, cards, &some, ss, &ms_move);
            }
            if (ms != DDZ_OK)
                continue;
            if (s != DDZ_OK || m.cards != cards || (type != DDZ_TYPES && m.type != type))
                fz_fail(data, size, "move %s does not match its text", ddz_type_name((ddz_type)m.type));
            ddz_format_move(&m, mt, sizeof mt);
            if (ddz_move_from_text(mt, &rules, &back, &e) != DDZ_OK || back.cards != m.cards || back.type != m.type ||
                back.main != m.main || back.len != m.len)
                fz_fail(data, size, "'%s' does not read back as itself", mt);
        }
    }

    /* Rules: an accepted spec writes back to one that reads the same. */
    {
        ddz_rules r, back;
        char spec[256];
        s = ddz_parse_rules(text, &r, &e);
        check_refusal(data, size, "rules", s, &e, len);
        if (s == DDZ_OK) {
            ddz_format_rules(&r, spec, sizeof spec);
            if (ddz_parse_rules(spec, &back, &e) != DDZ_OK || back.convention != r.convention ||
                back.forbidden != r.forbidden)
                fz_fail(data, size, "rules '%s' do not read back", spec);
            if (r.forbidden & 1u)
                fz_fail(data, size, "rules forbid passing");
        }
    }
    free(text);
    return 0;
}
