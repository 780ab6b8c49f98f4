"""Drawing primitives for solution overlays, in pixel coordinates.

Each game's module maps its solution to pixels with its geometry and draws it
with an :class:`Overlay`: lines, arrows, discs and outlined labels that stay
readable on light and dark pictures. The drawing is made on a transparent
layer at twice the size and composited once, so edges are smooth.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

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

    Examples
    --------
    >>> ov = Overlay(np.zeros((40, 60, 3), np.uint8))
    >>> ov.line([(5, 5), (50, 30)], width=3, color=PATH_COLOR)
    >>> ov.render().shape
    (40, 60, 3)
    """

    def __init__(self, image: RGBImage) -> None:
        self._base = image
        height, width = image.shape[:2]
        self._layer = Image.new("RGBA", (width * _SCALE, height * _SCALE), (0, 0, 0, 0))
        self._draw = ImageDraw.Draw(self._layer)

    @staticmethod
    def _scaled(points: Sequence[Point]) -> list[tuple[float, float]]:
        return [(x * _SCALE, y * _SCALE) for x, y in points]

    def line(self, points: Sequence[Point], width: float, color: Color) -> None:
        """A polyline through ``points`` with round joints and caps."""
        pts = self._scaled(points)
        w = max(1, round(width * _SCALE))
        if len(pts) > 1:
            self._draw.line(pts, fill=color, width=w, joint="curve")
        for x, y in (pts[0], pts[-1]):
            self._draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=color)

    def disc(
        self, center: Point, radius: float, fill: Color | None, outline: Color | None = None
    ) -> None:
        """A filled and/or outlined circle."""
        (x, y), r = self._scaled([center])[0], radius * _SCALE
        self._draw.ellipse(
            (x - r, y - r, x + r, y + r),
            fill=fill,
            outline=outline,
            width=max(1, round(r / 5)),
        )

    def arrow(self, tail: Point, head: Point, width: float, color: Color) -> None:
        """A straight arrow from ``tail`` to ``head`` with a triangular head."""
        (x0, y0), (x1, y1) = self._scaled([tail, head])
        length = float(np.hypot(x1 - x0, y1 - y0))
        if length == 0:
            return
        w = width * _SCALE
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        head_len = min(3.0 * w, 0.6 * length)
        bx, by = x1 - ux * head_len, y1 - uy * head_len
        self._draw.line([(x0, y0), (bx, by)], fill=color, width=max(1, round(w)))
        half = 1.2 * w
        self._draw.polygon(
            [(x1, y1), (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
            fill=color,
        )

    def label(
        self,
        center: Point,
        text: str,
        size: float,
        fill: Color = LABEL_FILL,
        stroke: Color = LABEL_STROKE,
    ) -> None:
        """Text centred on ``center``, ``size`` pixels tall, with a contrasting outline."""
        (x, y) = self._scaled([center])[0]
        px = round(size * _SCALE)
        self._draw.text(
            (x, y),
            text,
            font=_font(px),
            fill=fill,
            anchor="mm",
            stroke_width=max(1, px // 8),
            stroke_fill=stroke,
        )

    def render(self) -> RGBImage:
        """The base image with the layer composited on it, as a new RGB array."""
        height, width = self._base.shape[:2]
        layer = self._layer.resize((width, height), Image.Resampling.LANCZOS)
        base = Image.fromarray(self._base).convert("RGBA")
        return np.asarray(Image.alpha_composite(base, layer).convert("RGB"), dtype=np.uint8)


def draw_cell_path(
    image: RGBImage,
    centers: Sequence[Point],
    cell_size: float,
    numbers: bool = True,
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
    """
    ov = Overlay(image)
    ov.line(centers, width=max(2.0, cell_size * 0.12), color=PATH_COLOR)
    ov.disc(centers[0], cell_size * 0.3, fill=START_COLOR)
    ov.disc(centers[-1], cell_size * 0.3, fill=None, outline=END_COLOR)
    if numbers:
        for i, center in enumerate(centers, start=1):
            ov.label(center, str(i), size=cell_size * (0.42 if i < 100 else 0.34))
    return ov.render()
