/* Fuzzes the three-player position reader and the fast three-player solver: a position read
 * from text is refused with a one-line reason or is a checked position that writes back to the
 * same flags; on tiny positions fast3 (shortcuts on or off, one or two threads, stopping at the
 * first win) agrees with naive3 on the outcome and every first move, and with the retrograde
 * oracle on the reduced deck. */
#include "fuzz_common.h"

#include "ddz_fast3.h"
#include "ddz_fuzz.h"
#include "ddz_movegen.h"
#include "ddz_oracle3.h"
#include "ddz_solver3.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* At most 4 cards a hand and 10 in the three: naive3 then visits thousands of nodes at most. */
#define HAND_MAX 4
#define ALL_MAX 10
#define LAST_MAX 6
#define RETRO3_MAX 3

static ddz_move scratch[DDZ_MAX_MOVES];
static ddz_result naive_res, fast_res;

/* The text path: the bytes after byte 0 split at '/' into L, F1, F2, the seat, the move, its
 * maker (missing fields: NULL). */
static void text_path(const uint8_t *data, size_t size, const ddz_rules *rules)
{
    char buf[256], *field[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    size_t n = size - 1 < sizeof buf - 1 ? size - 1 : sizeof buf - 1;
    memcpy(buf, data + 1, n);
    buf[n] = '\0';
    if (strlen(buf) != n)
        return; /* a NUL inside: not text */
    int nf = 0;
    char *s = buf;
    field[nf++] = s;
    for (; *s && nf < 6; s++)
        if (*s == '/') {
            *s = '\0';
            field[nf++] = s + 1;
        }
    if (nf < 3)
        return;
    const char *hands[3] = {field[0], field[1], field[2]};
    ddz_position3 p;
    ddz_error e;
    e.message[0] = '\0';
    ddz_status st = ddz3_read_position(hands, field[3], field[4], field[5], rules, &p, &e);
    if (st != DDZ_OK) {
        if (!e.message[0] || strchr(e.message, '\n'))
            fz_fail(data, size, "a refusal without a one-line reason (status %d)", (int)st);
        return;
    }
    if (ddz3_check(&p, &e) != DDZ_OK)
        fz_fail(data, size, "an accepted position fails its check: %s", e.message);
    /* it writes back to flags that read as the same position */
    char args[256], h[3][64], turn[8], last[96], by[8];
    ddz3_format_args(&p, args, sizeof args);
    int got = sscanf(args, "%63s %63s %63s --turn %7s --last %95s --by %7s", h[0], h[1], h[2], turn, last, by);
    if (got != 4 && got != 6)
        fz_fail(data, size, "the written flags '%s' do not scan", args);
    const char *back[3] = {h[0], h[1], h[2]};
    ddz_position3 q;
    if (ddz3_read_position(back, turn, got == 6 ? last : NULL, got == 6 ? by : NULL, rules, &q, &e) != DDZ_OK ||
        q.hand[0] != p.hand[0] || q.hand[1] != p.hand[1] || q.hand[2] != p.hand[2] || q.turn != p.turn ||
        q.by != p.by || ddz_move_compare(&q.last, &p.last) != 0)
        fz_fail(data, size, "'%s' does not read back as the same position", args);
}

/* Input: byte 0 bit 0 the convention, bit 1 the text path (the rest is position text), bit 2
 * the reduced deck, bits 3-4 the seat to move, bit 5 the maker is the seat after the next
 * (else the one before), bit 6 two threads and stop at the first win; byte 1 picks the move to
 * beat; then L's cards, '/', F1's, '/', F2's, '/', the cards the move to beat is read from. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ddz_rules rules = {DDZ_CONV_RLCARD, 0};
    if (size < 2)
        return 0;
    rules.convention = (ddz_convention)(data[0] & 1);
    if (data[0] & 2) {
        text_path(data, size, &rules);
        return 0;
    }
    int small = (data[0] >> 2) & 1;
    size_t at = 2;
    ddz_hand deck = ddz_deck();
    ddz_position3 p;
    memset(&p, 0, sizeof p);
    int left = ALL_MAX;
    for (int s = 0; s < 3; s++) {
        p.hand[s] = fzd_cards(data, size, &at, &deck, left < HAND_MAX ? left : HAND_MAX, 0, small);
        left -= ddz_size(p.hand[s]);
    }
    p.turn = (uint8_t)(((data[0] >> 3) & 3) % 3);
    p.last = fzd_last(fzd_cards(data, size, &at, &deck, LAST_MAX, 0, small), &rules, data[1], scratch, DDZ_MAX_MOVES);
    p.by = (uint8_t)(p.last.type == DDZ_PASS ? p.turn : (data[0] & 32) ? (p.turn + 1) % 3 : (p.turn + 2) % 3);
    const ddz_solver3 *fast = ddz_solver3_find("fast3"), *naive = ddz_solver3_find("naive3");
    if (!fast || !naive)
        fz_fail(data, size, "the registry lacks fast3 or naive3");
    char ctx[256];
    ddz3_format_position(&p, ctx, sizeof ctx);
    ddz_solve_options opt = {.threads = 1, .all_first_moves = 1};
    if (!p.hand[0] || !p.hand[1] || !p.hand[2]) {
        if (naive->solve(&p, &rules, &opt, &naive_res) != DDZ_SOLVE_ERROR ||
            fast->solve(&p, &rules, &opt, &fast_res) != DDZ_SOLVE_ERROR)
            fz_fail(data, size, "%s: an empty hand is not refused", ctx);
        return 0;
    }
    ddz_outcome want = naive->solve(&p, &rules, &opt, &naive_res);
    if (want != DDZ_SOLVE_WIN && want != DDZ_SOLVE_LOSS)
        fz_fail(data, size, "%s: naive3 gives %d", ctx, (int)want);
    for (int cfg = 0; cfg < 3; cfg++) {
        ddz_fast3_disable = cfg == 1 ? DDZ_FAST3_NO_SPLIT | DDZ_FAST3_NO_PARTNER : cfg == 2 ? DDZ_FAST3_NO_TABLE : 0;
        int stop_first = (data[0] & 64) && cfg == 0;
        opt.threads = stop_first ? 2 : 1;
        opt.all_first_moves = !stop_first;
        ddz_outcome got = fast->solve(&p, &rules, &opt, &fast_res);
        ddz_fast3_disable = 0;
        if (got != want)
            fz_fail(data, size, "%s: fast3 (config %d) says %d, naive3 %d", ctx, cfg, (int)got, (int)want);
        if (fast_res.n_first != naive_res.n_first)
            fz_fail(data, size, "%s: fast3 has %zu first moves, naive3 %zu", ctx, fast_res.n_first, naive_res.n_first);
        for (size_t i = 0; i < fast_res.n_first; i++)
            if ((!stop_first || fast_res.first_wins[i] >= 0) && fast_res.first_wins[i] != naive_res.first_wins[i])
                fz_fail(data, size, "%s: first move %zu: fast3 (config %d) %d, naive3 %d", ctx, i, cfg,
                        fast_res.first_wins[i], naive_res.first_wins[i]);
    }
    int sizes_ok = 1;
    for (int s = 0; s < 3; s++)
        sizes_ok &= fzd_in_universe(p.hand[s], RETRO3_MAX);
    if (sizes_ok) {
        ddzo3_table *t = fzd_retro(rules.convention, 3, RETRO3_MAX);
        if (t) {
            int v = ddzo3_value(t, &p);
            if (v != ddz3_landlord_wins(&p, want))
                fz_fail(data, size, "%s: the retrograde oracle says %d, naive3 %d", ctx, v, (int)want);
        }
    }
    return 0;
}
