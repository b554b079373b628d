// Tesseract's C API for Swift (Debian's libtesseract-dev; leptonica's headers found through
// tesseract's pkg-config). Pictures reach it only as raw 8-bit grey pixels that libvips decoded
// (`TessBaseAPISetImage`): Tesseract's and Leptonica's own image readers are never called.
#ifndef DWALL_CTESSERACT_SHIM_H
#define DWALL_CTESSERACT_SHIM_H

#include <tesseract/capi.h>

/// The cancel callback of a recognition's monitor: true (stop) once `*flag` is non-zero.
static inline bool dwall_tess_cancelled(void *flag, int words) {
    (void)words;
    return __atomic_load_n((int *)flag, __ATOMIC_RELAXED) != 0;
}

/// Makes a monitor that stops recognition after `deadline_ms` or once `*flag` is set non-zero.
static inline ETEXT_DESC *dwall_tess_monitor(int deadline_ms, int *flag) {
    ETEXT_DESC *monitor = TessMonitorCreate();
    if (!monitor) return NULL;
    TessMonitorSetCancelFunc(monitor, dwall_tess_cancelled);
    TessMonitorSetCancelThis(monitor, flag);
    TessMonitorSetDeadlineMSecs(monitor, deadline_ms);
    return monitor;
}

/// Sets `*flag` (read by another thread's monitor).
static inline void dwall_tess_set_flag(int *flag) {
    __atomic_store_n(flag, 1, __ATOMIC_RELAXED);
}

#endif
