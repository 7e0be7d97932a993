/* Writes the checkpoint target's seed files (fuzz/corpora/checkpoint/seed-*) from small real
 * runs, so they can be written again whenever MJ_CHECKPOINT_VERSION changes.
 * usage: checkpoint_seeds DIR   (build: cmake --build BUILD --target checkpoint_seeds) */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mj_checkpoint.h"
#include "mj_oracle.h"

static volatile sig_atomic_t stop_now;
static long calls;

static bool always_no(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx, (void)h, (void)r;
    return false;
}

static mj_kindset no_waits(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    (void)ctx, (void)h, (void)r;
    return 0;
}

/* always "no", and asks the run to stop at its fifth hand: the run saves after the first size */
static bool no_then_stop(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    if (++calls == 5) stop_now = 1;
    return always_no(ctx, h, r);
}

static void die(const char *what, const mj_error *err)
{
    fprintf(stderr, "checkpoint_seeds: %s: %s\n", what, err ? err->message : "failed");
    exit(1);
}

static void rules(const char *spec, int kinds, mj_rules *r)
{
    mj_error err;
    if (mj_rules_parse(spec, kinds, r, &err) != MJ_OK) die(spec, &err);
}

/* Runs cfg (or only prepares it when fresh) and saves the state to DIR/name. */
static void seed(const char *dir, const char *name, mj_verify_config *cfg, bool fresh)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    mj_verify_result *res = malloc(sizeof *res);
    mj_error err;
    if (!res) die(name, NULL);
    if (mj_verify_prepare(cfg, res, &err) != MJ_OK) die(name, &err);
    if (fresh) {
        if (mj_checkpoint_save(path, res, &err) != MJ_OK) die(name, &err);
    } else {
        cfg->checkpoint = path;
        mj_verify_outcome o = mj_verify_run(cfg, res, &err);
        if (o == MJ_VERIFY_FAILED) die(name, &err);
    }
    free(res);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: checkpoint_seeds DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    mj_rules basic, riichi;
    rules("basic", MJ_SUITED_KINDS, &basic);
    rules("riichi", MJ_KINDS, &riichi);
    mj_candidate no = {.name = "always-no", .flawed = true, .is_win = always_no, .waits = no_waits};
    mj_candidate stopper = {.name = "always-no", .flawed = true, .is_win = no_then_stop, .waits = no_waits};
    mj_verify_config base = {.tiles = 9, .size_min = 1, .size_max = 5, .rules = basic, .threads = 1, .cex_keep = 4};

    mj_verify_config c = base;
    seed(dir, "seed-fresh-none", &c, true);
    c = base, c.cands = &no, c.ncands = 1;
    seed(dir, "seed-complete-win", &c, false);
    c = base, c.cands = &stopper, c.ncands = 1, c.stop = &stop_now;
    seed(dir, "seed-stopped", &c, false);
    c = base, c.cands = &no, c.ncands = 1, c.mode = MJ_MODE_WAITS, c.shard = 1, c.shards = 2;
    seed(dir, "seed-complete-waits", &c, false);
    c = (mj_verify_config){.tiles = 34, .size_min = 1, .size_max = 2, .rules = riichi, .threads = 1, .cex_keep = 4,
                           .cands = &no, .ncands = 1};
    seed(dir, "seed-complete-riichi", &c, false);

    /* the first 100 bytes of a whole one */
    char path[4096];
    unsigned char buf[100];
    snprintf(path, sizeof path, "%s/seed-complete-win", dir);
    FILE *f = fopen(path, "rb");
    if (!f || fread(buf, 1, sizeof buf, f) != sizeof buf) die("reading seed-complete-win back", NULL);
    fclose(f);
    snprintf(path, sizeof path, "%s/seed-truncated", dir);
    f = fopen(path, "wb");
    if (!f || fwrite(buf, 1, sizeof buf, f) != sizeof buf || fclose(f) != 0) die("writing seed-truncated", NULL);
    return 0;
}
