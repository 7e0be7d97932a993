/* mediatek: a faithful C port of seed 003's C++ (MediaTek 2017 challenge): a sorted list of
 * letters, seven pairs by isDDH, pair removal via findreptpos, is3n's greedy scan, and kong
 * removal for hands of 15 to 18 tiles; decides the seed's own rule set only. */
#include "mj_algo.h"

#include <string.h>

/* The seed keeps a std::vector<char> of tile letters; here a fixed array with its length,
 * passed by value where the seed passes the vector by value. Letters as in seed 003:
 * A-I = m1-m9, 1-9 = p1-p9, a-i = s1-s9. Their ASCII gaps (':' after '9', 'J' after 'I',
 * 'j' after 'i') are what keep the seed's "next letter" test from joining two suits. */
typedef struct {
    char buf[MJ_MAX_TILES + 4];
    int first; /* the letters are buf[first .. first + size): erasing the front is first++ */
    int size;
} lst_t;

/* The letters of a list, as the seed's vector holds them. */
#define LETTERS(l) ((l)->buf + (l)->first)

typedef struct {
    int v[MJ_MAX_TILES];
    int size;
} pos_t;

static const char suit_first[3] = {'A', '1', 'a'};

/* The seed pushes the letters and calls std::sort; emitting them straight in ASCII order
 * ('1'-'9' = p, 'A'-'I' = m, 'a'-'i' = s) gives the same list without the sort. Four letters
 * are written per kind and the length advanced by the count, hence the slack in lst_t. */
static void sorted_letters(const mj_hand *h, lst_t *lst)
{
    static const uint8_t ascii_order[3] = {MJ_SUIT_P, MJ_SUIT_M, MJ_SUIT_S};
    int size = 0;
    for (int s = 0; s < 3; s++) {
        const uint8_t *count = h->count + ascii_order[s] * 9;
        char first = suit_first[ascii_order[s]];
        for (int r = 0; r < 9; r++) {
            char *out = lst->buf + size;
            out[0] = out[1] = out[2] = out[3] = (char)(first + r);
            size += count[r];
        }
    }
    lst->first = 0;
    lst->size = size;
}

/* vector::erase at index at: the letters before it move up one place and the list starts
 * one later, which is no move at all for the front (most erases in delgroup). */
static void erase_at(lst_t *lst, int at)
{
    char *v = LETTERS(lst);
    for (int i = at; i > 0; i--) v[i] = v[i - 1];
    lst->first++;
    lst->size--;
}

/* Find the position of the duplicate hand: the first index of each run of equal letters
 * that holds at least two. */
static pos_t findreptpos(const lst_t *lst)
{
    pos_t pos = {.size = 0};
    int temp_pos = 0;
    if (lst->size <= 1) return pos;
    if (LETTERS(lst)[0] == LETTERS(lst)[1]) pos.v[pos.size++] = temp_pos;
    for (int iter1 = 1; iter1 != lst->size - 1; iter1++) { /* from second to penultimate */
        ++temp_pos;
        int it_front = iter1 - 1, it_back = iter1 + 1;
        if ((LETTERS(lst)[iter1] != LETTERS(lst)[it_front]) && (LETTERS(lst)[iter1] == LETTERS(lst)[it_back])) pos.v[pos.size++] = temp_pos;
    }
    return pos;
}

/* Whether it is pair of HU (seven pairs): letters 0-1, 2-3, ..., 12-13 equal. The seed's
 * bound was lost in transcription ("I <=; ++i"); 12 is the one that reads 14 letters. */
static bool isddh(const lst_t *lst)
{
    const char *newlst = LETTERS(lst); /* the seed copies the vector first; reading is the same */
    for (int i = 0; i <= 12; i += 2) /* the seed: ++i in the header and again in the body */
        if (newlst[i] != newlst[i + 1]) return false;
    return true;
}

/* Calculates the number of repetitions of the first card (1..4; 0 is unreachable). The seed
 * takes the vector by value and only reads it; here a const pointer, which saves a copy
 * that would stall on the byte stores just made to the list. */
