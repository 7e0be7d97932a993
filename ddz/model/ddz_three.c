/* The three-player position's seats, rule of turns and notation (ddz_three.h). */
#include "ddz_three.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const seat_names[DDZ3_SEATS] = {"L", "F1", "F2"};

const char *ddz3_seat_name(int seat) { return seat >= 0 && seat < DDZ3_SEATS ? seat_names[seat] : "?"; }

ddz_status ddz3_parse_seat(const char *text, int *seat, ddz_error *err)
{
    static const struct {
        const char *name;
        int seat;
    } names[] = {{"L", DDZ3_L}, {"landlord", DDZ3_L}, {"F1", DDZ3_F1}, {"1", DDZ3_F1}, {"F2", DDZ3_F2}, {"2", DDZ3_F2}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(text, names[i].name) == 0) {
            *seat = names[i].seat;
            return DDZ_OK;
        }
    return ddz_error_set(err, DDZ_ERR_BAD_MOVE, 0, "'%.40s' is no seat (L, F1 or F2)", text);
}

void ddz3_normalise(ddz_position3 *p)
{
    if (p->last.type == DDZ_PASS) {
        p->last = (ddz_move){0, DDZ_PASS, 0, 0};
        p->by = p->turn;
    }
}

ddz_status ddz3_check(const ddz_position3 *p, ddz_error *err)
{
    if (p->turn >= DDZ3_SEATS || p->by >= DDZ3_SEATS)
        return ddz_error_set(err, DDZ_ERR_ILLEGAL, 0, "a seat out of range");
    for (int s = 0; s < DDZ3_SEATS; s++)
        if (!p->hand[s])
            return ddz_error_set(err, DDZ_ERR_EMPTY, 0, "%s's hand is empty (the game is over)", seat_names[s]);
    ddz_status st = ddz_check_disjoint(p->hand[0], p->hand[1], err);
    if (st == DDZ_OK)
        st = ddz_check_disjoint(p->hand[0] + p->hand[1], p->hand[2], err);
    if (st == DDZ_OK)
        st = ddz_check_disjoint(p->hand[0] + p->hand[1] + p->hand[2], p->last.cards, err);
    if (st != DDZ_OK)
        return st;
    if (p->last.type != DDZ_PASS && p->by == p->turn)
        return ddz_error_set(err, DDZ_ERR_ILLEGAL, 0, "%s made the move to beat and is to move: it leads instead",
                             seat_names[p->turn]);
    return DDZ_OK;
}

int ddz3_after(const ddz_position3 *p, const ddz_move *m, ddz_position3 *out)
{
    *out = *p;
    int next = ddz3_next_seat(p->turn);
    if (m->type == DDZ_PASS) {
        out->turn = (uint8_t)next;
        if (next == p->by) { /* both others passed: the maker leads */
            out->last = (ddz_move){0, DDZ_PASS, 0, 0};
            out->by = (uint8_t)next;
        }
        return 0;
    }
    out->hand[p->turn] = p->hand[p->turn] - m->cards;
    out->last = *m;
    out->by = p->turn;
    out->turn = (uint8_t)next;
    return out->hand[p->turn] == 0;
}

/* The hands, then the seat to move and, answering, the move and its maker, each after its
 * separator (a blank, or a flag). */
static size_t format(const ddz_position3 *p, const char *const sep[3], char *buf, size_t cap)
{
    char h[3][32], last[48];
    for (int s = 0; s < DDZ3_SEATS; s++)
        ddz_format_hand(p->hand[s], h[s], sizeof h[s]);
    ddz_format_move(&p->last, last, sizeof last);
    int n = p->last.type == DDZ_PASS
                ? snprintf(buf, cap, "%s %s %s%s%s", h[0], h[1], h[2], sep[0], ddz3_seat_name(p->turn))
                : snprintf(buf, cap, "%s %s %s%s%s%s%s%s%s", h[0], h[1], h[2], sep[0], ddz3_seat_name(p->turn), sep[1],
                           last, sep[2], ddz3_seat_name(p->by));
    return n < 0 ? 0 : (size_t)n;
}

size_t ddz3_format_position(const ddz_position3 *p, char *buf, size_t cap)
{
    static const char *const blanks[3] = {" ", " ", " "};
    return format(p, blanks, buf, cap);
}

size_t ddz3_format_args(const ddz_position3 *p, char *buf, size_t cap)
{
    static const char *const flags[3] = {" --turn ", " --last ", " --by "};
    return format(p, flags, buf, cap);
}
