/* The checkpoint file: a verify run's whole state, so a killed run resumes where it was. */
#ifndef MJ_CHECKPOINT_H
#define MJ_CHECKPOINT_H

#include <stddef.h>
#include <stdint.h>

#include "mj_error.h"
#include "mj_oracle.h"
#include "mj_api.h"

MJ_API_BEGIN

/* Layout, all integers little-endian:
 *   0  8 bytes  magic "MJVCKPT\n"
 *   8  u32      format version (MJ_CHECKPOINT_VERSION)
 *  12  u64      config hash (mj_verify_config_hash of the run)
 *  20  u32      payload length P
 *  24  P bytes  payload: the mj_verify_result fields, field by field (checkpoint.c)
 *  24+P u64     FNV-1a 64 of bytes 0 .. 24+P-1
 * A file is accepted only whole: right magic, version, length, checksum, every field in
 * range, and a config hash that matches its own recorded settings. Version 1 (a pass for the
 * truth and one per algorithm in each size) is read too when its position is where a size
 * begins, as every finished run's is; it is written as version 2 (one pass a size). Version 3
 * adds the rules' tile set (u64, 0 = every kind below rules.kinds) as the payload's last field;
 * versions 1 and 2 are read with tile set 0. */
enum { MJ_CHECKPOINT_VERSION = 3, MJ_CHECKPOINT_MAX = 1u << 20 }; /* 2: one pass a size; 3: the rules' tile set last */

/* Encodes r into buf (cap bytes); returns the length, or 0 when cap is too small. */
size_t mj_checkpoint_encode(const mj_verify_result *r, uint8_t *buf, size_t cap);

/* Decodes data[0..len) into *out. Refuses (MJ_ERR_BAD_CODE, one-line message in err, *out
 * unspecified) anything that is not a whole checkpoint of this version. Never reads
 * outside data, allocates nothing. */
mj_status mj_checkpoint_parse(const uint8_t *data, size_t len, mj_verify_result *out, mj_error *err);

/* Writes r to path atomically (path.tmp, then rename). */
mj_status mj_checkpoint_save(const char *path, const mj_verify_result *r, mj_error *err);
/* Reads and parses path; MJ_ERR_EMPTY when it does not exist. */
mj_status mj_checkpoint_load(const char *path, mj_verify_result *out, mj_error *err);

MJ_API_END

#endif
