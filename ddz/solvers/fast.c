/* fast: exact AND/OR search of a two-player open-card endgame with an exact-key, bounded,
 * shared transposition table, cheap exact tests, win-first move ordering that learns as it
 * searches (a refutation table, killer answers, an answer history, probes), and threads sharing
 * the search at split points (see "Young brothers wait").
 *
 * Parts, and what each did to the node counts of the 13-vs-13 deals seeds 2/4/8/12 (one
 * thread; docs/ddz-search-notes.md has the rest): plain search with the table
 * 693,605/1,701,248/3,330,758/4,290,002; + split test (unanswerable moves, then one lead)
 * 515,779/1,225,047/2,526,486/2,931,038; + the move to beat keyed by the answers it leaves
 * 441,172/1,060,562/2,151,903/2,465,967; + transposition cutoff (children looked up first)
 * 269,446/533,735/1,052,502/1,121,767; + runs of absent ranks collapsed in the key
 * 206,896/400,108/747,051/811,381. Memory: one cache line per bucket, prefetched child
 * buckets, a mapped table sized by the position. CPU seconds of the solve, one thread, the 20
 * deals: 12.5 in all before, 4.4 now; the worst deal 1.73 before, 0.64 now.
 * Later, on the six slowest positions of the quick sets (13v13 seeds 4/11/13/16/19 and the
 * published puzzle of level 50; one thread): nodes 2,672,445 -> 2,184,323 in all, from the fixed
 * move-to-beat key (1%) and the skipped forced nodes (a move the opponent can only pass to: the
 * position after the pass is searched directly, 18%); instructions (callgrind, seeds 16 and 19:
 * 925 M before) 754 M with the rank collapse walked run by run and the children's keys handed
 * down, 711 M with the forced nodes skipped, 613 M with one_move's two-word filter, 546 M with
 * the split memo. Where the rest goes (callgrind): the split test about a third (split_win's
 * subsets, one_move on each rest, the rests' moves), move generation a quarter, the node itself
 * (ordering, keys of the children, table probes) the rest; in time, table probes wait on
 * memory. Then the order learned as the search goes: killer answers, an answer history, and
 * budgeted probe searches of a big node's first children (each described where it is coded):
 * 13v13 and published 1,506,971 -> 817,085 nodes on one thread, the hard set 17.4 M -> 0.26 M.
 * Then instructions again (callgrind, one thread, 13v13 #13 and #11 and published row 8 in one
 * run, 479,203 nodes, about 3,600 instructions a node): 1,741 M; 1,503 M with the generator
 * skipping the types whose core the hand lacks (movegen.c, shapes_present: most types of the
 * small rests the split test generates; 4.9 M calls of gen_type before); 1,438 M with
 * order_moves placing answers in one pass and sorting leads on card counts read once (1,446 M
 * after one slot choice, slot_for, was shared by the store and the table's growth). The
 * same nodes and order (822,502 on 13v13 and published). The split test is still 27% of it
 * (lead_split on the rests of answers the opponent cannot beat: 404 k calls, 32% found in the
 * memo, 23% of the rest a split), move generation 19%, table probes and stores 12%. Tried and
 * dropped there: the rank collapse from a per-node plan reused by children of the same ranks
 * (1,505 M), or by removing absent ranks one at a time (1,444 M); a split memo four times
 * bigger (1% fewer instructions, more cache misses); the split test only for hands of at most
 * 6, 8 or 10 cards (1,610 M and 1,692 M instructions, but the hard set's nodes 259 k -> 930 k,
 * 409 k and 840 k). Wall time in one run alternating with the build before, three runs each,
 * one thread, the 13v13 set in all: 0.452-0.670 s -> 0.463-0.494 s. A fifth round (27 Nov 2026;
 * docs/ddz-parallel-search.md, "Per-node cost, fifth round"), the same nodes: those three
 * positions 1,348 M -> 1,075 M instructions (the rank collapse walked gap by gap, the opponent's
 * facts handed down, only the rests' unanswerable leads generated, answers ordered in place, the
 * hot helpers inlined), the quick sets 3,517 -> 2,838 instructions a node; one thread's CPU on
 * 13v13 #11 0.096-0.149 s -> 0.076-0.087 s, #13 0.102-0.148 -> 0.084-0.099 s. With the dominated
 * moves (below) merged: 1,305 M -> 1,027 M, the quick sets 4,161 -> 3,287 instructions a node.
 * Tried and dropped: a history heuristic (seed 2 past 1.7 M nodes), no table for positions of
 * at most 4-8 cards (more nodes, no less time), the split test's mirror as a loss test (fired
 * too rarely to change a count), fewer children looked up (no difference), moves the opponent
 * cannot answer ordered first (seeds 4 and 16 4-6x fewer nodes, seed 13 3x more: 4.2 M in all
 * against 2.7 M), a shallower split test (depth 2-4: more nodes and more instructions), a
 * table four times bigger (1% fewer nodes). With the killer answers (below): the lowest answer in
 * kind first again (13v13 and published 1,050,923 -> 1,914,530 nodes, the hard set past a 30 s
 * cap), and young-brothers-wait splitting (a node near the root whose first child failed shares
 * its other children with idle threads through OpenMP tasks, taken in order from a shared
 * counter): on 2 threads, best of 3 runs each, the worst 13v13 deal 0.125 -> 0.112 s but #13
 * 0.065 -> 0.068 and published row 8 0.043 -> 0.049 s, whatever the depth and size limits tried
 * (plies 4-8, 16-22 cards, after 1-2 children): the children it searches at once are often
 * wasted at a node a later child wins, and 2 cores leave little to gain.
 * Where the rest of the nodes go (measured, one thread, with the killer answers): most are in
 * children tried before the one that wins. Solving a position twice, the second time trying
 * first at each won node the move that won it in the first solve (a fresh table): 13v13 #11
 * 363,882 -> 63,683 nodes, #13 198,516 -> 48,106, published row 8 97,855 -> 15,063. The proof
 * itself (the winning child at each won node, every child at each lost one, a table hit
 * counted once) is 38,635 nodes for #11. So a better guess of the winning move, or a search
 * that picks the child with the smallest proof first (proof-number search), is where the
 * 50 ms goal lies; the tries that did not guess better: the lowest in-kind answer moved to
 * second or third place (13v13 and published 1.28-1.29 M nodes), a killer of "the lowest or
 * the highest answer in kind" instead of the exact move (1.06-1.40 M, the hard set 3.3-12.3 M),
 * and a history of winning leads by type, main and length (1.02-3.64 M, 12v12 and 15v15 worse).
 * A depth-first proof-number search in place of the plain one (df-pn with the 1+epsilon
 * threshold, epsilon 0.25, the same cheap tests, order and exact table, proof and disproof
 * numbers in a second table) did worse on its own: #11 513,772 nodes, #13 5,522,741,
 * published row 8 302,932; with the opponent's reply count as the initial disproof number,
 * worse again (1.25 M, 7.58 M, 306,932). ABDADA (Weill 1996: with 2 threads, a node defers a
 * child another thread is expanding, by a shared table of busy positions, and searches it last):
 * the whole 13v13 and published sets on 2 threads, three runs each alternating, 0.379-0.424 s
 * in all against 0.394-0.478 s without, the worst position 0.100-0.116 against 0.105-0.126 s:
 * within the noise, so not kept. Leads ordered by the moves the rest would still need (counted
 * from its singles, pairs, triples taking a kicker each, and fours; chains ignored), from 10, 16
 * or 22 cards up: 13v13 and published 804,625-902,969 nodes against 817,085, 12v12 801,475-
 * 851,519 against 722,871, the hard set 367,441-437,246 against 258,541. Later (one thread, with the
 * high-rank collapse, "Rank collapse" below): the lowest answer the opponent cannot beat moved
 * to the front (quick sets 4,074,678 -> 4,414,806-5,783,704 before the collapse), and answers that
 * break no group of the hand first (17v17 29.1 M -> 25.8-27.8 M but 20v17 and the hard set worse,
 * hard-random #4 1.77 M -> 11.9 M); kept instead: the control answers last from 31 cards
 * ("Control answers last"). docs/ddz-parallel-search.md, "Sequential, third round", has them.
 * Then (sixth round, docs/ddz-parallel-search.md) the refutation table ("Refutation table": the
 * move that last won at the same hand, move to beat and opponent's card count, tried first): one
 * thread, the quick sets 1,977,945 -> 1,342,983 nodes (13v13 #11 162,110 -> 82,309), 17v17
 * 10,797,919 -> 6,741,002, 20v17 3,125,821 -> 2,363,532. */
#include "ddz_fast.h"
#include "ddz_movegen.h"
#include "ddz_search_table.h"
#include "ddz_solver.h"

#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NIBBLE_HIGH 0x888888888888888ull /* bit 3 of each count: never set in a real count */

/* Cards in a hand: the 15 counts summed with shifts (each count <= 4). */
static inline int hand_size(ddz_hand h) { return tt_cards(h); }

/* Bits set in a rank mask (without -mpopcnt, __builtin_popcount is a library call). */
static inline int bits15(unsigned m)
{
    m = m - ((m >> 1) & 0x5555u);
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0f0fu;
    return (int)((m + (m >> 8)) & 0x1fu);
}

/* Nonzero when every count of part is at most the count in whole (no nibble borrows). */
static inline int hand_has(ddz_hand whole, ddz_hand part)
{
    return (((whole | NIBBLE_HIGH) - part) & NIBBLE_HIGH) == NIBBLE_HIGH;
}

/* The table (ddz_search_table.h, search_table.c, shared with the three-player search): buckets of
 * one cache line, three entries each, every entry the full position (both 60-bit hands and the
 * move to beat's key), so that a lookup never answers for another position; sequence locks when
 * threads share it; it grows as it fills; spare tables are reused by the next solves. */

/* Per-thread search state. */
typedef struct ctx {
    tt_table *tt;
    const ddz_rules *rules;
    ddz_move *buf; /* a stack of move lists, one region per ply */
    size_t cap, top;
    unsigned long long nodes, hits, stores, evictions;
    double deadline;
    volatile int *abort; /* shared: a timeout or a move list too long */
    int *overflow;
    struct split_memo *memo; /* SPLIT_MEMO slots, or NULL */
    int ply;                 /* of the node searched: 0 for the root's children */
    struct killer *killers;  /* KILLER_PLIES of them, or NULL: no killers, the same answers */
    answer_history *history; /* shared by the solve's threads, or NULL: no history, the same answers */
    unsigned long long probe_end; /* while probing: the node count at which the probe stops */
    int probing, probe_out;       /* a probe is running; it ran out (its search means nothing) */
    unsigned long long node_budget; /* nonzero: the search stops past this many nodes (see "One thread first") */
    int budget_out;               /* it did: nothing it left is stored, as with a timeout */
    const struct split_node *split; /* the innermost split this search runs under (see "Young brothers wait") */
    struct split_team *team;      /* the solve's team (see "Young brothers wait"); NULL: one thread, no splits */
    tt_table *own;                /* this thread's table of the positions under share_cards, or NULL */
    unsigned long long own_stores;
    unsigned long long dominated; /* moves left out (see "Dominated moves") */
    int share_cards;
    ddz_solve_live *live;         /* the caller's progress record, or NULL */
    struct refute_table *refute;  /* or NULL: none, the same answers (see "Refutation table") */
} ctx;

/* A node whose children after the first are searched by the team at once (see "Young brothers
 * wait"): `won` is set when one of them wins, which stops the others (and everything below them);
 * `won_by` is that child. */
typedef struct split_node {
    atomic_int won;
    size_t won_by;
    const struct split_node *parent;
} split_node;

/* Own tables: with more than one thread, a position of fewer than ddz_fast_share_cards cards in
 * the two hands is stored in a table of the thread's own, without locks, and only the bigger
 * ones in the shared table. Both are exact, and a position always goes to the same one (its
 * size decides), so the answers are the same; what a thread no longer sees of the other's work
 * is the small positions, cheap to search again. Why: on a 2-core AMD EPYC VM a node cost about
 * 350 ns of each thread on 2 threads against 195 ns on one (13v13 #11), a third of it in
 * tt_store and tt_probe (`perf record`): each store took the bucket's line from the other core
 * (the lock and the entry), and each lookup of a line the other had just written waited for
 * it. Most stores and lookups are of small positions deep in the search; kept apart they stay in
 * their own core's cache. Measured there, 13v13 #11 on 2 threads, 7 solves in one process, mean
 * (table sharing from N cards up): all shared 52.7 ms (350 ns a node), from 12 39.3, from 16
 * 35.2 (220 ns), from 20 37.9; the 13v13 set's worst (three runs each, alternating) 51-75 ms
 * shared, 35-38 from 16 cards. Off now (0: every position shared), since the threads split
 * nodes among themselves ("Young brothers wait"): a subtree's small positions are then searched
 * by whichever thread takes them, and a table of its own hides them from the others. 13v13 and
 * published, nodes of all threads over those of one thread (one run each, the same build): own
 * tables from 16 cards 1.67 / 1.28 on 2 threads and 2.36 / 2.41 on 16; every position shared
 * 1.25 / 1.13 and 1.21 / 1.22. The tests still run it (test_collisions_threads). */
int ddz_fast_share_cards = 0;

static inline tt_table *table_for(const ctx *c, int size) { return c->own && size < c->share_cards ? c->own : c->tt; }

/* Killer answers: per ply and type of the move to beat, the last two answers other than the
 * pass that won there (slot 0 the latest). An answering node tries them first when they are
 * legal: a reply that refuted one move of a kind refutes its siblings often (a top single
 * against any low single). Plies are at most 2 per card (a pass is followed by a lead), so 128
 * hold any deal. Measured (one thread, nodes, all positions of each set): 13v13 and published
 * 1,506,971 without, 1,050,923 with (the worst position 459,937 -> 363,882); 10v10 153,189 ->
 * 122,069; 12v12 1,721,312 -> 1,071,700; 15v15 3,832,772 -> 2,089,722; the hand-made hard set
 * 17,433,750 -> 2,605,542. Tried: the pass kept as a killer too (2,924,085 on 13v13 and
 * published: a pass that won once is a poor first try), one killer per ply whatever the move to
 * beat (1,124,030), one per move to beat whatever the ply (1,429,170), and killers at leading
 * nodes too (1,442,140; at leads alone 1,961,454: a lead depends on the whole hand). */
#define KILLER_PLIES 128

