/* The plugin ABI: what a shared object fills so `mjverify --plugin PATH` can check, time and
 * verify an outside win check, or shanten calculator, as if it were compiled in. */
#ifndef MJVERIFY_PLUGIN_H
#define MJVERIFY_PLUGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mj_rules.h"
#include "mj_tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever mj_plugin, mj_hand or mj_rules change layout or meaning; the loader
 * refuses a plugin built for another number, naming both. ABI 2 (issue 30) appended the
 * shanten entries; a plugin built for ABI 1 (its struct ending at waits) still loads, as a
 * win check with no shanten entry. */
#define MJ_PLUGIN_ABI 2

/* The one symbol a plugin exports (data, not a function). */
#define MJ_PLUGIN_SYMBOL "mj_plugin_entry"

#if defined(_WIN32)
#define MJ_PLUGIN_EXPORT __declspec(dllexport)
#else
#define MJ_PLUGIN_EXPORT __attribute__((visibility("default")))
#endif

/* What a plugin decides and how. The calls have the same signatures as a built-in
 * algorithm's, so mjverify calls them directly: no wrapper in the hot loop.
 *  abi, size  MJ_PLUGIN_ABI and sizeof(mj_plugin), first so an old plugin fails loudly.
 *  name       [A-Za-z0-9_-]{1,23}; selected as --algo plugin:NAME.
 *  summary    one line, may be NULL.
 *  forms      the MJ_FORM_* bits it decides (each at its own sizes, see mj_rules.h);
 *             checked at load on a sample of winning hands of each form.
 *  max_kinds  27 (three suits) or 34 (honors too).
 *  init       builds tables, once, single-threaded, before any call; 0 on success. May be NULL.
 *  is_win     whether h wins under some form in r->forms. Preconditions: counts 0..4 below
 *             r->kinds, h->tiles their sum, r->forms a subset of forms, r->kinds <= max_kinds,
 *             h->tiles within r->min_win..r->max_win. Must be reentrant (called from many
 *             threads at once) and must not allocate or keep h.
 *  waits      optional (NULL: mjverify adds each kind and calls is_win): the kinds t held
 *             fewer than 4 times with h + t winning, bit t set. Same rules as is_win.
 * ABI 2:
 *  shanten    optional: the shanten number of h under r (the definitions of <mj_shanten.h>:
 *             -1 complete, 0 ready, ...), for `mjverify shanten --plugin`. Preconditions as
 *             is_win, except that h->tiles is 1..14 and not a multiple of 3 and r has no kongs.
 *             A plugin may leave is_win NULL when it gives shanten: it is then a shanten
 *             calculator only.
 *  effective  optional (NULL: mjverify tries each kind with shanten): the effective tiles of
 *             h, with the shanten stored in *shanten_out when not NULL. Same rules. */
typedef struct mj_plugin {
    uint32_t abi;
    uint32_t size;
    const char *name;
    const char *summary;
    unsigned forms;
    int max_kinds;
    int (*init)(void);
    bool (*is_win)(const mj_hand *h, const mj_rules *r);
    mj_kindset (*waits)(const mj_hand *h, const mj_rules *r);
    /* ABI 2 */
    int (*shanten)(const mj_hand *h, const mj_rules *r);
    mj_kindset (*effective)(const mj_hand *h, const mj_rules *r, int *shanten_out);
} mj_plugin;

/* The size of an ABI 1 plugin's struct (it ended at waits). */
#define MJ_PLUGIN_ABI1_SIZE offsetof(mj_plugin, shanten)

/* A plugin defines it: MJ_PLUGIN_EXPORT const mj_plugin mj_plugin_entry = {MJ_PLUGIN_ABI,
 * sizeof(mj_plugin), "name", ...}; declared here so C++ gives it external linkage. */
MJ_PLUGIN_EXPORT extern const mj_plugin mj_plugin_entry;

#ifdef __cplusplus
}
#endif

#endif
