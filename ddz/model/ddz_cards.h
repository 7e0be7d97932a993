/* Dou Dizhu card model: ranks, a hand as packed counts, and the card notation (parse/format). */
#ifndef DDZ_CARDS_H
#define DDZ_CARDS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Ranks in playing order: 3 4 5 6 7 8 9 T J Q K A 2, small joker X, big joker D.
 * Straights, pair straights and airplanes use ranks 3..A only (DDZ_R3..DDZ_RA). */
enum {
    DDZ_R3 = 0, DDZ_R4, DDZ_R5, DDZ_R6, DDZ_R7, DDZ_R8, DDZ_R9, DDZ_RT,
    DDZ_RJ, DDZ_RQ, DDZ_RK, DDZ_RA, DDZ_R2, DDZ_RX, DDZ_RD,
    DDZ_RANKS = 15
};

/* A hand (or any card multiset): 4 bits per rank, rank r at bits 4r..4r+3, holding 0..4
 * (0..1 for the jokers). 60 bits used; two hands make an exact 120-bit position key. */
typedef uint64_t ddz_hand;

#define DDZ_DECK_SIZE 54
#define DDZ_MAX_HAND 20

static inline int ddz_count(ddz_hand h, int rank) { return (int)((h >> (4 * rank)) & 15u); }
static inline ddz_hand ddz_add(ddz_hand h, int rank, int n) { return h + ((ddz_hand)n << (4 * rank)); }
static inline ddz_hand ddz_sub(ddz_hand h, int rank, int n) { return h - ((ddz_hand)n << (4 * rank)); }
/* Cards in the hand (sum of the counts). */
int ddz_size(ddz_hand h);
/* Nonzero when every count of part is at most the count in whole. */
int ddz_contains(ddz_hand whole, ddz_hand part);
/* whole less part; precondition ddz_contains(whole, part). Counts never borrow. */
static inline ddz_hand ddz_minus(ddz_hand whole, ddz_hand part) { return whole - part; }
/* The full 54-card deck. */
ddz_hand ddz_deck(void);

/* Errors as values: what went wrong and at which byte of the input. */
typedef enum {
    DDZ_OK = 0,
    DDZ_ERR_EMPTY,        /* no card where a hand is needed */
    DDZ_ERR_UNKNOWN_CARD, /* a byte that is no card ('1' alone, 'B', ...) */
    DDZ_ERR_FIFTH_COPY,   /* a fifth copy of a rank */
    DDZ_ERR_SECOND_JOKER, /* two small (or two big) jokers */
    DDZ_ERR_TOO_MANY,     /* more than 20 cards in one hand */
    DDZ_ERR_OVERLAP,      /* two hands together hold more of a card than the deck has */
    DDZ_ERR_BAD_MOVE,     /* cards that form no move (or not the move type named) */
    DDZ_ERR_BAD_RULES,    /* an unknown convention or switch */
    DDZ_ERR_ILLEGAL       /* a move that is not legal here (does not beat, not held, a pass when leading) */
} ddz_status;

typedef struct {
    ddz_status code;
    size_t offset;     /* byte offset in the input where the problem is */
    char message[160]; /* one line, no trailing newline, names what and where */
} ddz_error;

/* Short stable name of a status ("fifth-copy"), for JSON and tests. */
const char *ddz_status_name(ddz_status s);
/* Fills err (when not NULL) with the code, the offset and "byte N: " + the formatted reason;
 * returns the code, so a parser can `return ddz_error_set(...)`. */
ddz_status ddz_error_set(ddz_error *err, ddz_status code, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Parses a hand in the card notation: 3 4 5 6 7 8 9 T J Q K A 2 X D; aliases `10` and `0` for
 * ten, `Y` for the small joker, `Z` for the big joker, lower case for letters, spaces and
 * commas ignored. Returns DDZ_OK and the hand, or the status with err filled (err may be NULL).
 * An empty text is DDZ_ERR_EMPTY unless allow_empty. */
ddz_status ddz_parse_hand(const char *text, int allow_empty, ddz_hand *out, ddz_error *err);
/* Writes the canonical notation (lowest rank first, `T` for ten, `X`/`D` jokers, "-" for an
 * empty hand) with a terminating NUL; returns the length, or the length it needs if cap is short. */
size_t ddz_format_hand(ddz_hand h, char *buf, size_t cap);
/* Checks that two hands fit in one deck together (DDZ_ERR_OVERLAP names the card). */
ddz_status ddz_check_disjoint(ddz_hand a, ddz_hand b, ddz_error *err);

#ifdef __cplusplus
}
#endif
#endif
