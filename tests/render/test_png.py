"""The fast PNG writer (render/png.py): the files decode to exactly the picture given."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from bench.render import table3
from render import render_table
from render.canvas import encode_png
from render.png import SIGNATURE, palette_png
from render.table import table_image


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data.startswith(SIGNATURE)
    out, at = [], len(SIGNATURE)
    while at < len(data):
        (size,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + size]
        (crc,) = struct.unpack(">I", data[at + 8 + size:at + 12 + size])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        out.append((kind, body))
        at += 12 + size
    return out


def test_a_palette_picture_decodes_to_the_same_pixels() -> None:
    image = table_image(table3())
    small = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    data = palette_png(small)
    back = Image.open(io.BytesIO(data))
    assert back.mode == "P" and back.size == small.size
    assert back.tobytes() == small.tobytes()
    assert back.convert("RGB").tobytes() == small.convert("RGB").tobytes()
    kinds = [kind for kind, _ in _chunks(data)]
    assert kinds == [b"IHDR", b"PLTE", b"IDAT", b"IEND"]


def test_a_table_picture_is_the_picture_pillows_writer_would_give() -> None:
    image = table_image(table3())
    ours = Image.open(io.BytesIO(encode_png(image))).convert("RGB")
    sample = image.resize((image.width // 3, image.height // 3), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    out = io.BytesIO()
    image.quantize(palette=palette, dither=Image.Dither.NONE).save(out, format="PNG")
    theirs = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    assert ours.tobytes() == theirs.tobytes()
    assert len(render_table(table3())) < 300_000  # issue 15's size limit holds


def test_few_colours_and_tiny_pictures() -> None:
    image = Image.new("RGB", (3, 2), (10, 200, 30))
    image.putpixel((2, 1), (255, 0, 0))
    back = Image.open(io.BytesIO(encode_png(image))).convert("RGB")
    assert back.tobytes() == image.tobytes()


def test_only_palette_pictures_are_taken() -> None:
    with pytest.raises(ValueError, match="mode RGB"):
        palette_png(Image.new("RGB", (2, 2)))
