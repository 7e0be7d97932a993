/* mjverify shanten: each hand's shanten number (and with --effective its effective tiles and
 * how many copies of them are left), by one or more calculators, disagreements shown. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "mj_shanten.h"
#include "plugin.h"

enum { MAX_SELECTED = 64 };

typedef struct {
    mj_rules rules;
    mj_notation notation;
    const mj_shanten_algo *algos[MAX_SELECTED];
    size_t nalgos;
    bool json, effective;
} shanten_job;

/* One calculator's answer for one hand. */
typedef struct {
    int shanten;
    mj_kindset effective;
    int remaining;
} answer;

static int select_algos(shanten_job *job, const char *algo)
{
    if (strcmp(algo, "all") == 0) {
        for (size_t i = 0; i < mj_shanten_algo_count && job->nalgos < MAX_SELECTED; i++)
            if (!mj_shanten_algos[i]->flawed && mj_shanten_supports(mj_shanten_algos[i], &job->rules))
                job->algos[job->nalgos++] = mj_shanten_algos[i];
        if (job->nalgos == 0) return cli_usage_error("shanten", "no calculator supports rules '%s'", job->rules.name);
        return CLI_OK;
    }
    char *list = strdup(algo);
    if (!list) return CLI_FAIL;
    int rc = CLI_OK;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok && rc == CLI_OK; tok = strtok_r(NULL, ",", &save)) {
        const mj_shanten_algo *a = mj_shanten_find(tok);
        if (!a) rc = cli_usage_error("shanten", "no shanten calculator named '%s' (see mjverify algos)", tok);
        else if (!mj_shanten_supports(a, &job->rules))
            rc = cli_usage_error("shanten", "calculator '%s' does not support rules '%s'", tok, job->rules.name);
        else if (job->nalgos == MAX_SELECTED) rc = cli_usage_error("shanten", "--algo names more than %d calculators", MAX_SELECTED);
        else job->algos[job->nalgos++] = a;
    }
    free(list);
    if (rc == CLI_OK && job->nalgos == 0) rc = cli_usage_error("shanten", "--algo names no calculator");
    return rc;
}

/* Why a hand of n tiles has no shanten number under r, or NULL when it has one. */
static const char *size_problem(int n, const mj_rules *r, char *buf, size_t cap)
{
    if (!mj_shanten_size_ok(n)) {
        snprintf(buf, cap, "a hand of %d tiles has no shanten number: it takes 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles", n);
        return buf;
    }
    if (!(r->forms & MJ_FORM_STD) && n < 13) {
        snprintf(buf, cap, "rules '%s' have no complete hand near %d tiles (their forms need 14)", r->name, n);
        return buf;
    }
    return NULL;
}

static void print_answer(const shanten_job *job, const answer *a, bool json)
{
    char set[160];
    mj_format_kindset(a->effective, set, sizeof set);
    if (json) {
        printf("\"shanten\":%d", a->shanten);
        if (job->effective) printf(",\"effective\":\"%s\",\"remaining\":%d", set, a->remaining);
    } else {
        printf("%d", a->shanten);
        if (job->effective) printf("\t%s\t%d", set, a->remaining);
    }
}

