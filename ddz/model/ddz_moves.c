/* Dou Dizhu move data as text: type and convention names, the rules option, the move notation. */
#include "ddz_moves.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const type_names[DDZ_TYPES] = {
    [DDZ_PASS] = "pass",
    [DDZ_SINGLE] = "single",
    [DDZ_PAIR] = "pair",
    [DDZ_TRIPLE] = "triple",
    [DDZ_TRIPLE_SINGLE] = "triple1",
    [DDZ_TRIPLE_PAIR] = "triple2",
    [DDZ_STRAIGHT] = "straight",
    [DDZ_PAIR_STRAIGHT] = "pairs",
    [DDZ_AIRPLANE] = "plane",
    [DDZ_AIRPLANE_SINGLES] = "plane1",
    [DDZ_AIRPLANE_PAIRS] = "plane2",
    [DDZ_FOUR_TWO_SINGLES] = "four2",
    [DDZ_FOUR_TWO_PAIRS] = "four22",
    [DDZ_BOMB] = "bomb",
    [DDZ_ROCKET] = "rocket",
};

static const char *const convention_names[DDZ_CONVENTIONS] = {
    [DDZ_CONV_RLCARD] = "rlcard",
    [DDZ_CONV_DOUZERO] = "douzero",
};

const char *ddz_type_name(ddz_type t)
{
    return (unsigned)t < DDZ_TYPES ? type_names[t] : "?";
}

const char *ddz_convention_name(ddz_convention c)
{
    return (unsigned)c < DDZ_CONVENTIONS ? convention_names[c] : "?";
}

#define fail ddz_error_set /* ddz_cards.c: "byte N: reason" */

/* text[0..n) as a message may show it: printable ASCII as is, other bytes as \xNN, cut short
 * with "..." past 40 bytes, so that a message stays one readable line whatever the input. */
static const char *shown(const char *text, size_t n, char out[200])
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 8 < 200; i++) {
        unsigned char c = (unsigned char)text[i];
        if (i == 40) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        if (c >= 0x20 && c < 0x7f) {
            out[o++] = (char)c;
        } else {
            snprintf(out + o, 200 - o, "\\x%02x", c);
            o += 4;
        }
    }
    out[o] = '\0';
    return out;
}

static void clear(ddz_error *err)
{
    if (err) {
        err->code = DDZ_OK;
        err->offset = 0;
        err->message[0] = '\0';
    }
}

/* The type whose name is text[0..n), or DDZ_TYPES; case does not matter. */
static ddz_type type_by_name(const char *text, size_t n)
{
    for (int t = 0; t < DDZ_TYPES; t++)
        if (strlen(type_names[t]) == n) {
            size_t i = 0;
            while (i < n && tolower((unsigned char)text[i]) == type_names[t][i])
                i++;
            if (i == n)
                return (ddz_type)t;
        }
    return DDZ_TYPES;
}

ddz_status ddz_parse_rules(const char *text, ddz_rules *out, ddz_error *err)
{
    ddz_rules r = {DDZ_CONV_RLCARD, 0};
    char buf[200];
    size_t i = 0;
    int first = 1;
    clear(err);
    if (!text)
        text = "";
    /* Tokens separated by commas: the first may be a convention, every other one "no-TYPE". */
    while (text[i]) {
        size_t start = i, n;
        while (text[i] && text[i] != ',')
            i++;
        n = i - start;
        if (n == 0)
            return fail(err, DDZ_ERR_BAD_RULES, start, "an empty item in the rules");
        if (first) {
            int c, found = 0;
            for (c = 0; c < DDZ_CONVENTIONS; c++)
                if (strlen(convention_names[c]) == n && strncmp(text + start, convention_names[c], n) == 0) {
                    r.convention = (ddz_convention)c;
                    found = 1;
                }
            first = 0;
            if (found)
                goto next;
        }
        if (n > 3 && strncmp(text + start, "no-", 3) == 0) {
            ddz_type t = type_by_name(text + start + 3, n - 3);
            if (t == DDZ_TYPES)
                return fail(err, DDZ_ERR_BAD_RULES, start + 3, "'%s' is no move type",
                            shown(text + start + 3, n - 3, buf));
            if (t == DDZ_PASS)
                return fail(err, DDZ_ERR_BAD_RULES, start + 3, "passing cannot be forbidden");
            r.forbidden |= 1u << t;
            goto next;
        }
        return fail(err, DDZ_ERR_BAD_RULES, start,
                    "'%s' is neither a convention (rlcard, douzero) nor a switch no-TYPE",
                    shown(text + start, n, buf));
    next:
        if (text[i] == ',') {
            i++;
            if (!text[i])
                return fail(err, DDZ_ERR_BAD_RULES, i, "an empty item in the rules");
        }
    }
    if (out)
        *out = r;
    return DDZ_OK;
}

