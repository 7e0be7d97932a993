/* Dou Dizhu cards: hand arithmetic and the card notation, every parse error with its byte offset. */
#include "ddz_cards.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The canonical letter of each rank, in rank order; ten is `T`, the jokers `X` and `D`. */
static const char rank_letters[DDZ_RANKS] = {'3', '4', '5', '6', '7', '8', '9', 'T',
                                             'J', 'Q', 'K', 'A', '2', 'X', 'D'};

/* How many copies of a rank one deck holds. */
static int deck_copies(int rank) { return rank >= DDZ_RX ? 1 : 4; }

int ddz_size(ddz_hand h)
{
    int n = 0;
    for (int r = 0; r < DDZ_RANKS; r++)
        n += ddz_count(h, r);
    return n;
}

int ddz_contains(ddz_hand whole, ddz_hand part)
{
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(part, r) > ddz_count(whole, r))
            return 0;
    return 1;
}

ddz_hand ddz_deck(void)
{
    ddz_hand h = 0;
    for (int r = 0; r < DDZ_RANKS; r++)
        h = ddz_add(h, r, deck_copies(r));
    return h;
}

const char *ddz_status_name(ddz_status s)
{
    switch (s) {
    case DDZ_OK: return "ok";
    case DDZ_ERR_EMPTY: return "empty";
    case DDZ_ERR_UNKNOWN_CARD: return "unknown-card";
    case DDZ_ERR_FIFTH_COPY: return "fifth-copy";
    case DDZ_ERR_SECOND_JOKER: return "second-joker";
    case DDZ_ERR_TOO_MANY: return "too-many";
    case DDZ_ERR_OVERLAP: return "overlap";
    case DDZ_ERR_BAD_MOVE: return "bad-move";
    case DDZ_ERR_BAD_RULES: return "bad-rules";
    case DDZ_ERR_ILLEGAL: return "illegal";
    }
    return "unknown";
}

ddz_status ddz_error_set(ddz_error *err, ddz_status code, size_t offset, const char *fmt, ...)
{
    if (err) {
        char why[120];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
        err->code = code;
        err->offset = offset;
        snprintf(err->message, sizeof err->message, "byte %zu: %s", offset, why);
    }
    return code;
}

#define fail ddz_error_set

/* A byte as an error shows it: printable ASCII quoted, anything else in hex. */
static void describe_byte(unsigned char c, char out[8])
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(out, 8, "'%c'", c);
    else
        snprintf(out, 8, "0x%02x", c);
}

/* The rank a letter names, or -1; `1` is handled by the caller since `10` spans two bytes. */
static int rank_of_byte(unsigned char c)
{
    if (c >= '3' && c <= '9')
        return DDZ_R3 + (c - '3');
    switch (c) {
    case '2': return DDZ_R2;
    case '0': case 'T': case 't': return DDZ_RT;
    case 'J': case 'j': return DDZ_RJ;
    case 'Q': case 'q': return DDZ_RQ;
    case 'K': case 'k': return DDZ_RK;
    case 'A': case 'a': return DDZ_RA;
    case 'X': case 'x': case 'Y': case 'y': return DDZ_RX;
    case 'D': case 'd': case 'Z': case 'z': return DDZ_RD;
    }
    return -1;
}

ddz_status ddz_parse_hand(const char *text, int allow_empty, ddz_hand *out, ddz_error *err)
{
    ddz_hand h = 0;
    int n = 0;
    size_t i = 0;
    if (err) {
        err->code = DDZ_OK;
        err->offset = 0;
        err->message[0] = '\0';
    }
    if (!text)
        text = "";
    while (text[i]) {
        unsigned char c = (unsigned char)text[i];
        size_t at = i;
        int r;
        if (c == ' ' || c == ',' || c == '\t') {
            i++;
            continue;
        }
        if (c == '1') {
            if (text[i + 1] != '0')
                return fail(err, DDZ_ERR_UNKNOWN_CARD, at, "'1' is no card (ten is T, 10 or 0)");
            r = DDZ_RT;
            i += 2;
        } else {
            r = rank_of_byte(c);
            if (r < 0) {
                char d[8];
                describe_byte(c, d);
                return fail(err, DDZ_ERR_UNKNOWN_CARD, at, "%s is no card (cards: 3456789TJQKA2XD)", d);
            }
            i++;
        }
        if (ddz_count(h, r) >= deck_copies(r)) {
            if (r >= DDZ_RX)
                return fail(err, DDZ_ERR_SECOND_JOKER, at, "a second %s joker (%c); the deck has one",
                            r == DDZ_RX ? "small" : "big", rank_letters[r]);
            return fail(err, DDZ_ERR_FIFTH_COPY, at, "a fifth copy of %c", rank_letters[r]);
        }
        if (n == DDZ_MAX_HAND)
            return fail(err, DDZ_ERR_TOO_MANY, at, "more than %d cards in one hand", DDZ_MAX_HAND);
        h = ddz_add(h, r, 1);
        n++;
    }
    if (n == 0 && !allow_empty)
        return fail(err, DDZ_ERR_EMPTY, 0, "no card where a hand is needed");
    if (out)
        *out = h;
    return DDZ_OK;
}

size_t ddz_format_hand(ddz_hand h, char *buf, size_t cap)
{
    char tmp[DDZ_DECK_SIZE + 2];
    size_t n = 0;
    for (int r = 0; r < DDZ_RANKS; r++)
        for (int k = ddz_count(h, r); k > 0 && n < DDZ_DECK_SIZE; k--)
            tmp[n++] = rank_letters[r];
    if (n == 0)
        tmp[n++] = '-';
    tmp[n] = '\0';
    if (buf && cap > 0) {
        size_t m = n < cap - 1 ? n : cap - 1;
        memcpy(buf, tmp, m);
        buf[m] = '\0';
    }
    return n;
}

ddz_status ddz_check_disjoint(ddz_hand a, ddz_hand b, ddz_error *err)
{
    for (int r = 0; r < DDZ_RANKS; r++) {
        int both = ddz_count(a, r) + ddz_count(b, r);
        if (both > deck_copies(r))
            return fail(err, DDZ_ERR_OVERLAP, 0, "together they hold %d of %c; the deck has %d",
                        both, rank_letters[r], deck_copies(r));
    }
    if (err) {
        err->code = DDZ_OK;
        err->offset = 0;
        err->message[0] = '\0';
    }
    return DDZ_OK;
}
