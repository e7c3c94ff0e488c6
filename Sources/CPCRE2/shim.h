// PCRE2 (Debian's libpcre2-dev), MongoDB's regular expression engine, for `$regex`: 8-bit code
// units (UTF-8), so the functions are the `_8` ones.
#ifndef ROSTER_CPCRE2_SHIM_H
#define ROSTER_CPCRE2_SHIM_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdint.h>

// The steps a call's matches may still take, shared by every match of the call. Patterns are
// compiled with PCRE2_AUTO_CALLOUT, so PCRE2 calls `roster_regex_step` before each item it
// tries, backtracking included: each call is one step. Every `check_every` steps, `is_stopped`
// (when set) says whether the call was stopped (its deadline passed, its client gone).
typedef struct {
    int64_t remaining;
    uint32_t since_check;
    uint32_t check_every;
    int (*is_stopped)(void);
    // Set when a match was abandoned: 1 out of steps, 2 stopped.
    int abandoned;
} roster_regex_budget;

static int roster_regex_step(pcre2_callout_block_8 *block, void *data) {
    (void)block;
    roster_regex_budget *budget = (roster_regex_budget *)data;
    if (budget->remaining <= 0) {
        budget->abandoned = 1;
        return PCRE2_ERROR_CALLOUT;
    }
    budget->remaining -= 1;
    budget->since_check += 1;
    if (budget->since_check >= budget->check_every) {
        budget->since_check = 0;
        if (budget->is_stopped != 0 && budget->is_stopped()) {
            budget->abandoned = 2;
            return PCRE2_ERROR_CALLOUT;
        }
    }
    return 0;
}

// Makes `context`'s matches take their steps from `budget`.
static inline void roster_regex_use_budget(pcre2_match_context_8 *context, roster_regex_budget *budget) {
    pcre2_set_callout_8(context, roster_regex_step, budget);
}

#endif
