"""James Bond Jr. missile puzzle: shift rows and columns until the board matches the target.

A board is an R x C grid of colour classes (ints >= 1, repeated). A move shifts one row
left or right, or one column up or down, cyclically by one cell: ``("left", 1)`` moves every
cell of row 1 one step left and the leftmost cell wraps to the right end. Indices are
zero-based, row 0 at the top, as in the seed's notation.

Vocabulary
----------
Grid
    A rectangular tuple of rows of colour classes.
Move
    ``(direction, index)``: ``"left"``/``"right"`` shift row ``index``, ``"up"``/``"down"``
    shift column ``index``.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError

Grid = tuple[tuple[int, ...], ...]
Move = tuple[str, int]

#: Directions that shift a row, and those that shift a column.
ROW_DIRECTIONS = ("left", "right")
COLUMN_DIRECTIONS = ("up", "down")
DIRECTIONS = ROW_DIRECTIONS + COLUMN_DIRECTIONS
#: The move that undoes each direction.
INVERSE = {"left": "right", "right": "left", "up": "down", "down": "up"}
#: Smallest and largest side of a supported board.
MIN_SIDE, MAX_SIDE = 2, 6

_HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")


def _as_grid(rows: object, name: str) -> Grid:
    """Convert nested sequences of ints to a :data:`Grid`, checking shape and values."""
    if not isinstance(rows, Sequence) or isinstance(rows, str) or not rows:
        raise PuzzleFormatError(f"{name} must be a non-empty list of rows")
    grid = []
    for row in rows:
        if not isinstance(row, Sequence) or isinstance(row, str) or not row:
            raise PuzzleFormatError(f"{name}: each row must be a non-empty list of ints")
        cells = []
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise PuzzleFormatError(f"{name}: colour classes are ints >= 1, got {value!r}")
            cells.append(value)
        grid.append(tuple(cells))
    if len({len(row) for row in grid}) != 1:
        raise PuzzleFormatError(f"{name} is not rectangular (row lengths differ)")
    rows_count, cols_count = len(grid), len(grid[0])
    if not (MIN_SIDE <= rows_count <= MAX_SIDE and MIN_SIDE <= cols_count <= MAX_SIDE):
        raise PuzzleFormatError(
            f"{name} is {rows_count}x{cols_count}; boards from "
            f"{MIN_SIDE}x{MIN_SIDE} to {MAX_SIDE}x{MAX_SIDE} are supported"
        )
    return tuple(grid)


def _cells(grid: Grid) -> Iterable[int]:
    return (value for row in grid for value in row)


@dataclass(frozen=True)
class Puzzle:
    """A board to rearrange and the target it must reach.

    Parameters
    ----------
    source : Grid
        The board as it is.
    target : Grid
        The board as it must become; same shape.
    colors : tuple of str
        ``"#rrggbb"`` of class 1, 2, ... when known from a picture; empty when unknown.

    Notes
    -----
    Colour counts that differ between source and target are accepted here, so that such a
    reading can still be parsed and shown; :func:`solve` refuses it.
    """

    source: Grid
    target: Grid
    colors: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        source = _as_grid(self.source, "source")
        target = _as_grid(self.target, "target")
        if (len(source), len(source[0])) != (len(target), len(target[0])):
            raise PuzzleFormatError(
                f"source is {len(source)}x{len(source[0])} but target is "
                f"{len(target)}x{len(target[0])}"
            )
        colors = tuple(self.colors)
        if colors:
            classes = max(max(_cells(source)), max(_cells(target)))
            if len(colors) != classes:
                raise PuzzleFormatError(
                    f"colors names {len(colors)} classes but the grids use classes 1..{classes}"
                )
            for color in colors:
                if not isinstance(color, str) or not _HEX_COLOR.fullmatch(color):
                    raise PuzzleFormatError(f'colors must be "#rrggbb" strings, got {color!r}')
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "colors", colors)

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.source)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.source[0])

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Puzzle:
        """Build from the contract's form ``{"source": ..., "target": ..., "colors": {...}}``."""
        if not isinstance(obj, Mapping):
            raise PuzzleFormatError("a bond puzzle is a JSON object")
        missing = [key for key in ("source", "target") if key not in obj]
        if missing:
            raise PuzzleFormatError(f"bond puzzle lacks {', '.join(missing)}")
        raw_colors = obj.get("colors") or {}
        if not isinstance(raw_colors, Mapping):
            raise PuzzleFormatError('colors must be an object {"1": "#rrggbb", ...}')
        try:
            numbered = sorted((int(key), value) for key, value in raw_colors.items())
        except (TypeError, ValueError):
            raise PuzzleFormatError("colors keys must be class numbers 1, 2, ...") from None
        if [key for key, _ in numbered] != list(range(1, len(numbered) + 1)):
            raise PuzzleFormatError("colors keys must be the class numbers 1..K, each once")
        return cls(obj["source"], obj["target"], tuple(value for _, value in numbered))

    def to_json(self) -> dict[str, Any]:
        """The contract's form (``"colors"`` is ``{}`` when unknown)."""
        return {
            "source": [list(row) for row in self.source],
            "target": [list(row) for row in self.target],
            "colors": {str(i): color for i, color in enumerate(self.colors, start=1)},
        }