static int numoffirst(const lst_t *lst)
{
    if (LETTERS(lst)[0] != LETTERS(lst)[1]) return 1;
    if ((LETTERS(lst)[0] == LETTERS(lst)[1]) && (LETTERS(lst)[1] != LETTERS(lst)[2])) return 2;
    if (LETTERS(lst)[0] == LETTERS(lst)[2]) {
        if (lst->size == 3) return 3;
        if ((lst->size >= 4) && (LETTERS(lst)[2] != LETTERS(lst)[3])) return 3; /* lst[3] must be guaranteed size>=4 */
    }
    /* the seed reads lst[3] before testing the size; every 3-letter list has returned above */
    if ((LETTERS(lst)[0] == LETTERS(lst)[3]) && (lst->size >= 4)) return 4;
    return 0;
}

/* Check if there is a first straight or dark bar (reads only, like numoffirst). */
static bool checkgroup(const lst_t *lst, const int num)
{
    if ((num == 1) && (LETTERS(lst)[1] == LETTERS(lst)[0] + 1)) {
        for (int i = 2; i < lst->size; ++i) { /* second number may have duplicate */
            if (LETTERS(lst)[i] != LETTERS(lst)[1]) {
                if (LETTERS(lst)[i] == LETTERS(lst)[0] + 2)
                    return true;
                else
                    return false;
            }
        }
    }
    if ((num == 2) && (LETTERS(lst)[2] == LETTERS(lst)[1] + 1)) {
        for (int i = 3; i < lst->size; ++i) { /* the third number may be duplicated */
            if (LETTERS(lst)[i] != LETTERS(lst)[2]) {
                if (LETTERS(lst)[i] == LETTERS(lst)[1] + 2)
                    return true;
                else
                    return false;
            }
        }
    }
    if (num >= 3) return true;
    return false;
}

/* Delete this set of straight or dark bars. */
static void delgroup(lst_t *lst, const int num)
{
    if (num == 1) {
        int iter = 1;
        for (int i = 2; i < lst->size; ++i) {
            ++iter;
            if (LETTERS(lst)[i] == (1 + LETTERS(lst)[1])) {
                erase_at(lst, iter);
                erase_at(lst, 0);
                erase_at(lst, 0);
                break;
            }
        }
    }
    if (num == 2) {
        int iter = 2;
        for (int i = 3; i < lst->size; ++i) {
            ++iter;
            if (LETTERS(lst)[i] == (1 + LETTERS(lst)[2])) {
                erase_at(lst, iter);
                erase_at(lst, 1); /* remove the second-digit card */
                erase_at(lst, 1);
                break;
            }
        }
    }
    if (num >= 3) {
        erase_at(lst, 0);
        erase_at(lst, 0);
        erase_at(lst, 0);
    }
}

/* Whether it is n straight or dark bar: melds only, always at the first letter. The seed
 * takes the vector by value; every caller hands over a fresh list it never reads again, so
 * the port works on it in place. */
static bool is3n(lst_t *lst)
{
    if (lst->size % 3 != 0) return false;
    while (lst->size > 0) {
        if (lst->size >= 3) { /* always: the size stays a multiple of 3 */
            int num = numoffirst(lst);
            if (checkgroup(lst, num))
                delgroup(lst, num);
            else
                return false;
        }
    }
    return true;
}

/* Remove the x and x+1 positions of a pair. */
static lst_t deldui(const lst_t *lst, const int x)
{
    lst_t newlst = {.first = 0, .size = lst->size - 2}; /* every letter but x and x+1, in order */
    const char *v = LETTERS(lst);
    for (int i = 0; i < x; i++) newlst.buf[i] = v[i];
    for (int i = x; i < newlst.size; i++) newlst.buf[i] = v[i + 2];
    return newlst;
}

/* Is the normal card type 3n+2: some pair removed, the rest melds. */
static bool ishu3n(const lst_t *lst)
{
    pos_t pos = findreptpos(lst);
    for (int i = 0; i < pos.size; ++i) {
        lst_t newlst = deldui(lst, pos.v[i]);
        if (is3n(&newlst)) return true;
    }
    return false;
}

/* Remove the bar starting at x (4 cards). */
static lst_t delgang(const lst_t *lst, const int x)
{
    lst_t newlst = {.first = 0, .size = lst->size - 4}; /* every letter but x..x+3, in order */
    const char *v = LETTERS(lst);
    for (int i = 0; i < x; i++) newlst.buf[i] = v[i];
    for (int i = x; i < newlst.size; i++) newlst.buf[i] = v[i + 4];
    return newlst;
}

