/* mjverify check, waits, convert and algos: one hand per line in, one result per line out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mj_shanten.h"
#include "plugin.h"

enum { MAX_SELECTED = 64 };

typedef struct {
    const char *command;
    mj_rules rules;
    mj_notation notation;
    mj_notation convert_to;
    const mj_algo *algos[MAX_SELECTED];
    size_t nalgos;
    bool explain, json, waits;
} hand_job;

/* Parses the flags shared by check, waits and convert; collects positionals in place. */
static int parse_common(hand_job *job, int argc, char **argv, int *npos, bool is_convert)
{
    static const char default_algo[] = "backtrack";
    const char *rules = "basic", *algo = default_algo, *notation = "auto", *tiles = NULL, *to = NULL, *plugin = NULL, *exec = NULL;
    cli_flag flags[10];
    *npos = 0;
    size_t nflags = 0, n = 0;
    if (!is_convert) {
        flags[nflags++] = (cli_flag)CLI_FLAG("rules", &rules);
        flags[nflags++] = (cli_flag)CLI_FLAG("algo", &algo);
        flags[nflags++] = (cli_flag)CLI_FLAG("plugin", &plugin);
        flags[nflags++] = (cli_flag)CLI_FLAG("exec", &exec);
    }
    flags[nflags++] = (cli_flag)CLI_FLAG("notation", &notation);
    flags[nflags++] = (cli_flag)CLI_FLAG("tiles", &tiles);
    if (is_convert) flags[nflags++] = (cli_flag)CLI_FLAG("to", &to);
    if (!is_convert && !job->waits) flags[nflags++] = (cli_flag)CLI_SWITCH("explain", &job->explain);
    flags[nflags++] = (cli_flag)CLI_SWITCH("json", &job->json);
    /* positionals are collected in argv itself, behind the parse */
    if (cli_parse_flags(job->command, argc, argv, flags, nflags, (const char **)argv, (size_t)argc, &n, NULL))
        return CLI_USAGE;
    *npos = (int)n;
    unsigned long kinds = 0;
    if (tiles && (!cli_parse_uint(tiles, 34, &kinds) || (kinds != 27 && kinds != 34)))
        return cli_usage_error(job->command, "--tiles takes 27 or 34, not '%s'", tiles);
    job->notation = mj_notation_from_name(notation);
    if (job->notation == MJ_NOTATION_COUNT)
        return cli_usage_error(job->command, "--notation takes auto, mpsz, letters, hex or unicode, not '%s'", notation);
    if (is_convert) {
        if (!to) return cli_usage_error(job->command, "convert needs --to mpsz|letters|hex|unicode");
        job->convert_to = mj_notation_from_name(to);
        if (job->convert_to == MJ_NOTATION_COUNT || job->convert_to == MJ_NOTATION_AUTO)
            return cli_usage_error(job->command, "--to takes mpsz, letters, hex or unicode, not '%s'", to);
        job->rules.kinds = kinds ? (int)kinds : MJ_KINDS;
        return CLI_OK;
    }
    mj_error err;
    if (mj_rules_parse(rules, (int)kinds, &job->rules, &err) != MJ_OK)
        return cli_usage_error(job->command, "%s", err.message);
    if (cli_plugin_setup(job->command, plugin, &algo, default_algo) != CLI_OK ||
        cli_exec_setup(exec, &job->rules, job->waits, &algo, default_algo) != CLI_OK)
        return CLI_FAIL;
    /* --algo: all (every unflagged algorithm that supports the rules), or a comma list */
    if (strcmp(algo, "all") == 0) {
        for (size_t i = 0; i < mj_algo_count && job->nalgos < MAX_SELECTED; i++)
            if (!mj_algos[i]->flawed && mj_algo_supports(mj_algos[i], &job->rules)) job->algos[job->nalgos++] = mj_algos[i];
        return CLI_OK;
    }
    /* a copy as long as the flag itself: a long list is never cut into a wrong name */
    char *list = strdup(algo);
    if (!list) return CLI_FAIL;
    int rc = CLI_OK;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && rc == CLI_OK; tok = strtok_r(NULL, ",", &save)) {
        const mj_algo *a2 = mj_algo_find(tok);
        if (!a2) rc = cli_usage_error(job->command, "no algorithm named '%s' (see mjverify algos)", tok);
        else if (!mj_algo_supports(a2, &job->rules))
            rc = cli_usage_error(job->command, "algorithm '%s' does not support rules '%s'", tok, job->rules.name);
        else if (job->nalgos == MAX_SELECTED) rc = cli_usage_error(job->command, "--algo names more than %d algorithms", MAX_SELECTED);
        else job->algos[job->nalgos++] = a2;
    }
    free(list);
    if (rc != CLI_OK) return rc;
    if (job->nalgos == 0) return cli_usage_error(job->command, "--algo names no algorithm");
    return CLI_OK;
}

