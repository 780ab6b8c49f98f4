"""The knight's tour: visit every square of an N x M board once by knight moves.

Vocabulary
----------
board
    ``rows`` x ``cols`` squares; a square is a ``Cell`` ``(row, col)``, row 0 at the top.
tour
    Every square once, each step a knight move, from the puzzle's start square.
closed tour
    A tour whose last square is a knight move from its first.

How it is solved
----------------
1. The theorems settle most impossible boards at once (:func:`why_unsolvable`): Schwenk (1991)
   for closed tours, Cull & De Curtins (1978) / Conrad et al. (1994) for open ones, and the
   colour count on odd x odd boards (a knight alternates colours, so a tour of an odd number
   of squares starts and ends on the majority colour).
2. Warnsdorff's rule (go to the square with the fewest onward moves), ties broken by Arnd
   Roth's rule (farthest from the centre), then restarts with seeded random tie-breaks. A
   dead end is repaired by Pósa rotations: the path's tail is reversed at a square adjacent
   to its end, which gives a new end to extend from. A closed tour is made from a complete
   one by rotating until the end is next to the start, walking the end towards the start.
3. When both fail, an exhaustive, iterative depth-first search with dead-end pruning
   (bounded by :data:`EXHAUSTIVE_WORK`) finds a tour or, by finishing, proves there is none
   from a start the theorems do not exclude (e.g. the middle of 3x7).
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from solvers.errors import (
    InvalidPuzzleError,
    InvalidSolutionError,
    PuzzleFormatError,
    SearchBudgetError,
)
from solvers.textform import json_puzzle

log = logging.getLogger(__name__)

Cell = tuple[int, int]

#: Largest board side accepted (a 1000 x 1000 board already has a million squares).
MAX_SIDE = 1000
#: Budget of the exhaustive search, in nodes times squares (each node checks every square).
EXHAUSTIVE_WORK = 60_000_000
#: Pósa rotations tried per square of the board in one attempt.
ROTATIONS_PER_CELL = 4
#: Attempts of the Warnsdorff walk (the first by Roth's rule, then random tie-breaks).
RESTARTS = 64

KNIGHT_STEPS: tuple[Cell, ...] = (
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
)


@dataclass(frozen=True)
class Puzzle:
    """A knight's tour puzzle.

    Parameters
    ----------
    rows, cols : int
        Board size, 1 to :data:`MAX_SIDE` each.
    start : Cell
        The knight's square ``(row, col)``.
    closed : bool
        Ask for a closed (re-entrant) tour.
    """

    rows: int
    cols: int
    start: Cell
    closed: bool = False

    def __post_init__(self) -> None:
        for name, value in (("rows", self.rows), ("cols", self.cols)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise PuzzleFormatError(f"{name} must be an integer, not {value!r}")
            if not 1 <= value <= MAX_SIDE:
                raise InvalidPuzzleError(f"{name} must be within 1..{MAX_SIDE}, not {value}")
        start = _as_cell(self.start, "start")
        if not (0 <= start[0] < self.rows and 0 <= start[1] < self.cols):
            raise InvalidPuzzleError(
                f"start {list(start)} is off the {self.rows}x{self.cols} board"
            )
        object.__setattr__(self, "start", start)
        if not isinstance(self.closed, bool):
            raise PuzzleFormatError(f"closed must be true or false, not {self.closed!r}")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Puzzle:
        """The puzzle from the contract's ``{"rows", "cols", "start"[, "closed"]}`` object."""
        if not isinstance(obj, Mapping):
            raise PuzzleFormatError("a knight puzzle must be a JSON object")
        missing = [key for key in ("rows", "cols", "start") if key not in obj]
        if missing:
            raise PuzzleFormatError(f"knight puzzle lacks {', '.join(missing)}")
        return cls(
            obj["rows"], obj["cols"], _as_cell(obj["start"], "start"), obj.get("closed", False)
        )

    def to_json(self) -> dict[str, Any]:
        """The contract's form; ``"closed": true`` only when a closed tour is asked."""
        out: dict[str, Any] = {"rows": self.rows, "cols": self.cols, "start": list(self.start)}
        if self.closed:
            out["closed"] = True
        return out