/* Find the position of the bar: each i with lst[i] == lst[i+3]. */
static pos_t findgangpos(const lst_t *lst)
{
    pos_t pos = {.size = 0};
    int temp_pos = 0;
    if (lst->size < 4) return pos;
    for (int i = 0; i < lst->size - 3; ++i) {
        if (LETTERS(lst)[i] == LETTERS(lst)[i + 3]) pos.v[pos.size++] = temp_pos;
        ++temp_pos;
    }
    return pos;
}

/* The seed's main(), returning good (true) or bad (false) instead of printing. The garbled
 * "if (num = =)" branches are 15, 16, 17 and 18, in that order (each needs num - 14 bars). */
static bool mediatek_is_win(const mj_hand *h, const mj_rules *r)
{
    (void)r; /* the seed has one rule set: mediatek (std, 7p4, kongs; 27 kinds; 14-18 tiles) */
    lst_t lst = {.size = 0};
    sorted_letters(h, &lst); /* from small to large sort */
    int num = lst.size;
    if ((num < 14) || (num > 18)) return false;
    if (num == 14) { /* 14 cards, 2 kinds of Hu */
        if (isddh(&lst)) return true;
        return ishu3n(&lst);
    }
    if (num == 15) {
        pos_t pos = findgangpos(&lst);
        if (pos.size < 1) return false;
        for (int i = 0; i < pos.size; ++i) { /* delete a bar in turn, then 3n+2 */
            lst_t newlst = delgang(&lst, pos.v[i]);
            if (ishu3n(&newlst)) return true;
        }
        return false;
    }
    if (num == 16) {
        pos_t pos = findgangpos(&lst);
        if (pos.size < 2) return false; /* less than 2 bars is definitely not a win */
        for (int i = 0; i < pos.size - 1; ++i)
            for (int j = i + 1; j < pos.size; ++j) {
                /* remove the rear bar first, otherwise the position will change */
                lst_t newlst1 = delgang(&lst, pos.v[j]);
                lst_t newlst2 = delgang(&newlst1, pos.v[i]);
                if (ishu3n(&newlst2)) return true;
            }
        return false;
    }
    if (num == 17) {
        pos_t pos = findgangpos(&lst);
        if (pos.size < 3) return false;
        for (int i = 0; i < pos.size - 2; ++i)
            for (int j = i + 1; j < pos.size - 1; ++j)
                for (int k = j + 1; k < pos.size; ++k) {
                    lst_t newlst1 = delgang(&lst, pos.v[k]);
                    lst_t newlst2 = delgang(&newlst1, pos.v[j]);
                    lst_t newlst3 = delgang(&newlst2, pos.v[i]);
                    if (ishu3n(&newlst3)) return true;
                }
        return false;
    }
    /* num == 18 */
    pos_t pos = findgangpos(&lst);
    if (pos.size != 4) return false; /* not 4 bars: definitely not a win */
    lst_t newlst1 = delgang(&lst, pos.v[3]);
    lst_t newlst2 = delgang(&newlst1, pos.v[2]);
    lst_t newlst3 = delgang(&newlst2, pos.v[1]);
    lst_t newlst4 = delgang(&newlst3, pos.v[0]);
    return LETTERS(&newlst4)[0] == LETTERS(&newlst4)[1];
}

MJ_ALGO_BATCH_LOOP(mediatek_is_win_batch, mediatek_is_win)

const mj_algo mj_algo_mediatek = {
    .name = "mediatek",
    .summary = "seed 003's C++: sorted letters, seven pairs, each pair then greedy first-letter melds, kongs set aside",
    .source = "seed 003 (C++)",
    .forms = MJ_FORM_STD | MJ_FORM_7P4 | MJ_FORM_KONGS,
    .max_kinds = MJ_SUITED_KINDS,
    .min_win = 14,
    .flawed = false,
    .flaw = NULL,
    .init = NULL,
    .is_win = mediatek_is_win,
    .is_win_batch = mediatek_is_win_batch,
    .waits = NULL,
};
