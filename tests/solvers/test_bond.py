"""Tests of the James Bond Jr. solver: rules, text forms, optimality, reachability."""

from __future__ import annotations

import doctest
import itertools
import json
import math
import random
import time
from collections import deque
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import bond
from solvers.bond import (
    DIRECTIONS,
    INVERSE,
    Grid,
    Move,
    Puzzle,
    Solution,
    _beam,
    _climb,
    _cycles,
    _member,
    _search,
    _sorted_unique,
    _space,
    apply_move,
    describe,
    format_puzzle,
    move_permutations,
    parse,
    reachable,
    solve,
    verify,
)
from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError

#: The seed's five puzzles (flat source, flat target) and their shortest lengths.
SEED = [
    ("1,2,3,4, 4,1,2,3, 3,4,1,2, 2,3,4,1", "1,2,3,4, 1,2,3,4, 1,2,3,4, 1,2,3,4", 4),
    ("1,1,1,1, 1,2,3,1, 1,3,2,1, 1,1,1,1", "1,1,1,1, 1,3,3,1, 1,2,2,1, 1,1,1,1", 4),
    ("1,2,1,3, 3,2,1,2, 1,1,3,1, 1,2,1,3", "3,1,2,3, 2,1,1,1, 1,1,1,2, 3,2,1,3", 5),
    ("1,2,2,1, 3,4,4,3, 3,4,4,3, 2,4,4,2", "4,3,4,2, 3,1,2,4, 4,2,4,3, 2,4,3,1", 8),
    ("1,1,2,2, 1,1,2,2, 3,3,4,4, 3,3,4,4", "1,1,2,2, 1,3,4,2, 3,3,4,4, 1,3,4,2", 6),
]


def grid_of(values: list[int], cols: int) -> Grid:
    return tuple(tuple(values[i : i + cols]) for i in range(0, len(values), cols))


def random_board(rng: random.Random, rows: int, cols: int, colours: int) -> Grid:
    """A board using every one of ``colours`` classes (at most rows * cols of them)."""
    n = rows * cols
    colours = min(colours, n)
    values = list(range(1, colours + 1)) + [rng.randrange(colours) + 1 for _ in range(n - colours)]
    rng.shuffle(values)
    return grid_of(values, cols)


def all_moves(rows: int, cols: int) -> list[Move]:
    return [(d, i) for d in DIRECTIONS for i in range(rows if d in ("left", "right") else cols)]


def scramble(rng: random.Random, grid: Grid, count: int) -> Grid:
    moves = all_moves(len(grid), len(grid[0]))
    for _ in range(count):
        grid = apply_move(grid, rng.choice(moves))
    return grid


def plain_bfs_distance(source: Grid, target: Grid, limit: int) -> int | None:
    """Breadth-first search on whole grids, independent of the solver's packed search."""
    moves = all_moves(len(source), len(source[0]))
    seen, queue = {source: 0}, deque([source])
    while queue:
        grid = queue.popleft()
        if grid == target:
            return seen[grid]
        if seen[grid] == limit:
            continue
        for move in moves:
            after = apply_move(grid, move)
            if after not in seen:
                seen[after] = seen[grid] + 1
                queue.append(after)
    return None


# --------------------------------------------------------------------------- rules


def test_apply_move_directions() -> None:
    grid = ((1, 2, 3), (4, 5, 6))
    assert apply_move(grid, ("left", 1)) == ((1, 2, 3), (5, 6, 4))
    assert apply_move(grid, ("right", 0)) == ((3, 1, 2), (4, 5, 6))
    assert apply_move(grid, ("up", 1)) == ((1, 5, 3), (4, 2, 6))
    assert apply_move(grid, ("down", 0)) == ((4, 2, 3), (1, 5, 6))


@pytest.mark.parametrize("move", [("left", 2), ("up", 3), ("spin", 0), ("down", -1)])
def test_apply_move_rejects_moves_off_the_board(move: Move) -> None:
    with pytest.raises(InvalidSolutionError):
        apply_move(((1, 2, 3), (4, 5, 6)), move)


