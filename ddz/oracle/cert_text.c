/* cert_text: what the two- and three-player certificate checkers share in reading a file: the
 * failure message with its line, and a line split into words. */
#include "ddzo_shared.h"

#include <stdarg.h>
#include <stdio.h>

ddzo_cert_status ddzo_cert_fail(char *msg, size_t cap, unsigned long *line_out, ddzo_cert_status st,
                                unsigned long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
    *line_out = line;
    return st;
}

int ddzo_split(char *s, char **tok, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return max + 1;
        tok[n++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
}
