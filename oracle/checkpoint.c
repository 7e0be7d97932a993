/* Checkpoint files: a verify run's state written field by field with a checksum, and a parser
 * that accepts only a whole, consistent file of this version (fuzzed: any bytes are safe). */
#include "mj_checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_internal.h"

static const uint8_t magic[8] = {'M', 'J', 'V', 'C', 'K', 'P', 'T', '\n'};
enum { HEADER = 24, TRAILER = 8 };

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    return fnv(h, b, 8);
}

uint64_t orc_hash_identity(int tiles, int size_min, int size_max, int mode, int cex_keep, const mj_rules *r,
                           uint32_t ncands)
{
    uint64_t h = 0xcbf29ce484222325ull;
    /* 1, not MJ_CHECKPOINT_VERSION: a run is the same run in format 2 (one pass a size), so the
     * summaries format 1 wrote (reports/riichi34-pieces) still merge with those written now */
    h = fnv_u64(h, 1);
    h = fnv_u64(h, (uint64_t)tiles);
    h = fnv_u64(h, (uint64_t)size_min);
    h = fnv_u64(h, (uint64_t)size_max);
    h = fnv_u64(h, (uint64_t)mode);
    h = fnv_u64(h, (uint64_t)cex_keep);
    h = fnv_u64(h, r->forms);
    h = fnv_u64(h, (uint64_t)r->kinds);
    h = fnv_u64(h, (uint64_t)r->min_win);
    h = fnv_u64(h, (uint64_t)r->max_win);
    /* only a partial tile set (sanma) is folded in: the runs of every other rule set keep the
     * hash they had before tile sets, so their summaries still merge */
    if (r->tileset) h = fnv_u64(h, r->tileset);
    return fnv_u64(h, ncands);
}

uint64_t orc_hash_candidate(uint64_t h, const char *name, bool flawed)
{
    size_t n = strlen(name);
    if (n > MJ_ORACLE_NAME - 1) n = MJ_ORACLE_NAME - 1;
    h = fnv_u64(h, n);
    h = fnv(h, name, n);
    return fnv_u64(h, flawed);
}

static uint64_t result_hash(const mj_verify_result *r)
{
    uint64_t h = orc_hash_identity(r->tiles, r->size_min, r->size_max, (int)r->mode, r->cex_keep, &r->rules, r->ncands);
    for (uint32_t i = 0; i < r->ncands; i++) h = orc_hash_candidate(h, r->cands[i].name, r->cands[i].flawed);
    return h;
}

/* ---- writing ---- */

typedef struct {
    uint8_t *p;
    size_t len, cap;
} wbuf;

static void put(wbuf *w, const void *d, size_t n)
{
    if (w->len + n <= w->cap) memcpy(w->p + w->len, d, n);
    w->len += n;
}
static void put_u64(wbuf *w, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 8);
}
static void put_u32(wbuf *w, uint32_t v)
{
    uint8_t b[4];
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(w, b, 4);
}
static void put_u8(wbuf *w, uint8_t v) { put(w, &v, 1); }
static void put_f64(wbuf *w, double d)
{
    uint64_t v;
    memcpy(&v, &d, 8);
    put_u64(w, v);
}
static void put_tally(wbuf *w, const mj_tally *t)
{
    put_u64(w, t->hands);
    put_u64(w, t->positives);
    put_u64(w, t->mismatches);
    put_u64(w, t->false_wins);
    put_u64(w, t->false_nonwins);
    put_f64(w, t->seconds);
}
static void put_cex(wbuf *w, const mj_counterexample *c)
{
    put_u64(w, c->rank);
    put_u64(w, c->truth);
    put_u64(w, c->got);
    put_u8(w, c->hand.tiles);
    put(w, c->hand.count, MJ_KINDS);
}

