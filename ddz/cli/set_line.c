/* set_line: a position set file, read line by line the same way by ddz bench (two and three
 * players) and ddz batch. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_movegen.h"
#include "ddz_set.h"
#include "ddz_solver3.h"

/* s as it may be shown in one line: printable ASCII kept, other bytes as \xHH, cut to fit. */
static const char *shown(const char *s, char *buf, size_t cap)
{
    size_t k = 0;
    for (; *s && k + 5 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c < 0x7f)
            buf[k++] = (char)c;
        else
            k += (size_t)snprintf(buf + k, cap - k, "\\x%02x", c);
    }
    buf[k] = '\0';
    return buf;
}

/* A comment directive "# KEY: VALUE": returns VALUE (trimmed) when the comment is one. */
static const char *directive(const char *comment, const char *key)
{
    const char *s = comment + 1;
    size_t k = strlen(key);
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncmp(s, key, k) != 0 || s[k] != ':')
        return NULL;
    s += k + 1;
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

void ddz_set_start(ddz_set_state *st)
{
    ddz_error e;
    ddz_parse_rules("", &st->rules, &e);
    st->expect = -1;
}

/* What every line shares: its trailing newline and blanks cut; a blank line or a comment is SKIP
 * (a directive updates st: `# expect:` takes word[0] or word[1], stored as value[0] or
 * value[1]), a bad directive BAD; else POSITION with *text at its first field. */
static ddz_set_kind common(char *line, ddz_set_state *st, const char *const word[2], const int value[2], char **text,
                           char *why, size_t cap)
{
    char b[96];
    ddz_error e;
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
        line[--n] = '\0';
    char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '\0')
        return DDZ_SET_SKIP;
    if (*s == '#') {
        const char *v;
        if ((v = directive(s, "rules"))) {
            if (ddz_parse_rules(v, &st->rules, &e) != DDZ_OK) {
                snprintf(why, cap, "rules '%s': %s", shown(v, b, sizeof b), e.message);
                return DDZ_SET_BAD;
            }
        } else if ((v = directive(s, "expect"))) {
            if (strcmp(v, word[0]) == 0)
                st->expect = value[0];
            else if (strcmp(v, word[1]) == 0)
                st->expect = value[1];
            else {
                snprintf(why, cap, "expect '%s': %s or %s expected", shown(v, b, sizeof b), word[0], word[1]);
                return DDZ_SET_BAD;
            }
        }
        return DDZ_SET_SKIP;
    }
    *text = s;
    return DDZ_SET_POSITION;
}

/* Splits s at blanks into tok[0..max] (room for max + 1): the number of fields, max + 1 when
 * there are more than max. */
static int fields(char *s, char **tok, int max)
{
    int nt = 0;
    for (char *save = NULL, *t = strtok_r(s, " \t", &save); t && nt <= max; t = strtok_r(NULL, " \t", &save))
        tok[nt++] = t;
    return nt;
}

/* The directives' rules and expectation for the position just read (the expectation is then
 * used up). */
static void take(ddz_set_state *st, ddz_rules *rules, int *expect)
{
    *rules = st->rules;
    *expect = st->expect;
    st->expect = -1;
}

