/* Fuzzes the fast Dou Dizhu solver against the naive one (and, on the reduced deck, the
 * retrograde oracle) on tiny positions: the same outcome and the same verdict on every first
 * move, whatever the table size, a table kept across solves, or stopping at the first win. */
#include "fuzz_common.h"

#include "ddz_fuzz.h"
#include "ddz_movegen.h"
#include "ddz_solver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* At most 5 cards a hand and 9 in both: the naive search (no table) then visits some
 * thousands of nodes at most, so an input takes milliseconds. */
#define HAND_MAX 5
#define BOTH_MAX 9
#define LAST_MAX 10
/* The retrograde universe: the reduced deck (3..8, X, D), hands of at most 4 cards. */
#define RETRO_MAX 4

static ddz_move scratch[DDZ_MAX_MOVES];
static ddz_result naive_res, fast_res;

/* The table sizes an input may choose: one bucket (4 entries, so nearly every store evicts),
 * 4 KiB, 64 KiB (as ddz verify --positions) and 1 MiB. */
static const size_t table_bytes[4] = {1, 4096, 65536, 1 << 20};

static const char *outcome_name(ddz_outcome o)
{
    return o == DDZ_SOLVE_WIN ? "win" : o == DDZ_SOLVE_LOSS ? "loss" : o == DDZ_SOLVE_TIMEOUT ? "timeout" : "error";
}

/* `got` (from fast, under the option named) agrees with naive: the same outcome and first
 * moves; every first move fast decided has naive's verdict; with every first move asked for,
 * fast decided them all. */
static void agree(const uint8_t *data, size_t size, const char *ctx, const char *how, const ddz_result *got, int all)
{
    const ddz_result *want = &naive_res;
    if (got->outcome != want->outcome)
        fz_fail(data, size, "%s: fast (%s) says %s, naive %s", ctx, how, outcome_name(got->outcome),
                outcome_name(want->outcome));
    if (got->n_first != want->n_first)
        fz_fail(data, size, "%s: fast (%s) has %zu first moves, naive %zu", ctx, how, got->n_first, want->n_first);
    for (size_t i = 0; i < got->n_first; i++) {
        char mt[96];
        ddz_format_move(&want->first[i], mt, sizeof mt);
        if (ddz_move_compare(&got->first[i], &want->first[i]) != 0)
            fz_fail(data, size, "%s: first move %zu differs (fast, %s; naive %s)", ctx, i, how, mt);
        if ((all || got->first_wins[i] >= 0) && got->first_wins[i] != want->first_wins[i])
            fz_fail(data, size, "%s: first move %s: fast (%s) says %d, naive %d", ctx, mt, how, got->first_wins[i],
                    want->first_wins[i]);
    }
}

/* Input: byte 0 bit 0 the convention, bit 1 "forbidden types follow", bit 2 the reduced deck
 * (every card folded onto 3..8, X, D), bits 3-4 the fast solver's table size, bit 5 a table
 * kept across two solves, bit 6 fast stops at its first win; byte 1 picks the move to beat;
 * with bit 1, two bytes of forbidden types; then my cards, '/', the enemy's cards, '/', the
 * cards the move to beat is read from (none: I lead). All come from one deck. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t at = 2;
    ddz_rules rules = {DDZ_CONV_RLCARD, 0};
    if (size < 2)
        return 0;
    rules.convention = (ddz_convention)(data[0] & 1);
    int small = (data[0] >> 2) & 1;
    if (data[0] & 2) {
        if (size < 4)
            return 0;
        rules.forbidden = (unsigned)(data[2] | data[3] << 8) & ((1u << DDZ_TYPES) - 2u);
        at = 4;
    }
    ddz_hand deck = ddz_deck();
    ddz_position pos;
    pos.me = fzd_cards(data, size, &at, &deck, HAND_MAX, 0, small);
    pos.enemy = fzd_cards(data, size, &at, &deck, BOTH_MAX - ddz_size(pos.me) < HAND_MAX ? BOTH_MAX - ddz_size(pos.me)
                                                                                        : HAND_MAX, 0, small);
    /* The move to beat was played under these rules: its type is allowed. */
    pos.last = fzd_last(fzd_cards(data, size, &at, &deck, LAST_MAX, 0, small), &rules, data[1], scratch, DDZ_MAX_MOVES);

    char ctx[512];
    fzd_describe(ctx, sizeof ctx, &rules, "me", pos.me, "enemy", pos.enemy, &pos.last);
    const ddz_solver *fast = ddz_solver_find("fast"), *naive = ddz_solver_find("naive");
    if (!fast || !naive)
        fz_fail(data, size, "the registry lacks fast or naive");
    ddz_solve_options opt = {1, 0, 1, 0, NULL, NULL};
    if (pos.me == 0 || pos.enemy == 0) {
        /* no position: both refuse it */
        if (naive->solve(&pos, &rules, &opt, &naive_res) != DDZ_SOLVE_ERROR ||
            fast->solve(&pos, &rules, &opt, &fast_res) != DDZ_SOLVE_ERROR)
            fz_fail(data, size, "%s: an empty hand is not refused", ctx);
        return 0;
    }

    ddz_outcome want = naive->solve(&pos, &rules, &opt, &naive_res);
    if (want != DDZ_SOLVE_WIN && want != DDZ_SOLVE_LOSS)
        fz_fail(data, size, "%s: naive gives %s", ctx, outcome_name(want));
    int any = 0;
    for (size_t i = 0; i < naive_res.n_first; i++) {
        if (naive_res.first_wins[i] < 0)
            fz_fail(data, size, "%s: naive left first move %zu undecided", ctx, i);
        any |= naive_res.first_wins[i];
    }
    if (any != (want == DDZ_SOLVE_WIN))
        fz_fail(data, size, "%s: naive says %s but its first moves say otherwise", ctx, outcome_name(want));

    opt.memory_bytes = table_bytes[(data[0] >> 3) & 3];
    fast->solve(&pos, &rules, &opt, &fast_res);
    agree(data, size, ctx, "fresh table", &fast_res, 1);
    if (data[0] & 32) {
        /* A kept table: the second solve starts from everything the first one stored. */
        ddz_table *t = ddz_table_new(opt.memory_bytes);
        if (!t)
            return 0;
        opt.table = t;
        fast->solve(&pos, &rules, &opt, &fast_res);
        agree(data, size, ctx, "kept table, first solve", &fast_res, 1);
        fast->solve(&pos, &rules, &opt, &fast_res);
        agree(data, size, ctx, "kept table, second solve", &fast_res, 1);
        opt.table = NULL;
        ddz_table_free(t);
    }
    if (data[0] & 64) {
        opt.all_first_moves = 0;
        fast->solve(&pos, &rules, &opt, &fast_res);
        agree(data, size, ctx, "first win only", &fast_res, 0);
    }

    /* The retrograde oracle where the position is in its universe. */
    if (rules.forbidden == 0 && fzd_in_universe(pos.me, RETRO_MAX) && fzd_in_universe(pos.enemy, RETRO_MAX)) {
        ddzo_table *t = fzd_retro(rules.convention, 2, RETRO_MAX);
        if (t) {
            int v = ddzo_value(t, pos.me, pos.enemy, &pos.last);
            if (v < 0 || v != (want == DDZ_SOLVE_WIN))
                fz_fail(data, size, "%s: the retrograde oracle says %d, naive %s", ctx, v, outcome_name(want));
        }
    }
    return 0;
}
