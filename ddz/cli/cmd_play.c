/* ddz play: a person (holding ENEMY) plays against the solver's line (holding ME), one move a
 * line on stdin, with both hands shown, the legal moves on request (?), a hint (h), and after
 * each of the solver's moves one sentence of why; illegal moves are refused with the reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"
#include "ddz_solve_cli.h"

static ddz_move moves[DDZ_MAX_MOVES];

/* Why `m` may not be played from `hand` on `last`, or NULL when it may. */
static const char *illegal(const ddz_move *m, ddz_hand hand, const ddz_move *last, const ddz_rules *rules)
{
    if (m->type == DDZ_PASS)
        return last->type == DDZ_PASS ? "you lead: passing is not allowed when leading" : NULL;
    if (!ddz_contains(hand, m->cards))
        return "you do not hold those cards";
    if (rules->forbidden & (1u << m->type))
        return "that move type is forbidden by the rules";
    if (!ddz_beats(m, last))
        return "it does not beat the move on the table (same type and length, higher rank, or a bomb)";
    size_t n = ddz_generate(hand, last, rules, moves, DDZ_MAX_MOVES);
    for (size_t i = 0; i < n && i < DDZ_MAX_MOVES; i++)
        if (ddz_move_compare(&moves[i], m) == 0)
            return NULL;
    return "the rules' kicker convention does not allow that move";
}

/* Echoes what the person typed: printable ASCII as it is, other bytes as \xHH, at most 64
 * bytes of it (then the length), so that any line stays one short line. */
static void put_echo(const char *s, size_t len)
{
    size_t shown = len > 64 ? 64 : len;
    for (size_t i = 0; i < shown; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            putchar(c);
        else
            printf("\\x%02x", c);
    }
    if (shown < len)
        printf("... (%zu bytes)", len);
}

static void print_move(const char *before, const ddz_move *m, const char *after)
{
    char buf[128];
    ddz_format_move(m, buf, sizeof buf);
    printf("%s%s%s", before, buf, after);
}

/* The state before the person's move: p is from the person's side (p.me is theirs). */
static void show(const ddz_position *p)
{
    char you[64], solver[64], last[128];
    ddz_format_hand(p->me, you, sizeof you);
    ddz_format_hand(p->enemy, solver, sizeof solver);
    ddz_format_move(&p->last, last, sizeof last);
    printf("solver holds %s; you hold %s; to beat: %s\n", solver, you,
           p->last.type == DDZ_PASS ? "nothing (you lead)" : last);
}

/* ? : every legal move of the person, on one line. */
static void list_moves(const ddz_position *p, const ddz_rules *rules)
{
    size_t n = ddz_generate(p->me, &p->last, rules, moves, DDZ_MAX_MOVES);
    printf("your %zu legal move%s:", n, n == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < DDZ_MAX_MOVES; i++)
        print_move(" ", &moves[i], "");
    putchar('\n');
}

/* h : the move the solver would play in the person's place, and whether it wins. */
static int hint(const ddz_solve_args *a, const ddz_position *p)
{
    ddz_move m;
    ddz_outcome o = ddz_line_move(a, p, &m);
    if (o == DDZ_SOLVE_WIN)
        print_move("hint: ", &m, " wins against any defence\n");
    else if (o == DDZ_SOLVE_LOSS)
        print_move("hint: no move wins against the solver's best play; ", &m, " holds out\n");
    else
        return 1;
    return 0;
}