@dataclass(frozen=True)
class Solution:
    """A tour: the squares in order, and whether it is claimed to be closed."""

    tour: tuple[Cell, ...]
    closed: bool

    def __post_init__(self) -> None:
        if not self.tour:
            raise PuzzleFormatError("a tour has at least one square")
        object.__setattr__(self, "tour", tuple(_as_cell(c, "tour square") for c in self.tour))
        if not isinstance(self.closed, bool):
            raise PuzzleFormatError(f"closed must be true or false, not {self.closed!r}")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
        """The solution from the contract's ``{"tour": [[r, c], ...], "closed": bool}``."""
        if not isinstance(obj, Mapping) or not isinstance(obj.get("tour"), list):
            raise PuzzleFormatError('a knight solution is {"tour": [[r, c], ...], "closed": ...}')
        return cls(tuple(_as_cell(c, "tour square") for c in obj["tour"]), obj.get("closed", False))

    def to_json(self) -> dict[str, Any]:
        """The contract's form."""
        return {"tour": [list(c) for c in self.tour], "closed": self.closed}


def _as_cell(value: Any, what: str) -> Cell:
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int and type(value[1]) is int:
        return value
    if (
        not isinstance(value, Sequence)
        or isinstance(value, str)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise PuzzleFormatError(f"{what} must be a pair of integers [row, col], not {value!r}")
    return (value[0], value[1])


# ----------------------------------------------------------------------------- text forms

_ALGEBRAIC = re.compile(r"^\s*(\d+)\s*[x×*]\s*(\d+)\s+([a-z]+)(\d+)\s*(closed|open)?\s*$", re.I)
_NUMBERS = re.compile(r"^\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(closed|open)?\s*$", re.I)


def parse(text: str) -> Puzzle:
    """Read a puzzle from the contract's JSON, or a short text form.

    Text forms: ``"8x8 a8"`` (rows x cols, then the start in chess notation: files a, b, ...
    left to right, ranks 1 at the bottom), or ``"8 8 0 0"`` (rows, cols, start row, start col,
    zero-based, row 0 at the top); either may end with ``closed``.

    Examples
    --------
    >>> parse("8x8 a8")
    Puzzle(rows=8, cols=8, start=(0, 0), closed=False)
    >>> parse("5 6 2 3 closed").start
    (2, 3)
    """
    stripped = text.strip()
    obj = json_puzzle(stripped)
    if obj is not None:
        return Puzzle.from_json(obj)
    closed = stripped.lower().endswith("closed")
    if m := _ALGEBRAIC.match(stripped):
        rows, cols = int(m[1]), int(m[2])
        file_index = _file_index(m[3].lower())
        rank = int(m[4])
        return Puzzle(rows, cols, (rows - rank, file_index), closed)
    if m := _NUMBERS.match(stripped):
        return Puzzle(int(m[1]), int(m[2]), (int(m[3]), int(m[4])), closed)
    raise PuzzleFormatError(
        f'cannot read a knight puzzle from {text[:40]!r}; try JSON, "8x8 a8" or "8 8 0 0"'
    )


def _file_index(letters: str) -> int:
    """Column of a chess file name: a=0 ... z=25, aa=26 (spreadsheet style)."""
    index = 0
    for ch in letters:
        index = index * 26 + (ord(ch) - ord("a") + 1)
    return index - 1


def format_puzzle(puzzle: Puzzle) -> str:
    """The contract's JSON text of ``puzzle`` (``parse(format_puzzle(p)) == p``)."""
    return json.dumps(puzzle.to_json())


def describe(solution: Solution) -> str:
    """A one-line summary, e.g. ``"closed tour of 64 squares"``."""
    kind = "closed tour" if solution.closed else "open tour"
    return f"{kind} of {len(solution.tour)} squares, {len(solution.tour) - 1} moves"


def is_knight_move(a: Cell, b: Cell) -> bool:
    """True when ``a`` and ``b`` are a knight's move apart."""
    return sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2]


