// zlib, the system's (macOS SDK and Linux's zlib1g-dev): gzip and zlib streams of
// compressed session recordings (docs/field-report.md).
#include <zlib.h>