/* Answer history: a node answering in kind orders its answers in kind by the wins the same
 * answer (by main) gave against the same move to beat (type and main) for the same side, each
 * win weighted 2^(cards in the two hands / 3) (a win high in the tree saved more), the highest
 * answer first among equals; the killers then go in front. Measured (one thread, nodes, all
 * positions of each set, killers on in both): 13v13 and published 1,050,923 -> 919,982 (the
 * worst 363,882 -> 290,250); 10v10 122,069 -> 89,714; 12v12 1,071,700 -> 652,819; 15v15
 * 2,089,722 -> 2,153,472; the hard set 2,605,542 -> 1,420,884; 17v17 40,766,223 -> 35,959,396
 * (the worst 11,662,837 -> 9,418,203). Tried: weighted by size^2 (13v13 900,053, 15v15
 * 2,282,241), by 1 (1,086,927), one history for both sides (947,525; 15v15 2,145,206), and the
 * history without the killers (15v15 1,571,110 but 13v13 1,239,582 and the hard set past 30 s).
 * One history for all the threads of a solve (relaxed atomic adds; each node sorts from a
 * snapshot), so that a thread learns from the first moves the others search: on 2 threads, the
 * 13v13 and published sets, three runs each alternating with a history per thread, nodes
 * 1,008,737 / 1,092,141 / 1,161,484 -> 935,646 / 1,072,718 / 980,357, time 0.453 / 0.411 /
 * 0.498 -> 0.379 / 0.461 / 0.412 s in all. */
static void order_by_history(ddz_move *mv, size_t n, const ddz_move *last, _Atomic uint64_t hist[16][16])
{
    ddz_tt_order_by_history(mv, n, last, hist);
}

/* Control answers last: at an answering node of at least ddz_fast_control_cards cards in the two
 * hands, the answers in kind that the opponent can beat go before those it cannot (which take the
 * lead back by spending a control card: a 2 against a hand without jokers, a joker), each group
 * in its order (the highest first, then the history); the killers still go in front. Where the
 * slowest losses' nodes went (docs/ddz-parallel-search.md, "Sequential, third round"): the
 * refutation of a first move is often a beatable answer tried after an unbeatable one failed in a
 * big subtree (17v17 #4: the opponent's 2 fails in 2.88 M nodes, its K then wins; hard-random
 * #1: its A, 2 and K fail in 5.5 M, its Q wins). Measured (one thread, nodes, first win), from
 * 31 cards: 17v17 29,149,329 -> 26,496,946, 20v17 6,623,921 -> 6,603,752, hard-random
 * 73,596,603 -> 66,963,473 (#2 10.79 M -> 6.12 M, 17v17 #4 8.33 M -> 6.19 M; the worst rise
 * 17v17 #16 117,371 -> 138,926), the quick sets 3,880,643 -> 3,883,191 (hard #4 221,517 ->
 * 224,065, the others the same: their answering nodes have fewer cards). At every size (no
 * limit): the quick sets 3,926,117 (13v13 646,107 -> 766,356) and hard-random #4 1.77 M -> 6.14 M;
 * from 27 cards: 17v17 26,822,586, 20v17 6,647,961, hard-random 67,052,474, 15v15 2,161,639 ->
 * 2,189,899. scratch holds n moves. */
int ddz_fast_control_cards = 31;

static void control_last(ddz_move *mv, size_t n, const ddz_move *last, const facts *fe, const ddz_rules *r,
                         ddz_move *scratch)
{
    size_t kind = 0, beatable = 0, controls = 0;
    while (kind < n && mv[kind].type == last->type)
        kind++;
    for (size_t i = 0; i < kind; i++) {
        if (unbeatable(&mv[i], fe, r))
            scratch[controls++] = mv[i];
        else
            mv[beatable++] = mv[i]; /* beatable <= i: a stable compaction in place */
    }
    memcpy(mv + beatable, scratch, controls * sizeof *mv);
}

/* ---- Dominated moves -----------------------------------------------------------------------
 * A move is left out of a node's list when another move of the list is at least as good for the
 * side to move (its value is a win whenever the left-out one's is), so the node's value, the OR
 * over its children, stays the same. The root's first moves are never left out (each one's value
 * is asked), and the cheap tests above see the whole list.
 *
 * The lemma. Let a < b be ranks in 3..2 (no joker: rlcard refuses both jokers as kickers), k 1
 * to 3, S a hand with no a and so few b's that B = S + k*b holds at most two b's (three when S
 * holds no triple next to b), and a in no chain (straight; k >= 2 also pair straight; k = 3 also
 * airplane) of A = S + k*a. Then against any opponent hand, in
 * any situation (to lead, to answer the same move, or the opponent to answer moves of equal
 * answers), holding B = S + k*b is at least as good as holding A. Strategy stealing: the
 * B-holder plays what a winning strategy of the A-holder plays, with its a's (one to three)
 * replaced by as many b's. The image is a legal move of the same type and shape: single a ->
 * single b and pair aa -> pair bb (a higher main: it beats whatever the other beats, and fewer
 * answers beat it); a's as kickers or wings -> b's (the same type, main and length: the same
 * answers; b is no core rank, and the kicker rules of both conventions, movegen.c: ranks other
 * than the core's, at most the count held, at most two of a four's singles, at most two next to
 * a chain, not both jokers, read a and b alike while the image holds at most two b's, or three
 * not next to a chain, which the limits on S's b's make sure of; triple aaa -> bbb and the
 * triple of a triple1/triple2 likewise, a higher main); a is in no chain (a four needs four a's,
 * and the chains of A's sub-hands are A's, none through a). So every
 * move of the opponent is one it also has in the A-holder's game, where the strategy answers
 * it; the moves without a's are the same in both; after each move the two hands are again
 * S' + j*a and S' + j*b (j <= k) or equal; hand sizes stay equal, so the B-holder empties its
 * hand when the A-holder does, before the opponent.
 *
 * The rules (a absent from the move m, a < b, a held k times in the hand and in no chain of
 * m's rest A, as the lemma asks, b no rank of m's core): (kickers, k = 1) a move with single
 * kickers or wings (triple1, plane1, four2) holding a b, whose rest holds at most one b, is
 * dominated by the same move with that b replaced by a; (kickers, k = 2) a move whose kickers
 * or wings hold two b's (a pair kicker, or two singles), none left in its rest, is dominated
 * by the same move with aa in their place; both are legal moves of the same type, main and
 * length, so of the same answers, and their rests are A and B. (Equal singles and pairs) the
 * single b, at most one b left (k = 1), or the pair bb, none left (k = 2), is dominated by the
 * single a or pair aa when the opponent holds no rank of (a, b] k or more times (its answers to
 * both are the same) and a beats the move to beat when answering; (equal triples, k = 3) the
 * triple, triple1 or triple2 of b's is dominated by the same with a's when the opponent holds no
 * triple of (a, b], a beats the move to beat when answering, and no triple of the rest is next
 * to b. In each rule one more b may be left in the rest when no triple of the rest is next to
 * b. Every dominating move is in the list (it may be left out in turn, by one of lower ranks:
 * the chain ends in the list). Off with ddz_fast_disable bit 512; check_ddz_solver's
 * test_dominated holds it against the search without it, test_dominated_nodes at the node that
 * applies it.
 *
 * Measured (one thread, nodes, first win; `ddz bench SETS --threads 1 --time-limit 120`, the
 * hard-random set without its #1, the 99 M-node win: hr-no1), before / the kicker rule and the
 * equal singles and pairs with b held once or twice exactly (a in no chain of the hand) / the
 * rules as they are: deal-13v13 646,107 / 563,155 / 450,040; 12v12 712,875 / 441,731 /
 * 404,652; 15v15 2,161,639 / 1,255,923 / 979,985; published 121,114 / 80,474 / 67,011; hard
 * 241,456 / 183,710 / 127,490; deal-17v17 26,496,946 / 15,044,702 / 11,509,839; deal-20v17
 * 6,603,752 / 4,428,444 / 3,407,815; hr-no1 222,775,773 / 148,798,230 / 116,491,263 (its worst,
 * #3, 31.65 M -> 19.14 M; 17v17 #12 7.05 M -> 3.83 M, #1 7.00 M -> 3.22 M, #4 6.19 M -> 1.96 M).
 * Then (after main's eviction by subtree size, 5019ce5) the equal triples and up to three b's in
 * the image: the quick sets 2,028,885 -> 1,977,945, 17v17 11,433,324 -> 10,797,919, 20v17
 * 3,409,700 -> 3,125,821, hr-no1 114,515,165 -> 109,693,822 (#9 +13%, #1 +3%, the rest fewer).
 * Tried and dropped: the same for straights and pair straights (the chain one rank lower, of the
 * same length, when the opponent holds no chain of that length starting at the higher one's
 * start): 17v17 11,145,558, 20v17 3,250,317, but hr-no1 119,150,089 (#9 3.57 M -> 5.16 M),
 * 15v15 993,606. */
unsigned long long ddz_fast_dominated; /* moves left out, all solves (a test hook; relaxed adds) */

/* The ranks covered by a run of at least len bits of g. */
static inline unsigned runs_of(unsigned g, int len)
{
    unsigned starts = g;
    for (int l = 1; l < len; l++)
        starts &= g >> l;
    unsigned cover = starts;
    for (int l = 1; l < len; l++)
        cover |= starts << l;
    return cover;
}

/* The ranks where the count in the hand x is not 0 (bits 0..14). */
static inline unsigned ranks_held(ddz_hand x) { return gather((x | x >> 1 | x >> 2) & NIBBLE_LOW); }

static size_t leave_dominated(ddz_move *mv, size_t n, ddz_hand me, const facts *fme, const facts *fe,
                              const ddz_rules *r, const ddz_move *last)
{
    facts fm;
    if (fme)
        fm = *fme; /* me's facts, handed down (see search) */
    else
        read_facts(me, r, &fm);
    const unsigned low13 = 0x1fffu; /* 3..2 */
    unsigned once = fm.ge[1] & ~fm.ge[2] & low13, twice = fm.ge[2] & ~fm.ge[3] & low13;
    unsigned thrice = fm.ge[3] & ~fm.ge[4] & low13;
    if (!once && !twice && !(thrice & (thrice - 1u)))
        return n;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        const ddz_move *m = &mv[i];
        int t = m->type, out = 0;
        int single_units = t == DDZ_SINGLE || t == DDZ_TRIPLE_SINGLE || t == DDZ_AIRPLANE_SINGLES ||
                           t == DDZ_FOUR_TWO_SINGLES;
        int pair_units = t == DDZ_PAIR || t == DDZ_TRIPLE_PAIR || t == DDZ_AIRPLANE_PAIRS || t == DDZ_FOUR_TWO_PAIRS;
        unsigned used = single_units || pair_units ? ranks_held(m->cards) : 0;
        /* Cheap first (the same moves left out; 1,062 M -> 1,033 M instructions on 13v13 #11, #13
         * and published row 8): no rank a (held once, or twice) outside the move, below a single's
         * or pair's rank, means no a for the unit rules (the equal triples' rule, below, still
         * looks). */
        unsigned cand = (single_units ? once : 0) | twice;
        if (t == DDZ_SINGLE || t == DDZ_PAIR)
            cand = (t == DDZ_SINGLE ? once : twice) & ((1u << m->main) - 1u);
        if ((single_units || pair_units) && (cand & ~used)) {
            ddz_hand rest = me - m->cards;
            unsigned left = ranks_held(rest), left2 = gather((rest >> 1 | rest >> 2) & NIBBLE_LOW);
            unsigned chain1 = runs_of(left & 0xfffu, 5), chain2 = chain1 | runs_of(left2 & 0xfffu, 3);
            unsigned core = t == DDZ_SINGLE || t == DDZ_PAIR ? 0 : ((2u << (m->main + m->len - 1)) - 1u) & ~((1u << m->main) - 1u);
            /* b: a unit (a single of at most 2 held, or a pair of exactly 2) of the move outside its
             * core; a: a rank of the same count in the hand, absent from the move, in no chain of the rest */
            /* up to three b's in the image when no triple of the rest is next to b (see the lemma) */
            unsigned left3 = gather((rest >> 2 | (rest & rest >> 1)) & NIBBLE_LOW), lone = ~(left3 << 1 | left3 >> 1);
            unsigned b1 = single_units ? used & ~core & ~left3 & (~left2 | lone) & low13 : 0;
            unsigned b2 = (pair_units ? used : gather((m->cards >> 1 | m->cards >> 2) & NIBBLE_LOW)) & ~core & ~left2 &
                          (~left | lone) & low13;
            unsigned a1 = once & ~used & ~chain1, a2 = twice & ~used & ~chain2;
            for (int k = 1; k <= 2 && !out; k++) {
                unsigned bs = k == 1 ? b1 : b2, as = k == 1 ? a1 : a2;
                if (!bs || !as)
                    continue;
                if (core)
                    out = __builtin_ctz(as) < 31 - __builtin_clz(bs);
                else if (t == (k == 1 ? DDZ_SINGLE : DDZ_PAIR) && (bs >> m->main & 1u)) {
                    int b = m->main;
                    unsigned below = as & ((1u << b) - 1u);
                    if (last->type == t)
                        below = above(below, last->main);
                    if (below) {
                        int a = 31 - __builtin_clz(below);
                        unsigned between = ((2u << b) - 1u) & ~((2u << a) - 1u); /* (a, b] */
                        out = !(fe->ge[k] & between);
                    }
                }
            }
        }
        if ((t == DDZ_TRIPLE || t == DDZ_TRIPLE_SINGLE || t == DDZ_TRIPLE_PAIR) && (thrice >> m->main & 1u)) {
            /* equal triples (k = 3): bbb -> aaa, the kickers kept */
            int b = m->main;
            ddz_hand rest = me - m->cards;
            unsigned left = ranks_held(rest), left2 = gather((rest >> 1 | rest >> 2) & NIBBLE_LOW);
            unsigned left3 = gather((rest >> 2 | (rest & rest >> 1)) & NIBBLE_LOW);
            unsigned chain = runs_of(left & 0xfffu, 5) | runs_of(left2 & 0xfffu, 3) | runs_of(left3 & 0xfffu, 2);
            unsigned below = thrice & ~ranks_held(m->cards) & ~chain & ((1u << b) - 1u);
            if (last->type == t)
                below = above(below, last->main);
            if (below) {
                int a = 31 - __builtin_clz(below);
                unsigned between = ((2u << b) - 1u) & ~((2u << a) - 1u); /* (a, b] */
                unsigned next = (b > 0 ? 1u << (b - 1) : 0) | 1u << (b + 1);
                out = !(fe->ge[3] & between) && !(left3 & ~(1u << a) & next & 0xfffu);
            }
        }
        if (!out)
            mv[kept++] = *m;
    }
    return kept;
}

