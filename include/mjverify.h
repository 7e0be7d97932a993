/* <mjverify.h>: the public API of libmjverify in one include: the version, the tile model,
 * notations and rule sets, the algorithm registry, the oracle's truth and exhaustive
 * verification, and the plugin ABI. Every header below documents its functions' preconditions
 * and errors; only names starting with mj_ (and MJ_, MJVERIFY_) are exported. */
#ifndef MJVERIFY_H
#define MJVERIFY_H

#include "mjverify_version.h"

#include "mj_error.h"      /* errors as values: mj_status, mj_error */
#include "mj_tiles.h"      /* kinds, mj_hand (a count array), mj_kindset */
#include "mj_rules.h"      /* forms and presets: mj_rules_parse */
#include "mj_notation.h"   /* mj_parse, mj_format in mpsz, letters, hex, unicode */
#include "mj_random.h"     /* seeded deals: mj_rng, mj_deal */
#include "mj_algo.h"       /* the registry: mj_algos, mj_algo_find, mj_algo_is_win, mj_algo_waits */
#include "mj_shanten.h"    /* shanten calculators: mj_shanten_algos, mj_shanten_find, mj_shanten_effective */
#include "mj_truth.h"      /* ground truth: mj_truth_init, mj_truth_is_win, mj_truth_waits */
#include "mj_oracle.h"     /* exhaustive verification: mj_verify_prepare, mj_verify_run, mj_oracle_count */
#include "mj_checkpoint.h" /* checkpoints of a verify run */
#include "mjverify_plugin.h" /* the plugin ABI: mj_plugin, MJ_PLUGIN_ABI */

#endif
