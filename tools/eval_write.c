/* dnum-eval: the checked writer of the output (standard output, or the file of -o): every
 * byte goes through put into one buffer; a failed write stops the program with exit
 * status 1 and a message. */
#include "dnum_eval.h"
#include <errno.h>
#include <fcntl.h>

struct output out = {.fd = 1};

/* Reports a failed write and exits with status 1. */
void die_write(int err)
{
    if (out.name) die(1, "write error on '%s': %s", shown(out.name), strerror(err));
    die(1, "write error on standard output: %s", strerror(err));
}

/* Writes n bytes to the output; on failure reports it and exits with status 1. */
static void write_all(const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(out.fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) die_write(w < 0 ? errno : EIO);
        p += w;
        n -= (size_t)w;
    }
}

void out_flush(void)
{
    write_all(out.buf, out.len);
    out.len = 0;
}

/* Appends n bytes to the output. */
void put(const char *s, size_t n)
{
    if (out.len + n > sizeof out.buf) {
        out_flush();
        if (n > sizeof out.buf) {
            write_all(s, n);
            return;
        }
    }
    memcpy(out.buf + out.len, s, n);
    out.len += n;
}

void puts_out(const char *s) { put(s, strlen(s)); }

void open_output(const char *path)
{
    if (strcmp(path, "-") == 0) return;
#ifdef O_BINARY /* (Windows) bytes as they are: no CR before each LF */
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_BINARY, 0666);
#else
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
#endif
    if (fd < 0) die(2, "cannot open '%s' for writing: %s", shown(path), strerror(errno));
    out.fd = fd;
    out.name = path;
}
