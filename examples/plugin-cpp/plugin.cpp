// A win check written in C++ as an mjverify plugin: the C ABI at the edge, C++ inside.
#include <mjverify_plugin.h>

#include <array>

namespace {

using Counts = std::array<unsigned char, 34>;

// Melds only, lowest kind first: a triplet when three or more are held, else a run.
bool melds_only(Counts &c, int from)
{
    int k = from;
    while (k < 34 && c[k] == 0) ++k;
    if (k == 34) return true;
    if (c[k] >= 3) {
        c[k] -= 3;
        bool ok = melds_only(c, k);
        c[k] += 3;
        return ok;
    }
    if (k >= 27 || k % 9 > 6 || c[k + 1] == 0 || c[k + 2] == 0) return false;
    --c[k], --c[k + 1], --c[k + 2];
    bool ok = melds_only(c, k);
    ++c[k], ++c[k + 1], ++c[k + 2];
    return ok;
}

bool is_win(const mj_hand *h, const mj_rules *r)
{
    if (!(r->forms & MJ_FORM_STD) || h->tiles % 3 != 2) return false;
    Counts c{};
    for (int k = 0; k < 34; ++k) c[k] = h->count[k];
    for (int k = 0; k < 34; ++k) {
        if (c[k] < 2) continue;
        c[k] -= 2;
        bool ok = melds_only(c, 0);
        c[k] += 2;
        if (ok) return true;
    }
    return false;
}

} // namespace

extern "C" MJ_PLUGIN_EXPORT const mj_plugin mj_plugin_entry = {
    MJ_PLUGIN_ABI, sizeof(mj_plugin), "cpp", "example in C++: pair, then melds at the lowest kind",
    MJ_FORM_STD, 34, nullptr, is_win, nullptr, nullptr, nullptr,
};
