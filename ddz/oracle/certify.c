/* The strategy certificate checker: reads a `ddz-strategy` tree (1) or DAG (2, or 3 with small
 * positions left to decide.c's search) and confirms, with the recogniser's moves and nothing from
 * the solvers, that it proves the header's win. */
#include "ddz_oracle.h"
#include "ddzo_shared.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX

typedef struct {
    ddz_hand w, l;          /* the winner's hand (to move) and the loser's */
    ddz_move last, play;    /* the move to beat (a pass: the winner leads) and the winner's play */
    uint32_t first, n;      /* its replies, [first, first + n) once grouped */
    unsigned long line, play_line;
    int has_play;
    int search;             /* version 3's `search`: left to the checker's own search */
    int depth;              /* the most plays from here to a final one (0: not computed) */
    unsigned char color;    /* 0 unvisited, 1 on the search path, 2 done */
} cnode;

typedef struct {
    ddz_move m;
    uint32_t from, target;  /* node indices (0-based); target NONE: none yet */
    unsigned long line;
} creply;

typedef struct {
    FILE *f;
    unsigned long line;
    char buf[DDZO_CERT_MAX_LINE + 1];
    ddzo_cert_result *res;
    ddz_rules rules;
    char rules_text[128];
    cnode *node;
    size_t nnodes, capnodes;
    creply *rep;
    size_t nrep, caprep;
    ddzo_decider *decider;  /* made at the first `search` node */
} reader;

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

/* The failure: res's message and line filled; returns st. */
#define fail(res_, st_, at_, ...) ddzo_cert_fail((res_)->message, sizeof (res_)->message, &(res_)->line, st_, at_, __VA_ARGS__)

/* A short, printable copy of some text for a message (the reader lets only printable ASCII in). */
static const char *shown(const char *s, char *buf, size_t cap)
{
    size_t n = strlen(s);
    if (n + 1 <= cap) {
        memcpy(buf, s, n + 1);
    } else {
        memcpy(buf, s, cap - 4);
        memcpy(buf + cap - 4, "...", 4);
    }
    return buf;
}

static char *fmt_move(const ddz_move *m, char *buf, size_t cap)
{
    ddz_format_move(m, buf, cap);
    return buf;
}

/* "me H enemy H last M", as the v2 node line writes a position. */
static char *fmt_pos(ddz_hand w, ddz_hand l, const ddz_move *last, char *buf, size_t cap)
{
    char a[32], b[32], c[48];
    ddz_format_hand(w, a, sizeof a);
    ddz_format_hand(l, b, sizeof b);
    ddz_format_move(last, c, sizeof c);
    snprintf(buf, cap, "me %s enemy %s last %s", a, b, c);
    return buf;
}

/* Reads one line into r->buf without its newline (a final '\r' dropped). Returns 1 a line,
 * 0 the end of the file, or -1 with res filled (too long, a byte that is no text, a read error). */
static int read_line(reader *r, ddzo_cert_status *st)
{
    size_t n = 0;
    int c;
    while ((c = getc(r->f)) != EOF && c != '\n') {
        if (n + 1 >= DDZO_CERT_MAX_LINE) {
            *st = fail(r->res, DDZO_CERT_UNREADABLE, r->line + 1, "line longer than %d bytes",
                       DDZO_CERT_MAX_LINE - 1);
            return -1;
        }
        if ((c < 0x20 && c != '\t' && c != '\r') || c >= 0x7f) {
            *st = fail(r->res, DDZO_CERT_UNREADABLE, r->line + 1, "byte 0x%02x at column %zu is not text", c, n + 1);
            return -1;
        }
        r->buf[n++] = (char)c;
    }
    if (ferror(r->f)) {
        *st = fail(r->res, DDZO_CERT_UNREADABLE, r->line + 1, "read error");
        return -1;
    }
    if (c == EOF && n == 0)
        return 0;
    if (n && r->buf[n - 1] == '\r')
        n--;
    r->buf[n] = '\0';
    if (strchr(r->buf, '\r')) {
        *st = fail(r->res, DDZO_CERT_UNREADABLE, r->line + 1, "a carriage return inside the line");
        return -1;
    }
    r->line++;
    return 1;
}

