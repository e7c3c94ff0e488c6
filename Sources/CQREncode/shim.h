// libqrencode (Debian's libqrencode-dev): QR Code symbols for the device log-in's URL.
#ifndef ROSTER_CQRENCODE_SHIM_H
#define ROSTER_CQRENCODE_SHIM_H

#include <errno.h>
#include <qrencode.h>

/// errno after a failed encode: ERANGE when the text does not fit the largest symbol.
static inline int roster_qr_errno(void) { return errno; }

#endif
