"""Drawing primitives for solution overlays, in pixel coordinates.

Each game's module maps its solution to pixels with its geometry and draws it
with an :class:`Overlay`: lines, arrows, discs and outlined labels that stay
readable on light and dark pictures. Shapes are drawn anti-aliased on a
premultiplied transparent layer covering only what is drawn, and composited once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import pairwise

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from recognizer.image import RGBImage

Point = tuple[float, float]
Color = tuple[int, int, int, int]
Layer = NDArray[np.uint8]

#: A palette that reads on both light and dark themes.
PATH_COLOR: Color = (235, 64, 52, 200)
START_COLOR: Color = (40, 180, 80, 235)
END_COLOR: Color = (30, 90, 220, 235)
LABEL_FILL: Color = (255, 255, 255, 255)
LABEL_STROKE: Color = (20, 20, 20, 255)

_SHIFT = 4  # OpenCV's fixed-point bits: coordinates to 1/16 px
_ONE = 1 << _SHIFT


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=max(size, 6))


@lru_cache(maxsize=16)
def _disc(radius: int) -> NDArray[np.uint8]:
    """A round structuring element: dilating glyphs by it outlines them with round joins."""
    size = (2 * radius + 1, 2 * radius + 1)
    return np.asarray(cv2.getStructuringElement(cv2.MORPH_ELLIPSE, size), np.uint8)


def _premultiplied(color: Color) -> tuple[float, float, float, float]:
    r, g, b, a = color
    return (r * a / 255, g * a / 255, b * a / 255, float(a))


def _fixed(points: Sequence[Point], origin: Point) -> NDArray[np.int32]:
    """Points relative to ``origin`` in OpenCV's fixed-point form."""
    xy = (np.asarray(points, np.float64).reshape(-1, 2) - np.asarray(origin)) * _ONE
    return np.round(xy).astype(np.int32)


def _paint(layer: Layer, mask: NDArray[np.uint8], corner: tuple[int, int], color: Color) -> None:
    """Paint ``color`` through a coverage ``mask`` whose top-left lands at ``corner``."""
    x, y = corner
    height, width = layer.shape[:2]
    x0, y0 = max(x, 0), max(y, 0)
    x1, y1 = min(x + mask.shape[1], width), min(y + mask.shape[0], height)
    if x1 <= x0 or y1 <= y0:
        return
    cover = cv2.merge([mask[y0 - y : y1 - y, x0 - x : x1 - x]] * 4)
    region = layer[y0:y1, x0:x1]
    kept = cv2.multiply(region, 255 - cover, scale=1 / 255)
    # times a Scalar, as a whole array of it would be; OpenCV 4's stubs list arrays only, 5's
    # take the Scalar too, so the ignore is needed under one and unused under the other
    ink = cv2.multiply(cover, _ink(color), scale=1 / 255)  # type: ignore[call-overload, unused-ignore]
    region[:] = cv2.add(kept, ink)


@lru_cache(maxsize=64)
def _ink(color: Color) -> tuple[float, float, float, float]:
    """The premultiplied colour in whole levels, as painted through a mask."""
    r, g, b, a = (float(v) for v in np.round(_premultiplied(color)))
    return r, g, b, a


@lru_cache(maxsize=1024)
def _text_box(px: int, text: str) -> tuple[float, float, float, float]:
    """The box of ``text`` at ``px`` pixels about its middle (left, top, right, bottom)."""
    return _font(px).getbbox(text, anchor="mm")