static int blank_or_comment(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return *s == '\0' || *s == '#';
}

/* The move a text names, read by the recogniser: TYPE:CARDS picks that type's reading, bare
 * cards need exactly one reading. Syntax errors are unreadable; cards that form no such move
 * under the rules are a rejection. is_last: the move to beat, which may be of a forbidden type
 * (it is then answered only by bombs and the rocket, as ddzo_beats says). */
static ddzo_cert_status resolve(reader *r, const char *what, const char *text, int is_last, ddz_move *out)
{
    ddz_type t;
    ddz_hand cards;
    ddz_error e;
    char sh[80];
    if (ddz_parse_move_text(text, &t, &cards, &e) != DDZ_OK)
        return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "%s '%s': %s", what, shown(text, sh, sizeof sh), e.message);
    if (t == DDZ_PASS) {
        *out = pass_move;
        return DDZO_CERT_OK;
    }
    ddz_rules rules = r->rules;
    if (is_last)
        rules.forbidden = 0;
    ddz_move rd[DDZ_TYPES];
    size_t n = ddzo_readings(cards, &rules, rd, DDZ_TYPES), pick = n;
    if (t == DDZ_TYPES) {
        if (n == 1)
            pick = 0;
        else if (n > 1)
            return fail(r->res, DDZO_CERT_REJECTED, r->line, "%s '%s' reads as %zu moves under %s (write TYPE:CARDS)",
                        what, shown(text, sh, sizeof sh), n, r->rules_text);
    } else {
        for (size_t i = 0; i < n; i++)
            if (rd[i].type == t)
                pick = i;
    }
    if (pick == n)
        return fail(r->res, DDZO_CERT_REJECTED, r->line, "%s '%s': the cards form no %s under %s", what,
                    shown(text, sh, sizeof sh), t == DDZ_TYPES ? "move" : ddz_type_name(t), r->rules_text);
    *out = rd[pick];
    return DDZO_CERT_OK;
}

static ddzo_cert_status hand_of(reader *r, const char *what, const char *text, ddz_hand *out)
{
    ddz_error e;
    char sh[80];
    if (ddz_parse_hand(text, 0, out, &e) != DDZ_OK)
        return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "%s '%s': %s", what, shown(text, sh, sizeof sh), e.message);
    return DDZO_CERT_OK;
}

static int same_move(const ddz_move *a, const ddz_move *b) { return ddz_move_compare(a, b) == 0; }

static cnode *new_node(reader *r)
{
    if (r->nnodes >= DDZO_CERT_MAX_NODES) {
        fail(r->res, DDZO_CERT_UNREADABLE, r->line, "more than %u nodes (the checker's bound)", DDZO_CERT_MAX_NODES);
        return NULL;
    }
    if (r->nnodes == r->capnodes) {
        size_t cap = r->capnodes ? 2 * r->capnodes : 1024;
        cnode *p = realloc(r->node, cap * sizeof *p);
        if (!p) {
            fail(r->res, DDZO_CERT_UNREADABLE, r->line, "out of memory at %zu nodes", r->nnodes);
            return NULL;
        }
        r->node = p;
        r->capnodes = cap;
    }
    cnode *c = &r->node[r->nnodes++];
    memset(c, 0, sizeof *c);
    c->line = r->line;
    c->play = pass_move;
    c->last = pass_move;
    return c;
}

static creply *new_reply(reader *r)
{
    if (r->nrep >= DDZO_CERT_MAX_REPLIES) {
        fail(r->res, DDZO_CERT_UNREADABLE, r->line, "more than %u replies (the checker's bound)",
             DDZO_CERT_MAX_REPLIES);
        return NULL;
    }
    if (r->nrep == r->caprep) {
        size_t cap = r->caprep ? 2 * r->caprep : 4096;
        creply *p = realloc(r->rep, cap * sizeof *p);
        if (!p) {
            fail(r->res, DDZO_CERT_UNREADABLE, r->line, "out of memory at %zu replies", r->nrep);
            return NULL;
        }
        r->rep = p;
        r->caprep = cap;
    }
    creply *c = &r->rep[r->nrep++];
    memset(c, 0, sizeof *c);
    c->line = r->line;
    c->target = NONE;
    return c;
}