size_t mj_checkpoint_encode(const mj_verify_result *r, uint8_t *buf, size_t cap)
{
    wbuf w = {buf, 0, cap};
    put(&w, magic, 8);
    put_u32(&w, MJ_CHECKPOINT_VERSION);
    put_u64(&w, r->config_hash);
    put_u32(&w, 0); /* payload length, patched below */
    put_u32(&w, (uint32_t)r->tiles);
    put_u32(&w, (uint32_t)r->size_min);
    put_u32(&w, (uint32_t)r->size_max);
    put_u32(&w, (uint32_t)r->mode);
    put_u32(&w, (uint32_t)r->cex_keep);
    put(&w, r->rules.name, sizeof r->rules.name);
    put_u32(&w, r->rules.forms);
    put_u32(&w, (uint32_t)r->rules.kinds);
    put_u32(&w, (uint32_t)r->rules.min_win);
    put_u32(&w, (uint32_t)r->rules.max_win);
    put_u32(&w, r->shard);
    put_u32(&w, r->shards);
    put_u32(&w, r->ncands);
    put_u32(&w, r->next_pass);
    put_u64(&w, r->next_rank);
    put_u8(&w, r->complete);
    put_u32(&w, (uint32_t)r->threads);
    put_f64(&w, r->seconds);
    put_tally(&w, &r->truth);
    for (int n = 0; n <= MJ_MAX_TILES; n++) put_tally(&w, &r->truth_by_size[n]);
    for (int n = 0; n <= MJ_MAX_TILES; n++)
        for (int k = 0; k <= MJ_KINDS; k++) put_u64(&w, r->wait_hist[n][k]);
    for (uint32_t i = 0; i < r->ncands && i < MJ_ORACLE_MAX_CANDIDATES; i++) {
        const mj_candidate_result *c = &r->cands[i];
        put(&w, c->name, sizeof c->name);
        put_u8(&w, c->flawed);
        put_tally(&w, &c->total);
        for (int n = 0; n <= MJ_MAX_TILES; n++) put_tally(&w, &c->by_size[n]);
        put_u32(&w, c->nfirst);
        put_u32(&w, c->nsmallest);
        for (uint32_t k = 0; k < c->nfirst && k < MJ_ORACLE_MAX_CEX; k++) put_cex(&w, &c->first[k]);
        for (uint32_t k = 0; k < c->nsmallest && k < MJ_ORACLE_MAX_CEX; k++) put_cex(&w, &c->smallest[k]);
    }
    put_u64(&w, r->rules.tileset); /* format 3 */
    size_t payload = w.len - HEADER;
    if (w.len + TRAILER > cap) return 0;
    for (int i = 0; i < 4; i++) buf[20 + i] = (uint8_t)(payload >> (8 * i));
    uint64_t sum = fnv(0xcbf29ce484222325ull, buf, w.len);
    put_u64(&w, sum);
    return w.len;
}

/* ---- reading ---- */

typedef struct {
    const uint8_t *p;
    size_t len, at;
    bool short_read;
} rbuf;

