"""Tic-tac-toe, and its N x N k-in-a-row extension, solved by perfect play.

Vocabulary
----------
board
    ``n * n`` characters row by row: ``x``, ``o`` or ``-`` (empty).
mover
    The side to move; the side with fewer marks, or with equal counts the side
    that opened (``x`` unless the game says otherwise).
outcome
    The result with best play from both sides: ``"x win"``, ``"o win"`` or ``"draw"``.

The search is a negamax alpha-beta over ``(mover's marks, opponent's marks)``
bitmasks, with a transposition table keyed by the position reduced under the
eight symmetries of the square, immediate wins tried first and forced blocks
played at once. Scores prefer quick wins and slow losses. It runs on an
explicit stack, so no recursion limit applies at any board size; the 3 x 3
game (5,478 reachable positions) is searched exhaustively in milliseconds.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from solvers.textform import json_puzzle

Cell = tuple[int, int]

MARKS = ("x", "o")
EMPTY = "-"
OUTCOMES = ("x win", "o win", "draw")
#: Largest board side accepted (a 7 x 7 board already has 3**49 positions).
MAX_SIDE = 7
#: Node budget of the independent check in :func:`verify` on boards larger than 3 x 3.
VERIFY_BUDGET = 200_000

_ALIASES = {".": EMPTY, "_": EMPTY, " ": EMPTY}


def other(mark: str) -> str:
    """The opponent of ``mark``."""
    return "o" if mark == "x" else "x"


@lru_cache(maxsize=32)
def lines(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``k`` cells in a row, column or diagonal of an ``n x n`` board, as indices.

    Examples
    --------
    >>> len(lines(3, 3)), len(lines(4, 3))
    (8, 24)
    """
    runs = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < n and 0 <= end_c < n:
                    runs.append(tuple((r + dr * i) * n + c + dc * i for i in range(k)))
    return tuple(runs)


def winners(board: str, k: int) -> dict[str, list[tuple[int, ...]]]:
    """The completed lines of each side, ``{"x": [...], "o": [...]}``."""
    n = math.isqrt(len(board))
    found: dict[str, list[tuple[int, ...]]] = {"x": [], "o": []}
    for run in lines(n, k):
        first = board[run[0]]
        if first != EMPTY and all(board[i] == first for i in run):
            found[first].append(run)
    return found


