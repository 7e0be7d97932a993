/* Hand notations: parsing text into a hand and formatting a hand as canonical text. */
#ifndef MJ_NOTATION_H
#define MJ_NOTATION_H

#include "mj_error.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

typedef enum {
    MJ_NOTATION_AUTO = 0,
    MJ_NOTATION_MPSZ,    /* 123m456p789s1122z; 0 = red five, read as 5 */
    MJ_NOTATION_LETTERS, /* seed 003: A-I = m1-m9, a-i = s1-s9, 1-9 = p1-p9 */
    MJ_NOTATION_HEX,     /* seed 000: [0x01,..] 0x01-09 m, 0x11-19 s, 0x21-29 p, 0x31-37 z */
    MJ_NOTATION_UNICODE, /* U+1F000..U+1F021 */
    MJ_NOTATION_COUNT
} mj_notation;

/* "mpsz", "letters", "hex", "unicode", "auto". */
const char *mj_notation_name(mj_notation n);
/* MJ_NOTATION_COUNT when name is unknown. */
mj_notation mj_notation_from_name(const char *name);

/* Guesses the notation of text[0..len): unicode if any byte >= 0x80, hex if it holds
 * "0x"/"0X", mpsz if it holds one of m p s z, else letters. Never fails. */
mj_notation mj_notation_detect(const char *text, size_t len);

/* Parses text[0..len) (need not be NUL-terminated) written in notation nt (AUTO
 * detects) into *out, accepting only kinds below kinds (27 or 34). Leading and
 * trailing white space is ignored. On failure returns the error code, fills *err
 * (offset < len when len > 0) and leaves *out cleared; err may be NULL. */
mj_status mj_parse(const char *text, size_t len, mj_notation nt, int kinds, mj_hand *out,
                   mj_error *err);

/* mj_parse over the kinds of set (bit k for kind k; mj_rules_tileset gives a rule set's), so
 * a kind outside it, such as 5m under sanma, is MJ_ERR_OUTSIDE_SET at its offset. */
mj_status mj_parse_set(const char *text, size_t len, mj_notation nt, mj_kindset set, mj_hand *out,
                       mj_error *err);

/* Writes h in notation nt (not AUTO) into buf[0..cap), NUL-terminated, tiles in kind
 * order. Returns MJ_OK, or MJ_ERR_UNREPRESENTABLE (letters cannot write honors), or
 * MJ_ERR_TOO_MANY when cap is too small. MJ_FORMAT_CAP always suffices. */
enum { MJ_FORMAT_CAP = 160 };
mj_status mj_format(const mj_hand *h, mj_notation nt, char *buf, size_t cap);

/* Writes a kind set in mpsz ("14m5p", or "-" when empty). */
void mj_format_kindset(mj_kindset set, char *buf, size_t cap);

MJ_API_END

#endif
