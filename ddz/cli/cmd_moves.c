/* ddz moves: every legal move of a hand (or every answer to a move), and --all, the number of
 * distinct moves the whole deck holds, by type and convention (the figures the README reconciles). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz_cli.h"
#include "ddz_movegen.h"

#define USAGE "usage: ddz moves " DDZ_USAGE_MOVES "\n"


/* A bad flag: one line naming it, the usage, exit 2. */
static int usage_error(const char *fmt, const char *what)
{
    const char *at = strstr(fmt, "%s");
    fputs("ddz moves: ", stderr);
    fwrite(fmt, 1, (size_t)(at - fmt), stderr);
    ddz_put_shown(stderr, what);
    fputs(at + 2, stderr);
    fputc('\n', stderr);
    fputs(USAGE, stderr);
    return 2;
}


/* Writes s as a JSON string (the notation never needs escapes, but messages might). */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/* The conventions --all counts: "all" (optionally ",switches") means every one. */
static int parse_all_rules(const char *text, ddz_rules *rules, int *n)
{
    ddz_error e;
    *n = 0;
    if (strcmp(text, "all") == 0 || strncmp(text, "all,", 4) == 0) {
        for (int c = 0; c < DDZ_CONVENTIONS; c++) {
            char spec[256];
            snprintf(spec, sizeof spec, "%s%s", ddz_convention_name((ddz_convention)c), text + 3);
            if (ddz_parse_rules(spec, &rules[c], &e) != DDZ_OK) {
                /* The offsets of the switches are the same in both spellings past "all". */
                fprintf(stderr, "ddz moves: --rules: byte %zu: %s\n",
                        e.offset - strlen(ddz_convention_name((ddz_convention)c)) + 3,
                        strstr(e.message, ": ") ? strstr(e.message, ": ") + 2 : e.message);
                fputs(USAGE, stderr);
                return 2;
            }
        }
        *n = DDZ_CONVENTIONS;
        return 0;
    }
    if (ddz_parse_rules(text, &rules[0], &e) != DDZ_OK) {
        fprintf(stderr, "ddz moves: --rules: %s\n", e.message);
        fputs(USAGE, stderr);
        return 2;
    }
    *n = 1;
    return 0;
}

/* --all: count every distinct move of the full deck (moves of at most 20 cards), by type;
 * with list, print every one of them instead (one convention), so that conventions diff. */
static int count_all(const char *rules_text, int json, int list)
{
    ddz_rules rules[DDZ_CONVENTIONS];
    size_t counts[DDZ_CONVENTIONS][DDZ_TYPES], total[DDZ_CONVENTIONS];
    int n;
    if (parse_all_rules(rules_text, rules, &n))
        return 2;
    if (list && n != 1)
        return usage_error("%s", "--list takes one convention, not --rules all");
    for (int i = 0; i < n; i++) {
        size_t want = ddz_generate(ddz_deck(), NULL, &rules[i], NULL, 0);
        ddz_move *moves = malloc((want ? want : 1) * sizeof *moves);
        if (!moves) {
            fputs("ddz moves: out of memory\n", stderr);
            return 1;
        }
        total[i] = ddz_generate(ddz_deck(), NULL, &rules[i], moves, want);
        memset(counts[i], 0, sizeof counts[i]);
        for (size_t k = 0; k < total[i]; k++) {
            counts[i][moves[k].type]++;
            if (list) {
                char buf[96];
                ddz_format_move(&moves[k], buf, sizeof buf);
                puts(buf);
            }
        }
        free(moves);
        if (list)
            return 0;
    }
    if (json) {
        putchar('{');
        for (int i = 0; i < n; i++) {
            char spec[256];
            ddz_format_rules(&rules[i], spec, sizeof spec);
            printf("%s", i ? "," : "");
            json_string(spec);
            printf(":{");
            for (int t = DDZ_SINGLE; t < DDZ_TYPES; t++)
                printf("\"%s\":%zu,", ddz_type_name((ddz_type)t), counts[i][t]);
            printf("\"total\":%zu,\"total_with_pass\":%zu}", total[i], total[i] + 1);
        }
        puts("}");
        return 0;
    }
    printf("type");
    for (int i = 0; i < n; i++) {
        char spec[256];
        ddz_format_rules(&rules[i], spec, sizeof spec);
        printf("\t%s", spec);
    }
    putchar('\n');
    for (int t = DDZ_SINGLE; t < DDZ_TYPES; t++) {
        printf("%s", ddz_type_name((ddz_type)t));
        for (int i = 0; i < n; i++)
            printf("\t%zu", counts[i][t]);
        putchar('\n');
    }
    printf("total");
    for (int i = 0; i < n; i++)
        printf("\t%zu", total[i]);
    printf("\ntotal+pass");
    for (int i = 0; i < n; i++)
        printf("\t%zu", total[i] + 1);
    putchar('\n');
    return 0;
}