def verify(puzzle: Puzzle, solution: Solution) -> None:
    """Check ``solution`` against the rules, independently of the solver.

    Raises
    ------
    InvalidSolutionError
        Naming the first broken rule.
    """
    tour = solution.tour
    if tour[0] != puzzle.start:
        raise InvalidSolutionError(f"tour starts at {list(tour[0])}, not at {list(puzzle.start)}")
    if len(tour) != puzzle.rows * puzzle.cols:
        raise InvalidSolutionError(
            f"tour has {len(tour)} squares; the board has {puzzle.rows * puzzle.cols}"
        )
    seen: set[Cell] = set()
    for i, cell in enumerate(tour):
        if not (0 <= cell[0] < puzzle.rows and 0 <= cell[1] < puzzle.cols):
            raise InvalidSolutionError(f"square {i + 1} {list(cell)} is off the board")
        if cell in seen:
            raise InvalidSolutionError(f"square {list(cell)} is visited twice")
        seen.add(cell)
        if i and not is_knight_move(tour[i - 1], cell):
            raise InvalidSolutionError(
                f"step {i}: {list(tour[i - 1])} -> {list(cell)} is not a knight move"
            )
    if solution.closed and not (len(tour) > 1 and is_knight_move(tour[-1], tour[0])):
        raise InvalidSolutionError(
            "tour is claimed closed but its last square is not a knight move from the first"
        )
    if puzzle.closed and not solution.closed:
        raise InvalidSolutionError("a closed tour was asked for; this one is open")


# ----------------------------------------------------------------------------- theory