ddz_set_kind ddz_set_line(char *line, ddz_set_state *st, ddz_position *pos, ddz_rules *rules, int *expect, char *why,
                          size_t cap)
{
    static const char *const word[2] = {"win", "loss"};
    static const int value[2] = {DDZ_SOLVE_WIN, DDZ_SOLVE_LOSS};
    char b[96], *s;
    ddz_error e;
    ddz_set_kind k = common(line, st, word, value, &s, why, cap);
    if (k != DDZ_SET_POSITION)
        return k;
    char *tok[4];
    int nt = fields(s, tok, 3);
    if (nt < 2 || nt > 3) {
        snprintf(why, cap, "ME ENEMY [LAST] expected, got %s", nt < 2 ? "one field" : "more than three fields");
        return DDZ_SET_BAD;
    }
    take(st, rules, expect);
    for (int k = 0; k < 2; k++)
        if (ddz_parse_hand(tok[k], 0, k ? &pos->enemy : &pos->me, &e) != DDZ_OK) {
            snprintf(why, cap, "%s hand '%s': %s", k ? "ENEMY" : "ME", shown(tok[k], b, sizeof b), e.message);
            return DDZ_SET_BAD;
        }
    if (ddz_check_disjoint(pos->me, pos->enemy, &e) != DDZ_OK) {
        snprintf(why, cap, "ME and ENEMY do not fit one deck: %s", e.message);
        return DDZ_SET_BAD;
    }
    pos->last = (ddz_move){0, DDZ_PASS, 0, 0};
    if (nt == 3) {
        if (ddz_move_from_text(tok[2], rules, &pos->last, &e) != DDZ_OK) {
            snprintf(why, cap, "LAST '%s': %s", shown(tok[2], b, sizeof b), e.message);
            return DDZ_SET_BAD;
        }
        if (ddz_check_disjoint(pos->me + pos->enemy, pos->last.cards, &e) != DDZ_OK) {
            snprintf(why, cap, "the hands and LAST do not fit one deck: %s", e.message);
            return DDZ_SET_BAD;
        }
    }
    return DDZ_SET_POSITION;
}

ddz_set_kind ddz_set_line3(char *line, ddz_set_state *st, ddz_position3 *pos, ddz_rules *rules, int *expect,
                           char *why, size_t cap)
{
    static const char *const word[2] = {"landlord", "farmers"};
    static const int value[2] = {1, 0};
    char *s;
    ddz_error e;
    ddz_set_kind k = common(line, st, word, value, &s, why, cap);
    if (k != DDZ_SET_POSITION)
        return k;
    char *tok[7];
    int nt = fields(s, tok, 6);
    if (nt != 3 && nt != 4 && nt != 6) {
        snprintf(why, cap, "L F1 F2 [SEAT [LAST BY]] expected (%d fields)", nt);
        return DDZ_SET_BAD;
    }
    take(st, rules, expect);
    const char *hands[3] = {tok[0], tok[1], tok[2]};
    if (ddz3_read_position(hands, nt > 3 ? tok[3] : NULL, nt > 4 ? tok[4] : NULL, nt > 5 ? tok[5] : NULL, rules, pos,
                           &e) != DDZ_OK) {
        snprintf(why, cap, "%s", e.message);
        return DDZ_SET_BAD;
    }
    return DDZ_SET_POSITION;
}

int ddz_set_read_file(const char *path, ddz_set_reader read, ddz_set_list *list)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ddz bench: %s: cannot read: %s\n", path, strerror(errno));
        return 2;
    }
    char line[1024], why[256];
    int lineno = 0, count = 0;
    ddz_set_state st;
    ddz_set_start(&st);
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            fprintf(stderr, "%s:%d: line longer than %zu bytes\n", path, lineno, sizeof line - 2);
            fclose(f);
            return 2;
        }
        if (list->n == list->cap) { /* room for the line's position, if it holds one */
            size_t c = list->cap ? 2 * list->cap : 64;
            void *g = realloc(list->items, c * list->size);
            if (!g) {
                fprintf(stderr, "%s:%d: out of memory\n", path, lineno);
                fclose(f);
                return 2;
            }
            list->items = g;
            list->cap = c;
        }
        void *item = (unsigned char *)list->items + list->n * list->size;
        memset(item, 0, list->size);
        ddz_set_kind k = read(line, lineno, &st, item, why, sizeof why);
        if (k == DDZ_SET_SKIP)
            continue;
        if (k == DDZ_SET_BAD) {
            fprintf(stderr, "%s:%d: %s\n", path, lineno, why);
            fclose(f);
            return 2;
        }
        list->n++;
        count++;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "ddz bench: %s: read error\n", path);
        return 2;
    }
    if (count == 0) {
        fprintf(stderr, "%s:%d: no positions in the set\n", path, lineno);
        return 2;
    }
    return 0;
}

void ddz_set_name(const char *path, char *out, size_t cap)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 4 && strcmp(b + n - 4, ".txt") == 0)
        n -= 4;
    if (n >= cap)
        n = cap - 1;
    memcpy(out, b, n);
    out[n] = '\0';
    for (char *c = out; *c; c++)
        if (*c == ',' || *c == '"')
            *c = '_';
}
