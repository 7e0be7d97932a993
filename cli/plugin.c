/* --plugin: loads a shared object that fills mjverify_plugin.h, refuses it with one clear line
 * when it is not what it claims, and turns it into an algorithm row the commands use as is. */
#include "plugin.h"

#include <ctype.h>
#include <dlfcn.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mj_shanten.h"
#include "mj_truth.h"
#include "mjverify_plugin.h"

enum { PLUGIN_NAME = 24, CLAIM_SAMPLES = 64 };

typedef struct {
    mj_algo algo; /* first: the registry hands back &algo */
    char name[PLUGIN_NAME + 8];
    const mj_plugin *p;
    mj_plugin entry; /* the plugin's struct, an ABI 1 one padded with NULL shanten entries */
    mj_shanten_algo shanten;
} loaded_plugin;

static loaded_plugin plugins[MJ_ALGO_EXTRA];
static int nplugins;
static char algo_list[MJ_ALGO_EXTRA * (PLUGIN_NAME + 9)];

bool cli_plugin_is(const mj_algo *a)
{
    for (int i = 0; i < nplugins; i++)
        if (a == &plugins[i].algo) return true;
    return false;
}

static bool name_ok(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!isalnum((unsigned char)s[n]) && s[n] != '_' && s[n] != '-') return false;
    return n >= 1 && n < PLUGIN_NAME;
}

/* A plugin claiming a form it cannot decide rejects most winning hands of that form: half
 * of a sample is the line (a subtler bug is for verify to find and shrink). */
static int check_claims(const char *path, loaded_plugin *lp)
{
    mj_rng g = {0x6d6a706c7567696eULL};
    static const int kinds_list[2] = {MJ_SUITED_KINDS, MJ_KINDS};
    for (unsigned f = 1; f & MJ_FORM_ALL; f <<= 1) {
        if (!(lp->p->forms & f)) continue;
        for (int ki = 0; ki < 2; ki++) {
            int kinds = kinds_list[ki];
            if (kinds > lp->p->max_kinds || (f == MJ_FORM_13O && kinds < MJ_KINDS)) continue;
            mj_rules r;
            mj_error err;
            if (mj_rules_parse(mj_form_name((mj_form)f), kinds, &r, &err) != MJ_OK) continue;
            int tried = 0, wrong = 0;
            mj_hand h, example = {0};
            for (int i = 0; i < CLAIM_SAMPLES; i++) {
                int size = f == MJ_FORM_STD ? 2 + 3 * (i % 5) : f == MJ_FORM_KONGS ? 15 + i % 4 : 14;
                if (!cli_sample_complete(&g, f, kinds, size, &h) || !mj_truth_is_win(&h, &r)) continue;
                tried++;
                if (!mj_algo_is_win(&lp->algo, &h, &r)) {
                    if (!wrong++) example = h;
                }
            }
            if (tried && 2 * wrong > tried) {
                char hand[MJ_FORMAT_CAP];
                mj_format(&example, MJ_NOTATION_MPSZ, hand, sizeof hand);
                fprintf(stderr,
                        "mjverify: plugin %s ('%s') claims form %s over %d kinds but cannot decide it: it says no on %d "
                        "of %d winning hands of that form, e.g. %s; drop the claim or fix the plugin\n",
                        path, lp->p->name, mj_form_name((mj_form)f), kinds, wrong, tried, hand);
                return CLI_FAIL;
            }
        }
    }
    return CLI_OK;
}

/* Opens path, checks its ABI, size and fields, and fills the next slot's entry and name; the
 * slot is taken (nplugins grows) by the caller. NULL with one line printed on any problem. */
