/* Option parsing and hand input shared by every mjverify command. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

extern const cli_command cli_commands[];
extern const size_t cli_command_count;

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mjverify: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    for (size_t i = 0; i < cli_command_count; i++)
        if (command && strcmp(cli_commands[i].name, command) == 0)
            fprintf(stderr, "usage: mjverify %s %s\n(mjverify help %s for every flag)\n", cli_commands[i].name,
                    cli_commands[i].usage, cli_commands[i].name);
    return CLI_USAGE;
}

/* Walks argv as "--flag value", "--flag=value" or a positional argument. */
typedef struct {
    int argc, i;
    char **argv;
    const char *command;
    char *inline_value;   /* from --flag=value */
    bool only_positional; /* after "--" */
} cli_args;

/* 1 for a flag (*name set), 0 for a positional (*value set), -1 at the end. */
static int cli_next(cli_args *a, const char **name, const char **value)
{
    *name = NULL;
    *value = NULL;
    a->inline_value = NULL;
    if (a->i >= a->argc) return -1;
    char *arg = a->argv[a->i++];
    if (!a->only_positional && strcmp(arg, "--") == 0) {
        a->only_positional = true;
        return cli_next(a, name, value);
    }
    if (a->only_positional || strncmp(arg, "--", 2) != 0 || arg[2] == 0) {
        *value = arg;
        return 0;
    }
    arg += 2;
    char *eq = strchr(arg, '=');
    if (eq) {
        *eq = 0;
        a->inline_value = eq + 1;
    }
    *name = arg;
    return 1;
}

/* The value of the flag just returned; NULL (and a usage error printed) when missing. */
static const char *cli_value(cli_args *a, const char *name)
{
    if (a->inline_value) return a->inline_value;
    if (a->i >= a->argc) {
        cli_usage_error(a->command, "--%s needs a value", name);
        return NULL;
    }
    return a->argv[a->i++];
}

int cli_parse_flags(const char *command, int argc, char **argv, const cli_flag *flags, size_t nflags,
                    const char **pos, size_t maxpos, size_t *npos, const char *too_many)
{
    cli_args a = {.argc = argc, .argv = argv, .command = command};
    const char *name, *value;
    int kind;
    if (npos) *npos = 0;
    while ((kind = cli_next(&a, &name, &value)) >= 0) {
        if (kind == 0) {
            if (maxpos == 0) return cli_usage_error(command, "unexpected argument '%s'", value);
            if (*npos == maxpos) return cli_usage_error(command, "%s", too_many ? too_many : "too many arguments");
            pos[(*npos)++] = value;
            continue;
        }
        const cli_flag *f = NULL;
        for (size_t i = 0; i < nflags && !f; i++)
            if (strcmp(name, flags[i].name) == 0) f = &flags[i];
        if (!f) return cli_usage_error(command, "unknown flag --%s", name);
        if (f->value) {
            if (!(*f->value = cli_value(&a, name))) return CLI_USAGE;
        } else {
            *f->set = true;
            if (f->stop) break;
        }
    }
    return CLI_OK;
}

bool cli_parse_uint(const char *text, unsigned long max, unsigned long *out)
{
    if (!text || !*text || *text == '-' || *text == '+') return false;
    char *end;
    errno = 0;
    unsigned long v = strtoul(text, &end, 10);
    if (errno || *end || v > max) return false;
    *out = v;
    return true;
}

int cli_for_each_hand(int npositional, char **positionals, cli_hand_fn fn, void *ctx)
{
    int result = 0;
    if (npositional > 0) {
        for (int i = 0; i < npositional; i++) result |= fn(positionals[i], strlen(positionals[i]), ctx);
        return result;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) >= 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
        size_t start = 0;
        while (start < (size_t)n && (line[start] == ' ' || line[start] == '\t')) start++;
        if (start == (size_t)n) continue; /* blank line */
        result |= fn(line, (size_t)n, ctx);
    }
    int err = errno;
    free(line);
    if (ferror(stdin)) { /* e.g. standard input is a directory */
        fprintf(stderr, "mjverify: cannot read standard input: %s\n", strerror(err));
        return 1;
    }
    return result;
}

/* Length of the valid UTF-8 sequence at s (at most len bytes), 0 if none starts there. */
static size_t utf8_seq(const unsigned char *s, size_t len)
{
    size_t n;
    unsigned min;
    unsigned cp;
    if (s[0] < 0x80) return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) n = 2, min = 0x80, cp = s[0] & 0x1f;
    else if (s[0] >= 0xe0 && s[0] <= 0xef) n = 3, min = 0x800, cp = s[0] & 0x0f;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4) n = 4, min = 0x10000, cp = s[0] & 0x07;
    else return 0;
    if (n > len) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    /* overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8 */
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return 0;
    return n;
}

void cli_json_string(FILE *out, const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    fputc('"', out);
    for (size_t i = 0; i < len;) {
        unsigned char c = u[i];
        size_t n = utf8_seq(u + i, len - i);
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20 || c == 0x7f || n == 0) fprintf(out, "\\u%04x", c);
        else fwrite(u + i, 1, n, out);
        i += n ? n : 1;
    }
    fputc('"', out);
}

void cli_tsv_field(FILE *out, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || c == '\\') fprintf(out, "\\x%02x", c);
        else fputc(c, out);
    }
}

/* Auto-detection reads a hand of digits only (and blanks) as letters notation, and an empty
 * "[]" as hex; both could be meant otherwise, so say which was chosen and how to choose. */
void cli_warn_ambiguous(const char *command, mj_notation notation, const char *text, size_t len)
{
    if (notation != MJ_NOTATION_AUTO) return;
    size_t digits = 0, other = 0, start = 0, end = len;
    while (start < end && (text[start] == ' ' || text[start] == '\t')) start++;
    while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t')) end--;
    for (size_t i = start; i < end; i++) {
        if (text[i] >= '0' && text[i] <= '9') digits++;
        else if (text[i] != ' ') other++;
    }
    const char *chosen = NULL;
    if (digits && !other) chosen = "letters (digits are pin tiles: 123 = 1p2p3p)";
    else if (end - start == 2 && text[start] == '[' && text[start + 1] == ']') chosen = "letters (an empty [] has no 0x to mark it hex)";
    if (!chosen) return;
    fprintf(stderr, "mjverify: %s: warning: hand '", command);
    cli_tsv_field(stderr, text + start, end - start);
    fprintf(stderr, "' is ambiguous; read as %s; give --notation mpsz|letters|hex|unicode to choose\n", chosen);
}

void cli_print_hand_prefix(bool json, const char *text, size_t len)
{
    if (json) {
        fputs("{\"hand\":", stdout);
        cli_json_string(stdout, text, len);
    } else {
        cli_tsv_field(stdout, text, len);
        fputc('\t', stdout);
    }
}

int cli_report_hand_error(bool json, const char *text, size_t len, const char *code, size_t offset, const char *message)
{
    cli_print_hand_prefix(json, text, len);
    if (json) {
        printf(",\"result\":\"error\",\"error\":\"%s\",\"offset\":%zu,\"message\":", code, offset);
        cli_json_string(stdout, message, strlen(message));
        puts("}");
    } else {
        fputs("error\t", stdout);
        cli_tsv_field(stdout, message, strlen(message));
        fputc('\n', stdout);
    }
    return 1;
}
