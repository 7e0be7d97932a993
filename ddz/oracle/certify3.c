/* The three-player strategy certificate checker: reads a `ddz-strategy3` DAG and confirms, with
 * the recogniser's moves and its own rule of turns (nothing from the solvers), that the side it
 * names wins the header's position. */
#include "ddz_oracle3.h"
#include "ddzo_shared.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE3 UINT32_MAX

typedef struct {
    ddz_position3 pos;
    ddz_move play;
    uint32_t target;       /* the play's node (NONE3: a final play, or not given) */
    uint32_t first, n;     /* its replies: rep[first .. first + n) */
    unsigned long line, play_line;
    int has_play;
    int depth;
    unsigned char color;   /* 0 unvisited, 1 on the walk's path, 2 checked */
} node3;

typedef struct {
    ddz_move m;
    uint32_t target;
    unsigned long line;
} reply3;

typedef struct {
    FILE *f;
    unsigned long line;
    char buf[DDZO_CERT_MAX_LINE + 1];
    ddzo3_cert_result *res;
    node3 *node;
    size_t nn, capn;
    reply3 *rep;
    size_t nr, capr;
} reader3;

/* The failure: res's message and line filled; returns st. */
#define fail3(res_, st_, at_, ...) ddzo_cert_fail((res_)->message, sizeof (res_)->message, &(res_)->line, st_, at_, __VA_ARGS__)

/* The next line without its newline (a final \r dropped); 0 at the end of the file, -1 when a
 * line is too long or holds a byte that is not printable ASCII. Blank and # lines are skipped. */
static int next_line(reader3 *r)
{
    for (;;) {
        if (!fgets(r->buf, sizeof r->buf, r->f))
            return 0;
        r->line++;
        size_t n = strlen(r->buf);
        if (n && r->buf[n - 1] == '\n')
            r->buf[--n] = '\0';
        else if (!feof(r->f))
            return -1;
        if (n && r->buf[n - 1] == '\r')
            r->buf[--n] = '\0';
        for (size_t i = 0; i < n; i++)
            if ((unsigned char)r->buf[i] < 0x20 || (unsigned char)r->buf[i] > 0x7e) {
                if (r->buf[i] != '\t')
                    return -1;
                r->buf[i] = ' ';
            }
        const char *s = r->buf;
        while (*s == ' ')
            s++;
        if (*s && *s != '#')
            return 1;
    }
}

/* A move text read with the recogniser: the cards' reading of the named type, or their only
 * reading. */
static int read_move(const ddz_rules *rules, const char *text, ddz_move *out, char *why, size_t cap)
{
    ddz_type type;
    ddz_hand cards;
    ddz_error e;
    if (strcmp(text, "pass") == 0) {
        *out = (ddz_move){0, DDZ_PASS, 0, 0};
        return 0;
    }
    if (ddz_parse_move_text(text, &type, &cards, &e) != DDZ_OK) {
        snprintf(why, cap, "move '%.60s': %s", text, e.message);
        return -1;
    }
    ddz_move rd[DDZ_TYPES];
    size_t n = ddzo_readings(cards, rules, rd, DDZ_TYPES), found = 0;
    for (size_t i = 0; i < n && i < DDZ_TYPES; i++)
        if (type == DDZ_TYPES || rd[i].type == (uint8_t)type) {
            *out = rd[i];
            found++;
        }
    if (found != 1) {
        snprintf(why, cap, "move '%.60s' %s", text, found ? "reads several ways: name its type" : "is no move under these rules");
        return -1;
    }
    return 0;
}

