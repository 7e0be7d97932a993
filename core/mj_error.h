/* Errors as values: a code, where in the input it happened, and one line saying why. */
#ifndef MJ_ERROR_H
#define MJ_ERROR_H

#include <stddef.h>
#include "mj_api.h"

MJ_API_BEGIN

typedef enum {
    MJ_OK = 0,
    MJ_ERR_EMPTY,          /* no tile at all */
    MJ_ERR_UNKNOWN_CHAR,   /* a byte or code point the notation does not use */
    MJ_ERR_DIGIT_NO_SUIT,  /* mpsz: digits not followed by a suit letter */
    MJ_ERR_SUIT_NO_DIGIT,  /* mpsz: a suit letter with no digit before it */
    MJ_ERR_HONOR_RANGE,    /* an honor rank outside 1..7 (8z, 0z, 0x38) */
    MJ_ERR_BAD_CODE,       /* hex: a number that is no tile code (0x0a, 0x10) */
    MJ_ERR_FIFTH_COPY,     /* a fifth copy of a kind */
    MJ_ERR_TOO_MANY,       /* more than 18 tiles */
    MJ_ERR_OUTSIDE_SET,    /* a kind outside the chosen tile set (an honor under 27 kinds) */
    MJ_ERR_BAD_UTF8,       /* unicode: malformed UTF-8 */
    MJ_ERR_UNREPRESENTABLE,/* format: the notation cannot write this kind (letters: honors) */
    MJ_ERR_BAD_RULES,      /* a rule set name or combination that does not exist */
    MJ_ERR_AMBIGUOUS       /* auto-detection could not tell the notation */
} mj_status;

typedef struct {
    mj_status code;
    size_t offset;     /* byte offset in the input where the problem is */
    char message[128]; /* one line, no trailing newline, names what and where */
} mj_error;

/* Short stable name of a status ("fifth-copy"), for JSON and tests. */
const char *mj_status_name(mj_status s);

MJ_API_END

#endif