@given(st.integers(2, 6), st.integers(2, 6), st.data())
def test_every_move_is_undone_by_its_inverse(rows: int, cols: int, data: st.DataObject) -> None:
    grid = grid_of(list(range(1, rows * cols + 1)), cols)
    direction, index = data.draw(st.sampled_from(all_moves(rows, cols)))
    moved = apply_move(grid, (direction, index))
    assert moved != grid
    assert apply_move(moved, (INVERSE[direction], index)) == grid
    length = cols if direction in ("left", "right") else rows
    for _ in range(length - 1):
        moved = apply_move(moved, (direction, index))
    assert moved == grid


def test_move_permutations_merge_both_directions_of_a_side_of_two() -> None:
    assert len(move_permutations(4, 4)) == 16
    assert len(move_permutations(2, 3)) == 2 * 2 + 3  # rows of 3: both ways; columns of 2: one
    assert len(move_permutations(2, 2)) == 4


def test_verify_accepts_the_seed_script_answer_and_rejects_wrong_ones() -> None:
    puzzle = parse(f"[{SEED[0][0]}] [{SEED[0][1]}]")
    seed_answer = (("left", 1), ("left", 2), ("left", 2), ("right", 3))
    verify(puzzle, Solution(seed_answer, optimal=False))
    with pytest.raises(InvalidSolutionError, match="still differ"):
        verify(puzzle, Solution(seed_answer[:3]))
    with pytest.raises(InvalidSolutionError, match="move 2"):
        verify(puzzle, Solution((("left", 1), ("up", 4))))


# --------------------------------------------------------------------------- data and text


def test_puzzle_validation() -> None:
    with pytest.raises(PuzzleFormatError, match="rectangular"):
        Puzzle(((1, 2), (1,)), ((1, 2), (1, 2)))
    with pytest.raises(PuzzleFormatError, match="2x2 but target is 2x3"):
        Puzzle(((1, 2), (2, 1)), ((1, 2, 1), (2, 1, 2)))
    with pytest.raises(PuzzleFormatError, match="supported"):
        Puzzle(((1,),), ((1,),))
    with pytest.raises(PuzzleFormatError, match="supported"):
        Puzzle(grid_of([1] * 49, 7), grid_of([1] * 49, 7))
    with pytest.raises(PuzzleFormatError, match=">= 1"):
        Puzzle(((0, 1), (1, 1)), ((1, 1), (1, 0)))
    with pytest.raises(PuzzleFormatError, match="classes"):
        Puzzle(((1, 2), (2, 1)), ((1, 2), (2, 1)), ("#ff0000",))
    with pytest.raises(PuzzleFormatError, match="rrggbb"):
        Puzzle(((1, 2), (2, 1)), ((1, 2), (2, 1)), ("#ff0000", "blue"))


def test_other_colour_counts_parse_but_do_not_solve() -> None:
    puzzle = parse("[1,1, 1,2] [1,2, 2,1]")
    assert puzzle.rows == puzzle.cols == 2
    with pytest.raises(InvalidPuzzleError, match="other colour counts"):
        solve(puzzle)


