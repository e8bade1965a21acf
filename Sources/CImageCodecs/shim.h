#ifndef GITHUB_TUI_CIMAGECODECS_SHIM_H
#define GITHUB_TUI_CIMAGECODECS_SHIM_H

/* libpng's simplified API (Debian libpng-dev) and TurboJPEG (Debian libturbojpeg0-dev).
   Both report errors by return value: libpng's simplified API catches its own longjmp internally,
   TurboJPEG returns -1. The macros Swift cannot import are wrapped below. */

#include <stddef.h>
#include <string.h>
#include <png.h>
#include <turbojpeg.h>

/* Starts reading a PNG held in memory; 0 on failure (libpng has then freed its state). */
static inline int gtui_png_begin(png_image *image, const void *bytes, size_t size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_memory(image, bytes, size);
}

/* Decodes into `buffer` (width * height * 4 bytes) as 8-bit straight RGBA; 0 on failure.
   libpng frees its state either way. */
static inline int gtui_png_finish_rgba(png_image *image, void *buffer) {
    image->format = PNG_FORMAT_RGBA;
    return png_image_finish_read(image, NULL, buffer, 0, NULL);
}

/* Decoding flags: stop at the first warning (a truncated or corrupt stream is an error, not a grey
   half image) and bound the scans of a progressive JPEG (a CPU bomb otherwise). */
static inline int gtui_tj_decompress_flags(void) {
    return TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS | TJFLAG_ACCURATEDCT;
}

static inline int gtui_tj_pixel_format_rgba(void) { return TJPF_RGBA; }

/* Encodes `width` x `height` 8-bit straight RGBA pixels as a PNG into `memory` (NULL: only measures);
   `*size` is the room given in and the bytes needed out. 0 on failure. */
static inline int gtui_png_write_rgba(void *memory, size_t *size, const void *pixels, unsigned width, unsigned height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    return png_image_write_to_memory(&image, memory, size, 0, pixels, 0, NULL);
}

#endif
