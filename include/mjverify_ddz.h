/* <mjverify_ddz.h>: the public API of libmjverify-ddz in one include: the Dou Dizhu card model
 * and notation, moves and rule conventions, the move generator, and the solver registry. Only
 * names starting with ddz_ (and DDZ_) are exported; each header documents its functions. */
#ifndef MJVERIFY_DDZ_H
#define MJVERIFY_DDZ_H

#include "mjverify_version.h"

#include "ddz_cards.h"   /* ranks, ddz_hand (packed counts), the card notation, ddz_error */
#include "ddz_moves.h"   /* ddz_move, ddz_type, conventions: ddz_parse_rules, ddz_format_move */
#include "ddz_movegen.h" /* ddz_generate, ddz_beats, ddz_move_from_text */
#include "ddz_solver.h"  /* ddz_position, ddz_solve_options, ddz_result, ddz_solvers, ddz_solver_find */
#include "ddz_line.h"    /* ddz_line_of_play: the line of play read from a solve's kept table */
#include "ddz_flat.h"    /* ddz_flat_sizeof, for bindings */

#endif