size_t ddz_fast_leave_dominated(ddz_move *mv, size_t n, ddz_hand me, ddz_hand en, const ddz_move *last,
                                const ddz_rules *rules)
{
    facts fe;
    read_facts(en, rules, &fe);
    return leave_dominated(mv, n, me, NULL, &fe, rules, last);
}

static killer *killers_new(void)
{
    killer *k = malloc(KILLER_PLIES * sizeof *k);
    if (k)
        tt_killers_clear(k, KILLER_PLIES);
    return k;
}

/* Refutation table: one per solve, shared by its threads, the move that last won a node, by the
 * side to move's hand, the move to beat (a pass: leading) and the opponent's card count, not its
 * cards, so that it carries over
 * to the positions that differ from that node only in which cards the opponent holds (another
 * line spent others of the same count): the table's key tells those apart, this one not. A node
 * finding its entry tries that move first, in front of the killers; a pass that wins is not
 * stored (an entry stays as it was). Buckets of two slots, REFUTE_SLOTS in all; a new entry
 * takes the slot of its key, else an empty one, else the one of fewer cards in the two hands
 * (a win near the root orders a bigger subtree).
 * Shared, a thread that joins a split finds what the others learned; a table per thread (as it
 * was) left 16 threads' helpers cold: 16 threads on 2 cores, nodes over one thread's, 17v17
 * 1.53 / 1.73 -> 1.29 / 1.28, 20v17 1.37 / 1.37 -> 1.19 / 1.15 (two runs each, alternating), the
 * hard set 1.91 -> 1.61 (docs/ddz-parallel-search.md, "Eighth round").
 * The killer answers and the answer history are coarser forms of it (by ply, by ranks); this is
 * the chess programs' refutation table, keyed by the mover's hand instead of the position. The
 * order only: off with ddz_fast_disable bit 1024, the same answers. Measured (one thread, nodes,
 * first win; docs/ddz-parallel-search.md, "Sequential, sixth round"). */
#define REFUTE_BITS 16
#define REFUTE_SLOTS ((size_t)1 << REFUTE_BITS)
typedef struct refute_slot {
    ddz_hand me;
    uint32_t key; /* the move to beat's type | main << 4 | len << 8, the opponent's cards << 16, both hands' << 24 */
    uint32_t gen; /* the solve that wrote it: a slot of another generation is empty */
    ddz_move move;
} refute_slot;

/* The tables are kept between solves, in a pool (refute_take, refute_give): a fresh 2 MiB table
 * for each solve cost about 54 us of calloc and page faults, many times a small solve's search
 * (the retrograde oracle's positions, one solve each: 6.6 -> 70.9 us a position; a strategy's
 * nodes, solved one by one). A table taken again starts a new generation, and a slot of another
 * generation reads as empty, so every solve still starts from an empty table: the same order, the
 * same nodes as a fresh one. The pool keeps at most as many tables as solves ever ran at once. */
typedef struct refute_table {
    struct refute_table *next; /* in the pool */
    uint32_t gen;              /* the generation of the solve that holds it: 1, 2, ... */
    refute_slot slot[REFUTE_SLOTS];
} refute_table;

static refute_table *refute_pool;
static pthread_mutex_t refute_pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* A table that reads as empty, or NULL (out of memory: none, the same answers). */
static refute_table *refute_take(void)
{
    pthread_mutex_lock(&refute_pool_lock);
    refute_table *t = refute_pool;
    if (t)
        refute_pool = t->next;
    pthread_mutex_unlock(&refute_pool_lock);
    if (!t && !(t = calloc(1, sizeof *t)))
        return NULL;
    if (++t->gen == 0) { /* the generations wrapped: clear it once */
        memset(t->slot, 0, sizeof t->slot);
        t->gen = 1;
    }
    return t;
}

static void refute_give(refute_table *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&refute_pool_lock);
    t->next = refute_pool;
    refute_pool = t;
    pthread_mutex_unlock(&refute_pool_lock);
}

static inline uint32_t refute_key(const ddz_move *last, int me_cards, int en_cards)
{
    return (uint32_t)last->type | (uint32_t)last->main << 4 | (uint32_t)last->len << 8 | (uint32_t)en_cards << 16 |
           (uint32_t)(me_cards + en_cards) << 24;
}

/* The bucket (two slots) of a key. */
static inline refute_slot *refute_bucket(const ctx *c, ddz_hand me, uint32_t key)
{
    return &c->refute->slot[tt_mix(me * 0x9e3779b97f4a7c15ull ^ (uint64_t)key * 0xc2b2ae3d27d4eb4full) & (REFUTE_SLOTS - 2)];
}

/* The slot of (me, key) in bucket b, or NULL. The threads of a solve share one table: every
 * field is read and written on its own, relaxed, so a slot read while another thread writes it
 * may mix two entries; its move then only orders (tt_promote moves it first only if it is among
 * the node's moves), so the answers are the same. */
#define RLOAD(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define RSTORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
static inline int refute_holds(const refute_slot *s, uint32_t gen, ddz_hand me, uint32_t key)
{
    return RLOAD(s->gen) == gen && RLOAD(s->me) == me && RLOAD(s->key) == key;
}

/* The move of (me, key) in bucket b, or 0 with none. */
static inline int refute_find(const refute_slot *b, uint32_t gen, ddz_hand me, uint32_t key, ddz_move *out)
{
    const refute_slot *s = refute_holds(&b[0], gen, me, key) ? &b[0] : refute_holds(&b[1], gen, me, key) ? &b[1] : NULL;
    if (!s)
        return 0;
    out->cards = RLOAD(s->move.cards);
    out->type = RLOAD(s->move.type);
    out->main = RLOAD(s->move.main);
    out->len = RLOAD(s->move.len);
    return 1;
}

static inline void refute_put(refute_slot *b, uint32_t gen, ddz_hand me, uint32_t key, const ddz_move *m)
{
    refute_slot *s = refute_holds(&b[1], gen, me, key)         ? &b[1]
                     : refute_holds(&b[0], gen, me, key)       ? &b[0]
                     : RLOAD(b[0].gen) != gen                  ? &b[0]
                     : RLOAD(b[1].gen) != gen                  ? &b[1]
                     : (RLOAD(b[0].key) >> 24) <= (RLOAD(b[1].key) >> 24) ? &b[0]
                                                                          : &b[1];
    RSTORE(s->me, me);
    RSTORE(s->key, key);
    RSTORE(s->gen, gen);
    RSTORE(s->move.cards, m->cards);
    RSTORE(s->move.type, m->type);
    RSTORE(s->move.main, m->main);
    RSTORE(s->move.len, m->len);
}

/* One remembered split test: h (to lead) against en; h == 0: empty. */
#define SPLIT_MEMO 16384
#define SPLIT_MEMO_AFTER 4096 /* nodes: a small solve would spend more clearing the memo */
typedef struct split_memo {
    ddz_hand h, en;
    int result;
} split_memo;

/* Stores a value in the table (tt_put), counting the stores of this thread, which grow each
 * table on its own count (tt_stored). `work`, the entry's priority when a full bucket must evict
 * one (the lowest goes): the bit length of the nodes this thread searched under the position, 0
 * for one a cheap test decided. It was the cards in the two hands; the work an entry saves is
 * what a lookup of it spares, and a position of many cards is often decided in few nodes (a cut
 * by its first child) while one of fewer may have taken millions. Measured (one thread, first
 * win, nodes, the default 256 MiB past 30 cards): the hard random set but its #1, 222,775,773 ->
 * 208,244,586 (#2 32.3 M -> 29.5 M, #11 13.1 M -> 10.7 M; every one of the 12 fewer),
 * deal-17v17 26,496,946 -> 25,940,868, deal-20v17 6,603,752 -> 6,626,200; the quick sets (their
 * tables of 8-64 MiB) 3,883,191 -> 3,863,340 (13v13 646,107 -> 645,491, 12v12 712,875 -> 693,153,
 * 15v15 2,161,639 -> 2,162,241, published 121,114 -> 121,028, hard 241,456 -> 241,427). */
static void tt_store(ctx *c, tt_table *t, tt_bucket *b, ddz_hand me, ddz_hand en, uint32_t lk, int value, int work)
{
    c->evictions += (unsigned)tt_put(t, b, me, en, lk, value, work);
    c->stores++;
    tt_stored(t, t == c->own ? ++c->own_stores : c->stores - c->own_stores);
}

static const ddz_move pass_move = {0, DDZ_PASS, 0, 0};

/* Orders a move list in place for "a win early". A move that empties the hand is tested before
 * this is called. Leading: the moves spending more cards first (big groups shed the hand and
 * leave fewer singles for the opponent to top), in the generator's order within a card count.
 * Answering: the answers in kind from the highest down (the generator lists them from the
 * lowest: they are reversed), then bombs and the rocket, the pass last (passing hands the lead
 * over). Measured on the 13v13 and published sets (one thread, nodes): answering in the
 * leading order, 2,468,828 in all and 888,452 at worst; highest answer first, 1,506,971 and
 * 459,937 (bombs before the answers in kind: no better; the lowest answer first with bombs
 * after: 1,899,696 and 621,766); leading with fewer cards first, or the reverse order within a
 * card count, up to 8x more. A counting sort on the card count when leading: stable, so this
 * order depends on the move list alone (the killers and the history, applied after it, depend
 * on what the thread searched before). */
static inline int answering_order(const ddz_move *last)
{
    return last->type != DDZ_PASS && !(ddz_fast_disable & 32);
}

/* The class a move is tried in, smaller first: leading, DDZ_MAX_HAND - its cards (the pass,
 * never legal then, last); answering, 0 in kind, 1 a bomb or the rocket, 2 the pass. */
static inline int order_class(const ddz_move *m, const ddz_move *last)
{
    if (answering_order(last))
        return m->type == last->type ? 0 : m->type == DDZ_PASS ? 2 : 1;
    return DDZ_MAX_HAND - (m->type == DDZ_PASS ? 0 : hand_size(m->cards));
}

enum { ORDER_CLASSES = DDZ_MAX_HAND + 1 };

/* Where each class starts in the ordered list: a counting sort, stable (the order depends on
 * the move list alone). */
static void order_starts(const ddz_move *mv, size_t n, const ddz_move *last, size_t start[ORDER_CLASSES + 1])
{
    memset(start, 0, (ORDER_CLASSES + 1) * sizeof *start);
    for (size_t i = 0; i < n; i++)
        start[order_class(&mv[i], last) + 1]++;
    for (int b = 1; b <= ORDER_CLASSES; b++)
        start[b] += start[b - 1];
}

/* The leading order of ddz_tt_order (most cards first, stably), each move's cards read off its
 * type and length (a move of type t and length l spends per_group[t] * l cards) and only the
 * card counts present walked (1,109 M -> 1,093 M instructions, 13v13 #11, #13 and published row
 * 8, callgrind, one thread). */
static void lead_order(ddz_move *mv, size_t n, ddz_move *scratch)
{
    static const unsigned char per_group[DDZ_TYPES] = {
        [DDZ_SINGLE] = 1,           [DDZ_PAIR] = 2,           [DDZ_TRIPLE] = 3,          [DDZ_TRIPLE_SINGLE] = 4,
        [DDZ_TRIPLE_PAIR] = 5,      [DDZ_STRAIGHT] = 1,       [DDZ_PAIR_STRAIGHT] = 2,   [DDZ_AIRPLANE] = 3,
        [DDZ_AIRPLANE_SINGLES] = 4, [DDZ_AIRPLANE_PAIRS] = 5, [DDZ_FOUR_TWO_SINGLES] = 6, [DDZ_FOUR_TWO_PAIRS] = 8,
        [DDZ_BOMB] = 4,             [DDZ_ROCKET] = 2};
    unsigned short at[DDZ_MAX_HAND + 2] = {0}; /* moves of each card count, then where they start */
    int most = 0, least = DDZ_MAX_HAND;
    for (size_t i = 0; i < n; i++) {
        int k = mv[i].type < DDZ_TYPES ? per_group[mv[i].type] * mv[i].len : 0;
        at[k]++;
        most = k > most ? k : most;
        least = k < least ? k : least;
    }
    unsigned short start = 0;
    for (int k = most; k >= least; k--) {
        unsigned short c = at[k];
        at[k] = start;
        start = (unsigned short)(start + c);
    }
    for (size_t i = 0; i < n; i++) {
        int k = mv[i].type < DDZ_TYPES ? per_group[mv[i].type] * mv[i].len : 0;
        scratch[at[k]++] = mv[i];
    }
    memcpy(mv, scratch, n * sizeof *mv);
}

/* The order (ddz_tt_order): answering with the answers in kind highest first. An answering list
 * comes from the generator as the pass, the answers in kind from the lowest, then any bombs and
 * the rocket (ddz_movegen.h), so the same order is made in place: the pass and the answers in
 * kind reversed together (the pass lands after them), then the pass moved behind the bombs
 * (1,224 M -> 1,210 M instructions, 13v13 #11, #13 and published row 8, callgrind, one thread). */
static void order_moves(ddz_move *mv, size_t n, const ddz_move *last, ddz_move *scratch)
{
    if (last->type == DDZ_PASS && n <= 65535) {
        lead_order(mv, n, scratch);
        return;
    }
    if (!answering_order(last) || n == 0 || mv[0].type != DDZ_PASS) {
        ddz_tt_order(mv, n, answering_order(last) ? last : NULL, scratch, 1);
        return;
    }
    size_t kind = 1;
    while (kind < n && mv[kind].type == last->type)
        kind++;
    for (size_t i = 0, j = kind - 1; i < j; i++, j--) {
        ddz_move t = mv[i];
        mv[i] = mv[j];
        mv[j] = t;
    }
    if (kind < n) {
        ddz_move pass = mv[kind - 1];
        memmove(mv + kind - 1, mv + kind, (n - kind) * sizeof *mv);
        mv[n - 1] = pass;
    }
}

/* ---- Cheap exact tests ------------------------------------------------------------------- */

/* The opponent's facts (what it can answer with) and the unanswerable-move test: unbeatable,
 * ddz_search_table.h, shared with the three-player search. */

/* The key of "the move to beat" (tt_answer_key, ddz_search_table.h): what decides the answers. */
#define KEY_NOKIND TT_KEY_NOKIND
#define KEY_PASSONLY TT_KEY_PASSONLY

