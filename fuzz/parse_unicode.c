/* Fuzzes the unicode parser (U+1F000..U+1F021 tile characters) with any bytes: it must never crash, and its answers must keep the parser contract. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_parse_contract(data, size, MJ_NOTATION_UNICODE);
    return 0;
}
