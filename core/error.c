/* Stable names for error codes, so JSON output and tests need not parse messages. */
#include "mj_error.h"

const char *mj_status_name(mj_status s)
{
    switch (s) {
    case MJ_OK: return "ok";
    case MJ_ERR_EMPTY: return "empty";
    case MJ_ERR_UNKNOWN_CHAR: return "unknown-char";
    case MJ_ERR_DIGIT_NO_SUIT: return "digit-without-suit";
    case MJ_ERR_SUIT_NO_DIGIT: return "suit-without-digit";
    case MJ_ERR_HONOR_RANGE: return "honor-range";
    case MJ_ERR_BAD_CODE: return "bad-code";
    case MJ_ERR_FIFTH_COPY: return "fifth-copy";
    case MJ_ERR_TOO_MANY: return "too-many-tiles";
    case MJ_ERR_OUTSIDE_SET: return "outside-tile-set";
    case MJ_ERR_BAD_UTF8: return "bad-utf8";
    case MJ_ERR_UNREPRESENTABLE: return "unrepresentable";
    case MJ_ERR_BAD_RULES: return "bad-rules";
    case MJ_ERR_AMBIGUOUS: return "ambiguous";
    }
    return "unknown";
}