@dataclass(frozen=True)
class Puzzle:
    """A position: the board, the side to move and the length of a winning line.

    Parameters
    ----------
    board : str
        ``n * n`` characters ``x``, ``o``, ``-`` row by row (``n`` from 3 to :data:`MAX_SIDE`).
    to_move : str
        ``"x"`` or ``"o"``; must be the side with fewer marks when the counts differ.
    k : int
        Marks in a row needed to win (3 to ``n``).

    Raises
    ------
    PuzzleFormatError
        For a malformed board, mark or ``k``.
    InvalidPuzzleError
        For a position that cannot occur in a game.
    """

    board: str
    to_move: str
    k: int = 3

    def __post_init__(self) -> None:
        n = math.isqrt(len(self.board))
        if n * n != len(self.board) or not 3 <= n <= MAX_SIDE:
            raise PuzzleFormatError(
                f"a board has n*n cells with n from 3 to {MAX_SIDE}; got {len(self.board)}"
            )
        bad = set(self.board) - {"x", "o", EMPTY}
        if bad:
            raise PuzzleFormatError(f"board cells are 'x', 'o' or '-'; got {sorted(bad)}")
        if self.to_move not in MARKS:
            raise PuzzleFormatError(f"to_move is 'x' or 'o'; got {self.to_move!r}")
        if not isinstance(self.k, int) or not 3 <= self.k <= n:
            raise PuzzleFormatError(f"k must be an integer from 3 to {n}; got {self.k!r}")
        xs, os_ = self.board.count("x"), self.board.count("o")
        if abs(xs - os_) > 1:
            raise InvalidPuzzleError(
                f"impossible board: {xs} x and {os_} o (the counts differ by at most one)"
            )
        if xs != os_ and self.to_move != ("x" if xs < os_ else "o"):
            raise InvalidPuzzleError(
                f"{self.to_move} cannot move: it has more marks ({xs} x, {os_} o)"
            )
        won = winners(self.board, self.k)
        if won["x"] and won["o"]:
            raise InvalidPuzzleError("impossible board: both x and o have a line")
        for mark, runs in won.items():
            if not runs:
                continue
            if self.to_move == mark:
                raise InvalidPuzzleError(
                    f"impossible board: {mark} has a line but moves again "
                    "(a game stops at the first line)"
                )
            if not set(runs[0]).intersection(*runs[1:]):
                raise InvalidPuzzleError(
                    f"impossible board: {mark}'s lines share no cell, so play went on after a win"
                )

    @property
    def size(self) -> int:
        """The board's side ``n``."""
        return math.isqrt(len(self.board))

    def at(self, cell: Cell) -> str:
        """The mark in ``cell`` (``-`` when empty)."""
        return self.board[cell[0] * self.size + cell[1]]

    def empty_cells(self) -> list[Cell]:
        """The empty cells in reading order."""
        n = self.size
        return [divmod(i, n) for i, ch in enumerate(self.board) if ch == EMPTY]

    def result(self) -> str | None:
        """The outcome if the game is over (a line or a full board), else ``None``."""
        won = winners(self.board, self.k)
        for mark in MARKS:
            if won[mark]:
                return f"{mark} win"
        return "draw" if EMPTY not in self.board else None

    def play(self, cell: Cell) -> Puzzle:
        """The position after the mover marks ``cell``.

        Raises
        ------
        InvalidPuzzleError
            When ``cell`` is off the board or taken, or the game is over.
        """
        n = self.size
        r, c = cell
        if not (0 <= r < n and 0 <= c < n) or self.at(cell) != EMPTY:
            raise InvalidPuzzleError(f"cell {list(cell)} is not an empty cell of the board")
        if self.result() is not None:
            raise InvalidPuzzleError("the game is over")
        i = r * n + c
        board = self.board[:i] + self.to_move + self.board[i + 1 :]
        return Puzzle(board, other(self.to_move), self.k)

    @classmethod
    def from_board(cls, board: str, first: str = "x", k: int = 3) -> Puzzle:
        """The position ``board`` with the mover derived from the counts.

        The side with fewer marks moves; with equal counts ``first`` (the side
        that opened) moves.

        Examples
        --------
        >>> Puzzle.from_board("x--------").to_move
        'o'
        >>> Puzzle.from_board("xo-------", first="o").to_move
        'o'
        """
        if first not in MARKS:
            raise PuzzleFormatError(f"first is 'x' or 'o'; got {first!r}")
        xs, os_ = board.count("x"), board.count("o")
        to_move = first if xs == os_ else ("x" if xs < os_ else "o")
        return cls(board, to_move, k)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Puzzle:
        """The contract's form ``{"board": "xo-x-o-xo", "to_move": "x"}`` (``"k"`` optional)."""
        try:
            board, to_move = obj["board"], obj["to_move"]
        except (KeyError, TypeError):
            raise PuzzleFormatError("a tictactoe puzzle needs 'board' and 'to_move'") from None
        if not isinstance(board, str) or not isinstance(to_move, str):
            raise PuzzleFormatError("'board' and 'to_move' are strings")
        k = obj.get("k", 3)
        if isinstance(k, bool) or not isinstance(k, int):
            raise PuzzleFormatError(f"'k' is an integer; got {k!r}")
        return cls(board, to_move, k)

    def to_json(self) -> dict[str, Any]:
        """The contract's form; ``"k"`` only when the game is not 3 x 3 with 3 in a row."""
        out: dict[str, Any] = {"board": self.board, "to_move": self.to_move}
        if (self.size, self.k) != (3, 3):
            out["k"] = self.k
        return out


def set_first(puzzle: Puzzle, first: str) -> Puzzle:
    """``puzzle`` with the mover re-derived, ``first`` having opened (the CLI's ``--first``)."""
    return Puzzle.from_board(puzzle.board, first, puzzle.k)