/* A decimal id 1..DDZO_CERT_MAX_NODES, or 0. */
static uint32_t parse_id(const char *s)
{
    unsigned long v = 0;
    if (!*s || strlen(s) > 9 || *s == '0')
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        v = v * 10 + (unsigned long)(*s - '0');
    }
    return v <= DDZO_CERT_MAX_NODES ? (uint32_t)v : 0;
}

/* The header: the version line, then rules, me, enemy, last. */
static ddzo_cert_status read_header(reader *r, const ddz_rules *want)
{
    static const char *const key[4] = {"rules", "me", "enemy", "last"};
    ddzo_cert_status st = DDZO_CERT_OK;
    ddzo_cert_result *res = r->res;
    int got = read_line(r, &st);
    if (got < 0)
        return st;
    if (got == 0)
        return fail(res, DDZO_CERT_UNREADABLE, 0, "empty file: not a strategy file");
    if (strcmp(r->buf, "ddz-strategy 1") == 0)
        res->version = 1;
    else if (strcmp(r->buf, "ddz-strategy 2") == 0)
        res->version = 2;
    else if (strcmp(r->buf, "ddz-strategy 3") == 0)
        res->version = 3;
    else
        return fail(res, DDZO_CERT_UNREADABLE, 1, "not a strategy file: the first line must be 'ddz-strategy 1', '2' or '3'");
    for (int k = 0; k < 4; k++) {
        got = read_line(r, &st);
        if (got < 0)
            return st;
        if (got == 0)
            return fail(res, DDZO_CERT_UNREADABLE, r->line, "the file ends inside the header (expected '%s')", key[k]);
        size_t kl = strlen(key[k]);
        if (strncmp(r->buf, key[k], kl) != 0 || r->buf[kl] != ' ')
            return fail(res, DDZO_CERT_UNREADABLE, r->line, "header line %d must be '%s ...'", k + 2, key[k]);
        const char *v = r->buf + kl + 1;
        ddz_error e;
        char sh[80];
        if (k == 0) {
            if (ddz_parse_rules(v, &r->rules, &e) != DDZ_OK)
                return fail(res, DDZO_CERT_UNREADABLE, r->line, "rules '%s': %s", shown(v, sh, sizeof sh), e.message);
            res->rules = r->rules;
            ddz_format_rules(&r->rules, r->rules_text, sizeof r->rules_text);
            if (want && (want->convention != r->rules.convention || want->forbidden != r->rules.forbidden)) {
                char w[128];
                ddz_format_rules(want, w, sizeof w);
                return fail(res, DDZO_CERT_REJECTED, r->line, "the certificate's rules are %s, not %s", r->rules_text, w);
            }
        } else if (k == 1 && (st = hand_of(r, "me", v, &res->me)) != DDZO_CERT_OK) {
            return st;
        } else if (k == 2 && (st = hand_of(r, "enemy", v, &res->enemy)) != DDZO_CERT_OK) {
            return st;
        } else if (k == 3 && (st = resolve(r, "last", v, 1, &res->last)) != DDZO_CERT_OK) {
            return st;
        }
    }
    ddz_error e;
    if (ddz_check_disjoint(res->me, res->enemy, &e) != DDZ_OK ||
        ddz_check_disjoint(res->me + res->enemy, res->last.cards, &e) != DDZ_OK)
        return fail(res, DDZO_CERT_REJECTED, r->line, "the header's hands and last move do not fit one deck: %s",
                    e.message);
    return DDZO_CERT_OK;
}

