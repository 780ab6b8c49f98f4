"""Tests of the knight's tour solver: every answer judged by ``verify``; no-tour claims
checked against a plain exhaustive search written here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import knight
from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from solvers.knight import (
    Cell,
    Puzzle,
    Solution,
    describe,
    format_puzzle,
    parse,
    solve,
    theorem_reason,
    verify,
    why_unsolvable,
)

STEPS = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def plain_tour_exists(rows: int, cols: int, start: Cell, closed: bool) -> bool:
    """Plain iterative backtracking over every path (no pruning): the reference."""
    total = rows * cols

    def moves(cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]

    path = [start]
    seen = {start}
    stack = [iter(moves(start))]
    while stack:
        if len(path) == total and (not closed or start in moves(path[-1])):
            return True
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            seen.discard(path.pop())
            continue
        if step not in seen:
            path.append(step)
            seen.add(step)
            stack.append(iter(moves(step)))
    return False


def check(puzzle: Puzzle) -> Solution | None:
    solution = solve(puzzle)
    if solution is not None:
        verify(puzzle, solution)
        if puzzle.closed:
            assert solution.closed
    return solution


SMALL_BOARDS = [(r, c) for r in range(1, 6) for c in range(r, 6) if r * c <= 18] + [(3, 7)]


@pytest.mark.parametrize(("rows", "cols"), SMALL_BOARDS)
def test_small_boards_match_plain_search(rows: int, cols: int) -> None:
    for closed in (False, True):
        for r in range(rows):
            for c in range(cols):
                puzzle = Puzzle(rows, cols, (r, c), closed)
                found = check(puzzle) is not None
                assert found == plain_tour_exists(rows, cols, (r, c), closed), puzzle
                assert (why_unsolvable(puzzle) is None) == found


def test_known_start_squares() -> None:
    # settled by exhaustive search
    starts_3x4 = {(r, c) for r in range(3) for c in range(4) if solve(Puzzle(3, 4, (r, c)))}
    assert starts_3x4 == {(0, 0), (0, 3), (1, 0), (1, 3), (2, 0), (2, 3)}
    assert solve(Puzzle(3, 7, (1, 3))) is None
    assert {c for c in range(8) if solve(Puzzle(3, 8, (1, c))) is None} == {2, 5}
    assert all(solve(Puzzle(5, 5, (r, c))) for r in range(5) for c in range(5) if (r + c) % 2 == 0)


@pytest.mark.parametrize(
    ("rows", "cols", "closed", "words"),
    [
        (4, 4, False, "Cull"),
        (2, 9, False, "Cull"),
        (3, 6, False, "Cull"),
        (5, 5, True, "both sides are odd"),
        (4, 10, True, "Schwenk"),
        (3, 8, True, "Schwenk"),
    ],
)
def test_theorems(rows: int, cols: int, closed: bool, words: str) -> None:
    puzzle = Puzzle(rows, cols, (0, 0), closed)
    assert solve(puzzle) is None
    reason = why_unsolvable(puzzle)
    assert reason is not None and words in reason


def test_why_unsolvable_after_solve_does_not_search_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the CLI asks solve, then why_unsolvable when solve found no tour
    puzzle = Puzzle(3, 8, (1, 5))
    assert theorem_reason(puzzle) is None
    assert solve(puzzle) is None
    calls = []
    monkeypatch.setattr(knight, "heuristic_tour", lambda *a: calls.append(a))
    monkeypatch.setattr(knight, "exhaustive_tour", lambda *a: calls.append(a))
    reason = why_unsolvable(puzzle)
    assert reason is not None and "exhaustive search" in reason
    assert calls == []


def test_colour_and_edge_rows() -> None:
    assert "minority" in (theorem_reason(Puzzle(7, 9, (0, 1))) or "")
    assert "middle" in (theorem_reason(Puzzle(4, 9, (2, 3))) or "")
    assert "middle" in (theorem_reason(Puzzle(11, 4, (5, 1))) or "")
    assert check(Puzzle(4, 9, (3, 3))) is not None


@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    data=st.data(),
    closed=st.booleans(),
)
@settings(max_examples=80, deadline=None)
def test_any_board(rows: int, cols: int, data: st.DataObject, closed: bool) -> None:
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    puzzle = Puzzle(rows, cols, start, closed)
    solution = check(puzzle)
    m, n = sorted((rows, cols))
    if solution is None:
        # every "none" below 5 a side is backed by a theorem or a settled small board
        assert theorem_reason(puzzle) is not None or (m == 3 and n in (4, 7, 8))
    elif m >= 5 and not closed:
        assert (rows * cols) % 2 == 0 or sum(start) % 2 == 0


@pytest.mark.parametrize("closed", [False, True])
def test_large_board_from_corner(closed: bool) -> None:
    puzzle = Puzzle(100, 100, (0, 0), closed)
    solution = check(puzzle)
    assert solution is not None and len(solution.tour) == 10_000


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (8, 8), (5, 6), (3, 10), (7, 12), (30, 41)])
def test_closed_tours(rows: int, cols: int) -> None:
    solution = check(Puzzle(rows, cols, (rows // 2, cols // 3), closed=True))
    assert solution is not None and solution.closed


def test_text_forms() -> None:
    assert parse("8x8 a8") == Puzzle(8, 8, (0, 0))
    assert parse("8x8 h1") == Puzzle(8, 8, (7, 7))
    assert parse("5 6 2 3 closed") == Puzzle(5, 6, (2, 3), closed=True)
    assert parse('{"rows": 5, "cols": 7, "start": [1, 2]}') == Puzzle(5, 7, (1, 2))
    for puzzle in (Puzzle(5, 7, (1, 2)), Puzzle(6, 6, (0, 5), closed=True)):
        assert parse(format_puzzle(puzzle)) == puzzle
    assert "closed" not in Puzzle(5, 7, (1, 2)).to_json()
    with pytest.raises(PuzzleFormatError):
        parse("a knight somewhere")
    with pytest.raises(InvalidPuzzleError):
        Puzzle(5, 5, (5, 0))
    with pytest.raises(PuzzleFormatError):
        Puzzle.from_json({"rows": 5, "cols": 5})
    with pytest.raises(PuzzleFormatError):
        Puzzle.from_json({"rows": 5, "cols": 5, "start": "a1"})


def test_verify_names_the_broken_rule() -> None:
    puzzle = Puzzle(5, 5, (0, 0))
    good = solve(puzzle)
    assert good is not None
    tour = list(good.tour)
    cases = {
        "starts at": [tour[1], tour[0], *tour[2:]],
        "squares; the board": tour[:-1],
        "twice": [*tour[:-1], tour[0]],
        "not a knight move": [*tour[:-2], tour[-1], tour[-2]],
    }
    for words, bad in cases.items():
        with pytest.raises(InvalidSolutionError, match=words):
            verify(puzzle, Solution(tuple(bad), False))
    with pytest.raises(InvalidSolutionError, match="claimed closed"):
        verify(puzzle, Solution(good.tour, True))
    closed = solve(Puzzle(6, 6, (0, 0), closed=True))
    assert closed is not None
    with pytest.raises(InvalidSolutionError, match="closed tour was asked"):
        verify(Puzzle(6, 6, (0, 0), closed=True), Solution(closed.tour, False))
    assert Solution.from_json(good.to_json()) == good
    assert describe(good) == "open tour of 25 squares, 24 moves"
