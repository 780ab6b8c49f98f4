"""A second look: a sound reading survives a slightly different picture of the same screen.

A misreading usually rests on a borderline call (a faded row taken for the board's
edge, a washed-out tile for a hole, a screen's outline found a little off). Read the
picture again a little lighter, and a photo's screen again through a slightly wider
outline; a reading that then comes out as *another* puzzle is in doubt. A second look
that finds nothing proves nothing (many sound photo readings are near a recognizer's
limits), so only a different confident reading counts against the first.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import cv2
import numpy as np

from recognizer.image import RGBImage
from recognizer.photo import Rectification, rectify

#: The lighter look: gamma 0.85 lifts the mid-tones by up to about 6% of full scale.
_LIGHTER = np.round(255 * (np.arange(256) / 255) ** 0.85).astype(np.uint8)
_LIGHTER.flags.writeable = False

#: The wider look grows a photo's screen outline by this factor about its centre.
WIDER = 1.03


def second_looks(
    picture: RGBImage, photo: RGBImage | None = None, screen: Rectification | None = None
) -> list[tuple[str, RGBImage]]:
    """Slightly different pictures of what was read, each with a phrase for how.

    Parameters
    ----------
    picture : (H, W, 3) uint8 array
        The picture that was read (for a photo's screen: the rectified screen).
    photo, screen : optional
        The photo and the screen found in it, when ``picture`` is that screen rectified.
    """
    looks = [("a little lighter", np.asarray(cv2.LUT(picture, _LIGHTER), np.uint8))]
    if photo is not None and screen is not None:
        looks.append(("through a slightly wider screen outline", rectify(photo, widened(screen))))
    return looks


def widened(screen: Rectification, factor: float = WIDER) -> Rectification:
    """The same screen with its outline grown by ``factor`` about its centre."""
    quad = np.asarray(screen.quad)
    centre = quad.mean(axis=0)
    grown = centre + (quad - centre) * factor
    return replace(screen, quad=tuple((float(x), float(y)) for x, y in grown))


def same_puzzle(first: Any, second: Any) -> bool:
    """Whether two readings found the same puzzle; colour values, which move with the
    light, are not part of it (a Bond board's classes are)."""
    return bool(_without_colors(first) == _without_colors(second))


def _without_colors(puzzle: Any) -> Any:
    if any(f.name == "colors" for f in fields(puzzle)):
        return replace(puzzle, colors=())
    return puzzle