/* Versions 2 and 3: node, play and reply lines (3: or a node's `search` line), then `end N`. */
static ddzo_cert_status read_v2(reader *r)
{
    ddzo_cert_status st = DDZO_CERT_OK;
    int got, ended = 0;
    char *tok[9], sh[80];
    while ((got = read_line(r, &st)) > 0) {
        if (blank_or_comment(r->buf))
            continue;
        if (ended)
            return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "text after the 'end' line");
        int nt = ddzo_split(r->buf, tok, 8);
        cnode *cur = r->nnodes ? &r->node[r->nnodes - 1] : NULL;
        if (strcmp(tok[0], "node") == 0) {
            if (nt != 8 || strcmp(tok[2], "me") || strcmp(tok[4], "enemy") || strcmp(tok[6], "last"))
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a node line is 'node ID me HAND enemy HAND last MOVE'");
            if (cur && !cur->has_play && !cur->search)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "node %zu has no play line", r->nnodes);
            if (parse_id(tok[1]) != r->nnodes + 1)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "node '%s' where node %zu was expected (nodes are numbered 1, 2, ... in order)",
                            shown(tok[1], sh, sizeof sh), r->nnodes + 1);
            cnode *c = new_node(r);
            if (!c)
                return DDZO_CERT_UNREADABLE;
            if ((st = hand_of(r, "me", tok[3], &c->w)) || (st = hand_of(r, "enemy", tok[5], &c->l)) ||
                (st = resolve(r, "last", tok[7], 1, &c->last)))
                return st;
        } else if (strcmp(tok[0], "play") == 0) {
            if (nt != 2)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a play line is 'play MOVE'");
            if (!cur)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a play before the first node line");
            if (cur->has_play || cur->search)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a second play at node %zu", r->nnodes);
            if ((st = resolve(r, "play", tok[1], 0, &cur->play)) != DDZO_CERT_OK)
                return st;
            cur->has_play = 1;
            cur->play_line = r->line;
        } else if (strcmp(tok[0], "search") == 0 && r->res->version == 3) {
            if (nt != 1)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a search line is 'search' alone");
            if (!cur)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a search before the first node line");
            if (cur->has_play || cur->search)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "node %zu has a play and a search line", r->nnodes);
            cur->search = 1;
            cur->play_line = r->line;
        } else if (strcmp(tok[0], "reply") == 0) {
            if (nt != 4 || strcmp(tok[2], "->"))
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a reply line is 'reply MOVE -> NODE'");
            if (!cur || !cur->has_play)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line,
                            cur && cur->search ? "a reply after a search line" : "a reply before its node's play line");
            uint32_t id = parse_id(tok[3]);
            if (!id)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "reply target '%s' is no node number",
                            shown(tok[3], sh, sizeof sh));
            creply *p = new_reply(r);
            if (!p)
                return DDZO_CERT_UNREADABLE;
            p->from = (uint32_t)(r->nnodes - 1);
            p->target = id - 1;
            if ((st = resolve(r, "reply", tok[1], 0, &p->m)) != DDZO_CERT_OK)
                return st;
        } else if (strcmp(tok[0], "end") == 0) {
            if (nt != 2 || parse_id(tok[1]) != r->nnodes || !r->nnodes)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "the end line must be 'end %zu' (the number of nodes)",
                            r->nnodes);
            if (!cur->has_play && !cur->search)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "node %zu has no play line", r->nnodes);
            ended = 1;
        } else {
            return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "unknown line '%s' (node, play, %sreply or end expected)",
                        shown(tok[0], sh, sizeof sh), r->res->version == 3 ? "search, " : "");
        }
    }
    if (got < 0)
        return st;
    if (!ended)
        return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "the file ends without its 'end N' line (truncated?)");
    for (size_t i = 0; i < r->nrep; i++)
        if (r->rep[i].target >= r->nnodes)
            return fail(r->res, DDZO_CERT_UNREADABLE, r->rep[i].line, "reply to node %lu, but the file has %zu nodes",
                        (unsigned long)r->rep[i].target + 1, r->nnodes);
    return DDZO_CERT_OK;
}

/* Version 1: an indented tree, `play` at even depths, `reply` at odd ones (one space a level);
 * each node's position follows from its parent's, so the tree needs no node lines. */
