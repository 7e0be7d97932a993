/* Rule-set presets and form lists, and the sizes at which each form can win. */
#include "mj_rules.h"

#include <stdio.h>
#include <string.h>

static const struct {
    mj_form form;
    const char *name;
} form_names[] = {
    {MJ_FORM_STD, "std"}, {MJ_FORM_7P, "7p"}, {MJ_FORM_7P4, "7p4"}, {MJ_FORM_KONGS, "kongs"}, {MJ_FORM_13O, "13o"},
};

static const struct {
    const char *name;
    unsigned forms;
    int kinds, min_win, max_win;
    mj_kindset tileset;
} presets[] = {
    {"basic", MJ_FORM_STD, 27, 1, 18, 0},
    {"sichuan", MJ_FORM_STD | MJ_FORM_7P4, 27, 1, 18, 0},
    {"mediatek", MJ_FORM_STD | MJ_FORM_7P4 | MJ_FORM_KONGS, 27, 14, 18, 0}, /* seed 003: 14 to 18 tiles */
    {"riichi", MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O, 34, 1, 18, 0},
    /* three-player riichi: the wall has 1m and 9m but no 2m-8m (27 kinds, 108 tiles) */
    {"sanma", MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_13O, 34, 1, 18, MJ_SANMA_TILESET},
};

const char *mj_form_name(mj_form f)
{
    for (size_t i = 0; i < sizeof form_names / sizeof form_names[0]; i++)
        if (form_names[i].form == f) return form_names[i].name;
    return "?";
}

void mj_forms_format(unsigned forms, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap == 0) return;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof form_names / sizeof form_names[0]; i++) {
        if (!(forms & form_names[i].form)) continue;
        int n = snprintf(buf + used, cap - used, "%s%s", used ? "," : "", form_names[i].name);
        if (n < 0 || (size_t)n >= cap - used) return;
        used += (size_t)n;
    }
}

static mj_status rules_error(mj_error *err, const char *spec, const char *why)
{
    if (err) {
        err->code = MJ_ERR_BAD_RULES;
        err->offset = 0;
        snprintf(err->message, sizeof err->message, "rules '%.40s': %s", spec, why);
    }
    return MJ_ERR_BAD_RULES;
}

mj_status mj_rules_parse(const char *spec, int kinds, mj_rules *r, mj_error *err)
{
    if (kinds != 0 && kinds != MJ_SUITED_KINDS && kinds != MJ_KINDS)
        return rules_error(err, spec, "tile set must be 27 or 34");
    memset(r, 0, sizeof *r);
    r->min_win = 1;
    r->max_win = MJ_MAX_TILES;
    bool found = false;
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        if (strcmp(spec, presets[i].name) == 0) {
            r->forms = presets[i].forms;
            r->kinds = presets[i].kinds;
            r->min_win = presets[i].min_win;
            r->max_win = presets[i].max_win;
            r->tileset = presets[i].tileset;
            found = true;
        }
    if (!found) {
        const char *p = spec;
        while (*p) {
            size_t n = strcspn(p, ",");
            bool known = false;
            for (size_t i = 0; i < sizeof form_names / sizeof form_names[0]; i++)
                if (strlen(form_names[i].name) == n && strncmp(p, form_names[i].name, n) == 0) {
                    r->forms |= form_names[i].form;
                    known = true;
                }
            if (!known)
                return rules_error(err, spec,
                                   "unknown; use basic, sichuan, mediatek, riichi, sanma or std,7p,7p4,kongs,13o");
            p += n;
            if (*p == ',') p++;
        }
        if (r->forms == 0) return rules_error(err, spec, "no form given");
        r->kinds = (r->forms & MJ_FORM_13O) ? MJ_KINDS : MJ_SUITED_KINDS;
    }
    if (r->tileset && kinds && kinds != r->kinds)
        return rules_error(err, spec, "its tile set is fixed (27 kinds, no 2m-8m); leave out --tiles");
    if (kinds) r->kinds = kinds;
    if ((r->forms & MJ_FORM_13O) && r->kinds != MJ_KINDS)
        return rules_error(err, spec, "thirteen orphans (13o) needs --tiles 34");
    snprintf(r->name, sizeof r->name, "%.40s", spec);
    return MJ_OK;
}

bool mj_rules_size_can_win(const mj_rules *r, int tiles)
{
    if (tiles < r->min_win || tiles > r->max_win) return false;
    if ((r->forms & MJ_FORM_STD) && tiles % 3 == 2 && tiles <= 14) return true;
    if ((r->forms & (MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O)) && tiles == 14) return true;
    if ((r->forms & MJ_FORM_KONGS) && tiles >= 15 && tiles <= 18) return true;
    return false;
}
