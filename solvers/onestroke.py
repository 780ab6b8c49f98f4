"""一笔画完 ("one stroke"): visit every tile once, moving up, down, left or right.

The board is a Hamiltonian-path problem on a grid graph with a fixed start. Besides the data
model and its text forms, the module has the solver (:func:`solve`, :func:`search`), the quick
proofs that there is no path (:func:`why_unsolvable`) and a maker of random solvable levels
(:func:`random_level`) for tests, renderers and benchmarks.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solvers.errors import InvalidSolutionError, PuzzleFormatError, SearchBudgetError
from solvers.textform import json_puzzle

log = logging.getLogger(__name__)

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
    obj = json_puzzle(stripped)
    if obj is not None:
        return Puzzle.from_json(obj)
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


# --- the solver --------------------------------------------------------------------------------
#
# The board is a set of bits in a Python int: cell (r, c) is bit (r + 1) * width + c + 1, with
# width = cols + 2, so a border of bits that are never tiles surrounds it. Shifting a mask by 1
# or by width moves every cell to its left/right or up/down neighbour, and nothing wraps round.
# A search state is the "region": the unvisited tiles plus the head of the path, which is the
# cell the rest of the path starts from.

#: Default node budget of :func:`solve`: moves tried, some 10-30 microseconds each.
MAX_NODES = 1_000_000
#: At most this many failed search states are remembered (one int each).
MAX_MEMO = 1_000_000
#: Moves per tile in one unit of the restart schedule.
RESTART_UNIT = 4
#: Seed of the random tie-breaking in restarts.
RESTART_SEED = 2018


@dataclass(frozen=True)
class SearchResult:
    """What :func:`search` found.

    Attributes
    ----------
    solution : Solution or None
        A path, or ``None`` when there is none.
    nodes : int
        Moves tried (0 when a quick proof settled it).
    reason : str
        Why there is no solution (empty when there is one).
    """

    solution: Solution | None
    nodes: int
    reason: str = ""


@dataclass(frozen=True)
class _Bits:
    """A puzzle's tiles as bitmasks (see the comment above for the layout)."""

    width: int
    tiles: int
    dark: int  # the tiles with (r + c) even
    start: int  # the start's bit index
    ring_mask: int  # the eight cells round the centre of a 3x3 window at bit 0
    cut_rings: Mapping[int, tuple[int, ...]]  # see _cut_rings

    @classmethod
    def of(cls, puzzle: Puzzle) -> _Bits:
        width = puzzle.cols + 2
        tiles = dark = 0
        for r, c in puzzle.tiles:
            bit = 1 << ((r + 1) * width + c + 1)
            tiles |= bit
            if (r + c) % 2 == 0:
                dark |= bit
        start = (puzzle.start[0] + 1) * width + puzzle.start[1] + 1
        ring = (1, 2, width + 2, 2 * width + 2, 2 * width + 1, 2 * width, width, 0)
        return cls(width, tiles, dark, start, sum(1 << i for i in ring), _cut_rings(width))

    def cell(self, index: int) -> Cell:
        """The cell of bit ``index``."""
        r, c = divmod(index, self.width)
        return r - 1, c - 1

    def spread(self, mask: int) -> int:
        """The cells next to any cell of ``mask`` (tiles or not)."""
        w = self.width
        return (mask << 1) | (mask >> 1) | (mask << w) | (mask >> w)

    def reach(self, seed: int, region: int) -> int:
        """The cells of ``region`` connected to ``seed`` (a part of it) inside ``region``."""
        reached = seed
        while True:
            grown = reached | (self.spread(reached) & region)
            if grown == reached:
                return reached
            reached = grown

    def lonely(self, region: int) -> tuple[int, int]:
        """The cells of ``region`` with no neighbour in it, and those with exactly one."""
        w = self.width
        n1, n2, n3, n4 = region << 1, region >> 1, region << w, region >> w
        odd, two = n1 ^ n2, n1 & n2  # bitwise counters: an odd count, at least two
        two |= odd & n3
        odd ^= n3
        two |= odd & n4
        odd ^= n4
        return region & ~(odd | two), region & odd & ~two

    def splits(self, index: int, region: int) -> bool:
        """True when ``region`` is not connected, knowing that it is with cell ``index``.

        Only when the cells round ``index`` do not connect its neighbours (a look at the 3x3
        window) may ``region`` fall apart; then it does if any of those neighbours cannot
        reach the first.
        """
        runs = self.cut_rings.get((region >> (index - self.width - 1)) & self.ring_mask)
        if runs is None:
            return False
        first, *others = (index + offset for offset in runs)
        return not all(self.meet(first, other, region) for other in others)

    def meet(self, a: int, b: int, region: int) -> bool:
        """True when cells ``a`` and ``b`` are connected inside ``region``.

        Both grow a step at a time, so a small pocket cut off from the other closes quickly.
        """
        w = self.width
        x, y = 1 << a, 1 << b
        while True:
            grown = (x | x << 1 | x >> 1 | x << w | x >> w) & region
            if grown & y:
                return True
            if grown == x:
                return False
            x, y = y, grown

    def viable(self, head: int, region: int) -> bool:
        """False when the path cannot go on from ``head`` through all of ``region``.

        ``region`` holds the unvisited cells and ``head``. A cell other than the head with no
        neighbour in it can never be reached; one with a single neighbour must be the path's
        end, so there can be only one, of the colour the alternating path ends on.
        """
        head_bit = 1 << head
        rest = region ^ head_bit
        stuck, ends = self.lonely(region)
        if stuck & rest:
            return False
        ends &= rest
        if not ends:
            return True
        if ends & (ends - 1):
            return False
        same_colour = bool(ends & self.dark) == bool(head_bit & self.dark)
        return same_colour == (region.bit_count() % 2 == 1)

    def moves(self, head: int, region: int, rng: random.Random | None) -> list[int]:
        """The cells the path may step to from ``head``, the most promising last.

        Warnsdorff's rule: a cell with fewer unvisited neighbours is tried first; ties are
        broken by ``rng``, or by position when it is ``None``.
        """
        w = self.width
        rest = region ^ (1 << head)
        steps = self.spread(1 << head) & rest
        scored = []
        while steps:
            low = steps & -steps
            steps ^= low
            onward = ((low << 1 | low >> 1 | low << w | low >> w) & rest).bit_count()
            scored.append((onward, rng.random() if rng else 0.0, low.bit_length() - 1))
        scored.sort(reverse=True)
        return [index for _, _, index in scored]

    def quick_proof(self) -> str | None:
        """Why no path can exist, from counts alone; ``None`` when they allow one."""
        start_bit = 1 << self.start
        reached = self.reach(start_bit, self.tiles)
        if reached != self.tiles:
            cut_off = (self.tiles & ~reached).bit_count()
            return f"the tiles are not all connected: {cut_off} cannot be reached from the start"
        rest = self.tiles ^ start_bit
        if self.reach(rest & -rest, rest) != rest:
            return (
                "the start cuts the other tiles apart, and a path from it can visit one side only"
            )
        ends = self.lonely(self.tiles)[1] & ~start_bit
        if ends & (ends - 1):
            cells = ", ".join(str(list(self.cell(i))) for i in _indices(ends))
            return (
                f"{ends.bit_count()} tiles other than the start have a single neighbour "
                f"({cells}), but a path has only one end"
            )
        start_colour = self.dark if start_bit & self.dark else self.tiles & ~self.dark
        same = (self.tiles & start_colour).bit_count()
        other = self.tiles.bit_count() - same
        if same - other not in (0, 1):
            return (
                f"a path alternates colours like a chessboard: it needs as many tiles of the "
                f"start's colour as of the other, or one more, but they are {same} and {other}"
            )
        if ends and not self.viable(self.start, self.tiles):  # then only its colour is wrong
            (end,) = _indices(ends)
            return (
                f"{list(self.cell(end))} has a single neighbour, so the path must end there, "
                f"but a path of {self.tiles.bit_count()} tiles from the start cannot end on "
                f"that colour"
            )
        return None