static ddzo_cert_status read_v1(reader *r)
{
    ddzo_cert_status st = DDZO_CERT_OK;
    int got, open = 0; /* levels open: level k has its play at indent 2k */
    uint32_t level[DDZO_CERT_MAX_LINE / 2 + 2];
    creply *pending = NULL; /* reply index + 1 of the reply just read, awaiting its play */
    size_t pending_i = 0;
    char *tok[3];
    while ((got = read_line(r, &st)) > 0) {
        if (blank_or_comment(r->buf))
            continue;
        size_t ind = strspn(r->buf, " ");
        if (r->buf[ind] == '\t')
            return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a tab in the indentation (one space a level)");
        int nt = ddzo_split(r->buf + ind, tok, 2);
        pending = pending_i ? &r->rep[pending_i - 1] : NULL;
        if (nt != 2 || (strcmp(tok[0], "play") && strcmp(tok[0], "reply")))
            return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a line is 'play MOVE' or 'reply MOVE', indented one space a level");
        if (strcmp(tok[0], "play") == 0) {
            if (ind % 2)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a play at an odd indentation (%zu)", ind);
            if (ind == 0 ? r->nnodes != 0 : !pending || (size_t)open * 2 != ind)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a play at indentation %zu that does not answer a reply at %zu",
                            ind, ind ? ind - 1 : 0);
            cnode *c = new_node(r);
            if (!c)
                return DDZO_CERT_UNREADABLE;
            if (ind == 0) {
                c->w = r->res->me;
                c->l = r->res->enemy;
                c->last = r->res->last;
            } else {
                const cnode *p = &r->node[pending->from];
                /* the parent's play and this reply; unheld cards are the parent's rejection,
                 * found before this node is looked at (the check goes parent first) */
                c->w = p->play.type == DDZ_PASS ? p->w : p->w - p->play.cards;
                c->l = pending->m.type == DDZ_PASS ? p->l : p->l - pending->m.cards;
                c->last = pending->m;
                pending->target = (uint32_t)(r->nnodes - 1);
            }
            if ((st = resolve(r, "play", tok[1], 0, &c->play)) != DDZO_CERT_OK)
                return st;
            c->has_play = 1;
            c->play_line = r->line;
            level[ind / 2] = (uint32_t)(r->nnodes - 1);
            open = (int)(ind / 2) + 1;
            pending_i = 0;
        } else {
            if (ind % 2 == 0 || (int)(ind / 2) >= open)
                return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "a reply at indentation %zu has no play at %zu above it",
                            ind, ind ? ind - 1 : 0);
            creply *p = new_reply(r);
            if (!p)
                return DDZO_CERT_UNREADABLE;
            p->from = level[ind / 2];
            open = (int)(ind / 2) + 1;
            if ((st = resolve(r, "reply", tok[1], 0, &p->m)) != DDZO_CERT_OK)
                return st;
            pending_i = r->nrep;
        }
    }
    if (got < 0)
        return st;
    if (!r->nnodes)
        return fail(r->res, DDZO_CERT_UNREADABLE, r->line, "no play line after the header (truncated?)");
    return DDZO_CERT_OK;
}

typedef struct {
    ddz_move m;
    unsigned long line;
} listed;

static int cmp_listed(const void *a, const void *b)
{
    return ddz_move_compare(&((const listed *)a)->m, &((const listed *)b)->m);
}

/* A `search` node: small enough, and a win by the oracle's own search (decide.c). */
static ddzo_cert_status check_search(reader *r, size_t i)
{
    const cnode *c = &r->node[i];
    char b[192];
    int cards = ddz_size(c->w) + ddz_size(c->l);
    if (cards > DDZO_CERT_SEARCH_MAX_CARDS)
        return fail(r->res, DDZO_CERT_REJECTED, c->play_line,
                    "search at node %zu: %d cards in the two hands, more than the %d the checker searches", i + 1,
                    cards, DDZO_CERT_SEARCH_MAX_CARDS);
    if (!r->decider && !(r->decider = ddzo_decider_new(&r->rules, DDZO_CERT_SEARCH_MEMORY)))
        return fail(r->res, DDZO_CERT_UNREADABLE, c->line, "out of memory for the search");
    int v = ddzo_decide(r->decider, c->w, c->l, &c->last);
    if (v < 0)
        return fail(r->res, DDZO_CERT_UNREADABLE, c->line, "out of memory in the search at node %zu", i + 1);
    if (!v)
        return fail(r->res, DDZO_CERT_REJECTED, c->play_line,
                    "search at node %zu: the checker's own search finds this position lost (%s)", i + 1,
                    fmt_pos(c->w, c->l, &c->last, b, sizeof b));
    r->res->searched++;
    return DDZO_CERT_OK;
}

