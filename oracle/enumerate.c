/* Every hand of a size, enumerated as tuples of per-group shapes and split across cores, each
 * judged by the truth tables and by the candidates, with totals independent of thread count. */
#include <omp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mj_checkpoint.h"
#include "mj_oracle.h"
#include "mj_shanten_truth.h"
#include "mj_truth.h"
#include "oracle_internal.h"

/* What one run needs beyond the shared tables: each shape's class (its features reduced
 * to those the rules use, numbered), the class after adding each kind, and the win table
 * over class tuples for the size at hand. */
typedef struct {
    int G;             /* active groups: 1 (tiles 9), 3 (27) or 4 (34); the rest stay empty */
    mj_rules rules;
    mj_verify_mode mode;
    int gt[ORC_GROUPS]; /* each group's type: ORC_GT_SUIT, _HONOR, or _TERM (sanma's manzu) */
    const orc_shapes *sh[ORC_GROUPS];
    uint8_t *cls[ORC_GT_TYPES]; /* by type: class per shape */
    uint8_t *add[ORC_GT_TYPES]; /* per shape, 9 bytes: class with one more at position i, 255 if already 4 */
    int ncls[ORC_GT_TYPES];
    uint16_t cls_feat[ORC_GT_TYPES][256];
    orc_sh_rules sr;   /* shanten modes: what the rules ask of the shanten truth */
    uint32_t stride[ORC_GROUPS];
    uint8_t *wt;       /* wt[sum c_g * stride[g]]: the tuple wins at wt_size tiles */
    size_t wt_len;
    int wt_size;
    uint64_t nrest[ORC_GROUPS + 1][MJ_MAX_TILES + 1]; /* ways groups g..G-1 hold t tiles */
} plan;

/* Sanma's manzu: the shapes of 1m and 9m alone (positions 0 and 1, key c0 + 5 c1), 25 of them. */
static uint8_t term_count[25][9];
static uint32_t term_key[25];
static orc_shapes term_shapes;

static const orc_shapes *term_shapes_get(void)
{
    if (term_shapes.n) return &term_shapes;
    uint32_t n = 0;
    for (int t = 0; t <= MJ_MAX_TILES + 1; t++) {
        term_shapes.start[t] = n;
        for (int c1 = 0; c1 <= 4; c1++)
            for (int c0 = 0; c0 <= 4; c0++) {
                if (c0 + c1 != t) continue;
                memset(term_count[n], 0, 9);
                term_count[n][0] = (uint8_t)c0;
                term_count[n][1] = (uint8_t)c1;
                term_key[n++] = (uint32_t)(c0 + 5 * c1);
            }
    }
    term_shapes.width = 2;
    term_shapes.count = term_count;
    term_shapes.key = term_key;
    term_shapes.n = n;
    return &term_shapes;
}

/* The groups of a tile set: how many are active and each one's type and shapes. Sanma's tile set
 * makes group 0 the 1m-9m-only type; every other one is whole suits and honors. */
static int group_types(int tiles, const mj_rules *r, int gt[ORC_GROUPS], const orc_shapes *sh[ORC_GROUPS])
{
    for (int g = 0; g < ORC_GROUPS; g++) {
        gt[g] = g < 3 ? ORC_GT_SUIT : ORC_GT_HONOR;
        sh[g] = g < 3 ? orc_suit_shapes : orc_honor_shapes;
    }
    if (r && r->tileset == MJ_SANMA_TILESET) {
        gt[0] = ORC_GT_TERM;
        sh[0] = term_shapes_get();
    }
    return tiles == 9 ? 1 : tiles == 27 ? 3 : 4;
}

static inline int gtype(const plan *p, int g) { return p->gt[g]; }

/* The key of shape i of type t in that type's win-feature table (sanma's manzu: a suit's). */
static inline uint32_t feat_key(int t, const orc_shapes *s, uint32_t i)
{
    return t == ORC_GT_TERM ? s->count[i][0] + orc_pow5[8] * s->count[i][1] : s->key[i];
}

static void plan_free(plan *p)
{
    for (int t = 0; t < ORC_GT_TYPES; t++) {
        free(p->cls[t]);
        free(p->add[t]);
    }
    free(p->wt);
    memset(p, 0, sizeof *p);
}

static void fill_nrest(uint64_t nrest[ORC_GROUPS + 1][MJ_MAX_TILES + 1], int G, const orc_shapes *const sh[ORC_GROUPS])
{
    memset(nrest, 0, sizeof(uint64_t) * (ORC_GROUPS + 1) * (MJ_MAX_TILES + 1));
    nrest[G][0] = 1;
    for (int g = G - 1; g >= 0; g--) {
        const orc_shapes *s = sh[g];
        for (int t = 0; t <= MJ_MAX_TILES; t++)
            for (int a = 0; a <= t; a++) nrest[g][t] += (uint64_t)(s->start[a + 1] - s->start[a]) * nrest[g + 1][t - a];
    }
}

static int plan_build(plan *p, int tiles, const mj_rules *r, mj_verify_mode mode)
{
    memset(p, 0, sizeof *p);
    p->G = group_types(tiles, r, p->gt, p->sh);
    p->rules = *r;
    p->mode = mode;
    if ((mode == MJ_MODE_SHANTEN || mode == MJ_MODE_EFFECTIVE) && !orc_sh_rules_of(r, &p->sr)) return -1;
    uint16_t rel = orc_relevant(r);
    static const uint32_t keys[ORC_GT_TYPES] = {ORC_SUIT_KEYS, ORC_HONOR_KEYS, ORC_SUIT_KEYS};
    for (int t = 0; t < ORC_GT_TYPES; t++) {
        const uint16_t *feat = t == ORC_GT_HONOR ? orc_honor_feat : orc_suit_feat;
        const orc_shapes *s = t == ORC_GT_HONOR ? orc_honor_shapes : t == ORC_GT_TERM ? term_shapes_get() : orc_suit_shapes;
        uint8_t lut[1u << TF_BITS];
        memset(lut, 255, sizeof lut);
        int n = 0;
        for (uint32_t k = 0; k < keys[t]; k++) {
            uint16_t v = feat[k] & rel;
            if (lut[v] != 255) continue;
            if (n == 255) return -1;
            p->cls_feat[t][n] = v;
            lut[v] = (uint8_t)n++;
        }
        p->ncls[t] = n;
        p->cls[t] = malloc(s->n);
        if (!p->cls[t]) return -1;
        for (uint32_t i = 0; i < s->n; i++) p->cls[t][i] = lut[feat[feat_key(t, s, i)] & rel];
        if (mode == MJ_MODE_WAITS) {
            p->add[t] = malloc((size_t)s->n * 9);
            if (!p->add[t]) return -1;
            for (uint32_t i = 0; i < s->n; i++)
                for (int x = 0; x < 9; x++)
                    p->add[t][(size_t)i * 9 + x] =
                        x < s->width && s->count[i][x] < MJ_MAX_COPIES
                            ? lut[feat[feat_key(t, s, i) + orc_pow5[t == ORC_GT_TERM && x ? 8 : x]] & rel] : 255;
        }
    }
    p->stride[3] = 1;
    p->stride[2] = (uint32_t)p->ncls[p->gt[3]];
    p->stride[1] = p->stride[2] * (uint32_t)p->ncls[p->gt[2]];
    p->stride[0] = p->stride[1] * (uint32_t)p->ncls[p->gt[1]];
    p->wt_len = (size_t)p->stride[0] * (size_t)p->ncls[p->gt[0]];
    p->wt = malloc(p->wt_len);
    if (!p->wt) return -1;
    p->wt_size = -1;
    fill_nrest(p->nrest, p->G, p->sh);
    return 0;
}

