/* Fuzzes the strategy certificate checker with any bytes: it returns one of its three verdicts with a one-line reason and a line inside the input, and never crashes or hangs. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "fuzz_common.h"

#include "ddz_oracle.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char empty[1];
    ddzo_cert_result res;
    FILE *f = size ? fmemopen((void *)data, size, "rb") : fmemopen(empty, 1, "r");
    if (!f)
        return 0;
    if (!size)
        (void)fgetc(f); /* an empty stream: fmemopen wants at least one byte */
    ddzo_cert_status st = ddzo_certify(f, NULL, &res);
    fclose(f);
    size_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += data[i] == '\n';
    if (st != DDZO_CERT_OK && st != DDZO_CERT_REJECTED && st != DDZO_CERT_UNREADABLE)
        fz_fail(data, size, "verdict %d is none of the three", (int)st);
    if (st != DDZO_CERT_OK && res.message[0] == '\0')
        fz_fail(data, size, "verdict %d without a reason", (int)st);
    if (strchr(res.message, '\n'))
        fz_fail(data, size, "reason '%s' spans lines", res.message);
    if (res.line > lines + 1)
        fz_fail(data, size, "line %lu past the input's %zu lines", res.line, lines);
    if (st == DDZO_CERT_OK && (res.nodes == 0 || res.depth < 1))
        fz_fail(data, size, "certified with %zu nodes, depth %d", res.nodes, res.depth);
    return 0;
}