/* "HAND HAND HAND SEAT [MOVE SEAT]" from tokens. */
static int read_position(const ddz_rules *rules, char **tok, int n, ddz_position3 *p, char *why, size_t cap)
{
    ddz_error e;
    int seat;
    memset(p, 0, sizeof *p);
    if (n != 4 && n != 6) {
        snprintf(why, cap, "a position is three hands, the seat to move and optionally the move to beat and its maker");
        return -1;
    }
    for (int s = 0; s < 3; s++)
        if (ddz_parse_hand(tok[s], 0, &p->hand[s], &e) != DDZ_OK) {
            snprintf(why, cap, "%s's hand '%.40s': %s", ddz3_seat_name(s), tok[s], e.message);
            return -1;
        }
    if (ddz3_parse_seat(tok[3], &seat, &e) != DDZ_OK) {
        snprintf(why, cap, "%s", e.message);
        return -1;
    }
    p->turn = p->by = (uint8_t)seat;
    p->last = (ddz_move){0, DDZ_PASS, 0, 0};
    if (n == 6) {
        if (read_move(rules, tok[4], &p->last, why, cap))
            return -1;
        if (ddz3_parse_seat(tok[5], &seat, &e) != DDZ_OK) {
            snprintf(why, cap, "%s", e.message);
            return -1;
        }
        p->by = (uint8_t)seat;
        if (p->last.type == DDZ_PASS || p->by == p->turn) {
            snprintf(why, cap, "the move to beat must be a move made by another seat than the one to move");
            return -1;
        }
    }
    for (int r = 0; r < DDZ_RANKS; r++)
        if (ddz_count(p->hand[0], r) + ddz_count(p->hand[1], r) + ddz_count(p->hand[2], r) +
                ddz_count(p->last.cards, r) >
            (r >= DDZ_RX ? 1 : 4)) {
            snprintf(why, cap, "the hands and the move to beat hold more of a card than the deck has");
            return -1;
        }
    return 0;
}

static int same3(const ddz_position3 *a, const ddz_position3 *b)
{
    return a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1] && a->hand[2] == b->hand[2] && a->turn == b->turn &&
           a->by == b->by && ddz_move_compare(&a->last, &b->last) == 0;
}

/* The rule of turns, the oracle's own: 1 when m empties the mover's hand. */
static int step(const ddz_position3 *p, const ddz_move *m, ddz_position3 *q)
{
    int next = (p->turn + 1) % 3;
    *q = *p;
    q->turn = (uint8_t)next;
    if (m->type == DDZ_PASS) {
        if (next == p->by) {
            q->last = (ddz_move){0, DDZ_PASS, 0, 0};
            q->by = (uint8_t)next;
        }
        return 0;
    }
    q->hand[p->turn] -= m->cards;
    q->last = *m;
    q->by = p->turn;
    return q->hand[p->turn] == 0;
}

static char *pos_text(const ddz_position3 *p, char *buf, size_t cap)
{
    ddz3_format_position(p, buf, cap);
    return buf;
}

static int cmp_move(const void *a, const void *b) { return ddz_move_compare(a, b); }

