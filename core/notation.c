/* Parsers and formatters for the four hand notations; every error names its byte offset. */
#include "mj_notation.h"
#include "mj_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const notation_names[MJ_NOTATION_COUNT] = {
    [MJ_NOTATION_AUTO] = "auto",   [MJ_NOTATION_MPSZ] = "mpsz",
    [MJ_NOTATION_LETTERS] = "letters", [MJ_NOTATION_HEX] = "hex",
    [MJ_NOTATION_UNICODE] = "unicode",
};

const char *mj_notation_name(mj_notation n)
{
    return (n >= 0 && n < MJ_NOTATION_COUNT) ? notation_names[n] : "?";
}

mj_notation mj_notation_from_name(const char *name)
{
    for (int n = 0; n < MJ_NOTATION_COUNT; n++)
        if (strcmp(name, notation_names[n]) == 0) return (mj_notation)n;
    return MJ_NOTATION_COUNT;
}

mj_notation mj_notation_detect(const char *text, size_t len)
{
    bool suit_letter = false;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x80) return MJ_NOTATION_UNICODE;
        if (c == '0' && i + 1 < len && (text[i + 1] == 'x' || text[i + 1] == 'X')) return MJ_NOTATION_HEX;
        if (c == 'm' || c == 'p' || c == 's' || c == 'z') suit_letter = true;
    }
    return suit_letter ? MJ_NOTATION_MPSZ : MJ_NOTATION_LETTERS;
}

/* ---- shared parse state ---- */

typedef struct {
    const char *text;
    size_t len;
    int kinds;
    mj_kindset set; /* the kinds in play; a subset of those below kinds */
    mj_hand *out;
    mj_error *err;
    mj_notation nt;
} parse_ctx;

static mj_status fail(parse_ctx *p, mj_status code, size_t offset, const char *fmt, ...)
{
    if (p->len > 0 && offset >= p->len) offset = p->len - 1;
    if (p->err) {
        p->err->code = code;
        p->err->offset = offset;
        char why[96];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
        snprintf(p->err->message, sizeof p->err->message, "%s: byte %zu: %s",
                 mj_notation_name(p->nt), offset, why);
    }
    mj_hand_clear(p->out);
    return code;
}

static void kind_label(int kind, char out[4])
{
    static const char suits[] = "mpsz";
    out[0] = (char)('0' + mj_kind_rank(kind));
    out[1] = suits[mj_kind_suit(kind)];
    out[2] = 0;
}

/* Adds one tile found at offset, checking tile set, copies and size, in that order. */
static mj_status put(parse_ctx *p, int kind, size_t offset)
{
    char label[4];
    kind_label(kind, label);
    if (kind >= p->kinds)
        return fail(p, MJ_ERR_OUTSIDE_SET, offset, "%s is outside the %d-kind tile set (try --tiles 34)",
                    label, p->kinds);
    if (!(p->set >> kind & 1))
        return fail(p, MJ_ERR_OUTSIDE_SET, offset, "%s is outside the %d-kind tile set%s", label,
                    __builtin_popcountll(p->set), p->set == MJ_SANMA_TILESET ? " of sanma (no 2m-8m)" : "");
    if (p->out->count[kind] >= MJ_MAX_COPIES)
        return fail(p, MJ_ERR_FIFTH_COPY, offset, "a fifth copy of %s", label);
    if (p->out->tiles >= MJ_MAX_TILES)
        return fail(p, MJ_ERR_TOO_MANY, offset, "more than %d tiles", MJ_MAX_TILES);
    mj_hand_add(p->out, kind);
    return MJ_OK;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static void describe_byte(unsigned char c, char out[16])
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(out, 16, "'%c'", c);
    else
        snprintf(out, 16, "0x%02x", c);
}

/* ---- mpsz ---- */

