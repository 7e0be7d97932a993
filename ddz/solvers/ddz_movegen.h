/* The move generator and the comparison the solvers use (the oracle has its own recogniser). */
#ifndef DDZ_MOVEGEN_H
#define DDZ_MOVEGEN_H

#include "ddz_moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Upper bound on the distinct moves of one hand of at most 20 cards, any convention. */
#define DDZ_MAX_MOVES 32768

/* Every distinct legal move of `hand` against `last` under `rules`: when last is a pass, every
 * move but the pass; otherwise every move that beats last, plus the pass (listed first).
 * Distinct = a different (cards, type, main, len); a type never reads the same cards twice
 * (ddz_moves.h keeps the higher of two readings). Moves of at most DDZ_MAX_HAND cards only,
 * so a hand larger than a real one (the whole deck, for counting) stays within the rules.
 * Order: the pass first where legal, then by type (ddz_type order), length, main. Returns the number written (at most cap;
 * the count it would have written when cap is short). */
size_t ddz_generate(ddz_hand hand, const ddz_move *last, const ddz_rules *rules,
                    ddz_move *out, size_t cap);

/* ddz_generate on a hand whose rank masks the caller has already read: ge[w] the ranks held w
 * or more times (bit r for rank r, w 1..4; ge[0] 0), as the solvers' read_facts gives them. The
 * same moves in the same order, without reading the hand again (the two-player search reads its
 * opponent's hand for its own tests, and that hand is the next node's to generate). */
size_t ddz_generate_read(ddz_hand hand, const unsigned ge[5], const ddz_move *last, const ddz_rules *rules,
                         ddz_move *out, size_t cap);

/* The leads of `hand` that `other` cannot beat (it can only pass to them), both hands read as
 * for ddz_generate_read: the moves of ddz_generate(hand, pass) m for which ddz_generate(other,
 * m) is the pass alone, in that order, without generating the leads that other's bomb, rocket
 * or highest core of the same shape beats. Returns the number written, as ddz_generate. */
size_t ddz_generate_unanswered(ddz_hand hand, const unsigned ge[5], ddz_hand other, const unsigned other_ge[5],
                               const ddz_rules *rules, ddz_move *out, size_t cap);

/* Nonzero when `m` may be played on `last`: last a pass and m not a pass; or same type and
 * len with a higher main; or m a bomb over a non-bomb or a lower bomb; or m the rocket. */
int ddz_beats(const ddz_move *m, const ddz_move *last);

/* Reads move text (ddz_parse_move_text) against a hand: the move those cards make, choosing
 * the named type, or the single reading when the cards have only one; DDZ_ERR_BAD_MOVE when
 * they make none or several without a type. */
ddz_status ddz_move_from_text(const char *text, const ddz_rules *rules, ddz_move *out, ddz_error *err);

#ifdef __cplusplus
}
#endif
#endif
