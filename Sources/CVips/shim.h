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

/// The number of pages of the document at `path` (1 for a still image); -1 on failure.
static inline int dwall_vips_pages(const char *path) {
    VipsImage *image = vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (!image) return -1;
    int pages = vips_image_get_n_pages(image);
    g_object_unref(image);
    return pages;
}

/// The image `name` names (a path, `path[page=N]` for a PDF's page) fitted into `width`
/// × `height` (enlarged too when `enlarge`: a PDF page rendered at a higher resolution), EXIF
/// orientation applied, flattened onto white, as raw 8-bit grey pixels, one byte each, row after
/// row; a truncated file fails rather than being read in part. The pixels are freed with `g_free`.
static inline int dwall_vips_grey_pixels(
    const char *name, int width, int height, int enlarge, void **pixels, size_t *length, int *out_width, int *out_height
) {
    VipsImage *thumbnail = NULL, *srgb = NULL, *grey = NULL, *bytes = NULL;
    if (vips_thumbnail(name, &thumbnail, width, "height", height, "size", enlarge ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN,
                       "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL)) {
        return -1;
    }
    int failed = vips_colourspace(thumbnail, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    g_object_unref(thumbnail);
    if (failed) return -1;
    VipsImage *flat = srgb;
    if (vips_image_hasalpha(srgb)) {
        VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
        failed = vips_flatten(srgb, &flat, "background", white, NULL);
        vips_area_unref(VIPS_AREA(white));
        g_object_unref(srgb);
        if (failed) return -1;
    }
    failed = vips_colourspace(flat, &grey, VIPS_INTERPRETATION_B_W, NULL);
    g_object_unref(flat);
    if (failed) return -1;
    failed = vips_extract_band(grey, &bytes, 0, NULL);
    g_object_unref(grey);
    if (failed) return -1;
    VipsImage *uchar = NULL;
    failed = vips_cast(bytes, &uchar, VIPS_FORMAT_UCHAR, NULL);
    g_object_unref(bytes);
    if (failed) return -1;
    *pixels = vips_image_write_to_memory(uchar, length);
    *out_width = vips_image_get_width(uchar);
    *out_height = vips_image_get_height(uchar);
    g_object_unref(uchar);
    return *pixels ? 0 : -1;
}

/// `text` drawn black on white at `dpi` in DejaVu Sans with a margin, as PNG (or JPEG when
/// `jpeg`), for tests and benchmarks of recognition; with `width` and `height` above 0, wrapped
/// to that width less its margins on a canvas of that size (cut off below). 0 on success.
static inline int dwall_vips_text_image(
    const char *text, int dpi, int width, int height, int jpeg, void **buffer, size_t *length
) {
    VipsImage *mask = NULL, *inverted = NULL, *framed = NULL;
    int margin = dpi / 4;
    int failed = width > 0
        ? vips_text(&mask, text, "dpi", dpi, "font", "DejaVu Sans", "width", width - 2 * margin, NULL)
        : vips_text(&mask, text, "dpi", dpi, "font", "DejaVu Sans", NULL);
    if (failed) return -1;
    failed = vips_invert(mask, &inverted, NULL);
    if (width <= 0 || height <= 0) {
        width = vips_image_get_width(mask) + 2 * margin;
        height = vips_image_get_height(mask) + 2 * margin;
    }
    g_object_unref(mask);
    if (failed) return -1;
    failed = vips_embed(inverted, &framed, margin, margin, width, height,
                        "extend", VIPS_EXTEND_WHITE, NULL);
    g_object_unref(inverted);
    if (failed) return -1;
    failed = jpeg ? vips_jpegsave_buffer(framed, buffer, length, "Q", 90, NULL)
                  : vips_pngsave_buffer(framed, buffer, length, NULL);
    g_object_unref(framed);
    return failed ? -1 : 0;
}

#endif