/* --bench: what one generator call costs on 1,000 random 17-card hands (a fixed seed), leading
 * and answering a pair of 5s; the loop runs until about half a second has passed. */
static int bench(const char *rules_text)
{
    enum { HANDS = 1000 };
    static ddz_hand hands[HANDS];
    static ddz_move moves[DDZ_MAX_MOVES];
    ddz_rules rules;
    ddz_error e;
    uint64_t x = 88172645463325252ull;
    const ddz_move pass = {0, DDZ_PASS, 0, 0}, pair = {(ddz_hand)2 << (4 * DDZ_R5), DDZ_PAIR, DDZ_R5, 1};
    const ddz_move *lasts[2] = {&pass, &pair};
    static const char *const names[2] = {"lead", "answer pair:55"};
    if (ddz_parse_rules(rules_text, &rules, &e) != DDZ_OK) {
        fprintf(stderr, "ddz moves: --rules: %s\n", e.message);
        fputs(USAGE, stderr);
        return 2;
    }
    for (int i = 0; i < HANDS; i++) {
        ddz_hand deck = ddz_deck(), h = 0;
        for (int n = 0; n < 17;) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            int r = (int)(x % DDZ_RANKS);
            if (ddz_count(deck, r)) {
                deck = ddz_sub(deck, r, 1);
                h = ddz_add(h, r, 1);
                n++;
            }
        }
        hands[i] = h;
    }
    printf("case\tns_per_call\tmoves_per_call\tcalls\n");
    for (int k = 0; k < 2; k++) {
        size_t moves_seen = 0, calls = 0;
        double t0 = ddz_now(), t;
        do {
            for (int i = 0; i < HANDS; i++)
                moves_seen += ddz_generate(hands[i], lasts[k], &rules, moves, DDZ_MAX_MOVES);
            calls += HANDS;
            t = ddz_now() - t0;
        } while (t < 0.5);
        printf("%s\t%.0f\t%.1f\t%zu\n", names[k], t / (double)calls * 1e9, (double)moves_seen / (double)calls, calls);
    }
    return 0;
}

