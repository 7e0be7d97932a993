/* The three-player game as data: seats (landlord L, farmers F1 and F2, in turn order), a
 * position (three hands, the seat to move, the move to beat and who made it), the rule of
 * turns, and the seat and position notation. Cards, moves and rules are ddz_cards.h and
 * ddz_moves.h unchanged; generating and recognising moves stay with their users. */
#ifndef DDZ_THREE_H
#define DDZ_THREE_H

#include "ddz_moves.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Seats in turn order: L plays, then F1, then F2, then L again. L is one side, F1 and F2 the
 * other (they win together, whichever of them empties a hand first). */
enum { DDZ3_L = 0, DDZ3_F1 = 1, DDZ3_F2 = 2, DDZ3_SEATS = 3 };
/* The side of a seat: 0 the landlord, 1 the farmers. */
static inline int ddz3_side(int seat) { return seat != DDZ3_L; }
static inline int ddz3_next_seat(int seat) { return seat == DDZ3_F2 ? DDZ3_L : seat + 1; }

/* A three-player open-card position: hand[seat], the seat to move, the move to beat (type
 * DDZ_PASS: `turn` leads) and the seat that made it (`by`, never `turn`; when leading, `by`
 * is `turn`: the form ddz3_normalise writes). Every hand holds at least one card (a position
 * whose hand is empty is a finished game). */
typedef struct {
    ddz_hand hand[DDZ3_SEATS];
    uint8_t turn, by;
    ddz_move last;
} ddz_position3;

/* "L", "F1", "F2". */
const char *ddz3_seat_name(int seat);
/* Reads "L", "F1", "F2" (any case; also "landlord", "1", "2"); DDZ_ERR_BAD_MOVE names the text
 * when it is none of them. */
ddz_status ddz3_parse_seat(const char *text, int *seat, ddz_error *err);

/* Leading: `by` set to `turn`, and the move to beat a pass with no cards. */
void ddz3_normalise(ddz_position3 *p);

/* Checks a position: every hand non-empty, the hands and the cards of `last` fit one deck, the
 * seats in 0..2, and `by` another seat than `turn` when there is a move to beat. */
ddz_status ddz3_check(const ddz_position3 *p, ddz_error *err);

/* The rule of turns: the seat to move plays m (a pass only when answering; precondition: m is
 * legal there). A move: its cards leave the hand, it becomes the move to beat, made by that
 * seat, and the next seat answers. A pass: the next seat answers the same move, unless the
 * next seat made it (both others passed), which then leads. Returns 1 when m empties the
 * mover's hand (the game is over, won by the mover's side; *out holds the hands after), else 0. */
int ddz3_after(const ddz_position3 *p, const ddz_move *m, ddz_position3 *out);

/* The position notation: "HAND HAND HAND [SEAT [MOVE SEAT]]" (L's, F1's and F2's hands, the
 * seat to move, default L, and the move to beat with the seat that made it, default none),
 * fields separated by blanks, hands and moves without blanks. Writes the canonical form (every
 * field, `pass` with the seat to move when leading): "33 44 55 F1 single:7 L". */
size_t ddz3_format_position(const ddz_position3 *p, char *buf, size_t cap);
/* The flags of `ddz solve3` that give this position: "L F1 F2 --turn S [--last MOVE --by S]". */
size_t ddz3_format_args(const ddz_position3 *p, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
