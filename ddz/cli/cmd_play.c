/* ddz play: a person (holding ENEMY) plays against the solver's line (holding ME), one move a
 * line on stdin; illegal moves are refused with the reason; end of input ends the game. */
#include <stdio.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"
#include "ddz_solve_cli.h"

/* Why `m` may not be played from `hand` on `last`, or NULL when it may. */
static const char *illegal(const ddz_move *m, ddz_hand hand, const ddz_move *last, const ddz_rules *rules)
{
    static ddz_move mv[DDZ_MAX_MOVES];
    if (m->type == DDZ_PASS)
        return last->type == DDZ_PASS ? "you lead: passing is not allowed when leading" : NULL;
    if (!ddz_contains(hand, m->cards))
        return "you do not hold those cards";
    if (rules->forbidden & (1u << m->type))
        return "that move type is forbidden by the rules";
    if (!ddz_beats(m, last))
        return "it does not beat the move on the table (same type and length, higher rank, or a bomb)";
    size_t n = ddz_generate(hand, last, rules, mv, DDZ_MAX_MOVES);
    for (size_t i = 0; i < n && i < DDZ_MAX_MOVES; i++)
        if (mv[i].cards == m->cards && mv[i].type == m->type && mv[i].main == m->main && mv[i].len == m->len)
            return NULL;
    return "the rules' kicker convention does not allow that move";
}

int ddz_cmd_play(int argc, char **argv)
{
    ddz_solve_args a = {.cmd = "play"};
    int rc = ddz_solve_parse(argc, argv, &a, 0);
    char buf[128], line[512];
    if (rc)
        return rc < 0 ? 0 : rc;
    /* p is always from the side to move; solver_turn says whose side that is. */
    ddz_position p = a.pos;
    int solver_turn = 1, announced = 0;
    for (;;) {
        if (solver_turn) {
            ddz_move m;
            ddz_outcome o = ddz_line_move(&a, &p, &m);
            if (o == DDZ_SOLVE_TIMEOUT || o == DDZ_SOLVE_ERROR) {
                fprintf(stderr, "ddz play: the solver could not decide the position (%s)\n",
                        o == DDZ_SOLVE_TIMEOUT ? "time limit" : "error");
                return 1;
            }
            if (!announced) {
                printf("%s\n", o == DDZ_SOLVE_WIN ? "the solver wins from here whatever you play"
                                                  : "the solver has no winning line here; it resists");
                announced = 1;
            }
            ddz_format_move(&m, buf, sizeof buf);
            printf("solver plays %s\n", buf);
            if (m.type != DDZ_PASS && m.cards == p.me) {
                puts("the solver has played out: the solver wins");
                return 0;
            }
            p = ddz_after(&p, &m);
            solver_turn = 0;
            continue;
        }
        char h[64], t[96];
        ddz_format_hand(p.me, h, sizeof h);
        ddz_format_move(&p.last, t, sizeof t);
        printf("your hand %s; to beat: %s; your move? ", h, p.last.type == DDZ_PASS ? "nothing (you lead)" : t);
        fflush(stdout);
        if (!fgets(line, sizeof line, stdin)) {
            puts("\nend of input: game left unfinished");
            return 0;
        }
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        ddz_move m;
        ddz_error e;
        if (ddz_move_from_text(line, &a.rules, &m, &e) != DDZ_OK) {
            printf("refused: '%s': %s\n", line, e.message);
            continue;
        }
        const char *why = illegal(&m, p.me, &p.last, &a.rules);
        if (why) {
            printf("refused: '%s': %s\n", line, why);
            continue;
        }
        ddz_format_move(&m, buf, sizeof buf);
        printf("you play %s\n", buf);
        if (m.type != DDZ_PASS && m.cards == p.me) {
            puts("you have played out: you win");
            return 0;
        }
        p = ddz_after(&p, &m);
        solver_turn = 1;
    }
}
