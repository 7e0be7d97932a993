/* The tile model every part of mjverify shares: kinds, hands as count arrays, tile sets. */
#ifndef MJ_TILES_H
#define MJ_TILES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "mj_api.h"

MJ_API_BEGIN

/* Kind indices: 0..8 = m1..m9, 9..17 = p1..p9, 18..26 = s1..s9,
 * 27..33 = z1..z7 (East, South, West, North, White, Green, Red). */
enum {
    MJ_KINDS        = 34, /* kinds with honors */
    MJ_SUITED_KINDS = 27, /* three suits, 108 tiles */
    MJ_SUIT_SIZE    = 9,
    MJ_HONOR_BASE   = 27,
    MJ_HONORS       = 7,
    MJ_MAX_COPIES   = 4,
    MJ_MAX_TILES    = 18
};

typedef enum { MJ_SUIT_M = 0, MJ_SUIT_P = 1, MJ_SUIT_S = 2, MJ_SUIT_Z = 3 } mj_suit;

/* A hand: how many copies of each kind (0..4) and their total (1..18 when valid).
 * Kinds outside the tile set in use are always 0. */
typedef struct {
    uint8_t count[MJ_KINDS];
    uint8_t tiles;
} mj_hand;

static inline mj_suit mj_kind_suit(int kind) { return (mj_suit)(kind / MJ_SUIT_SIZE); }
/* 1..9 for suited kinds, 1..7 for honors. */
static inline int mj_kind_rank(int kind) { return kind % MJ_SUIT_SIZE + 1; }
static inline bool mj_kind_is_honor(int kind) { return kind >= MJ_HONOR_BASE; }
static inline int mj_kind_make(mj_suit suit, int rank) { return (int)suit * MJ_SUIT_SIZE + rank - 1; }

/* Empties h. */
void mj_hand_clear(mj_hand *h);
/* Adds one tile of kind; false (h unchanged) when it would be a 5th copy or the 19th tile. */
bool mj_hand_add(mj_hand *h, int kind);
/* Removes one tile of kind; false (h unchanged) when none is held. */
bool mj_hand_remove(mj_hand *h, int kind);
/* True when counts are 0..4, tiles equals their sum and is 0..18, and nothing lies
 * at or beyond kinds (27 or 34). */
bool mj_hand_valid(const mj_hand *h, int kinds);
bool mj_hand_equal(const mj_hand *a, const mj_hand *b);

/* Bit set of kinds (bit k = kind k), used for waits. */
typedef uint64_t mj_kindset;

MJ_API_END

#endif