int ddz_fast_disable;

static DDZ_TT_INLINE uint32_t canon_key(const facts *f, const ddz_move *last, const ddz_rules *r)
{
    if (last->type != DDZ_PASS && (ddz_fast_disable & 4))
        return (uint32_t)last->type | (uint32_t)last->main << 4 | (uint32_t)last->len << 8;
    return tt_answer_key(f, last, r);
}

/* Rank collapse (tt_collapse in ddz_search_table.h, why it keeps every value): the chain ranks
 * either side holds. Then the ranks above A (tt_collapse_high): with no hand holding both jokers,
 * the held ones among 2, X and D moved down onto the lowest places from the 2's, so that the
 * positions differing only in which joker is left (an answer of X or of D, from a hand holding
 * both, against one holding none) share an entry. Measured (one thread, nodes, first win):
 * hard-random 85,858,141 -> 73,596,603 (#4 6,894,719 -> 1,773,284: the single 3's refutations
 * by X and by D were two searches of one position), 17v17 33,480,621 -> 29,149,329, 20v17
 * 7,024,705 -> 6,623,921, 13v13 686,222 -> 646,107, 12v12 725,691 -> 712,875, 15v15 2,267,606 ->
 * 2,161,639, published 136,280 -> 121,114, hard 258,879 -> 238,908. */
static inline unsigned chain_present(ddz_hand both)
{
    return gather((both | both >> 1 | both >> 2) & NIBBLE_LOW) & 0xfffu;
}

/* The collapsed key of a position whose chain ranks (3..A) held by either side are `present`. */
static DDZ_TT_INLINE void collapse(unsigned present, ddz_hand *a, ddz_hand *b, uint32_t *lk)
{
    /* Off with the reduced key too: the main mapping reads canon_key's form. */
    if (ddz_fast_disable & 12)
        return;
    ddz_hand h[2] = {*a, *b};
    tt_collapse(present, h, 2, lk);
    tt_collapse_high(h, 2, lk);
    *a = h[0];
    *b = h[1];
}

/* one_move past its count filter: h (n cards of d ranks, some count 3 or more, or a chain of
 * equal counts) read, the shapes that could hold all of it checked, then the generator on h. */
static int one_move_read(ctx *c, ddz_hand h, int n, int d, ddz_move *scratch, size_t cap)
{
    const ddz_rules *r = c->rules;
    /* Read on the counts themselves, the hand's facts only for the generator (most hands stop
     * before it: 1,033 M -> 1,027 M instructions, 13v13 #11, #13 and published row 8): c3 the
     * ranks held three or four times, a chain every count the same (1 to 3) on d ranks in a row
     * within 3..A. */
    uint64_t held = (h | h >> 1 | h >> 2) & NIBBLE_LOW, four = (h >> 2) & NIBBLE_LOW;
    uint64_t three = (h >> 2 | (h & h >> 1)) & NIBBLE_LOW;
    int c3 = (int)((three * 0x1111111111111111ull) >> 60); /* at most 15: no carry out */
    int each = n == d ? 1 : n == 2 * d ? 2 : n == 3 * d ? 3 : 0;
    int chain = each && h == held * (uint64_t)each && !(held >> 48) &&
                held >> __builtin_ctzll(held) == NIBBLE_LOW >> (4 * (15 - d));
    if (!chain && !c3)
        return 0;
    if (!chain && !(n <= 5 || (n == 6 && four) || (n == 8 && four) || (n % 4 == 0 && n / 4 <= c3) ||
                    (n % 5 == 0 && n / 5 <= c3)))
        return 0;
    facts f;
    read_facts(h, r, &f);
    size_t k = ddz_generate_read(h, f.ge, &pass_move, r, scratch, cap);
    if (k > cap)
        return 0; /* cannot tell: "not one move" only weakens the test */
    for (size_t i = 0; i < k; i++)
        if (scratch[i].cards == h)
            return 1;
    return 0;
}

/* Nonzero when the cards of h are exactly one legal lead. A count filter first (only a chain
 * of equal counts or a shape with a triple can hold more than three cards), inline where the
 * split test calls it (most hands stop there), then one_move_read. */
static DDZ_TT_INLINE int one_move(ctx *c, ddz_hand h, ddz_move *scratch, size_t cap)
{
    const ddz_rules *r = c->rules;
    int n = hand_size(h);
    if (n == 0)
        return 0;
    if (n == 1)
        return allowed(r, DDZ_SINGLE);
    /* Without reading every fact first: the distinct ranks d, and whether some count is 3 or 4. */
    uint64_t held = (h | h >> 1 | h >> 2) & NIBBLE_LOW, big = (h >> 2 | (h & h >> 1)) & NIBBLE_LOW;
    int d = (int)((held * 0x1111111111111111ull) >> 60); /* at most 15 ranks: no carry out */
    if (n == 2)
        return d == 1 ? allowed(r, DDZ_PAIR)
                      : h == ((ddz_hand)1 << (4 * DDZ_RX) | (ddz_hand)1 << (4 * DDZ_RD)) && allowed(r, DDZ_ROCKET);
    if (n == 3)
        return d == 1 && allowed(r, DDZ_TRIPLE); /* the one move of three cards */
    if (!big) {
        /* Singles and pairs only (most hands asked): one move only as a chain of equal counts,
         * at least five singles or three pairs long (compared, not divided: an idiv a call). */
        if (!((n == d && d >= 5 && h == held) || (n == 2 * d && d >= 3 && h == 2 * held)))
            return 0;
    }
    return one_move_read(c, h, n, d, scratch, cap);
}

/* Cheap test 2: the hand h (to lead) wins when it splits into moves u1..uk, all but the last
 * unanswerable by the opponent's whole hand, the last any legal lead: each u is answered by a
 * pass (the opponent's hand stays the same, so each stays unanswerable whatever the order), and
 * the last empties the hand. u[from..nu) are the candidate unanswerable moves (moves of a
 * bigger hand are moves of any part that holds their cards); sets, not sequences: an index never
 * goes down. */
static int split_win(ctx *c, ddz_hand h, const ddz_move *u, size_t from, size_t nu, ddz_move *scratch, size_t cap,
                     int depth)
{
    for (size_t i = from; i < nu; i++) {
        if (!hand_has(h, u[i].cards))
            continue;
        ddz_hand rest = h - u[i].cards;
        if (rest == 0 || one_move(c, rest, scratch, cap))
            return 1;
        if (depth > 1 && split_win(c, rest, u, i, nu, scratch, cap, depth - 1))
            return 1;
    }
    return 0;
}

#define SPLIT_DEPTH 8
#define ETC_MOVES 64

/* Cheap test 2 at a node: leading, the hand splits as split_win says; answering, an answer the
 * opponent cannot answer (it must pass, and the lead comes back) leaves a rest that splits so.
 * mv[0..n) are the node's moves; scratch holds cap moves. */
/* The split test of a hand h to lead against the opponent's facts f: h's lead moves (mv[0..n),
 * or generated when mv is NULL) the opponent cannot answer, then split_win. Answering nodes ask
 * it of the same rests again and again, so each thread keeps the last answer per slot of a
 * small direct-mapped memo (exact: the full hands are compared), made once a solve has passed
 * SPLIT_MEMO_AFTER nodes. A rest's unanswerable leads come from ddz_generate_unanswered, which
 * skips the leads that the opponent's bomb or best core of the kind beats, instead of all its
 * leads filtered by unbeatable(): the same list, 1,276 M -> 1,249 M instructions (13v13 #11,
 * #13 and published row 8, callgrind, one thread). */
static int lead_split(ctx *c, ddz_hand h, const facts *f, const ddz_move *mv, size_t n, ddz_move *scratch, size_t cap)
{
    split_memo *m = NULL;
    if (!c->memo && c->nodes >= SPLIT_MEMO_AFTER)
        c->memo = calloc(SPLIT_MEMO, sizeof *c->memo); /* NULL: no memo, the same answers */
    if (c->memo) {
        m = &c->memo[tt_mix(h * 0x9e3779b97f4a7c15ull ^ f->hand) & (SPLIT_MEMO - 1)];
        if (m->h == h && m->en == f->hand)
            return m->result;
    }
    size_t ucap = cap / 2, nu = 0;
    ddz_move *u = scratch;
    if (!mv) {
        facts fh;
        read_facts(h, c->rules, &fh);
        nu = ddz_generate_unanswered(h, fh.ge, f->hand, f->ge, c->rules, u, ucap);
        if (nu > ucap)
            return 0; /* cannot tell; not remembered */
    }
    for (size_t i = 0; i < n && nu < ucap; i++)
        if (unbeatable(&mv[i], f, c->rules))
            u[nu++] = mv[i];
    int result = nu && split_win(c, h, u, 0, nu, scratch + cap / 2, cap / 2, SPLIT_DEPTH);
    if (m) {
        m->h = h;
        m->en = f->hand;
        m->result = result;
    }
    return result;
}

static int split_test(ctx *c, ddz_hand me, const facts *fe, const ddz_move *last, const ddz_move *mv, size_t n,
                      ddz_move *scratch, size_t cap)
{
    if (fe->rocket)
        return 0; /* only the rocket goes unanswered, and the opponent holds it */
    if (last->type == DDZ_PASS)
        return lead_split(c, me, fe, mv, n, scratch, cap);
    for (size_t i = 0; i < n; i++) {
        if (mv[i].type == DDZ_PASS || !unbeatable(&mv[i], fe, c->rules))
            continue;
        ddz_hand rest = me - mv[i].cards;
        if (one_move(c, rest, scratch, cap) || lead_split(c, rest, fe, NULL, 0, scratch, cap))
            return 1;
    }
    return 0;
}

int ddz_fast_split_test(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules)
{
    ctx c = {0};
    size_t cap = (size_t)1 << 16;
    ddz_move *mv = malloc(2 * cap * sizeof *mv);
    if (!mv)
        return -1;
    c.rules = rules;
    facts fe;
    read_facts(en, rules, &fe);
    size_t n = ddz_generate(me, last, rules, mv, cap);
    int r = n <= cap && split_test(&c, me, &fe, last, mv, n, mv + cap, cap);
    free(mv);
    return r;
}

void ddz_fast_key(ddz_hand me, ddz_hand en, const ddz_move *last, const ddz_rules *rules, ddz_hand *key_me,
                  ddz_hand *key_en, uint32_t *key_last)
{
    facts fm;
    read_facts(me, rules, &fm);
    *key_last = canon_key(&fm, last, rules);
    *key_me = me;
    *key_en = en;
    collapse(chain_present(me | en), key_me, key_en, key_last);
}

/* A position's table key and bucket, worked out by its parent's transposition cutoff. */
typedef struct {
    ddz_hand me, en;
    uint32_t lk;
    tt_bucket *b;
    tt_table *t; /* the table b is in (table_for) */
} tt_key;

/* Young brothers wait (YBW; Feldmann et al. 1994, the parallel alpha-beta of Zugzwang), with
 * idle threads and split points as in the SMP searches of Crafty and the old Stockfish: with
 * more than one thread, thread 0 searches the root's first moves one after another (the others
 * join it there later: "The root splits") and the others wait, idle, for work. A node of at least ddz_fast_split_cards cards in the two hands whose first
 * two children did not win (ddz_fast_split_after, "Young brothers wait for two"; the node is then
 * most likely one whose every child must be refuted, where the win-first order leaves little to
 * speculate on) shares its other children, but only while some thread is idle: it goes on the
 * team's list of open splits, idle threads join the open split
 * nearest the root (at most ddz_fast_split_window threads on one, its owner included), and every thread on
 * it takes the next child in order from a shared counter. An owner with no child left to take
 * does not block: until its workers have left it joins the open splits below its own ("helpful
 * master"), counting as idle meanwhile so that they split for it. A child that wins sets the
 * split's `won`, which stops its siblings and everything below them (cut); what a stopped search
 * leaves is never stored, so every value stored is exact, and the answers are those of one
 * thread. With one thread nothing of this runs, and the node counts are those of before.
 * Measured (nodes; inflation: all threads' nodes over one thread's; busiest: the busiest thread's
 * share of them; 17v17 / 20v17 / hard-random sets, first-win mode, on the loaded 2-core VM;
 * docs/ddz-parallel-search.md, "Third round"): the design before (OpenMP tasks, splits from 20
 * cards, the owner waiting in taskwait) on 2 threads inflation 1.15 / 1.14 / 1.38, busiest 0.84 /
 * 0.82 / 0.88; this one, three runs, 0.97-1.00 / 1.11-1.18 / 1.11-1.18 and 0.54-0.57 / 0.57-0.59
 * / 0.53-0.54: the busiest thread does 0.53-0.69 of one thread's nodes (the CPU per node 9-20%
 * more). On 16 threads (time-sliced on 2 cores), inflation / busiest: a window of 2 1.05 / 0.28,
 * 1.30-1.36 / 0.31-0.32, 1.24 / 0.21; of 3 1.18 / 0.17, 1.45 / 0.23, 1.43 / 0.14 (more sharing,
 * but near the goal's 1.5); any number of threads on a split (17v17, 20v17) 1.27 / 0.13, 1.55 /
 * 0.19. Splits from 8 to 20 cards (20v17, 2 threads) all gave inflation 1.11-1.20 and busiest
 * 0.56-0.58, within the run-to-run noise. */
#ifndef DDZ_FAST_SPLIT_CARDS /* the build's defaults can be set (-D) for measuring them, as on a lent 16-core machine */
#define DDZ_FAST_SPLIT_CARDS 12
#endif
int ddz_fast_split_cards = DDZ_FAST_SPLIT_CARDS;
/* Young brothers wait for two: a node splits only after its first two children searched in full
 * failed (it was after the first). A node whose first child failed is often one whose second wins
 * (the win-first order's second guess), and what the other thread searched there meanwhile is
 * thrown away: 17v17 #1 and #12 spent 0.41 M of their 0.71 M extra nodes on 2 threads, and 0.62 of
 * 0.66 M, in children stopped by a sibling's win. Measured (docs/ddz-parallel-search.md, "The
 * team, sixth round"; 17v17 and 20v17 on 2 threads, four runs each alternating, both cores free):
 * inflation 17v17 1.21-1.29 -> 1.14-1.20, 20v17 1.135 (four times) -> 1.08-1.11; the hard set (one
 * run each) 1.109 -> 1.068 with the busiest thread 0.573 -> 0.599 of the nodes, so its nodes over
 * one thread's the same (0.636 -> 0.640) and its time too (69.4 -> 72.6 s); on 16 threads
 * inflation 17v17 1.21-1.22 -> 1.11-1.23, 20v17 1.26-1.52 -> 1.10-1.12, but the busiest thread
 * 0.47-0.51 -> 0.55-0.57 of the nodes on 17v17: fewer splits, less to share among many threads. */
