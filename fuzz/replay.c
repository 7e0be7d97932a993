/* Replay driver: feeds each file named on the command line (or each file in a named directory) to a harness, so every harness also builds with gcc and ctest replays the corpora. */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads a whole file into a buffer of exactly its size, so that a harness reading one byte
 * past the input is caught by AddressSanitizer here as it would be under libFuzzer. */
static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: cannot open %s\n", path);
        return -1;
    }
    size_t cap = 4096, size = 0, n;
    uint8_t *data = malloc(cap);
    while (data && (n = fread(data + size, 1, cap - size, f)) > 0) {
        size += n;
        if (size == cap) {
            uint8_t *bigger = realloc(data, cap *= 2);
            if (!bigger) free(data);
            data = bigger;
        }
    }
    bool failed = !data || ferror(f);
    fclose(f);
    if (failed) {
        free(data);
        fprintf(stderr, "replay: cannot read %s\n", path);
        return -1;
    }
    uint8_t *exact = malloc(size ? size : 1);
    if (!exact) {
        free(data);
        fprintf(stderr, "replay: out of memory for %s\n", path);
        return -1;
    }
    memcpy(exact, data, size);
    free(data);
    LLVMFuzzerTestOneInput(exact, size);
    free(exact);
    return 0;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays a directory's regular files in name order; returns how many, or -1 on an error. */
static long replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: cannot open directory %s\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        if (count == cap) {
            char **bigger = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
            if (!bigger) break;
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if (!(names[count] = malloc(len))) break;
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count) qsort(names, count, sizeof *names, compare_names);
    long done = 0;
    for (size_t i = 0; i < count; i++) {
        struct stat st;
        if (done >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) done = replay_file(names[i]) ? -1 : done + 1;
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE_OR_DIR...\n"
                        "feeds each file (each regular file of a directory) to the fuzz harness once\n", argv[0]);
        return 2;
    }
    long total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        long n;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: no such file or directory: %s\n", argv[i]);
            return 1;
        }
        n = S_ISDIR(st.st_mode) ? replay_dir(argv[i]) : (replay_file(argv[i]) ? -1 : 1);
        if (n < 0) return 1;
        total += n;
    }
    /* an empty corpus would make its ctest pass while testing nothing */
    if (total == 0) {
        fprintf(stderr, "replay: no input files found\n");
        return 1;
    }
    fprintf(stderr, "replay: %ld inputs, no finding\n", total);
    return 0;
}
