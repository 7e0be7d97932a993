/* A program built against the installed libmjverify: parses hands, asks the table algorithm and
 * the ground truth, and prints the library's version. Usage: consumer HAND... */
#include <mjverify.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    printf("mjverify %s (%d.%d.%d)\n", MJVERIFY_VERSION_STRING, MJVERIFY_VERSION_MAJOR, MJVERIFY_VERSION_MINOR,
           MJVERIFY_VERSION_PATCH);
    mj_rules rules;
    mj_error err;
    if (mj_rules_parse("riichi", 0, &rules, &err) != MJ_OK || mj_algos_init() != 0 || mj_truth_init() != 0) return 2;
    const mj_algo *table = mj_algo_find("table");
    if (!table) return 2;
    int rc = 0;
    for (int i = 1; i < argc; i++) {
        mj_hand h;
        if (mj_parse(argv[i], strlen(argv[i]), MJ_NOTATION_AUTO, rules.kinds, &h, &err) != MJ_OK) {
            printf("%s\terror\t%s\n", argv[i], err.message);
            rc = 1;
            continue;
        }
        bool truth = mj_truth_is_win(&h, &rules), said = mj_algo_is_win(table, &h, &rules);
        printf("%s\ttruth=%s\ttable=%s\n", argv[i], truth ? "win" : "no", said ? "win" : "no");
        if (truth != said) rc = 1;
    }
    return rc;
}
