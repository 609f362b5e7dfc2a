/* Runs a libFuzzer target (fuzz/fuzz_<name>.c, linked in) on every file of the directories
 * named on the command line, its seed corpus fuzz/corpus/<name>/: every finding kept there
 * as a seed is a regression test of the plain build. A failed check aborts (the target's
 * own message names it); the exit status is 0 when every input ran. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    size_t cap = 1 << 16, len = 0, got;
    uint8_t *buf = malloc(cap);
    if (!buf) abort();
    while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) abort();
            buf = nb;
        }
    }
    fclose(f);
    fprintf(stderr, "%s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return 1;
}

int main(int argc, char **argv)
{
    unsigned n = 0;
    for (int i = 1; i < argc; i++) {
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "fuzz_replay: cannot read %s\n", argv[i]);
            return 1;
        }
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            if (e->d_name[0] == '.') continue;
            size_t l = strlen(argv[i]) + strlen(e->d_name) + 2;
            char *p = malloc(l);
            if (!p) abort();
            snprintf(p, l, "%s/%s", argv[i], e->d_name);
            n += run_file(p);
            free(p);
        }
        closedir(d);
    }
    printf("fuzz_replay: %u inputs, no finding\n", n);
    return n ? 0 : 1;
}