/* The sentence after the solver's move m from q (the solver's side): why it played it. */
static void explain(const ddz_solve_args *a, const ddz_position *q, const ddz_move *m, ddz_outcome o)
{
    if (m->type != DDZ_PASS && m->cards == q->me) {
        puts("why: it empties its hand");
        return;
    }
    ddz_position r = ddz_after(q, m);
    size_t replies = ddz_generate(r.me, &r.last, &a->rules, moves, DDZ_MAX_MOVES);
    if (o == DDZ_SOLVE_WIN && replies == 1) {
        print_move("why: your only reply, ", &moves[0], ", loses: its strategy answers it with a win\n");
        return;
    }
    if (o == DDZ_SOLVE_WIN) {
        printf("why: it wins against each of your %zu replies: its strategy has a winning answer to every one\n",
               replies);
        return;
    }
    size_t n = ddz_generate(q->me, &q->last, &a->rules, moves, DDZ_MAX_MOVES);
    printf("why: every one of its %zu move%s loses against your best play; it resists with this one\n", n,
           n == 1 ? "" : "s");
}

int ddz_cmd_play(int argc, char **argv)
{
    ddz_solve_args a = {.cmd = "play"};
    int rc = ddz_solve_parse(argc, argv, &a, 0);
    if (rc)
        return rc < 0 ? 0 : rc;
    puts("you hold ENEMY, the solver holds ME and moves first; type a move (pass, 345678 or TYPE:CARDS), "
         "? for your legal moves, h for a hint, q to stop");
    /* p is always from the side to move; solver_turn says whose side that is. */
    ddz_position p = a.pos;
    int solver_turn = 1, said = -1; /* the solver's outcome last announced */
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    for (;;) {
        if (solver_turn) {
            ddz_move m;
            ddz_outcome o = ddz_line_move(&a, &p, &m);
            if (o == DDZ_SOLVE_TIMEOUT || o == DDZ_SOLVE_ERROR) {
                fprintf(stderr, "ddz play: the solver could not decide the position (%s)\n",
                        o == DDZ_SOLVE_TIMEOUT ? "time limit" : "error");
                free(line);
                return 1;
            }
            if (said < 0)
                puts(o == DDZ_SOLVE_WIN ? "the solver wins from here whatever you play"
                                        : "the solver has no winning line here; it resists");
            else if (said == DDZ_SOLVE_LOSS && o == DDZ_SOLVE_WIN) /* the person let a won game go */
                puts("your last move let the solver through: it wins from here whatever you play");
            said = (int)o;
            print_move("solver plays ", &m, "\n");
            explain(&a, &p, &m, o);
            if (m.type != DDZ_PASS && m.cards == p.me) {
                puts("the solver has played out: the solver wins");
                free(line);
                return 0;
            }
            p = ddz_after(&p, &m);
            solver_turn = 0;
            continue;
        }
        show(&p);
        fputs("your move? ", stdout);
        fflush(stdout);
        if ((len = getline(&line, &cap, stdin)) < 0) {
            puts("\nend of input: game left unfinished");
            free(line);
            return 0;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        size_t start = strspn(line, " \t");
        const char *text = line + start;
        if (!*text)
            continue;
        if (strcmp(text, "?") == 0) {
            list_moves(&p, &a.rules);
            continue;
        }
        if (strcmp(text, "h") == 0) {
            if (hint(&a, &p)) {
                fprintf(stderr, "ddz play: the solver could not decide your position (time limit or error)\n");
                puts("hint: none (the solver could not decide your position)");
            }
            continue;
        }
        if (strcmp(text, "q") == 0) {
            puts("game stopped");
            free(line);
            return 0;
        }
        ddz_move m;
        ddz_error e;
        const char *why = NULL;
        if (memchr(line, '\0', (size_t)len))
            why = "a NUL byte is no card";
        else if (ddz_move_from_text(text, &a.rules, &m, &e) != DDZ_OK)
            why = e.message;
        else
            why = illegal(&m, p.me, &p.last, &a.rules);
        if (why) {
            fputs("refused: '", stdout);
            put_echo(line, (size_t)len);
            printf("': %s\n", why);
            continue;
        }
        print_move("you play ", &m, "\n");
        if (m.type != DDZ_PASS && m.cards == p.me) {
            puts("you have played out: you win");
            free(line);
            return 0;
        }
        p = ddz_after(&p, &m);
        solver_turn = 1;
    }
}