@pytest.mark.parametrize(
    "text",
    [
        "source:[1, 2, 3, 4, 4, 1, 2, 3, 3, 4, 1, 2, 2, 3, 4, 1]\n"
        "target:[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]",
        "[1,2,3,4, 4,1,2,3, 3,4,1,2, 2,3,4,1] [1,2,3,4, 1,2,3,4, 1,2,3,4, 1,2,3,4]",
        "Source: 1 2 3 4 4 1 2 3 3 4 1 2 2 3 4 1  TARGET: 1 2 3 4 1 2 3 4 1 2 3 4 1 2 3 4",
        "[[1,2,3,4],[4,1,2,3],[3,4,1,2],[2,3,4,1]] [[1,2,3,4],[1,2,3,4],[1,2,3,4],[1,2,3,4]]",
        "1 2 3 4\n4 1 2 3\n3 4 1 2\n2 3 4 1\n\n1 2 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4\n",
        "1,2,3,4,4,1,2,3,3,4,1,2,2,3,4,1,1,2,3,4,1,2,3,4,1,2,3,4,1,2,3,4",
    ],
)
def test_parse_accepts_the_seed_forms(text: str) -> None:
    puzzle = parse(text)
    assert puzzle.source == ((1, 2, 3, 4), (4, 1, 2, 3), (3, 4, 1, 2), (2, 3, 4, 1))
    assert puzzle.target == ((1, 2, 3, 4),) * 4
    assert puzzle.colors == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1,2,3] [1,2,3]", "square"),
        ("[1,2,3,4]", "source and a target"),
        ('{"source": [[1,2],[2,1]]}', "lacks target"),
        ('{"source": [[1,2],[2,1]], "target": [[1,2],[2,1]], "colors": {"2": "#000000"}}', "1..K"),
        ("{not json", "invalid JSON"),
    ],
)
def test_parse_refuses_malformed_text(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message):
        parse(text)


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    rows, cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    cells = st.lists(st.integers(1, 6), min_size=rows * cols, max_size=rows * cols)
    source, target = draw(cells), draw(cells)
    used = max(*source, *target)
    colors = draw(st.lists(st.integers(0, 0xFFFFFF), min_size=used, max_size=used))
    named = draw(st.booleans())
    return Puzzle(
        grid_of(source, cols),
        grid_of(target, cols),
        tuple(f"#{c:06x}" for c in colors) if named else (),
    )


@given(puzzles())
def test_text_and_json_round_trips(puzzle: Puzzle) -> None:
    assert parse(format_puzzle(puzzle)) == puzzle
    assert Puzzle.from_json(json.loads(json.dumps(puzzle.to_json()))) == puzzle
    assert set(puzzle.to_json()) == {"source", "target", "colors"}


def test_solution_json_and_description() -> None:
    solution = Solution((("left", 1), ("up", 3)), optimal=False)
    assert solution.to_json() == {"moves": [["left", 1], ["up", 3]], "optimal": False}
    assert Solution.from_json(solution.to_json()) == solution
    assert Solution.from_json({"moves": [["down", 0]]}).optimal
    assert describe(solution) == "2 moves (not proven shortest)"
    assert describe(Solution((("down", 0),))) == "1 move (optimal)"
    with pytest.raises(PuzzleFormatError):
        Solution.from_json({"moves": [["sideways", 1]]})
    with pytest.raises(PuzzleFormatError):
        Solution.from_json({"steps": []})


# --------------------------------------------------------------------------- solving


@pytest.mark.parametrize(("source", "target", "shortest"), SEED)
def test_seed_puzzles_are_solved_at_their_shortest_length(
    source: str, target: str, shortest: int
) -> None:
    puzzle = parse(f"source: [{source}] target: [{target}]")
    solution = solve(puzzle)
    assert solution is not None
    verify(puzzle, solution)
    assert solution.optimal
    assert len(solution.moves) == shortest


def test_a_solved_board_needs_no_moves() -> None:
    board = ((1, 2), (2, 1))
    assert solve(Puzzle(board, board)) == Solution((), optimal=True)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(2, 4), st.integers(2, 6), st.integers(0, 7), st.randoms())
def test_a_scramble_of_k_moves_is_undone_in_at_most_k(
    rows: int, cols: int, colours: int, k: int, rng: random.Random
) -> None:
    target = random_board(rng, rows, cols, colours)
    puzzle = Puzzle(scramble(rng, target, k), target)
    solution = solve(puzzle)
    assert solution is not None
    verify(puzzle, solution)
    assert solution.optimal
    assert len(solution.moves) <= k


def test_lengths_match_an_independent_plain_search() -> None:
    rng = random.Random(7)
    for trial in range(10):
        rows, cols = (3, 3) if trial % 2 else (4, 4)
        target = random_board(rng, rows, cols, 2 + trial % 4)
        source = scramble(rng, target, 4)
        solution = solve(Puzzle(source, target))
        assert solution is not None
        assert len(solution.moves) == plain_bfs_distance(source, target, 4)


