"""Tests of the one-stroke solver: every answer is judged by ``verify``."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solvers.onestroke
from solvers.errors import InvalidSolutionError, PuzzleFormatError, SearchBudgetError
from solvers.onestroke import (
    Cell,
    Puzzle,
    Solution,
    format_puzzle,
    from_rows,
    parse,
    random_level,
    search,
    solve,
    verify,
    why_unsolvable,
)

REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"

#: The seed's map (seed 004); its start is vertex 14, counting tiles row by row.
SEED_MAP = """
    '111111',
    '101101',
    '111111',
    '101101',
    '111111',
    '000000'
"""


def brute_force(puzzle: Puzzle) -> tuple[Cell, ...] | None:
    """Any path through every tile, by plain exhaustive search (remembering dead states)."""
    tiles = sorted(puzzle.tiles)
    index = {cell: i for i, cell in enumerate(tiles)}
    everything = (1 << len(tiles)) - 1
    start = index[puzzle.start]
    dead: set[tuple[int, int]] = set()
    stack = [(start, 1 << start, [start])]
    while stack:
        head, seen, path = stack.pop()
        if seen == everything:
            return tuple(tiles[i] for i in path)
        if (head, seen) in dead:
            continue
        dead.add((head, seen))  # every path through this state is tried from here
        for cell in puzzle.neighbours(tiles[head]):
            i = index[cell]
            if not seen >> i & 1:
                stack.append((i, seen | 1 << i, [*path, i]))
    return None


def walk_level(rows: int, cols: int, seed: int) -> tuple[Puzzle, Solution]:
    """A level made of the cells of a random self-avoiding walk, started at its first cell."""
    rng = random.Random(seed)
    walk = [(rng.randrange(rows), rng.randrange(cols))]
    seen = set(walk)
    while True:
        r, c = walk[-1]
        free = [
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in seen
        ]
        if not free:
            break
        walk.append(rng.choice(free))
        seen.add(walk[-1])
    grid = ["".join("1" if (r, c) in seen else "0" for c in range(cols)) for r in range(rows)]
    puzzle = from_rows(grid, walk[0])
    top, left = walk[0][0] - puzzle.start[0], walk[0][1] - puzzle.start[1]
    return puzzle, Solution(path=tuple((r - top, c - left) for r, c in walk))


def assert_solves(puzzle: Puzzle) -> Solution:
    solution = solve(puzzle)
    assert solution is not None, format_puzzle(puzzle)
    verify(puzzle, solution)
    return solution


# --- known boards ---------------------------------------------------------------------------


def test_seed_map_from_its_start() -> None:
    puzzle = parse(SEED_MAP, start=(2, 4))  # vertex 14: six tiles, four, then the fifth of six
    assert puzzle.rows == 5 and len(puzzle.tiles) == 26
    assert_solves(puzzle)


def test_seed_map_from_a_start_without_path_is_proved_by_search() -> None:
    puzzle = parse(SEED_MAP, start=(2, 2))
    assert why_unsolvable(puzzle) is None  # no count rules it out...
    result = search(puzzle)
    assert result.solution is None and result.nodes > 0  # ...the search does
    assert "complete search" in result.reason
    assert brute_force(puzzle) is None


@pytest.mark.parametrize("name", ["onestroke-level643", "onestroke-level641-video-frame"])
def test_real_levels(name: str) -> None:
    truth = json.loads((REAL / f"{name}.json").read_text())
    puzzle = Puzzle.from_json(truth)
    assert len(assert_solves(puzzle).path) == sum(row.count("1") for row in truth["grid"])


def test_single_tile() -> None:
    assert solve(parse("S")) == Solution(path=((0, 0),))


def test_search_is_deterministic() -> None:
    puzzle, _ = random_level(9, 9, 0.1, random.Random(3))
    assert solve(puzzle) == solve(puzzle)


# --- quick proofs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        (["S10", "001"], "not all connected"),
        (["11011", "11S11", "11011"], "cuts the other tiles apart"),
        (["S111", "1111", "1001"], "2 tiles other than the start have a single neighbour"),
        (["1S", "11", "10"], "they are 2 and 3"),
        (["1S11", "1111", "0010", "0010"], "[3, 2] has a single neighbour, so the path must end"),
    ],
)
def test_quick_proofs(rows: list[str], words: str) -> None:
    puzzle = parse("\n".join(rows))
    reason = why_unsolvable(puzzle)
    assert reason is not None and words in reason
    result = search(puzzle)
    assert (result.solution, result.nodes, result.reason) == (None, 0, reason)
    assert brute_force(puzzle) is None


def test_budget_ends_in_an_error() -> None:
    puzzle, _ = random_level(10, 10, 0.1, random.Random(5))
    with pytest.raises(SearchBudgetError, match=r"after 20 moves tried on a \d+x\d+ board"):
        solve(puzzle, max_nodes=20)


# --- random boards ----------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.integers(0, 2**32))
def test_random_walk_boards_are_solved(rows: int, cols: int, seed: int) -> None:
    puzzle, walk = walk_level(rows, cols, seed)
    verify(puzzle, walk)
    assert why_unsolvable(puzzle) is None
    assert_solves(puzzle)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 10),
    st.integers(2, 10),
    st.floats(0.0, 0.3),
    st.integers(0, 2**32),
)
def test_random_levels_are_solved(rows: int, cols: int, holes: float, seed: int) -> None:
    puzzle, path = random_level(rows, cols, holes, random.Random(seed))
    verify(puzzle, path)
    assert len(puzzle.tiles) >= (1 - holes) * rows * cols - 1
    assert_solves(puzzle)


@st.composite
def small_boards(draw: st.DrawFn) -> Puzzle:
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    grid = ["".join("1" if cells[r * cols + c] else "0" for c in range(cols)) for r in range(rows)]
    tiles = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "1"]
    if not tiles:
        grid, tiles = ["1"], [(0, 0)]
    return from_rows(grid, draw(st.sampled_from(tiles)))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_boards())
def test_small_boards_agree_with_brute_force(puzzle: Puzzle) -> None:
    result = search(puzzle)
    truth = brute_force(puzzle)
    if result.solution is None:
        assert truth is None, (format_puzzle(puzzle), result.reason)
        assert result.reason
    else:
        assert truth is not None
        verify(puzzle, result.solution)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.integers(0, 2**32))
def test_dense_small_boards_agree_with_brute_force(rows: int, cols: int, seed: int) -> None:
    rng = random.Random(seed)
    grid = ["".join("0" if rng.random() < 0.12 else "1" for _ in range(cols)) for _ in range(rows)]
    tiles = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "1"]
    if not tiles:
        return
    puzzle = from_rows(grid, rng.choice(tiles))
    solution = solve(puzzle)
    assert (solution is None) == (brute_force(puzzle) is None), format_puzzle(puzzle)
    if solution is not None:
        verify(puzzle, solution)


# --- text forms and the checker ---------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 2**32))
def test_format_parse_round_trip(rows: int, cols: int, seed: int) -> None:
    puzzle, path = walk_level(rows, cols, seed)
    assert parse(format_puzzle(puzzle)) == puzzle
    assert Solution.from_json(json.loads(json.dumps(path.to_json()))) == path


def test_seed_notation_marks_the_start() -> None:
    assert parse("'000',\n'0S1',\n'011'") == Puzzle(grid=("11", "11"), start=(0, 0))
    with pytest.raises(PuzzleFormatError):
        parse("S1\n1S")


def test_verify_rejects_broken_paths() -> None:
    puzzle = parse("S11\n111")
    good = assert_solves(puzzle)
    for broken, words in [
        (good.path[1:], "begin at the start"),
        (good.path[:-1], "misses 1"),
        ((*good.path[:-1], good.path[-3]), "again"),
        ((good.path[0], *good.path[2:]), "not next to"),
    ]:
        with pytest.raises(InvalidSolutionError, match=words):
            verify(puzzle, Solution(path=broken))


def test_docstring_examples() -> None:
    assert doctest.testmod(solvers.onestroke).failed == 0