static loaded_plugin *open_plugin(const char *path)
{
    if (nplugins == MJ_ALGO_EXTRA) {
        fprintf(stderr, "mjverify: --plugin: at most %d plugins\n", MJ_ALGO_EXTRA);
        return NULL;
    }
    /* RTLD_LOCAL: two plugins may both define mj_plugin_entry and their own helpers */
    void *so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!so) {
        fprintf(stderr, "mjverify: --plugin: cannot load %s: %s\n", path, dlerror());
        return NULL;
    }
    const mj_plugin *p = dlsym(so, MJ_PLUGIN_SYMBOL);
    if (!p) {
        fprintf(stderr, "mjverify: plugin %s has no symbol '%s' (define MJ_PLUGIN_EXPORT const mj_plugin %s, see "
                        "<mjverify_plugin.h>)\n", path, MJ_PLUGIN_SYMBOL, MJ_PLUGIN_SYMBOL);
        return NULL;
    }
    /* ABI 1 plugins still load: their struct is the first MJ_PLUGIN_ABI1_SIZE bytes of this one */
    if (p->abi != MJ_PLUGIN_ABI && p->abi != 1) {
        fprintf(stderr, "mjverify: plugin %s was built for plugin ABI %u; this mjverify speaks ABI %d (and loads "
                        "ABI 1): rebuild it against this <mjverify_plugin.h>\n", path, (unsigned)p->abi, MJ_PLUGIN_ABI);
        return NULL;
    }
    size_t want = p->abi == 1 ? MJ_PLUGIN_ABI1_SIZE : sizeof(mj_plugin);
    if (p->size != want) {
        fprintf(stderr, "mjverify: plugin %s: its mj_plugin is %u bytes, ABI %u's is %zu: rebuild it\n", path,
                (unsigned)p->size, (unsigned)p->abi, want);
        return NULL;
    }
    loaded_plugin *lp = &plugins[nplugins];
    memset(&lp->entry, 0, sizeof lp->entry);
    memcpy(&lp->entry, p, want);
    p = &lp->entry;
    const char *why = !p->name || !name_ok(p->name) ? "name is not 1-23 of [A-Za-z0-9_-]"
                    : !p->is_win && !p->shanten ? "is_win is NULL (and it has no shanten entry)"
                    : (p->forms & MJ_FORM_ALL) == 0 || (p->forms & ~(unsigned)MJ_FORM_ALL) ? "forms is empty or has unknown bits"
                    : p->max_kinds != MJ_SUITED_KINDS && p->max_kinds != MJ_KINDS ? "max_kinds is neither 27 nor 34"
                    : NULL;
    if (why) {
        fprintf(stderr, "mjverify: plugin %s: %s\n", path, why);
        return NULL;
    }
    snprintf(lp->name, sizeof lp->name, "plugin:%s", p->name);
    lp->p = p;
    if (p->init && p->init() != 0) {
        fprintf(stderr, "mjverify: plugin %s: its init failed\n", path);
        return NULL;
    }
    return lp;
}

static int load_one(const char *path)
{
    loaded_plugin *lp = open_plugin(path);
    if (!lp) return CLI_FAIL;
    const mj_plugin *p = lp->p;
    if (!p->is_win) {
        fprintf(stderr, "mjverify: plugin %s is a shanten calculator only (no is_win): use it with mjverify shanten\n",
                path);
        return CLI_FAIL;
    }
    lp->algo = (mj_algo){.name = lp->name, .summary = p->summary ? p->summary : "(plugin)", .source = "plugin",
                         .forms = p->forms, .max_kinds = p->max_kinds, .is_win = p->is_win, .waits = p->waits};
    if (mj_truth_init() != 0) {
        fprintf(stderr, "mjverify: out of memory building the truth tables\n");
        return CLI_FAIL;
    }
    if (check_claims(path, lp) != CLI_OK) return CLI_FAIL;
    if (mj_algo_register(&lp->algo) != 0) {
        fprintf(stderr, "mjverify: plugin %s: an algorithm named '%s' is already loaded\n", path, lp->name);
        return CLI_FAIL;
    }
    nplugins++;
    return CLI_OK;
}

/* A shanten plugin claiming a form must call most complete hands of it complete (-1). */
static int check_shanten_claims(const char *path, loaded_plugin *lp)
{
    mj_rng g = {0x6d6a7368616e7465ULL};
    static const unsigned counted[] = {MJ_FORM_STD, MJ_FORM_7P, MJ_FORM_7P4, MJ_FORM_13O};
    for (size_t f = 0; f < sizeof counted / sizeof counted[0]; f++) {
        if (!(lp->shanten.forms & counted[f])) continue;
        int kinds = counted[f] == MJ_FORM_13O || lp->p->max_kinds == MJ_KINDS ? MJ_KINDS : MJ_SUITED_KINDS;
        mj_rules r;
        if (mj_rules_parse(mj_form_name((mj_form)counted[f]), kinds, &r, NULL) != MJ_OK) continue;
        int tried = 0, wrong = 0;
        mj_hand h, example = {0};
        for (int i = 0; i < CLAIM_SAMPLES; i++) {
            int size = counted[f] == MJ_FORM_STD ? 2 + 3 * (i % 5) : 14;
            if (!cli_sample_complete(&g, counted[f], kinds, size, &h)) continue;
            tried++;
            if (lp->shanten.shanten(&h, &r) != -1 && !wrong++) example = h;
        }
        if (tried && 2 * wrong > tried) {
            char hand[MJ_FORMAT_CAP];
            mj_format(&example, MJ_NOTATION_MPSZ, hand, sizeof hand);
            fprintf(stderr, "mjverify: plugin %s ('%s') claims form %s but does not call complete hands of it complete "
                            "(-1): %d of %d, e.g. %s; drop the claim or fix the plugin\n",
                    path, lp->p->name, mj_form_name((mj_form)counted[f]), wrong, tried, hand);
            return CLI_FAIL;
        }
    }
    return CLI_OK;
}

