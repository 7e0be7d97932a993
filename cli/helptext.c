/* The help printers both commands share (helptext.h): the text of `PROGRAM help CMD` and the
 * manual page, built from one cli_help per command. */
#include "helptext.h"

#include <string.h>

/* Prints text wrapped at 78 columns, each line indented by `indent`. */
static void wrap(FILE *out, const char *text, int indent)
{
    int col = 0;
    const char *p = text;
    while (*p) {
        while (*p == ' ') p++;
        size_t w = strcspn(p, " ");
        if (!w) break;
        if (col > indent && col + 1 + (int)w > 78) {
            fputc('\n', out);
            col = 0;
        }
        if (col == 0) col = fprintf(out, "%*s", indent, "");
        else col += fprintf(out, " ");
        col += (int)fwrite(p, 1, w, out);
        p += w;
    }
    if (col) fputc('\n', out);
}

void cli_help_print(FILE *out, const char *program, const char *usage, const cli_help *h)
{
    fprintf(out, "usage: %s %s %s\n\n", program, h->name, usage);
    wrap(out, h->what, 0);
    fputs("\nflags:\n", out);
    for (size_t i = 0; i < CLI_HELP_MAX_FLAGS && h->flags[i].flag; i++) {
        fprintf(out, "  %s\n", h->flags[i].flag);
        wrap(out, h->flags[i].text, 6);
    }
    fputs("  -h, --help\n      this help\n", out);
    if (h->output) {
        fputs("\noutput:\n", out);
        wrap(out, h->output, 2);
    }
    fputs("\nexamples:\n", out);
    for (size_t i = 0; i < CLI_HELP_MAX_EXAMPLES && h->examples[i]; i++) fprintf(out, "  %s\n", h->examples[i]);
}

/* roff needs a backslash doubled, a minus escaped, and a leading dot or quote escaped. */
static void roff(FILE *out, const char *s)
{
    if (*s == '.' || *s == '\'') fputs("\\&", out);
    for (; *s; s++) {
        if (*s == '\\') fputs("\\e", out);
        else if (*s == '-') fputs("\\-", out);
        else fputc(*s, out);
    }
}

void cli_help_man(FILE *out, const cli_manual *m)
{
    char upper[64];
    size_t n = 0;
    for (; m->program[n] && n + 1 < sizeof upper; n++)
        upper[n] = (char)(m->program[n] >= 'a' && m->program[n] <= 'z' ? m->program[n] - 'a' + 'A' : m->program[n]);
    upper[n] = 0;
    fprintf(out, ".TH %s 1 \"\" \"%s %s\" \"User Commands\"\n.SH NAME\n%s \\- ", upper, m->program, m->version,
            m->program);
    roff(out, m->title);
    fputs("\n.SH SYNOPSIS\n", out);
    for (size_t c = 0; c < m->nhelps; c++) {
        fprintf(out, ".B %s %s\n", m->program, m->helps[c].name);
        roff(out, m->usage(m->helps[c].name));
        fputs("\n.br\n", out);
    }
    fprintf(out, ".B %s \\-\\-version\n.SH DESCRIPTION\n", m->program);
    roff(out, m->description);
    fputs("\n.SH COMMANDS\n", out);
    for (size_t c = 0; c < m->nhelps; c++) {
        const cli_help *h = &m->helps[c];
        fprintf(out, ".SS %s\n", h->name);
        roff(out, h->what);
        fputc('\n', out);
        for (size_t i = 0; i < CLI_HELP_MAX_FLAGS && h->flags[i].flag; i++) {
            fputs(".TP\n.B ", out);
            roff(out, h->flags[i].flag);
            fputc('\n', out);
            roff(out, h->flags[i].text);
            fputc('\n', out);
        }
        if (h->output) {
            fputs(".PP\n", out);
            roff(out, h->output);
            fputc('\n', out);
        }
        fputs(".PP\nExamples:\n.nf\n", out);
        for (size_t i = 0; i < CLI_HELP_MAX_EXAMPLES && h->examples[i]; i++) {
            roff(out, h->examples[i]);
            fputc('\n', out);
        }
        fputs(".fi\n", out);
    }
    for (size_t s = 0; s < sizeof m->sections / sizeof m->sections[0] && m->sections[s].title; s++) {
        fprintf(out, ".SH %s\n", m->sections[s].title);
        roff(out, m->sections[s].text);
        fputc('\n', out);
    }
}