static void get(rbuf *r, void *d, size_t n)
{
    if (r->short_read || n > r->len - r->at) {
        r->short_read = true;
        memset(d, 0, n);
        return;
    }
    memcpy(d, r->p + r->at, n);
    r->at += n;
}
static uint64_t get_u64(rbuf *r)
{
    uint8_t b[8];
    get(r, b, 8);
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | b[i];
    return v;
}
static uint32_t get_u32(rbuf *r)
{
    uint8_t b[4];
    get(r, b, 4);
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}
static uint8_t get_u8(rbuf *r)
{
    uint8_t v;
    get(r, &v, 1);
    return v;
}
static double get_f64(rbuf *r)
{
    uint64_t v = get_u64(r);
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static void get_tally(rbuf *r, mj_tally *t)
{
    t->hands = get_u64(r);
    t->positives = get_u64(r);
    t->mismatches = get_u64(r);
    t->false_wins = get_u64(r);
    t->false_nonwins = get_u64(r);
    t->seconds = get_f64(r);
}

static mj_status refuse(mj_error *err, size_t at, const char *why)
{
    if (err) {
        err->code = MJ_ERR_BAD_CODE;
        err->offset = at;
        snprintf(err->message, sizeof err->message, "checkpoint refused at byte %zu: %s", at, why);
    }
    return MJ_ERR_BAD_CODE;
}

static bool get_cex(rbuf *r, mj_counterexample *c, const mj_verify_result *o)
{
    c->rank = get_u64(r);
    c->truth = get_u64(r);
    c->got = get_u64(r);
    c->hand.tiles = get_u8(r);
    get(r, c->hand.count, MJ_KINDS);
    int sum = 0, kinds = o->tiles == 9 ? 9 : o->tiles;
    for (int k = 0; k < MJ_KINDS; k++) {
        if (c->hand.count[k] > MJ_MAX_COPIES || (k >= kinds && c->hand.count[k])) return false;
        sum += c->hand.count[k];
    }
    if (sum != c->hand.tiles || sum < o->size_min || sum > o->size_max) return false;
    uint64_t lim = o->mode == MJ_MODE_WIN ? 1 : ~0ull;
    return c->truth <= lim && c->got <= lim && c->truth != c->got;
}

mj_status mj_checkpoint_parse(const uint8_t *data, size_t len, mj_verify_result *out, mj_error *err)
{
    if (!data || len < HEADER + TRAILER) return refuse(err, len, "too short to be a checkpoint (truncated?)");
    if (memcmp(data, magic, 8) != 0) return refuse(err, 0, "not a mjverify checkpoint (bad magic)");
    rbuf r = {data, len, 8, false};
    uint32_t version = get_u32(&r);
    if (version != MJ_CHECKPOINT_VERSION && version != 2 && version != 1)
        return refuse(err, 8, "written by another format version");
    uint64_t hash = get_u64(&r);
    uint32_t payload = get_u32(&r);
    if ((size_t)payload != len - HEADER - TRAILER) return refuse(err, 20, "length does not match (truncated or padded)");
    uint64_t sum = 0;
    for (int i = 7; i >= 0; i--) sum = sum << 8 | data[len - TRAILER + (size_t)i];
    if (sum != fnv(0xcbf29ce484222325ull, data, len - TRAILER)) return refuse(err, len - TRAILER, "checksum mismatch (corrupt)");
    r.len = len - TRAILER;
    memset(out, 0, sizeof *out);
    out->config_hash = hash;
    out->tiles = (int)get_u32(&r);
    out->size_min = (int)get_u32(&r);
    out->size_max = (int)get_u32(&r);
    uint32_t mode = get_u32(&r);
    out->mode = (mj_verify_mode)mode;
    out->cex_keep = (int)get_u32(&r);
    get(&r, out->rules.name, sizeof out->rules.name);
    out->rules.forms = get_u32(&r);
    out->rules.kinds = (int)get_u32(&r);
    out->rules.min_win = (int)get_u32(&r);
    out->rules.max_win = (int)get_u32(&r);
    out->shard = get_u32(&r);
    out->shards = get_u32(&r);
    out->ncands = get_u32(&r);
    out->next_pass = get_u32(&r);
    out->next_rank = get_u64(&r);
    uint8_t complete = get_u8(&r);
    out->complete = complete == 1;
    out->threads = (int)get_u32(&r);
    out->seconds = get_f64(&r);
    if (r.short_read) return refuse(err, r.at, "truncated header fields");
    if ((out->tiles != 9 && out->tiles != 27 && out->tiles != 34) || out->size_min < 1 ||
        out->size_max > MJ_MAX_TILES || out->size_min > out->size_max || mode > MJ_MODE_EFFECTIVE || out->cex_keep < 0 ||
        out->cex_keep > MJ_ORACLE_MAX_CEX || complete > 1)
        return refuse(err, 24, "run settings out of range");
    if (!memchr(out->rules.name, 0, sizeof out->rules.name) || out->rules.forms == 0 ||
        (out->rules.forms & ~(unsigned)MJ_FORM_ALL) || out->rules.kinds != (out->tiles == 34 ? 34 : 27) ||
        out->rules.min_win < 0 || out->rules.max_win > MJ_MAX_TILES || out->rules.min_win > out->rules.max_win)
        return refuse(err, 44, "rule set out of range");
    if (out->shards < 1 || out->shards > 65536 || out->shard >= out->shards || out->ncands > MJ_ORACLE_MAX_CANDIDATES)
        return refuse(err, 108, "shard or algorithm count out of range");
    uint32_t passes = (uint32_t)(out->size_max - out->size_min + 1); /* one a size */
    if (version == 1) {
        /* format 1 had a pass for the truth and one per algorithm in each size: its position
         * converts where a size begins (a finished run, or one stopped between sizes) */
        uint32_t per = 1 + out->ncands;
        if (out->next_pass > passes * per) return refuse(err, 120, "position out of range");
        if (out->next_rank || out->next_pass % per)
            return refuse(err, 120, "format 1 (an older mjverify) stopped inside a size: resume it with that version");
        out->next_pass /= per;
    }
    if (out->next_pass > passes || (out->complete != (out->next_pass == passes)) || (out->complete && out->next_rank))
        return refuse(err, 120, "position out of range");
    if (out->threads < 0 || out->seconds != out->seconds || out->seconds < 0) return refuse(err, 133, "timing fields out of range");
    get_tally(&r, &out->truth);
    for (int n = 0; n <= MJ_MAX_TILES; n++) get_tally(&r, &out->truth_by_size[n]);
    for (int n = 0; n <= MJ_MAX_TILES; n++)
        for (int k = 0; k <= MJ_KINDS; k++) out->wait_hist[n][k] = get_u64(&r);
    for (uint32_t i = 0; i < out->ncands; i++) {
        mj_candidate_result *c = &out->cands[i];
        size_t at = r.at;
        get(&r, c->name, sizeof c->name);
        uint8_t flawed = get_u8(&r);
        c->flawed = flawed == 1;
        get_tally(&r, &c->total);
        for (int n = 0; n <= MJ_MAX_TILES; n++) get_tally(&r, &c->by_size[n]);
        c->nfirst = get_u32(&r);
        c->nsmallest = get_u32(&r);
        if (r.short_read) return refuse(err, r.at, "truncated algorithm results");
        if (!memchr(c->name, 0, sizeof c->name) || c->name[0] == 0 || flawed > 1 ||
            c->nfirst > (uint32_t)out->cex_keep || c->nsmallest > (uint32_t)out->cex_keep)
            return refuse(err, at, "algorithm results out of range");
        for (uint32_t k = 0; k < c->nfirst; k++)
            if (!get_cex(&r, &c->first[k], out) && !r.short_read) return refuse(err, r.at, "counterexample out of range");
        for (uint32_t k = 0; k < c->nsmallest; k++)
            if (!get_cex(&r, &c->smallest[k], out) && !r.short_read) return refuse(err, r.at, "counterexample out of range");
        if (c->total.mismatches < c->nfirst) return refuse(err, r.at, "fewer mismatches than counterexamples");
    }
    if (version >= 3) {
        size_t at = r.at;
        out->rules.tileset = get_u64(&r);
        if (!r.short_read && out->rules.tileset && out->rules.tileset != MJ_SANMA_TILESET)
            return refuse(err, at, "tile set out of range");
    }
    if (r.short_read) return refuse(err, r.at, "truncated payload");
    if (r.at != r.len) return refuse(err, r.at, "unexpected bytes after the payload");
    if (result_hash(out) != hash) return refuse(err, 12, "config hash does not match the recorded settings");
    return MJ_OK;
}

mj_status mj_checkpoint_save(const char *path, const mj_verify_result *r, mj_error *err)
{
    uint8_t *buf = malloc(MJ_CHECKPOINT_MAX);
    char tmp[4096];
    if (!buf) return refuse(err, 0, "out of memory");
    size_t n = mj_checkpoint_encode(r, buf, MJ_CHECKPOINT_MAX);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = n ? fopen(tmp, "wb") : NULL;
    bool ok = f && fwrite(buf, 1, n, f) == n;
    if (f && fclose(f) != 0) ok = false;
    free(buf);
    if (!ok || rename(tmp, path) != 0) {
        if (err) {
            err->code = MJ_ERR_BAD_CODE;
            err->offset = 0;
            snprintf(err->message, sizeof err->message, "cannot write checkpoint '%.80s': %s", path, strerror(errno));
        }
        return MJ_ERR_BAD_CODE;
    }
    return MJ_OK;
}

mj_status mj_checkpoint_load(const char *path, mj_verify_result *out, mj_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (err) {
            err->code = MJ_ERR_EMPTY;
            err->offset = 0;
            snprintf(err->message, sizeof err->message, "cannot read checkpoint '%.80s': %s", path, strerror(errno));
        }
        return MJ_ERR_EMPTY;
    }
    uint8_t *buf = malloc(MJ_CHECKPOINT_MAX + 1);
    if (!buf) {
        fclose(f);
        return refuse(err, 0, "out of memory");
    }
    size_t n = fread(buf, 1, MJ_CHECKPOINT_MAX + 1, f);
    fclose(f);
    mj_status s = n > MJ_CHECKPOINT_MAX ? refuse(err, MJ_CHECKPOINT_MAX, "file too large to be a checkpoint")
                                        : mj_checkpoint_parse(buf, n, out, err);
    if (s != MJ_OK && err) {
        char m[sizeof err->message];
        snprintf(m, sizeof m, "%.40s: %.80s", path, err->message);
        memcpy(err->message, m, sizeof m);
    }
    free(buf);
    return s;
}
