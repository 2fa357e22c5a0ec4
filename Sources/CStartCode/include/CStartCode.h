#ifndef PKGCTL_START_CODE_H
#define PKGCTL_START_CODE_H

#include <stddef.h>
#include <stdint.h>

/// The index of the first Annex B start code prefix (the bytes 00 00 01) that lies wholly in
/// `bytes[0 ..< count]`, or `count` when there is none.
size_t pkgctl_find_start_code(const uint8_t *bytes, size_t count);

/// The same by the portable scan, which CPUs without AVX2 run (for tests on those that have it).
size_t pkgctl_find_start_code_portable(const uint8_t *bytes, size_t count);

#endif
