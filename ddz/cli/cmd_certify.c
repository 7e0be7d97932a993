/* ddz certify: checks a strategy certificate with the oracle's recogniser (never the solvers'
 * generator) and says whether it proves the win it claims. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_oracle.h"
#include "ddz_oracle3.h"

#define USAGE_CERTIFY "usage: ddz certify " DDZ_USAGE_CERTIFY "\n"


static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "ddz certify: %s", what);
    if (arg) {
        fputs(" '", stderr);
        ddz_put_shown(stderr, arg);
        fputc('\'', stderr);
    }
    fputc('\n', stderr);
    fputs(USAGE_CERTIFY, stderr);
    return 2;
}

int ddz_cmd_certify(int argc, char **argv)
{
    const char *file = NULL, *rules = NULL, *me = NULL, *enemy = NULL, *last = NULL;
    int only_args = 0;
    ddz_rules want;
    ddz_error e;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], **slot = NULL;
        if (only_args || arg[0] != '-' || arg[1] == '\0') {
            if (file)
                return usage_error("one FILE only; a second:", arg);
            file = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_args = 1;
            continue;
        }
        size_t nl = strcspn(arg, "=");
#define FLAG(name) (nl == strlen(name) && strncmp(arg, name, nl) == 0)
        if (FLAG("--rules"))
            slot = &rules;
        else if (FLAG("--me"))
            slot = &me;
        else if (FLAG("--enemy"))
            slot = &enemy;
        else if (FLAG("--last"))
            slot = &last;
        else
            return usage_error("unknown flag", arg);
#undef FLAG
        if (*slot)
            return usage_error("flag given twice:", arg);
        if (arg[nl] == '=')
            *slot = arg + nl + 1;
        else if (i + 1 < argc)
            *slot = argv[++i];
        else
            return usage_error("flag needs a value:", arg);
    }
    if (!file)
        return usage_error("the strategy FILE is missing", NULL);
    if (rules && ddz_parse_rules(rules, &want, &e) != DDZ_OK) {
        fprintf(stderr, "ddz certify: --rules: %s\n", e.message);
        return 2;
    }
    /* the position the caller expects (checked against the header once the file is read) */
    ddz_hand want_me = 0, want_enemy = 0, want_last = 0;
    ddz_type want_type = DDZ_TYPES;
    const char *const names[3] = {"--me", "--enemy", "--last"};
    const char *const texts[3] = {me, enemy, last};
    for (int k = 0; k < 3; k++) {
        if (!texts[k])
            continue;
        ddz_status s = k == 2 ? ddz_parse_move_text(texts[k], &want_type, &want_last, &e)
                              : ddz_parse_hand(texts[k], 0, k ? &want_enemy : &want_me, &e);
        if (s != DDZ_OK) {
            fprintf(stderr, "ddz certify: %s '", names[k]);
            ddz_put_shown(stderr, texts[k]);
            fprintf(stderr, "': %s\n", e.message);
            return 2;
        }
    }

    FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
    if (!f) {
        fprintf(stderr, "ddz certify: ");
        ddz_put_shown(stderr, file);
        fprintf(stderr, ": cannot read: %s\n", strerror(errno));
        return 2;
    }
    /* A three-player certificate (`ddz-strategy3`, ddz/THREE_PLAYER.md) goes to its own
     * checker: the first line is peeked at (stdin through a temporary file, to read it again). */
    if (f == stdin) {
        FILE *t = tmpfile();
        char chunk[65536];
        size_t got;
        if (!t) {
            fprintf(stderr, "ddz certify: -: cannot buffer stdin: %s\n", strerror(errno));
            return 2;
        }
        while ((got = fread(chunk, 1, sizeof chunk, stdin)) > 0)
            if (fwrite(chunk, 1, got, t) != got) {
                fclose(t);
                fprintf(stderr, "ddz certify: -: cannot buffer stdin\n");
                return 2;
            }
        rewind(t);
        f = t;
    }
    char head[32] = "";
    if (!fgets(head, sizeof head, f))
        head[0] = '\0';
    rewind(f);
    if (strncmp(head, "ddz-strategy3", 13) == 0) {
        ddzo3_cert_result r3;
        if (me || enemy || last) {
            fclose(f);
            return usage_error("--me, --enemy and --last are for two-player certificates; this one is", "ddz-strategy3");
        }
        ddzo_cert_status s3 = ddzo3_certify(f, rules ? &want : NULL, &r3);
        fclose(f);
        if (s3 == DDZO_CERT_OK) {
            char pb[256];
            ddz3_format_position(&r3.pos, pb, sizeof pb);
            printf("certified: %s %s: %zu nodes, %zu replies, depth %d\n", r3.winner ? "the farmers win" : "the landlord wins", pb,
                   r3.nodes, r3.replies, r3.depth);
            return 0;
        }
        FILE *o3 = s3 == DDZO_CERT_REJECTED ? stdout : stderr;
        fputs(s3 == DDZO_CERT_REJECTED ? "rejected: " : "ddz certify: ", o3);
        ddz_put_shown(o3, file);
        if (r3.line)
            fprintf(o3, ":%lu", r3.line);
        fprintf(o3, ": %s\n", r3.message);
        return s3 == DDZO_CERT_REJECTED ? 1 : 2;
    }
    ddzo_cert_result res;
    ddzo_cert_status st = ddzo_certify(f, rules ? &want : NULL, &res);
    fclose(f);
    if (st == DDZO_CERT_OK) {
        const char *differs = me && want_me != res.me             ? "me"
                              : enemy && want_enemy != res.enemy ? "enemy"
                              : last && (want_last != res.last.cards ||
                                         (want_type != DDZ_TYPES && want_type != (ddz_type)res.last.type))
                                  ? "last"
                                  : NULL;
        if (differs) {
            fputs("rejected: ", stdout);
            ddz_put_shown(stdout, file);
            printf(":%d: the header's %s is not the --%s given\n", differs[0] == 'm' ? 3 : differs[0] == 'e' ? 4 : 5,
                   differs, differs);
            return 1;
        }
        printf("certified: %zu nodes, %zu replies, depth %d\n", res.nodes, res.replies, res.depth);
        return 0;
    }
    FILE *out = st == DDZO_CERT_REJECTED ? stdout : stderr;
    fputs(st == DDZO_CERT_REJECTED ? "rejected: " : "ddz certify: ", out);
    ddz_put_shown(out, file);
    if (res.line)
        fprintf(out, ":%lu", res.line);
    fprintf(out, ": %s\n", res.message);
    return st == DDZO_CERT_REJECTED ? 1 : 2;
}