/* One hand: every legal move, or every answer to --beat (the pass first). */
static int list_moves(const char *hand_text, const char *beat_text, const char *rules_text, int json)
{
    ddz_rules rules;
    ddz_error e;
    ddz_hand hand;
    ddz_move last = {0, DDZ_PASS, 0, 0};
    char buf[96];
    if (ddz_parse_rules(rules_text, &rules, &e) != DDZ_OK) {
        fprintf(stderr, "ddz moves: --rules: %s\n", e.message);
        fputs(USAGE, stderr);
        return 2;
    }
    if (ddz_parse_hand(hand_text, 0, &hand, &e) != DDZ_OK) {
        fputs("ddz moves: hand '", stderr);
        ddz_put_shown(stderr, hand_text);
        fprintf(stderr, "': %s\n", e.message);
        return 1;
    }
    if (beat_text) {
        if (ddz_move_from_text(beat_text, &rules, &last, &e) != DDZ_OK) {
            fputs("ddz moves: --beat '", stderr);
            ddz_put_shown(stderr, beat_text);
            fprintf(stderr, "': %s\n", e.message);
            return 1;
        }
        if (ddz_check_disjoint(hand, last.cards, &e) != DDZ_OK) {
            fprintf(stderr, "ddz moves: the hand and --beat do not fit one deck: %s\n",
                    strstr(e.message, ": ") ? strstr(e.message, ": ") + 2 : e.message);
            return 1;
        }
    }
    size_t n = ddz_generate(hand, &last, &rules, NULL, 0);
    ddz_move *moves = malloc((n ? n : 1) * sizeof *moves);
    if (!moves) {
        fputs("ddz moves: out of memory\n", stderr);
        return 1;
    }
    n = ddz_generate(hand, &last, &rules, moves, n);
    if (json) {
        ddz_format_hand(hand, buf, sizeof buf);
        printf("{\"hand\":");
        json_string(buf);
        ddz_format_rules(&rules, buf, sizeof buf);
        printf(",\"rules\":");
        json_string(buf);
        ddz_format_move(&last, buf, sizeof buf);
        printf(",\"beat\":");
        json_string(buf);
        printf(",\"count\":%zu,\"moves\":[", n);
        for (size_t i = 0; i < n; i++) {
            ddz_format_move(&moves[i], buf, sizeof buf);
            printf("%s", i ? "," : "");
            json_string(buf);
        }
        puts("]}");
    } else {
        for (size_t i = 0; i < n; i++) {
            ddz_format_move(&moves[i], buf, sizeof buf);
            puts(buf);
        }
    }
    free(moves);
    return 0;
}

int ddz_cmd_moves(int argc, char **argv)
{
    const char *hand = NULL, *beat = NULL, *rules = NULL;
    int all = 0, json = 0, list = 0, timing = 0, only_args = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *value = NULL, **slot = NULL;
        size_t name_len;
        if (only_args || a[0] != '-' || a[1] == '\0') {
            if (hand)
                return usage_error("one hand only (a second one: '%s')", a);
            hand = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_args = 1;
            continue;
        }
        name_len = strcspn(a, "=");
        if (strncmp(a, "--all", name_len) == 0 && name_len == 5) {
            all = 1;
        } else if (strncmp(a, "--json", name_len) == 0 && name_len == 6) {
            json = 1;
        } else if (strncmp(a, "--list", name_len) == 0 && name_len == 6) {
            list = 1;
        } else if (strncmp(a, "--bench", name_len) == 0 && name_len == 7) {
            timing = 1;
        } else if (name_len == 6 && strncmp(a, "--beat", 6) == 0) {
            slot = &beat;
        } else if (name_len == 7 && strncmp(a, "--rules", 7) == 0) {
            slot = &rules;
        } else {
            return usage_error("unknown flag '%s'", a);
        }
        if (!slot) {
            if (a[name_len] == '=')
                return usage_error("'%s' takes no value", a);
            continue;
        }
        if (a[name_len] == '=') {
            value = a + name_len + 1;
        } else {
            if (i + 1 >= argc)
                return usage_error("'%s' needs a value", a);
            value = argv[++i];
        }
        if (*slot)
            return usage_error("'%s' given twice", a);
        *slot = value;
    }
    if (timing) {
        if (hand || beat || all || list || json)
            return usage_error("%s", "--bench takes only --rules");
        return bench(rules ? rules : "");
    }
    if (all) {
        if (hand)
            return usage_error("--all takes no hand (got '%s')", hand);
        if (beat)
            return usage_error("%s", "--all takes no --beat");
        return count_all(rules ? rules : "", json, list);
    }
    if (list)
        return usage_error("%s", "--list goes with --all");
    if (!hand)
        return usage_error("%s", "a hand is needed (or --all)");
    if (rules && (strcmp(rules, "all") == 0 || strncmp(rules, "all,", 4) == 0))
        return usage_error("%s", "--rules all is for --all only");
    return list_moves(hand, beat, rules ? rules : "", json);
}
