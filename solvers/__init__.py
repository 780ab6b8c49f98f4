"""Exact solvers, one module per game, on small frozen dataclasses.

Every game module follows the same shape (see ``DEVELOPING.md``):

``Puzzle`` and ``Solution``
    Frozen dataclasses with ``from_json(obj)`` / ``to_json()`` in the contract's form.
``parse(text)`` / ``format_puzzle(puzzle)``
    The puzzle's text form: the contract's JSON, and the seed's own notation.
``solve(puzzle) -> Solution | None``
    ``None`` only when there is provably no solution; raises
    :class:`~solvers.errors.SearchBudgetError` when a budget runs out.
``verify(puzzle, solution)``
    An independent checker that raises :class:`~solvers.errors.InvalidSolutionError`.

No I/O and no images here.
"""

from solvers.errors import (
    InvalidPuzzleError,
    InvalidSolutionError,
    PuzzleFormatError,
    SearchBudgetError,
    SolveShotError,
    UnreadableImageError,
    UnrecognizedError,
    UsageError,
)

__all__ = [
    "InvalidPuzzleError",
    "InvalidSolutionError",
    "PuzzleFormatError",
    "SearchBudgetError",
    "SolveShotError",
    "UnreadableImageError",
    "UnrecognizedError",
    "UsageError",
]
