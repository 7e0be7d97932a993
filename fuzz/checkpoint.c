/* Fuzzes the verify checkpoint reader: corrupt, truncated or foreign bytes are refused cleanly, and whatever it accepts is a consistent run state that encodes back to the same bytes. */
#include "fuzz_common.h"

#include "mj_checkpoint.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { HEADER = 24, TRAILER = 8 };

/* Large results live in static storage: libFuzzer runs one input at a time. */
static mj_verify_result decoded, redecoded;
static uint8_t fixed[MJ_CHECKPOINT_MAX], encoded[MJ_CHECKPOINT_MAX];

static uint64_t fnv1a(const uint8_t *p, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static bool hand_ok(const mj_counterexample *c, const mj_verify_result *r)
{
    int kinds = r->tiles == 9 ? 9 : r->tiles;
    return mj_hand_valid(&c->hand, kinds) && c->hand.tiles >= r->size_min && c->hand.tiles <= r->size_max;
}

/* What the rest of the program relies on once a checkpoint is accepted. */
static void check_accepted(const uint8_t *in, size_t len, const uint8_t *orig, size_t orig_size)
{
    const mj_verify_result *r = &decoded;
    if ((r->tiles != 9 && r->tiles != 27 && r->tiles != 34) || r->size_min < 1 || r->size_max > MJ_MAX_TILES ||
        r->size_min > r->size_max || r->ncands > MJ_ORACLE_MAX_CANDIDATES || r->cex_keep < 0 ||
        r->cex_keep > MJ_ORACLE_MAX_CEX || r->shards < 1 || r->shard >= r->shards ||
        (r->mode != MJ_MODE_WIN && r->mode != MJ_MODE_WAITS) || !memchr(r->rules.name, 0, sizeof r->rules.name))
        fz_fail(orig, orig_size, "checkpoint accepted with run settings out of range");
    for (uint32_t i = 0; i < r->ncands; i++) {
        const mj_candidate_result *c = &r->cands[i];
        if (!memchr(c->name, 0, sizeof c->name) || c->nfirst > (uint32_t)r->cex_keep ||
            c->nsmallest > (uint32_t)r->cex_keep)
            fz_fail(orig, orig_size, "checkpoint accepted with algorithm %u out of range", i);
        for (uint32_t k = 0; k < c->nfirst; k++)
            if (!hand_ok(&c->first[k], r)) fz_fail(orig, orig_size, "checkpoint accepted an invalid counterexample hand");
        for (uint32_t k = 0; k < c->nsmallest; k++)
            if (!hand_ok(&c->smallest[k], r))
                fz_fail(orig, orig_size, "checkpoint accepted an invalid counterexample hand");
    }
    /* the format has one encoding per state: writing it again gives the same bytes (a version 1
     * file is written as the current version, so only the state must come back) */
    size_t n = mj_checkpoint_encode(r, encoded, sizeof encoded);
    bool current = in[8] == (uint8_t)MJ_CHECKPOINT_VERSION;
    if (current && (n != len || memcmp(encoded, in, len) != 0))
        fz_fail(orig, orig_size, "an accepted checkpoint of %zu bytes encodes back to %zu different bytes", len, n);
    mj_error err;
    if (mj_checkpoint_parse(encoded, n, &redecoded, &err) != MJ_OK)
        fz_fail(orig, orig_size, "the re-encoded checkpoint is refused: %s", err.message);
    if (memcmp(&decoded, &redecoded, sizeof decoded) != 0)
        fz_fail(orig, orig_size, "the re-encoded checkpoint decodes to a different state");
}

static void parse_once(const uint8_t *in, size_t len, const uint8_t *orig, size_t orig_size)
{
    mj_error err;
    memset(&err, 0, sizeof err);
    mj_status s = mj_checkpoint_parse(in, len, &decoded, &err);
    if (s == MJ_OK) {
        check_accepted(in, len, orig, orig_size);
        return;
    }
    if (err.code != s || !memchr(err.message, 0, sizeof err.message) || err.message[0] == 0)
        fz_fail(orig, orig_size, "checkpoint refused (%s) without its code and a message", mj_status_name(s));
    if (err.offset > len)
        fz_fail(orig, orig_size, "checkpoint refusal names byte %zu of a %zu-byte file", err.offset, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* the bytes as they are: foreign, truncated or corrupt files */
    parse_once(data, size, data, size);
    /* the same bytes made to pass the framing (magic, version, length, checksum), so the
     * field checks behind it are fuzzed too rather than only the checksum */
    if (size < HEADER + TRAILER || size > sizeof fixed) return 0;
    memcpy(fixed, data, size);
    memcpy(fixed, "MJVCKPT\n", 8);
    uint32_t version = MJ_CHECKPOINT_VERSION, payload = (uint32_t)(size - HEADER - TRAILER);
    for (int i = 0; i < 4; i++) {
        fixed[8 + i] = (uint8_t)(version >> (8 * i));
        fixed[20 + i] = (uint8_t)(payload >> (8 * i));
    }
    uint64_t sum = fnv1a(fixed, size - TRAILER);
    for (int i = 0; i < 8; i++) fixed[size - TRAILER + (size_t)i] = (uint8_t)(sum >> (8 * i));
    parse_once(fixed, size, data, size);
    return 0;
}