@pytest.mark.parametrize(("rows", "cols", "colours"), [(5, 5, 4), (6, 6, 6), (5, 6, 3), (6, 6, 36)])
def test_large_boards_get_a_verified_sequence(rows: int, cols: int, colours: int) -> None:
    rng = random.Random(rows * 100 + colours)
    source = random_board(rng, rows, cols, colours)
    cells = [v for row in source for v in row]
    rng.shuffle(cells)
    puzzle = Puzzle(source, grid_of(cells, cols))
    if not reachable(puzzle):  # an odd permutation of distinct colours: make it even
        cells[0], cells[1] = cells[1], cells[0]
        puzzle = Puzzle(source, grid_of(cells, cols))
    solution = solve(puzzle, time_budget=0.5)
    assert solution is not None
    verify(puzzle, solution)
    if colours == rows * cols:  # all distinct on 6x6: no machine proves it in half a second
        assert not solution.optimal


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 4), (4, 4), (2, 5), (6, 5)])
def test_odd_permutations_are_reachable_when_a_side_is_even(rows: int, cols: int) -> None:
    source = grid_of(list(range(1, rows * cols + 1)), cols)
    target = grid_of([2, 1, *range(3, rows * cols + 1)], cols)
    puzzle = Puzzle(source, target)
    assert reachable(puzzle)
    solution = solve(puzzle, time_budget=1.0)
    assert solution is not None
    verify(puzzle, solution)


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 5), (5, 5)])
def test_an_odd_permutation_of_distinct_colours_on_odd_sides_is_unsolvable(
    rows: int, cols: int
) -> None:
    source = grid_of(list(range(1, rows * cols + 1)), cols)
    swapped = grid_of([2, 1, *range(3, rows * cols + 1)], cols)
    assert solve(Puzzle(source, swapped)) is None
    repeated = grid_of([1, 1, *range(3, rows * cols + 1)], cols)
    cycled = grid_of([1, 3, 1, *range(4, rows * cols + 1)], cols)
    solution = solve(Puzzle(repeated, cycled), time_budget=1.0)
    assert solution is not None
    verify(Puzzle(repeated, cycled), solution)


def test_the_3x3_board_reaches_exactly_the_even_permutations() -> None:
    """A whole breadth-first search of the 3x3 board with distinct cells: 9!/2 boards."""
    perms = np.array([perm for _, perm in move_permutations(3, 3)])
    factorials = np.array([math.factorial(8 - i) for i in range(9)])
    later = np.triu(np.ones((9, 9), dtype=bool), k=1)

    def rank(boards: np.ndarray) -> np.ndarray:  # Lehmer code: a distinct index per board
        inversions = (boards[:, :, None] > boards[:, None, :]) & later
        return np.asarray(inversions.sum(axis=2) @ factorials)

    seen = np.zeros(math.factorial(9), dtype=bool)
    front = np.arange(9)[None, :]
    seen[rank(front)] = True
    while len(front):
        after = front[:, perms].reshape(-1, 9)
        ranks, first = np.unique(rank(after), return_index=True)
        fresh = ~seen[ranks]
        seen[ranks[fresh]] = True
        front = after[first[fresh]]
    assert seen.sum() == math.factorial(9) // 2


@pytest.mark.parametrize(("rows", "cols"), list(itertools.product(range(2, 7), range(2, 7))))
def test_every_3_cycle_is_a_conjugated_commutator(rows: int, cols: int) -> None:
    """The fact behind ``reachable``: every ordered triple of cells can be cycled."""
    n = rows * cols
    distance = _cycles(rows, cols).distance.reshape(n, n, n)
    q, p, x = np.meshgrid(np.arange(n), np.arange(n), np.arange(n), indexing="ij")
    distinct = (q != p) & (p != x) & (q != x)
    assert (distance[distinct] >= 0).all()


def test_docstring_examples() -> None:
    assert doctest.testmod(bond, optionflags=doctest.ELLIPSIS).failed == 0