/* The win table for hands of n tiles: one orc_combine per class tuple, before the pass. */
static void plan_table(plan *p, int n)
{
    if (p->wt_size == n) return;
    int c[ORC_GROUPS];
    uint16_t f[ORC_GROUPS];
    for (c[0] = 0; c[0] < p->ncls[p->gt[0]]; c[0]++)
        for (c[1] = 0; c[1] < p->ncls[p->gt[1]]; c[1]++)
            for (c[2] = 0; c[2] < p->ncls[p->gt[2]]; c[2]++)
                for (c[3] = 0; c[3] < p->ncls[p->gt[3]]; c[3]++) {
                    size_t at = 0;
                    for (int g = 0; g < ORC_GROUPS; g++) {
                        f[g] = p->cls_feat[gtype(p, g)][c[g]];
                        at += (size_t)c[g] * p->stride[g];
                    }
                    p->wt[at] = orc_combine(n, &p->rules, f);
                }
    p->wt_size = n;
}

static inline uint32_t cls_of(const plan *p, int g, uint32_t i) { return p->cls[gtype(p, g)][i]; }

/* ---- counterexample lists ---- */

/* Smaller hand: fewer tiles, else the one whose sorted tile list comes first, i.e. at the
 * first kind where the counts differ, the one holding more of it. */
static int hand_cmp(const mj_hand *a, const mj_hand *b)
{
    if (a->tiles != b->tiles) return a->tiles < b->tiles ? -1 : 1;
    for (int k = 0; k < MJ_KINDS; k++)
        if (a->count[k] != b->count[k]) return a->count[k] > b->count[k] ? -1 : 1;
    return 0;
}

static int order_cmp(const mj_counterexample *a, const mj_counterexample *b)
{
    if (a->hand.tiles != b->hand.tiles) return a->hand.tiles < b->hand.tiles ? -1 : 1;
    return a->rank < b->rank ? -1 : a->rank > b->rank;
}

/* Inserts x into list (sorted by cmp, at most k long) if it belongs there. */
static void keep_sorted(mj_counterexample *list, uint32_t *n, int k, const mj_counterexample *x, int by_size)
{
    if (k <= 0) return;
    uint32_t at = *n;
    while (at > 0 && (by_size ? hand_cmp(&x->hand, &list[at - 1].hand) : order_cmp(x, &list[at - 1])) < 0) at--;
    if (at >= (uint32_t)k) return;
    uint32_t last = *n < (uint32_t)k ? *n : (uint32_t)k - 1;
    memmove(list + at + 1, list + at, (last - at) * sizeof *list);
    list[at] = *x;
    if (*n < (uint32_t)k) (*n)++;
}

/* ---- one unit of work: a contiguous range of ranks within one pass ---- */

typedef mj_verify_chunk_result unit_res;

typedef struct {
    const plan *pl;
    int n;
    const mj_candidate *cands;
    uint32_t ncands;
    int keep;
} pass_info;

static void unrank(const plan *p, int n, uint64_t r, uint32_t idx[ORC_GROUPS])
{
    int budget = n;
    memset(idx, 0, sizeof(uint32_t) * ORC_GROUPS);
    for (int g = 0; g < p->G - 1; g++) {
        const orc_shapes *s = p->sh[g];
        for (int a = 0; a <= budget; a++) {
            uint64_t per = p->nrest[g + 1][budget - a], cnt = s->start[a + 1] - s->start[a];
            uint64_t block = cnt * per;
            if (r < block) {
                idx[g] = s->start[a] + (uint32_t)(r / per);
                r %= per;
                budget -= a;
                break;
            }
            r -= block;
        }
    }
    idx[p->G - 1] = p->sh[p->G - 1]->start[budget] + (uint32_t)r;
}

static bool shanten_mode(mj_verify_mode m) { return m == MJ_MODE_SHANTEN || m == MJ_MODE_EFFECTIVE; }

/* Shanten modes judge hands of 3k+1 and 3k+2 tiles only: a pass of 3k tiles holds no hands. */
static bool pass_skipped(mj_verify_mode m, int n) { return shanten_mode(m) && n % 3 == 0; }

static inline uint64_t enc_shanten(int s) { return (uint64_t)(s + 1) & 0xff; }

