"""一笔画完 ("one stroke"): visit every tile once, moving up, down, left or right.

The board is a Hamiltonian-path problem on a grid graph with a fixed start.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solvers.errors import InvalidSolutionError, PuzzleFormatError

Cell = tuple[int, int]

#: The four steps a path may take, as (d_row, d_col).
STEPS: tuple[Cell, ...] = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True)
class Puzzle:
    """A one-stroke board: rows of ``'1'`` (tile) and ``'0'`` (hole), and the start tile.

    The grid is the bounding box of its tiles (no empty border row or column).

    Examples
    --------
    >>> p = Puzzle(grid=("110", "011"), start=(0, 0))
    >>> p.rows, p.cols, len(p.tiles)
    (2, 3, 4)
    """

    grid: tuple[str, ...]
    start: Cell

    def __post_init__(self) -> None:
        if not self.grid or not self.grid[0]:
            raise PuzzleFormatError("the grid is empty")
        if any(len(row) != len(self.grid[0]) for row in self.grid):
            raise PuzzleFormatError("the grid's rows differ in length")
        if any(ch not in "01" for row in self.grid for ch in row):
            raise PuzzleFormatError("the grid may hold only '0' (hole) and '1' (tile)")
        if "1" not in self.grid[0] or "1" not in self.grid[-1]:
            raise PuzzleFormatError("the grid has an empty first or last row")
        if all(row[0] == "0" for row in self.grid) or all(row[-1] == "0" for row in self.grid):
            raise PuzzleFormatError("the grid has an empty first or last column")
        r, c = self.start
        if not (0 <= r < self.rows and 0 <= c < self.cols) or self.grid[r][c] != "1":
            raise PuzzleFormatError(f"the start {list(self.start)} is not a tile")

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.grid)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.grid[0])

    @property
    def tiles(self) -> frozenset[Cell]:
        """Every tile cell."""
        return frozenset(
            (r, c) for r, row in enumerate(self.grid) for c, ch in enumerate(row) if ch == "1"
        )

    def is_tile(self, cell: Cell) -> bool:
        """True when ``cell`` is on the board and holds a tile."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and self.grid[r][c] == "1"

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The tiles one step up, down, left or right of ``cell``."""
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in STEPS if self.is_tile((r + dr, c + dc))]

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Puzzle:
        """From the contract's ``{"rows", "cols", "grid", "start"}`` object."""
        try:
            grid = tuple(str(row) for row in obj["grid"])
            start = _cell(obj["start"])
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleFormatError(f"not a one-stroke puzzle object ({exc})") from None
        puzzle = cls(grid=grid, start=start)
        if (obj.get("rows", puzzle.rows), obj.get("cols", puzzle.cols)) != (
            puzzle.rows,
            puzzle.cols,
        ):
            raise PuzzleFormatError("rows/cols do not match the grid")
        return puzzle

    def to_json(self) -> dict[str, Any]:
        """The contract's puzzle object."""
        return {
            "rows": self.rows,
            "cols": self.cols,
            "grid": list(self.grid),
            "start": list(self.start),
        }


@dataclass(frozen=True)
class Solution:
    """A path of cells from the start, one step at a time."""

    path: tuple[Cell, ...]

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
        """From the contract's ``{"path": [[r, c], ...]}`` object."""
        try:
            return cls(path=tuple(_cell(p) for p in obj["path"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise PuzzleFormatError(f"not a one-stroke solution object ({exc})") from None

    def to_json(self) -> dict[str, Any]:
        """The contract's solution object."""
        return {"path": [list(p) for p in self.path]}


def _cell(value: Any) -> Cell:
    r, c = value
    if isinstance(r, bool) or isinstance(c, bool):
        raise TypeError("a cell is two integers")
    return int(r), int(c)


def from_rows(rows: Sequence[str], start: Cell) -> Puzzle:
    """A puzzle from rows of ``1``/``0`` in any box, cropped to the tiles' bounding box.

    ``start`` is given in the coordinates of ``rows`` and shifted with the crop.

    Examples
    --------
    >>> from_rows(["000", "011", "010"], start=(1, 1))
    Puzzle(grid=('11', '10'), start=(0, 0))
    """
    tile_rows = [r for r, row in enumerate(rows) if "1" in row]
    if not tile_rows:
        raise PuzzleFormatError("the map has no tiles")
    width = max(len(row) for row in rows)
    padded = [row.ljust(width, "0") for row in rows]
    tile_cols = [c for c in range(width) if any(row[c] == "1" for row in padded)]
    top, left = tile_rows[0], tile_cols[0]
    grid = tuple(row[left : tile_cols[-1] + 1] for row in padded[top : tile_rows[-1] + 1])
    return Puzzle(grid=grid, start=(start[0] - top, start[1] - left))


def parse(text: str, start: Cell | None = None) -> Puzzle:
    """Read a puzzle from the contract's JSON, or from the seed's map of ``1``/``0`` rows.

    The seed's map is one row per line (quotes, commas and brackets are ignored);
    the start is given as ``start`` or marked in the map with ``S`` (a tile).

    Examples
    --------
    >>> parse("'S11',\\n'101',").start
    (0, 0)
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            return Puzzle.from_json(json.loads(stripped))
        except json.JSONDecodeError as exc:
            raise PuzzleFormatError(f"invalid JSON ({exc.msg})") from None
    rows = []
    for line in stripped.splitlines():
        row = "".join(ch for ch in line if ch in "01Ss")
        if row:
            rows.append(row)
    marks = [(r, row.upper().index("S")) for r, row in enumerate(rows) if "S" in row.upper()]
    if len(marks) > 1:
        raise PuzzleFormatError("the map marks more than one start")
    if marks and start is not None and marks[0] != start:
        raise PuzzleFormatError("the map's S and the given start differ")
    if not marks and start is None:
        raise PuzzleFormatError("no start: mark it with S in the map or give it")
    begin = marks[0] if marks else start
    assert begin is not None
    return from_rows([row.upper().replace("S", "1") for row in rows], begin)


def format_puzzle(puzzle: Puzzle) -> str:
    """The contract's JSON text of ``puzzle`` (``parse`` reads it back)."""
    return json.dumps(puzzle.to_json())


def verify(puzzle: Puzzle, solution: Solution) -> None:
    """Check that ``solution`` visits every tile exactly once from the start by single steps.

    Raises
    ------
    InvalidSolutionError
        Naming the first rule the path breaks.
    """
    path = solution.path
    if not path or path[0] != puzzle.start:
        raise InvalidSolutionError("the path does not begin at the start tile")
    seen: set[Cell] = set()
    for i, cell in enumerate(path):
        if not puzzle.is_tile(cell):
            raise InvalidSolutionError(f"step {i} {list(cell)} is not a tile")
        if cell in seen:
            raise InvalidSolutionError(f"step {i} {list(cell)} visits a tile again")
        seen.add(cell)
        if i and abs(cell[0] - path[i - 1][0]) + abs(cell[1] - path[i - 1][1]) != 1:
            raise InvalidSolutionError(f"step {i} {list(cell)} is not next to the one before")
    missing = len(puzzle.tiles) - len(seen)
    if missing:
        raise InvalidSolutionError(f"the path misses {missing} tile(s)")


def describe(solution: Solution) -> str:
    """A short summary: ``"43 tiles"``."""
    return f"{len(solution.path)} tiles"
