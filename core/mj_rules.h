/* Rule sets: which forms of hand win, over which tile set, at which sizes. */
#ifndef MJ_RULES_H
#define MJ_RULES_H

#include "mj_error.h"
#include "mj_tiles.h"
#include "mj_api.h"

MJ_API_BEGIN

/* Winning forms. Each has its own sizes:
 *  STD   a pair plus m melds (suited runs of three, triplets): 2, 5, 8, 11, 14 tiles.
 *  7P    seven pairs of distinct kinds: 14 tiles.
 *  7P4   seven pairs where a four-of-a-kind counts as two pairs: 14 tiles.
 *  KONGS 14+k tiles (k = 1..4): k four-of-a-kinds set aside, the rest STD.
 *  13O   thirteen orphans: one of each terminal and honor, one doubled (34 kinds). */
typedef enum {
    MJ_FORM_STD   = 1u << 0,
    MJ_FORM_7P    = 1u << 1,
    MJ_FORM_7P4   = 1u << 2,
    MJ_FORM_KONGS = 1u << 3,
    MJ_FORM_13O   = 1u << 4,
    MJ_FORM_ALL   = (1u << 5) - 1
} mj_form;

typedef struct {
    char name[48];  /* preset name or the form list as given */
    unsigned forms; /* mj_form bits */
    int kinds;      /* 27 or 34: every kind in play lies below it */
    int min_win;    /* hands outside min_win..max_win tiles never win */
    int max_win;
    /* The kinds in play, bit k for kind k, when they are fewer than all kinds below `kinds`;
     * 0 means all of them. Only sanma sets it: 34 kinds less 2m-8m (27 kinds, 108 tiles). */
    mj_kindset tileset;
} mj_rules;

/* The sanma tile set: 1m 9m, 1-9p, 1-9s and the seven honors. */
#define MJ_SANMA_TILESET ((((mj_kindset)1 << MJ_KINDS) - 1) & ~((mj_kindset)0x7f << 1))

/* Fills r from a preset (basic, sichuan, mediatek, riichi, sanma) or a comma list of forms
 * (std,7p,7p4,kongs,13o); kinds 27 or 34 overrides the preset's tile set, 0 keeps it
 * (forms alone default to 27 kinds, or 34 with 13o). Fails with MJ_ERR_BAD_RULES
 * on an unknown name, 13o under 27 kinds, or a tile set given to sanma other than its own
 * (34 is accepted: its kinds lie below 34). */
mj_status mj_rules_parse(const char *spec, int kinds, mj_rules *r, mj_error *err);

/* The kinds in play under r (bit k for kind k): r->tileset, or every kind below r->kinds. */
static inline mj_kindset mj_rules_tileset(const mj_rules *r)
{
    return r->tileset ? r->tileset : (((mj_kindset)1 << r->kinds) - 1);
}

/* How many kinds are in play under r (27 for sanma). */
static inline int mj_rules_kind_count(const mj_rules *r) { return __builtin_popcountll(mj_rules_tileset(r)); }

/* "std,7p4" for a form set. */
void mj_forms_format(unsigned forms, char *buf, size_t cap);

/* The form's name ("std"), for one bit. */
const char *mj_form_name(mj_form f);

/* The tile counts at which some form of r can win. */
bool mj_rules_size_can_win(const mj_rules *r, int tiles);

MJ_API_END

#endif