static void warn_ambiguous(const hand_job *job, const char *text, size_t len)
{
    cli_warn_ambiguous(job->command, job->notation, text, len);
}

static void print_hand_prefix(const hand_job *job, const char *text, size_t len)
{
    cli_print_hand_prefix(job->json, text, len);
}

static int report_parse_error(const hand_job *job, const char *text, size_t len, const mj_error *err)
{
    return cli_report_hand_error(job->json, text, len, mj_status_name(err->code), err->offset, err->message);
}

/* Runs every selected algorithm; prints the common answer, or each one's on disagreement. */
static int judge_hand(const char *text, size_t len, void *ctx)
{
    hand_job *job = ctx;
    mj_hand h;
    mj_error err;
    warn_ambiguous(job, text, len);
    if (mj_parse_set(text, len, job->notation, mj_rules_tileset(&job->rules), &h, &err) != MJ_OK)
        return report_parse_error(job, text, len, &err);
    mj_kindset results[MAX_SELECTED] = {0};
    bool agree = true;
    for (size_t i = 0; i < job->nalgos; i++) {
        results[i] = job->waits ? mj_algo_waits(job->algos[i], &h, &job->rules)
                                : (mj_kindset)mj_algo_is_win(job->algos[i], &h, &job->rules);
        if (results[i] != results[0]) agree = false;
    }
    char buf[256];
    print_hand_prefix(job, text, len);
    if (!agree) {
        fputs(job->json ? ",\"result\":\"disagree\",\"by_algo\":{" : "DISAGREE\t", stdout);
        for (size_t i = 0; i < job->nalgos; i++) {
            if (job->waits) mj_format_kindset(results[i], buf, sizeof buf);
            else snprintf(buf, sizeof buf, "%s", results[i] ? "win" : "no");
            if (job->json) {
                fputs(i ? "," : "", stdout);
                cli_json_string(stdout, job->algos[i]->name, strlen(job->algos[i]->name));
                printf(":\"%s\"", buf);
            }
            else printf("%s%s=%s", i ? " " : "", job->algos[i]->name, buf);
        }
        puts(job->json ? "}}" : "");
        return 1;
    }
    if (job->waits) {
        mj_format_kindset(results[0], buf, sizeof buf);
        if (job->json) printf(",\"waits\":\"%s\"}\n", buf);
        else printf("%s\n", buf);
        return 0;
    }
    const char *verdict = results[0] ? "win" : "no";
    bool explained = job->explain && results[0] && mj_explain(&h, &job->rules, buf, sizeof buf);
    if (job->json) {
        printf(",\"result\":\"%s\"", verdict);
        if (explained) printf(",\"decomposition\":\"%s\"", buf);
        puts("}");
    } else {
        printf(explained ? "%s\t%s\n" : "%s\n", verdict, buf);
    }
    return 0;
}

static int convert_hand(const char *text, size_t len, void *ctx)
{
    hand_job *job = ctx;
    mj_hand h;
    mj_error err;
    warn_ambiguous(job, text, len);
    if (mj_parse_set(text, len, job->notation, mj_rules_tileset(&job->rules), &h, &err) != MJ_OK)
        return report_parse_error(job, text, len, &err);
    char buf[MJ_FORMAT_CAP];
    if (mj_format(&h, job->convert_to, buf, sizeof buf) != MJ_OK) {
        err.code = MJ_ERR_UNREPRESENTABLE;
        err.offset = 0;
        snprintf(err.message, sizeof err.message, "%s: cannot write honors", mj_notation_name(job->convert_to));
        return report_parse_error(job, text, len, &err);
    }
    print_hand_prefix(job, text, len);
    if (job->json) {
        printf(",\"%s\":", mj_notation_name(job->convert_to));
        cli_json_string(stdout, buf, strlen(buf));
        puts("}");
    } else {
        puts(buf);
    }
    return 0;
}

