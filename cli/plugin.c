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

#include "mj_truth.h"
#include "mjverify_plugin.h"

enum { PLUGIN_NAME = 24, CLAIM_SAMPLES = 64 };

typedef struct {
    mj_algo algo; /* first: the registry hands back &algo */
    char name[PLUGIN_NAME + 8];
    const mj_plugin *p;
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

static int load_one(const char *path)
{
    if (nplugins == MJ_ALGO_EXTRA) {
        fprintf(stderr, "mjverify: --plugin: at most %d plugins\n", MJ_ALGO_EXTRA);
        return CLI_FAIL;
    }
    /* RTLD_LOCAL: two plugins may both define mj_plugin_entry and their own helpers */
    void *so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!so) {
        fprintf(stderr, "mjverify: --plugin: cannot load %s: %s\n", path, dlerror());
        return CLI_FAIL;
    }
    const mj_plugin *p = dlsym(so, MJ_PLUGIN_SYMBOL);
    if (!p) {
        fprintf(stderr, "mjverify: plugin %s has no symbol '%s' (define MJ_PLUGIN_EXPORT const mj_plugin %s, see "
                        "<mjverify_plugin.h>)\n", path, MJ_PLUGIN_SYMBOL, MJ_PLUGIN_SYMBOL);
        return CLI_FAIL;
    }
    if (p->abi != MJ_PLUGIN_ABI) {
        fprintf(stderr, "mjverify: plugin %s was built for plugin ABI %u; this mjverify speaks ABI %d: rebuild it "
                        "against this <mjverify_plugin.h>\n", path, (unsigned)p->abi, MJ_PLUGIN_ABI);
        return CLI_FAIL;
    }
    if (p->size != sizeof(mj_plugin)) {
        fprintf(stderr, "mjverify: plugin %s: its mj_plugin is %u bytes, this mjverify's is %zu: rebuild it\n", path,
                (unsigned)p->size, sizeof(mj_plugin));
        return CLI_FAIL;
    }
    const char *why = !p->name || !name_ok(p->name) ? "name is not 1-23 of [A-Za-z0-9_-]"
                    : !p->is_win ? "is_win is NULL"
                    : (p->forms & MJ_FORM_ALL) == 0 || (p->forms & ~(unsigned)MJ_FORM_ALL) ? "forms is empty or has unknown bits"
                    : p->max_kinds != MJ_SUITED_KINDS && p->max_kinds != MJ_KINDS ? "max_kinds is neither 27 nor 34"
                    : NULL;
    if (why) {
        fprintf(stderr, "mjverify: plugin %s: %s\n", path, why);
        return CLI_FAIL;
    }
    loaded_plugin *lp = &plugins[nplugins];
    snprintf(lp->name, sizeof lp->name, "plugin:%s", p->name);
    lp->p = p;
    lp->algo = (mj_algo){.name = lp->name, .summary = p->summary ? p->summary : "(plugin)", .source = "plugin",
                         .forms = p->forms, .max_kinds = p->max_kinds, .is_win = p->is_win, .waits = p->waits};
    if (p->init && p->init() != 0) {
        fprintf(stderr, "mjverify: plugin %s: its init failed\n", path);
        return CLI_FAIL;
    }
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
