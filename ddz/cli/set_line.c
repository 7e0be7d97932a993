/* set_line: one line of a position set file, parsed for ddz bench and ddz batch alike. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <stdio.h>
#include <string.h>

#include "ddz_movegen.h"
#include "ddz_set.h"

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

ddz_set_kind ddz_set_line(char *line, ddz_set_state *st, ddz_position *pos, ddz_rules *rules, int *expect, char *why,
                          size_t cap)
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
            if (strcmp(v, "win") == 0)
                st->expect = DDZ_SOLVE_WIN;
            else if (strcmp(v, "loss") == 0)
                st->expect = DDZ_SOLVE_LOSS;
            else {
                snprintf(why, cap, "expect '%s': win or loss expected", shown(v, b, sizeof b));
                return DDZ_SET_BAD;
            }
        }
        return DDZ_SET_SKIP;
    }
    char *tok[4];
    int nt = 0;
    for (char *save = NULL, *t = strtok_r(s, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        if (nt == 3) {
            nt++;
            break;
        }
        tok[nt++] = t;
    }
    if (nt < 2 || nt > 3) {
        snprintf(why, cap, "ME ENEMY [LAST] expected, got %s", nt < 2 ? "one field" : "more than three fields");
        return DDZ_SET_BAD;
    }
    *rules = st->rules;
    *expect = st->expect;
    st->expect = -1;
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
