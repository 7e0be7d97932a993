/* The Dou Dizhu move generator: every move of a hand, or only the moves that beat the last one,
 * read straight off the packed count word, with no allocation (the solver calls it per node). */
#include "ddz_movegen.h"

#include <stdio.h>
#include <string.h>

/* Where moves go: the caller's array up to cap, the count beyond it; with `want` set, only
 * moves spending exactly those cards are kept (ddz_move_from_text's recogniser). */
typedef struct {
    ddz_move *out;
    size_t cap, n;
    ddz_hand want;
} sink;

static inline void emit(sink *s, ddz_hand cards, int type, int main, int len)
{
    if (s->want && cards != s->want)
        return;
    if (s->n < s->cap) {
        ddz_move *m = &s->out[s->n];
        m->cards = cards;
        m->type = (uint8_t)type;
        m->main = (uint8_t)main;
        m->len = (uint8_t)len;
    }
    s->n++;
}

static inline ddz_hand cards_of(int rank, int n) { return (ddz_hand)n << (4 * rank); }

/* A core (the triple, the four, the chain) and the kicker ranks it may take; the recursions
 * below add every allowed kicker multiset to the core and emit the move. */
typedef struct {
    sink *s;
    ddz_hand core;
    int type, main, len;
    int nr;
    int rank[DDZ_RANKS];
    int take[DDZ_RANKS];  /* at most this many of rank[i] as kickers */
    int no_rocket;        /* the two jokers may not both be kickers (rlcard) */
    int not_three;        /* a rank that may not give exactly three kickers, or -1 (douzero) */
} kickers;

/* Every multiset of k single kickers from candidates i.. (each multiset once: ranks in order). */
static void single_kickers(kickers *c, int i, int k, ddz_hand acc)
{
    if (k == 0) {
        if (c->no_rocket && ddz_count(acc, DDZ_RX) && ddz_count(acc, DDZ_RD))
            return;
        if (c->not_three >= 0 && ddz_count(acc, c->not_three) == 3)
            return;
        emit(c->s, c->core + acc, c->type, c->main, c->len);
        return;
    }
    for (; i < c->nr; i++) {
        int r = c->rank[i], most = c->take[i] < k ? c->take[i] : k;
        for (int t = 1; t <= most; t++)
            single_kickers(c, i + 1, k - t, acc + cards_of(r, t));
    }
}

/* Every set of k pair kickers of distinct ranks from candidates i.. (take >= 2 there). */
static void pair_kickers(kickers *c, int i, int k, ddz_hand acc)
{
    if (k == 0) {
        emit(c->s, c->core + acc, c->type, c->main, c->len);
        return;
    }
    for (; i + k <= c->nr; i++)
        pair_kickers(c, i + 1, k - 1, acc + cards_of(c->rank[i], 2));
}

/* Candidate kicker ranks: every rank in `held` (the ranks held often enough) outside
 * [lo, hi]. Pairs are never jokers (one of each): the caller's mask already says so. Caps are
 * the count held, lowered later where a convention says. */
static void candidates(kickers *c, ddz_hand hand, unsigned held, int lo, int hi)
{
    unsigned m = held & ~(((2u << hi) - 1u) & ~((1u << lo) - 1u));
    c->nr = 0;
    for (; m; m &= m - 1) {
        int r = __builtin_ctz(m);
        c->rank[c->nr] = r;
        c->take[c->nr] = ddz_count(hand, r);
        c->nr++;
    }
}

/* Chain bounds by type: the width per rank, the shortest and the longest chain (a move holds
 * at most DDZ_MAX_HAND cards, so an airplane with single wings stops at 5 triples). */
static void chain_shape(int type, int *width, int *minlen, int *maxlen)
{
    switch (type) {
    case DDZ_STRAIGHT: *width = 1; *minlen = 5; *maxlen = 12; break;
    case DDZ_PAIR_STRAIGHT: *width = 2; *minlen = 3; *maxlen = 10; break;
    case DDZ_AIRPLANE: *width = 3; *minlen = 2; *maxlen = 6; break;
    case DDZ_AIRPLANE_SINGLES: *width = 3; *minlen = 2; *maxlen = 5; break;
    default: *width = 3; *minlen = 2; *maxlen = 4; break; /* DDZ_AIRPLANE_PAIRS */
    }
}

