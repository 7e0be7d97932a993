/* The correct example compiled into mjverify as the algorithm "builtin:correct", so `bench`
 * can time the same code as a plugin and compiled in, side by side in one process. */
#include "mj_algo.h"
#include "mjverify_plugin.h"

static mj_algo row;

__attribute__((constructor)) static void register_builtin(void)
{
    row = (mj_algo){.name = "builtin:correct", .summary = mj_plugin_entry.summary,
                    .source = "examples/plugin-c/correct.c, compiled in", .forms = mj_plugin_entry.forms,
                    .max_kinds = mj_plugin_entry.max_kinds, .init = mj_plugin_entry.init,
                    .is_win = mj_plugin_entry.is_win, .waits = mj_plugin_entry.waits};
    mj_algo_register(&row);
}
