"""Recognizers: a picture (an RGB array) in, a puzzle and its board geometry out.

:func:`recognize` runs one game's recognizer, or every registered one with
``game="auto"`` and keeps the single confident answer. Nothing here reads
files or prints.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from recognizer.recognition import CONFIDENT, Recognition
from recognizer.registry import GAMES, Game, get_game
from solvers.errors import UnrecognizedError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from recognizer.image import RGBImage

__all__ = [
    "CONFIDENT",
    "GAMES",
    "Game",
    "Recognition",
    "available_cores",
    "get_game",
    "recognize",
    "recognize_then",
    "set_threads",
]

log = logging.getLogger(__name__)

_T = TypeVar("_T")
_R = TypeVar("_R")

#: With auto-detection, the winner must beat the runner-up by this much confidence.
MARGIN = 0.15


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_threads = available_cores()
_pool: ThreadPoolExecutor | None = None


def set_threads(count: int) -> None:
    """Run at most ``count`` recognizers of one picture at once (1: one after another).

    By default as many as the process has cores: OpenCV and numpy's array work lets the
    recognizers of a picture overlap. A batch, which runs one process per core, sets 1.
    """
    global _pool, _threads
    if count != _threads and _pool is not None:
        _pool.shutdown()
        _pool = None
    _threads = max(1, count)


def recognize(image: RGBImage, game: str = "auto") -> Recognition:
    """Recognize the puzzle in a screenshot, or in a photo of a screen.

    The picture is first read as it is; when nothing is recognized, the likeliest
    screens in it are rectified and read, and the geometry of what is found there
    is mapped back onto the picture (so overlays land on the photographed cells).
    Every reading must survive a second look (:mod:`recognizer.second_look`).

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
        the message names the closest candidate and its doubts, or the rivals.
    """
    return recognize_then(image, _as_is, game)[0]


def recognize_then(
    image: RGBImage, then: Callable[[Recognition], _R], game: str = "auto"
) -> tuple[Recognition, _R]:
    """:func:`recognize`, and ``then`` of its reading, side by side when a core is spare.

    ``then`` (solving and drawing, say) starts on a reading while the second look
    checks it; if the look refuses the reading, what ``then`` made of it is dropped.
    Whatever ``then`` raises for the reading that stands is raised here.
    """
    from recognizer.second_look import second_looks

    found = _confirmed(_decide(_read(image, game), game), partial(second_looks, image), then)
    if not isinstance(found, _Refusal):
        return found
    from recognizer.photo import find_screens, rectify

    refusals = [found]
    for screen in find_screens(image):
        flat = rectify(image, screen)
        looks = partial(second_looks, flat, image, screen)
        on_photo = partial(_on_photo, to_photo=screen.to_photo)
        on_screen = _confirmed(_decide(_read(flat, game), game), looks, then, on_photo)
        if not isinstance(on_screen, _Refusal):
            return on_screen
        refusals.append(on_screen)
    raise max(refusals, key=lambda refusal: refusal.closest)


def _as_is(reading: Recognition) -> Recognition:
    return reading


def _on_photo(reading: Recognition, to_photo: NDArray[np.float64]) -> Recognition:
    """A reading of a rectified screen, its geometry mapped back onto the photo."""
    if reading.geometry is None:
        return reading
    return replace(reading, geometry=reading.geometry.transformed(to_photo))


class _Refusal(UnrecognizedError):
    """An :class:`UnrecognizedError` that remembers its closest candidate's confidence."""

    def __init__(self, message: str, closest: float) -> None:
        super().__init__(message)
        self.closest = closest


def _map(function: Callable[[_T], _R], items: list[_T]) -> list[_R]:
    """``function`` over ``items``, side by side in threads when there are several cores."""
    global _pool
    if len(items) > 1 and _threads > 1:
        _pool = _pool or ThreadPoolExecutor(_threads, thread_name_prefix="recognize")
        return list(_pool.map(function, items))
    return [function(item) for item in items]


def _read(image: RGBImage, game: str) -> list[Recognition]:
    """Every asked recognizer's reading of the picture as it is, most confident first."""
    readers = (
        [GAMES[name].recognizer.recognize for name in GAMES]
        if game == "auto"
        else [get_game(game).recognizer.recognize]
    )
    readings = _map(lambda read: read(image), readers)
    results = sorted(readings, key=lambda r: r.confidence, reverse=True)
    for r in results:
        log.debug("%s: confidence %.2f %s", r.game, r.confidence, r.doubts)
    return results


def _decide(results: list[Recognition], game: str) -> Recognition | _Refusal:
    """The single confident reading, or why there is none."""
    confident = [r for r in results if r.confident]
    best = results[0]
    if not confident:
        what = "puzzle" if game == "auto" else f"{game} puzzle"
        if best.confidence > 0 and best.doubts:
            because = f" (closest: {best.game} {best.confidence:.2f}: {best.doubts[0]})"
        elif best.confidence > 0:
            because = f" (closest: {best.game} {best.confidence:.2f})"
        else:
            because = f": {best.doubts[0]}" if game != "auto" and best.doubts else ""
        return _Refusal(f"no {what} recognized{because}", best.confidence)
    if len(confident) > 1 and confident[0].confidence - confident[1].confidence < MARGIN:
        names = " or ".join(f"{r.game} {r.confidence:.2f}" for r in confident)
        return _Refusal(
            f"ambiguous picture: {names}; name the game with --game", confident[0].confidence
        )
    return confident[0]


def _steady(
    found: Recognition | _Refusal, second_looks: Callable[[], list[tuple[str, RGBImage]]]
) -> Recognition | _Refusal:
    """The reading, unless its recognizer reads another puzzle at a second look."""
    if not isinstance(found, Recognition):
        return found
    from recognizer.second_look import same_puzzle

    read = get_game(found.game).recognizer.recognize
    looks = second_looks()
    for (how, _), again in zip(looks, _map(lambda look: read(look[1]), looks), strict=True):
        if again.confident and not same_puzzle(again.puzzle, found.puzzle):
            log.debug("%s: another puzzle %s: %s", found.game, how, again.puzzle)
            return _Refusal(
                f"no puzzle recognized (closest: {found.game} {found.confidence:.2f}: "
                f"it reads another puzzle {how}, so neither reading is sure)",
                found.confidence,
            )
    return found


def _confirmed(
    found: Recognition | _Refusal,
    second_looks: Callable[[], list[tuple[str, RGBImage]]],
    then: Callable[[Recognition], _R],
    place: Callable[[Recognition], Recognition] = _as_is,
) -> tuple[Recognition, _R] | _Refusal:
    """The reading, placed on the picture, with ``then`` of it, unless the second look
    refuses it; ``then`` runs beside the look on a spare core."""
    if isinstance(found, _Refusal):
        return found
    placed = place(found)
    follow: Callable[[], _R] = partial(then, placed)  # one core: after the look
    if _threads > 1:
        pending: Future[_R] = Future()
        # a daemon thread: what it makes of a refused reading is dropped, and may still be
        # running (a long search) when the process ends, which must not wait for it
        threading.Thread(target=_settle, args=(pending, then, placed), daemon=True).start()
        follow = pending.result
    steady = _steady(found, second_looks)
    return steady if isinstance(steady, _Refusal) else (placed, follow())


def _settle(pending: Future[_R], then: Callable[[Recognition], _R], reading: Recognition) -> None:
    """Settle ``pending`` with ``then(reading)``, or with what it raised."""
    try:
        pending.set_result(then(reading))
    except Exception as exc:
        pending.set_exception(exc)
