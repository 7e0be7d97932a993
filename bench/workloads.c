/* The benchmark workloads: hands dealt, built complete or one tile short, or read from a file, all judged before timing. */
#include "mj_bench.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mj_notation.h"

/* Adds n copies of kind; false when that would pass four copies. */
static bool add_n(mj_hand *h, int kind, int n)
{
    if (h->count[kind] + n > MJ_MAX_COPIES) return false;
    h->count[kind] = (uint8_t)(h->count[kind] + n);
    h->tiles = (uint8_t)(h->tiles + n);
    return true;
}

/* A random meld: a run (two times in three, suited kinds only) or a triplet. */
static bool add_meld(mj_rng *g, mj_hand *h, int kinds)
{
    int k = (int)mj_rng_below(g, (uint32_t)kinds);
    if (!mj_kind_is_honor(k) && mj_rng_below(g, 3) != 0) {
        k = mj_kind_make(mj_kind_suit(k), 1 + (int)mj_rng_below(g, 7));
        return add_n(h, k, 1) && add_n(h, k + 1, 1) && add_n(h, k + 2, 1);
    }
    return add_n(h, k, 3);
}

/* A pair and `melds` melds, with `kongs` four-of-a-kinds set beside them first. */
static bool build_standard(mj_rng *g, mj_hand *h, int kinds, int melds, int kongs)
{
    mj_hand_clear(h);
    for (int i = 0; i < kongs; i++)
        if (!add_n(h, (int)mj_rng_below(g, (uint32_t)kinds), 4)) return false;
    if (!add_n(h, (int)mj_rng_below(g, (uint32_t)kinds), 2)) return false;
    for (int i = 0; i < melds; i++)
        if (!add_meld(g, h, kinds)) return false;
    return true;
}

static bool build_seven_pairs(mj_rng *g, mj_hand *h, int kinds, bool fours)
{
    mj_hand_clear(h);
    for (int i = 0; i < 7; i++) {
        int k = (int)mj_rng_below(g, (uint32_t)kinds);
        if (h->count[k] == (fours ? 4 : 2) || !add_n(h, k, 2)) return false;
    }
    return true;
}

