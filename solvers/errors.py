"""The one exception family of solve-shot.

Every error the program raises on purpose is a :class:`SolveShotError`, which
subclasses :class:`ValueError` (as python-chess does), so callers can catch
either. The command line turns each kind into a one-line message and an exit
code; nothing below the CLI prints or exits.
"""

from __future__ import annotations


class SolveShotError(ValueError):
    """Base of every error solve-shot raises on purpose."""


class PuzzleFormatError(SolveShotError):
    """A puzzle or solution in text or JSON form is malformed."""


class InvalidPuzzleError(SolveShotError):
    """A puzzle is well formed but breaks the game's rules (e.g. colour counts differ)."""


class InvalidSolutionError(SolveShotError):
    """``verify`` rejected a solution; the message says which rule it breaks."""


class SearchBudgetError(SolveShotError):
    """A search gave up after its node or time budget without an answer or a proof."""


class UnreadableImageError(SolveShotError):
    """An input could not be decoded as a supported image of a supported size."""


class UnrecognizedError(SolveShotError):
    """No puzzle was recognized in an image with enough confidence."""


class UsageError(SolveShotError):
    """The command line or an option is wrong (unknown game, conflicting paths...)."""