/* Checks node i, whose successors are checked by the walk. */
static ddzo_cert_status check_node(reader3 *r, size_t i, ddz_move **legal, size_t *capl)
{
    ddzo3_cert_result *res = r->res;
    node3 *v = &r->node[i];
    const ddz_position3 *p = &v->pos;
    char pb[256], mb[64];
    size_t n = ddzo_answers(p->hand[p->turn], &p->last, &res->rules, NULL, 0);
    if (n > *capl) {
        ddz_move *g = realloc(*legal, n * sizeof *g);
        if (!g)
            return fail3(res, DDZO_CERT_UNREADABLE, v->line, "out of memory");
        *legal = g;
        *capl = n;
    }
    ddzo_answers(p->hand[p->turn], &p->last, &res->rules, *legal, n);
    if (ddz3_side(p->turn) == res->winner) {
        if (!v->has_play || v->n)
            return fail3(res, DDZO_CERT_REJECTED, v->line, "node %zu (%s): the winning side is to move: one play line and no reply",
                         i + 1, pos_text(p, pb, sizeof pb));
        size_t k = 0;
        while (k < n && ddz_move_compare(&(*legal)[k], &v->play) != 0)
            k++;
        ddz_format_move(&v->play, mb, sizeof mb);
        if (k == n)
            return fail3(res, DDZO_CERT_REJECTED, v->play_line, "play %s at node %zu is not a legal move of %s there", mb,
                         i + 1, ddz3_seat_name(p->turn));
        ddz_position3 q;
        if (step(p, &v->play, &q)) {
            if (v->target != NONE3)
                return fail3(res, DDZO_CERT_REJECTED, v->play_line, "play %s at node %zu ends the game: no node follows", mb, i + 1);
            return DDZO_CERT_OK;
        }
        if (v->target == NONE3)
            return fail3(res, DDZO_CERT_REJECTED, v->play_line, "play %s at node %zu does not empty the hand: '-> NODE' is missing",
                         mb, i + 1);
        if (!same3(&r->node[v->target].pos, &q))
            return fail3(res, DDZO_CERT_REJECTED, v->play_line, "play %s at node %zu leads to %s, not to node %lu's position", mb,
                         i + 1, pos_text(&q, pb, sizeof pb), (unsigned long)v->target + 1);
        return DDZO_CERT_OK;
    }
    if (v->has_play)
        return fail3(res, DDZO_CERT_REJECTED, v->play_line, "node %zu: the other side is to move: replies, not a play", i + 1);
    /* every legal move listed, once, and nothing else */
    ddz_move *listed = malloc((v->n ? v->n : 1) * sizeof *listed);
    if (!listed)
        return fail3(res, DDZO_CERT_UNREADABLE, v->line, "out of memory");
    for (uint32_t k = 0; k < v->n; k++)
        listed[k] = r->rep[v->first + k].m;
    qsort(listed, v->n, sizeof *listed, cmp_move);
    qsort(*legal, n, sizeof **legal, cmp_move);
    size_t a = 0;
    for (; a < n && a < v->n; a++)
        if (ddz_move_compare(&listed[a], &(*legal)[a]) != 0)
            break;
    if (a < n || a < v->n) {
        const ddz_move *m = a < n && (a >= v->n || ddz_move_compare(&(*legal)[a], &listed[a]) < 0) ? &(*legal)[a] : &listed[a];
        int missing = m == &(*legal)[a] && !(a < v->n && ddz_move_compare(m, &listed[a]) == 0);
        ddz_format_move(m, mb, sizeof mb);
        free(listed);
        return fail3(res, DDZO_CERT_REJECTED, v->line, "node %zu (%s): %s %s", i + 1, pos_text(p, pb, sizeof pb),
                     missing ? "the legal reply is not listed:" : "a listed reply is not legal once:", mb);
    }
    free(listed);
    for (uint32_t k = 0; k < v->n; k++) {
        const reply3 *rp = &r->rep[v->first + k];
        ddz_position3 q;
        ddz_format_move(&rp->m, mb, sizeof mb);
        if (step(p, &rp->m, &q))
            return fail3(res, DDZO_CERT_REJECTED, rp->line, "reply %s at node %zu empties %s's hand: the other side wins", mb,
                         i + 1, ddz3_seat_name(p->turn));
        if (!same3(&r->node[rp->target].pos, &q))
            return fail3(res, DDZO_CERT_REJECTED, rp->line, "reply %s at node %zu leads to %s, not to node %lu's position", mb,
                         i + 1, pos_text(&q, pb, sizeof pb), (unsigned long)rp->target + 1);
    }
    return DDZO_CERT_OK;
}