class Overlay:
    """A drawing layer over an RGB image; call :meth:`render` to get the annotated copy.

    Drawing calls are recorded and replayed at :meth:`render` on a layer covering
    only their bounding box, so the cost follows what is drawn rather than the size
    of the picture. A later drawing covers an earlier one.

    Examples
    --------
    >>> ov = Overlay(np.zeros((40, 60, 3), np.uint8))
    >>> ov.line([(5, 5), (50, 30)], width=3, color=PATH_COLOR)
    >>> ov.render().shape
    (40, 60, 3)
    """

    def __init__(self, image: RGBImage) -> None:
        self._base = image
        self._ops: list[Callable[[Layer, Point], None]] = []
        self._boxes: list[tuple[float, float, float, float]] = []

    def _extent(self, points: Sequence[Point], margin: float) -> None:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        self._boxes.append((min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin))

    def line(self, points: Sequence[Point], width: float, color: Color) -> None:
        """A polyline through ``points`` with round joints and caps."""
        pts = list(points)
        thickness = max(1, round(width))
        self._extent(pts, width)

        def op(layer: Layer, origin: Point) -> None:
            fixed = _fixed(pts, origin)
            paint = _premultiplied(color)
            for start, end in pairwise(fixed.tolist()):
                cv2.line(layer, start, end, paint, thickness, cv2.LINE_AA, _SHIFT)
            if len(fixed) == 1:
                radius = round(thickness * _ONE / 2)
                cv2.circle(layer, tuple(fixed[0]), radius, paint, -1, cv2.LINE_AA, _SHIFT)

        self._ops.append(op)

    def disc(
        self, center: Point, radius: float, fill: Color | None, outline: Color | None = None
    ) -> None:
        """A filled and/or outlined circle."""
        self._extent([center], radius + 2)

        def op(layer: Layer, origin: Point) -> None:
            (x, y), r = _fixed([center], origin)[0], round(radius * _ONE)
            if fill is not None:
                cv2.circle(layer, (x, y), r, _premultiplied(fill), -1, cv2.LINE_AA, _SHIFT)
            if outline is not None:
                width = max(1, round(radius / 5))
                inner = r - round(width * _ONE / 2)
                paint = _premultiplied(outline)
                cv2.circle(layer, (x, y), inner, paint, width, cv2.LINE_AA, _SHIFT)

        self._ops.append(op)

    def arrow(self, tail: Point, head: Point, width: float, color: Color) -> None:
        """A straight arrow from ``tail`` to ``head`` with a triangular head."""
        self._extent([tail, head], 2 * width)

        def op(layer: Layer, origin: Point) -> None:
            (x0, y0), (x1, y1) = tail, head
            length = float(np.hypot(x1 - x0, y1 - y0))
            if length == 0:
                return
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            head_len = min(3.0 * width, 0.6 * length)
            bx, by = x1 - ux * head_len, y1 - uy * head_len
            paint = _premultiplied(color)
            start, base = _fixed([(x0, y0), (bx, by)], origin)
            thickness = max(1, round(width))
            cv2.line(layer, tuple(start), tuple(base), paint, thickness, cv2.LINE_AA, _SHIFT)
            half = 1.2 * width
            triangle = [
                (x1, y1),
                (bx - uy * half, by + ux * half),
                (bx + uy * half, by - ux * half),
            ]
            cv2.fillPoly(layer, [_fixed(triangle, origin)], paint, cv2.LINE_AA, _SHIFT)

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
        px = max(6, round(size))
        stroke_width = max(1, px // 8)

        def op(layer: Layer, origin: Point) -> None:
            font = _font(px)
            left, top, right, bottom = _text_box(px, text)
            pad = stroke_width + 1
            box = (int(np.floor(left)) - pad, int(np.floor(top)) - pad)
            size_px = (int(np.ceil(right)) - box[0] + pad, int(np.ceil(bottom)) - box[1] + pad)
            x = center[0] - origin[0]
            y = center[1] - origin[1]
            corner = (int(np.floor(x)) + box[0], int(np.floor(y)) + box[1])
            mask = Image.new("L", size_px, 0)
            anchor = (x - corner[0], y - corner[1])
            ImageDraw.Draw(mask).text(anchor, text, font=font, fill=255, anchor="mm")
            glyphs = np.asarray(mask)
            outline = np.asarray(cv2.dilate(glyphs, _disc(stroke_width)), np.uint8)
            _paint(layer, outline, corner, stroke)
            _paint(layer, glyphs, corner, fill)

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
        layer = np.zeros((y1 - y0, x1 - x0, 4), np.uint8)
        for op in self._ops:
            op(layer, (x0, y0))
        # composite the premultiplied layer "over" the picture
        kept = cv2.cvtColor(255 - layer[..., 3], cv2.COLOR_GRAY2RGB)
        region = cv2.multiply(out[y0:y1, x0:x1], kept, scale=1 / 255)
        out[y0:y1, x0:x1] = cv2.add(region, cv2.cvtColor(layer, cv2.COLOR_RGBA2RGB))
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
