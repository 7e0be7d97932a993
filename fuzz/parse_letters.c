/* Fuzzes the letters parser (seed 003's ABCeee345456DD) with any bytes: it must never crash, and its answers must keep the parser contract. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_parse_contract(data, size, MJ_NOTATION_LETTERS);
    return 0;
}