/* The hand as the generator reads it: the count word, and per width w the ranks held w or
 * more times as a bit mask, so that groups and chains are found with shifts instead of loops. */
typedef struct {
    ddz_hand hand;
    unsigned ge[5];
} shape;

#define NIBBLE_LOWS 0x111111111111111ull /* bit 0 of each of the 15 counts */

/* Gathers bit 0 of each count (bits 0, 4, 8, ...) into bits 0..14: four bits in each 16-bit
 * lane, then one multiply moves lane k to bits 48 + 4k (the cross terms fall above bit 63 or
 * below 48 without overlapping, so nothing carries; equal to the shift-and-or form on all 2^16
 * inputs, three instructions fewer). */
static inline unsigned gather(uint64_t x)
{
    x = (x | x >> 3) & 0x0303030303030303ull;
    x = (x | x >> 6) & 0x000f000f000f000full;
    return (unsigned)((x * 0x0001001001001000ull) >> 48);
}

/* Counts are 0..4 (bits 0-2): held >= 1 is any bit, >= 2 bit 1 or 2, >= 3 bit 2 or both low
 * bits, 4 bit 2. */
static void read_shape(ddz_hand hand, shape *h)
{
    uint64_t x = hand;
    h->hand = hand;
    h->ge[0] = 0;
    h->ge[1] = gather((x | x >> 1 | x >> 2) & NIBBLE_LOWS);
    h->ge[2] = gather((x >> 1 | x >> 2) & NIBBLE_LOWS);
    h->ge[3] = gather((x >> 2 | (x & x >> 1)) & NIBBLE_LOWS);
    h->ge[4] = gather((x >> 2) & NIBBLE_LOWS);
}

#define CHAIN_RANKS 0xfffu /* 3..A: the ranks a chain may use */
#define NIBBLES 0x111111111111ull /* a 1 in each chain rank's count */

/* The ranks above `above` in mask (above is -1 for all; a main past the jokers leaves none). */
static inline unsigned above_mask(unsigned mask, int above)
{
    if (above >= DDZ_RANKS)
        return 0;
    return above < 0 ? mask : mask & ~((2u << above) - 1u);
}