#ifndef DDZ_FAST_SPLIT_AFTER
#define DDZ_FAST_SPLIT_AFTER 2
#endif
int ddz_fast_split_after = DDZ_FAST_SPLIT_AFTER;
/* Many threads: with more than two, a node splits after one failed child (ddz_fast_split_after_many)
 * and any number of threads work on one split (ddz_fast_split_window 0; it was 2), as many as its
 * failed children allow (two for each: "A split's room grows", which came later). With many idle
 * threads, a node that may yet win is worth sharing early, and a window of two left most of them
 * idle. Measured on a lent 16-core Intel Xeon (KVM, 1 thread a core; reports/ddz-scaling-16core/,
 * scripts/ddz-scaling.sh), the hard random set's total time, 64.4 s on 1 thread: window 2 and
 * after 2 (as before) 37.5 s on 4 threads, 38.3 on 8, 37.5 on 16 (inflation 1.37, the CPU busy
 * 5.8 cores of 16); any window, after 2: 32.2 s on 16 (inflation 1.84); any window, after 1:
 * 32.6 s on 4, 27.1 on 8, 24.4 on 16 (inflation 1.89, 7.7 cores busy; again on another lent
 * machine of the same kind 36.5, 29.7, 26.3 s, inflation 1.79); window 4, after 2: 33.4
 * s; any window, after 2, the team after 65,536 nodes: 29.4 s. On 2 threads neither setting
 * changes anything (a window of 2 is the whole team; after 2 measured better there, "Young
 * brothers wait for two"). */
#ifndef DDZ_FAST_SPLIT_AFTER_MANY
#define DDZ_FAST_SPLIT_AFTER_MANY 1
#endif
int ddz_fast_split_after_many = DDZ_FAST_SPLIT_AFTER_MANY;
unsigned long long ddz_fast_splits; /* counted with relaxed atomic adds (a test hook) */

/* Probes: a node with at least ddz_fast_probe_cards cards in the two hands first searches each
 * of its first PROBE_CHILDREN children (in order) with a budget of ddz_fast_probe_nodes nodes;
 * a child proved a win within it decides the node. Only then are the children searched in full,
 * in order, as before (what a probe finished is in the table). Most nodes tried before their
 * winning child fail in subtrees thousands of nodes big, while the winner's is often tens of
 * nodes (13v13 #11: a single answered with the 2, 51,308 nodes to refute, before a 6 that wins
 * in 81). A probe that runs out stores nothing and updates no killer or history (as a timeout);
 * no probe runs inside a probe. Measured (one thread, nodes, killers and history on): 13v13 and
 * published 919,982 -> 817,085 (worst 290,250 -> 204,482), 12v12 652,819 -> 722,871 (11%
 * more), 15v15 2,153,472 -> 2,176,941, hard 1,420,884 -> 258,541, 17v17 35,959,396 ->
 * 32,345,271, 20v17 9,271,658 -> 6,993,190. Other settings tried (budget, cards, children):
 * 256/16/64 and 1,024/16/64 (more nodes everywhere but the hard set), 128/16/8 (12v12 1.12 M),
 * 1,024/22/4 (13v13 802,432 but 15v15 2.41 M), 4,096/24/4 and 8,192/22/3 (13v13 964k and
 * 934k), 2,048/22 with 2 or 8 children (851k, 936k). The two hooks are for the tests, which
 * make every node probe with tiny budgets so that probes run out everywhere. */
#define PROBE_CHILDREN 4
int ddz_fast_probe_cards = 22;
unsigned ddz_fast_probe_nodes = 2048;

static int search(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last, const tt_key *k, const facts *fme,
                  const facts *fen);

static inline int cut(const ctx *c)
{
    if (*c->abort || c->probe_out || c->budget_out)
        return 1;
    for (const split_node *s = c->split; s; s = s->parent)
        if (atomic_load_explicit(&s->won, memory_order_relaxed))
            return 1;
    return 0;
}


/* Nonzero when m wins for the side to move (holding me, against en), one ply down. k: the
 * child's key from the transposition cutoff, or NULL. forced: the opponent can only pass to m,
 * so the position after the pass (this side to lead with the rest, k its key) is searched. fe:
 * en's facts, or NULL; handed down, the child does not read that hand again. */
static inline int play(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *m, int forced, const tt_key *k,
                       const facts *fe)
{
    int win;
    c->ply++;
    if (forced)
        win = search(c, me - m->cards, en, &pass_move, k, NULL, fe);
    else if (m->type == DDZ_PASS)
        win = !search(c, en, me, &pass_move, k, fe, NULL);
    else
        win = !search(c, en, me - m->cards, m, k, fe, NULL);
    c->ply--;
    return win;
}

/* The children of a split (a node's moves mv[0..n), the transposition cutoff's known values,
 * forced flags and keys for the first ne) taken in order from `next` by the owner and every
 * thread that joins it: the order stays the one thread's order. The node's frame holds them
 * until every worker has left (the owner waits for `workers` to reach 0). */
typedef struct split_work {
    split_node node;
    atomic_size_t next;
    atomic_int workers; /* threads other than the owner inside it, counted in under the team's lock */
    atomic_int failed;  /* its children searched in full that did not win, before the split too ("A split's room grows") */
    int size;           /* cards in the two hands: idle threads join the biggest split first */
    ddz_hand me, en;
    const ddz_move *mv;
    size_t n, ne;
    const signed char *known;
    const unsigned char *forced;
    const tt_key *ck;
    int ply;
    const killer *killers; /* the owner's killers of plies ply.. as the split began, or NULL */
    int killer_plies;
} split_work;

/* The team of a solve on more than one thread: the open splits (children left to take), the
 * idle threads waiting for one, a spin lock over the list. Thread 0 searches the root; the
 * others wait in team_idle until a split opens, join it, and come back. */
#define SPLIT_OPEN 64 /* open splits at most: a node finding the list full searches on alone */
#ifndef DDZ_FAST_SPLIT_WINDOW
#define DDZ_FAST_SPLIT_WINDOW 0
#endif
int ddz_fast_split_window = DDZ_FAST_SPLIT_WINDOW; /* threads at most on one split, the owner included; 0: any */
typedef struct split_team {
    atomic_int idle;  /* threads waiting for work (idle, or an owner waiting for its workers) */
    atomic_int done;  /* the root is decided: the idle threads leave */
    atomic_int lock;
    atomic_int nopen;
    split_work *open[SPLIT_OPEN];
    /* Idle threads that found nothing for a while sleep (see "Idle threads sleep"): `published`
     * counts the splits opened and the end of the root, `sleepers` the threads asleep on wake. */
    atomic_uint published;
    atomic_int sleepers;
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;
    int split_after; /* ddz_fast_split_after, or ddz_fast_split_after_many with more than two threads */
    int window;      /* ddz_fast_split_window, or the team's size when that is 0 */
    _Atomic unsigned long long nodes; /* the team's nodes, counted in steps of 1024 */
    unsigned long long root_nodes;    /* the team's nodes before the root opens ("The root splits") */
    _Atomic(struct root_work *) root; /* the root's first moves, open to the team (under the lock), or NULL ("The root splits") */
} split_team;

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* A thread with nothing to do: a few pauses, then the core to another thread (16 threads on
 * 2 cores must leave the working threads their time). */
static inline void wait_a_little(unsigned *spins)
{
    if (++*spins < 64)
        cpu_relax();
    else
        sched_yield();
}

/* Idle threads sleep: a thread of the team that has found no split to join in ddz_fast_idle_spins
 * tries (256: 64 pauses, then 192 sched_yields; 0: it never sleeps) sleeps on the team's condition
 * variable until a split is opened or the root is decided, instead of spinning on: on a machine
 * whose cores are busy with other work (this 2-core VM beside another helper's benchmarks, or 16
 * threads on 2 cores) the kernel gives the solve's threads together only their share of the CPU,
 * and a spinning idle thread takes its part of that share from the thread that has the work. The
 * thread that opens a split (or ends the root) first counts it in `published`,
 * then wakes the sleepers if `sleepers` says there are any; a thread going to sleep first counts
 * itself in `sleepers`, then sleeps only if `published` has not moved since it last looked for
 * work. Both are sequentially consistent atomics, so of the two orders one sees the other (no
 * wake-up is lost: either the opener sees the sleeper and broadcasts under the mutex, which the
 * sleeper holds from its check until it waits, or the sleeper sees the new count and does not
 * wait). A woken thread may find the split already taken: it looks again and, finding nothing,
 * sleeps again. A sleeping thread still counts in `idle`, so nodes go on splitting for it.
 * Measured (docs/ddz-parallel-search.md, "The team, sixth round"), the 17v17 set's four biggest
 * deals on 2 threads, alternating with idle threads that spin: on the loaded 2-core VM (the solve
 * given about one core) 10.80 / 9.68 s against 12.12 / 11.18 s, 907 / 833 ns of CPU a node against
 * 1,001 / 1,008; with both cores free the same wall time (7.58 / 6.98 s against 7.26 / 8.27 s) and
 * less CPU (12.4 / 11.4 s against 13.3 / 15.0 s); the nodes those of before. */
unsigned ddz_fast_idle_spins = 256;
unsigned long long ddz_fast_idle_sleeps; /* relaxed atomic adds (a test hook) */

static void team_sleep(split_team *t, unsigned seen)
{
    __atomic_fetch_add(&ddz_fast_idle_sleeps, 1, __ATOMIC_RELAXED);
    pthread_mutex_lock(&t->sleep_lock);
    atomic_fetch_add(&t->sleepers, 1);
    while (atomic_load(&t->published) == seen && !atomic_load(&t->done))
        pthread_cond_wait(&t->wake, &t->sleep_lock);
    atomic_fetch_sub(&t->sleepers, 1);
    pthread_mutex_unlock(&t->sleep_lock);
}

/* After a split is opened or the root decided: wakes the sleeping threads, if any. */
static void team_wake(split_team *t)
{
    atomic_fetch_add(&t->published, 1u);
    if (atomic_load(&t->sleepers) > 0) {
        pthread_mutex_lock(&t->sleep_lock);
        pthread_cond_broadcast(&t->wake);
        pthread_mutex_unlock(&t->sleep_lock);
    }
}

static void team_lock(split_team *t)
{
    unsigned spins = 0;
    while (atomic_exchange_explicit(&t->lock, 1, memory_order_acquire))
        while (atomic_load_explicit(&t->lock, memory_order_relaxed))
            wait_a_little(&spins);
}

static inline void team_unlock(split_team *t) { atomic_store_explicit(&t->lock, 0, memory_order_release); }

/* Takes w off the open list, if it is still on it (no thread joins it after). */
static void team_close(split_team *t, split_work *w)
{
    team_lock(t);
    int k = atomic_load_explicit(&t->nopen, memory_order_relaxed);
    for (int i = 0; i < k; i++)
        if (t->open[i] == w) {
            t->open[i] = t->open[k - 1];
            atomic_store_explicit(&t->nopen, k - 1, memory_order_relaxed);
            break;
        }
    team_unlock(t);
}

/* A split's room grows: with more than two threads, a split holds at most ddz_fast_split_grow
 * threads (its owner included) per child of its node searched in full that failed, and never more
 * than the window: two after the first failed child, four after the second, and so on; 0: the
 * window alone. Why: most of the work 16 threads add is at nodes that a later child wins, where
 * every thread that took a child past the winner searched in vain; a node whose first child failed
 * is still often one whose second or third wins (the win-first order's next guesses), while each
 * more child that fails makes it likelier that every child must be refuted, where all the threads
 * are worth having. On 2 threads nothing changes (the window is 2, and a split there follows two
 * failed children). Measured on the 2-core VM, 16 threads (`ddz bench ddz/bench/hard-random.txt
 * --threads 16 --time-limit 120`), nodes over one thread's (90,214,563): without it 1.61, 1.60,
 * 1.59 in three runs; two threads a failed child 1.47, 1.39, 1.49; one 1.41; three 1.50, 1.61; four
 * 1.56. The busiest thread's share of the nodes 0.146-0.153 without, 0.171-0.182 with two a
 * failed child. deal-17v17 and deal-20v17 (one run each) 1.26 and 1.09 with two. Not measured:
 * what it does to the wall time on 16 real cores (docs/ddz-parallel-search.md, "Ninth round"). */
#ifndef DDZ_FAST_SPLIT_GROW
#define DDZ_FAST_SPLIT_GROW 2
#endif
int ddz_fast_split_grow = DDZ_FAST_SPLIT_GROW;

/* The threads a split (or the root) whose node has `failed` children searched in full that
 * failed may hold, its owner included. */
static inline int room_for(const split_team *t, int failed)
{
    if (ddz_fast_split_grow <= 0 || t->window <= 2)
        return t->window;
    /* the less of grow x failed and the window, without overflow */
    return failed <= (t->window - 1) / ddz_fast_split_grow ? ddz_fast_split_grow * failed : t->window;
}

static inline int split_room(const split_team *t, split_work *w)
{
    return room_for(t, atomic_load_explicit(&w->failed, memory_order_relaxed));
}

/* Under the lock: the open split nearest the root (most cards, then fewest plies) with a child
 * left, not stopped, with room in its window, and below `under` when that is not NULL (an owner
 * waiting for its workers helps only them); NULL when there is none. Every split on the list and
 * every split above it is alive (an owner leaves a split only after closing it and waiting for its
 * workers, and a worker of a split stays inside every split above it meanwhile). */
static split_work *team_pick(split_team *t, const split_node *under)
{
    split_work *best = NULL;
    int k = atomic_load_explicit(&t->nopen, memory_order_relaxed);
    for (int i = 0; i < k; i++) {
        split_work *w = t->open[i];
        if (atomic_load_explicit(&w->next, memory_order_relaxed) >= w->n)
            continue;
        if (atomic_load_explicit(&w->workers, memory_order_relaxed) + 1 >= split_room(t, w))
            continue;
        if (best && (w->size < best->size || (w->size == best->size && w->ply >= best->ply)))
            continue;
        int stopped = 0, below = !under;
        for (const split_node *s = &w->node; s && !stopped; s = s->parent) {
            stopped = atomic_load_explicit(&s->won, memory_order_relaxed);
            below |= s->parent == under;
        }
        if (!stopped && below)
            best = w;
    }
    if (best)
        atomic_fetch_add_explicit(&best->workers, 1, memory_order_relaxed);
    return best;
}

