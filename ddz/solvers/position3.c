/* Reading a three-player position from text (its hands, seats and move to beat): what the CLI,
 * the bench sets and the fuzz harness share. The move text is read with the generator's reading
 * (ddz_move_from_text), hence here with the solvers; writing it back is the model's
 * (ddz3_format_position, ddz3_format_args). */
#include "ddz_movegen.h"
#include "ddz_solver3.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Fills err with a message that names the field before the inner reason (which carries its
 * own "byte N: "), without a second byte prefix. */
static ddz_status wrap(ddz_error *err, ddz_status code, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static ddz_status wrap(ddz_error *err, ddz_status code, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        err->offset = offset;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

ddz_status ddz3_read_position(const char *hands[3], const char *turn, const char *last, const char *by,
                              const ddz_rules *rules, ddz_position3 *out, ddz_error *err)
{
    ddz_error e;
    ddz_status st;
    int seat;
    memset(out, 0, sizeof *out);
    for (int s = 0; s < DDZ3_SEATS; s++)
        if ((st = ddz_parse_hand(hands[s], 0, &out->hand[s], &e)) != DDZ_OK)
            return wrap(err, st, e.offset, "%s's hand: %s", ddz3_seat_name(s), e.message);
    out->turn = DDZ3_L;
    if (turn) {
        if ((st = ddz3_parse_seat(turn, &seat, &e)) != DDZ_OK)
            return wrap(err, st, 0, "--turn: %s", e.message);
        out->turn = (uint8_t)seat;
    }
    out->last = (ddz_move){0, DDZ_PASS, 0, 0};
    out->by = out->turn;
    if (last && strcmp(last, "pass") != 0) {
        if ((st = ddz_move_from_text(last, rules, &out->last, &e)) != DDZ_OK)
            return wrap(err, st, e.offset, "--last: %s", e.message);
        out->by = (uint8_t)(out->turn == DDZ3_L ? DDZ3_F2 : out->turn - 1);
        if (by) {
            if ((st = ddz3_parse_seat(by, &seat, &e)) != DDZ_OK)
                return wrap(err, st, 0, "--by: %s", e.message);
            out->by = (uint8_t)seat;
        }
    } else if (by) {
        return wrap(err, DDZ_ERR_ILLEGAL, 0, "--by names who made the move to beat: it needs --last");
    }
    if ((st = ddz3_check(out, &e)) != DDZ_OK)
        return wrap(err, st, e.offset, "%s", e.message);
    ddz3_normalise(out);
    return DDZ_OK;
}