/* The moves of a type with kickers or a chain (gen_type's other half). */
static void gen_kicked_or_chain(const shape *h, int type, int len, int above, ddz_convention conv, sink *s)
{
    kickers c;
    c.s = s;
    c.no_rocket = 0;
    c.not_three = -1;
    switch (type) {
    case DDZ_TRIPLE_SINGLE:
    case DDZ_TRIPLE_PAIR:
    case DDZ_FOUR_TWO_SINGLES:
    case DDZ_FOUR_TWO_PAIRS: {
        int n = type <= DDZ_TRIPLE_PAIR ? 3 : 4;
        int pairs = type == DDZ_TRIPLE_PAIR || type == DDZ_FOUR_TWO_PAIRS;
        int k = type <= DDZ_TRIPLE_PAIR ? 1 : 2;
        for (unsigned m = above_mask(h->ge[n], above); m; m &= m - 1) {
            int r = __builtin_ctz(m);
            c.core = cards_of(r, n);
            c.type = type;
            c.main = r;
            c.len = 1;
            candidates(&c, h->hand, pairs ? h->ge[2] : h->ge[1], r, r);
            if (pairs) {
                pair_kickers(&c, 0, k, 0);
            } else {
                /* Four + two singles: the two may be a pair in both conventions; rlcard
                 * refuses the rocket as the two (its action space has no 3333XD). */
                for (int i = 0; i < c.nr; i++)
                    if (c.take[i] > 2)
                        c.take[i] = 2;
                c.no_rocket = conv == DDZ_CONV_RLCARD;
                single_kickers(&c, 0, k, 0);
            }
        }
        return;
    }
    default:
        break;
    }
    /* Chains: straights, pair straights, airplanes with or without wings, within 3..A.
     * starts = the ranks where a run of at least l ranks held `width` times begins. */
    {
        int width, minlen, maxlen;
        chain_shape(type, &width, &minlen, &maxlen);
        int from = len ? len : minlen, to = len ? len : maxlen;
        unsigned held = h->ge[width] & CHAIN_RANKS, starts = held;
        if (from < minlen || to > maxlen)
            return;
        for (int l = 2; l <= from; l++)
            starts &= held >> (l - 1);
        for (int l = from; l <= to && starts; l++, starts &= held >> (l - 1)) {
            for (unsigned m = above_mask(starts, above); m; m &= m - 1) {
                int st = __builtin_ctz(m);
                ddz_hand core = ((ddz_hand)width * NIBBLES) & ((((ddz_hand)1 << (4 * l)) - 1) << (4 * st));
                if (type == DDZ_STRAIGHT || type == DDZ_PAIR_STRAIGHT || type == DDZ_AIRPLANE) {
                    emit(s, core, type, st, l);
                    continue;
                }
                c.core = core;
                c.type = type;
                c.main = st;
                c.len = l;
                if (type == DDZ_AIRPLANE_PAIRS) {
                    candidates(&c, h->hand, h->ge[2], st, st + l - 1);
                    pair_kickers(&c, 0, l, 0);
                    continue;
                }
                /* Single wings: any cards outside the chain. rlcard: not both jokers, no four
                 * of a rank, and no three of a rank next to the chain (those cards read as a
                 * longer chain there and rlcard lists them once, as that). douzero: anything,
                 * but three of the rank just above the chain make the same cards a chain one
                 * higher, and only that stronger reading is kept. */
                candidates(&c, h->hand, h->ge[1], st, st + l - 1);
                if (conv == DDZ_CONV_RLCARD) {
                    c.no_rocket = 1;
                    for (int i = 0; i < c.nr; i++) {
                        int r = c.rank[i];
                        int next = (r == st - 1) || (r == st + l && r <= DDZ_RA);
                        int most = next ? 2 : 3;
                        if (c.take[i] > most)
                            c.take[i] = most;
                    }
                } else {
                    c.not_three = st + l <= DDZ_RA ? st + l : -1;
                }
                single_kickers(&c, 0, l, 0);
                c.no_rocket = 0;
                c.not_three = -1;
            }
        }
    }
}

/* Every move of one type with main above `above` (-1: any) and, for chains, length `len`
 * (0: any length). The groups of one rank (singles, pairs, triples, bombs, the rocket) inline,
 * without the kicker machinery's frame (the two-player search: 1,093 M -> 1,075 M instructions,
 * 13v13 #11, #13 and published row 8, callgrind). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void gen_type(const shape *h, int type, int len, int above, ddz_convention conv, sink *s)
{
    switch (type) {
    case DDZ_SINGLE:
    case DDZ_PAIR:
    case DDZ_TRIPLE:
    case DDZ_BOMB: {
        int n = type == DDZ_SINGLE ? 1 : type == DDZ_PAIR ? 2 : type == DDZ_TRIPLE ? 3 : 4;
        for (unsigned m = above_mask(h->ge[n], above); m; m &= m - 1) {
            int r = __builtin_ctz(m);
            emit(s, cards_of(r, n), type, r, 1);
        }
        return;
    }
    case DDZ_ROCKET:
        if (ddz_count(h->hand, DDZ_RX) && ddz_count(h->hand, DDZ_RD))
            emit(s, cards_of(DDZ_RX, 1) + cards_of(DDZ_RD, 1), type, DDZ_RX, 1);
        return;
    default:
        gen_kicked_or_chain(h, type, len, above, conv, s);
    }
}

/* The types whose core the hand holds (bit t for type t): a type outside it has no move here,
 * so generate skips it (the same moves, in the same order, without the calls that would find
 * none: most of a small hand's types). Chains need their shortest run within 3..A. */
