"""Recognizers: a picture (an RGB array) in, a puzzle and its board geometry out.

:func:`recognize` runs one game's recognizer, or every registered one with
``game="auto"`` and keeps the single confident answer. Nothing here reads
files or prints.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING

from recognizer.recognition import CONFIDENT, Recognition
from recognizer.registry import GAMES, Game, get_game
from solvers.errors import UnrecognizedError

if TYPE_CHECKING:
    from recognizer.image import RGBImage

__all__ = ["CONFIDENT", "GAMES", "Game", "Recognition", "get_game", "recognize"]

log = logging.getLogger(__name__)

#: With auto-detection, the winner must beat the runner-up by this much confidence.
MARGIN = 0.15


def recognize(image: RGBImage, game: str = "auto") -> Recognition:
    """Recognize the puzzle in a screenshot, or in a photo of a screen.

    The picture is first read as it is; when nothing is recognized, the likeliest
    screens in it are rectified and read, and the geometry of what is found there
    is mapped back onto the picture (so overlays land on the photographed cells).

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The picture, RGB.
    game : str
        A registry name, or ``"auto"`` to ask every recognizer.

    Returns
    -------
    Recognition
        A confident recognition.

    Raises
    ------
    UnrecognizedError
        When no recognizer is confident, or (auto) two are nearly equally confident;
        the message lists the reasons or the candidates.
    """
    try:
        return _recognize_flat(image, game)
    except UnrecognizedError as flat_error:
        from recognizer.photo import find_screens, rectify

        for screen in find_screens(image):
            try:
                found = _recognize_flat(rectify(image, screen), game)
            except UnrecognizedError:
                continue
            if found.geometry is not None:
                found = replace(found, geometry=found.geometry.transformed(screen.to_photo))
            return found
        raise flat_error from None


def _recognize_flat(image: RGBImage, game: str) -> Recognition:
    """:func:`recognize` on the picture as it is."""
    if game != "auto":
        result: Recognition = get_game(game).recognizer.recognize(image)
        if not result.confident:
            reasons = "; ".join(result.doubts) or "no board found"
            raise UnrecognizedError(f"no {game} puzzle recognized: {reasons}")
        return result
    results = sorted(
        (entry.recognizer.recognize(image) for entry in GAMES.values()),
        key=lambda r: r.confidence,
        reverse=True,
    )
    for r in results:
        log.debug("%s: confidence %.2f %s", r.game, r.confidence, r.doubts)
    confident = [r for r in results if r.confident]
    if not confident:
        best = ", ".join(f"{r.game} {r.confidence:.2f}" for r in results if r.confidence > 0)
        raise UnrecognizedError("no puzzle recognized" + (f" (closest: {best})" if best else ""))
    if len(confident) > 1 and confident[0].confidence - confident[1].confidence < MARGIN:
        names = " or ".join(f"{r.game} {r.confidence:.2f}" for r in confident)
        raise UnrecognizedError(f"ambiguous picture: {names}; name the game with --game")
    return confident[0]