/* One node, on its own: the play legal, the reply set exactly the opponent's legal answers,
 * each reply's target holding the position it makes. */
static ddzo_cert_status check_node(reader *r, size_t i, ddz_move **ans, size_t *capans, listed **ls, size_t *capls)
{
    cnode *c = &r->node[i];
    ddzo_cert_result *res = r->res;
    char a[96], b[192], d[96];
    ddz_error e;
    if (!c->w || !c->l || ddz_check_disjoint(c->w, c->l, &e) != DDZ_OK ||
        ddz_check_disjoint(c->w + c->l, c->last.cards, &e) != DDZ_OK)
        return fail(res, DDZO_CERT_REJECTED, c->line, "node %zu is no position (%s)", i + 1,
                    fmt_pos(c->w, c->l, &c->last, b, sizeof b));
    if (c->search)
        return check_search(r, i);
    /* the play */
    fmt_move(&c->play, a, sizeof a);
    if (c->play.type == DDZ_PASS) {
        if (c->last.type == DDZ_PASS)
            return fail(res, DDZO_CERT_REJECTED, c->play_line, "play pass at node %zu: the winner leads and may not pass", i + 1);
    } else {
        if (!ddz_contains(c->w, c->play.cards))
            return fail(res, DDZO_CERT_REJECTED, c->play_line, "play %s at node %zu: the winner does not hold those cards", a, i + 1);
        if (!ddzo_beats(&c->play, &c->last))
            return fail(res, DDZO_CERT_REJECTED, c->play_line, "play %s at node %zu does not beat %s", a, i + 1,
                        fmt_move(&c->last, d, sizeof d));
    }
    if (c->play.type != DDZ_PASS && c->play.cards == c->w) {
        if (c->n)
            return fail(res, DDZO_CERT_REJECTED, r->rep[c->first].line,
                        "play %s at node %zu empties the winner's hand: no reply may follow", a, i + 1);
        return DDZO_CERT_OK;
    }
    if (!c->n)
        return fail(res, DDZO_CERT_REJECTED, c->play_line,
                    "play %s at node %zu does not empty the winner's hand, and no reply follows (a leaf must win)", a,
                    i + 1);
    /* the opponent's legal answers, by the recogniser */
    const ddz_move *faced = c->play.type == DDZ_PASS ? &pass_move : &c->play;
    size_t na = ddzo_answers(c->l, faced, &r->rules, *ans, *capans);
    if (na > *capans) {
        ddz_move *p = realloc(*ans, na * sizeof *p);
        if (!p)
            return fail(res, DDZO_CERT_UNREADABLE, c->line, "out of memory");
        *ans = p;
        *capans = na;
        na = ddzo_answers(c->l, faced, &r->rules, *ans, *capans);
    }
    qsort(*ans, na, sizeof **ans, ddz_move_compare);
    if (c->n > *capls) {
        listed *p = realloc(*ls, c->n * sizeof *p);
        if (!p)
            return fail(res, DDZO_CERT_UNREADABLE, c->line, "out of memory");
        *ls = p;
        *capls = c->n;
    }
    listed *l = *ls;
    for (uint32_t k = 0; k < c->n; k++) {
        l[k].m = r->rep[c->first + k].m;
        l[k].line = r->rep[c->first + k].line;
    }
    qsort(l, c->n, sizeof *l, cmp_listed);
    /* extras and duplicates first (they have a line of their own), then the missing ones */
    unsigned long bad_line = 0;
    const ddz_move *bad = NULL;
    int dup = 0;
    for (size_t k = 0, j = 0; k < c->n; k++) {
        while (j < na && ddz_move_compare(&(*ans)[j], &l[k].m) < 0)
            j++;
        int is_dup = k > 0 && same_move(&l[k].m, &l[k - 1].m);
        if (is_dup || j == na || !same_move(&(*ans)[j], &l[k].m)) {
            unsigned long ln = is_dup && l[k - 1].line > l[k].line ? l[k - 1].line : l[k].line;
            if (!bad || ln < bad_line) {
                bad = &l[k].m;
                bad_line = ln;
                dup = is_dup;
            }
        }
    }
    if (bad)
        return fail(res, DDZO_CERT_REJECTED, bad_line,
                    dup ? "reply %s at node %zu is listed twice" : "reply %s at node %zu is no legal answer to %s", fmt_move(bad, a, sizeof a),
                    i + 1, fmt_move(faced, d, sizeof d));
    for (size_t k = 0, j = 0; j < na; j++) {
        while (k < c->n && ddz_move_compare(&l[k].m, &(*ans)[j]) < 0)
            k++;
        if (k == c->n || !same_move(&l[k].m, &(*ans)[j]))
            return fail(res, DDZO_CERT_REJECTED, c->play_line,
                        "node %zu misses the reply %s (a legal answer to %s): %zu listed, %zu legal", i + 1,
                        fmt_move(&(*ans)[j], a, sizeof a), fmt_move(faced, d, sizeof d), (size_t)c->n, na);
    }
    /* where each reply leads */
    ddz_hand w = c->play.type == DDZ_PASS ? c->w : c->w - c->play.cards;
    for (uint32_t k = 0; k < c->n; k++) {
        const creply *p = &r->rep[c->first + k];
        fmt_move(&p->m, a, sizeof a);
        if (p->m.type != DDZ_PASS && p->m.cards == c->l)
            return fail(res, DDZO_CERT_REJECTED, p->line, "reply %s at node %zu empties the opponent's hand: the opponent wins",
                        a, i + 1);
        if (p->target == NONE)
            return fail(res, DDZO_CERT_REJECTED, p->line, "reply %s at node %zu is not answered (no play follows it)", a, i + 1);
        if (p->target == i || r->node[p->target].color == 1)
            return fail(res, DDZO_CERT_REJECTED, p->line, "reply %s at node %zu leads back to node %lu: a cycle", a, i + 1,
                        (unsigned long)p->target + 1);
        const cnode *t = &r->node[p->target];
        ddz_hand l2 = p->m.type == DDZ_PASS ? c->l : c->l - p->m.cards;
        if (t->w != w || t->l != l2 || !same_move(&t->last, &p->m)) {
            char want[192];
            fmt_pos(w, l2, &p->m, want, sizeof want);
            return fail(res, DDZO_CERT_REJECTED, p->line, "reply %s at node %zu leads to node %lu (%s), but it leaves %s",
                        a, i + 1, (unsigned long)p->target + 1, fmt_pos(t->w, t->l, &t->last, b, sizeof b), want);
        }
    }
    return DDZO_CERT_OK;
}

