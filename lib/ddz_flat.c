/* ddz_flat_sizeof (ddz_flat.h): the struct sizes a binding checks its mirrors against. */
#include "ddz_flat.h"

#include <string.h>

#include "ddz_line.h"
#include "ddz_solver.h"

size_t ddz_flat_sizeof(const char *type)
{
    static const struct {
        const char *name;
        size_t size;
    } sizes[] = {{"ddz_move", sizeof(ddz_move)},
                 {"ddz_rules", sizeof(ddz_rules)},
                 {"ddz_error", sizeof(ddz_error)},
                 {"ddz_position", sizeof(ddz_position)},
                 {"ddz_solve_options", sizeof(ddz_solve_options)},
                 {"ddz_result", sizeof(ddz_result)},
                 {"ddz_solver", sizeof(ddz_solver)},
                 {"ddz_solve_live", sizeof(ddz_solve_live)},
                 {"ddz_line_options", sizeof(ddz_line_options)},
                 {"ddz_line_ply", sizeof(ddz_line_ply)},
                 {"ddz_line", sizeof(ddz_line)}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (strcmp(sizes[i].name, type) == 0) return sizes[i].size;
    return 0;
}