@dataclass(frozen=True)
class Solution:
    """A best move and the outcome with best play.

    Parameters
    ----------
    move : Cell or None
        ``(row, col)`` of a best move; ``None`` when the game is already over.
    outcome : str
        ``"x win"``, ``"o win"`` or ``"draw"``.
    """

    move: Cell | None
    outcome: str

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise PuzzleFormatError(f"outcome is one of {OUTCOMES}; got {self.outcome!r}")
        if self.move is not None and not (
            len(self.move) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in self.move)
        ):
            raise PuzzleFormatError(f"a move is [row, col]; got {self.move!r}")

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
        """The contract's form ``{"move": [r, c] | null, "outcome": "x win"}``."""
        try:
            move, outcome = obj["move"], obj["outcome"]
        except (KeyError, TypeError):
            raise PuzzleFormatError("a tictactoe solution needs 'move' and 'outcome'") from None
        if move is not None:
            if not isinstance(move, (list, tuple)) or len(move) != 2:
                raise PuzzleFormatError(f"a move is [row, col]; got {move!r}")
            move = (move[0], move[1])
        return cls(move, outcome)

    def to_json(self) -> dict[str, Any]:
        """The contract's form."""
        return {"move": None if self.move is None else list(self.move), "outcome": self.outcome}


def parse(text: str) -> Puzzle:
    """Read a puzzle: the contract's JSON, or a board as text.

    The board text is ``n * n`` cells on one line (``xo-x-o-xo``) or ``n`` lines
    (``.`` and ``_`` also mean empty), optionally followed by the mover
    (``x`` or ``o``) as the last word; without it the mover is derived from the
    counts (:meth:`Puzzle.from_board`).

    Examples
    --------
    >>> parse("xo-\\nx-o\\n-xo").to_move
    'x'
    >>> parse('{"board": "x-o------", "to_move": "x"}').board
    'x-o------'
    """
    stripped = text.strip()
    obj = json_puzzle(stripped)
    if obj is not None:
        return Puzzle.from_json(obj)
    words = stripped.lower().split()
    mover = None
    if len(words) > 1 and words[-1] in MARKS:
        mover = words.pop()
    board = "".join(_ALIASES.get(ch, ch) for ch in "".join(words))
    if not board:
        raise PuzzleFormatError("empty puzzle text")
    if mover is None:
        return Puzzle.from_board(board)
    return Puzzle(board, mover)


def format_puzzle(puzzle: Puzzle) -> str:
    """The contract's JSON text of ``puzzle``."""
    return json.dumps(puzzle.to_json())


# --- search -------------------------------------------------------------------------------

_EXACT, _LOWER, _UPPER = 0, 1, 2


@dataclass(frozen=True)
class _Geometry:
    """Precomputed tables of one ``(n, k)`` game."""

    n: int
    lines_through: tuple[tuple[int, ...], ...]  # per cell: masks of the lines through it
    order: tuple[int, ...]  # cells, most lines through them first
    symmetry_tables: tuple[tuple[tuple[int, ...], ...], ...]  # per symmetry, per byte: map


def _symmetries(n: int) -> list[list[int]]:
    """The eight symmetries of the square as cell permutations (``perm[i]`` = image of ``i``)."""
    maps = []
    for transpose in (False, True):
        for flip_r in (False, True):
            for flip_c in (False, True):
                perm = []
                for i in range(n * n):
                    r, c = divmod(i, n)
                    if transpose:
                        r, c = c, r
                    if flip_r:
                        r = n - 1 - r
                    if flip_c:
                        c = n - 1 - c
                    perm.append(r * n + c)
                maps.append(perm)
    return maps


@lru_cache(maxsize=16)
def _geometry(n: int, k: int) -> _Geometry:
    masks = [sum(1 << i for i in run) for run in lines(n, k)]
    through = tuple(tuple(m for m in masks if m >> i & 1) for i in range(n * n))
    order = tuple(sorted(range(n * n), key=lambda i: (-len(through[i]), i)))
    chunks = (n * n + 7) // 8
    tables = tuple(
        tuple(
            tuple(
                sum(
                    1 << perm[chunk * 8 + b]
                    for b in range(8)
                    if byte >> b & 1 and chunk * 8 + b < n * n
                )
                for byte in range(256)
            )
            for chunk in range(chunks)
        )
        for perm in _symmetries(n)
    )
    return _Geometry(n, through, order, tables)


