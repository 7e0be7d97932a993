/* Position sets (ddz/bench/README.md: `ME ENEMY [LAST]` a line, or `L F1 F2 [SEAT [LAST BY]]` in
 * a three-player set, `#` comments with the directives `# rules: R` and `# expect: win|loss`, or
 * `landlord|farmers`), read the same way by ddz bench, which refuses a whole set for one bad
 * line, and ddz batch, which reports it in place and goes on (set_line.c). */
#ifndef DDZ_SET_H
#define DDZ_SET_H

#include <stddef.h>
#include "ddz_solver3.h"

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

/* The same for a line of a three-player set: *expect 1 the landlord wins, 0 the farmers do. */
ddz_set_kind ddz_set_line3(char *line, ddz_set_state *st, ddz_position3 *pos, ddz_rules *rules, int *expect,
                           char *why, size_t cap);

/* Reads line number lineno of a set into item (through ddz_set_line or ddz_set_line3). */
typedef ddz_set_kind (*ddz_set_reader)(char *line, int lineno, ddz_set_state *st, void *item, char *why, size_t cap);
/* The positions read: n items of `size` bytes at items (room for cap). */
typedef struct {
    void *items;
    size_t n, cap, size;
} ddz_set_list;
/* Reads the set file at path, each line through read, each position appended to list: 0, or 2
 * after one line on stderr ("FILE:LINE: reason", a line too long, no position, the file
 * unreadable, out of memory). */
int ddz_set_read_file(const char *path, ddz_set_reader read, ddz_set_list *list);
/* The set's name for the CSV: the file name without its folder and its .txt, commas and quotes
 * made '_'. */
void ddz_set_name(const char *path, char *out, size_t cap);
/* cmd_bench.c: qsort's orders of doubles and of unsigned long longs, for both of ddz bench's
 * halves (cmd_bench3.c runs the three-player sets). */
int ddz_cmp_double(const void *a, const void *b);
int ddz_cmp_ull(const void *a, const void *b);

#endif