static void split_take(ctx *c, split_work *w, int helper);
static struct root_work *root_pick(split_team *t);
static void root_help(ctx *c, struct root_work *r);

/* Joins a split on the open list (below `under`, when not NULL) if there is one: 1 when it
 * took part (and has left again), 0 when there was none. The caller counts itself idle. */
static int split_help(ctx *c, const split_node *under)
{
    split_team *t = c->team;
    if (atomic_load_explicit(&t->nopen, memory_order_relaxed) == 0)
        return 0;
    team_lock(t);
    split_work *w = team_pick(t, under);
    if (w)
        atomic_fetch_sub_explicit(&t->idle, 1, memory_order_relaxed);
    team_unlock(t);
    if (!w)
        return 0;
    split_take(c, w, 1);
    atomic_fetch_add_explicit(&t->idle, 1, memory_order_relaxed);
    atomic_fetch_sub_explicit(&w->workers, 1, memory_order_release);
    return 1;
}

/* Takes first moves of the root when it is open ("The root splits") and `under` is NULL (the
 * root being nearest the root), else joins a split (as split_help): 1 when it did either. The
 * caller counts itself idle. */
static int team_help(ctx *c, const split_node *under)
{
    split_team *t = c->team;
    if (!under && atomic_load_explicit(&t->root, memory_order_relaxed)) {
        team_lock(t);
        struct root_work *r = root_pick(t);
        if (r)
            atomic_fetch_sub_explicit(&t->idle, 1, memory_order_relaxed);
        team_unlock(t);
        if (r) {
            root_help(c, r);
            atomic_fetch_add_explicit(&t->idle, 1, memory_order_relaxed);
            return 1;
        }
    }
    return split_help(c, under);
}

/* Threads 1.. of a team: join open splits until the root is decided. */
static void team_idle(ctx *c)
{
    split_team *t = c->team;
    unsigned spins = 0;
    atomic_fetch_add_explicit(&t->idle, 1, memory_order_relaxed);
    while (!atomic_load_explicit(&t->done, memory_order_acquire)) {
        unsigned seen = atomic_load(&t->published);
        if (team_help(c, NULL))
            spins = 0;
        else if (ddz_fast_idle_spins && spins >= ddz_fast_idle_spins) {
            team_sleep(t, seen); /* see "Idle threads sleep" */
            spins = 0;
        } else
            wait_a_little(&spins);
    }
    atomic_fetch_sub_explicit(&t->idle, 1, memory_order_relaxed);
}

/* Takes children of w until none is left or the split is stopped, searching each on thread state
 * c (an owner helping below its own split keeps its stack below: the children's moves go above
 * it, and its split and ply come back after). The thread that draws the number past the last
 * child closes the split: nothing is left to join. */
static void split_take(ctx *c, split_work *w, int helper)
{
    const split_node *saved_split = c->split;
    int saved_ply = c->ply;
    c->split = &w->node;
    for (int first = 1;; first = 0) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i == w->n)
            team_close(c->team, w);
        if (i >= w->n || cut(c))
            break;
        if (i < w->ne && w->known[i] == 1)
            continue;
        c->ply = w->ply;
        if (first && helper && w->killers && c->killers) /* start from what the owner had learned */
            memcpy(c->killers + w->ply, w->killers, (size_t)w->killer_plies * sizeof *c->killers);
        int won = play(c, w->me, w->en, &w->mv[i], i < w->ne && w->forced[i], i < w->ne ? &w->ck[i] : NULL, NULL);
        int none = 0;
        if (won && !cut(c) && atomic_compare_exchange_strong(&w->node.won, &none, 1))
            w->node.won_by = i;
        else if (!won && !cut(c))
            atomic_fetch_add_explicit(&w->failed, 1, memory_order_relaxed);
    }
    c->split = saved_split;
    c->ply = saved_ply;
}

/* Puts w on the open list: 0 when the list is full (nothing done). */
static int split_publish(split_team *t, split_work *w)
{
    team_lock(t);
    int k = atomic_load_explicit(&t->nopen, memory_order_relaxed);
    if (k < SPLIT_OPEN) {
        t->open[k] = w;
        atomic_store_explicit(&t->nopen, k + 1, memory_order_relaxed);
    }
    team_unlock(t);
    if (k < SPLIT_OPEN)
        team_wake(t);
    return k < SPLIT_OPEN;
}

/* An owner whose own taking is done (of a split's children, or of the root's first moves): while
 * `workers` are still inside, it helps them (joins the open splits below `under`; it counts as
 * idle meanwhile, so that they split for it), until the last has left. */
static void help_until_left(ctx *c, atomic_int *workers, const split_node *under)
{
    split_team *t = c->team;
    if (atomic_load_explicit(workers, memory_order_acquire) > 0) {
        unsigned spins = 0;
        atomic_fetch_add_explicit(&t->idle, 1, memory_order_relaxed);
        while (atomic_load_explicit(workers, memory_order_acquire) > 0)
            if (team_help(c, under))
                spins = 0;
            else
                wait_a_little(&spins);
        atomic_fetch_sub_explicit(&t->idle, 1, memory_order_relaxed);
    }
}

/* The owner of w, its own taking done: closes w and helps its workers until the last has left:
 * then nothing refers to w's frame any more. */
static void split_finish(ctx *c, split_work *w)
{
    team_close(c->team, w);
    help_until_left(c, &w->workers, &w->node);
}

/* The children from..n-1 of a node (its first failed) shared with the team: the split goes on
 * the open list, this thread takes children in order as any worker does, and when none is left
 * it helps its workers (joins the open splits below its own) until they have all left. 1 when a
 * child won (*won_by: which), 0 when none did, -1 when the list was full (nothing done: the
 * caller searches on alone). failed: the children searched in full before `from` (none won). */
static int split_rest(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *mv, size_t n, size_t from, size_t ne,
                      const signed char *known, const unsigned char *forced, const tt_key *ck, int failed,
                      size_t *won_by)
{
    split_team *t = c->team;
    split_work w = {.node = {.won_by = 0, .parent = c->split}, .me = me, .en = en, .mv = mv, .n = n, .ne = ne,
                    .known = known, .forced = forced, .ck = ck, .ply = c->ply, .size = hand_size(me) + hand_size(en)};
    atomic_init(&w.node.won, 0);
    atomic_init(&w.next, from);
    atomic_init(&w.workers, 0);
    atomic_init(&w.failed, failed);
    /* the children's plies: at most two a card (a pass, then a lead) */
    int plies = KILLER_PLIES - c->ply, need = 2 * w.size + 2;
    w.killer_plies = plies < need ? plies : need;
    killer *snap = c->killers && w.killer_plies > 0 ? malloc((size_t)w.killer_plies * sizeof *snap) : NULL;
    if (snap)
        memcpy(snap, c->killers + c->ply, (size_t)w.killer_plies * sizeof *snap);
    w.killers = snap;
    if (!split_publish(t, &w)) {
        free(snap);
        return -1;
    }
    __atomic_fetch_add(&ddz_fast_splits, 1, __ATOMIC_RELAXED);
    split_take(c, &w, 0);
    split_finish(c, &w);
    free(snap);
    *won_by = w.node.won_by;
    return atomic_load(&w.node.won);
}

/* Eager splits while a thread sleeps: when some thread of the team has found no split to join
 * for a while and sleeps ("Idle threads sleep"), a node splits after one failed child (not
 * ddz_fast_split_after's two) and from ddz_fast_eager_cards cards (not ddz_fast_split_cards):
 * the work there is smaller and likelier to be wasted, but the sleeping thread had none. 0: off.
 * Measured on the 2-core VM, the hard set on 2 threads (`ddz bench ddz/bench/hard-random.txt
 * --threads 2 --time-limit 120`), four pairs of runs alternating, total seconds: 46.8 -> 41.2,
 * 47.2 -> 40.6, 56.8 -> 48.4, 55.6 -> 51.1 (0.85-0.92 of the time; the VM slowed between the
 * pairs); nodes over one thread's 1.08-1.16 before, 1.10-1.14 with it, the busiest thread's share
 * 0.59-0.61 and 0.58-0.60. Tried in the same runs: after one child from 6 cards (49.8, 46.3 s),
 * after one from 8 whether a thread sleeps or not (53.3, 48.7 s), after one from 12 (45.5, 45.6
 * s), after two from 8 (42.1, 46.2 s). On 16 threads (one run each, the hard set and 17v17)
 * inflation 1.42 and 1.33 with it, 1.46 and 1.28 without (docs/ddz-parallel-search.md, "Ninth
 * round"). */
#ifndef DDZ_FAST_EAGER_CARDS
#define DDZ_FAST_EAGER_CARDS 8
#endif
int ddz_fast_eager_cards = DDZ_FAST_EAGER_CARDS;

/* Whether a node of `size` cards whose first `searched` children failed splits now (some thread
 * being idle is asked after). */
static inline int split_now(split_team *t, int searched, int size)
{
    if (searched >= t->split_after && size >= ddz_fast_split_cards)
        return 1;
    return ddz_fast_eager_cards > 0 && size >= ddz_fast_eager_cards &&
           atomic_load_explicit(&t->sleepers, memory_order_relaxed) > 0;
}

/* Nonzero when the player to move (holding me, facing last) wins against en. k: the position's
 * key when the caller has it, else NULL; fme, fen: the facts of me and of en when the caller has
 * them (its own opponent's), else NULL. Handing them down saved the reads of a hand each node
 * made twice (once as the opponent, once as the side to move): 1,304 M -> 1,276 M instructions
 * on 13v13 #11, #13 and published row 8 (callgrind, one thread). */
static int search(ctx *c, ddz_hand me, ddz_hand en, const ddz_move *last, const tt_key *k, const facts *fme,
                  const facts *fen)
{
    if (cut(c))
        return 0;
    const unsigned long long nodes_before = c->nodes++;
    if (c->probing && c->nodes >= c->probe_end) {
        c->probe_out = 1;
        return 0;
    }
    if (c->node_budget && c->nodes > c->node_budget) {
        c->budget_out = 1;
        return 0;
    }
    if ((c->nodes & 1023) == 0) {
        if (c->team) {
            unsigned long long had = atomic_fetch_add_explicit(&c->team->nodes, 1024ull, memory_order_relaxed);
            if (had < c->team->root_nodes && had + 1024 >= c->team->root_nodes)
                team_wake(c->team); /* the root opens now */
        }
        if (c->live) { /* progress, and the caller's stop (ddz_solve_live) */
            __atomic_add_fetch(&c->live->nodes, 1024ull, __ATOMIC_RELAXED);
            if (__atomic_load_n(&c->live->stop, __ATOMIC_RELAXED)) {
                *c->abort = 1;
                return 0;
            }
        }
        if (c->deadline > 0 && omp_get_wtime() > c->deadline) {
            *c->abort = 1;
            return 0;
        }
    }
    ddz_hand kme, ken;
    uint32_t lk;
    tt_bucket *tb;
    tt_table *tt;
    int size = hand_size(me) + hand_size(en);
    facts fm, fe_read;
    if (k) {
        kme = k->me;
        ken = k->en;
        lk = k->lk;
        tb = k->b;
        tt = k->t;
    } else {
        if (!fme) {
            read_facts(me, c->rules, &fm);
            fme = &fm;
        }
        lk = canon_key(fme, last, c->rules);
        kme = me;
        ken = en;
        collapse(chain_present(me | en), &kme, &ken, &lk);
        tt = table_for(c, size);
        tb = tt_bucket_of(tt, kme, ken, lk);
    }
    {
        int value = tt_probe(tt, tb, kme, ken, lk);
        if (value >= 0) {
            c->hits++;
            return value;
        }
    }
    size_t base = c->top, room = c->cap - base;
    if (room < 2 * (DDZ_MAX_HAND + 1)) {
        *c->overflow = 1;
        *c->abort = 1;
        return 0;
    }
    room /= 2; /* the other half is the scratch of order_moves */
    ddz_move *mv = c->buf + base;
    size_t n = fme ? ddz_generate_read(me, fme->ge, last, c->rules, mv, room) : ddz_generate(me, last, c->rules, mv, room);
    if (n > room) {
        *c->overflow = 1;
        *c->abort = 1;
        return 0;
    }
    /* Cheap test 1: a move that empties the hand wins at once (the game ends on it). */
    for (size_t i = 0; i < n; i++)
        if (mv[i].cards == me && mv[i].type != DDZ_PASS) {
            tt_store(c, tt, tb, kme, ken, lk, 1, 0);
            return 1;
        }
    if (!fen) {
        read_facts(en, c->rules, &fe_read);
        fen = &fe_read;
    }
    const facts fe = *fen;
    if (!(ddz_fast_disable & 1) && split_test(c, me, &fe, last, mv, n, mv + n, room)) {
        tt_store(c, tt, tb, kme, ken, lk, 1, 0);
        return 1;
    }
    if (!(ddz_fast_disable & 512)) { /* see "Dominated moves" */
        size_t kept = leave_dominated(mv, n, me, fme, &fe, c->rules, last);
        c->dominated += n - kept;
        n = kept;
    }
    order_moves(mv, n, last, mv + n);
    killer *kl = c->killers && last->type != DDZ_PASS && last->type < DDZ_TYPES && c->ply < KILLER_PLIES &&
                         !(ddz_fast_disable & 64)
                     ? &c->killers[c->ply]
                     : NULL;
    if (c->history && answering_order(last) && last->type < DDZ_TYPES && !(ddz_fast_disable & 128))
        order_by_history(mv, n, last, (*c->history)[c->ply & 1][last->type]);
    if (size >= ddz_fast_control_cards && answering_order(last) && last->type < DDZ_TYPES)
        control_last(mv, n, last, &fe, c->rules, mv + n);
    if (kl)
        tt_killers_front(kl, last->type, mv, n);
    uint32_t rkey = refute_key(last, hand_size(me), hand_size(en));
    refute_slot *rb = c->refute && !(ddz_fast_disable & 1024) ? refute_bucket(c, me, rkey) : NULL;
    ddz_move rmove;
    if (rb && refute_find(rb, c->refute->gen, me, rkey, &rmove)) /* see "Refutation table" */
        tt_promote(mv, n, &rmove);
    c->top = base + n;
    int win = 0;
    /* Enhanced transposition cutoff: every child already in the table is read first (the
     * buckets fetched together); one the opponent loses wins here without a search, and the
     * ones it wins are not searched again. */
    size_t won_by = 0; /* the move that won, when one did */
    signed char known[ETC_MOVES];
    size_t ne = ddz_fast_disable & 2 ? 0 : n < ETC_MOVES ? n : ETC_MOVES;
    tt_key ck[ETC_MOVES];
    unsigned char forced[ETC_MOVES];
    for (size_t i = 0; i < ne; i++) {
        ck[i].lk = mv[i].type == DDZ_PASS ? 0 : canon_key(&fe, &mv[i], c->rules);
        /* A move the opponent can only pass to: its node is skipped, and the position after
         * the pass (this side to lead with the rest, the same value for this side) is looked
         * up and searched instead. */
        forced[i] = ck[i].lk == KEY_PASSONLY && !(ddz_fast_disable & 16);
        if (forced[i]) {
            ck[i].lk = 0;
            ck[i].me = me - mv[i].cards;
            ck[i].en = en;
        } else {
            ck[i].me = en;
            ck[i].en = me - mv[i].cards;
        }
        collapse(chain_present(ck[i].me | ck[i].en), &ck[i].me, &ck[i].en, &ck[i].lk);
        ck[i].t = table_for(c, size - hand_size(mv[i].cards));
        ck[i].b = tt_bucket_of(ck[i].t, ck[i].me, ck[i].en, ck[i].lk);
        __builtin_prefetch(ck[i].b);
    }
    for (size_t i = 0; i < ne; i++) {
        known[i] = (signed char)tt_probe(ck[i].t, ck[i].b, ck[i].me, ck[i].en, ck[i].lk);
        if (forced[i] && known[i] >= 0)
            known[i] = (signed char)!known[i]; /* as the opponent's value, like the others */
        if (known[i] == 0) {
            c->hits++;
            won_by = i;
            win = 1;
            break;
        }
    }
    if (!win && !c->probing && size >= ddz_fast_probe_cards && n >= 2 && !(ddz_fast_disable & 256))
        for (size_t i = 0; i < n && i < PROBE_CHILDREN && !win; i++) {
            if (i < ne && known[i] == 1)
                continue;
            c->probing = 1;
            c->probe_end = c->nodes + ddz_fast_probe_nodes;
            int w = play(c, me, en, &mv[i], i < ne && forced[i], i < ne ? &ck[i] : NULL, &fe);
            if (w && !cut(c)) {
                win = 1;
                won_by = i;
            }
            c->probing = c->probe_out = 0;
        }
    int searched = 0;
    for (size_t i = 0; i < n && !win; i++) {
        if (i < ne && known[i] == 1)
            continue;
        if (c->team && searched >= 1 && !c->probing && !c->node_budget && i + 1 < n && split_now(c->team, searched, size) &&
            atomic_load_explicit(&c->team->idle, memory_order_relaxed) > 0) {
            int r = split_rest(c, me, en, mv, n, i, ne, known, forced, ck, searched, &won_by); /* see "Young brothers wait" */
            if (r >= 0) {
                win = r;
                break;
            }
        }
        win = play(c, me, en, &mv[i], i < ne && forced[i], i < ne ? &ck[i] : NULL, &fe);
        won_by = i;
        searched++;
    }
    c->top = base;
    if (cut(c))
        return 0;
    if (win && c->history && answering_order(last) && last->type < DDZ_TYPES && mv[won_by].type == last->type)
        atomic_fetch_add_explicit(&(*c->history)[c->ply & 1][last->type][last->main & 15][mv[won_by].main & 15],
                                  (uint64_t)1 << (size / 3), memory_order_relaxed);
    if (win && kl && mv[won_by].type != DDZ_PASS)
        tt_killer_note(kl, last->type, &mv[won_by]);
    if (win && rb && mv[won_by].type != DDZ_PASS)
        refute_put(rb, c->refute->gen, me, rkey, &mv[won_by]);
    tt_store(c, tt, tb, kme, ken, lk, win, 64 - __builtin_clzll(c->nodes - nodes_before));
    return win;
}

