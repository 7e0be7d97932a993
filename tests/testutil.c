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

uint64_t tu_next(tu_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t tu_below(tu_rng *r, uint32_t n) { return (uint32_t)(((tu_next(r) >> 32) * (uint64_t)n) >> 32); }

uint64_t tu_seed(const char *what, uint64_t fallback)
{
    const char *env = getenv("MJ_TEST_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 0) : fallback;
    fprintf(stderr, "%s: seed %llu (set MJ_TEST_SEED to reproduce)\n", what, (unsigned long long)seed);
    return seed;
}

mj_hand tu_deal(tu_rng *r, int kinds, int tiles)
{
    uint8_t wall[MJ_KINDS * MJ_MAX_COPIES];
    int n = kinds * MJ_MAX_COPIES;
    for (int i = 0; i < n; i++) wall[i] = (uint8_t)(i / MJ_MAX_COPIES);
    mj_hand h;
    mj_hand_clear(&h);
    for (int i = 0; i < tiles; i++) { /* partial Fisher-Yates */
        int j = i + (int)tu_below(r, (uint32_t)(n - i));
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
        mj_hand_add(&h, wall[i]);
    }
    return h;
}

int tu_run(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