/* Appends s to buf at *n, counting what it would need when cap is short (snprintf-like). */
static void append(char *buf, size_t cap, size_t *n, const char *s)
{
    size_t len = strlen(s);
    if (buf && *n + 1 < cap) {
        size_t room = cap - 1 - *n, m = len < room ? len : room;
        memcpy(buf + *n, s, m);
        buf[*n + m] = '\0';
    }
    *n += len;
}

size_t ddz_format_rules(const ddz_rules *r, char *buf, size_t cap)
{
    size_t n = 0;
    if (buf && cap)
        buf[0] = '\0';
    append(buf, cap, &n, ddz_convention_name(r->convention));
    for (int t = 1; t < DDZ_TYPES; t++)
        if (r->forbidden & (1u << t)) {
            append(buf, cap, &n, ",no-");
            append(buf, cap, &n, type_names[t]);
        }
    return n;
}

size_t ddz_format_move(const ddz_move *m, char *buf, size_t cap)
{
    char cards[DDZ_DECK_SIZE + 2];
    size_t n = 0;
    if (buf && cap)
        buf[0] = '\0';
    if (m->type == DDZ_PASS) {
        append(buf, cap, &n, "pass");
        return n;
    }
    ddz_format_hand(m->cards, cards, sizeof cards);
    append(buf, cap, &n, ddz_type_name((ddz_type)m->type));
    append(buf, cap, &n, ":");
    append(buf, cap, &n, cards);
    return n;
}

ddz_status ddz_parse_move_text(const char *text, ddz_type *type, ddz_hand *cards, ddz_error *err)
{
    size_t b = 0, e, colon;
    ddz_type t = DDZ_TYPES;
    ddz_hand h = 0;
    ddz_status s;
    char buf[200];
    clear(err);
    if (!text)
        text = "";
    e = strlen(text);
    while (b < e && (text[b] == ' ' || text[b] == '\t'))
        b++;
    while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
        e--;
    if (e == b)
        return fail(err, DDZ_ERR_EMPTY, b, "no move (write pass, cards, or TYPE:CARDS)");
    if (type_by_name(text + b, e - b) == DDZ_PASS) {
        if (type)
            *type = DDZ_PASS;
        if (cards)
            *cards = 0;
        return DDZ_OK;
    }
    for (colon = b; colon < e && text[colon] != ':'; colon++)
        ;
    if (colon < e) {
        t = type_by_name(text + b, colon - b);
        if (t == DDZ_TYPES)
            return fail(err, DDZ_ERR_BAD_MOVE, b, "'%s' is no move type", shown(text + b, colon - b, buf));
        if (t == DDZ_PASS)
            return fail(err, DDZ_ERR_BAD_MOVE, b, "a pass has no cards (write pass)");
        b = colon + 1;
    }
    {
        /* The cards alone, parsed as a hand (trailing blanks are ignored there too); its error
         * offsets are moved back into this text. */
        ddz_error inner;
        s = ddz_parse_hand(text + b, 0, &h, &inner);
        if (s != DDZ_OK) {
            const char *why = strstr(inner.message, ": ");
            return fail(err, s, b + inner.offset, "%s", why ? why + 2 : inner.message);
        }
    }
    if (type)
        *type = t;
    if (cards)
        *cards = h;
    return DDZ_OK;
}

int ddz_move_compare(const void *pa, const void *pb)
{
    const ddz_move *a = pa, *b = pb;
    if (a->cards != b->cards)
        return a->cards < b->cards ? -1 : 1;
    if (a->type != b->type)
        return a->type - b->type;
    if (a->main != b->main)
        return a->main - b->main;
    return a->len - b->len;
}