static mj_status parse_mpsz(parse_ctx *p)
{
    size_t pending[MJ_MAX_TILES + 1]; /* offsets of digits waiting for their suit */
    size_t npending = 0;
    for (size_t i = 0; i < p->len; i++) {
        char c = p->text[i];
        if (is_space(c)) continue;
        if (c >= '0' && c <= '9') {
            if (npending + p->out->tiles >= (size_t)MJ_MAX_TILES)
                return fail(p, MJ_ERR_TOO_MANY, i, "more than %d tiles", MJ_MAX_TILES);
            pending[npending++] = i;
            continue;
        }
        int suit = c == 'm' ? MJ_SUIT_M : c == 'p' ? MJ_SUIT_P : c == 's' ? MJ_SUIT_S : c == 'z' ? MJ_SUIT_Z : -1;
        if (suit < 0) {
            char d[16];
            describe_byte((unsigned char)c, d);
            return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "unknown character %s", d);
        }
        if (npending == 0) return fail(p, MJ_ERR_SUIT_NO_DIGIT, i, "suit letter '%c' with no digit before it", c);
        for (size_t j = 0; j < npending; j++) {
            int rank = p->text[pending[j]] - '0';
            if (suit == MJ_SUIT_Z) {
                if (rank < 1 || rank > MJ_HONORS)
                    return fail(p, MJ_ERR_HONOR_RANGE, pending[j], "honor %dz out of range 1z-7z", rank);
            } else if (rank == 0) {
                rank = 5; /* red five */
            }
            mj_status s = put(p, mj_kind_make((mj_suit)suit, rank), pending[j]);
            if (s != MJ_OK) return s;
        }
        npending = 0;
    }
    if (npending > 0) return fail(p, MJ_ERR_DIGIT_NO_SUIT, pending[0], "digit '%c' without a suit letter after it", p->text[pending[0]]);
    return MJ_OK;
}

/* ---- letters (seed 003) ---- */

static mj_status parse_letters(parse_ctx *p)
{
    for (size_t i = 0; i < p->len; i++) {
        char c = p->text[i];
        int kind;
        if (is_space(c)) continue;
        if (c >= 'A' && c <= 'I') kind = mj_kind_make(MJ_SUIT_M, c - 'A' + 1);
        else if (c >= 'a' && c <= 'i') kind = mj_kind_make(MJ_SUIT_S, c - 'a' + 1);
        else if (c >= '1' && c <= '9') kind = mj_kind_make(MJ_SUIT_P, c - '0');
        else {
            char d[16];
            describe_byte((unsigned char)c, d);
            return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "unknown character %s", d);
        }
        mj_status s = put(p, kind, i);
        if (s != MJ_OK) return s;
    }
    return MJ_OK;
}

/* ---- hex (seed 000) ---- */

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static mj_status parse_hex(parse_ctx *p)
{
    size_t i = 0, end = p->len;
    while (i < end && is_space(p->text[i])) i++;
    while (end > i && is_space(p->text[end - 1])) end--;
    if (i < end && p->text[i] == '[') {
        if (p->text[end - 1] != ']' || end - 1 == i)
            return fail(p, MJ_ERR_UNKNOWN_CHAR, end - 1, "'[' without a closing ']'");
        i++;
        end--;
    }
    while (i < end) {
        char c = p->text[i];
        if (is_space(c) || c == ',') { i++; continue; }
        size_t start = i;
        if (!(c == '0' && i + 1 < end && (p->text[i + 1] == 'x' || p->text[i + 1] == 'X'))) {
            char d[16];
            describe_byte((unsigned char)c, d);
            if (c == ']' || c == '[') return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "misplaced bracket %s", d);
            if (hex_digit(c) >= 0) return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "hex numeral without 0x prefix");
            return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "unknown character %s", d);
        }
        i += 2;
        unsigned long value = 0;
        size_t ndigits = 0;
        while (i < end && hex_digit(p->text[i]) >= 0) {
            if (value < 0x1000) value = value * 16 + (unsigned long)hex_digit(p->text[i]);
            i++;
            ndigits++;
        }
        if (ndigits == 0) return fail(p, MJ_ERR_BAD_CODE, start, "0x with no hex digits");
        if (i < end && !is_space(p->text[i]) && p->text[i] != ',') {
            char d[16];
            describe_byte((unsigned char)p->text[i], d);
            return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "unknown character %s", d);
        }
        unsigned hi = (unsigned)(value >> 4), lo = (unsigned)(value & 15);
        int kind = -1;
        if (value <= 0x3f && hi == 3) {
            if (lo < 1 || lo > MJ_HONORS)
                return fail(p, MJ_ERR_HONOR_RANGE, start, "honor code 0x%02lx out of range 0x31-0x37", value);
            kind = mj_kind_make(MJ_SUIT_Z, (int)lo);
        } else if (value <= 0x2f && lo >= 1 && lo <= 9) {
            static const mj_suit by_hi[3] = {MJ_SUIT_M, MJ_SUIT_S, MJ_SUIT_P};
            kind = mj_kind_make(by_hi[hi], (int)lo);
        } else {
            int shown = (int)(i - start) > 12 ? 12 : (int)(i - start);
            return fail(p, MJ_ERR_BAD_CODE, start, "%.*s%s is not a tile code", shown, p->text + start,
                        (int)(i - start) > shown ? "..." : "");
        }
        mj_status s = put(p, kind, start);
        if (s != MJ_OK) return s;
    }
    return MJ_OK;
}