static ddzo_cert_status read_all(reader3 *r)
{
    ddzo3_cert_result *res = r->res;
    char *tok[8], why[256];
    static const char *const head[4] = {"ddz-strategy3", "rules", "position", "winner"};
    for (int h = 0; h < 4; h++) {
        int got = next_line(r);
        if (got <= 0)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, got < 0 ? "a line too long or not printable ASCII"
                                                                     : "the header ends early (want '%s')", head[h]);
        char *rest = r->buf;
        while (*rest == ' ')
            rest++;
        size_t kl = strlen(head[h]);
        if (strncmp(rest, head[h], kl) != 0 || (rest[kl] != ' ' && rest[kl] != '\0'))
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "header line %d should start with '%s'", h + 1, head[h]);
        rest += kl;
        while (*rest == ' ')
            rest++;
        if (h == 0 && strcmp(rest, "1") != 0)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "unknown version '%.20s' (this checker reads 1)", rest);
        if (h == 1) {
            ddz_error e;
            if (ddz_parse_rules(rest, &res->rules, &e) != DDZ_OK)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "rules: %s", e.message);
        }
        if (h == 2) {
            int n = ddzo_split(rest, tok, 6);
            if (n > 6 || read_position(&res->rules, tok, n, &res->pos, why, sizeof why))
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "position: %s", n > 6 ? "too many fields" : why);
        }
        if (h == 3) {
            if (strcmp(rest, "landlord") == 0)
                res->winner = 0;
            else if (strcmp(rest, "farmers") == 0)
                res->winner = 1;
            else
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "winner: landlord or farmers, not '%.20s'", rest);
        }
    }
    for (;;) {
        int got = next_line(r);
        if (got < 0)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "a line too long or not printable ASCII");
        if (got == 0)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "no 'end N' line: the file is cut off");
        int n = ddzo_split(r->buf, tok, 8);
        if (n > 8)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "too many fields");
        if (strcmp(tok[0], "end") == 0) {
            if (n != 2 || strtoul(tok[1], NULL, 10) != r->nn || strspn(tok[1], "0123456789") != strlen(tok[1]))
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "'end %zu' expected (the number of nodes)", r->nn);
            if (next_line(r) != 0)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "text after the end line");
            return DDZO_CERT_OK;
        }
        if (strcmp(tok[0], "node") == 0) {
            char want[24];
            snprintf(want, sizeof want, "%zu", r->nn + 1);
            if (n < 2 || strcmp(tok[1], want) != 0)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "'node %s' expected (nodes are numbered in order)", want);
            if (r->nn >= DDZO_CERT_MAX_NODES)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "more than %u nodes", DDZO_CERT_MAX_NODES);
            if (r->nn == r->capn) {
                size_t c = r->capn ? 2 * r->capn : 256;
                node3 *g = realloc(r->node, c * sizeof *g);
                if (!g)
                    return fail3(res, DDZO_CERT_UNREADABLE, r->line, "out of memory");
                r->node = g;
                r->capn = c;
            }
            node3 *v = &r->node[r->nn++];
            memset(v, 0, sizeof *v);
            v->target = NONE3;
            v->first = (uint32_t)r->nr;
            v->line = r->line;
            if (read_position(&res->rules, tok + 2, n - 2, &v->pos, why, sizeof why))
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "node %s: %s", want, why);
            continue;
        }
        int is_play = strcmp(tok[0], "play") == 0;
        if (!is_play && strcmp(tok[0], "reply") != 0)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "unknown line '%.20s'", tok[0]);
        if (!r->nn)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "a %s line before the first node", tok[0]);
        node3 *v = &r->node[r->nn - 1];
        ddz_move m;
        uint32_t target = NONE3;
        if (n != 2 && n != 4)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "'%s MOVE -> NODE' expected", tok[0]);
        if (read_move(&res->rules, tok[1], &m, why, sizeof why))
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "%s", why);
        if (n == 4) {
            char *end;
            unsigned long id = strtoul(tok[3], &end, 10);
            if (strcmp(tok[2], "->") != 0 || *end || end == tok[3] || id == 0 || id > DDZO_CERT_MAX_NODES)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "'-> NODE' expected after the move");
            target = (uint32_t)(id - 1);
        } else if (!is_play) {
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "a reply needs '-> NODE'");
        }
        if (is_play) {
            if (v->has_play || v->n)
                return fail3(res, DDZO_CERT_REJECTED, r->line, "a second play, or a play among replies, at node %zu", r->nn);
            v->has_play = 1;
            v->play = m;
            v->target = target;
            v->play_line = r->line;
            continue;
        }
        if (v->has_play)
            return fail3(res, DDZO_CERT_REJECTED, r->line, "a reply after the play at node %zu", r->nn);
        if (r->nr >= DDZO_CERT_MAX_REPLIES)
            return fail3(res, DDZO_CERT_UNREADABLE, r->line, "more than %u replies", DDZO_CERT_MAX_REPLIES);
        if (r->nr == r->capr) {
            size_t c = r->capr ? 2 * r->capr : 1024;
            reply3 *g = realloc(r->rep, c * sizeof *g);
            if (!g)
                return fail3(res, DDZO_CERT_UNREADABLE, r->line, "out of memory");
            r->rep = g;
            r->capr = c;
        }
        r->rep[r->nr++] = (reply3){m, target, r->line};
        v->n++;
    }
}

/* The walk: depth first from node 1, each reachable node checked once, a node met again on its
 * own path is a cycle. */