/* Groups the replies by their node (a stable counting sort), so node i owns [first, first+n). */
static int group_replies(reader *r)
{
    size_t k = 1;
    while (k < r->nrep && r->rep[k - 1].from <= r->rep[k].from)
        k++;
    if (k >= r->nrep) { /* already grouped (version 2 always is): no copy */
        for (size_t i = 0; i < r->nnodes; i++)
            r->node[i].n = 0;
        for (size_t j = r->nrep; j-- > 0;) {
            r->node[r->rep[j].from].first = (uint32_t)j;
            r->node[r->rep[j].from].n++;
        }
        return 0;
    }
    creply *sorted = malloc((r->nrep ? r->nrep : 1) * sizeof *sorted);
    if (!sorted)
        return -1;
    for (size_t i = 0; i < r->nnodes; i++)
        r->node[i].n = 0;
    for (size_t k = 0; k < r->nrep; k++)
        r->node[r->rep[k].from].n++;
    uint32_t at = 0;
    for (size_t i = 0; i < r->nnodes; i++) {
        r->node[i].first = at;
        at += r->node[i].n;
        r->node[i].n = 0;
    }
    for (size_t k = 0; k < r->nrep; k++) {
        cnode *c = &r->node[r->rep[k].from];
        sorted[c->first + c->n++] = r->rep[k];
    }
    free(r->rep);
    r->rep = sorted;
    r->caprep = r->nrep ? r->nrep : 1;
    return 0;
}