@dataclass(frozen=True)
class Solution:
    """A sequence of moves, and whether it is proven to be a shortest one.

    Parameters
    ----------
    moves : tuple of Move
        The moves in order.
    optimal : bool
        True when no shorter sequence exists (proven by the search).
    """

    moves: tuple[Move, ...]
    optimal: bool = True

    def __post_init__(self) -> None:
        moves = []
        for move in self.moves:
            if (
                not isinstance(move, Sequence)
                or isinstance(move, str)
                or len(move) != 2
                or move[0] not in DIRECTIONS
                or isinstance(move[1], bool)
                or not isinstance(move[1], int)
                or move[1] < 0
            ):
                raise PuzzleFormatError(
                    f"a move is [direction, index] with direction in {DIRECTIONS}, got {move!r}"
                )
            moves.append((str(move[0]), int(move[1])))
        object.__setattr__(self, "moves", tuple(moves))
        object.__setattr__(self, "optimal", bool(self.optimal))

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
        """Build from ``{"moves": [["left", 1], ...], "optimal": true}``."""
        if not isinstance(obj, Mapping) or not isinstance(obj.get("moves"), Sequence):
            raise PuzzleFormatError('a bond solution is {"moves": [[direction, index], ...]}')
        return cls(tuple(obj["moves"]), bool(obj.get("optimal", True)))

    def to_json(self) -> dict[str, Any]:
        """The contract's form."""
        return {"moves": [[d, i] for d, i in self.moves], "optimal": self.optimal}


# --------------------------------------------------------------------------- text forms

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_INT = re.compile(r"-?\d+")


def _ints(text: str) -> list[int]:
    return [int(token) for token in _INT.findall(text)]


def _grid_from_text(text: str, name: str) -> Grid:
    """One grid: nested lists, one line per row, or a flat list of a square length."""
    inner = [_ints(group) for group in _BRACKETED.findall(text)]
    lines = [_ints(line) for line in text.splitlines()]
    lines = [line for line in lines if line]
    if len(inner) > 1 and all(inner):
        return _as_grid(inner, name)
    if len(lines) > 1 and len({len(line) for line in lines}) == 1 and len(lines[0]) > 1:
        return _as_grid(lines, name)
    values = _ints(text)
    side = math.isqrt(len(values))
    if not values or side * side != len(values):
        raise PuzzleFormatError(
            f"{name}: a flat list must hold a square number of cells, got {len(values)}"
        )
    return _as_grid([values[i : i + side] for i in range(0, len(values), side)], name)


def _split_source_target(text: str) -> tuple[str, str]:
    """Cut free text into the source part and the target part."""
    keyword = re.search(r"\btarget\b", text, re.IGNORECASE)
    if keyword:
        return re.sub(r"\bsource\b", " ", text[: keyword.start()], flags=re.I), text[
            keyword.end() :
        ]
    depth, groups, start = 0, [], 0
    for i, char in enumerate(text):
        if char == "[":
            depth, start = depth + 1, (i if depth == 0 else start)
        elif char == "]" and depth:
            depth -= 1
            if depth == 0:
                groups.append(text[start : i + 1])
    if len(groups) == 2:
        return groups[0], groups[1]
    blocks = [block for block in re.split(r"\n\s*\n", text.strip()) if _ints(block)]
    if len(blocks) == 2:
        return blocks[0], blocks[1]
    values = _ints(text)
    half = len(values) // 2
    if values and len(values) % 2 == 0 and math.isqrt(half) ** 2 == half:
        return " ".join(map(str, values[:half])), " ".join(map(str, values[half:]))
    raise PuzzleFormatError(
        "expected a source and a target: contract JSON, two lists, or 'source: ... target: ...'"
    )