def _canonical(geo: _Geometry, mine: int, theirs: int) -> int:
    """The smallest key of the position over the eight symmetries."""
    shift = geo.n * geo.n
    best = -1
    for table in geo.symmetry_tables:
        a = b = 0
        for chunk, t in enumerate(table):
            a |= t[mine >> (8 * chunk) & 0xFF]
            b |= t[theirs >> (8 * chunk) & 0xFF]
        key = a << shift | b
        if best < 0 or key < best:
            best = key
    return best


def _completes(geo: _Geometry, marks: int, cell: int) -> bool:
    """Whether ``marks`` (already including ``cell``) hold a line through ``cell``."""
    return any(marks & m == m for m in geo.lines_through[cell])


def _moves(geo: _Geometry, mine: int, theirs: int) -> tuple[list[int], int | None]:
    """Candidate moves in search order, and a cell that wins at once (if any)."""
    taken = mine | theirs
    empties = [i for i in geo.order if not taken >> i & 1]
    for i in empties:
        if _completes(geo, mine | 1 << i, i):
            return [i], i
    for i in empties:
        if _completes(geo, theirs | 1 << i, i):
            return [i], None  # a forced block; if it fails, every other move fails too
    return empties, None


def _search(geo: _Geometry, mine: int, theirs: int) -> tuple[int, int]:
    """Negamax value for the mover (``>0`` win, ``0`` draw, ``<0`` loss) and a best cell.

    A win with ``e`` empty cells left after it scores ``e + 1``; the position
    must not be over and must have an empty cell.
    """
    table: dict[int, tuple[int, int]] = {}
    inf = geo.n * geo.n + 2
    # frame: [mine, theirs, alpha, beta, alpha0, moves, index, best, best_move, key]
    stack: list[list[Any]] = []
    result = root_move = 0

    def open_frame(m: int, t: int, alpha: int, beta: int, root: bool) -> int | None:
        """Push a frame, or return the node's value when it is settled without search."""
        empties = geo.n * geo.n - (m | t).bit_count()
        key = _canonical(geo, m, t)
        if not root and key in table:
            flag, value = table[key]
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        moves, winning = _moves(geo, m, t)
        if winning is not None and not root:
            return empties  # 1 + (empties - 1) left after the winning move
        if alpha >= empties:
            return empties  # no line of play can beat alpha: an upper bound is enough
        beta = min(beta, empties)
        stack.append([m, t, alpha, beta, alpha, moves, 0, -inf, moves[0], key])
        return None

    open_frame(mine, theirs, -inf, inf, root=True)
    while stack:
        frame = stack[-1]
        m, t, alpha, beta, alpha0, moves, index, best, _, key = frame
        if index < len(moves) and alpha < beta:
            cell = moves[index]
            frame[6] = index + 1
            after = m | 1 << cell
            if _completes(geo, after, cell):
                child_value: int | None = -(geo.n * geo.n - after.bit_count() - t.bit_count() + 1)
            elif (after | t).bit_count() == geo.n * geo.n:
                child_value = 0
            else:
                child_value = open_frame(t, after, -beta, -alpha, root=False)
            if child_value is None:
                continue
            score = -child_value
        else:
            stack.pop()
            flag = _UPPER if best <= alpha0 else _LOWER if best >= beta else _EXACT
            table[key] = (flag, best)
            if not stack:
                result, root_move = best, frame[8]
                break
            score = -best
            frame = stack[-1]
            cell = frame[5][frame[6] - 1]
        if score > frame[7]:
            frame[7], frame[8] = score, cell
            frame[2] = max(frame[2], score)
    return result, root_move


def solve(puzzle: Puzzle) -> Solution:
    """A best move and the outcome with perfect play.

    Examples
    --------
    >>> solve(Puzzle("xo-x-o-xo", "x"))
    Solution(move=(2, 0), outcome='x win')
    """
    done = puzzle.result()
    if done is not None:
        return Solution(None, done)
    geo = _geometry(puzzle.size, puzzle.k)
    mine = sum(1 << i for i, ch in enumerate(puzzle.board) if ch == puzzle.to_move)
    theirs = sum(1 << i for i, ch in enumerate(puzzle.board) if ch == other(puzzle.to_move))
    value, cell = _search(geo, mine, theirs)
    outcome = (
        "draw" if value == 0 else f"{puzzle.to_move if value > 0 else other(puzzle.to_move)} win"
    )
    return Solution(divmod(cell, puzzle.size), outcome)