static inline unsigned shapes_present(const shape *h)
{
    unsigned one = h->ge[1] & CHAIN_RANKS, two = h->ge[2] & CHAIN_RANKS, three = h->ge[3] & CHAIN_RANKS;
    unsigned p = 0;
    if (h->ge[1])
        p |= 1u << DDZ_SINGLE;
    if (h->ge[2])
        p |= 1u << DDZ_PAIR;
    if (h->ge[3])
        p |= 1u << DDZ_TRIPLE | 1u << DDZ_TRIPLE_SINGLE | 1u << DDZ_TRIPLE_PAIR;
    if (one & one >> 1 & one >> 2 & one >> 3 & one >> 4)
        p |= 1u << DDZ_STRAIGHT;
    if (two & two >> 1 & two >> 2)
        p |= 1u << DDZ_PAIR_STRAIGHT;
    if (three & three >> 1)
        p |= 1u << DDZ_AIRPLANE | 1u << DDZ_AIRPLANE_SINGLES | 1u << DDZ_AIRPLANE_PAIRS;
    if (h->ge[4])
        p |= 1u << DDZ_FOUR_TWO_SINGLES | 1u << DDZ_FOUR_TWO_PAIRS | 1u << DDZ_BOMB;
    if (ddz_count(h->hand, DDZ_RX) && ddz_count(h->hand, DDZ_RD))
        p |= 1u << DDZ_ROCKET;
    return p;
}

static int allowed(const ddz_rules *rules, int type)
{
    return type < DDZ_TYPES && !(rules->forbidden & (1u << type));
}

/* The shared body of ddz_generate and the recogniser, on a hand already read. The types held and
 * allowed are walked bit by bit (the two-player search: 1,249 M -> 1,224 M instructions with
 * ddz_generate_unanswered walked so too, 13v13 #11, #13 and published row 8, callgrind). */
static void generate_shape(const shape *hs, const ddz_move *last, const ddz_rules *rules, sink *s)
{
    static const ddz_rules defaults = {DDZ_CONV_RLCARD, 0};
    const shape *h = hs;
    if (!rules)
        rules = &defaults;
    if (!last || last->type == DDZ_PASS) {
        for (unsigned m = shapes_present(h) & ~rules->forbidden; m; m &= m - 1) /* held and allowed, in order */
            gen_type(h, __builtin_ctz(m), 0, -1, rules->convention, s);
        return;
    }
    if (!s->want)
        emit(s, 0, DDZ_PASS, 0, 0);
    if (last->type == DDZ_ROCKET || last->type >= DDZ_TYPES)
        return; /* nothing beats the rocket; a move of no known type is only passed */
    /* Answering: three types at most, each tried where allowed (one the hand lacks adds nothing) */
    int bombs = h->ge[4] && allowed(rules, DDZ_BOMB);
    if (last->type == DDZ_BOMB) {
        if (bombs)
            gen_type(h, DDZ_BOMB, 0, last->main, rules->convention, s);
    } else {
        if (allowed(rules, last->type))
            gen_type(h, last->type, last->len, last->main, rules->convention, s);
        if (bombs)
            gen_type(h, DDZ_BOMB, 0, -1, rules->convention, s);
    }
    if (ddz_count(h->hand, DDZ_RX) && ddz_count(h->hand, DDZ_RD) && allowed(rules, DDZ_ROCKET))
        gen_type(h, DDZ_ROCKET, 0, -1, rules->convention, s);
}

static void generate(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, sink *s)
{
    shape h;
    read_shape(hand, &h);
    generate_shape(&h, last, rules, s);
}

size_t ddz_generate(ddz_hand hand, const ddz_move *last, const ddz_rules *rules, ddz_move *out, size_t cap)
{
    sink s = {out, out ? cap : 0, 0, 0};
    generate(hand, last, rules, &s);
    return s.n;
}

