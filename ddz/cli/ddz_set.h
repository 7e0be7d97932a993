/* One line of a position set (ddz/bench/README.md: `ME ENEMY [LAST]` a line, `#` comments with
 * the directives `# rules: R` and `# expect: win|loss`), read the same way by ddz bench, which
 * refuses a whole set for one bad line, and ddz batch, which reports it in place and goes on. */
#ifndef DDZ_SET_H
#define DDZ_SET_H

#include <stddef.h>
#include "ddz_solver.h"

/* What the directives carry from line to line: the rules for the lines below (rlcard until a
 * `# rules:` line), the expected outcome for the next position (-1 none). */
typedef struct {
    ddz_rules rules;
    int expect;
} ddz_set_state;

typedef enum { DDZ_SET_SKIP, DDZ_SET_POSITION, DDZ_SET_BAD } ddz_set_kind;

void ddz_set_start(ddz_set_state *st);

/* Reads one line (its trailing newline and blanks are ignored; line is modified): SKIP for a
 * blank line or a comment (a directive updates st), POSITION with *pos and *rules and *expect
 * filled (st's expectation is then used up), or BAD with the reason in why (no "FILE:LINE: "
 * before it; other bytes than printable ASCII shown as \xHH). */
ddz_set_kind ddz_set_line(char *line, ddz_set_state *st, ddz_position *pos, ddz_rules *rules, int *expect, char *why,
                          size_t cap);

#endif