def why_unsolvable(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` has no tour, or ``None`` when it has one.

    The theorems answer at once; a start they leave open is settled by the search of
    :func:`solve` (remembered: asked after :func:`solve`, it does not search again; on a
    large board the heuristics cannot tour it may raise :class:`SearchBudgetError`).

    Examples
    --------
    >>> why_unsolvable(Puzzle(4, 4, (0, 0)))
    'no open tour exists on a 4x4 board (Cull & De Curtins 1978)'
    >>> why_unsolvable(Puzzle(8, 8, (0, 0))) is None
    True
    """
    reason = theorem_reason(puzzle)
    if reason is not None:
        return reason
    if _search(puzzle, 0) is None:
        kind = "closed" if puzzle.closed else "open"
        return (
            f"exhaustive search: no {kind} tour starts at {list(puzzle.start)} "
            f"on a {puzzle.rows}x{puzzle.cols} board"
        )
    return None


def theorem_reason(puzzle: Puzzle) -> str | None:
    """The reason a theorem rules ``puzzle`` out, or ``None`` when none does.

    Closed tours (Schwenk 1991), on m x n with m <= n: none iff m and n are both odd, or
    m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8. Open tours (Cull & De Curtins 1978,
    Conrad et al. 1994): exist on 1x1, 3x4, 3xn for n >= 7, 4xn for n >= 5 and all
    m x n with n >= m >= 5. On a 4 x n board the 2n squares of the two edge rows are
    joined only to the 2n of the middle rows, so a tour of its 4n squares alternates
    between them, except once (a strict alternation would put all middle squares on one
    colour); hence it starts and ends on an edge row. On an odd x odd board a tour
    visits one more square of the majority colour ((row + col) even) than of the other,
    so it starts on that colour.
    """
    m, n = sorted((puzzle.rows, puzzle.cols))
    size = f"{puzzle.rows}x{puzzle.cols}"
    if puzzle.closed:
        if m % 2 and n % 2:
            return f"no closed tour exists on a {size} board: both sides are odd (Schwenk 1991)"
        if m in (1, 2, 4) or (m == 3 and n in (4, 6, 8)):
            return f"no closed tour exists on a {size} board (Schwenk 1991)"
        return None
    if m * n == 1:
        return None
    if m in (1, 2) or (m == 3 and n in (3, 5, 6)) or (m == 4 and n == 4):
        return f"no open tour exists on a {size} board (Cull & De Curtins 1978)"
    if m == 4 and (puzzle.start[0] if puzzle.rows == 4 else puzzle.start[1]) in (1, 2):
        return (
            f"on a {size} board an open tour starts on an edge row of the long sides; "
            f"{list(puzzle.start)} is on a middle one"
        )
    if m % 2 and n % 2 and sum(puzzle.start) % 2:
        return (
            f"on the odd x odd {size} board a tour must start on the majority colour; "
            f"{list(puzzle.start)} is a minority square"
        )
    return None


# ----------------------------------------------------------------------------- search


@dataclass(frozen=True)
class Board:
    """The knight graph of a board: squares numbered ``row * cols + col``."""

    rows: int
    cols: int
    neighbours: tuple[tuple[int, ...], ...]
    roth: tuple[float, ...]
    """Squared distance from the board's centre (Roth's tie-break prefers the largest)."""

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of a square's number."""
        return divmod(index, self.cols)


@lru_cache(maxsize=16)
def knight_board(rows: int, cols: int) -> Board:
    """The knight graph of a ``rows`` x ``cols`` board (cached)."""
    neighbours = []
    for r in range(rows):
        for c in range(cols):
            neighbours.append(
                tuple(
                    (r + dr) * cols + c + dc
                    for dr, dc in KNIGHT_STEPS
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                )
            )
    cr, cc = (rows - 1) / 2, (cols - 1) / 2
    roth = tuple((r - cr) ** 2 + (c - cc) ** 2 for r in range(rows) for c in range(cols))
    return Board(rows, cols, tuple(neighbours), roth)


def solve(puzzle: Puzzle, seed: int = 0) -> Solution | None:
    """A tour for ``puzzle``, or ``None`` when provably none exists.

    Parameters
    ----------
    puzzle : Puzzle
        Board, start, and whether the tour must be closed.
    seed : int
        Seed of the randomised repairs (the answer is deterministic for a given seed).

    Raises
    ------
    SearchBudgetError
        When the heuristics fail on a board too large for the exhaustive search
        (not observed on boards the theorems allow).

    Examples
    --------
    >>> sol = solve(Puzzle(8, 8, (0, 0), closed=True))
    >>> len(sol.tour), sol.closed
    (64, True)
    """
    if theorem_reason(puzzle) is not None:
        return None
    path = _search(puzzle, seed)
    if path is None:
        return None
    board = knight_board(puzzle.rows, puzzle.cols)
    closed = len(path) > 1 and path[0] in board.neighbours[path[-1]]
    return Solution(tuple(board.cell(v) for v in path), closed)


@lru_cache(maxsize=32)
def _search(puzzle: Puzzle, seed: int) -> tuple[int, ...] | None:
    """The squares of a tour by the heuristics, else by exhaustive search; ``None`` when
    the search proved there is none. Remembered, so that :func:`why_unsolvable` after
    :func:`solve` (as the CLI asks) does not search again."""
    board = knight_board(puzzle.rows, puzzle.cols)
    start = puzzle.start[0] * puzzle.cols + puzzle.start[1]
    path = heuristic_tour(board, start, puzzle.closed, seed)
    if path is None:
        budget = EXHAUSTIVE_WORK // (puzzle.rows * puzzle.cols)
        path = exhaustive_tour(board, start, puzzle.closed, budget)
    return None if path is None else tuple(path)


def heuristic_tour(board: Board, start: int, closed: bool, seed: int) -> list[int] | None:
    """A tour from ``start`` by Warnsdorff's rule repaired with Pósa rotations, or ``None``.

    The first attempt breaks Warnsdorff ties by Roth's rule; the restarts break them at
    random (seeded), which on thin 3 x n and 4 x n boards finds a tour within a few tries.

    Parameters
    ----------
    board : Board
        The knight graph.
    start : int
        The first square.
    closed : bool
        Rotate the finished tour until its end is a knight move from ``start``.
    seed : int
        Seed of the random tie-breaks and rotation choices.
    """
    total = len(board.neighbours)
    if total == 1:
        return None if closed else [start]
    rng = random.Random(seed)
    budget = ROTATIONS_PER_CELL * total
    for attempt in range(RESTARTS):
        path = _rotating_search(board, start, closed, rng if attempt else None, rng, budget)
        if path is not None:
            return path
    log.debug("knight: %d attempts from %s found no tour", RESTARTS, board.cell(start))
    return None


def _rotating_search(
    board: Board,
    start: int,
    closed: bool,
    ties: random.Random | None,
    rng: random.Random,
    budget: int,
) -> list[int] | None:
    """One Warnsdorff walk from ``start`` with at most ``budget`` Pósa rotations.

    ``ties`` breaks Warnsdorff ties at random; ``None`` breaks them by Roth's rule.
    """
    nbrs = board.neighbours
    total = len(nbrs)
    degree = [len(n) for n in nbrs]
    pos = [-1] * total
    path = [start]
    pos[start] = 0
    for u in nbrs[start]:
        degree[u] -= 1
    rotations = 0
    while True:
        end = path[-1]
        free = [u for u in nbrs[end] if pos[u] < 0]
        if free:
            if ties is None:
                step = min(free, key=lambda v: (degree[v], -board.roth[v]))
            else:
                least = min(degree[v] for v in free)
                step = ties.choice([v for v in free if degree[v] == least])
            pos[step] = len(path)
            path.append(step)
            for u in nbrs[step]:
                degree[u] -= 1
            continue
        if len(path) == total:
            return _close(nbrs, path, rng, budget) if closed else path
        if rotations >= budget:
            return None
        rotations += 1
        pivots = [pos[u] for u in nbrs[end] if 0 <= pos[u] < len(path) - 2]
        if not pivots:
            return None
        good = [i for i in pivots if any(pos[u] < 0 for u in nbrs[path[i + 1]])]
        i = rng.choice(good or pivots)
        path[i + 1 :] = path[i + 1 :][::-1]
        for j in range(i + 1, len(path)):
            pos[path[j]] = j


def _close(
    nbrs: tuple[tuple[int, ...], ...], path: list[int], rng: random.Random, budget: int
) -> list[int] | None:
    """Rotate a complete path (first square fixed) until its end is next to its start.

    The end walks towards the start: each rotation picks the new end nearest the start
    (in knight moves), or at random three times in ten to leave local minima.
    """
    start = path[0]
    order = np.asarray(path, dtype=np.int64)
    pos = np.empty(len(path), dtype=np.int64)
    pos[order] = np.arange(len(path))
    home = _distances(nbrs, start)
    for _ in range(budget):
        end = int(order[-1])
        if start in nbrs[end]:
            return [int(v) for v in order]
        pivots = [int(pos[u]) for u in nbrs[end] if pos[u] < len(order) - 2]
        if not pivots:
            return None
        i = min(pivots, key=lambda j: home[int(order[j + 1])])
        if rng.random() < 0.3:
            i = rng.choice(pivots)
        order[i + 1 :] = order[i + 1 :][::-1].copy()
        pos[order[i + 1 :]] = np.arange(i + 1, len(order))
    return None


def _distances(nbrs: tuple[tuple[int, ...], ...], source: int) -> list[int]:
    """Knight-move distance of every square from ``source`` (breadth-first)."""
    dist = [-1] * len(nbrs)
    dist[source] = 0
    frontier = [source]
    while frontier:
        nxt = []
        for v in frontier:
            for u in nbrs[v]:
                if dist[u] < 0:
                    dist[u] = dist[v] + 1
                    nxt.append(u)
        frontier = nxt
    return dist


def exhaustive_tour(board: Board, start: int, closed: bool, budget: int) -> list[int] | None:
    """A tour from ``start`` by exhaustive depth-first search, or ``None`` if none exists.

    Iterative; moves are tried in Warnsdorff's order, and a branch is cut as soon as an
    unvisited square is isolated, two squares would both have to be the end, or (for a
    closed tour) the start has no free neighbour left to return from.

    Raises
    ------
    SearchBudgetError
        After ``budget`` nodes without an answer.
    """
    nbrs = board.neighbours
    total = len(nbrs)
    degree = [len(n) for n in nbrs]
    visited = [False] * total
    path: list[int] = []
    stack: list[Iterator[int]] = []
    nodes = 0

    def enter(v: int) -> None:
        visited[v] = True
        path.append(v)
        for u in nbrs[v]:
            degree[u] -= 1

    def leave() -> None:
        v = path.pop()
        visited[v] = False
        for u in nbrs[v]:
            degree[u] += 1

    def viable() -> bool:
        cur = path[-1]
        left = total - len(path)
        if left == 0:
            return not closed or start in nbrs[cur]
        if closed and degree[start] == 0:
            return False
        ends = 0
        for u in range(total):
            if visited[u]:
                continue
            d = degree[u] + (cur in nbrs[u])
            if d == 1:
                # u has one way in, so it must be the end of the tour
                ends += 1
                if ends > 1 or (closed and start not in nbrs[u]):
                    return False
            elif d == 0:
                return False
        return connected(cur, left)

    def connected(cur: int, left: int) -> bool:
        """Whether every unvisited square is reachable from ``cur`` through unvisited ones."""
        seen = {cur}
        frontier = [cur]
        while frontier:
            v = frontier.pop()
            for u in nbrs[v]:
                if not visited[u] and u not in seen:
                    seen.add(u)
                    frontier.append(u)
        return len(seen) == left + 1

    enter(start)
    if not viable():
        return None
    stack.append(iter(sorted((u for u in nbrs[start]), key=lambda u: degree[u])))
    while stack:
        if len(path) == total:
            return path
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            leave()
            continue
        if visited[step]:
            continue
        nodes += 1
        if nodes > budget:
            raise SearchBudgetError(f"exhaustive search gave up after {budget} nodes")
        enter(step)
        if viable():
            free = sorted((u for u in nbrs[step] if not visited[u]), key=lambda u: degree[u])
            stack.append(iter(free))
        else:
            leave()
    return None
