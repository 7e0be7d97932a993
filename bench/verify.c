/* Exhaustive verify throughput through the oracle's run API, for 1..N threads. */
#include "mj_bench.h"

#include <string.h>

#ifdef MJ_BENCH_HAVE_ORACLE_RUN
#error "wire the oracle run API here"
#else

bool mj_bench_verify_available(void) { return false; }

int mj_bench_verify(const mj_algo *a, int threads, const mj_bench_options *o, mj_bench_result *out, char *err,
                    size_t errcap)
{
    (void)a, (void)threads, (void)o;
    memset(out, 0, sizeof *out);
    if (errcap) snprintf(err, errcap, "verify throughput needs the oracle's run API (oracle/mj_oracle.h), not in this build");
    return -1;
}

#endif
