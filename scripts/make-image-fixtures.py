#!/usr/bin/env python3
"""Writes the image decoder's test fixtures to Tests/ImageDecodingTests/Fixtures, deterministically.

PNGs are written here byte by byte (zlib + CRC, no imaging library). JPEGs are encoded by `cjpeg`
(Debian libjpeg-turbo-progs) from PPMs written here; the committed JPEGs are what the tests read, so
the tool is only needed to regenerate them. The pixel values the tests assert are the ones written
below (PNG: exact; JPEG: solid 8x8 blocks, within a small tolerance).

Usage: scripts/make-image-fixtures.py
"""
import os
import random
import struct
import subprocess
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "Tests", "ImageDecodingTests", "Fixtures")


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, colour_type, rows, bit_depth=8, interlace=0, extra=b"", compressed=None):
    """rows: list of byte strings (one per row, no filter byte) unless `compressed` is given."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, interlace)
    if compressed is None:
        compressed = zlib.compress(b"".join(b"\x00" + row for row in rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", compressed) + chunk(b"IEND", b"")


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


# 4x2 RGB: red, green, blue, white / black, grey, (10,20,30), (250,128,1)
RGB = [[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],
       [(0, 0, 0), (128, 128, 128), (10, 20, 30), (250, 128, 1)]]


def main():
    os.makedirs(OUT, exist_ok=True)
    write("rgb.png", png(4, 2, 2, [bytes(c for p in row for c in p) for row in RGB]))

    rgba = [[(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 0), (255, 255, 255, 64)],
            [(1, 2, 3, 4), (200, 100, 50, 255), (0, 0, 0, 255), (9, 9, 9, 9)]]
    write("rgba.png", png(4, 2, 6, [bytes(c for p in row for c in p) for row in rgba]))

    # Palette of 3 (the last entry half transparent via tRNS), 2 bits per index, 4x2.
    palette = bytes([255, 0, 0, 0, 128, 0, 0, 0, 255])
    trns = bytes([255, 255, 128])
    indices = [[0, 1, 2, 1], [2, 2, 0, 0]]
    packed = [bytes([(r[0] << 6) | (r[1] << 4) | (r[2] << 2) | r[3]]) for r in indices]
    write("palette.png", png(4, 2, 3, packed, bit_depth=2,
                             extra=chunk(b"PLTE", palette) + chunk(b"tRNS", trns)))

    write("grey.png", png(4, 2, 0, [bytes([0, 85, 170, 255]), bytes([1, 2, 3, 4])]))
    write("grey-alpha.png", png(2, 1, 4, [bytes([100, 255, 200, 0])]))

    # 9x9 RGB, Adam7-interlaced: pixel (x, y) = (x * 28, y * 28, (x + y) * 14).
    size = 9
    pixel = lambda x, y: (x * 28, y * 28, (x + y) * 14)
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    raw = b""
    for x0, y0, dx, dy in passes:
        xs, ys = list(range(x0, size, dx)), list(range(y0, size, dy))
        if not xs or not ys:
            continue
        for y in ys:
            raw += b"\x00" + bytes(c for x in xs for c in pixel(x, y))
    write("interlaced.png", png(size, size, 2, None, interlace=1, compressed=zlib.compress(raw, 9)))

    whole = png(4, 2, 2, [bytes(c for p in row for c in p) for row in RGB])
    write("truncated.png", whole[:len(whole) - 20])  # cut inside IDAT: no CRC, no IEND
    # A header claiming 60000 x 60000 followed by a tiny IDAT: must be refused before any allocation.
    write("huge-header.png", png(60000, 60000, 2, None, compressed=zlib.compress(b"\x00" * 64)))
    # 4096 x 4096 grey (16 Mpx) whose zeros compress to a few kilobytes: a decompression bomb.
    bomb_rows = zlib.compress(b"\x00" * (4097 * 4096), 9)
    write("bomb.png", png(4096, 4096, 0, None, compressed=bomb_rows))

    rng = random.Random(16)
    write("garbage.bin", bytes(rng.randrange(256) for _ in range(512)))
    # PNG signature then garbage; JPEG SOI then garbage.
    write("garbage-after-png-signature.png", b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(200)))
    write("garbage-after-jpeg-signature.jpg", b"\xff\xd8\xff" + bytes(rng.randrange(256) for _ in range(200)))

    jpegs()


# 16x16: four solid 8x8 blocks (one JPEG block each): red, green / blue, white.
QUADRANTS = [[(255, 0, 0), (0, 255, 0)], [(0, 0, 255), (255, 255, 255)]]


def jpegs():
    ppm = b"P6\n16 16\n255\n" + bytes(c for y in range(16) for x in range(16) for c in QUADRANTS[y // 8][x // 8])
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "quadrants.ppm")
        with open(source, "wb") as f:
            f.write(ppm)
        for name, flags in (("baseline.jpg", ["-baseline"]), ("progressive.jpg", ["-progressive"])):
            data = subprocess.run(["cjpeg", "-quality", "95", "-sample", "1x1", "-optimize", *flags, source],
                                  check=True, capture_output=True).stdout
            write(name, data)
        baseline = open(os.path.join(OUT, "baseline.jpg"), "rb").read()
        write("truncated.jpg", baseline[:len(baseline) * 2 // 3])
        # The baseline JPEG with its frame header's size patched to 60000 x 60000.
        sof = baseline.index(b"\xff\xc0")
        write("huge-header.jpg", baseline[:sof + 5] + struct.pack(">HH", 60000, 60000) + baseline[sof + 9:])


if __name__ == "__main__":
    main()
