/* ddz certify: checks a strategy certificate with the oracle's recogniser (never the solvers'
 * generator) and says whether it proves the win it claims. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_oracle.h"
#include "ddz_oracle3.h"

#define USAGE_CERTIFY "usage: ddz certify " DDZ_USAGE_CERTIFY "\n"

static int usage_error(const char *what, const char *arg) { return ddz_usage_error("certify", USAGE_CERTIFY, what, arg); }

/* A certificate the checker did not accept: "rejected: FILE:LINE: why" on standard output (exit
 * 1), or, when it could not be read as one, "ddz certify: FILE:LINE: why" on standard error
 * (exit 2); no LINE when the reason is not on one line. */
static int refused(const char *file, ddzo_cert_status st, unsigned long line, const char *message)
{
    FILE *out = st == DDZO_CERT_REJECTED ? stdout : stderr;
    fputs(st == DDZO_CERT_REJECTED ? "rejected: " : "ddz certify: ", out);
    ddz_put_shown(out, file);
    if (line)
        fprintf(out, ":%lu", line);
    fprintf(out, ": %s\n", message);
    return st == DDZO_CERT_REJECTED ? 1 : 2;
}

int ddz_cmd_certify(int argc, char **argv)
{
    const char *file = NULL, *rules = NULL, *me = NULL, *enemy = NULL, *last = NULL;
    int nfiles = 0;
    ddz_rules want;
    const ddz_flag flags[] = {
        {"--rules", &rules, NULL, 0}, {"--me", &me, NULL, 0}, {"--enemy", &enemy, NULL, 0}, {"--last", &last, NULL, 0}};
    const ddz_cmdline line = {"certify", USAGE_CERTIFY, flags, sizeof flags / sizeof flags[0], &file, 1,
                              "one FILE only; a second:", 0};
    int rc = ddz_cmdline_read(&line, argc, argv, &nfiles);
    ddz_error e;
    if (rc)
        return rc;
    if (!file)
        return usage_error("the strategy FILE is missing", NULL);
    if (rules && ddz_read_rules("certify", rules, &want))
        return 2;
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
        return refused(file, s3, r3.line, r3.message);
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
        if (res.version == 3)
            printf("certified: %zu nodes, %zu replies, depth %d; %zu nodes searched by the checker (%llu positions)\n",
                   res.nodes, res.replies, res.depth, res.searched, res.search_positions);
        else
            printf("certified: %zu nodes, %zu replies, depth %d\n", res.nodes, res.replies, res.depth);
        return 0;
    }
    return refused(file, st, res.line, res.message);
}