def _plain_outcomes(puzzle: Puzzle, budget: int) -> dict[tuple[str, str], str] | None:
    """Outcome of every position below ``puzzle`` by plain minimax (no pruning, no symmetry).

    Returns ``None`` when more than ``budget`` positions would be needed.
    """
    k = puzzle.k
    memo: dict[tuple[str, str], str] = {}
    stack = [(puzzle.board, puzzle.to_move)]
    while stack:
        node = stack[-1]
        if node in memo:
            stack.pop()
            continue
        board, mover = node
        won = winners(board, k)
        line_owner = next((mark for mark in MARKS if won[mark]), None)
        if line_owner is not None or EMPTY not in board:
            memo[node] = f"{line_owner} win" if line_owner else "draw"
            stack.pop()
            continue
        children = [
            (board[:i] + mover + board[i + 1 :], other(mover))
            for i, ch in enumerate(board)
            if ch == EMPTY
        ]
        missing = [child for child in children if child not in memo]
        if missing:
            if len(memo) + len(stack) > budget:
                return None
            stack.extend(missing)
            continue
        results = {memo[child] for child in children}
        if f"{mover} win" in results:
            memo[node] = f"{mover} win"
        else:
            memo[node] = "draw" if "draw" in results else f"{other(mover)} win"
        stack.pop()
    return memo


def verify(puzzle: Puzzle, solution: Solution) -> None:
    """Check ``solution`` against ``puzzle`` independently of :func:`solve`.

    The move must be legal, and the outcome with best play after it must equal
    the outcome of the position, found by a plain minimax over every line of
    play (always on 3 x 3; on larger boards within :data:`VERIFY_BUDGET`
    positions, beyond which only the move's legality is checked).

    Raises
    ------
    InvalidSolutionError
        Saying which rule the solution breaks.
    """
    done = puzzle.result()
    if done is not None:
        if solution.move is not None:
            raise InvalidSolutionError(f"the game is over ({done}); no move can be made")
        if solution.outcome != done:
            raise InvalidSolutionError(f"the game is over as {done!r}, not {solution.outcome!r}")
        return
    if solution.move is None:
        raise InvalidSolutionError("the game is not over, so a move is needed")
    try:
        after = puzzle.play(solution.move)
    except InvalidPuzzleError as exc:
        raise InvalidSolutionError(f"illegal move: {exc}") from None
    budget = 10**6 if puzzle.size == 3 else VERIFY_BUDGET
    memo = _plain_outcomes(puzzle, budget)
    if memo is None:
        return
    value = memo[(puzzle.board, puzzle.to_move)]
    if solution.outcome != value:
        raise InvalidSolutionError(
            f"with best play the result is {value!r}, not {solution.outcome!r}"
        )
    reached = memo[(after.board, after.to_move)]
    if reached != value:
        raise InvalidSolutionError(
            f"move {list(solution.move)} leads to {reached!r} but best play gives {value!r}"
        )


def describe(solution: Solution) -> str:
    """A short summary, e.g. ``"play [2, 0]: x win with best play"``.

    Examples
    --------
    >>> describe(Solution(None, "draw"))
    'game over: draw'
    """
    if solution.move is None:
        return f"game over: {solution.outcome}"
    return f"play {list(solution.move)}: {solution.outcome} with best play"


def positions(first: str = "x", n: int = 3, k: int = 3) -> Iterator[Puzzle]:
    """Every position reachable from the empty board when ``first`` opens, finished ones too.

    Examples
    --------
    >>> sum(1 for _ in positions())
    5478
    """
    start = Puzzle(EMPTY * (n * n), first, k)
    seen = {start.board}
    frontier = [start]
    while frontier:
        yield from frontier
        following = []
        for puzzle in frontier:
            if puzzle.result() is not None:
                continue
            for cell in puzzle.empty_cells():
                child = puzzle.play(cell)
                if child.board not in seen:
                    seen.add(child.board)
                    following.append(child)
        frontier = following
