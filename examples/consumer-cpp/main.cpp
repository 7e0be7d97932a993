// A C++ program built against the installed libmjverify: the C API through <mjverify.h>.
#include <mjverify.h>

#include <cstring>
#include <iostream>
#include <string>

int main(int argc, char **argv)
{
    std::cout << "mjverify " << MJVERIFY_VERSION_STRING << " (C++)\n";
    mj_rules rules;
    mj_error err;
    if (mj_rules_parse("riichi", 0, &rules, &err) != MJ_OK || mj_algos_init() != 0 || mj_truth_init() != 0) return 2;
    int rc = 0;
    for (int i = 1; i < argc; ++i) {
        mj_hand h;
        if (mj_parse(argv[i], std::strlen(argv[i]), MJ_NOTATION_AUTO, rules.kinds, &h, &err) != MJ_OK) {
            std::cout << argv[i] << "\terror\t" << err.message << '\n';
            rc = 1;
            continue;
        }
        char waits[160];
        mj_format_kindset(mj_truth_waits(&h, &rules), waits, sizeof waits);
        std::cout << argv[i] << "\ttruth=" << (mj_truth_is_win(&h, &rules) ? "win" : "no") << "\twaits=" << waits << '\n';
    }
    return rc;
}