static int shanten_hand(const char *text, size_t len, void *ctx)
{
    shanten_job *job = ctx;
    mj_hand h;
    mj_error err;
    cli_warn_ambiguous("shanten", job->notation, text, len);
    if (mj_parse_set(text, len, job->notation, mj_rules_tileset(&job->rules), &h, &err) != MJ_OK)
        return cli_report_hand_error(job->json, text, len, mj_status_name(err.code), err.offset, err.message);
    char why[160];
    if (size_problem(h.tiles, &job->rules, why, sizeof why))
        return cli_report_hand_error(job->json, text, len, "bad-size", 0, why);
    answer got[MAX_SELECTED];
    bool agree = true;
    for (size_t i = 0; i < job->nalgos; i++) {
        answer *a = &got[i];
        a->effective = 0;
        if (job->effective) a->effective = mj_shanten_effective(job->algos[i], &h, &job->rules, &a->shanten);
        else a->shanten = job->algos[i]->shanten(&h, &job->rules);
        a->remaining = mj_shanten_remaining(&h, a->effective);
        agree = agree && a->shanten == got[0].shanten && a->effective == got[0].effective;
    }
    cli_print_hand_prefix(job->json, text, len);
    if (agree) {
        if (job->json) fputc(',', stdout);
        print_answer(job, &got[0], job->json);
        puts(job->json ? "}" : "");
        return 0;
    }
    fputs(job->json ? ",\"result\":\"disagree\",\"by_algo\":{" : "DISAGREE\t", stdout);
    for (size_t i = 0; i < job->nalgos; i++) {
        const char *name = job->algos[i]->name;
        if (job->json) {
            fputs(i ? "," : "", stdout);
            cli_json_string(stdout, name, strlen(name));
            fputs(":{", stdout);
            print_answer(job, &got[i], true);
            fputc('}', stdout);
        } else {
            char set[160];
            mj_format_kindset(got[i].effective, set, sizeof set);
            printf("%s%s=%d", i ? " " : "", name, got[i].shanten);
            if (job->effective) printf("/%s/%d", set, got[i].remaining);
        }
    }
    puts(job->json ? "}}" : "");
    return 1;
}

int cli_cmd_shanten(int argc, char **argv)
{
    static const char default_algo[] = "sh-table";
    const char *rules = "riichi", *algo = default_algo, *notation = "auto", *tiles = NULL, *plugin = NULL, *exec = NULL;
    shanten_job job = {0};
    const cli_flag flags[] = {
        CLI_FLAG("rules", &rules),       CLI_FLAG("tiles", &tiles),   CLI_FLAG("algo", &algo),
        CLI_FLAG("plugin", &plugin),     CLI_FLAG("exec", &exec),     CLI_FLAG("notation", &notation),
        CLI_SWITCH("effective", &job.effective), CLI_SWITCH("json", &job.json),
    };
    size_t npos = 0;
    if (cli_parse_flags("shanten", argc, argv, flags, sizeof flags / sizeof flags[0], (const char **)argv,
                        (size_t)argc, &npos, NULL))
        return CLI_USAGE;
    unsigned long kinds = 0;
    if (tiles && (!cli_parse_uint(tiles, 34, &kinds) || (kinds != 27 && kinds != 34)))
        return cli_usage_error("shanten", "--tiles takes 27 or 34, not '%s'", tiles);
    job.notation = mj_notation_from_name(notation);
    if (job.notation == MJ_NOTATION_COUNT)
        return cli_usage_error("shanten", "--notation takes auto, mpsz, letters, hex or unicode, not '%s'", notation);
    mj_error err;
    if (mj_rules_parse(rules, (int)kinds, &job.rules, &err) != MJ_OK) return cli_usage_error("shanten", "%s", err.message);
    if (job.rules.forms & MJ_FORM_KONGS || job.rules.min_win > 2)
        return cli_usage_error("shanten", "rules '%s' have no shanten number here: kong hands (15-18 tiles) are not "
                                          "counted; use basic, sichuan, riichi or forms from std,7p,7p4,13o", rules);
    if (mj_shanten_algos_init() != 0) {
        fprintf(stderr, "mjverify: a shanten calculator failed to build its tables\n");
        return CLI_FAIL;
    }
    if (cli_plugin_shanten_setup(plugin, &algo, default_algo) != CLI_OK ||
        cli_exec_shanten_setup(exec, &job.rules, job.effective, &algo, default_algo) != CLI_OK)
        return CLI_FAIL;
    int rc = select_algos(&job, algo);
    if (rc != CLI_OK) return rc;
    rc = cli_for_each_hand((int)npos, argv, shanten_hand, &job);
    return rc ? CLI_FAIL : CLI_OK;
}
