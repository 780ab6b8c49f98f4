"""Drawing primitives for solution overlays, in pixel coordinates.

Each game's module maps its solution to pixels with its geometry and draws it
with an :class:`Overlay`: lines, arrows, discs and outlined labels that stay
readable on light and dark pictures. The drawing is made on a transparent
layer at twice the size and composited once, so edges are smooth.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from recognizer.image import RGBImage

Point = tuple[float, float]
Color = tuple[int, int, int, int]

#: A palette that reads on both light and dark themes.
PATH_COLOR: Color = (235, 64, 52, 200)
START_COLOR: Color = (40, 180, 80, 235)
END_COLOR: Color = (30, 90, 220, 235)
LABEL_FILL: Color = (255, 255, 255, 255)
LABEL_STROKE: Color = (20, 20, 20, 255)

_SCALE = 2


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=max(size, 6))


class Overlay:
    """A drawing layer over an RGB image; call :meth:`render` to get the annotated copy.

    Drawing calls are recorded and replayed at :meth:`render` on a layer covering
    only their bounding box, at twice the resolution, so the cost follows what is
    drawn rather than the size of the picture.

    Examples
    --------
    >>> ov = Overlay(np.zeros((40, 60, 3), np.uint8))
    >>> ov.line([(5, 5), (50, 30)], width=3, color=PATH_COLOR)
    >>> ov.render().shape
    (40, 60, 3)
    """

    def __init__(self, image: RGBImage) -> None:
        self._base = image
        self._ops: list[Callable[[ImageDraw.ImageDraw, Callable[[Point], Point]], None]] = []
        self._boxes: list[tuple[float, float, float, float]] = []

    def _extent(self, points: Sequence[Point], margin: float) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self._boxes.append((min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin))

    def line(self, points: Sequence[Point], width: float, color: Color) -> None:
        """A polyline through ``points`` with round joints and caps."""
        pts = list(points)
        w = max(1, round(width * _SCALE))
        self._extent(pts, width)

        def op(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
            scaled = [at(p) for p in pts]
            if len(scaled) > 1:
                draw.line(scaled, fill=color, width=w, joint="curve")
            for x, y in (scaled[0], scaled[-1]):
                draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=color)

        self._ops.append(op)

    def disc(
        self, center: Point, radius: float, fill: Color | None, outline: Color | None = None
    ) -> None:
        """A filled and/or outlined circle."""
        self._extent([center], radius + 2)
        r = radius * _SCALE

        def op(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
            x, y = at(center)
            draw.ellipse(
                (x - r, y - r, x + r, y + r), fill=fill, outline=outline, width=max(1, round(r / 5))
            )

        self._ops.append(op)

    def arrow(self, tail: Point, head: Point, width: float, color: Color) -> None:
        """A straight arrow from ``tail`` to ``head`` with a triangular head."""
        self._extent([tail, head], 2 * width)
        w = width * _SCALE

        def op(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
            (x0, y0), (x1, y1) = at(tail), at(head)
            length = float(np.hypot(x1 - x0, y1 - y0))
            if length == 0:
                return
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            head_len = min(3.0 * w, 0.6 * length)
            bx, by = x1 - ux * head_len, y1 - uy * head_len
            draw.line([(x0, y0), (bx, by)], fill=color, width=max(1, round(w)))
            half = 1.2 * w
            draw.polygon(
                [(x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
                fill=color,
            )

        self._ops.append(op)

    def label(
        self,
        center: Point,
        text: str,
        size: float,
        fill: Color = LABEL_FILL,
        stroke: Color = LABEL_STROKE,
    ) -> None:
        """Text centred on ``center``, ``size`` pixels tall, with a contrasting outline."""
        self._extent([center], size * max(1, len(text)))
        px = round(size * _SCALE)

        def op(draw: ImageDraw.ImageDraw, at: Callable[[Point], Point]) -> None:
            draw.text(
                at(center),
                text,
                font=_font(px),
                fill=fill,
                anchor="mm",
                stroke_width=max(1, px // 8),
                stroke_fill=stroke,
            )

        self._ops.append(op)

    def render(self) -> RGBImage:
        """The base image with the drawings composited on it, as a new RGB array."""
        out = np.array(self._base, dtype=np.uint8, copy=True)
        if not self._ops:
            return out
        height, width = out.shape[:2]
        x0 = max(0, int(min(b[0] for b in self._boxes)))
        y0 = max(0, int(min(b[1] for b in self._boxes)))
        x1 = min(width, int(np.ceil(max(b[2] for b in self._boxes))) + 1)
        y1 = min(height, int(np.ceil(max(b[3] for b in self._boxes))) + 1)
        if x1 <= x0 or y1 <= y0:
            return out
        layer = Image.new("RGBA", ((x1 - x0) * _SCALE, (y1 - y0) * _SCALE), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)

        def at(p: Point) -> Point:
            return ((p[0] - x0) * _SCALE, (p[1] - y0) * _SCALE)

        for op in self._ops:
            op(draw, at)
        # average each 2x2 block with premultiplied alpha, then composite "over" the picture
        premultiplied = np.asarray(layer.convert("RGBa"))
        small = cv2.resize(premultiplied, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
        colour, alpha = small[..., :3].astype(np.uint16), small[..., 3:].astype(np.uint16)
        region = out[y0:y1, x0:x1].astype(np.uint16)
        blended = (region * (255 - alpha) + 127) // 255 + colour
        out[y0:y1, x0:x1] = np.minimum(blended, 255).astype(np.uint8)
        return out


def draw_cell_path(
    image: RGBImage,
    centers: Sequence[Point],
    cell_size: float,
    numbers: bool = True,
    line_width: float = 0.12,
    ring_start: bool = False,
) -> RGBImage:
    """Draw a path through cell centres with its step numbers, start and end marked.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The original picture.
    centers : sequence of (x, y)
        Pixel centres of the cells in path order.
    cell_size : float
        The cells' side in pixels; line widths and text scale with it.
    numbers : bool
        Write the step number (1-based) on every cell.
    line_width : float
        The path's width as a fraction of ``cell_size`` (thin where numbers must stay legible).
    ring_start : bool
        Ring the start instead of filling it (when a piece there must stay visible).
    """
    ov = Overlay(image)
    ov.line(centers, width=max(1.5, cell_size * line_width), color=PATH_COLOR)
    if ring_start:
        ov.disc(centers[0], cell_size * 0.3, fill=None, outline=START_COLOR)
    else:
        ov.disc(centers[0], cell_size * 0.3, fill=START_COLOR)
    ov.disc(centers[-1], cell_size * 0.3, fill=None, outline=END_COLOR)
    if numbers:
        for i, center in enumerate(centers, start=1):
            ov.label(center, str(i), size=cell_size * (0.42 if i < 100 else 0.34))
    return ov.render()
