/* Fuzzes the Dou Dizhu move generator against the oracle's recogniser: for a hand of at most
 * 4096 sub-multisets, leading and answering a move, rules and forbidden types from the bytes,
 * ddz_generate's moves must be exactly ddzo_moves' (every sub-multiset, every reading). */
#include "fuzz_common.h"

#include "ddz_fuzz.h"
#include "ddz_movegen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* At most 4096 sub-multisets (12 cards of 12 ranks; 20 cards of 5 ranks) for the recogniser
 * to read, so an input stays fast; any real hand size. */
#define PARTS_MAX 4096
#define MOVES_CAP DDZ_MAX_MOVES

static ddz_move gen[MOVES_CAP], rec[MOVES_CAP], part[MOVES_CAP];

static void fail_move(const uint8_t *data, size_t size, const char *ctx, const char *what, const ddz_move *m)
{
    char mt[96];
    ddz_format_move(m, mt, sizeof mt);
    fz_fail(data, size, "%s: %s %s (main %d, len %d)", ctx, what, mt, m->main, m->len);
}

/* The generator's contract for one hand and move to beat, and its set against the oracle's. */
static void compare(const uint8_t *data, size_t size, ddz_hand hand, const ddz_move *last, const ddz_rules *rules)
{
    char ctx[512];
    fzd_describe(ctx, sizeof ctx, rules, "hand", hand, NULL, 0, last);
    size_t ng = ddz_generate(hand, last, rules, gen, MOVES_CAP);
    size_t nr = ddzo_moves(hand, last, rules, rec, MOVES_CAP);
    if (ng > MOVES_CAP || nr > MOVES_CAP)
        fz_fail(data, size, "%s: %zu generated and %zu recognised moves, more than %d", ctx, ng, nr, MOVES_CAP);

    /* The count when the buffer is short, and the same list up to the short cap. */
    if (ddz_generate(hand, last, rules, NULL, 0) != ng)
        fz_fail(data, size, "%s: counting (no buffer) gives %zu, not %zu", ctx, ddz_generate(hand, last, rules, NULL, 0),
                ng);
    if (ng > 1) {
        size_t half = ng / 2;
        if (ddz_generate(hand, last, rules, part, half) != ng)
            fz_fail(data, size, "%s: a buffer of %zu moves gets a count other than %zu", ctx, half, ng);
        for (size_t i = 0; i < half; i++)
            if (ddz_move_compare(&part[i], &gen[i]) != 0)
                fail_move(data, size, ctx, "a short buffer gets another list, at", &part[i]);
    }

    /* Each move is held, legal here, allowed, and in the documented order: the pass first
     * where legal, then by type, length, main. */
    for (size_t i = 0; i < ng; i++) {
        const ddz_move *m = &gen[i];
        if (m->type == DDZ_PASS) {
            if (i != 0 || last->type == DDZ_PASS || m->cards != 0)
                fail_move(data, size, ctx, "a misplaced pass", m);
            continue;
        }
        if (m->type >= DDZ_TYPES || m->cards == 0 || !ddz_contains(hand, m->cards) || (rules->forbidden >> m->type) & 1u)
            fail_move(data, size, ctx, "a move not held or not allowed:", m);
        if (!ddz_beats(m, last))
            fail_move(data, size, ctx, "a move that does not beat the last one (ddz_beats):", m);
        if (i > 0 && gen[i - 1].type != DDZ_PASS) {
            const ddz_move *p = &gen[i - 1];
            if (p->type > m->type || (p->type == m->type && (p->len > m->len || (p->len == m->len && p->main > m->main))))
                fail_move(data, size, ctx, "out of order (type, length, main) at", m);
        }
    }
    if (last->type != DDZ_PASS && (ng == 0 || gen[0].type != DDZ_PASS))
        fz_fail(data, size, "%s: answering, the pass is not listed first", ctx);

    /* The two sets, sorted: the generator lists no move twice and exactly the oracle's. */
    qsort(gen, ng, sizeof *gen, ddz_move_compare);
    qsort(rec, nr, sizeof *rec, ddz_move_compare);
    for (size_t i = 1; i < ng; i++)
        if (ddz_move_compare(&gen[i - 1], &gen[i]) == 0)
            fail_move(data, size, ctx, "the generator lists twice", &gen[i]);
    size_t i = 0, j = 0;
    while (i < ng || j < nr) {
        int d = i == ng ? 1 : j == nr ? -1 : ddz_move_compare(&gen[i], &rec[j]);
        if (d < 0)
            fail_move(data, size, ctx, "only the generator lists", &gen[i]);
        if (d > 0)
            fail_move(data, size, ctx, "only the recogniser lists", &rec[j]);
        i++, j++;
    }

    /* Every move's text reads back as itself under these rules. */
    for (i = 0; i < ng; i++) {
        char mt[96];
        ddz_move back;
        ddz_error e;
        ddz_format_move(&gen[i], mt, sizeof mt);
        if (ddz_move_from_text(mt, rules, &back, &e) != DDZ_OK || ddz_move_compare(&back, &gen[i]) != 0)
            fail_move(data, size, ctx, "text that does not read back as its move:", &gen[i]);
    }
}

/* Input: byte 0 bit 0 the convention (rlcard, douzero), bit 1 "forbidden types follow";
 * byte 1 picks the move to beat among the readings of its cards; then, with bit 1, two bytes
 * of forbidden types (bit t forbids type t; the pass never); then the hand's cards up to a
 * '/', then the cards of the move to beat (none: the hand only leads). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 2;
    ddz_rules rules = {DDZ_CONV_RLCARD, 0};
    if (size < 2)
        return 0;
    rules.convention = (ddz_convention)(data[0] & 1);
    if (data[0] & 2) {
        if (size < 4)
            return 0;
        rules.forbidden = (unsigned)(data[2] | data[3] << 8) & ((1u << DDZ_TYPES) - 2u);
        at = 4;
    }
    ddz_hand deck = ddz_deck(), other = ddz_deck();
    ddz_hand hand = fzd_cards(data, size, &at, &deck, DDZ_MAX_HAND, PARTS_MAX, 0);
    /* The move to beat comes from a deck of its own: the generator may not assume it is
     * disjoint from the hand. It may be of a forbidden type: nothing but a bomb or the
     * rocket (where allowed) answers it then. */
    ddz_hand cards = fzd_cards(data, size, &at, &other, DDZ_MAX_HAND, PARTS_MAX, 0);
    ddz_rules unrestricted = {rules.convention, 0};
    ddz_move pass = {0, DDZ_PASS, 0, 0};
    ddz_move last = fzd_last(cards, &unrestricted, data[1], part, MOVES_CAP);
    if (hand == 0)
        return 0;
    compare(data, size, hand, &pass, &rules);
    if (last.type != DDZ_PASS)
        compare(data, size, hand, &last, &rules);
    return 0;
}