size_t ddz_generate_read(ddz_hand hand, const unsigned ge[5], const ddz_move *last, const ddz_rules *rules,
                         ddz_move *out, size_t cap)
{
    sink s = {out, out ? cap : 0, 0, 0};
    shape h = {hand, {ge[0], ge[1], ge[2], ge[3], ge[4]}};
    generate_shape(&h, last, rules, &s);
    return s.n;
}

/* Nonzero when the hand read as o has a move of `type` (of chain length len) with main above
 * `above`: an answer in kind to such a move. */
static int has_above(const shape *o, int type, int len, int above, ddz_convention conv)
{
    sink count = {NULL, 0, 0, 0};
    gen_type(o, type, len, above, conv, &count);
    return count.n != 0;
}

/* The leads of one type and chain length (0 for the types that are no chain) of h that o cannot
 * answer in kind, o holding no bomb or rocket to play: those from o's highest core of the shape
 * up (a lower one is answered by that core's move) when o can play that core; else every lead
 * of the shape, each tested. */
static void unanswered_of(const shape *h, const shape *o, int type, int len, unsigned cores, ddz_convention conv,
                          sink *s)
{
    int top = cores ? 31 - __builtin_clz(cores) : -1;
    int kicked = type == DDZ_TRIPLE_SINGLE || type == DDZ_TRIPLE_PAIR || type >= DDZ_AIRPLANE_SINGLES;
    if (!kicked || top <= 0 || has_above(o, type, len, top - 1, conv)) {
        gen_type(h, type, len, top - 1, conv, s);
        return;
    }
    size_t from = s->n;
    gen_type(h, type, len, -1, conv, s); /* o's top core takes no kickers: rare */
    if (s->n > s->cap)
        return; /* not all written: the count says so */
    size_t kept = from;
    for (size_t i = from; i < s->n; i++)
        if (!has_above(o, type, len, s->out[i].main, conv))
            s->out[kept++] = s->out[i];
    s->n = kept;
}

size_t ddz_generate_unanswered(ddz_hand hand, const unsigned ge[5], ddz_hand other, const unsigned other_ge[5],
                               const ddz_rules *rules, ddz_move *out, size_t cap)
{
    static const ddz_rules defaults = {DDZ_CONV_RLCARD, 0};
    sink s = {out, out ? cap : 0, 0, 0};
    const shape h = {hand, {ge[0], ge[1], ge[2], ge[3], ge[4]}};
    const shape o = {other, {other_ge[0], other_ge[1], other_ge[2], other_ge[3], other_ge[4]}};
    if (!rules)
        rules = &defaults;
    ddz_convention conv = rules->convention;
    unsigned present = shapes_present(&h) & ~rules->forbidden;
    int rocket = allowed(rules, DDZ_ROCKET) && ddz_count(other, DDZ_RX) && ddz_count(other, DDZ_RD);
    int topbomb = allowed(rules, DDZ_BOMB) && o.ge[4] ? 31 - __builtin_clz(o.ge[4]) : -1;
    if (rocket || topbomb >= 0)
        present &= 1u << DDZ_BOMB | 1u << DDZ_ROCKET; /* o answers anything else with its bomb or rocket */
    for (unsigned m = present; m; m &= m - 1) {
        int t = __builtin_ctz(m);
        if (t == DDZ_ROCKET || (t == DDZ_BOMB && !rocket)) {
            gen_type(&h, t, 0, t == DDZ_BOMB ? topbomb - 1 : -1, conv, &s); /* no bomb of o's above them */
            continue;
        }
        if (t == DDZ_BOMB)
            continue; /* o's rocket answers it */
        if (t < DDZ_STRAIGHT || t > DDZ_AIRPLANE_PAIRS) {
            int w = t == DDZ_SINGLE ? 1 : t == DDZ_PAIR ? 2 : t >= DDZ_FOUR_TWO_SINGLES ? 4 : 3;
            unanswered_of(&h, &o, t, 0, o.ge[w], conv, &s);
            continue;
        }
        int width, minlen, maxlen;
        chain_shape(t, &width, &minlen, &maxlen);
        unsigned held = h.ge[width] & CHAIN_RANKS, starts = held;
        unsigned oheld = o.ge[width] & CHAIN_RANKS, ostarts = oheld;
        for (int l = 2; l <= maxlen && (starts &= held >> (l - 1)); l++) {
            ostarts &= oheld >> (l - 1);
            if (l >= minlen)
                unanswered_of(&h, &o, t, l, ostarts, conv, &s);
        }
    }
    return s.n;
}

