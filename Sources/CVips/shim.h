// libvips for Swift: its operations take NULL-terminated option lists (C variadics), which Swift
// can't call, so each one Digital Wall uses is wrapped here with fixed arguments. The target finds
// glib's headers through glib-2.0's pkg-config (vips' own flags carry -pthread, which SwiftPM
// refuses with a warning); vips' headers are in the default include path.
#ifndef DWALL_CVIPS_SHIM_H
#define DWALL_CVIPS_SHIM_H

#include <vips/vips.h>

/// Starts libvips once per process, with no operation cache (each file is read once) and its
/// loaders that are not fuzzed for hostile input blocked (ImageMagick, FITS, Matlab, NIfTI,
/// OpenSlide, CSV, matrix, PPM, raw, Analyze, .v): uploads are JPEG, PNG, GIF, WebP, HEIC or PDF,
/// and no other loader may be reached by a file that claims to be one of those. PDF (poppler) is
/// flagged untrusted too but is an accepted upload type, so it alone is let through again; only
/// files whose bytes say PDF reach it.
static inline int dwall_vips_start(void) {
    if (VIPS_INIT("dwall")) return -1;
    vips_cache_set_max(0);
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoadPdf", FALSE);
    return 0;
}

/// The image's width and height as shown (after its EXIF orientation); 0 on failure.
static inline int dwall_vips_header(const char *path, int *width, int *height) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    int swap = vips_image_get_orientation_swap(image);
    *width = swap ? vips_image_get_height(image) : vips_image_get_width(image);
    *height = swap ? vips_image_get_width(image) : vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// A rendition `width` pixels wide (never enlarged, at most `max_height` high), EXIF orientation
/// applied, first page for documents, flattened onto white, as JPEG with every metadata block
/// stripped (no EXIF, no GPS, no XMP). The buffer is freed with `g_free`.
static inline int dwall_vips_rendition(const char *path, int width, int max_height, void **buffer, size_t *length) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail(path, &thumbnail, width, "height", max_height, "size", VIPS_SIZE_DOWN, NULL)) return -1;
    VipsImage *flat = thumbnail;
    if (vips_image_hasalpha(thumbnail)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        int failed = vips_flatten(thumbnail, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(thumbnail);
        if (failed) return -1;
    }
    int failed = vips_jpegsave_buffer(flat, buffer, length, "Q", 82, "strip", TRUE, "optimize_coding", TRUE, NULL);
    g_object_unref(flat);
    return failed ? -1 : 0;
}

/// The width and height of a JPEG in memory; 0 on success.
static inline int dwall_vips_buffer_size(const void *buffer, size_t length, int *width, int *height) {
    VipsImage *image = vips_image_new_from_buffer(buffer, length, "", NULL);
    if (!image) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// A synthetic image of noise, `width` × `height`, as JPEG (or PNG when `png`), for tests and
/// benchmarks; 0 on success.
static inline int dwall_vips_noise_image(int width, int height, int png, void **buffer, size_t *length) {
    VipsImage *noise = NULL, *colour = NULL, *bytes = NULL;
    if (vips_gaussnoise(&noise, width, height, "mean", 128.0, "sigma", 40.0, NULL)) return -1;
    VipsImage *bands[3] = { noise, noise, noise };
    int failed = vips_bandjoin(bands, &colour, 3, NULL);
    g_object_unref(noise);
    if (failed) return -1;
    failed = vips_cast(colour, &bytes, VIPS_FORMAT_UCHAR, NULL);
    g_object_unref(colour);
    if (failed) return -1;
    failed = png ? vips_pngsave_buffer(bytes, buffer, length, NULL)
                 : vips_jpegsave_buffer(bytes, buffer, length, "Q", 90, NULL);
    g_object_unref(bytes);
    return failed ? -1 : 0;
}

#endif