/* ---- unicode ---- */

/* Decodes one UTF-8 sequence at text[i]; returns its length, 0 when malformed. */
static size_t utf8_decode(const char *text, size_t len, size_t i, unsigned long *cp)
{
    const unsigned char *s = (const unsigned char *)text + i;
    size_t left = len - i, n;
    unsigned long v;
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    else if ((s[0] & 0xe0) == 0xc0) { n = 2; v = s[0] & 0x1f; }
    else if ((s[0] & 0xf0) == 0xe0) { n = 3; v = s[0] & 0x0f; }
    else if ((s[0] & 0xf8) == 0xf0) { n = 4; v = s[0] & 0x07; }
    else return 0;
    if (left < n) return 0;
    for (size_t k = 1; k < n; k++) {
        if ((s[k] & 0xc0) != 0x80) return 0;
        v = (v << 6) | (s[k] & 0x3f);
    }
    static const unsigned long min_for_len[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (v < min_for_len[n] || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return n;
}

static int unicode_kind(unsigned long cp)
{
    static const int honors[7] = {27, 28, 29, 30, 33, 32, 31}; /* E S W N Red Green White */
    if (cp >= 0x1f000 && cp <= 0x1f006) return honors[cp - 0x1f000];
    if (cp >= 0x1f007 && cp <= 0x1f00f) return mj_kind_make(MJ_SUIT_M, (int)(cp - 0x1f007) + 1);
    if (cp >= 0x1f010 && cp <= 0x1f018) return mj_kind_make(MJ_SUIT_S, (int)(cp - 0x1f010) + 1);
    if (cp >= 0x1f019 && cp <= 0x1f021) return mj_kind_make(MJ_SUIT_P, (int)(cp - 0x1f019) + 1);
    return -1;
}

static mj_status parse_unicode(parse_ctx *p)
{
    size_t i = 0;
    while (i < p->len) {
        unsigned long cp;
        size_t n = utf8_decode(p->text, p->len, i, &cp);
        if (n == 0) return fail(p, MJ_ERR_BAD_UTF8, i, "malformed UTF-8");
        if (cp < 0x80 && is_space((char)cp)) { i += n; continue; }
        if (cp == 0xfe0e || cp == 0xfe0f) { i += n; continue; } /* text/emoji presentation selectors */
        int kind = unicode_kind(cp);
        if (kind < 0) return fail(p, MJ_ERR_UNKNOWN_CHAR, i, "U+%04lX is not a mahjong tile kind", cp);
        mj_status s = put(p, kind, i);
        if (s != MJ_OK) return s;
        i += n;
    }
    return MJ_OK;
}

mj_status mj_parse(const char *text, size_t len, mj_notation nt, int kinds, mj_hand *out, mj_error *err)
{
    kinds = kinds == MJ_SUITED_KINDS ? MJ_SUITED_KINDS : MJ_KINDS;
    return mj_parse_set(text, len, nt, ((mj_kindset)1 << kinds) - 1, out, err);
}

mj_status mj_parse_set(const char *text, size_t len, mj_notation nt, mj_kindset set, mj_hand *out, mj_error *err)
{
    if (nt == MJ_NOTATION_AUTO) nt = mj_notation_detect(text, len);
    set &= ((mj_kindset)1 << MJ_KINDS) - 1;
    parse_ctx p = {text, len, set >> MJ_SUITED_KINDS ? MJ_KINDS : MJ_SUITED_KINDS, set, out, err, nt};
    mj_hand_clear(out);
    if (err) {
        err->code = MJ_OK;
        err->offset = 0;
        err->message[0] = 0;
    }
    mj_status s;
    switch (nt) {
    case MJ_NOTATION_MPSZ: s = parse_mpsz(&p); break;
    case MJ_NOTATION_LETTERS: s = parse_letters(&p); break;
    case MJ_NOTATION_HEX: s = parse_hex(&p); break;
    case MJ_NOTATION_UNICODE: s = parse_unicode(&p); break;
    default: return fail(&p, MJ_ERR_UNKNOWN_CHAR, 0, "no such notation");
    }
    if (s != MJ_OK) return s;
    if (out->tiles == 0) return fail(&p, MJ_ERR_EMPTY, 0, "empty hand");
    return MJ_OK;
}

/* ---- formatting ---- */

typedef struct {
    char *buf;
    size_t cap, used;
    bool overflow;
} out_buf;

static void emit(out_buf *o, const char *s)
{
    size_t n = strlen(s);
    if (o->used + n + 1 > o->cap) { o->overflow = true; return; }
    memcpy(o->buf + o->used, s, n);
    o->used += n;
    o->buf[o->used] = 0;
}

static void format_mpsz_counts(const mj_hand *h, out_buf *o)
{
    static const char suits[] = "mpsz";
    for (int suit = 0; suit < 4; suit++) {
        int size = suit == MJ_SUIT_Z ? MJ_HONORS : MJ_SUIT_SIZE;
        bool any = false;
        for (int r = 1; r <= size; r++)
            for (int c = 0; c < h->count[mj_kind_make((mj_suit)suit, r)]; c++) {
                char d[2] = {(char)('0' + r), 0};
                emit(o, d);
                any = true;
            }
        if (any) {
            char s[2] = {suits[suit], 0};
            emit(o, s);
        }
    }
}

mj_status mj_format(const mj_hand *h, mj_notation nt, char *buf, size_t cap)
{
    out_buf o = {buf, cap, 0, false};
    if (cap == 0) return MJ_ERR_TOO_MANY;
    buf[0] = 0;
    switch (nt) {
    case MJ_NOTATION_MPSZ:
        format_mpsz_counts(h, &o);
        break;
    case MJ_NOTATION_LETTERS:
        for (int k = 0; k < MJ_KINDS; k++) {
            if (h->count[k] == 0) continue;
            if (mj_kind_is_honor(k)) return MJ_ERR_UNREPRESENTABLE;
            static const char base[3] = {'A', '1', 'a'};
            char c[2] = {(char)(base[mj_kind_suit(k)] + mj_kind_rank(k) - 1), 0};
            for (int n = 0; n < h->count[k]; n++) emit(&o, c);
        }
        break;
    case MJ_NOTATION_HEX: {
        static const unsigned hi[4] = {0x00, 0x20, 0x10, 0x30};
        bool first = true;
        emit(&o, "[");
        for (int k = 0; k < MJ_KINDS; k++)
            for (int n = 0; n < h->count[k]; n++) {
                char t[8];
                snprintf(t, sizeof t, "%s0x%02x", first ? "" : ",", hi[mj_kind_suit(k)] + (unsigned)mj_kind_rank(k));
                emit(&o, t);
                first = false;
            }
        emit(&o, "]");
        break;
    }
    case MJ_NOTATION_UNICODE:
        for (int k = 0; k < MJ_KINDS; k++) {
            static const unsigned honor_cp[7] = {0x1f000, 0x1f001, 0x1f002, 0x1f003, 0x1f006, 0x1f005, 0x1f004};
            static const unsigned suit_base[3] = {0x1f007, 0x1f019, 0x1f010};
            unsigned long cp = mj_kind_is_honor(k) ? honor_cp[k - MJ_HONOR_BASE]
                                                   : suit_base[mj_kind_suit(k)] + (unsigned)mj_kind_rank(k) - 1;
            char u[5] = {(char)(0xf0 | (cp >> 18)), (char)(0x80 | ((cp >> 12) & 0x3f)),
                         (char)(0x80 | ((cp >> 6) & 0x3f)), (char)(0x80 | (cp & 0x3f)), 0};
            for (int n = 0; n < h->count[k]; n++) emit(&o, u);
        }
        break;
    default:
        return MJ_ERR_UNREPRESENTABLE;
    }
    return o.overflow ? MJ_ERR_TOO_MANY : MJ_OK;
}

void mj_format_kindset(mj_kindset set, char *buf, size_t cap)
{
    mj_hand h;
    mj_hand_clear(&h);
    for (int k = 0; k < MJ_KINDS; k++)
        if (set >> k & 1) h.count[k] = 1;
    out_buf o = {buf, cap, 0, false};
    if (cap == 0) return;
    buf[0] = 0;
    if (set == 0) {
        emit(&o, "-");
        return;
    }
    format_mpsz_counts(&h, &o);
}