static void build_orphans(mj_rng *g, mj_hand *h)
{
    static const int orphans[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    mj_hand_clear(h);
    for (int i = 0; i < 13; i++) add_n(h, orphans[i], 1);
    add_n(h, orphans[mj_rng_below(g, 13)], 1);
}

bool mj_bench_complete(mj_rng *g, const mj_rules *r, int tiles, mj_hand *out)
{
    if (tiles < r->min_win || tiles > r->max_win || tiles < 2 || tiles > MJ_MAX_TILES) return false;
    /* which forms can win at this size, weighted so that the standard form dominates
     * as it does in play: std 16, seven pairs 2, thirteen orphans 1, kongs 16 */
    enum { F_STD, F_7P, F_7P4, F_13O, F_KONGS };
    int forms[5], weight[5], nf = 0, total = 0;
    unsigned f = r->forms;
    if ((f & MJ_FORM_STD) && tiles <= 14 && tiles % 3 == 2) forms[nf] = F_STD, weight[nf++] = 16;
    if ((f & MJ_FORM_7P4) && tiles == 14) forms[nf] = F_7P4, weight[nf++] = 2;
    else if ((f & MJ_FORM_7P) && tiles == 14) forms[nf] = F_7P, weight[nf++] = 2;
    if ((f & MJ_FORM_13O) && tiles == 14 && r->kinds == MJ_KINDS) forms[nf] = F_13O, weight[nf++] = 1;
    if ((f & MJ_FORM_KONGS) && tiles >= 15) forms[nf] = F_KONGS, weight[nf++] = 16;
    if (nf == 0) return false;
    for (int i = 0; i < nf; i++) total += weight[i];
    for (int attempt = 0; attempt < 100000; attempt++) {
        int pick = (int)mj_rng_below(g, (uint32_t)total), i = 0;
        while (pick >= weight[i]) pick -= weight[i++];
        bool ok = false;
        switch (forms[i]) {
        case F_STD: ok = build_standard(g, out, r->kinds, (tiles - 2) / 3, 0); break;
        case F_7P: ok = build_seven_pairs(g, out, r->kinds, false); break;
        case F_7P4: ok = build_seven_pairs(g, out, r->kinds, true); break;
        case F_13O: build_orphans(g, out), ok = true; break;
        case F_KONGS: ok = build_standard(g, out, r->kinds, 4 - (tiles - 14), tiles - 14); break;
        }
        /* built from the definition, confirmed by ground truth all the same */
        if (ok && out->tiles == tiles && mj_bench_truth_is_win(out, r)) return true;
    }
    return false;
}

bool mj_bench_near_miss(mj_rng *g, const mj_rules *r, int tiles, mj_hand *out)
{
    for (int attempt = 0; attempt < 1000; attempt++) {
        mj_hand h;
        if (!mj_bench_complete(g, r, tiles, &h)) return false;
        for (int swap = 0; swap < 64; swap++) {
            int from = (int)mj_rng_below(g, (uint32_t)r->kinds), to = (int)mj_rng_below(g, (uint32_t)r->kinds);
            if (h.count[from] == 0 || to == from || h.count[to] == MJ_MAX_COPIES) continue;
            *out = h;
            out->count[from]--;
            out->count[to]++;
            if (!mj_bench_truth_is_win(out, r)) return true;
        }
    }
    return false;
}

bool mj_bench_is_near_miss(const mj_hand *h, const mj_rules *r)
{
    if (mj_bench_truth_is_win(h, r)) return false;
    mj_hand t = *h;
    for (int from = 0; from < r->kinds; from++) {
        if (t.count[from] == 0) continue;
        t.count[from]--;
        for (int to = 0; to < r->kinds; to++) {
            if (to == from || t.count[to] == MJ_MAX_COPIES) continue;
            t.count[to]++;
            bool win = mj_bench_truth_is_win(&t, r);
            t.count[to]--;
            if (win) return true;
        }
        t.count[from]++;
    }
    return false;
}

/* How each built-in workload's hands are made. */
/* GEN_DEAL108: dealt from the 108 suited tiles whatever the rules' tile set */
typedef enum { GEN_DEAL, GEN_COMPLETE, GEN_NEAR, GEN_WAITS, GEN_MIXED, GEN_DEAL108 } gen_kind;

typedef struct {
    mj_bench_workload_info info;
    const char *rules;
    int kinds;
    gen_kind gen;
    mj_bench_mode mode;
    int size, size_max; /* size_max > size: hands of every size in between, in turn */
} workload_spec;

#define HANDS(name, rules, kinds, gen, mode, size, max, summary) {{name, "hands", summary}, rules, kinds, gen, mode, size, max}
#define SIZE(n, rules) {{"size" #n, "sizes", #n " tiles from a 108-tile wall, half built complete when that size can win, half dealt"}, rules, 27, GEN_MIXED, MJ_BENCH_WIN, n, n}

static const workload_spec specs[] = {
    HANDS("deal108",     "sichuan",  27, GEN_DEAL,     MJ_BENCH_WIN,   14, 14, "14 tiles dealt from a shuffled 108-tile wall, sichuan rules"),
    HANDS("deal136",     "riichi",   34, GEN_DEAL,     MJ_BENCH_WIN,   14, 14, "14 tiles dealt from a shuffled 136-tile wall, riichi rules"),
    HANDS("deal136std",  "std",      34, GEN_DEAL,     MJ_BENCH_WIN,   14, 14, "14 tiles dealt from a shuffled 136-tile wall, standard form only"),
    HANDS("complete108", "sichuan",  27, GEN_COMPLETE, MJ_BENCH_WIN,   14, 14, "complete 14-tile hands over 27 kinds (pair and melds, some seven pairs), sichuan rules"),
    HANDS("complete136", "riichi",   34, GEN_COMPLETE, MJ_BENCH_WIN,   14, 14, "complete 14-tile hands over 34 kinds (pair and melds, some seven pairs and thirteen orphans), riichi rules"),
    HANDS("nearmiss108", "sichuan",  27, GEN_NEAR,     MJ_BENCH_WIN,   14, 14, "14-tile hands one tile from complete over 27 kinds, sichuan rules"),
    HANDS("nearmiss136", "riichi",   34, GEN_NEAR,     MJ_BENCH_WIN,   14, 14, "14-tile hands one tile from complete over 34 kinds, riichi rules"),
    HANDS("waits108",    "sichuan",  27, GEN_WAITS,    MJ_BENCH_WAITS, 13, 13, "waits of 13-tile hands over 27 kinds, half dealt, half a complete hand less one tile, sichuan rules"),
    HANDS("waits136",    "riichi",   34, GEN_WAITS,    MJ_BENCH_WAITS, 13, 13, "waits of 13-tile hands over 34 kinds, half dealt, half a complete hand less one tile, riichi rules"),
    /* issue 16: the same four kinds of hand under the standard form alone over 34 kinds, and
     * the 108-tile wall judged under the 34-kind rules too (its hands simply hold no honors) */
    HANDS("deal108std",     "std",   34, GEN_DEAL108,  MJ_BENCH_WIN,   14, 14, "14 tiles dealt from a shuffled 108-tile wall (no honors), standard form over 34 kinds"),
    HANDS("deal108riichi",  "riichi", 34, GEN_DEAL108, MJ_BENCH_WIN,   14, 14, "14 tiles dealt from a shuffled 108-tile wall (no honors), riichi rules"),
    HANDS("complete136std", "std",   34, GEN_COMPLETE, MJ_BENCH_WIN,   14, 14, "complete 14-tile hands over 34 kinds (a pair and four random melds), standard form only"),
    HANDS("nearmiss136std", "std",   34, GEN_NEAR,     MJ_BENCH_WIN,   14, 14, "14-tile hands one tile from complete over 34 kinds, standard form only"),
    HANDS("kongs",       "mediatek", 27, GEN_MIXED,    MJ_BENCH_WIN,   14, 18, "14 to 18 tiles over 27 kinds, half built complete (kongs from 15 up), half dealt, mediatek rules"),
    SIZE(2, "std"), SIZE(3, "std"), SIZE(4, "std"), SIZE(5, "std"), SIZE(6, "std"), SIZE(7, "std"),
    SIZE(8, "std"), SIZE(9, "std"), SIZE(10, "std"), SIZE(11, "std"), SIZE(12, "std"), SIZE(13, "std"),
    SIZE(14, "std"), SIZE(15, "std,kongs"), SIZE(16, "std,kongs"), SIZE(17, "std,kongs"), SIZE(18, "std,kongs"),
};
enum { SPEC_COUNT = sizeof specs / sizeof specs[0] };

size_t mj_bench_workload_count(void) { return SPEC_COUNT; }

const mj_bench_workload_info *mj_bench_workload_at(size_t i) { return i < SPEC_COUNT ? &specs[i].info : NULL; }

static int fail(char *err, size_t cap, const char *fmt, const char *a, const char *b)
{
    if (cap) snprintf(err, cap, fmt, a, b);
    return -1;
}

void mj_bench_workload_judge(mj_bench_workload *w)
{
    w->checksum = 0;
    for (size_t i = 0; i < w->count; i++) {
        w->truth[i] = w->mode == MJ_BENCH_WAITS ? mj_bench_truth_waits(&w->hands[i], &w->rules)
                                                : (uint64_t)mj_bench_truth_is_win(&w->hands[i], &w->rules);
        w->checksum += (uint64_t)__builtin_popcountll(w->truth[i]);
    }
}

static int alloc_hands(mj_bench_workload *w, size_t count)
{
    w->count = count;
    w->hands = calloc(count ? count : 1, sizeof *w->hands);
    w->truth = calloc(count ? count : 1, sizeof *w->truth);
    if (w->hands && w->truth) return 0;
    mj_bench_workload_free(w);
    return -1;
}

int mj_bench_workload_make(mj_bench_workload *w, const char *name, size_t count, uint64_t seed, char *err, size_t errcap)
{
    memset(w, 0, sizeof *w);
    const workload_spec *s = NULL;
    for (size_t i = 0; i < SPEC_COUNT; i++)
        if (strcmp(specs[i].info.name, name) == 0) s = &specs[i];
    if (!s) return fail(err, errcap, "no workload named '%s'%s", name, "");
    mj_error e;
    if (mj_rules_parse(s->rules, s->kinds, &w->rules, &e) != MJ_OK) return fail(err, errcap, "workload %s: %s", name, e.message);
    snprintf(w->name, sizeof w->name, "%s", name);
    w->mode = s->mode;
    w->size = s->size == s->size_max ? s->size : 0;
    if (alloc_hands(w, count) != 0) return fail(err, errcap, "workload %s: %s", name, "out of memory");
    /* every workload draws from its own stream, so adding one never changes another */
    mj_rng g = {seed};
    for (const char *p = name; *p; p++) g.s = g.s * 31 + (unsigned char)*p;
    for (size_t i = 0; i < count; i++) {
        int tiles = s->size + (int)(i % (size_t)(s->size_max - s->size + 1));
        mj_hand *h = &w->hands[i];
        bool ok = true;
        switch (s->gen) {
        case GEN_DEAL: *h = mj_deal(&g, s->kinds, tiles); break;
        case GEN_DEAL108: *h = mj_deal(&g, MJ_SUITED_KINDS, tiles); break;
        case GEN_COMPLETE: ok = mj_bench_complete(&g, &w->rules, tiles, h); break;
        case GEN_NEAR: ok = mj_bench_near_miss(&g, &w->rules, tiles, h); break;
        case GEN_WAITS:
            /* odd places: a complete 14-tile hand less one random tile, so waits are not all empty */
            if (i % 2 && mj_bench_complete(&g, &w->rules, tiles + 1, h)) {
                int k;
                do k = (int)mj_rng_below(&g, (uint32_t)s->kinds);
                while (h->count[k] == 0);
                mj_hand_remove(h, k);
            } else {
                *h = mj_deal(&g, s->kinds, tiles);
            }
            break;
        case GEN_MIXED:
            /* the sizes run in turn; within each size, complete and dealt alternate */
            if (!((i / (size_t)(s->size_max - s->size + 1)) % 2 && mj_bench_complete(&g, &w->rules, tiles, h)))
                *h = mj_deal(&g, s->kinds, tiles);
            break;
        }
        if (!ok) {
            mj_bench_workload_free(w);
            return fail(err, errcap, "workload %s: could not build a hand (%s)", name, "no winning form at that size");
        }
    }
    mj_bench_workload_judge(w);
    return 0;
}

int mj_bench_workload_read(mj_bench_workload *w, const char *path, const mj_rules *r, mj_bench_mode mode, char *err,
                           size_t errcap)
{
    memset(w, 0, sizeof *w);
    FILE *f = fopen(path, "r");
    if (!f) return fail(err, errcap, "%s: %s", path, strerror(errno));
    size_t cap = 0, n = 0, lineno = 0, linecap = 0;
    mj_hand *hands = NULL;
    char *line = NULL;
    ssize_t len;
    int size = -1;
    while ((len = getline(&line, &linecap, f)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        size_t start = 0;
        while (start < (size_t)len && (line[start] == ' ' || line[start] == '\t')) start++;
        if (start == (size_t)len || line[start] == '#') continue;
        mj_hand h;
        mj_error e;
        if (mj_parse(line, (size_t)len, MJ_NOTATION_AUTO, r->kinds, &h, &e) != MJ_OK) {
            if (errcap) snprintf(err, errcap, "%s:%zu: %s", path, lineno, e.message);
            free(line), free(hands), fclose(f);
            return -1;
        }
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 1024;
            mj_hand *grown = realloc(hands, ncap * sizeof *grown);
            if (!grown) {
                free(line), free(hands), fclose(f);
                return fail(err, errcap, "%s: %s", path, "out of memory");
            }
            hands = grown, cap = ncap;
        }
        hands[n++] = h;
        size = size < 0 || size == h.tiles ? h.tiles : 0;
    }
    bool read_error = ferror(f);
    free(line);
    fclose(f);
    if (read_error || n == 0) {
        free(hands);
        return fail(err, errcap, "%s: %s", path, read_error ? "read error" : "no hands in the file");
    }
    snprintf(w->name, sizeof w->name, "input");
    w->rules = *r;
    w->mode = mode;
    w->size = size;
    w->count = n;
    w->hands = hands;
    w->truth = calloc(n, sizeof *w->truth);
    if (!w->truth) {
        mj_bench_workload_free(w);
        return fail(err, errcap, "%s: %s", path, "out of memory");
    }
    mj_bench_workload_judge(w);
    return 0;
}

void mj_bench_workload_free(mj_bench_workload *w)
{
    free(w->hands);
    free(w->truth);
    w->hands = NULL;
    w->truth = NULL;
    w->count = 0;
}
