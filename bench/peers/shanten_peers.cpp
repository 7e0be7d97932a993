// The shanten peers side by side (issue 30): nyanten (Cryolite/nyanten), tomohxx's Calsht
// (tomohxx/shanten-number) and mjverify's sh-table, on the same seeded hands, riichi forms
// (standard, seven pairs, thirteen orphans), every answer compared before any timing, then
// timed in alternating rounds in one process (CPU time, best and median of the rounds), so
// the ratio is measured under the same load. Built by bench/shanten-peers.sh in a scratch
// folder outside the checkout; prints CSV and one ratio line per hand size.
#include <nyanten/replacement_number.hpp>
#include "calsht.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

extern "C" {
#include "mj_random.h"
#include "mj_shanten.h"
}

static double cpu_ns()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv)
{
    const char *tables = argc > 1 ? argv[1] : ".";
    int rounds = argc > 2 ? std::atoi(argv[2]) : 9;
    size_t count = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 65536;
    unsigned long long seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 20261126ull;
    if (mj_shanten_algos_init() != 0) return 1;
    const mj_shanten_algo *table = mj_shanten_find("sh-table");
    mj_rules riichi;
    mj_rules_parse("riichi", 0, &riichi, nullptr);
    mahjong::Calsht calsht(tables);
    std::printf("peer,tiles,hands,rounds,ns_best,ns_median,mismatches\n");
    for (int tiles : {13, 14}) {
        mj_rng g = {seed + (unsigned long long)tiles};
        std::vector<mj_hand> hands(count);
        std::vector<std::array<unsigned char, 34>> ny(count);
        std::vector<std::array<int, 34>> to(count);
        for (size_t i = 0; i < count; i++) {
            hands[i] = mj_deal(&g, MJ_KINDS, tiles);
            for (int k = 0; k < 34; k++) ny[i][k] = hands[i].count[k], to[i][k] = hands[i].count[k];
        }
        // the answers first: every peer against sh-table on every hand
        size_t bad_ny = 0, bad_to = 0;
        for (size_t i = 0; i < count; i++) {
            int mine = table->shanten(&hands[i], &riichi);
            bad_ny += (int)Nyanten::calculateReplacementNumber(ny[i].begin(), ny[i].end()) - 1 != mine;
            bad_to += std::get<0>(calsht(to[i], tiles / 3, 7)) - 1 != mine;
        }
        std::vector<double> t_ny, t_to, t_mine;
        unsigned sink = 0;
        for (int r = 0; r < rounds; r++) { // alternating: one pass of each per round
            double t0 = cpu_ns();
            for (size_t i = 0; i < count; i++) sink += Nyanten::calculateReplacementNumber(ny[i].begin(), ny[i].end());
            double t1 = cpu_ns();
            for (size_t i = 0; i < count; i++) sink += (unsigned)std::get<0>(calsht(to[i], tiles / 3, 7));
            double t2 = cpu_ns();
            for (size_t i = 0; i < count; i++) sink += (unsigned)table->shanten(&hands[i], &riichi);
            double t3 = cpu_ns();
            t_ny.push_back((t1 - t0) / count), t_to.push_back((t2 - t1) / count), t_mine.push_back((t3 - t2) / count);
        }
        auto row = [&](const char *name, std::vector<double> &t, size_t bad) {
            std::sort(t.begin(), t.end());
            if (bad) std::printf("%s,%d,%zu,%d,ERROR,ERROR,%zu\n", name, tiles, count, rounds, bad);
            else std::printf("%s,%d,%zu,%d,%.2f,%.2f,0\n", name, tiles, count, rounds, t[0], t[t.size() / 2]);
        };
        row("nyanten", t_ny, bad_ny);
        row("tomohxx", t_to, bad_to);
        row("sh-table", t_mine, 0);
        std::fprintf(stderr, "peers: %d tiles: sh-table %.1f ns, nyanten %.1f ns (%.2fx), tomohxx %.1f ns (%.2fx); "
                             "medians of %d alternating rounds, CPU time%s\n",
                     tiles, t_mine[rounds / 2], t_ny[rounds / 2], t_ny[rounds / 2] / t_mine[rounds / 2],
                     t_to[rounds / 2], t_to[rounds / 2] / t_mine[rounds / 2], rounds, sink == 1 ? " " : "");
    }
    return 0;
}
