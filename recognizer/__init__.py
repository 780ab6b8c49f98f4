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
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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

    ``then`` (solving and drawing, say) starts on the first confident reading while the
    other recognizers still read and while the second look checks it; if the reading does
    not stand (a rival, or the look, refuses it), what ``then`` made of it is dropped.
    Whatever ``then`` raises for the reading that stands is raised here.
    """
    from recognizer.second_look import second_looks

    found = _attempt(image, game, partial(second_looks, image), then, _as_is)
    if not isinstance(found, _Refusal):
        return found
    from recognizer.photo import find_screens, rectify

    refusals = [found]
    for screen in find_screens(image):
        flat = rectify(image, screen)
        looks = partial(second_looks, flat, image, screen)
        on_photo = partial(_on_photo, to_photo=screen.to_photo)
        on_screen = _attempt(flat, game, looks, then, on_photo)
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


@dataclass(frozen=True)
class _Follow(Generic[_R]):
    """A reading placed on the picture, and ``then`` of it: running on a daemon thread
    (``pending``), or to be run when asked for (one core: after the second look)."""

    reading: Recognition
    placed: Recognition
    then: Callable[[Recognition], _R]
    pending: Future[_R] | None

    def result(self) -> _R:
        """What ``then`` made of the placed reading (raising what it raised)."""
        return self.then(self.placed) if self.pending is None else self.pending.result()


def _follow(
    reading: Recognition,
    then: Callable[[Recognition], _R],
    place: Callable[[Recognition], Recognition],
) -> _Follow[_R]:
    """``then`` of the reading placed on the picture, started now when a core is spare.

    It runs on a daemon thread: what it makes of a reading that does not stand is dropped,
    and may still be running (a long search) when the process ends, which must not wait.
    """
    placed = place(reading)
    if _threads == 1:
        return _Follow(reading, placed, then, None)
    pending: Future[_R] = Future()
    threading.Thread(target=_settle, args=(pending, then, placed), daemon=True).start()
    return _Follow(reading, placed, then, pending)


def _settle(pending: Future[_R], then: Callable[[Recognition], _R], reading: Recognition) -> None:
    """Settle ``pending`` with ``then(reading)``, or with what it raised."""
    try:
        pending.set_result(then(reading))
    except Exception as exc:
        pending.set_exception(exc)


def _attempt(
    image: RGBImage,
    game: str,
    second_looks: Callable[[], list[tuple[str, RGBImage]]],
    then: Callable[[Recognition], _R],
    place: Callable[[Recognition], Recognition],
) -> tuple[Recognition, _R] | _Refusal:
    """The picture's single confident reading, placed on it, with ``then`` of it, unless
    no reading is confident, a rival is nearly as confident, or the second look refuses it."""
    readings, early = _read(image, game, then, place)
    found = _decide(readings, game)
    if isinstance(found, _Refusal):
        return found
    follow = early if early is not None and early.reading is found else _follow(found, then, place)
    steady = _steady(found, second_looks)
    return steady if isinstance(steady, _Refusal) else (follow.placed, follow.result())


def _map(function: Callable[[_T], _R], items: list[_T]) -> list[_R]:
    """``function`` over ``items``, side by side in threads when there are several cores."""
    if len(items) > 1 and _threads > 1:
        return list(_recognizers().map(function, items))
    return [function(item) for item in items]


def _recognizers() -> ThreadPoolExecutor:
    """The threads that run recognizers side by side (as many as :func:`set_threads` says)."""
    global _pool
    _pool = _pool or ThreadPoolExecutor(_threads, thread_name_prefix="recognize")
    return _pool


def _read(
    image: RGBImage,
    game: str,
    then: Callable[[Recognition], _R],
    place: Callable[[Recognition], Recognition],
) -> tuple[list[Recognition], _Follow[_R] | None]:
    """Every asked recognizer's reading of the picture as it is, most confident first, and
    ``then`` of the first confident reading when it was started before the others were in.

    With several cores the recognizers run side by side, in the registry's order. Once a
    reading is confident, ``then`` of it starts on a core of its own (it is usually what the
    caller waits for last: drawing and encoding the answer), and the other recognizers go on
    with the cores left; whether that reading stands is decided when all are in.
    """
    readers = (
        [GAMES[name].recognizer.recognize for name in GAMES]
        if game == "auto"
        else [get_game(game).recognizer.recognize]
    )
    early: _Follow[_R] | None = None
    if len(readers) == 1 or _threads == 1:
        readings = [read(image) for read in readers]
    else:
        started: list[Future[Recognition]] = []
        busy: set[Future[Any]] = set()  # the recognizers reading, and ``then`` once started
        while len(started) < len(readers) or not busy.isdisjoint(started):
            while len(started) < len(readers) and len(busy) < _threads:
                started.append(_recognizers().submit(readers[len(started)], image))
                busy.add(started[-1])
            done, busy = wait(busy, return_when=FIRST_COMPLETED)
            confident = [f for f in started if f in done and _confident(f)]
            if early is None and confident:
                early = _follow(confident[0].result(), then, place)
                if early.pending is not None:
                    busy.add(early.pending)
        readings = [future.result() for future in started]  # raising what a reader raised
    results = sorted(readings, key=lambda r: r.confidence, reverse=True)
    for r in results:
        log.debug("%s: confidence %.2f %s", r.game, r.confidence, r.doubts)
    return results, early


def _confident(reading: Future[Recognition]) -> bool:
    """Whether a finished recognizer gave a confident reading (not an error)."""
    return reading.exception() is None and reading.result().confident


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