static int run_hands(const char *command, int argc, char **argv, bool waits, bool convert)
{
    hand_job job = {.command = command, .waits = waits};
    int npos, rc = parse_common(&job, argc, argv, &npos, convert);
    if (rc != CLI_OK) return rc;
    if (!convert && mj_algos_init() != 0) {
        fprintf(stderr, "mjverify: an algorithm failed to build its tables\n");
        return CLI_FAIL;
    }
    rc = cli_for_each_hand(npos, argv, convert ? convert_hand : judge_hand, &job);
    return rc ? CLI_FAIL : CLI_OK;
}

int cli_cmd_check(int argc, char **argv) { return run_hands("check", argc, argv, false, false); }
int cli_cmd_waits(int argc, char **argv) { return run_hands("waits", argc, argv, true, false); }
int cli_cmd_convert(int argc, char **argv) { return run_hands("convert", argc, argv, false, true); }

/* Prints s padded to `width` terminal columns: UTF-8 aware, CJK counted as two columns. */
static void print_padded(const char *s, int width)
{
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p & 0xc0) == 0x80) continue;   /* continuation byte */
        cols += (*p >= 0xe3 && *p <= 0xe9) ? 2 : 1; /* U+3000..U+9FFF: wide */
    }
    fputs(s, stdout);
    for (; cols < width; cols++) fputc(' ', stdout);
}

int cli_cmd_algos(int argc, char **argv)
{
    bool json = false;
    const cli_flag flags[] = {CLI_SWITCH("json", &json)};
    if (cli_parse_flags("algos", argc, argv, flags, 1, NULL, 0, NULL, NULL)) return CLI_USAGE;
    for (size_t i = 0; i < mj_algo_count; i++) {
        const mj_algo *a = mj_algos[i];
        char forms[64];
        mj_forms_format(a->forms, forms, sizeof forms);
        if (json) {
            printf("{\"name\":\"%s\",\"rules\":\"%s\",\"tiles\":%d,\"source\":", a->name, forms, a->max_kinds);
            cli_json_string(stdout, a->source, strlen(a->source));
            printf(",\"flawed\":%s,\"native_waits\":%s,\"summary\":", a->flawed ? "true" : "false", a->waits ? "true" : "false");
            cli_json_string(stdout, a->summary, strlen(a->summary));
            puts("}");
        } else {
            printf("%-16s %-22s %-2d  ", a->name, forms, a->max_kinds);
            print_padded(a->source, 30);
            printf("%s  %s\n", a->flawed ? "FLAWED" : "ok    ", a->flawed && a->flaw ? a->flaw : a->summary);
        }
    }
    /* the shanten calculators (mjverify shanten --algo), after the win checks */
    if (mj_shanten_algos_init() != 0) return CLI_FAIL;
    if (!json) puts("shanten calculators:");
    for (size_t i = 0; i < mj_shanten_algo_count; i++) {
        const mj_shanten_algo *a = mj_shanten_algos[i];
        char forms[64];
        mj_forms_format(a->forms, forms, sizeof forms);
        if (json) {
            printf("{\"name\":\"%s\",\"kind\":\"shanten\",\"rules\":\"%s\",\"tiles\":%d,\"source\":", a->name, forms,
                   a->max_kinds);
            cli_json_string(stdout, a->source, strlen(a->source));
            printf(",\"flawed\":%s,\"native_effective\":%s,\"summary\":", a->flawed ? "true" : "false",
                   a->effective ? "true" : "false");
            cli_json_string(stdout, a->flawed && a->flaw ? a->flaw : a->summary, strlen(a->flawed && a->flaw ? a->flaw : a->summary));
            puts("}");
        } else {
            printf("%-16s %-22s %-2d  %s  %s\n", a->name, forms, a->max_kinds, a->flawed ? "FLAWED" : "ok    ",
                   a->flawed && a->flaw ? a->flaw : a->summary);
        }
    }
    return CLI_OK;
}
