"""One image from file to record: load, recognize, solve, annotate, write.

Batch and watch reuse :func:`solve_file`; nothing here prints.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

from cli.files import read_image_bytes, write_atomically
from recognizer import Recognition, recognize_then
from recognizer.image import RGBImage, decode_image, encode_png
from recognizer.registry import get_game
from solvers.errors import (
    InvalidPuzzleError,
    SearchBudgetError,
    SolveShotError,
    UnreadableImageError,
    UnrecognizedError,
    UsageError,
)

log = logging.getLogger(__name__)


#: Exit status of each record status (the contract's table).
EXIT_CODES = {"solved": 0, "unsolvable": 1, "unreadable": 3, "unrecognized": 4}


@dataclass(frozen=True)
class Options:
    """What the user asked for beyond the picture."""

    game: str = "auto"
    #: Tic-tac-toe: the side that opened (who moves at equal counts), when not x.
    first: str | None = None


@dataclass
class Record:
    """The contract's JSON record for one input."""

    file: str
    game: str | None = None
    status: str = "unrecognized"
    message: str = ""
    puzzle: dict[str, Any] | None = None
    solution: dict[str, Any] | None = None
    confidence: float = 0.0
    annotated: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    summary: str = ""

    @property
    def exit_code(self) -> int:
        """The contract's exit status for this record."""
        return EXIT_CODES[self.status]

    def to_json(self) -> dict[str, Any]:
        """The record as the contract's JSON object."""
        return {
            "file": self.file,
            "game": self.game,
            "status": self.status,
            "message": self.message,
            "puzzle": self.puzzle,
            "solution": self.solution,
            "confidence": round(self.confidence, 3),
            "annotated": self.annotated,
            "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
        }


@contextmanager
def _timed(record: Record, stage: str) -> Iterator[None]:
    start = time.perf_counter()
    try:
        yield
    finally:
        spent = (time.perf_counter() - start) * 1000.0
        record.timings_ms[stage] = record.timings_ms.get(stage, 0.0) + spent


def _unsolvable_message(module: ModuleType, puzzle: Any, doubts: tuple[str, ...]) -> str:
    """Why there is no solution (the solver's reason if any), and any doubt in the reading."""
    explain = getattr(module, "why_unsolvable", None)
    reason = (explain(puzzle) if explain else None) or "the puzzle has no solution"
    return reason + (f" (reading in doubt: {'; '.join(doubts)})" if doubts else "")


def solve_file(path: Path, output: Path | None, options: Options = Options()) -> Record:
    """Load, recognize, solve and annotate one picture file (see :func:`solve_data`)."""
    record, _ = solve_data(lambda: read_image_bytes(path), str(path), output, options)
    return record


def solve_data(
    read: Callable[[], bytes], label: str, output: Path | None, options: Options = Options()
) -> tuple[Record, RGBImage | None]:
    """Decode, recognize, solve and annotate one picture; write the annotated PNG to ``output``.

    Parameters
    ----------
    read : callable
        Returns the picture's bytes (raising :class:`UnreadableImageError` if it cannot).
    label : str
        How the record names the input.
    output : Path or None
        Where the annotated PNG goes (``None``: do not write one).
    options : Options
        The game (a registry name or ``"auto"``) and the game's options.

    Returns
    -------
    record : Record
        Never raises for a bad picture; the status says what happened.
    image : array or None
        The decoded picture, when it could be decoded.
    """
    record = Record(file=label, game=None if options.game == "auto" else options.game)
    try:
        with _timed(record, "load"):
            image = decode_image(read())
    except UnreadableImageError as exc:
        record.status, record.message = "unreadable", str(exc)
        return record, None
    solve_image(image, record, output, options)
    return record, image


def solve_image(
    image: RGBImage, record: Record, output: Path | None, options: Options = Options()
) -> Record:
    """Recognize, solve and annotate a decoded picture, filling in ``record``.

    Never raises for a picture that holds no puzzle, or an unsolvable one: the record's
    status says what happened. ``output`` is where the annotated PNG goes (``None``: nowhere).
    Solving and drawing start on the first confident reading, while the other recognizers
    and the second look still run (see :func:`recognizer.recognize_then`), so ``recognize``
    is the time it added beyond them.
    """
    work = partial(_solve_and_draw, image=image, options=options, draw=output is not None)
    try:
        start = time.perf_counter()
        with warnings.catch_warnings():
            # numeric warnings from a recognizer probing a picture that is not its game
            # are noise to the user; a reading stands or falls by its confidence
            warnings.simplefilter("ignore", RuntimeWarning)
            try:
                recognition, worked = recognize_then(image, work, options.game)
            except SolveShotError:
                raise
            except Exception as exc:  # a recognizer bug must not pass for a reading
                log.debug("recognizer failed on %s", record.file, exc_info=True)
                raise UnrecognizedError(f"recognizer failed ({type(exc).__name__})") from None
        elapsed = (time.perf_counter() - start) * 1000.0
        record.timings_ms["recognize"] = elapsed - sum(worked.timings_ms.values())
        record.timings_ms.update(worked.timings_ms)
        if worked.puzzle is None:  # recognize() returns only confident readings
            raise UnrecognizedError("no puzzle recognized")
        record.game = recognition.game
        record.confidence = recognition.confidence
        record.puzzle = worked.puzzle.to_json()
        if worked.error is not None:
            raise worked.error
        module = get_game(recognition.game).solver
        if worked.solution is None:
            record.status = "unsolvable"
            record.message = _unsolvable_message(module, worked.puzzle, recognition.doubts)
            return record
        record.solution = worked.solution.to_json()
        record.summary = module.describe(worked.solution)
        record.status = "solved"
        if output is not None and worked.png is not None:
            with _timed(record, "annotate"):  # writing adds to the time drawing took
                try:
                    write_atomically(output, worked.png)
                except OSError as exc:
                    raise UsageError(f"cannot write {output} ({exc.strerror or exc})") from None
            record.annotated = str(output)
    except UnrecognizedError as exc:
        record.status, record.message = "unrecognized", str(exc)
    except (InvalidPuzzleError, SearchBudgetError) as exc:
        record.status, record.message = "unsolvable", str(exc)
    return record


@dataclass(frozen=True)
class _Worked:
    """What solving and drawing made of one reading; ``error`` is what they raised."""

    puzzle: Any
    solution: Any = None
    png: bytes | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    error: Exception | None = None


def _solve_and_draw(reading: Recognition, image: RGBImage, options: Options, draw: bool) -> _Worked:
    """Solve the reading's puzzle, check the solution and (``draw``) encode it drawn."""
    puzzle = reading.puzzle
    if puzzle is None:
        return _Worked(None)
    module = get_game(reading.game).solver
    if options.first is not None and hasattr(module, "set_first"):
        puzzle = module.set_first(puzzle, options.first)
    timings: dict[str, float] = {}
    try:
        start = time.perf_counter()
        solution = module.solve(puzzle)
        timings["solve"] = (time.perf_counter() - start) * 1000.0
        if solution is None:
            return _Worked(puzzle, timings_ms=timings)
        module.verify(puzzle, solution)
        png = None
        if draw:
            start = time.perf_counter()
            png = encode_png(get_game(reading.game).recognizer.draw(image, reading, solution))
            timings["annotate"] = (time.perf_counter() - start) * 1000.0
        return _Worked(puzzle, solution, png, timings)
    except Exception as exc:  # raised for the reading that stands, not for the recognizer
        return _Worked(puzzle, timings_ms=timings, error=exc)