static void note(mj_verify_part *u, int keep, const mj_hand *h, uint64_t rank, uint64_t truth, uint64_t got,
                 mj_verify_mode mode)
{
    u->t.mismatches++;
    if (mode == MJ_MODE_SHANTEN) {
        if (got < truth) u->t.false_wins++;
        else u->t.false_nonwins++;
    } else {
        const uint64_t kinds = mode == MJ_MODE_EFFECTIVE ? ((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1 : ~0ull;
        if (got & ~truth & kinds) u->t.false_wins++;
        if (truth & ~got & kinds) u->t.false_nonwins++;
    }
    if (keep <= 0) return;
    mj_counterexample x = {.rank = rank, .truth = truth, .got = got, .hand = *h};
    if (u->nfirst < (uint32_t)keep) u->first[u->nfirst++] = x;
    if (u->nsmallest < (uint32_t)keep || hand_cmp(h, &u->smallest[u->nsmallest - 1].hand) < 0)
        keep_sorted(u->smallest, &u->nsmallest, keep, &x, 1);
}

/* The truth's waits from classes alone: one more of kind i changes only its group's class. */
static mj_kindset truth_waits(const plan *p, const uint32_t idx[ORC_GROUPS])
{
    uint32_t c[ORC_GROUPS], base = 0;
    for (int g = 0; g < ORC_GROUPS; g++) {
        c[g] = cls_of(p, g, idx[g]);
        base += c[g] * p->stride[g];
    }
    mj_kindset set = 0;
    int groups = p->rules.kinds == MJ_KINDS ? 4 : 3;
    for (int g = 0; g < groups; g++) {
        const uint8_t *add = p->add[gtype(p, g)] + (size_t)idx[g] * 9;
        uint32_t b = base - c[g] * p->stride[g];
        for (int i = 0; i < 9; i++)
            if (add[i] != 255 && p->wt[b + add[i] * p->stride[g]]) set |= (mj_kindset)1 << orc_sh_kind(g, gtype(p, g), i);
    }
    return set;
}

static int set_group(const plan *p, mj_hand *h, int g, uint32_t i)
{
    const orc_shapes *s = p->sh[g];
    int t = 0;
    for (int x = 0; x < s->width; x++) {
        h->count[orc_sh_kind(g, gtype(p, g), x)] = s->count[i][x];
        t += s->count[i][x];
    }
    return t;
}

/* The candidates judge hands a buffer at a time: the enumerator writes up to BUF hands (of
 * consecutive ranks, across blocks of the outer groups) with the truth's answer for each,
 * then every candidate takes the whole buffer in turn, through its batch entry if it has one
 * (one call a hand otherwise), and its answers are compared with the truth's. So a hand is
 * written and decided by the truth once for all candidates, a candidate's code and tables stay
 * warm over a buffer, and no hand is read right after it was stored (a word load straddling
 * fresh stores waits for them to reach the cache). A clock read after each candidate's turn
 * gives its share of the time (about 17 ns a read here: 0.02 ns a hand a candidate). Buffers
 * of 64 and 256 hands were slower on make verify's 14-tile shards (one thread, alternating
 * runs); 4,096 no faster than 1,024. */
enum { BUF = 1024, CV_MIN = 9 /* folds per hand in a short block: 3 (a rest per outer group); a long one: 27 / its length */ };

/* Effective tiles of 3k+1 hands whose last group L is the classed honors (orc_sh_class) after
 * three held groups 0-2 (riichi and sanma over 34 kinds): per class c of L's vectors (vector
 * lc), the shanten and the outer kinds' set made in block number `stamp`, and the parts of the
 * outer groups' rests that stay: r2 = perm(f0 (+) f1 (+) lc) while f0 and f1 stay (epoch01),
 * r1 = f0 (+) lc while group 0's key stays (key + 1 in r1key), r0 = f1 (+) lc while group 1's
 * stays. */
typedef struct {
    uint32_t stamp[ORC_SH_CLASSES], r2epoch[ORC_SH_CLASSES], r1key[ORC_SH_CLASSES], r0key[ORC_SH_CLASSES];
    int8_t shanten[ORC_SH_CLASSES];
    mj_kindset kinds[ORC_SH_CLASSES];
    orc_shperm r2[ORC_SH_CLASSES];
    orc_shv r1[ORC_SH_CLASSES], r0[ORC_SH_CLASSES];
} class_cache;

/* The kinds t of outer group g (held fewer than 4 times in h) whose shape key + t, against pr
 * (the perm of every other group folded), gives a shanten below s. */
static inline mj_kindset outer_kinds(const orc_sh_rules *sr, int g, uint32_t key, const orc_shperm *pr,
                                     const mj_hand *h, int s)
{
    const int type = sr->type[g];
    mj_kindset set = 0;
    for (int x = 0; x < orc_sh_width(type); x++) {
        int kind = orc_sh_kind(g, type, x);
        if (h->count[kind] < MJ_MAX_COPIES && orc_sh_below(pr, &orc_sh_table[type][key + orc_pow5[x]], s))
            set |= (mj_kindset)1 << kind;
    }
    return set;
}

typedef struct {
    mj_hand hands[BUF];
    uint8_t truth[BUF], out[BUF];
    mj_kindset twaits[BUF], got[BUF];
    uint32_t m;
    uint64_t rank0; /* rank of hands[0] */
} judge_buf;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void judge(const pass_info *ps, unit_res *u, judge_buf *jb)
{
    const uint32_t m = jb->m;
    const mj_rules *r = &ps->pl->rules;
    const mj_verify_mode mode = ps->pl->mode;
    const bool waits = mode != MJ_MODE_WIN; /* the truth in twaits, the answers in got */
    uint64_t pos = 0;
    if (mode == MJ_MODE_SHANTEN) {
        for (uint32_t k = 0; k < m; k++) {
            u->hist[jb->twaits[k] & 0xff]++;
            pos += jb->twaits[k] == 0;
        }
    } else if (mode == MJ_MODE_EFFECTIVE) {
        for (uint32_t k = 0; k < m; k++) {
            u->hist[jb->twaits[k] >> MJ_VERIFY_SHANTEN_SHIFT]++;
            pos += (jb->twaits[k] & (((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1)) != 0;
        }
    } else if (waits) {
        for (uint32_t k = 0; k < m; k++) {
            u->hist[__builtin_popcountll(jb->twaits[k])]++;
            pos += jb->twaits[k] != 0;
        }
    } else {
        for (uint32_t k = 0; k < m; k++) pos += jb->truth[k];
    }
    u->truth.hands += m;
    u->truth.positives += pos;
    double t0 = now();
    for (uint32_t c = 0; c < ps->ncands; c++) {
        const mj_candidate *cand = &ps->cands[c];
        mj_verify_part *pt = &u->cand[c];
        if (mode == MJ_MODE_SHANTEN && cand->shanten) {
            for (uint32_t k = 0; k < m; k++) jb->got[k] = enc_shanten(cand->shanten(cand->ctx, &jb->hands[k], r));
        } else if (mode == MJ_MODE_SHANTEN) {
            /* a win check: is_win(h) == (shanten(h) == -1); a "no" agrees with any other shanten */
            for (uint32_t k = 0; k < m; k++)
                jb->got[k] = cand->is_win(cand->ctx, &jb->hands[k], r) ? 0 : jb->twaits[k] ? jb->twaits[k] : MJ_VERIFY_NOT_COMPLETE;
        } else if (mode == MJ_MODE_EFFECTIVE) {
            for (uint32_t k = 0; k < m; k++) {
                int s = MJ_TRUTH_NO_SHANTEN;
                mj_kindset set = cand->effective(cand->ctx, &jb->hands[k], r, &s);
                jb->got[k] = (set & (((uint64_t)1 << MJ_VERIFY_SHANTEN_SHIFT) - 1)) | enc_shanten(s) << MJ_VERIFY_SHANTEN_SHIFT;
            }
        } else if (waits) {
            for (uint32_t k = 0; k < m; k++) jb->got[k] = cand->waits(cand->ctx, &jb->hands[k], r);
        } else if (cand->is_win_batch) {
            cand->is_win_batch(cand->ctx, jb->hands, m, r, jb->out);
        } else {
            for (uint32_t k = 0; k < m; k++) jb->out[k] = cand->is_win(cand->ctx, &jb->hands[k], r);
        }
        double t1 = now();
        pt->t.seconds += t1 - t0;
        t0 = t1;
        pt->t.hands += m;
        pt->t.positives += pos;
        if (waits) {
            for (uint32_t k = 0; k < m; k++)
                if (jb->got[k] != jb->twaits[k]) note(pt, ps->keep, &jb->hands[k], jb->rank0 + k, jb->twaits[k], jb->got[k], mode);
        } else if (memcmp(jb->out, jb->truth, m) != 0) {
            for (uint32_t k = 0; k < m; k++)
                if (jb->out[k] != jb->truth[k]) note(pt, ps->keep, &jb->hands[k], jb->rank0 + k, jb->truth[k], jb->out[k], mode);
        }
    }
    jb->m = 0;
}

static void clear_unit(unit_res *u, uint32_t ncands)
{
    u->seconds = 0;
    memset(&u->truth, 0, sizeof u->truth);
    memset(u->hist, 0, sizeof u->hist);
    u->ncands = ncands;
    for (uint32_t c = 0; c < ncands; c++) {
        memset(&u->cand[c].t, 0, sizeof u->cand[c].t);
        u->cand[c].nfirst = u->cand[c].nsmallest = 0;
    }
}

static void run_unit(const pass_info *ps, uint64_t lo, uint64_t hi, unit_res *u, judge_buf *jb)
{
    const plan *p = ps->pl;
    const int L = p->G - 1, n = ps->n;
    const bool waits = p->mode == MJ_MODE_WAITS, shm = shanten_mode(p->mode);
    const bool judging = ps->ncands > 0 || shm; /* the shanten truth needs the buffer's hands */
    clear_unit(u, ps->ncands);
    if (lo >= hi) return;
    uint32_t idx[ORC_GROUPS];
    int cnt[ORC_GROUPS] = {0};
    unrank(p, n, lo, idx);
    mj_hand h;
    memset(&h, 0, sizeof h);
    h.tiles = (uint8_t)n;
    int used = 0;
    for (int g = 0; g < L; g++) used += cnt[g] = set_group(p, &h, g, idx[g]);
    const orc_shapes *ls = p->sh[L];
    const uint8_t *lcls = p->cls[gtype(p, L)];
    const uint32_t sl = p->stride[L];
    const int lbase = L * 9;
    uint32_t j = idx[L];
    /* shanten: pre[g] folds the groups past L (empty, constant) and outer groups 0..g-1; only
     * the part from the outer group that moved is folded again at each block */
    orc_shv pre[ORC_GROUPS + 1];
    int fresh = 0;
    /* the forms folded: orc_sh_final reads seven pairs only for hands completed at 14 tiles */
    const int wsize = n % 3 == 1 ? n + 1 : n;
    const unsigned ff = wsize == 14 ? p->sr.forms : p->sr.forms & ~(unsigned)(MJ_FORM_7P | MJ_FORM_7P4);
    if (shm) {
        pre[0] = orc_sh_unit;
        for (int g = L + 1; g < ORC_GROUPS; g++)
            if (p->sr.type[g] != ORC_GT_NONE) orc_sh_fold(&pre[0], &orc_sh_table[p->sr.type[g]][0], &pre[0], ff);
    }
    uint64_t rank = lo;
    if (judging) jb->m = 0;
    /* effective tiles, 3k+1, the honors last after three held groups: the class path
     * (class_cache; f0 (+) f1 is pre[2], kept like mode shanten's); otherwise the block paths */
    const bool three = p->mode == MJ_MODE_EFFECTIVE && n % 3 == 1 && L == 3 && p->sr.type[0] != ORC_GT_NONE &&
                       p->sr.type[1] != ORC_GT_NONE && p->sr.type[2] != ORC_GT_NONE && p->sr.type[3] < ORC_GT_TYPES;
    const uint16_t *lclass = three ? orc_sh_class[p->sr.type[L]] : NULL;
    class_cache *cc = lclass ? calloc(1, sizeof *cc) : NULL;
    if (!cc) lclass = NULL; /* out of memory: the block paths, slower, same answers */
    uint32_t block = 0, epoch01 = 0;
    for (;;) {
        if (cc && ++block == 0) { /* wrapped: every stamp stale again */
            memset(cc->stamp, 0, sizeof cc->stamp);
            block = 1;
        }
        uint32_t end = ls->start[n - used + 1];
        uint64_t m = hi - rank;
        if (m > end - j) m = end - j;
        uint32_t osum = 0;
        for (int g = 0; g < ORC_GROUPS; g++)
            if (g != L) osum += cls_of(p, g, idx[g]) * p->stride[g];
        const uint8_t *row = p->wt + osum;
        uint32_t stop = j + (uint32_t)m;
        orc_shv acc = orc_sh_unit; /* shanten: the other groups folded, once a block */
        orc_shv excl[ORC_GROUPS];   /* effective: the other groups but g and L folded */
        uint32_t keys[ORC_GROUPS] = {0};
        const orc_shv *ltab = NULL;
        orc_shperm cv[3 * 9], pacc;
        int cvkind[3 * 9], ncv = -1; /* -1: the block's outer kinds are not folded (see below) */
        if (shm && p->mode == MJ_MODE_SHANTEN) {
            for (int g = fresh; g < L; g++)
                orc_sh_fold(&pre[g], &orc_sh_table[p->sr.type[g]][p->sh[g]->key[idx[g]]], &pre[g + 1], ff);
            fresh = L;
            acc = pre[L];
            ltab = orc_sh_table[p->sr.type[L]];
            orc_sh_perm(&p->sr, &acc, n, &pacc);
        } else if (shm && lclass) {
            for (int g = 0; g < ORC_GROUPS; g++) keys[g] = p->sh[g]->key[idx[g]];
            if (fresh < 2 && ++epoch01 == 0) { /* wrapped: every r2 stale again */
                memset(cc->r2epoch, 0, sizeof cc->r2epoch);
                epoch01 = 1;
            }
            for (int g = fresh; g < L; g++)
                orc_sh_fold(&pre[g], &orc_sh_table[p->sr.type[g]][keys[g]], &pre[g + 1], ff);
            fresh = L;
            acc = pre[L];
            ltab = orc_sh_table[p->sr.type[L]];
            orc_sh_perm(&p->sr, &acc, n + 1, &pacc);
        } else if (shm) {
            for (int g = 0; g < ORC_GROUPS; g++) {
                excl[g] = orc_sh_unit;
                if (p->sr.type[g] != ORC_GT_NONE) keys[g] = p->sh[g]->key[idx[g]];
            }
            for (int g = 0; g < ORC_GROUPS; g++) {
                if (g == L || p->sr.type[g] == ORC_GT_NONE) continue;
                const orc_shv *v = &orc_sh_table[p->sr.type[g]][keys[g]];
                orc_sh_fold(&acc, v, &acc, ff);
                for (int e = 0; e < ORC_GROUPS; e++)
                    if (e != g && e != L) orc_sh_fold(&excl[e], v, &excl[e], ff);
            }
            ltab = orc_sh_table[p->sr.type[L]];
            /* effective, 3k+1: hand + t for t in outer group g is excl[g] (+) (g's shape + t)
             * (+) L's shape (the same for a group past L, which the rules hold but this pass leaves
             * empty), and the first two are the same for the whole block, so a block of
             * CV_MIN hands or more folds them once per t (at most 27) instead of folding each
             * group's rest once a hand */
            if (p->mode == MJ_MODE_EFFECTIVE && n % 3 == 1 && m >= CV_MIN) {
                orc_sh_perm(&p->sr, &acc, n + 1, &pacc);
                ncv = 0;
                for (int g = 0; g < ORC_GROUPS; g++) {
                    int type = p->sr.type[g];
                    if (g == L || type == ORC_GT_NONE) continue; /* groups past L: empty, key 0 */
                    for (int xo = 0; xo < orc_sh_width(type); xo++) {
                        int kind = orc_sh_kind(g, type, xo);
                        if (h.count[kind] >= MJ_MAX_COPIES) continue;
                        orc_shv v;
                        orc_sh_fold(&excl[g], &orc_sh_table[type][keys[g] + orc_pow5[xo]], &v, ff);
                        orc_sh_perm(&p->sr, &v, n + 1, &cv[ncv]);
                        cvkind[ncv++] = kind;
                    }
                }
            }
        }
        if (!judging && !waits) {
            uint64_t pos = 0;
            for (uint32_t x = j; x < stop; x++) pos += row[lcls[x] * sl];
            u->truth.positives += pos;
            u->truth.hands += m;
        } else if (!judging) {
            for (uint32_t x = j; x < stop; x++) {
                idx[L] = x;
                mj_kindset w = truth_waits(p, idx);
                u->hist[__builtin_popcountll(w)]++;
                u->truth.positives += w != 0;
            }
            u->truth.hands += m;
        } else {
            /* the block in runs that fit the buffer; each loop with its tests hoisted and the fill
             * count in a register (a byte store may alias jb->m, so it would be read again) */
            for (uint32_t x = j; x < stop;) {
                if (jb->m == BUF) judge(ps, u, jb);
                uint32_t k0 = jb->m, take = stop - x < BUF - k0 ? stop - x : BUF - k0;
                if (k0 == 0) jb->rank0 = rank + (x - j);
                mj_hand *dst = jb->hands + k0;
                const uint8_t(*last)[9] = ls->count + x;
                if (ls->width == 9) {
                    for (uint32_t i = 0; i < take; i++) {
                        dst[i] = h;
                        memcpy(dst[i].count + lbase, last[i], 9);
                    }
                } else {
                    for (uint32_t i = 0; i < take; i++) {
                        dst[i] = h;
                        memcpy(dst[i].count + lbase, last[i], 7);
                    }
                }
                if (p->mode == MJ_MODE_SHANTEN) {
                    for (uint32_t i = 0; i < take; i++)
                        jb->twaits[k0 + i] = enc_shanten(orc_sh_min(&pacc, &ltab[ls->key[x + i]]));
                } else if (p->mode == MJ_MODE_EFFECTIVE && n % 3 == 1 && lclass) {
                    /* 3k+1, group L's shapes in classes of equal vectors (the honors: by how many
                     * kinds are held once, twice, ...): the shanten and the outer kinds' set read
                     * L's shape only through its vector, so they are made once a class a block
                     * (from the kept parts: two folds and three perms) and each hand adds L's
                     * own kinds */
                    const int tl = p->sr.type[L], wl = orc_sh_width(tl);
                    for (uint32_t i = 0; i < take; i++) {
                        const uint32_t key = ls->key[x + i];
                        const orc_shv *lv = &ltab[key];
                        const uint16_t c = lclass[key];
                        if (cc->stamp[c] != block) {
                            cc->stamp[c] = block;
                            int cs = orc_sh_min(&pacc, lv);
                            mj_kindset cset = 0;
                            if (cs >= 0 && cs != MJ_TRUTH_NO_SHANTEN) {
                                /* group g's kinds against the fold of the two other groups and lv */
                                const orc_shv *f0 = &orc_sh_table[p->sr.type[0]][keys[0]];
                                const orc_shv *f1 = &orc_sh_table[p->sr.type[1]][keys[1]];
                                const orc_shv *f2 = &orc_sh_table[p->sr.type[2]][keys[2]];
                                orc_shv t;
                                orc_shperm pr;
                                if (cc->r2epoch[c] != epoch01) {
                                    orc_sh_fold(&pre[2], lv, &t, ff);
                                    orc_sh_perm(&p->sr, &t, n + 1, &cc->r2[c]);
                                    cc->r2epoch[c] = epoch01;
                                }
                                cset |= outer_kinds(&p->sr, 2, keys[2], &cc->r2[c], &h, cs);
                                if (cc->r1key[c] != keys[0] + 1) {
                                    orc_sh_fold(f0, lv, &cc->r1[c], ff);
                                    cc->r1key[c] = keys[0] + 1;
                                }
                                orc_sh_fold(&cc->r1[c], f2, &t, ff);
                                orc_sh_perm(&p->sr, &t, n + 1, &pr);
                                cset |= outer_kinds(&p->sr, 1, keys[1], &pr, &h, cs);
                                if (cc->r0key[c] != keys[1] + 1) {
                                    orc_sh_fold(f1, lv, &cc->r0[c], ff);
                                    cc->r0key[c] = keys[1] + 1;
                                }
                                orc_sh_fold(&cc->r0[c], f2, &t, ff);
                                orc_sh_perm(&p->sr, &t, n + 1, &pr);
                                cset |= outer_kinds(&p->sr, 0, keys[0], &pr, &h, cs);
                            }
                            cc->shanten[c] = (int8_t)cs;
                            cc->kinds[c] = cset;
                        }
                        const int s = cc->shanten[c];
                        mj_kindset set = cc->kinds[c];
                        if (s >= 0 && s != MJ_TRUTH_NO_SHANTEN)
                            for (int xl = 0; xl < wl; xl++) {
                                int kind = orc_sh_kind(L, tl, xl);
                                if (dst[i].count[kind] < MJ_MAX_COPIES && orc_sh_below(&pacc, &ltab[key + orc_pow5[xl]], s))
                                    set |= (mj_kindset)1 << kind;
                            }
                        jb->twaits[k0 + i] = set | enc_shanten(s) << MJ_VERIFY_SHANTEN_SHIFT;
                    }
                } else if (p->mode == MJ_MODE_EFFECTIVE && n % 3 == 1 && ncv >= 0) {
                    /* 3k+1, a long block: each kind of an outer group read from its folded
                     * vector (cv), each kind of group L from acc and L's shape plus that kind */
                    const int tl = p->sr.type[L], wl = orc_sh_width(tl);
                    for (uint32_t i = 0; i < take; i++) {
                        const uint32_t key = ls->key[x + i];
                        const orc_shv *lv = &ltab[key];
                        int s = orc_sh_min(&pacc, lv); /* n and n + 1 share their perm: 3k+1 */
                        mj_kindset set = 0;
                        if (s >= 0 && s != MJ_TRUTH_NO_SHANTEN) {
                            for (int c = 0; c < ncv; c++)
                                if (orc_sh_below(&cv[c], lv, s)) set |= (mj_kindset)1 << cvkind[c];
                            for (int xl = 0; xl < wl; xl++) {
                                int kind = orc_sh_kind(L, tl, xl);
                                if (dst[i].count[kind] < MJ_MAX_COPIES && orc_sh_below(&pacc, &ltab[key + orc_pow5[xl]], s))
                                    set |= (mj_kindset)1 << kind;
                            }
                        }
                        jb->twaits[k0 + i] = set | enc_shanten(s) << MJ_VERIFY_SHANTEN_SHIFT;
                    }
                } else if (p->mode == MJ_MODE_EFFECTIVE && n % 3 == 1) {
                    /* 3k+1, a short block: each group's rest folded once a hand */
                    /* 3k+1: the block's folds reused, each group's rest made once a hand */
                    for (uint32_t i = 0; i < take; i++) {
                        const orc_shv *lv = &ltab[ls->key[x + i]];
                        int s = orc_sh_final(&p->sr, &acc, lv, n);
                        mj_kindset set = 0;
                        if (s >= 0 && s != MJ_TRUTH_NO_SHANTEN) {
                            orc_shv rest[ORC_GROUPS];
                            const orc_shv *rp[ORC_GROUPS];
                            keys[L] = ls->key[x + i];
                            for (int g = 0; g < ORC_GROUPS; g++) {
                                if (g == L) rp[g] = &acc;
                                else {
                                    orc_sh_fold(&excl[g], lv, &rest[g], ff);
                                    rp[g] = &rest[g];
                                }
                            }
                            set = orc_sh_effective_add(&p->sr, &dst[i], keys, rp, s);
                        }
                        jb->twaits[k0 + i] = set | enc_shanten(s) << MJ_VERIFY_SHANTEN_SHIFT;
                    }
                } else if (p->mode == MJ_MODE_EFFECTIVE) {
                    for (uint32_t i = 0; i < take; i++) {
                        int s;
                        mj_kindset set = mj_truth_effective(&dst[i], &p->rules, &s);
                        jb->twaits[k0 + i] = set | enc_shanten(s) << MJ_VERIFY_SHANTEN_SHIFT;
                    }
                } else if (waits) {
                    for (uint32_t i = 0; i < take; i++) {
                        idx[L] = x + i;
                        jb->twaits[k0 + i] = truth_waits(p, idx);
                    }
                } else {
                    uint8_t *truth = jb->truth + k0;
                    const uint8_t *lc = lcls + x;
                    for (uint32_t i = 0; i < take; i++) truth[i] = row[lc[i] * sl];
                }
                jb->m = k0 + take;
                x += take;
            }
        }
        rank += m;
        if (rank >= hi || L == 0) break;
        /* next tuple of outer shapes: the last outer group moves first */
        int g = L - 1;
        for (; g >= 0; g--) {
            int budget = n;
            for (int x = 0; x < g; x++) budget -= cnt[x];
            if (idx[g] + 1 < p->sh[g]->start[budget + 1]) {
                idx[g]++;
                break;
            }
        }
        if (g < 0) break;
        fresh = g;
        for (int x = g + 1; x < L; x++) idx[x] = 0;
        used = 0;
        for (int x = 0; x < L; x++) {
            if (x >= g) cnt[x] = set_group(p, &h, x, idx[x]);
            used += cnt[x];
        }
        j = ls->start[n - used];
    }
    if (judging && jb->m) judge(ps, u, jb);
    free(cc);
}

/* ---- the run ---- */

static mj_status bad(mj_error *err, const char *why)
{
    if (err) {
        err->code = MJ_ERR_BAD_RULES;
        err->offset = 0;
        snprintf(err->message, sizeof err->message, "%s", why);
    }
    return MJ_ERR_BAD_RULES;
}

uint64_t mj_verify_config_hash(const mj_verify_config *cfg)
{
    int keep = cfg->cex_keep ? cfg->cex_keep : 10;
    uint64_t h = orc_hash_identity(cfg->tiles, cfg->size_min, cfg->size_max, (int)cfg->mode, keep, &cfg->rules,
                                   cfg->ncands);
    for (uint32_t i = 0; i < cfg->ncands && i < MJ_ORACLE_MAX_CANDIDATES; i++)
        h = orc_hash_candidate(h, cfg->cands[i].name, cfg->cands[i].flawed);
    return h;
}

mj_status mj_verify_prepare(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err)
{
    memset(res, 0, sizeof *res);
    if (cfg->tiles != 9 && cfg->tiles != 27 && cfg->tiles != 34) return bad(err, "tile set must be 9, 27 or 34");
    if (cfg->rules.kinds != (cfg->tiles == 34 ? 34 : 27))
        return bad(err, "the rules' tile set does not match --tiles");
    if (cfg->rules.tileset && (cfg->rules.tileset != MJ_SANMA_TILESET || cfg->tiles != 34))
        return bad(err, "a partial tile set is enumerated for sanma over 34 kinds only");
    if (shanten_mode(cfg->mode)) {
        if (!mj_truth_shanten_supports(&cfg->rules))
            return bad(err, "shanten is defined for the forms std, 7p, 7p4 and 13o (basic, sichuan, riichi, sanma)");
        if (cfg->size_max > 14) return bad(err, "shanten is defined for hands of up to 14 tiles");
        if (mj_truth_shanten_init() != 0) return bad(err, "out of memory building the shanten tables");
    }
    if (cfg->size_min < 1 || cfg->size_max > MJ_MAX_TILES || cfg->size_min > cfg->size_max)
        return bad(err, "sizes must lie within 1..18, smallest first");
    if (cfg->ncands > MJ_ORACLE_MAX_CANDIDATES) return bad(err, "more than 32 algorithms");
    if (cfg->cex_keep < 0 || cfg->cex_keep > MJ_ORACLE_MAX_CEX) return bad(err, "counterexamples kept must be 0..16");
    uint32_t shards = cfg->shards ? cfg->shards : 1;
    if (shards > 65536 || cfg->shard >= shards) return bad(err, "shard must be I/N with 0 <= I < N <= 65536");
    for (uint32_t i = 0; i < cfg->ncands; i++) {
        const mj_candidate *c = &cfg->cands[i];
        bool has = cfg->mode == MJ_MODE_WIN ? c->is_win != NULL : cfg->mode == MJ_MODE_WAITS ? c->waits != NULL
                 : cfg->mode == MJ_MODE_SHANTEN ? c->shanten || c->is_win : c->effective != NULL;
        if (!c->name || !has) return bad(err, "a candidate lacks a name or the call for this mode");
        snprintf(res->cands[i].name, sizeof res->cands[i].name, "%s", c->name);
        res->cands[i].flawed = c->flawed;
    }
    if (mj_truth_init() != 0) return bad(err, "out of memory building the truth tables");
    res->tiles = cfg->tiles;
    res->size_min = cfg->size_min;
    res->size_max = cfg->size_max;
    res->mode = cfg->mode;
    res->cex_keep = cfg->cex_keep ? cfg->cex_keep : 10;
    res->rules = cfg->rules;
    res->shard = cfg->shard;
    res->shards = shards;
    res->ncands = cfg->ncands;
    res->config_hash = mj_verify_config_hash(cfg);
    return MJ_OK;
}

static void add_tally(mj_tally *a, const mj_tally *b)
{
    a->hands += b->hands;
    a->positives += b->positives;
    a->mismatches += b->mismatches;
    a->false_wins += b->false_wins;
    a->false_nonwins += b->false_nonwins;
    a->seconds += b->seconds;
}

static void merge_lists(mj_candidate_result *c, const mj_counterexample *first, uint32_t nfirst,
                        const mj_counterexample *small, uint32_t nsmall, int keep)
{
    for (uint32_t i = 0; i < nfirst; i++) keep_sorted(c->first, &c->nfirst, keep, &first[i], 0);
    for (uint32_t i = 0; i < nsmall; i++) keep_sorted(c->smallest, &c->nsmallest, keep, &small[i], 1);
}

/* ---- work units ---- */

struct mj_verify_worker {
    plan p;
    const mj_candidate *cands;
    uint32_t ncands, shard, shards;
    int size_min, keep, threads, units;
    unit_res *u;       /* one result a unit, unit_bytes each: the parts of the run's candidates only */
    size_t unit_bytes;
    judge_buf *buf; /* one a thread */
};

static inline unit_res *unit_at(const mj_verify_worker *w, int k) { return (unit_res *)(void *)((char *)w->u + (size_t)k * w->unit_bytes); }

void mj_verify_worker_free(mj_verify_worker *w)
{
    if (!w) return;
    plan_free(&w->p);
    free(w->u);
    free(w->buf);
    free(w);
}

mj_verify_worker *mj_verify_worker_new(const mj_verify_config *cfg, const mj_verify_result *res, mj_error *err)
{
    if (mj_truth_init() != 0) {
        bad(err, "out of memory building the truth tables");
        return NULL;
    }
    mj_verify_worker *w = calloc(1, sizeof *w);
    if (!w) {
        bad(err, "out of memory preparing the run");
        return NULL;
    }
    w->threads = cfg->threads > 0 ? cfg->threads : omp_get_max_threads();
    /* a chunk ends when its last unit does: with 8 units a thread, a thread was idle about 6%
     * of make verify's 14-tile pass at 2 threads (the (enumeration) row, which takes the idle
     * time, 2.9-3.3 -> 2.0-2.3 ns a hand with 32) */
    w->units = 32 * w->threads;
    w->cands = cfg->cands;
    w->ncands = res->ncands;
    w->shard = res->shard;
    w->shards = res->shards;
    w->size_min = res->size_min;
    w->keep = res->cex_keep;
    /* a unit keeps the parts of the run's candidates only: 32 units a thread of whole results
     * (67 KB each) would be 137 MB on 64 threads */
    w->unit_bytes = MJ_VERIFY_CHUNK_RESULT_BYTES(res->ncands);
    w->u = calloc((size_t)w->units, w->unit_bytes);
    bool buffered = res->ncands || shanten_mode(res->mode);
    w->buf = buffered ? malloc((size_t)w->threads * sizeof *w->buf) : NULL;
    if (!w->u || (buffered && !w->buf) || plan_build(&w->p, res->tiles, &res->rules, res->mode) != 0) {
        mj_verify_worker_free(w);
        bad(err, "out of memory preparing the run");
        return NULL;
    }
    return w;
}

static uint64_t shard_hands(const uint64_t nrest[][MJ_MAX_TILES + 1], uint32_t shard, uint32_t shards, int n,
                            uint64_t *lo)
{
    uint64_t all = nrest[0][n];
    unsigned __int128 a = (unsigned __int128)all * shard / shards;
    unsigned __int128 b = (unsigned __int128)all * (shard + 1) / shards;
    *lo = (uint64_t)a;
    return (uint64_t)(b - a);
}

void mj_verify_worker_run(mj_verify_worker *w, const mj_verify_chunk *c, mj_verify_chunk_result *out,
                          void (*poll)(void *ctx), void *poll_ctx)
{
    int n = w->size_min + (int)c->pass;
    pass_info ps = {.pl = &w->p, .n = n, .cands = w->cands, .ncands = w->ncands, .keep = w->keep};
    plan_table(&w->p, w->p.mode == MJ_MODE_WAITS ? n + 1 : n);
    uint64_t lo;
    shard_hands(w->p.nrest, w->shard, w->shards, n, &lo);
    if (pass_skipped(w->p.mode, n)) {
        clear_unit(out, w->ncands);
        return;
    }
    const uint64_t from = lo + c->from, b = c->count;
    const int units = w->units;
    double t0 = now();
#pragma omp parallel num_threads(w->threads)
    {
#pragma omp for schedule(dynamic, 1) nowait
        for (int k = 0; k < units; k++) {
            run_unit(&ps, from + b * (uint64_t)k / (uint64_t)units, from + b * (uint64_t)(k + 1) / (uint64_t)units, unit_at(w, k),
                     w->buf ? &w->buf[omp_get_thread_num()] : NULL);
            if (poll && omp_get_thread_num() == 0) poll(poll_ctx);
        }
    }
    double dt = now() - t0;
    /* merge in unit order: the same lists whatever thread ran which unit */
    clear_unit(out, w->ncands);
    double judged = 0;
    for (int k = 0; k < units; k++) {
        const unit_res *uk = unit_at(w, k);
        add_tally(&out->truth, &uk->truth);
        for (int x = 0; x <= MJ_KINDS; x++) out->hist[x] += uk->hist[x];
        for (uint32_t ci = 0; ci < w->ncands; ci++) {
            mj_verify_part *o = &out->cand[ci];
            const mj_verify_part *s = &uk->cand[ci];
            add_tally(&o->t, &s->t);
            for (uint32_t i = 0; i < s->nfirst; i++) keep_sorted(o->first, &o->nfirst, w->keep, &s->first[i], 0);
            for (uint32_t i = 0; i < s->nsmallest; i++) keep_sorted(o->smallest, &o->nsmallest, w->keep, &s->smallest[i], 1);
        }
    }
    /* a candidate's share of the wall time: its calls' time over the threads that ran them */
    for (uint32_t ci = 0; ci < w->ncands; ci++) {
        out->cand[ci].t.seconds /= w->threads;
        judged += out->cand[ci].t.seconds;
    }
    out->seconds = dt;
    out->truth.seconds = dt > judged ? dt - judged : 0;
}

const char *mj_verify_what(const mj_verify_result *res, const mj_candidate *cands, char *buf, size_t cap)
{
    if (res->ncands == 1) snprintf(buf, cap, "%s", cands[0].name);
    else if (res->ncands) snprintf(buf, cap, "%u algorithms", res->ncands);
    else snprintf(buf, cap, "truth");
    return buf;
}

double mj_verify_seconds_per_hand(const mj_verify_result *res)
{
    if (!res->truth.hands) return -1;
    double seconds = res->truth.seconds;
    for (uint32_t c = 0; c < res->ncands; c++) seconds += res->cands[c].total.seconds;
    return seconds / (double)res->truth.hands;
}

uint32_t mj_verify_passes(const mj_verify_result *res) { return (uint32_t)(res->size_max - res->size_min + 1); }

uint64_t mj_verify_pass_hands(const mj_verify_result *res, uint32_t pass)
{
    uint64_t nrest[ORC_GROUPS + 1][MJ_MAX_TILES + 1], lo;
    if (mj_truth_init() != 0) return 0;
    int gt[ORC_GROUPS];
    const orc_shapes *sh[ORC_GROUPS];
    fill_nrest(nrest, group_types(res->tiles, &res->rules, gt, sh), sh);
    if (pass_skipped(res->mode, res->size_min + (int)pass)) return 0;
    return shard_hands((const uint64_t(*)[MJ_MAX_TILES + 1])nrest, res->shard, res->shards, res->size_min + (int)pass, &lo);
}

void mj_verify_fold(mj_verify_result *res, const mj_verify_chunk *c, const mj_verify_chunk_result *r)
{
    int n = res->size_min + (int)c->pass;
    for (uint32_t ci = 0; ci < res->ncands && ci < r->ncands; ci++) {
        const mj_verify_part *pt = &r->cand[ci];
        merge_lists(&res->cands[ci], pt->first, pt->nfirst, pt->smallest, pt->nsmallest, res->cex_keep);
        add_tally(&res->cands[ci].total, &pt->t);
        add_tally(&res->cands[ci].by_size[n], &pt->t);
    }
    for (int w = 0; w <= MJ_KINDS; w++) res->wait_hist[n][w] += r->hist[w];
    add_tally(&res->truth, &r->truth);
    add_tally(&res->truth_by_size[n], &r->truth);
    if (c->pass == res->next_pass && c->from == res->next_rank) {
        res->next_rank += c->count;
        if (res->next_rank >= mj_verify_pass_hands(res, c->pass)) {
            res->next_pass++;
            res->next_rank = 0;
        }
    }
}

mj_verify_outcome mj_verify_run(const mj_verify_config *cfg, mj_verify_result *res, mj_error *err)
{
    if (mj_truth_init() != 0) {
        bad(err, "out of memory building the truth tables");
        return MJ_VERIFY_FAILED;
    }
    uint32_t shards = cfg->shards ? cfg->shards : 1;
    if (res->config_hash != mj_verify_config_hash(cfg) || res->shard != cfg->shard || res->shards != shards) {
        bad(err, "the saved state belongs to a different run (tile set, sizes, rules, mode, algorithms or shard differ)");
        return MJ_VERIFY_FAILED;
    }
    const uint32_t passes = mj_verify_passes(res);
    mj_verify_worker *wk = mj_verify_worker_new(cfg, res, err);
    if (!wk) return MJ_VERIFY_FAILED;
    res->threads = wk->threads;
    const plan *pp = &wk->p;
    double start = now(), last_save = start, last_show = 0;
    double every = cfg->checkpoint_every > 0 ? cfg->checkpoint_every : 30;
    mj_verify_outcome outcome = MJ_VERIFY_DONE;
    uint64_t batch;
    mj_verify_chunk_result *crp = malloc(sizeof *crp);
    if (!crp) {
        mj_verify_worker_free(wk);
        bad(err, "out of memory preparing the run");
        return MJ_VERIFY_FAILED;
    }
    char what_buf[MJ_ORACLE_NAME];
    const char *what = mj_verify_what(res, cfg->cands, what_buf, sizeof what_buf);
    while (res->next_pass < passes) {
        uint32_t pass = res->next_pass;
        int n = res->size_min + (int)pass;
        uint64_t lo, total = pass_skipped(res->mode, n) ? 0 : shard_hands(pp->nrest, res->shard, res->shards, n, &lo);
        double pass_start = now(), pass_t0_done = (double)res->next_rank;
        /* a stop request or a due checkpoint is seen between batches only, so a batch is sized
         * by time (about BATCH_SECONDS at the rate just measured), and starts small again in
         * each pass: a batch grown on a size no form wins at would take long on one that can */
        batch = 1u << 14;
        while (res->next_pass == pass && res->next_rank < total) {
            uint64_t b = total - res->next_rank;
            if (b > batch) b = batch;
            mj_verify_chunk ch = {.pass = pass, .from = res->next_rank, .count = b};
            mj_verify_worker_run(wk, &ch, crp, NULL, NULL);
            double dt = crp->seconds;
            mj_verify_fold(res, &ch, crp);
            res->seconds += dt;
            {
                const double BATCH_SECONDS = 0.2;
                double next = dt > 1e-6 ? (double)b * BATCH_SECONDS / dt : 2.0 * (double)batch;
                if (next > 2.0 * (double)batch) next = 2.0 * (double)batch; /* grow by doubling at most */
                batch = next < 4096 ? 4096 : next > (double)(1ull << 40) ? 1ull << 40 : (uint64_t)next;
            }
            double t = now();
            bool stop = cfg->stop && *cfg->stop;
            uint64_t done = res->next_pass == pass ? res->next_rank : total;
            if (cfg->progress && (t - last_show >= 0.5 || stop)) {
                last_show = t;
                /* time left: each remaining hand at the rate of the hands judged so far (a size no
                 * form wins at is cheaper than one that can, so this is rough across sizes) */
                double sec_per = mj_verify_seconds_per_hand(res), eta = sec_per < 0 ? -1 : 0;
                for (uint32_t q = pass; q < passes && eta >= 0; q++) {
                    uint64_t ql;
                    uint64_t qh = pass_skipped(res->mode, res->size_min + (int)q)
                                      ? 0 : shard_hands(pp->nrest, res->shard, res->shards, res->size_min + (int)q, &ql);
                    eta += sec_per * (double)(q == pass ? qh - done : qh);
                }
                if (t - start < 2) eta = -1; /* the first batches are too small to say */
                mj_verify_progress pr = {.size = n, .what = what, .pass = pass,
                                         .passes = passes, .pass_done = done, .pass_total = total,
                                         .elapsed = t - start,
                                         .rate = ((double)done - pass_t0_done) / (t - pass_start + 1e-9),
                                         .eta = eta};
                cfg->progress(cfg->progress_ctx, &pr);
            }
            if (stop) {
                outcome = MJ_VERIFY_STOPPED;
                break;
            }
            if (cfg->checkpoint && t - last_save >= every) {
                if (mj_checkpoint_save(cfg->checkpoint, res, err) != MJ_OK) {
                    outcome = MJ_VERIFY_FAILED;
                    break;
                }
                last_save = t;
            }
        }
        if (outcome != MJ_VERIFY_DONE) break;
        if (cfg->progress) {
            double t = now();
            mj_verify_progress pr = {.size = n, .what = what, .pass = pass,
                                     .passes = passes, .pass_done = total, .pass_total = total, .elapsed = t - start,
                                     .rate = ((double)total - pass_t0_done) / (t - pass_start + 1e-9), .eta = -1,
                                     .pass_end = true};
            cfg->progress(cfg->progress_ctx, &pr);
        }
        if (res->next_pass == pass) { /* a pass this shard holds no hands of */
            res->next_pass++;
            res->next_rank = 0;
        }
    }
    /* a stop that lands after the last batch leaves every pass done: the saved state says
     * complete, so the resumed run only writes the summary */
    res->complete = res->next_pass >= passes;
    if (outcome != MJ_VERIFY_FAILED && cfg->checkpoint && mj_checkpoint_save(cfg->checkpoint, res, err) != MJ_OK)
        outcome = MJ_VERIFY_FAILED;
    free(crp);
    mj_verify_worker_free(wk);
    return outcome;
}

mj_status mj_verify_merge(const mj_verify_result *const *parts, size_t nparts, mj_verify_result *out, mj_error *err)
{
    if (nparts == 0) return bad(err, "nothing to merge");
    const mj_verify_result *a = parts[0];
    uint32_t shards = a->shards;
    if (nparts != shards) {
        char m[128];
        snprintf(m, sizeof m, "the run was split in %u shards but %zu summaries were given", shards, nparts);
        return bad(err, m);
    }
    uint8_t seen[65536 / 8] = {0};
    for (size_t i = 0; i < nparts; i++) {
        const mj_verify_result *b = parts[i];
        char m[128];
        if (b->config_hash != a->config_hash || b->shards != shards) {
            snprintf(m, sizeof m, "summary %zu belongs to a different run (config hash or shard count differs)", i + 1);
            return bad(err, m);
        }
        if (!b->complete) {
            snprintf(m, sizeof m, "summary %zu (shard %u/%u) is not complete", i + 1, b->shard, shards);
            return bad(err, m);
        }
        if (seen[b->shard / 8] & (1u << (b->shard % 8))) {
            snprintf(m, sizeof m, "shard %u/%u given twice", b->shard, shards);
            return bad(err, m);
        }
        seen[b->shard / 8] |= (uint8_t)(1u << (b->shard % 8));
    }
    *out = *a;
    memset(&out->truth, 0, sizeof out->truth);
    memset(out->truth_by_size, 0, sizeof out->truth_by_size);
    memset(out->wait_hist, 0, sizeof out->wait_hist);
    out->seconds = 0;
    for (uint32_t c = 0; c < out->ncands; c++) {
        mj_candidate_result *r = &out->cands[c];
        memset(&r->total, 0, sizeof r->total);
        memset(r->by_size, 0, sizeof r->by_size);
        r->nfirst = r->nsmallest = 0;
    }
    for (size_t i = 0; i < nparts; i++) {
        const mj_verify_result *b = parts[i];
        add_tally(&out->truth, &b->truth);
        for (int n = 0; n <= MJ_MAX_TILES; n++) {
            add_tally(&out->truth_by_size[n], &b->truth_by_size[n]);
            for (int w = 0; w <= MJ_KINDS; w++) out->wait_hist[n][w] += b->wait_hist[n][w];
        }
        out->seconds += b->seconds;
        for (uint32_t c = 0; c < out->ncands; c++) {
            mj_candidate_result *r = &out->cands[c];
            const mj_candidate_result *s = &b->cands[c];
            add_tally(&r->total, &s->total);
            for (int n = 0; n <= MJ_MAX_TILES; n++) add_tally(&r->by_size[n], &s->by_size[n]);
            merge_lists(r, s->first, s->nfirst, s->smallest, s->nsmallest, out->cex_keep);
        }
    }
    out->shard = 0;
    out->shards = 1;
    return MJ_OK;
}

uint64_t mj_oracle_hands(int tiles, int size)
{
    if ((tiles != 9 && tiles != 27 && tiles != 34) || size < 0 || size > MJ_MAX_TILES || mj_truth_init() != 0) return 0;
    uint64_t nrest[ORC_GROUPS + 1][MJ_MAX_TILES + 1];
    int gt[ORC_GROUPS];
    const orc_shapes *sh[ORC_GROUPS];
    fill_nrest(nrest, group_types(tiles, NULL, gt, sh), sh);
    return nrest[0][size];
}

/* Win counts without enumerating: hands are tuples of shapes, and whether a tuple wins
 * depends only on its classes, so count shapes per (tiles, class) and multiply. */
static uint64_t count_tuples(const plan *p, uint64_t hist[ORC_GROUPS][MJ_MAX_TILES + 1][256], int g, int budget,
                             size_t at)
{
    if (g >= p->G || g >= ORC_GROUPS) {
        if (budget) return 0;
        for (int x = p->G; x < ORC_GROUPS; x++) at += cls_of(p, x, 0) * p->stride[x];
        return p->wt[at];
    }
    uint64_t sum = 0;
    int lo = g == p->G - 1 ? budget : 0;
    for (int t = lo; t <= budget; t++)
        for (int c = 0; c < p->ncls[gtype(p, g)]; c++) {
            uint64_t k = hist[g][t][c];
            if (k) sum += k * count_tuples(p, hist, g + 1, budget - t, at + (size_t)c * p->stride[g]);
        }
    return sum;
}

mj_status mj_oracle_count(int tiles, int size, const mj_rules *r, mj_verify_mode mode, int threads,
                          uint64_t *hands, uint64_t *positives, uint64_t *hist, mj_error *err)
{
    if (size < 1 || size > MJ_MAX_TILES) return bad(err, "size must be 1..18");
    if (mode != MJ_MODE_WIN) { /* waits, shanten, effective: every hand judged */
        mj_verify_config cfg = {.tiles = tiles, .size_min = size, .size_max = size, .rules = *r, .mode = mode,
                                .threads = threads};
        mj_verify_result *res = malloc(sizeof *res);
        if (!res) return bad(err, "out of memory");
        mj_status s = mj_verify_prepare(&cfg, res, err);
        if (s == MJ_OK && mj_verify_run(&cfg, res, err) != MJ_VERIFY_DONE) s = MJ_ERR_BAD_RULES;
        if (s == MJ_OK) {
            *hands = res->truth.hands;
            *positives = res->truth.positives;
            if (hist) memcpy(hist, res->wait_hist[size], sizeof res->wait_hist[size]);
        }
        free(res);
        return s;
    }
    mj_verify_config cfg = {.tiles = tiles, .size_min = size, .size_max = size, .rules = *r, .mode = mode};
    mj_verify_result *res = malloc(sizeof *res);
    if (!res) return bad(err, "out of memory");
    mj_status s = mj_verify_prepare(&cfg, res, err);
    free(res);
    if (s != MJ_OK) return s;
    plan p;
    uint64_t (*h)[MJ_MAX_TILES + 1][256] = calloc(ORC_GROUPS, sizeof *h);
    if (!h || plan_build(&p, tiles, r, mode) != 0) {
        free(h);
        plan_free(&p);
        return bad(err, "out of memory");
    }
    plan_table(&p, size);
    for (int g = 0; g < p.G; g++)
        for (int t = 0; t <= MJ_MAX_TILES; t++)
            for (uint32_t i = p.sh[g]->start[t]; i < p.sh[g]->start[t + 1]; i++) h[g][t][cls_of(&p, g, i)]++;
    *hands = p.nrest[0][size];
    *positives = count_tuples(&p, h, 0, size, 0);
    free(h);
    plan_free(&p);
    return MJ_OK;
}
