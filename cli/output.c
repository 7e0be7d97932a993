/* The output layer of mjverify and ddz (output.h): checked writes, "-" for standard output, and
 * a temporary file renamed over the target only when the target is a regular file. */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *program = "mjverify";

void cli_out_program(const char *name) { program = name; }

/* "PROGRAM[ COMMAND]: [FLAG ]'PATH': " or "PROGRAM: " for standard output, then the rest. */
static void say(const char *command, const char *flag, const char *path, const char *what, const char *why)
{
    fprintf(stderr, "%s%s%s: ", program, command ? " " : "", command ? command : "");
    if (flag) fprintf(stderr, "%s ", flag);
    fprintf(stderr, "'%s': %s%s%s\n", path, what, why ? ": " : "", why ? why : "");
}

static bool is_stdout(const char *path) { return strcmp(path, "-") == 0; }

/* The folder of path, in dir (cap bytes); false when it does not fit. */
static bool folder_of(const char *path, char *dir, size_t cap)
{
    if (snprintf(dir, cap, "%s", path) >= (int)cap) return false;
    char *slash = strrchr(dir, '/');
    if (!slash) snprintf(dir, cap, ".");
    else if (slash == dir) dir[1] = 0;
    else *slash = 0;
    return true;
}

/* A new temporary file beside path, named PATH.tmpXXXXXX, with the mode the target has (or
 * would get from fopen: 0666 less the umask). Returns its descriptor and name, or -1. */
static int make_temp(const char *path, char **name)
{
    static const char suffix[] = ".tmpXXXXXX";
    size_t n = strlen(path);
    char *t = malloc(n + sizeof suffix);
    if (!t) return -1;
    memcpy(t, path, n);
    memcpy(t + n, suffix, sizeof suffix);
    int fd = mkstemp(t);
    if (fd < 0) {
        int err = errno;
        free(t);
        errno = err;
        return -1;
    }
    struct stat st;
    mode_t mode;
    if (stat(path, &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (fchmod(fd, mode) != 0) { /* harmless: the file keeps mkstemp's 0600 */
    }
    *name = t;
    return fd;
}

bool cli_out_check(const char *command, const char *flag, const char *path)
{
    if (is_stdout(path)) return true;
    struct stat st;
    const char *why = NULL;
    char dir[4096];
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) why = "it is a directory";
        else if (access(path, W_OK) != 0) why = strerror(errno);
    } else if (!folder_of(path, dir, sizeof dir)) {
        why = "the path is too long";
    } else if (stat(dir, &st) != 0) {
        why = "its folder does not exist";
    } else if (!S_ISDIR(st.st_mode)) {
        why = "its folder is not a directory";
    } else if (access(dir, W_OK) != 0) {
        why = "its folder is not writable";
    } else {
        /* access() says yes to root everywhere; a file made and removed at once says whether
         * the folder really takes one (a read-only file system, /proc) */
        char *t;
        int fd = make_temp(path, &t);
        if (fd < 0) {
            why = strerror(errno);
        } else {
            close(fd);
            unlink(t);
            free(t);
        }
    }
    if (!why) return true;
    say(command, flag, path, "cannot be written", why);
    return false;
}

bool cli_out_open(cli_out *o, const char *command, const char *flag, const char *path, int mode)
{
    *o = (cli_out){.path = path, .command = command, .flag = flag};
    if (is_stdout(path)) {
        o->f = stdout;
        return true;
    }
    struct stat st;
    bool regular_or_new = lstat(path, &st) == 0 ? S_ISREG(st.st_mode) : errno == ENOENT;
    if (regular_or_new && mode == CLI_OUT_REPLACE) {
        int fd = make_temp(path, &o->tmp);
        if (fd >= 0 && !(o->f = fdopen(fd, "w"))) {
            close(fd);
            unlink(o->tmp);
        }
        if (o->f) return true;
        free(o->tmp);
        o->tmp = NULL;
        /* a folder that takes no new file but a target that may be rewritten: in place */
        if (access(path, W_OK) != 0) {
            say(command, flag, path, "cannot be written", strerror(errno));
            return false;
        }
    }
    /* a device, a FIFO or a link (written through): in place, never replaced */
    if (!(o->f = fopen(path, "w"))) {
        say(command, flag, path, "cannot be written", strerror(errno));
        return false;
    }
    return true;
}

/* Flushes and closes (or for stdout only flushes) f: 0, or the errno of the failure (EIO when
 * the stream's error flag was set with no errno left). */
static int finish(FILE *f)
{
    errno = 0;
    int bad = fflush(f) != 0 || ferror(f);
    int err = bad ? (errno ? errno : EIO) : 0;
    if (f != stdout && fclose(f) != 0 && !err) err = errno ? errno : EIO;
    return err;
}

int cli_out_close(cli_out *o)
{
    if (!o->f) return 1;
    int err = finish(o->f);
    o->f = NULL;
    if (!err && o->tmp && rename(o->tmp, o->path) != 0) err = errno;
    if (o->tmp && err) unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    if (!err) return 0;
    if (o->path && is_stdout(o->path)) clearerr(stdout); /* reported here, not once more at exit */
    if (is_stdout(o->path)) fprintf(stderr, "%s: error writing 'standard output': %s\n", program, strerror(err));
    else say(o->command, o->flag, o->path, "error writing", strerror(err));
    return 1;
}

void cli_out_discard(cli_out *o)
{
    if (o->f && o->f != stdout) fclose(o->f);
    else if (o->f) fflush(o->f);
    o->f = NULL;
    if (o->tmp) unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
}

int cli_out_exit(int rc)
{
    int err = finish(stdout);
    if (!err) return rc;
    fprintf(stderr, "%s: error writing 'standard output': %s\n", program, strerror(err));
    return rc ? rc : 1;
}