def test_wide_keys_stay_exact_when_hashes_collide() -> None:
    """Boards of two words are ordered by a 64-bit hash; equal hashes must not merge boards."""
    space = _space(6, 6, 6)
    assert space.words > 1
    rng = random.Random(5)
    boards = [random_board(rng, 6, 6, 6) for _ in range(6)]
    keys = np.concatenate([space.pack(board) for board in [*boards, boards[0], boards[3]]])
    keys["hash"] = 42  # every board collides
    unique = _sorted_unique(keys)
    assert len(unique) == len({tuple(w) for w in keys["words"].tolist()}) == 6
    assert _member(keys, unique).all()
    others = np.concatenate([space.pack(random_board(rng, 6, 6, 6)) for _ in range(3)])
    others["hash"] = 42
    assert not _member(others, unique).any()


@pytest.mark.parametrize(("improve", "size"), [(_climb, 5_000), (_beam, 300)])
@pytest.mark.parametrize(("rows", "cols", "colours"), [(5, 6, 3), (6, 6, 5), (3, 5, 15)])
def test_improvers_return_verified_sequences(
    improve: Callable[..., list[Move] | None], size: int, rows: int, cols: int, colours: int
) -> None:
    rng = random.Random(rows * cols + colours)
    target = random_board(rng, rows, cols, colours)
    puzzle = Puzzle(scramble(rng, target, 40), target)
    if not reachable(puzzle):
        puzzle = Puzzle(apply_move(puzzle.source, ("up", 0)), target)
    space = _space(rows, cols, colours)
    search = _search(space, space.pack(puzzle.source), space.pack(target), time.monotonic() + 0.2)
    moves = improve(space, puzzle, search.backward, size, time.monotonic() + 30)
    assert moves is not None
    verify(puzzle, Solution(tuple(moves), optimal=False))


def test_parse_reads_a_pasted_block_of_the_seed() -> None:
    block = """====== 4 ======
source:[1,2,2,1, 3,4,4,3, 3,4,4,3, 2,4,4,2]
target:[4,3,4,2, 3,1,2,4, 4,2,4,3, 2,4,3,1]
only difs:
['left' , 2]
['up' , 3]
"""
    puzzle = parse(block)
    assert puzzle.source[0] == (1, 2, 2, 1)
    assert puzzle.target[3] == (2, 4, 3, 1)


@pytest.mark.parametrize(
    ("rows", "cols", "colours"),
    [(2, 2, 2), (3, 3, 9), (4, 4, 4), (4, 4, 16), (5, 5, 3), (6, 6, 36)],
)
def test_packed_boards_count_cells_in_place(rows: int, cols: int, colours: int) -> None:
    rng = random.Random(colours)
    space = _space(rows, cols, colours)
    target = random_board(rng, rows, cols, colours)
    boards = [random_board(rng, rows, cols, colours) for _ in range(40)]
    counts = space.correct(np.concatenate([space.pack(b) for b in boards]), space.pack(target))
    expected = [
        sum(a == b for a, b in zip(sum(board, ()), sum(target, ()), strict=True))
        for board in boards
    ]
    assert counts.tolist() == expected


def test_class_numbers_need_not_be_dense() -> None:
    puzzle = parse(f"[{SEED[3][0]}] [{SEED[3][1]}]")
    sparse = {1: 7, 2: 300, 3: 12, 4: 65}
    renamed = Puzzle(
        tuple(tuple(sparse[v] for v in row) for row in puzzle.source),
        tuple(tuple(sparse[v] for v in row) for row in puzzle.target),
    )
    solution = solve(renamed)
    assert solution is not None
    verify(renamed, solution)
    assert len(solution.moves) == SEED[3][2]


@settings(max_examples=12, deadline=None)
@given(st.integers(5, 6), st.integers(5, 6), st.integers(2, 6), st.integers(0, 6), st.randoms())
def test_short_scrambles_of_large_boards_are_undone_optimally(
    rows: int, cols: int, colours: int, k: int, rng: random.Random
) -> None:
    target = random_board(rng, rows, cols, colours)
    puzzle = Puzzle(scramble(rng, target, k), target)
    solution = solve(puzzle, time_budget=30.0)
    assert solution is not None
    verify(puzzle, solution)
    assert solution.optimal
    assert len(solution.moves) <= k
