/* Fuzzes the Dou Dizhu card, move and rules notations with any bytes: no crash, and every answer keeps the parser contract (valid hands round-trip, refusals name an offset inside the input). */
#include "fuzz_common.h"

#include "ddz_movegen.h"

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
