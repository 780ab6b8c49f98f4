"""What a recognizer saw: the puzzle, where it is in the picture, and how sure it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from numpy.typing import ArrayLike

#: A recognition at or above this confidence is trusted; below it the CLI says "unrecognized".
CONFIDENT = 0.5


class Geometry(Protocol):
    """Where a puzzle's cells are in the picture: what a game's overlay draws through."""

    def transformed(self, homography: ArrayLike) -> Geometry:
        """The same geometry after the pixel map ``homography`` (3x3), e.g. onto a photo."""
        ...


@dataclass(frozen=True)
class Recognition:
    """The result of one game's recognizer on one image.

    Parameters
    ----------
    game : str
        The game's registry name.
    puzzle : object or None
        The game's ``Puzzle`` (see ``solvers``), or ``None`` when nothing was read.
    confidence : float
        0 (nothing like this game) to 1 (certain).
    geometry : Geometry or None
        Whatever the game's overlay needs to map cells back to pixels
        (usually a :class:`recognizer.lattice.Lattice`).
    doubts : tuple of str
        Human-readable reasons for doubt, most important first.
    """

    game: str
    puzzle: Any | None
    confidence: float
    geometry: Geometry | None = None
    doubts: tuple[str, ...] = ()

    @property
    def confident(self) -> bool:
        """True when a puzzle was read with at least :data:`CONFIDENT` confidence."""
        return self.puzzle is not None and self.confidence >= CONFIDENT

    @classmethod
    def nothing(cls, game: str, *doubts: str) -> Recognition:
        """A recognition that found no puzzle of ``game``, with the reasons."""
        return cls(game=game, puzzle=None, confidence=0.0, doubts=tuple(doubts))