/* The table's answer for p, read as a search reads it (the key of canon_key and collapse). */
int ddz_table_probe(ddz_table *tt, const ddz_position *p, const ddz_rules *rules)
{
    ddz_hand kme, ken;
    uint32_t lk;
    if (!tt)
        return -1;
    ddz_fast_key(p->me, p->enemy, &p->last, rules, &kme, &ken, &lk);
    return tt_probe(tt, tt_bucket_of(tt, kme, ken, lk), kme, ken, lk);
}

/* Without --memory, a fresh table is sized by the position: a small endgame never fills 256
 * MiB, and clearing (first touching) all of it would cost more than the whole solve (13 vs
 * 13 cards: 32 MiB, ~10^6 positions stored at most in the measured deals). */
#define DEFAULT_MEMORY ((size_t)256 << 20)
static size_t default_memory(const ddz_position *pos)
{
    int cards = hand_size(pos->me) + hand_size(pos->enemy);
    return cards <= 20 ? (size_t)8 << 20 : cards <= 26 ? (size_t)32 << 20 : cards <= 30 ? (size_t)64 << 20 : DEFAULT_MEMORY;
}

/* A first move i of the root decided on thread state c: its value in res->first_wins[i] unless
 * the search was stopped (a timeout, or another first move won and !all). */
static void root_move(ctx *c, split_node *root, const ddz_position *pos, const ddz_result *res, signed char *value,
                      size_t i, int all)
{
    const ddz_move *m = &res->first[i];
    const split_node *saved_split = c->split;
    int saved_ply = c->ply;
    c->split = root;
    c->ply = 0;
    int w;
    if (m->type == DDZ_PASS)
        w = !search(c, pos->enemy, pos->me, &pass_move, NULL, NULL, NULL);
    else if (m->cards == pos->me)
        w = 1;
    else
        w = !search(c, pos->enemy, pos->me - m->cards, m, NULL, NULL, NULL);
    if (!cut(c)) {
        value[i] = (signed char)w;
        if (c->live) {
            if (w)
                __atomic_add_fetch(&c->live->won, 1u, __ATOMIC_RELAXED);
            __atomic_add_fetch(&c->live->decided, 1u, __ATOMIC_RELEASE);
        }
        if (w && !all)
            atomic_store(&root->won, 1); /* one win decides the position: the others stop */
    }
    c->split = saved_split;
    c->ply = saved_ply;
}

/* The root's first moves (in search order, order[0..n)), taken in order from `next`: by thread 0,
 * and by the rest of the team once the root splits (below). The team helps inside them through the
 * splits (see "Young brothers wait"). The root opens late on purpose: taking the first moves on two
 * threads from the start was measured worse, since the root of a loss is a node whose every child
 * must be refuted, and each first move refuted first leaves in the table (and in the killers) much
 * of what the next one needs; two 17v17 losses (#1 and #4, 7.0 M and 8.9 M nodes on one thread, an
 * older tree) took 11.9-13.3 M and 8.7-9.8 M on 2 threads with the first moves taken by both from
 * the start, 8.5 M and 7.9 M with them taken by one. */
typedef struct root_work {
    split_node node; /* won: a first move won and !all: the others stop */
    const size_t *order;
    size_t n;
    const ddz_position *pos;
    ddz_result *res;
    int all;
    atomic_size_t next; /* the next of order[] to take */
    atomic_int workers; /* threads other than thread 0 taking first moves, counted in under the team's lock */
    atomic_int failed;  /* first moves refuted (by the solve's last round) */
    /* "Budgets at the root": per first move (by place in order[]), NULL when no thread has a budget */
    _Atomic unsigned char *put_back; /* 1: its budget ran out, waiting to be taken again; 2: taken again */
    unsigned char *tries;            /* budgets it ran out of */
    atomic_int waiting;              /* first moves put back and not yet taken again */
} root_work;

/* The root splits: once ddz_fast_root_after first moves were refuted and the team has searched
 * ddz_fast_root_nodes nodes (the one-thread first round counted), the root's first moves are open
 * to the team as a split's children are: an idle thread takes the next first move before it joins
 * any split (the root being nearest the root), and the root's room grows as a split's does (two
 * threads a refuted first move, split_room). Why: on 16 cores the thread that took the first moves
 * did 0.17 of the hard set's nodes, the first child of every node on its way alone, while most of
 * the others slept; the root of a loss must refute every first move, the least wasted work there
 * is; and in a win another first move may win with a far smaller proof than the first winning one
 * in order (hard-random #1 on 2 threads: 7.5-9.9 M nodes against 18.0 M on one thread). The nodes
 * first: a position of a few million nodes or less keeps its first moves on thread 0, where each
 * refuted first move leaves in the table much of what the next one needs (17v17 #1 on 16 threads,
 * time-sliced on 2 cores: 4.1 M nodes with the root open at once, 3.0 M on thread 0 alone, 1.4 M on
 * one thread). Measured (docs/ddz-parallel-search.md, "Tenth round"), all threads' nodes over one
 * thread's on 16 threads on the 2-core VM, 17v17 / hard set: root on thread 0 1.42 / 1.46, open at
 * once 1.77 / 1.15, after 2^20 nodes 1.55 / 1.18, after 2^21 1.22 / 1.15, after 2^22 1.29 / 1.24
 * (one run each; 17v17 at 2^21 in nine more runs 1.24-1.63, open at once in four 1.51-2.14). 2
 * threads, the hard set: 34.2 / 36.0 s -> 23.0 / 25.4 s open at once (the same hour, alternating).
 * On lent 16-core Xeons (reports/ddz-scaling-16core/) the hard set took 69.7 s on one thread and
 * 24.5 s on 16 with the root on thread 0; 75.0 and 10.6 s open at once; 86.3 and 16.3 s after 2^21
 * nodes (its first 12 deals; 70.9 and 9.8 s open at once): on real cores opening at once was
 * faster, and 2^21 was kept for the inflation that 16 threads on 2 cores show (the goal that `make
 * bench-ddz-full` judges here). It is now the rule of two threads only: with more, the root opens
 * at once and the other threads' first moves have budgets ("Budgets at the root"), which cut that
 * inflation better. ddz_fast_root_after 0: the root stays on thread 0. */
#ifndef DDZ_FAST_ROOT_AFTER
#define DDZ_FAST_ROOT_AFTER 1
#endif
int ddz_fast_root_after = DDZ_FAST_ROOT_AFTER;
#ifndef DDZ_FAST_ROOT_NODES
#define DDZ_FAST_ROOT_NODES 2097152
#endif
unsigned long long ddz_fast_root_nodes = DDZ_FAST_ROOT_NODES;
unsigned long long ddz_fast_root_helps; /* first moves taken by threads other than thread 0 (a test hook; relaxed adds) */

/* Budgets at the root: with more than two threads, the root opens at once
 * (ddz_fast_root_nodes_many), and a thread other than thread 0 searches a first move with a
 * budget of nodes: ddz_fast_root_budget, four times more each time the same first move ran out
 * before. A first move whose budget runs out (nothing of its top stored, as with a timeout; what
 * it finished below stays in the table) is put back; once every first move was taken, the ones
 * put back are taken again, by the team's threads with the bigger budget and by thread 0 without
 * one; and thread 0 takes whatever is still put back when the others have left the root. A thread
 * with a budget opens no split (a split's workers would not see the budget run out).
 * Why: the root of a loss must refute every first move, and refuted in order each leaves in the
 * table most of what the next one needs (17v17 #1 on one thread: first move 3 took 862 nodes
 * after 0, 1 and 2; on 16 threads, taken at once by another thread, 113-116 K). Opened at once
 * without budgets, 17v17 took 1.77 times one thread's nodes on 16 threads; opened after 2^21 nodes
 * (before) 1.24-1.65. With budgets, the cheap refutations are found at once by the other threads,
 * and the expensive ones wait for what the others leave in the table, or go to a thread that can
 * spend more; a win that the first winning move in order proves only at great cost is still found
 * by another first move's smaller proof (hard-random #1). Measured (docs/ddz-parallel-search.md,
 * "Eleventh round"; the 2-core VM, 16 threads, all threads' nodes over one thread's, one run
 * a cell unless said): budget 4,096: 17v17 1.04, 1.13, 20v17 0.99, hard set 0.95; 16,384 (kept):
 * 17v17 1.08-1.14 in four runs, 20v17 1.00, hard set 1.01; 65,536: 17v17 1.21, 1.31, hard set 1.02;
 * 262,144: 1.36, 1.18, 1.06; before 17v17 1.30-1.65 in four runs, hard set 1.16. On 2 threads
 * budgets made 17v17 worse (1.23, 1.24 against 1.14-1.17), so two threads keep the root as before. */
#ifndef DDZ_FAST_ROOT_BUDGET
#define DDZ_FAST_ROOT_BUDGET 16384
#endif
unsigned long long ddz_fast_root_budget = DDZ_FAST_ROOT_BUDGET; /* 0: no budgets */
#ifndef DDZ_FAST_ROOT_NODES_MANY
#define DDZ_FAST_ROOT_NODES_MANY 0
#endif
unsigned long long ddz_fast_root_nodes_many = DDZ_FAST_ROOT_NODES_MANY; /* ddz_fast_root_nodes with more than two threads */
unsigned long long ddz_fast_root_put_back; /* first moves put back so far (a test hook; relaxed adds) */

/* The next first move for `owner` or a thread of the team: the next in order, else one put back
 * (taken in order); the place in order[], or n when none is left. */
static size_t root_next(root_work *w)
{
    size_t j = atomic_fetch_add(&w->next, 1);
    if (j < w->n)
        return j;
    if (!w->put_back)
        return w->n;
    while (atomic_load(&w->waiting) > 0)
        for (size_t k = 0; k < w->n; k++) {
            unsigned char one = 1;
            if (atomic_load_explicit(&w->put_back[k], memory_order_relaxed) == 1 &&
                atomic_compare_exchange_strong(&w->put_back[k], &one, 2)) {
                atomic_fetch_sub(&w->waiting, 1);
                return k;
            }
        }
    return w->n;
}

/* The budget of a first move that ran out `tries` times before: ddz_fast_root_budget x 4^tries
 * (none past 4^16: a search that big ends by other means). */
static unsigned long long root_budget(const root_work *w, size_t j)
{
    return w->tries[j] >= 16 ? 0 : ddz_fast_root_budget << (2 * w->tries[j]);
}

/* Takes first moves of w until none is left or the root is stopped: thread 0 (`owner`), or a
 * thread of the team that root_pick let in (see "The root splits"). */