int ddz_beats(const ddz_move *m, const ddz_move *last)
{
    if (m->type == DDZ_PASS)
        return 0;
    if (last->type == DDZ_PASS)
        return 1;
    if (m->type == DDZ_ROCKET)
        return last->type != DDZ_ROCKET;
    if (last->type == DDZ_ROCKET)
        return 0;
    if (m->type == DDZ_BOMB)
        return last->type != DDZ_BOMB || m->main > last->main;
    return m->type == last->type && m->len == last->len && m->main > last->main;
}

/* Fills err with "byte 0: why" (the whole text is at fault) and returns DDZ_ERR_BAD_MOVE. */
static ddz_status bad_move(ddz_error *err, const char *why)
{
    if (err) {
        err->code = DDZ_ERR_BAD_MOVE;
        err->offset = 0;
        snprintf(err->message, sizeof err->message, "byte 0: %.150s", why);
    }
    return DDZ_ERR_BAD_MOVE;
}

ddz_status ddz_move_from_text(const char *text, const ddz_rules *rules, ddz_move *out, ddz_error *err)
{
    static const ddz_rules defaults = {DDZ_CONV_RLCARD, 0};
    ddz_type type;
    ddz_hand cards;
    ddz_status st = ddz_parse_move_text(text, &type, &cards, err);
    ddz_move found[8];
    char shown[DDZ_DECK_SIZE + 2], why[200];
    sink s;
    if (st != DDZ_OK)
        return st;
    if (!rules)
        rules = &defaults;
    if (type == DDZ_PASS) {
        ddz_move pass = {0, DDZ_PASS, 0, 0};
        if (out)
            *out = pass;
        return DDZ_OK;
    }
    ddz_format_hand(cards, shown, sizeof shown);
    if (type != DDZ_TYPES && !allowed(rules, type))
    {
        snprintf(why, sizeof why, "%s is forbidden by these rules (no-%s)", ddz_type_name(type), ddz_type_name(type));
        return bad_move(err, why);
    }
    /* Generate from the cards themselves, keeping only the moves that spend all of them. */
    s.out = found;
    s.cap = sizeof found / sizeof found[0];
    s.n = 0;
    s.want = cards;
    if (type != DDZ_TYPES) {
        shape h;
        read_shape(cards, &h);
        gen_type(&h, type, 0, -1, rules->convention, &s);
        if (s.n == 0) {
            snprintf(why, sizeof why, "%s is no %s under these rules", shown, ddz_type_name(type));
            return bad_move(err, why);
        }
    } else {
        generate(cards, NULL, rules, &s);
        if (s.n == 0) {
            snprintf(why, sizeof why, "%s forms no move under these rules", shown);
            return bad_move(err, why);
        }
    }
    if (s.n > 1) {
        /* Only a bare card text can get here: one type never reads the same cards twice. */
        char list[120] = "";
        size_t used = 0;
        for (size_t i = 0; i < s.n && i < s.cap; i++) {
            char one[64];
            ddz_format_move(&found[i], one, sizeof one);
            int w = snprintf(list + used, sizeof list - used, "%s%s", i ? " or " : "", one);
            if (w < 0 || (size_t)w >= sizeof list - used)
                break;
            used += (size_t)w;
        }
        snprintf(why, sizeof why, "%s reads several ways (%s); write TYPE:CARDS", shown, list);
        return bad_move(err, why);
    }
    if (out)
        *out = found[0];
    return DDZ_OK;
}
