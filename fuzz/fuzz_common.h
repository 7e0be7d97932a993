/* Helpers the fuzz harnesses share: reporting a broken invariant, and the parser round trip. */
#ifndef MJ_FUZZ_COMMON_H
#define MJ_FUZZ_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_notation.h"
#include "mj_tiles.h"

/* Prints the input (escaped, so a binary input stays readable) and why it broke an
 * invariant, then aborts: libFuzzer and the replay driver both treat that as a finding. */
static inline void fz_fail(const uint8_t *data, size_t size, const char *fmt, ...)
{
    va_list ap;
    fputs("fuzz: invariant broken: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nfuzz: input (%zu bytes): \"", size);
    for (size_t i = 0; i < size; i++) {
        unsigned c = data[i];
        if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') fputc((int)c, stderr);
        else fprintf(stderr, "\\x%02x", c);
    }
    fputs("\"\n", stderr);
    abort();
}

/* A hand's kinds in mpsz for messages; works on any hand, valid or not, without mj_format. */
static inline void fz_hand_text(const mj_hand *h, char *buf, size_t cap)
{
    static const char suits[] = "mpsz";
    size_t used = 0;
    buf[0] = 0;
    for (int k = 0; k < MJ_KINDS && used + 8 < cap; k++)
        if (h->count[k])
            used += (size_t)snprintf(buf + used, cap - used, "%s%dx%d%c", used ? " " : "", h->count[k],
                                     mj_kind_rank(k), suits[mj_kind_suit(k)]);
    snprintf(buf + used, cap - used, " (tiles=%u)", h->tiles);
}

/* Writes h in nt and parses the text back in nt and in auto-detection: both must give h.
 * Letters cannot write honors; that refusal is checked to be the documented one. */
static inline void fz_reparse(const uint8_t *data, size_t size, const mj_hand *h, mj_notation nt, int kinds)
{
    char text[MJ_FORMAT_CAP], desc[256];
    bool honors = false;
    for (int k = MJ_HONOR_BASE; k < MJ_KINDS; k++) honors |= h->count[k] != 0;
    mj_status fs = mj_format(h, nt, text, sizeof text);
    if (nt == MJ_NOTATION_LETTERS && honors) {
        if (fs != MJ_ERR_UNREPRESENTABLE)
            fz_fail(data, size, "letters format of a hand with honors gave %s, not unrepresentable", mj_status_name(fs));
        return;
    }
    fz_hand_text(h, desc, sizeof desc);
    if (fs != MJ_OK)
        fz_fail(data, size, "%s format of %s failed: %s", mj_notation_name(nt), desc, mj_status_name(fs));
    mj_notation again[2] = {nt, MJ_NOTATION_AUTO};
    for (int i = 0; i < 2; i++) {
        mj_hand back;
        mj_error err;
        mj_status ps = mj_parse(text, strlen(text), again[i], kinds, &back, &err);
        if (ps != MJ_OK)
            fz_fail(data, size, "%s format of %s gave \"%s\", which %s parsing refuses: %s", mj_notation_name(nt), desc,
                    text, mj_notation_name(again[i]), err.message);
        if (!mj_hand_equal(&back, h)) {
            char got[256];
            fz_hand_text(&back, got, sizeof got);
            fz_fail(data, size, "%s format of %s gave \"%s\", which %s parsing reads as %s", mj_notation_name(nt),
                    desc, text, mj_notation_name(again[i]), got);
        }
    }
}

/* The parser contract for one notation, over both tile sets: a success is a valid,
 * non-empty hand that survives format and parse in every notation; a failure has a
 * code, an offset inside the input and a message, and leaves the hand cleared; and
 * whatever parses over 27 kinds parses to the same hand over 34. */
static inline void fz_parse_contract(const uint8_t *data, size_t size, mj_notation nt)
{
    static const int tile_sets[2] = {MJ_SUITED_KINDS, MJ_KINDS};
    mj_hand hands[2];
    mj_status status[2];
    for (int t = 0; t < 2; t++) {
        int kinds = tile_sets[t];
        mj_hand *h = &hands[t];
        mj_error err;
        char desc[256];
        memset(h, 0xa5, sizeof *h); /* the parser must clear it whatever it held */
        status[t] = mj_parse((const char *)data, size, nt, kinds, h, &err);
        if (status[t] != MJ_OK) {
            mj_hand empty;
            mj_hand_clear(&empty);
            if (err.code != status[t])
                fz_fail(data, size, "%s over %d kinds returned %s but reported %s", mj_notation_name(nt), kinds,
                        mj_status_name(status[t]), mj_status_name(err.code));
            if (size > 0 && err.offset >= size)
                fz_fail(data, size, "%s over %d kinds: error offset %zu outside the %zu-byte input (%s)",
                        mj_notation_name(nt), kinds, err.offset, size, err.message);
            if (memchr(err.message, 0, sizeof err.message) == NULL || err.message[0] == 0)
                fz_fail(data, size, "%s over %d kinds: %s with no message", mj_notation_name(nt), kinds,
                        mj_status_name(status[t]));
            if (!mj_hand_equal(h, &empty))
                fz_fail(data, size, "%s over %d kinds: failed with %s but left tiles in the hand",
                        mj_notation_name(nt), kinds, mj_status_name(status[t]));
            continue;
        }
        fz_hand_text(h, desc, sizeof desc);
        if (!mj_hand_valid(h, kinds) || h->tiles == 0)
            fz_fail(data, size, "%s over %d kinds accepted an invalid or empty hand: %s", mj_notation_name(nt), kinds,
                    desc);
        for (int to = MJ_NOTATION_MPSZ; to < MJ_NOTATION_COUNT; to++) fz_reparse(data, size, h, (mj_notation)to, kinds);
    }
    if (status[0] == MJ_OK && (status[1] != MJ_OK || !mj_hand_equal(&hands[0], &hands[1])))
        fz_fail(data, size, "%s parses over 27 kinds but not to the same hand over 34 (%s)", mj_notation_name(nt),
                mj_status_name(status[1]));
}

#endif