def _indices(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


@functools.lru_cache(maxsize=64)
def _cut_rings(width: int) -> dict[int, tuple[int, ...]]:
    """The 3x3 windows whose centre may be a cut point, each with one neighbour per side.

    A window (bit 0 at its top-left corner, rows ``width`` bits apart) maps to the offsets
    from the centre of one up/down/left/right neighbour in each run of present cells round
    the ring. Two cells next in the ring are neighbours, so without the centre, its neighbours
    in one run stay connected; windows with one run are left out.
    """
    ring = (1, 2, width + 2, 2 * width + 2, 2 * width + 1, 2 * width, width, 0)
    offsets = (-width, 1, width, -1)  # of the ring's N, E, S, W (items 0, 2, 4, 6)
    cuts = {}
    for pattern in range(256):
        present = [bool(pattern >> k & 1) for k in range(8)]
        run_of = []
        runs = 0
        for k in range(8):
            if present[k] and not present[k - 1]:
                runs += 1
            run_of.append(runs if present[k] else 0)
        if present[0] and present[7] and runs > 1:  # the last run goes on into the first
            run_of = [1 if run == runs else run for run in run_of]
        sides = {run_of[k]: offsets[k // 2] for k in (6, 4, 2, 0) if present[k]}
        if len(sides) > 1:
            cuts[sum(1 << ring[k] for k in range(8) if present[k])] = tuple(sides.values())
    return cuts


def why_unsolvable(puzzle: Puzzle) -> str | None:
    """The reason ``puzzle`` has no solution, when counting tiles proves it; else ``None``.

    The proofs: tiles not all connected; the other tiles not connected without the start
    (the path leaves it for one side and never comes back); more than one tile other than
    the start with a single neighbour (each must be an end of the path); chessboard colours
    in counts that no alternating path from the start can have; and the one forced end on a
    colour where a path of that length cannot end. ``None`` does not mean solvable.

    Examples
    --------
    >>> why_unsolvable(parse("S1\\n11"))
    >>> print(why_unsolvable(parse("1S\\n11\\n10")))  # doctest: +ELLIPSIS
    a path alternates colours like a chessboard: ... but they are 2 and 3
    """
    return _Bits.of(puzzle).quick_proof()


def search(puzzle: Puzzle, *, max_nodes: int = MAX_NODES) -> SearchResult:
    """Find a path through every tile from the start, or prove there is none.

    A depth-first search with an explicit stack. After each step it drops states where a
    tile is cut off, where more than one tile is a forced end or the end has the wrong colour,
    and where the unvisited tiles fall apart (tested only when the step could cut them, by a
    look at the cells round the new head). The chessboard colours of the unvisited tiles need
    no check after the start's: every step keeps their balance. It tries steps to cells with
    fewer onward moves first, and remembers the states that failed, which other move orders
    reach again.

    Such searches are heavy-tailed: one early misstep can cost millions of moves where another
    order needs none. So the search restarts with growing budgets (the Luby sequence), ties
    broken at random (seeded, so every run is the same), and keeps what failed between runs;
    a run that ends within its budget is a complete search, so its "none" is a proof.

    Parameters
    ----------
    puzzle : Puzzle
        The board.
    max_nodes : int
        Moves to try at most, over all runs.

    Returns
    -------
    SearchResult
        The path or the reason there is none, and the moves tried.

    Raises
    ------
    SearchBudgetError
        When ``max_nodes`` moves were tried without a path or a proof that none exists.
    """
    bits = _Bits.of(puzzle)
    reason = bits.quick_proof()
    if reason is not None:
        return SearchResult(None, 0, reason)
    if bits.tiles.bit_count() == 1:
        return SearchResult(Solution(path=(puzzle.start,)), 0)
    failed: set[int] = set()
    rng = random.Random(RESTART_SEED)
    nodes = 0
    for run, scale in enumerate(_luby()):
        limit = min(scale * RESTART_UNIT * bits.tiles.bit_count(), max_nodes - nodes)
        found, used = _descend(bits, failed, limit, rng if run else None)
        nodes += used
        if found is not None:
            log.debug("one-stroke: %d tiles, %d moves in %d runs", len(found), nodes, run + 1)
            return SearchResult(Solution(path=tuple(bits.cell(i) for i in found)), nodes)
        if used < limit:
            return SearchResult(None, nodes, f"no path: a complete search tried {nodes} moves")
        if nodes >= max_nodes:
            break
    raise SearchBudgetError(
        f"no path found and none ruled out after {nodes} moves tried on a "
        f"{puzzle.rows}x{puzzle.cols} board of {len(puzzle.tiles)} tiles"
    )


def _luby() -> Iterator[int]:
    """The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (without end)."""
    for n in itertools.count(1):
        # Item n is 2^(k-1) when n = 2^k - 1, else item n - 2^(k-1) + 1 (2^(k-1) <= n < 2^k).
        while n != (1 << n.bit_length()) - 1:
            n -= (1 << (n.bit_length() - 1)) - 1
        yield (n + 1) // 2


def _descend(
    bits: _Bits, failed: set[int], limit: int, rng: random.Random | None
) -> tuple[list[int] | None, int]:
    """One depth-first run from the start: the path's bit indices (or ``None``), moves tried.

    Stops after ``limit`` moves; fewer moves and no path means none exists. States found to
    fail are added to ``failed`` (while it holds fewer than ``MAX_MEMO``).
    """
    span = bits.tiles.bit_length()
    viable, splits, moves = bits.viable, bits.splits, bits.moves
    path = [bits.start]
    regions = [bits.tiles]  # the unvisited tiles and the head, at each depth
    options = [bits.moves(bits.start, bits.tiles, rng)]
    nodes = 0
    while options:
        if not options[-1]:
            options.pop()
            state = regions.pop() << span | path.pop()
            if len(failed) < MAX_MEMO:
                failed.add(state)
            continue
        if nodes == limit:
            return None, nodes
        nodes += 1
        step = options[-1].pop()
        region = regions[-1] ^ (1 << path[-1])
        rest = region ^ (1 << step)
        if not rest:
            return [*path, step], nodes
        if region << span | step in failed or not viable(step, region) or splits(step, rest):
            continue
        path.append(step)
        regions.append(region)
        options.append(moves(step, region, rng))
    return None, nodes


def solve(puzzle: Puzzle, *, max_nodes: int = MAX_NODES) -> Solution | None:
    """A path through every tile from the start, or ``None`` when provably there is none.

    See :func:`search` for the method; :func:`why_unsolvable` gives the quick proofs.

    Raises
    ------
    SearchBudgetError
        When ``max_nodes`` moves were tried without a path or a proof that none exists.

    Examples
    --------
    >>> solve(parse("S11\\n111")).path
    ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2), (1, 2))
    """
    return search(puzzle, max_nodes=max_nodes).solution


# --- random levels ---------------------------------------------------------------------------


def random_level(rows: int, cols: int, holes: float, rng: random.Random) -> tuple[Puzzle, Solution]:
    """A random solvable level in a ``rows`` x ``cols`` box, and the path it was made from.

    A Hamiltonian path of the full box (a snake, row by row) is shuffled by "backbite" moves
    (an end steps onto a neighbouring cell of the path, and the part of the path beyond that
    cell is reversed); then ``holes`` (a fraction of the box, below 1) of its cells are cut
    from its ends, one at a time between more shuffles so that the holes scatter. The level's
    tiles are the path's cells, its start one of the path's ends. The box is cropped to the
    tiles, so the level may come out smaller than asked.

    Examples
    --------
    >>> puzzle, path = random_level(6, 8, 0.2, random.Random(1))
    >>> verify(puzzle, path)
    """
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    cut = min(round(holes * rows * cols), rows * cols - 1)
    shuffles = 4 * rows * cols
    _backbite(path, 3 * shuffles, rng)
    for _ in range(cut):
        _backbite(path, max(1, shuffles // (cut + 1)), rng)
        path.pop()
    if rng.random() < 0.5:
        path.reverse()
    grid = [["0"] * cols for _ in range(rows)]
    for r, c in path:
        grid[r][c] = "1"
    puzzle = from_rows(["".join(row) for row in grid], path[0])
    top, left = path[0][0] - puzzle.start[0], path[0][1] - puzzle.start[1]
    return puzzle, Solution(path=tuple((r - top, c - left) for r, c in path))


def _backbite(path: list[Cell], moves: int, rng: random.Random) -> None:
    """Shuffle ``path`` in place by ``moves`` backbite attempts at its far end.

    Each attempt first reverses the path half the time, so both ends wander.
    """
    where = {cell: i for i, cell in enumerate(path)}
    for _ in range(moves):
        if rng.random() < 0.5:
            path.reverse()
            last = len(path) - 1
            where = {cell: last - i for cell, i in where.items()}
        r, c = path[-1]
        dr, dc = STEPS[rng.randrange(4)]
        i = where.get((r + dr, c + dc), len(path) - 2)
        if i < len(path) - 2:
            path[i + 1 :] = path[:i:-1]
            for j in range(i + 1, len(path)):
                where[path[j]] = j
