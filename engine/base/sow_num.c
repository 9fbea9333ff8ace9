/* sow_num.c - text to numbers, one way for every reader (sow_num.h). */
#include "sow_num.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* strtol and friends skip leading spaces and take '+': refuse both, so
 * that " 3" and "+3" are not numbers anywhere. */
static bool plain_start(const char *s, bool sign)
{
    if (sign && *s == '-')
        s++;
    return *s >= '0' && *s <= '9';
}

int sow_parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s || !plain_start(s, true))
        return -1;
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (*end || errno || n < lo || n > hi)
        return -1;
    *out = n;
    return 0;
}

int sow_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !plain_start(s, false))
        return -1;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(s, &end, 10);
    if (*end || errno)
        return -1;
    *out = (uint64_t)n;
    return 0;
}

int sow_parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s || !(plain_start(s, true) || (s[0] == '.' && plain_start(s + 1, false)) ||
                (s[0] == '-' && s[1] == '.' && plain_start(s + 2, false))))
        return -1;
    if (strpbrk(s, "xX")) /* strtod reads hexadecimal too: refused */
        return -1;
    char *end;
    errno = 0;
    double x = strtod(s, &end);
    if (*end || errno || !isfinite(x) || !(x >= lo && x <= hi))
        return -1;
    *out = x;
    return 0;
}
