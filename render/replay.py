"""A replay of a finished deal as one animated GIF: the table pictures of render/table.py
(no second table drawing), one frame per play, then the result picture of
render/result.py, held longest.

GIF because Discord animates it inline in every client (an APNG shows as a still, an
animated WebP not everywhere). Frames share one adaptive palette made from the last table
frame and the result side by side (every hand, the whole table and the result's colours
are on it), so each frame costs one palette mapping, not a quantization of its own; frames
of different heights are centred on the felt, and every frame is scaled to 600 px wide (a
phone shows it at about 400).
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from .result import result_image
from .scenes import ResultScene, TableScene
from .table import table_image

FRAME_MS = 900  # each play
LAST_MS = 4000  # the end of the deal
COLOURS = 96
WIDTH = 600  # frames are scaled to this: Discord shows a GIF at about 400 px anyway


def replay_frames(scenes: Sequence[TableScene], result: ResultScene | None = None
                  ) -> list[Image.Image]:
    """The table picture of each step, then the result picture (when given), all of one
    size (the tallest)."""
    images = [_scaled(table_image(scene)) for scene in scenes]
    if result is not None:
        images.append(_scaled(result_image(result)))
    width = max(i.width for i in images)
    height = max(i.height for i in images)
    out = []
    for image in images:
        if image.size == (width, height):
            out.append(image.convert("RGB"))
            continue
        canvas = Image.new("RGB", (width, height), image.convert("RGB").getpixel((0, 0)))
        canvas.paste(image, ((width - image.width) // 2, (height - image.height) // 2))
        out.append(canvas)
    return out


def _scaled(image: Image.Image) -> Image.Image:
    if image.width <= WIDTH:
        return image
    height = round(image.height * WIDTH / image.width)
    return image.convert("RGB").resize((WIDTH, height), Image.Resampling.BILINEAR)


def _palette(frames: Sequence[Image.Image], with_result: bool) -> Image.Image:
    """One palette for every frame: from the last table frame (and the result beside it)."""
    if not with_result or len(frames) < 2:
        return frames[-1].quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)
    table, result = frames[-2], frames[-1]
    both = Image.new("RGB", (table.width + result.width, max(table.height, result.height)))
    both.paste(table, (0, 0))
    both.paste(result, (table.width, 0))
    return both.quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT)


def render_replay(scenes: Sequence[TableScene], result: ResultScene | None = None, *,
                  frame_ms: int = FRAME_MS, last_ms: int = LAST_MS) -> bytes:
    """GIF bytes of the deal, one frame per scene and the result last, looping."""
    if not scenes:
        raise ValueError("a replay needs at least one scene")
    frames = replay_frames(scenes, result)
    palette = _palette(frames, result is not None)
    mapped = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [frame_ms] * (len(mapped) - 1) + [last_ms]
    out = io.BytesIO()
    mapped[0].save(out, format="GIF", save_all=True, append_images=mapped[1:],
                   duration=durations, loop=0, optimize=False, disposal=1)
    return out.getvalue()


__all__ = ["render_replay", "replay_frames"]