/* Depth-first from node 1 with an explicit stack: each node checked when first reached, a
 * reply into a node on the current path is a cycle, depths computed on the way back. */
static ddzo_cert_status check_all(reader *r)
{
    ddzo_cert_result *res = r->res;
    ddzo_cert_status st = DDZO_CERT_OK;
    const cnode *root = &r->node[0];
    char a[192], b[192];
    if (root->w != res->me || root->l != res->enemy || !same_move(&root->last, &res->last)) {
        fmt_pos(root->w, root->l, &root->last, a, sizeof a);
        fmt_pos(res->me, res->enemy, &res->last, b, sizeof b);
        return fail(res, DDZO_CERT_REJECTED, root->line, "node 1 is %s, but the header's position is %s", a, b);
    }
    typedef struct {
        uint32_t node, next;
    } frame;
    frame *stack = malloc(r->nnodes * sizeof *stack);
    ddz_move *ans = malloc(1024 * sizeof *ans);
    listed *ls = malloc(1024 * sizeof *ls);
    size_t capans = 1024, capls = 1024, top = 0;
    if (!stack || !ans || !ls) {
        st = fail(res, DDZO_CERT_UNREADABLE, 0, "out of memory");
        goto done;
    }
    r->node[0].color = 1; /* on the path before its check, so that a reply back to it is a cycle */
    if ((st = check_node(r, 0, &ans, &capans, &ls, &capls)) != DDZO_CERT_OK)
        goto done;
    res->nodes = 1;
    res->replies = r->node[0].n;
    stack[top++] = (frame){0, 0};
    while (top) {
        frame *fr = &stack[top - 1];
        cnode *c = &r->node[fr->node];
        if (fr->next == c->n) {
            int d = 0;
            for (uint32_t k = 0; k < c->n; k++) {
                int cd = r->node[r->rep[c->first + k].target].depth;
                d = cd > d ? cd : d;
            }
            c->depth = d + 1;
            c->color = 2;
            top--;
            continue;
        }
        const creply *p = &r->rep[c->first + fr->next++];
        cnode *t = &r->node[p->target];
        if (t->color == 1) {
            st = fail(res, DDZO_CERT_REJECTED, p->line, "reply %s at node %lu leads back to node %lu: a cycle",
                      fmt_move(&p->m, a, sizeof a), (unsigned long)fr->node + 1, (unsigned long)p->target + 1);
            goto done;
        }
        if (t->color == 2)
            continue;
        t->color = 1;
        if ((st = check_node(r, p->target, &ans, &capans, &ls, &capls)) != DDZO_CERT_OK)
            goto done;
        res->nodes++;
        res->replies += t->n;
        stack[top++] = (frame){p->target, 0};
    }
    for (size_t i = 0; i < r->nnodes; i++)
        if (r->node[i].color != 2) {
            st = fail(res, DDZO_CERT_REJECTED, r->node[i].line, "node %zu is not reachable from node 1", i + 1);
            goto done;
        }
    res->depth = r->node[0].depth;
done:
    free(stack);
    free(ans);
    free(ls);
    return st;
}

ddzo_cert_status ddzo_certify(FILE *f, const ddz_rules *rules, ddzo_cert_result *res)
{
    ddzo_cert_status st;
    reader *r = calloc(1, sizeof *r);
    memset(res, 0, sizeof *res);
    if (!r)
        return fail(res, DDZO_CERT_UNREADABLE, 0, "out of memory");
    r->f = f;
    r->res = res;
    st = read_header(r, rules);
    if (st == DDZO_CERT_OK)
        st = res->version == 1 ? read_v1(r) : read_v2(r);
    if (st == DDZO_CERT_OK && group_replies(r))
        st = fail(res, DDZO_CERT_UNREADABLE, 0, "out of memory");
    if (st == DDZO_CERT_OK)
        st = check_all(r);
    if (st == DDZO_CERT_OK)
        res->message[0] = '\0';
    if (r->decider)
        res->search_positions = ddzo_decider_stats(r->decider).positions;
    ddzo_decider_free(r->decider);
    free(r->node);
    free(r->rep);
    free(r);
    return st;
}