static ddzo_cert_status check_walk(reader3 *r)
{
    ddzo3_cert_result *res = r->res;
    ddz_move *legal = NULL;
    size_t capl = 0;
    typedef struct {
        uint32_t v, next;
    } frame;
    frame *stack = malloc((r->nn + 1) * sizeof *stack);
    ddzo_cert_status st = DDZO_CERT_OK;
    if (!stack)
        return fail3(res, DDZO_CERT_UNREADABLE, 0, "out of memory");
    for (size_t i = 0; i < r->nn; i++) {
        node3 *v = &r->node[i];
        if (v->target != NONE3 && v->target >= r->nn) {
            free(stack);
            return fail3(res, DDZO_CERT_UNREADABLE, v->play_line, "node %lu does not exist", (unsigned long)v->target + 1);
        }
    }
    for (size_t k = 0; k < r->nr; k++)
        if (r->rep[k].target >= r->nn) {
            free(stack);
            return fail3(res, DDZO_CERT_UNREADABLE, r->rep[k].line, "node %lu does not exist",
                         (unsigned long)r->rep[k].target + 1);
        }
    size_t top = 0;
    stack[top++] = (frame){0, 0};
    r->node[0].color = 1;
    if ((st = check_node(r, 0, &legal, &capl)) != DDZO_CERT_OK)
        goto done;
    res->nodes = 1;
    while (top) {
        frame *fr = &stack[top - 1];
        node3 *v = &r->node[fr->v];
        uint32_t nsucc = v->has_play ? (v->target != NONE3) : v->n;
        if (fr->next == nsucc) {
            int d = 0;
            if (v->has_play && v->target != NONE3)
                d = r->node[v->target].depth;
            for (uint32_t k = 0; k < v->n; k++)
                if (r->node[r->rep[v->first + k].target].depth > d)
                    d = r->node[r->rep[v->first + k].target].depth;
            v->depth = d + (v->has_play ? 1 : 0);
            v->color = 2;
            top--;
            continue;
        }
        uint32_t w = v->has_play ? v->target : r->rep[v->first + fr->next].target;
        unsigned long line = v->has_play ? v->play_line : r->rep[v->first + fr->next].line;
        fr->next++;
        if (r->node[w].color == 1) {
            st = fail3(res, DDZO_CERT_REJECTED, line, "a cycle: node %lu is on its own line of play", (unsigned long)w + 1);
            goto done;
        }
        if (r->node[w].color == 2)
            continue;
        r->node[w].color = 1;
        if ((st = check_node(r, w, &legal, &capl)) != DDZO_CERT_OK)
            goto done;
        res->nodes++;
        stack[top++] = (frame){w, 0};
    }
    for (size_t i = 0; i < r->nn; i++)
        if (r->node[i].color == 2 && !r->node[i].has_play)
            res->replies += r->node[i].n;
    res->depth = r->node[0].depth;
done:
    free(stack);
    free(legal);
    return st;
}

ddzo_cert_status ddzo3_certify(FILE *f, const ddz_rules *rules, ddzo3_cert_result *res)
{
    reader3 r;
    memset(&r, 0, sizeof r);
    memset(res, 0, sizeof *res);
    r.f = f;
    r.res = res;
    ddzo_cert_status st = read_all(&r);
    if (st == DDZO_CERT_OK && ferror(f))
        st = fail3(res, DDZO_CERT_UNREADABLE, 0, "read error");
    if (st == DDZO_CERT_OK && rules &&
        (rules->convention != res->rules.convention || rules->forbidden != res->rules.forbidden))
        st = fail3(res, DDZO_CERT_REJECTED, 2, "the header's rules are not the --rules given");
    if (st == DDZO_CERT_OK && r.nn == 0)
        st = fail3(res, DDZO_CERT_UNREADABLE, r.line, "no node");
    if (st == DDZO_CERT_OK && !same3(&r.node[0].pos, &res->pos))
        st = fail3(res, DDZO_CERT_REJECTED, r.node[0].line, "node 1 is not the header's position");
    if (st == DDZO_CERT_OK) {
        for (int s = 0; s < 3; s++)
            if (!res->pos.hand[s])
                st = fail3(res, DDZO_CERT_REJECTED, 3, "%s's hand is empty: the game is over", ddz3_seat_name(s));
    }
    if (st == DDZO_CERT_OK)
        st = check_walk(&r);
    free(r.node);
    free(r.rep);
    return st;
}