def parse(text: str) -> Puzzle:
    """Read a puzzle from the contract's JSON or the seed's two flat lists.

    Parameters
    ----------
    text : str
        ``{"source": [[...]], "target": [[...]], "colors": {...}}``, or two lists such as
        ``"source:[1,2,3,4, 4,1,2,3, ...] target:[...]"`` (a flat list holds a square number
        of cells, read row by row), nested lists, or one row per line.

    Returns
    -------
    Puzzle

    Examples
    --------
    >>> parse("[1,2, 2,1] [2,1, 1,2]").target
    ((2, 1), (1, 2))
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            obj = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise PuzzleFormatError(f"invalid JSON: {exc}") from None
        if isinstance(obj, Mapping) and isinstance(obj.get("puzzle"), Mapping):
            obj = obj["puzzle"]
        return Puzzle.from_json(obj)
    source_text, target_text = _split_source_target(stripped)
    return Puzzle(_grid_from_text(source_text, "source"), _grid_from_text(target_text, "target"))


def format_puzzle(puzzle: Puzzle) -> str:
    """The contract's JSON text; ``parse(format_puzzle(p)) == p``."""
    return json.dumps(puzzle.to_json())


# --------------------------------------------------------------------------- rules


def apply_move(grid: Grid, move: Move) -> Grid:
    """The grid after one move.

    Parameters
    ----------
    grid : Grid
    move : Move
        ``("left", i)``: row ``i`` one step left, its first cell wrapping to the end;
        ``"right"`` the other way; ``("up", j)`` / ``("down", j)`` the same for column ``j``.

    Returns
    -------
    Grid

    Raises
    ------
    InvalidSolutionError
        For an unknown direction or an index outside the board.

    Examples
    --------
    >>> apply_move(((1, 2, 3), (4, 5, 6)), ("left", 0))
    ((2, 3, 1), (4, 5, 6))
    >>> apply_move(((1, 2, 3), (4, 5, 6)), ("down", 2))
    ((1, 2, 6), (4, 5, 3))
    """
    direction, index = move
    rows, cols = len(grid), len(grid[0])
    if direction not in DIRECTIONS:
        raise InvalidSolutionError(f"unknown direction {direction!r} in move {move!r}")
    limit = rows if direction in ROW_DIRECTIONS else cols
    if not 0 <= index < limit:
        what = "row" if direction in ROW_DIRECTIONS else "column"
        raise InvalidSolutionError(f"move {move!r}: no {what} {index} on a {rows}x{cols} board")
    if direction in ROW_DIRECTIONS:
        row = grid[index]
        shifted = row[1:] + row[:1] if direction == "left" else row[-1:] + row[:-1]
        return (*grid[:index], shifted, *grid[index + 1 :])
    column = [row[index] for row in grid]
    column = column[1:] + column[:1] if direction == "up" else column[-1:] + column[:-1]
    return tuple(
        (*row[:index], value, *row[index + 1 :]) for row, value in zip(grid, column, strict=True)
    )


def verify(puzzle: Puzzle, solution: Solution) -> None:
    """Replay the moves from the source; raise unless they reach the target.

    Raises
    ------
    InvalidSolutionError
        A move is off the board, or the final board differs from the target.
    """
    grid = puzzle.source
    for number, move in enumerate(solution.moves, start=1):
        try:
            grid = apply_move(grid, move)
        except InvalidSolutionError as exc:
            raise InvalidSolutionError(f"move {number}: {exc}") from None
    if grid != puzzle.target:
        wrong = sum(a != b for a, b in zip(_cells(grid), _cells(puzzle.target), strict=True))
        raise InvalidSolutionError(
            f"after {len(solution.moves)} moves {wrong} cells still differ from the target"
        )


def describe(solution: Solution) -> str:
    """A short summary: ``"6 moves (optimal)"``."""
    count = len(solution.moves)
    noun = "move" if count == 1 else "moves"
    return f"{count} {noun} ({'optimal' if solution.optimal else 'not proven shortest'})"


def check_counts(puzzle: Puzzle) -> None:
    """Raise :class:`InvalidPuzzleError` unless source and target hold the same colours.

    Examples
    --------
    >>> check_counts(Puzzle(((1, 1), (1, 2)), ((2, 2), (1, 1))))
    Traceback (most recent call last):
    ...
    solvers.errors.InvalidPuzzleError: target has other colour counts ... class 2: 1 vs 2
    """
    have, want = Counter(_cells(puzzle.source)), Counter(_cells(puzzle.target))
    if have != want:
        diffs = ", ".join(
            f"class {k}: {have[k]} vs {want[k]}" for k in sorted(have | want) if have[k] != want[k]
        )
        raise InvalidPuzzleError(f"target has other colour counts than the source: {diffs}")
