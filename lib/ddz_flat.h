/* What a foreign-function caller of libmjverify-ddz (Python's ctypes, ...) needs beyond the ddz
 * headers: the sizes of the structs it mirrors, to refuse a library whose layouts moved. */
#ifndef DDZ_FLAT_H
#define DDZ_FLAT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* sizeof "ddz_move", "ddz_rules", "ddz_error", "ddz_position", "ddz_solve_options",
 * "ddz_result", "ddz_solver", "ddz_solve_live", "ddz_line_options", "ddz_line_ply",
 * "ddz_line"; 0 for any other name. */
size_t ddz_flat_sizeof(const char *type);

#ifdef __cplusplus
}
#endif
#endif
