// PCRE2 (Debian's libpcre2-dev), MongoDB's regular expression engine, for `$regex`: 8-bit code
// units (UTF-8), so the functions are the `_8` ones.
#ifndef ROSTER_CPCRE2_SHIM_H
#define ROSTER_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#endif