int cli_plugin_shanten_setup(const char *path, const char **algo, const char *default_algo)
{
    if (!path) return CLI_OK;
    char list[4096];
    snprintf(list, sizeof list, "%s", path);
    algo_list[0] = 0;
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        loaded_plugin *lp = open_plugin(tok);
        if (!lp) return CLI_FAIL;
        const mj_plugin *p = lp->p;
        if (!p->shanten) {
            fprintf(stderr, "mjverify: plugin %s has no shanten entry (ABI %u; shanten came with ABI 2): it is a win "
                            "check for check, waits and verify\n", tok, (unsigned)lp->entry.abi);
            return CLI_FAIL;
        }
        lp->shanten = (mj_shanten_algo){
            .name = lp->name, .summary = p->summary ? p->summary : "(plugin)", .source = "plugin",
            .forms = p->forms & (MJ_FORM_STD | MJ_FORM_7P | MJ_FORM_7P4 | MJ_FORM_13O), .max_kinds = p->max_kinds,
            .shanten = p->shanten, .effective = p->effective};
        if (check_shanten_claims(tok, lp) != CLI_OK) return CLI_FAIL;
        if (mj_shanten_register(&lp->shanten) != 0) {
            fprintf(stderr, "mjverify: plugin %s: a calculator named '%s' is already loaded\n", tok, lp->name);
            return CLI_FAIL;
        }
        nplugins++;
        if (algo_list[0]) strcat(algo_list, ",");
        strcat(algo_list, lp->name);
    }
    if (*algo == default_algo) *algo = algo_list;
    return CLI_OK;
}

int cli_plugin_setup(const char *command, const char *path, const char **algo, const char *default_algo)
{
    (void)command;
    if (!path) return CLI_OK;
    char list[4096];
    snprintf(list, sizeof list, "%s", path);
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (load_one(tok) != CLI_OK) return CLI_FAIL;
    if (*algo == default_algo) {
        algo_list[0] = 0;
        for (int i = 0; i < nplugins; i++) {
            if (i) strcat(algo_list, ",");
            strcat(algo_list, plugins[i].name);
        }
        *algo = algo_list;
    }
    return CLI_OK;
}

/* ---- crash guard: which hand each thread is on, printed from the signal handler ---- */

static _Thread_local const mj_hand *current_hand;
static _Thread_local const char *current_name;
static const char *guard_checkpoint;
static volatile sig_atomic_t guard_installed;

static void put(const char *s) { (void)!write(2, s, strlen(s)); }

/* The first thread to crash reports; any other that crashes meanwhile waits for its _exit.
 * (With SA_RESETHAND the second crash took the default action, killing the process with
 * signal 11 while the first was still writing: seen with two threads each on a crashing hand
 * at once.) A crash inside this handler, its signal blocked here, still kills the process. */
static atomic_int crashing;

static void on_crash(int sig)
{
    if (atomic_exchange(&crashing, 1))
        for (;;) pause();
    /* async-signal-safe only: write(2) and a hand-made mpsz */
    put("\nmjverify: ");
    put(current_name ? current_name : "a plugin");
    put(sig == SIGSEGV ? " crashed (SIGSEGV)" : sig == SIGBUS ? " crashed (SIGBUS)" : sig == SIGFPE ? " crashed (SIGFPE)"
                       : sig == SIGILL ? " crashed (SIGILL)" : " crashed (SIGABRT)");
    const mj_hand *h = current_hand;
    if (h) {
        char buf[80];
        size_t n = 0;
        static const char suit[4] = {'m', 'p', 's', 'z'};
        for (int s = 0; s < 4; s++) {
            int any = 0, top = s == 3 ? MJ_HONORS : MJ_SUIT_SIZE;
            for (int k = 0; k < top; k++)
                for (int c = 0; c < h->count[s * MJ_SUIT_SIZE + k] && c < 4 && n < 70; c++) buf[n++] = (char)('1' + k), any = 1;
            if (any) buf[n++] = suit[s];
        }
        buf[n] = 0;
        put(" on the hand ");
        put(buf);
    }
    if (guard_checkpoint) {
        put("; the checkpoint ");
        put(guard_checkpoint);
        put(" is intact (state of its last save): fix the plugin and run the same command to resume\n");
    } else {
        put("; no --checkpoint was given, so nothing is saved\n");
    }
    _exit(3);
}

static bool guarded_is_win(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    const mj_algo *a = ctx;
    current_hand = h;
    current_name = a->name;
    return mj_algo_is_win(a, h, r);
}

static mj_kindset guarded_waits(const void *ctx, const mj_hand *h, const mj_rules *r)
{
    const mj_algo *a = ctx;
    current_hand = h;
    current_name = a->name;
    return mj_algo_waits(a, h, r);
}

void cli_plugin_guard(mj_candidate *c, const char *checkpoint)
{
    if (!cli_plugin_is(c->ctx)) return;
    c->is_win = guarded_is_win;
    c->waits = guarded_waits;
    c->is_win_batch = NULL; /* one call a hand, so that a crash names its hand */
    guard_checkpoint = checkpoint;
    if (guard_installed) return;
    guard_installed = 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sa.sa_flags = 0;
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
}
