/* Helpers shared by the Check suites. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

mj_hand tu_hand(const char *text, int kinds)
{
    mj_hand h;
    mj_error err;
    mj_status s = mj_parse(text, strlen(text), MJ_NOTATION_AUTO, kinds, &h, &err);
    ck_assert_msg(s == MJ_OK, "hand '%s' did not parse: %s", text, err.message);
    return h;
}

mj_rules tu_rules(const char *spec)
{
    mj_rules r;
    mj_error err;
    ck_assert_msg(mj_rules_parse(spec, 0, &r, &err) == MJ_OK, "rules '%s' refused: %s", spec, err.message);
    return r;
}

uint64_t tu_seed(const char *what, uint64_t fallback)
{
    const char *env = getenv("MJ_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : fallback;
    fprintf(stderr, "%s: seed %llu (set MJ_TEST_SEED to reproduce)\n", what, (unsigned long long)seed);
    return seed;
}

int tu_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