static void root_take(ctx *c, root_work *w, int owner)
{
    for (;;) {
        if (cut(c) || (!w->all && atomic_load(&w->node.won)))
            break;
        size_t j = root_next(w);
        if (j >= w->n)
            break;
        if (w->res->first_wins[w->order[j]] >= 0) /* decided by the first round (below) */
            continue;
        if (!owner)
            __atomic_fetch_add(&ddz_fast_root_helps, 1, __ATOMIC_RELAXED);
        int budget = !owner && w->put_back; /* see "Budgets at the root" */
        if (budget) {
            unsigned long long b = root_budget(w, j);
            c->node_budget = b ? c->nodes + b : 0;
        }
        root_move(c, &w->node, w->pos, w->res, w->res->first_wins, w->order[j], w->all);
        if (budget) {
            if (c->budget_out && !*c->abort && !(!w->all && atomic_load(&w->node.won))) {
                w->tries[j]++; /* only its taker writes it, before putting it back */
                atomic_store(&w->put_back[j], 1);
                atomic_fetch_add(&w->waiting, 1);
                __atomic_fetch_add(&ddz_fast_root_put_back, 1, __ATOMIC_RELAXED);
            }
            c->budget_out = 0;
            c->node_budget = 0;
        }
        if (!cut(c) && w->res->first_wins[w->order[j]] == 0) {
            atomic_fetch_add_explicit(&w->failed, 1, memory_order_relaxed);
            if (c->team)
                team_wake(c->team); /* the root may now take another thread */
        }
    }
}

/* Under the lock: the root, when it is open with a first move left and room for one more thread. */
static root_work *root_pick(split_team *t)
{
    root_work *r = atomic_load_explicit(&t->root, memory_order_relaxed);
    if (!r ||
        (atomic_load_explicit(&r->next, memory_order_relaxed) >= r->n &&
         !(r->put_back && atomic_load_explicit(&r->waiting, memory_order_relaxed) > 0)) ||
        (!r->all && atomic_load_explicit(&r->node.won, memory_order_relaxed)) ||
        atomic_load_explicit(&t->nodes, memory_order_relaxed) < t->root_nodes)
        return NULL;
    int failed = atomic_load_explicit(&r->failed, memory_order_relaxed);
    if (failed < ddz_fast_root_after || atomic_load_explicit(&r->workers, memory_order_relaxed) + 1 >= room_for(t, failed))
        return NULL;
    atomic_fetch_add_explicit(&r->workers, 1, memory_order_relaxed);
    return r;
}

/* A thread of the team taking the root's first moves (root_pick counted it in). */
static void root_help(ctx *c, root_work *r)
{
    root_take(c, r, 0);
    atomic_fetch_sub_explicit(&r->workers, 1, memory_order_release);
}

/* Thread 0, its own taking of first moves done: closes the root to the team and helps below it
 * until every thread taking first moves has finished. */
static void root_finish(ctx *c, root_work *w)
{
    split_team *t = c->team;
    if (!t)
        return;
    team_lock(t);
    atomic_store_explicit(&t->root, NULL, memory_order_relaxed);
    team_unlock(t);
    help_until_left(c, &w->workers, &w->node);
}

/* One thread first: with more than one thread, a solve first runs on one thread alone, without
 * the team, for at most ddz_fast_team_after nodes; only a position not decided within them starts
 * the team, which goes on from the same table (what the first round proved is there; the first
 * moves it decided are not searched again). Why: most positions people ask about are decided in
 * a few thousand nodes, where starting and joining the other threads costs more than they save
 * (on a loaded 2-core VM a woken thread may wait a scheduler slice for a core: 10-20 ms added to
 * a solve of 2 ms on 2 threads, docs/ddz-parallel-search.md). The answers are the same (the first
 * round stores only what it decided, as a timeout does); the nodes of both rounds are counted.
 * 0: the team at once (the tests' hook, so that their small positions split). The budget was
 * 16,384 nodes; 262,144 (about a quarter of a second on one thread) also keeps the team out of the
 * many deals decided in a few hundred thousand nodes, where its speculative work at the splits
 * was most of the inflation. Measured (2 threads, all threads' nodes over one thread's, two runs
 * each, the loaded 2-core VM): deal-20v17 1.20 / 1.13 at 16,384, 1.18 / 1.22 at 65,536, 1.17 /
 * 1.17 at 131,072, 1.05 / 1.07 at 262,144; deal-17v17 1.07 / 1.09 at 16,384, 1.08 / 1.06 at
 * 262,144. A deal of the big sets takes millions of nodes, so a quarter of a second alone is a
 * few per cent of its time. */
#ifndef DDZ_FAST_TEAM_AFTER
#define DDZ_FAST_TEAM_AFTER 262144
#endif
unsigned long long ddz_fast_team_after = DDZ_FAST_TEAM_AFTER;


size_t ddz_table_default_bytes(const ddz_position *pos) { return default_memory(pos); }


#define MOVE_STACK ((size_t)1 << 20) /* moves per thread: 16 MiB */

static ddz_outcome fast_solve(const ddz_position *pos, const ddz_rules *rules, const ddz_solve_options *opt,
                              ddz_result *res)
{
    double t0 = omp_get_wtime();
    size_t mem = opt && opt->memory_bytes ? opt->memory_bytes : default_memory(pos);
    int threads = opt && opt->threads > 0 ? opt->threads : omp_get_num_procs();
    int all = opt ? opt->all_first_moves : 1;
    double deadline = opt && opt->time_limit_s > 0 ? t0 + opt->time_limit_s : 0;
    volatile int abort_flag = 0;
    int overflow = 0;
    tt_table *tt;

    memset(res, 0, offsetof(ddz_result, first));
    res->nodes = res->tt_hits = res->tt_stores = res->tt_evictions = 0;
    res->outcome = DDZ_SOLVE_ERROR;
    if (pos->me == 0 || pos->enemy == 0)
        return res->outcome;
    size_t n = ddz_generate(pos->me, &pos->last, rules, res->first, DDZ_MAX_FIRST_MOVES);
    if (n > DDZ_MAX_FIRST_MOVES)
        return res->outcome;
    res->n_first = n;
    ddz_solve_live *live = opt ? opt->live : NULL;
    if (live)
        __atomic_store_n(&live->first_moves, (unsigned)n, __ATOMIC_RELAXED);

    /* With threads and no kept table, each thread has a table of its own for the small positions
     * ("Own tables"): half of the memory is shared, the other half split between the threads
     * (at least a byte each: 0 would mean the default size). */
    int own_tables = threads > 1 && !(opt && opt->table) && ddz_fast_share_cards > 0;
    size_t own_mem = own_tables ? mem / 2 / (size_t)threads : 0;
    if (own_tables) {
        mem /= 2;
        own_mem += !own_mem;
        mem += !mem;
    }
    tt = opt && opt->table ? opt->table : ddz_tt_take(mem);
    if (!tt)
        return res->outcome;
    tt->locking = threads > 1;

    /* The first moves in search order (as in order_moves), their results at their own index. */
    size_t order[DDZ_MAX_FIRST_MOVES];
    {
        /* the moves that empty the hand, then every other in order_moves' order */
        size_t k = 0, start[ORDER_CLASSES + 1];
        for (size_t i = 0; i < n; i++)
            if (res->first[i].cards == pos->me && res->first[i].type != DDZ_PASS)
                order[k++] = i;
        order_starts(res->first, n, &pos->last, start);
        size_t pos_of[DDZ_MAX_FIRST_MOVES];
        for (size_t i = 0; i < n; i++)
            pos_of[i] = start[order_class(&res->first[i], &pos->last)]++;
        size_t in_kind = answering_order(&pos->last) ? start[0] : 0; /* class 0, reversed there */
        size_t sorted[DDZ_MAX_FIRST_MOVES];
        for (size_t i = 0; i < n; i++)
            sorted[pos_of[i] < in_kind ? in_kind - 1 - pos_of[i] : pos_of[i]] = i;
        for (size_t j = 0; j < n; j++) {
            const ddz_move *m = &res->first[sorted[j]];
            if (!(m->cards == pos->me && m->type != DDZ_PASS))
                order[k++] = sorted[j];
        }
    }
    for (size_t i = 0; i < n; i++)
        res->first_wins[i] = -1;

    unsigned long long nodes = 0, hits = 0, stores = 0, evictions = 0, max_thread_nodes = 0;
    size_t own_bytes = 0; /* the threads' own tables in use at the end */
    answer_history *history = calloc(1, sizeof *history); /* NULL: no history, the same answers */
    split_team *team = threads > 1 ? calloc(1, sizeof *team) : NULL; /* NULL: no splits, the same answers */
    if (team) {
        atomic_init(&team->idle, 0);
        atomic_init(&team->done, 0);
        atomic_init(&team->lock, 0);
        atomic_init(&team->nopen, 0);
        atomic_init(&team->published, 0u);
        atomic_init(&team->sleepers, 0);
        atomic_init(&team->root, NULL);
        atomic_init(&team->nodes, 0ull);
        team->split_after = threads > 2 ? ddz_fast_split_after_many : ddz_fast_split_after;
        team->window = ddz_fast_split_window > 0 ? ddz_fast_split_window : threads;
        if (pthread_mutex_init(&team->sleep_lock, NULL)) {
            free(team);
            team = NULL; /* no splits: the same answers, on one thread */
        } else if (pthread_cond_init(&team->wake, NULL)) {
            pthread_mutex_destroy(&team->sleep_lock);
            free(team);
            team = NULL;
        }
    }
    refute_table *refute = refute_take(); /* the solve's threads share it; NULL: none, the same answers */
    root_work root = {.node = {.won_by = 0, .parent = NULL}, .order = order, .n = n, .pos = pos, .res = res, .all = all};
    if (team && threads > 2 && ddz_fast_root_budget) { /* "Budgets at the root"; NULL: none, the same answers */
        root.put_back = calloc(n ? n : 1, sizeof *root.put_back);
        root.tries = calloc(n ? n : 1, 1);
        if (!root.put_back || !root.tries) {
            free((void *)root.put_back);
            free(root.tries);
            root.put_back = NULL;
            root.tries = NULL;
        }
    }
    atomic_init(&root.waiting, 0);
    atomic_init(&root.node.won, 0);
    atomic_init(&root.workers, 0); /* next and failed: each round's own, below */
    /* round 0: one thread with a node budget ("One thread first"); round 1: the team */
    unsigned long long first_round_nodes = 0;
    int ran_out = 1;
    for (int round = team && ddz_fast_team_after ? 0 : 1; round < 2 && ran_out; round++) {
        int refuted = 0;
        for (size_t i = 0; i < n; i++)
            refuted += res->first_wins[i] == 0;
        atomic_init(&root.next, 0);
        atomic_init(&root.failed, refuted);
        if (team && round && ddz_fast_root_after > 0) { /* open once root_pick says so ("The root splits") */
            unsigned long long open_at = threads > 2 ? ddz_fast_root_nodes_many : ddz_fast_root_nodes;
            team->root_nodes = open_at > first_round_nodes ? open_at - first_round_nodes : 0;
            atomic_store(&team->root, &root);
        }
#pragma omp parallel num_threads(round ? threads : 1) reduction(+ : nodes, hits, stores, evictions, own_bytes) reduction(max : max_thread_nodes)
        {
            ctx alone = {0};
            ctx *c = &alone;
            c->tt = tt;
            c->rules = rules;
            c->cap = MOVE_STACK;
            c->buf = malloc(c->cap * sizeof *c->buf);
            c->deadline = deadline;
            c->abort = &abort_flag;
            c->overflow = &overflow;
            c->killers = killers_new(); /* NULL: no killers, the same answers */
            c->refute = refute;
            c->history = history;
            c->share_cards = ddz_fast_share_cards;
            c->team = round ? team : NULL;
            c->node_budget = round ? 0 : ddz_fast_team_after;
            c->live = live;
            c->own = own_tables && round ? ddz_tt_take(own_mem) : NULL; /* NULL: all in the shared table, the same answers */
            if (c->own)
                c->own->locking = 0;
            if (!c->buf) {
#pragma omp atomic write
                overflow = 1;
                abort_flag = 1;
            }
            /* The first moves in order (root_take), the team helping inside them. No barrier first:
             * thread 0 starts at once, the others join the splits as they come (on a loaded machine a
             * thread may wait milliseconds for a core). */
            if (omp_get_thread_num() == 0) {
                root_take(c, &root, 1);
                root_finish(c, &root);
                root_take(c, &root, 1); /* what was put back and is still waiting, the others gone */
                if (c->team) {
                    atomic_store_explicit(&c->team->done, 1, memory_order_release);
                    team_wake(c->team);
                }
                ran_out = c->budget_out && !abort_flag;
            } else if (c->team && c->buf)
                team_idle(c);
            nodes += c->nodes;
            max_thread_nodes = c->nodes + (omp_get_thread_num() == 0 ? first_round_nodes : 0);
            if (!round)
                first_round_nodes = c->nodes; /* one thread: no other writes it */
            hits += c->hits;
            __atomic_fetch_add(&ddz_fast_dominated, c->dominated, __ATOMIC_RELAXED);
            stores += c->stores;
            evictions += c->evictions;
            free(c->buf);
            free(c->memo);
            free(c->killers);
            if (c->own) {
                own_bytes += (atomic_load(&c->own->mask) + 1) * sizeof(tt_bucket);
                ddz_tt_give_back(c->own);
            }
        }
    }
    if (team) {
        pthread_cond_destroy(&team->wake);
        pthread_mutex_destroy(&team->sleep_lock);
    }
    free(team);
    free(history);
    free((void *)root.put_back);
    free(root.tries);
    refute_give(refute);
    res->nodes = nodes;
    res->max_thread_nodes = max_thread_nodes;
    res->tt_hits = hits;
    res->tt_stores = stores;
    res->tt_evictions = evictions;
    res->tt_bytes = (atomic_load(&tt->mask) + 1) * sizeof(tt_bucket) + own_bytes; /* in use at the end */
    if (!(opt && opt->table))
        ddz_tt_give_back(tt);

    int win = 0;
    for (size_t i = 0; i < n; i++)
        if (res->first_wins[i] == 1)
            win = 1;
    res->outcome = ddz_outcome_of(overflow, win, abort_flag);
    res->seconds = omp_get_wtime() - t0;
    return res->outcome;
}

const ddz_solver ddz_solver_fast = {
    .name = "fast",
    .summary = "exact AND/OR search, exact-key bounded shared table, win-first ordering, young brothers wait on threads",
    .source = "seed 004 (handOut) done right",
    .flawed = 0,
    .solve = fast_solve,
};
