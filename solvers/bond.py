"""James Bond Jr. missile puzzle: shift rows and columns until the board matches the target.

A board is an R x C grid of colour classes (ints >= 1, repeated). A move shifts one row
left or right, or one column up or down, cyclically by one cell: ``("left", 1)`` moves every
cell of row 1 one step left and the leftmost cell wraps to the right end. Indices are
zero-based, row 0 at the top, as in the seed's notation.

Solving
-------
:func:`solve` runs a bidirectional breadth-first search over boards packed into 64-bit
words, which proves its answer shortest; the seed's puzzles take milliseconds, random 4x4
boards with up to 8 colours well under a second. Larger boards fall back, within the time
budget, on a constructive sequence of 3-cycles (commutators of a row and a column move)
improved by a greedy descent and a beam search that finish through the search's layers.
A target reachable only by an odd permutation of distinct colours on an odd x odd board
has no solution (:func:`reachable`).

Vocabulary
----------
Grid
    A rectangular tuple of rows of colour classes.
Move
    ``(direction, index)``: ``"left"``/``"right"`` shift row ``index``, ``"up"``/``"down"``
    shift column ``index``.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import math
import numbers
import re
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from solvers.textform import json_puzzle

log = logging.getLogger(__name__)

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
#: Seconds :func:`solve` may spend by default.
DEFAULT_TIME_BUDGET = 10.0
#: Share of the budget for the optimal search on boards of more than 16 cells, and up to 16.
SEARCH_SHARE, SEARCH_SHARE_SMALL = 0.5, 0.8
#: Steps without progress after which a beam search gives up.
BEAM_PATIENCE = 8

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
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise PuzzleFormatError(f"{name}: colour classes are ints >= 1, got {value!r}")
            cells.append(int(value))
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
        moves: list[Move] = []
        for move in self.moves:
            if (
                not isinstance(move, Sequence)
                or isinstance(move, str)
                or len(move) != 2
                or move[0] not in DIRECTIONS
                or isinstance(move[1], bool)
                or not isinstance(move[1], numbers.Integral)
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


def _bracketed(text: str) -> list[str]:
    """The top-level ``[...]`` groups of ``text``, nested brackets included."""
    depth, groups, start = 0, [], 0
    for i, char in enumerate(text):
        if char == "[":
            depth, start = depth + 1, (i if depth == 0 else start)
        elif char == "]" and depth:
            depth -= 1
            if depth == 0:
                groups.append(text[start : i + 1])
    return groups


def _split_source_target(text: str) -> tuple[str, str]:
    """Cut free text into the source part and the target part.

    With the words ``source`` and ``target``, each part is the first bracketed list after
    its word (or all the text up to the next word), so headers and move lists around them
    are ignored.
    """
    target = re.search(r"\btarget\b", text, re.IGNORECASE)
    if target:
        source = re.search(r"\bsource\b", text[: target.start()], re.IGNORECASE)
        parts = text[source.end() if source else 0 : target.start()], text[target.end() :]
        first = [_bracketed(part) for part in parts]
        return (first[0][0] if first[0] else parts[0]), (first[1][0] if first[1] else parts[1])
    groups = _bracketed(text)
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
    obj = json_puzzle(stripped)
    if obj is not None:
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
    >>> check_counts(Puzzle(((1, 1), (1, 2)), ((2, 2), (1, 1))))  # doctest: +ELLIPSIS
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


def reachable(puzzle: Puzzle) -> bool:
    """Whether any sequence of moves turns the source into the target.

    Every 3-cycle of cells is a conjugate of a commutator of one row and one column move
    (``test_bond`` checks this for every shape from 2x2 to 6x6), so every even
    rearrangement is reachable. A move cycles a whole row (``cols`` cells) or column
    (``rows`` cells), an odd permutation when that length is even. Hence when ``rows`` or
    ``cols`` is even every arrangement is reachable; when both are odd only even
    permutations of the cells are. A repeated colour makes any arrangement of the colours an
    even permutation (swapping two equal cells flips the parity), so the only unreachable
    case is an odd permutation of all-distinct colours on an odd x odd board.

    Examples
    --------
    >>> board = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    >>> reachable(Puzzle(board, ((2, 1, 3), (4, 5, 6), (7, 8, 9))))
    False
    >>> reachable(Puzzle(board, ((2, 3, 1), (4, 5, 6), (7, 8, 9))))
    True
    """
    return puzzle.rows % 2 == 0 or puzzle.cols % 2 == 0 or not _odd_only(puzzle)


def _odd_only(puzzle: Puzzle) -> bool:
    """True when the colours are all distinct and only an odd permutation reaches the target."""
    check_counts(puzzle)
    source, target = list(_cells(puzzle.source)), list(_cells(puzzle.target))
    if len(set(source)) < len(source):
        return False
    where = {value: i for i, value in enumerate(target)}
    return _parity([where[value] for value in source]) == 1


def _parity(permutation: Sequence[int]) -> int:
    """0 for an even permutation of ``range(n)``, 1 for an odd one."""
    seen = [False] * len(permutation)
    transpositions = 0
    for start in range(len(permutation)):
        length, i = 0, start
        while not seen[i]:
            seen[i], i, length = True, permutation[i], length + 1
        transpositions += max(length - 1, 0)
    return transpositions % 2


# --------------------------------------------------------------------------- optimal search


def move_permutations(rows: int, cols: int) -> tuple[tuple[Move, tuple[int, ...]], ...]:
    """Every distinct move of a board shape, as a permutation of its cells.

    Returns
    -------
    tuple of (Move, tuple of int)
        ``(move, perm)``: after the move, cell ``i`` (row by row) holds what cell ``perm[i]``
        held. On a side of length 2 both directions are the same move; only the first is kept.
    """
    labels = tuple(tuple(r * cols + c + 1 for c in range(cols)) for r in range(rows))
    found: dict[tuple[int, ...], Move] = {}
    for direction in DIRECTIONS:
        for index in range(rows if direction in ROW_DIRECTIONS else cols):
            perm = tuple(value - 1 for value in _cells(apply_move(labels, (direction, index))))
            found.setdefault(perm, (direction, index))
    return tuple((move, perm) for perm, move in found.items())


#: Number of set bits of each byte value.
_BYTE_BITS = np.array([bin(value).count("1") for value in range(256)], dtype=np.int64)


@dataclass(frozen=True)
class _Shift:
    """One move on packed boards, as masked shifts between their 64-bit words."""

    move: Move
    keep: tuple[int, ...]  # per word, the fields the move leaves in place
    parts: tuple[tuple[int, int, int, int], ...]  # (to word, from word, right shift, mask)


@dataclass(frozen=True)
class _Space:
    """Packed boards of one shape and colour count, and the moves on them.

    Cell ``i`` is a ``bits``-wide field of word ``i // per_word``. Boards are handled as
    1-D arrays of keys: the word itself when one word holds a board, else records of a
    64-bit hash and the words, ordered by hash and then words (see :func:`_sorted_unique`),
    as sorting 64-bit integers is many times faster than sorting byte strings.
    """

    bits: int
    cells: int
    words: int
    shifts: tuple[_Shift, ...]
    inverse: tuple[int, ...]  # index of the move undoing each move

    @property
    def per_word(self) -> int:
        """Cells in one 64-bit word."""
        return 64 // self.bits

    @property
    def max_states(self) -> int:
        """Most boards one search may generate (about 320 MB of words)."""
        return 40_000_000 // self.words

    @property
    def seconds_per_board(self) -> float:
        """A first guess at the search's cost per generated board, before it measures one."""
        return 5e-8 if self.words == 1 else 3e-7

    def keys(self, words: np.ndarray) -> np.ndarray:
        """Keys of boards given as an ``(n, words)`` array of ``uint64``."""
        if self.words == 1:
            return np.ascontiguousarray(words[:, 0])
        keys = np.empty(len(words), dtype=[("hash", np.uint64), ("words", np.uint64, self.words)])
        keys["words"] = words
        mixed = np.zeros(len(words), dtype=np.uint64)
        for column in words.T:
            mixed = (mixed ^ column) * np.uint64(0x9E3779B97F4A7C15)
            mixed ^= mixed >> np.uint64(29)
        keys["hash"] = mixed
        return keys

    def unpack(self, keys: np.ndarray) -> np.ndarray:
        """The ``(n, words)`` array of ``uint64`` behind keys."""
        return keys[:, None] if self.words == 1 else keys["words"]

    def pack(self, grid: Grid) -> np.ndarray:
        """The key of one board, as an array of one key."""
        words = [0] * self.words
        for i, value in enumerate(_cells(grid)):
            words[i // self.per_word] |= (value - 1) << (self.bits * (i % self.per_word))
        return self.keys(np.array([words], dtype=np.uint64))

    def correct(self, keys: np.ndarray, target: np.ndarray) -> np.ndarray:
        """How many cells of each board already hold the colour of the one ``target``.

        Each field of the XOR with the target is folded onto its lowest bit, and those bits
        are counted byte by byte.
        """
        differ = self.unpack(keys) ^ self.unpack(target)
        lowest = sum(1 << (self.bits * at) for at in range(self.per_word))
        wrong = np.zeros(len(keys), dtype=np.int64)
        for word in range(self.words):
            folded = differ[:, word].copy()
            for k in range(1, self.bits):
                folded |= differ[:, word] >> np.uint64(k)
            folded &= np.uint64(lowest)
            wrong += _BYTE_BITS[folded.view(np.uint8)].reshape(-1, 8).sum(axis=1)
        return self.cells - wrong

    def step(self, keys: np.ndarray, move: int) -> np.ndarray:
        """The boards after move number ``move``."""
        words, shift = self.unpack(keys), self.shifts[move]
        out = words & np.array(shift.keep, dtype=np.uint64)
        for to, source, distance, mask in shift.parts:
            column = words[:, source]
            moved = column >> distance if distance > 0 else column << -distance
            out[:, to] = out[:, to] | (moved & mask)
        return self.keys(out)


@functools.lru_cache(maxsize=64)
def _space(rows: int, cols: int, classes: int) -> _Space:
    bits = max(1, (classes - 1).bit_length())
    per_word = 64 // bits
    words = -(-rows * cols // per_word)
    field = (1 << bits) - 1
    moves = move_permutations(rows, cols)
    shifts = []
    for move, perm in moves:
        masks: dict[tuple[int, int, int], int] = {}
        for i, j in enumerate(perm):
            to, at = divmod(i, per_word)
            source, origin = divmod(j, per_word)
            key = (to, source, bits * (origin - at))
            masks[key] = masks.get(key, 0) | field << (bits * at)
        keep = [0] * words
        for word in range(words):
            keep[word] = masks.pop((word, word, 0), 0)
        parts = tuple((*key, mask) for key, mask in sorted(masks.items()))
        shifts.append(_Shift(move, tuple(keep), parts))
    index = {move: i for i, (move, _) in enumerate(moves)}
    inverse = tuple(
        index.get((INVERSE[d], i), index[(d, i)]) for (d, i), _ in moves
    )  # a self-inverse move on a side of 2 is kept under one name only
    return _Space(bits, rows * cols, words, tuple(shifts), inverse)


def _sorted_unique(states: np.ndarray) -> np.ndarray:
    """The distinct keys, in order (by hash, then words, for records)."""
    if states.dtype.names is None:
        states = np.sort(states)
        keep = np.ones(len(states), dtype=bool)
        keep[1:] = states[1:] != states[:-1]
        return states[keep]
    states = states[np.argsort(states["hash"])]
    same_hash = states["hash"][1:] == states["hash"][:-1]
    same_words = (states["words"][1:] == states["words"][:-1]).all(axis=1)
    if (same_hash & ~same_words).any():  # two boards share a hash: order fully (rare)
        states = states[np.lexsort((*states["words"].T[::-1], states["hash"]))]
        same_hash = states["hash"][1:] == states["hash"][:-1]
        same_words = (states["words"][1:] == states["words"][:-1]).all(axis=1)
    keep = np.ones(len(states), dtype=bool)
    keep[1:] = ~(same_hash & same_words)
    return states[keep]


def _member(queries: np.ndarray, layer: np.ndarray) -> np.ndarray:
    """Which of the ``queries`` are in the ordered ``layer`` (faster when queries are ordered)."""
    if not len(layer):
        return np.zeros(len(queries), dtype=bool)
    if queries.dtype.names is None:
        at = np.minimum(np.searchsorted(layer, queries), len(layer) - 1)
        return np.asarray(layer[at] == queries, dtype=bool)
    first = np.searchsorted(layer["hash"], queries["hash"], side="left")
    end = np.searchsorted(layer["hash"], queries["hash"], side="right")
    found = np.zeros(len(queries), dtype=bool)
    for offset in range(int((end - first).max())):  # boards sharing a hash: try each
        at = np.minimum(first + offset, len(layer) - 1)
        same = (layer["words"][at] == queries["words"]).all(axis=1)
        found |= (first + offset < end) & same
    return found


@dataclass(frozen=True)
class _SearchResult:
    """What a bidirectional breadth-first search established."""

    path: tuple[int, ...] | None  # move indices of a shortest path, when found
    exhausted: bool  # one side's whole component was explored without meeting: no path
    lower_bound: int  # no path is shorter than this
    states: int  # boards generated
    forward: tuple[np.ndarray, ...]  # boards at distance 0, 1, ... from the source
    backward: tuple[np.ndarray, ...]  # boards at distance 0, 1, ... from the target


def _expand(space: _Space, layers: Sequence[np.ndarray]) -> np.ndarray:
    """The next layer of a breadth-first search: neighbours of the last one, seen nowhere.

    Moves are reversible, so a neighbour of layer ``d`` lies in layer ``d - 1``, ``d`` or
    ``d + 1``: only the last two layers need checking.
    """
    moved = [space.step(layers[-1], move) for move in range(len(space.shifts))]
    fresh = _sorted_unique(np.concatenate(moved))
    for seen in layers[-2:]:
        fresh = fresh[~_member(fresh, seen)]
    return fresh


def _search(
    space: _Space, start: np.ndarray, goal: np.ndarray, deadline: float, *, predict: bool = True
) -> _SearchResult:
    """Bidirectional breadth-first search, one whole layer of the smaller side at a time.

    Each side keeps every layer as a sorted array of packed boards (see :func:`_expand`).
    Checking each new layer against the other side's last layer finds a shortest path: when
    forward layer ``f+1`` first meets backward layer ``b``, no path of length ``f + b`` or
    less exists, by induction. The search stops at the deadline, before a layer that would
    pass :attr:`_Space.max_states`, and with ``predict`` before a layer its measured speed
    says would end after the deadline.
    """
    forward, backward = [start], [goal]
    states, seconds_per_board = 2, space.seconds_per_board
    while True:
        grow_forward = len(forward[-1]) <= len(backward[-1])
        layers, other = (forward, backward) if grow_forward else (backward, forward)
        front = layers[-1]
        bound = len(forward) + len(backward) - 1
        boards = len(front) * len(space.shifts)
        began = time.monotonic()
        finish = began + (2 * boards * seconds_per_board if predict else 0.0)
        if finish > deadline or states + boards > space.max_states:
            return _SearchResult(None, False, bound, states, tuple(forward), tuple(backward))
        fresh = _expand(space, layers)
        if not len(fresh):
            return _SearchResult(None, True, bound, states, tuple(forward), tuple(backward))
        layers.append(fresh)
        states += len(fresh)
        if boards >= 100_000:  # smaller layers time the overhead, not the rate
            seconds_per_board = (time.monotonic() - began) / boards
        meeting = fresh[_member(fresh, other[-1])]
        if len(meeting):
            path = _trace(space, meeting[:1], forward, backward)
            return _SearchResult(path, False, len(path), states, tuple(forward), tuple(backward))


def _trace(
    space: _Space,
    meeting: np.ndarray,
    forward: Sequence[np.ndarray],
    backward: Sequence[np.ndarray],
) -> tuple[int, ...]:
    """The move indices from the source through ``meeting`` (in both last layers) to the target."""
    head = _descend(space, meeting, forward)
    return (*(space.inverse[i] for i in reversed(head)), *_descend(space, meeting, backward))


def _descend(space: _Space, board: np.ndarray, layers: Sequence[np.ndarray]) -> list[int]:
    """Move indices leading from the one ``board``, in ``layers[-1]``, down to ``layers[0]``."""
    moves = []
    for layer in reversed(layers[:-1]):
        for i in range(len(space.shifts)):
            after = space.step(board, i)
            if _member(after, layer)[0]:
                moves.append(i)
                board = after
                break
        else:
            raise AssertionError("a layer lost its link to the previous one")
    return moves


# --------------------------------------------------------------------------- constructive


@dataclass(frozen=True)
class _Cycles:
    """3-cycles of cells for one board shape, built from commutators.

    A row move and a column move share one cell, so their commutator (row, column, row back,
    column back) cycles three cells. Conjugating it by a setup sequence ``S`` (``S``, the
    commutator, ``S`` undone) cycles any three cells that ``S`` carries onto those three.
    ``distance`` holds, for every ordered triple of cells, the length of the shortest setup.
    """

    cells: int
    moves: tuple[Move, ...]
    carries: np.ndarray  # carries[m, p]: where move m takes the content of cell p
    distance: np.ndarray  # over triples q * n * n + p * n + x; -1 when unreachable
    commutators: Mapping[int, tuple[Move, ...]]  # triple -> moves sending q->p->x->q

    def triple(self, q: np.ndarray | int, p: np.ndarray | int, x: np.ndarray | int) -> Any:
        """Index of the triple of cells ``(q, p, x)``."""
        return (q * self.cells + p) * self.cells + x

    def carry(self, triples: np.ndarray, move: int) -> np.ndarray:
        """The triples after ``move`` has carried their cells along."""
        n, carries = self.cells, self.carries[move]
        q, rest = np.divmod(triples, n * n)
        p, x = np.divmod(rest, n)
        return np.asarray(self.triple(carries[q], carries[p], carries[x]))

    def cycle(self, q: int, p: int, x: int) -> list[Move]:
        """Moves that carry the contents of cells ``q -> p``, ``p -> x`` and ``x -> q``."""
        triple = np.array([self.triple(q, p, x)])
        setup: list[Move] = []
        while self.distance[triple[0]] > 0:
            for m, move in enumerate(self.moves):
                after = self.carry(triple, m)
                if self.distance[after[0]] == self.distance[triple[0]] - 1:
                    setup.append(move)
                    triple = after
                    break
        undo = [(INVERSE[d], i) for d, i in reversed(setup)]
        return [*setup, *self.commutators[int(triple[0])], *undo]


@functools.lru_cache(maxsize=64)
def _cycles(rows: int, cols: int) -> _Cycles:
    n = rows * cols
    permutations = move_permutations(rows, cols)
    carries = np.empty((len(permutations), n), dtype=np.int64)
    for m, (_, perm) in enumerate(permutations):
        carries[m, list(perm)] = np.arange(n)
    labels = tuple(tuple(r * cols + c for c in range(1, cols + 1)) for r in range(rows))
    commutators: dict[int, tuple[Move, ...]] = {}
    for r in range(rows):
        for c in range(cols):
            for across, along in ((a, b) for a in ROW_DIRECTIONS for b in COLUMN_DIRECTIONS):
                moves = ((across, r), (along, c), (INVERSE[across], r), (INVERSE[along], c))
                grid = labels
                for move in moves:
                    grid = apply_move(grid, move)
                goes = {value - 1: i for i, value in enumerate(_cells(grid)) if value - 1 != i}
                q = min(goes)
                p, x = goes[q], goes[goes[q]]
                for a, b, d in ((q, p, x), (p, x, q), (x, q, p)):
                    commutators.setdefault((a * n + b) * n + d, moves)
    distance = np.full(n**3, -1, dtype=np.int16)
    front = np.array(sorted(commutators), dtype=np.int64)
    distance[front] = 0
    cycles = _Cycles(n, tuple(move for move, _ in permutations), carries, distance, commutators)
    level = 0
    while len(front):
        level += 1
        reached = np.unique(np.concatenate([cycles.carry(front, m) for m in range(len(carries))]))
        front = reached[distance[reached] < 0]
        distance[front] = level
    return cycles


def _construct(puzzle: Puzzle) -> list[Move]:
    """A sequence of moves reaching the target, by 3-cycles; the puzzle must be reachable.

    Greedy: each step applies the 3-cycle that fixes the most cells per move among those
    moving two wrong cells. An odd permutation of distinct colours is first made even by one
    move of an even-length line (see :func:`reachable`).
    """
    rows, cols = puzzle.rows, puzzle.cols
    cycles = _cycles(rows, cols)
    board, moves = puzzle.source, []
    target = np.array(list(_cells(puzzle.target)))
    if _odd_only(puzzle):
        moves.append(("left", 0) if cols % 2 == 0 else ("up", 0))
        board = apply_move(board, moves[-1])
    repeated = np.bincount(target)[target] > 1
    while True:
        current = np.array(list(_cells(board)))
        wrong = np.flatnonzero(current != target)
        if not len(wrong):
            return moves
        q, p, x = (a.ravel() for a in np.meshgrid(wrong, wrong, np.arange(len(target))))
        distinct = (q != p) & (x != p) & (x != q)
        q, p, x = q[distinct], p[distinct], x[distinct]
        gain = (
            (current[q] == target[p]).astype(np.int64)
            + (current[p] == target[x])
            + (current[x] == target[q])
            - (current[x] == target[x])
        )
        cost = 2 * cycles.distance[cycles.triple(q, p, x)].astype(np.float64) + 4
        # Without a gain, cycle a correct cell of a repeated colour into the pair: the
        # next step then fixes all three (only two wrong cells of unique colours are left).
        score = np.where(gain > 0, cost / np.maximum(gain, 1), np.where(repeated[x], 1e6, np.inf))
        best = int(np.argmin(score))
        if not np.isfinite(score[best]):
            raise AssertionError("no 3-cycle makes progress on an even permutation")
        cycle = cycles.cycle(int(q[best]), int(p[best]), int(x[best]))
        for move in cycle:
            board = apply_move(board, move)
        moves.extend(cycle)


def _climb(
    space: _Space,
    puzzle: Puzzle,
    backward: Sequence[np.ndarray],
    max_boards: int,
    deadline: float,
) -> list[Move] | None:
    """Greedy descent towards the target, then 3-cycles for what is left.

    Each step searches the ball of boards around the current one (about ``max_boards``).
    When the ball touches the ``backward`` layers of the search from the target, the
    shortest way through them finishes. Otherwise the descent moves to the board that fixes
    the most cells per move, and when no board in the ball fixes more, :func:`_construct`
    finishes. ``None`` when the deadline passes first.
    """
    board, target = puzzle.source, space.pack(puzzle.target)
    moves: list[Move] = []

    def walk(path: Iterable[int]) -> None:
        nonlocal board
        for i in path:
            moves.append(space.shifts[i].move)
            board = apply_move(board, moves[-1])

    while True:
        here = space.pack(board)
        correct = int(space.correct(here, target)[0])
        layers, best_rate, best = [here], 0.0, (0, 0)
        finish: tuple[int, int, int] | None = None  # (depth here, depth there, index)
        while len(layers[-1]) * len(space.shifts) < max_boards:
            if time.monotonic() > deadline:
                return None
            layer = _expand(space, layers)
            if not len(layer):
                break
            layers.append(layer)
            depth = len(layers) - 1
            for there, known in enumerate(backward):
                hits = np.flatnonzero(_member(layer, known))
                if len(hits) and (finish is None or depth + there < finish[0] + finish[1]):
                    finish = (depth, there, int(hits[0]))
            gains = space.correct(layer, target) - correct
            index = int(np.argmax(gains))
            if gains[index] / depth > best_rate:
                best_rate, best = gains[index] / depth, (depth, index)
        if finish is not None:
            depth, there, index = finish
            meeting = layers[depth][index : index + 1]
            walk(space.inverse[i] for i in reversed(_descend(space, meeting, layers[: depth + 1])))
            walk(_descend(space, meeting, backward[: there + 1]))
            return moves
        depth, index = best
        if not depth:
            return moves + _construct(Puzzle(board, puzzle.target))
        path = _descend(space, layers[depth][index : index + 1], layers[: depth + 1])
        walk(space.inverse[i] for i in reversed(path))


def _beam(
    space: _Space,
    puzzle: Puzzle,
    backward: Sequence[np.ndarray],
    width: int,
    deadline: float,
) -> list[Move] | None:
    """Beam search towards the target, ranked by cells in place, then 3-cycles.

    Each step keeps the ``width`` distinct boards with the most cells in place among the
    children of the last ones (ties broken by a seeded jitter). It ends when a child lies in
    the ``backward`` layers of the search from the target; or, once the best count has not
    risen for :data:`BEAM_PATIENCE` steps, with :func:`_construct` from the best board seen.
    ``None`` when the deadline passes first.
    """
    target, front = space.pack(puzzle.target), space.pack(puzzle.source)
    history: list[tuple[np.ndarray, np.ndarray]] = []  # kept boards' parent and move, by step
    jitter = np.random.default_rng(0)
    best, best_at, stale = int(space.correct(front, target)[0]), (0, 0), 0

    def path_to(step: int, index: int) -> list[Move]:
        path = []
        for parents, moves in reversed(history[:step]):
            path.append(space.shifts[moves[index]].move)
            index = int(parents[index])
        return path[::-1]

    while time.monotonic() < deadline:
        count = len(front)
        children = np.concatenate([space.step(front, m) for m in range(len(space.shifts))])
        hashes = children if children.dtype.names is None else children["hash"]
        distinct = np.unique(hashes, return_index=True)[1]  # in key order: fast lookups
        children = children[distinct]
        parents = np.tile(np.arange(count), len(space.shifts))[distinct]
        moves = np.repeat(np.arange(len(space.shifts)), count)[distinct]
        for there, known in enumerate(backward):
            hits = np.flatnonzero(_member(children, known))
            if len(hits):
                j = int(hits[0])
                tail = _descend(space, children[j : j + 1], backward[: there + 1])
                return [
                    *path_to(len(history), int(parents[j])),
                    space.shifts[moves[j]].move,
                    *(space.shifts[i].move for i in tail),
                ]
        scores = space.correct(children, target)
        keep = np.arange(len(children))
        if len(children) > width:
            keep = np.argpartition(-(scores + jitter.random(len(scores)) / 2), width)[:width]
        history.append((parents[keep], moves[keep]))
        front, scores = children[keep], scores[keep]
        top = int(np.argmax(scores))
        if scores[top] > best:
            best, best_at, stale = int(scores[top]), (len(history), top), 0
        else:
            stale += 1
        if stale >= BEAM_PATIENCE:
            head = path_to(*best_at)
            board = puzzle.source
            for move in head:
                board = apply_move(board, move)
            return head + _construct(Puzzle(board, puzzle.target))
    return None


def _simplify(moves: Sequence[Move], rows: int, cols: int) -> list[Move]:
    """Cancel and merge moves within each run of row moves (they commute) or column moves.

    Repeats until stable, since an emptied run lets its neighbours merge.

    Examples
    --------
    >>> _simplify([("left", 0), ("left", 1), ("right", 0), ("up", 2), ("down", 2)], 3, 3)
    [('left', 1)]
    >>> _simplify([("left", 0)] * 3, 4, 4)
    [('right', 0)]
    """
    current = list(moves)
    while True:
        result: list[Move] = []
        for on_rows, run in itertools.groupby(current, key=lambda m: m[0] in ROW_DIRECTIONS):
            forth, back = ROW_DIRECTIONS if on_rows else COLUMN_DIRECTIONS
            length = cols if on_rows else rows
            net: Counter[int] = Counter()
            for direction, index in run:
                net[index] += 1 if direction == forth else -1
            for index in sorted(net):
                steps = net[index] % length
                if steps * 2 <= length:
                    result.extend([(forth, index)] * steps)
                else:
                    result.extend([(back, index)] * (length - steps))
        if result == current:
            return result
        current = result


def _shorten(moves: list[Move], space: _Space, search: _SearchResult, puzzle: Puzzle) -> list[Move]:
    """Replace the longest prefix and suffix of ``moves`` that the search layers cut short.

    A board on the path found at distance ``d < i`` in the forward layers after ``i`` moves
    lets the first ``i`` moves become a shortest ``d``; likewise at the end, backwards.
    """
    names = [shift.move for shift in space.shifts]
    boards = [puzzle.source]
    for move in moves:
        boards.append(apply_move(boards[-1], move))
    packed = np.concatenate([space.pack(board) for board in boards])

    def depths(layers: Sequence[np.ndarray]) -> np.ndarray:
        found = np.full(len(packed), -1)
        for depth, layer in enumerate(layers):
            inside = _member(packed, layer)
            found[inside & (found < 0)] = depth
        return found

    ahead, behind = depths(search.forward), depths(search.backward)
    steps = np.arange(len(packed))
    first = int(np.argmax(np.where(ahead >= 0, steps - ahead, -1)))
    last = int(
        np.argmax(np.where((behind >= 0) & (steps >= first), steps[-1] - steps - behind, -1))
    )
    head = _descend(space, packed[first : first + 1], search.forward[: ahead[first] + 1])
    tail = _descend(space, packed[last : last + 1], search.backward[: behind[last] + 1])
    return [
        *(names[space.inverse[i]] for i in reversed(head)),
        *moves[first:last],
        *(names[i] for i in tail),
    ]


#: Improvers of the constructive sequence, tried in turn while the budget lasts.
IMPROVERS = ((_climb, 50_000), (_beam, 1_000), (_beam, 3_000), (_climb, 300_000))


# --------------------------------------------------------------------------- solve


def solve(puzzle: Puzzle, *, time_budget: float = DEFAULT_TIME_BUDGET) -> Solution | None:
    """A shortest sequence of moves from the source to the target, or a good one.

    A bidirectional breadth-first search on packed boards proves its answer shortest
    (4x4 boards with up to 8 colours take well under a second). When it runs out of time
    or memory first, as on large boards with many colours, the shortest of a constructive
    sequence of 3-cycles and of those the :data:`IMPROVERS` find in the rest of the budget,
    cut short where it crosses the search's layers, is returned with ``optimal=False``
    (``True`` if it matches the search's lower bound).

    Parameters
    ----------
    puzzle : Puzzle
    time_budget : float
        Seconds in all, of which the search may take :data:`SEARCH_SHARE` (or
        :data:`SEARCH_SHARE_SMALL` up to 16 cells). On larger boards the search predicts
        its next layer's time and stops early; up to 16 cells it runs on to its deadline and
        its last layer may overrun it (its size is capped by :attr:`_Space.max_states`).

    Returns
    -------
    Solution or None
        ``None`` when no sequence exists (see :func:`reachable`).

    Raises
    ------
    InvalidPuzzleError
        The target does not hold the same colours in the same numbers.

    Examples
    --------
    >>> solve(parse("[1,2,3, 4,5,6, 7,8,9] [4,2,3, 7,5,6, 1,8,9]"))
    Solution(moves=(('up', 0),), optimal=True)
    """
    check_counts(puzzle)
    if puzzle.source == puzzle.target:
        return Solution(())
    if not reachable(puzzle):
        return None
    dense = {value: i for i, value in enumerate(sorted(set(_cells(puzzle.source))), start=1)}
    puzzle = Puzzle(  # classes 1..K whatever the numbers given: the fewest bits per cell
        tuple(tuple(dense[v] for v in row) for row in puzzle.source),
        tuple(tuple(dense[v] for v in row) for row in puzzle.target),
    )
    space = _space(puzzle.rows, puzzle.cols, max(_cells(puzzle.source)))
    began = time.monotonic()
    small = space.cells <= 16  # the promised proof: search on to the deadline itself
    search = _search(
        space,
        space.pack(puzzle.source),
        space.pack(puzzle.target),
        began + time_budget * (SEARCH_SHARE_SMALL if small else SEARCH_SHARE),
        predict=not small,
    )
    log.debug("bond search: %d boards, lower bound %d", search.states, search.lower_bound)
    if search.path is not None:
        return Solution(tuple(space.shifts[i].move for i in search.path))
    if search.exhausted:
        return None
    candidates = [_construct(puzzle)]
    for improve, size in IMPROVERS:
        found = improve(space, puzzle, search.backward, size, began + time_budget)
        if found is None:
            break
        candidates.append(found)
    rows, cols = puzzle.rows, puzzle.cols
    moves = min(
        (
            _simplify(_shorten(_simplify(candidate, rows, cols), space, search, puzzle), rows, cols)
            for candidate in candidates
        ),
        key=len,
    )
    return Solution(tuple(moves), optimal=len(moves) <= search.lower_bound)
