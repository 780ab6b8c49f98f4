"""Tic-tac-toe solver: every reachable position against a plain minimax, seed examples, rules."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from solvers.tictactoe import (
    Puzzle,
    Solution,
    describe,
    format_puzzle,
    parse,
    positions,
    set_first,
    solve,
    verify,
)

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def full_minimax(first: str) -> dict[tuple[str, str], int]:
    """Value (+1 x wins, 0 draw, -1 o wins) of every reachable 3x3 position, bottom-up."""
    layers: list[set[tuple[str, str]]] = [{("-" * 9, first)}]
    for _ in range(9):
        nxt = set()
        for board, mover in layers[-1]:
            if line_of(board) or "-" not in board:
                continue
            for i, ch in enumerate(board):
                if ch == "-":
                    nxt.add((board[:i] + mover + board[i + 1 :], "o" if mover == "x" else "x"))
        layers.append(nxt)
    value: dict[tuple[str, str], int] = {}
    for layer in reversed(layers):
        for board, mover in layer:
            owner = line_of(board)
            if owner or "-" not in board:
                value[(board, mover)] = {"x": 1, "o": -1, "": 0}[owner]
                continue
            nxt_mover = "o" if mover == "x" else "x"
            kids = [
                value[(board[:i] + mover + board[i + 1 :], nxt_mover)]
                for i, ch in enumerate(board)
                if ch == "-"
            ]
            value[(board, mover)] = max(kids) if mover == "x" else min(kids)
    return value


def line_of(board: str) -> str:
    for a, b, c in LINES:
        if board[a] != "-" and board[a] == board[b] == board[c]:
            return board[a]
    return ""


OUTCOME = {1: "x win", 0: "draw", -1: "o win"}


@pytest.mark.parametrize("first", ["x", "o"])
def test_every_reachable_position_matches_plain_minimax(first: str) -> None:
    truth = full_minimax(first)
    reached = list(positions(first))
    assert len(reached) == 5478
    assert {(p.board, p.to_move) for p in reached} == set(truth)
    for puzzle in reached:
        sol = solve(puzzle)
        value = truth[(puzzle.board, puzzle.to_move)]
        assert sol.outcome == OUTCOME[value], puzzle
        if sol.move is None:
            assert puzzle.result() is not None
            continue
        after = puzzle.play(sol.move)
        assert truth[(after.board, after.to_move)] == value, (puzzle, sol)


SEED_EXAMPLES = [
    ("xo-x-o-xo", "x", "x win"),
    ("xoxoxoox-", "x", "x win"),
    ("x-o-ox-x-", "o", "o win"),
    ("x-o------", "x", "x win"),
    ("-----xoo-", "x", "x win"),
    ("ox--x-oox", "x", "draw"),
]


@pytest.mark.parametrize(("board", "mover", "outcome"), SEED_EXAMPLES)
def test_seed_examples(board: str, mover: str, outcome: str) -> None:
    puzzle = Puzzle(board, mover)
    sol = solve(puzzle)
    assert sol.outcome == outcome
    verify(puzzle, sol)


@pytest.mark.parametrize(
    ("board", "mover", "message"),
    [
        ("xxx------", "o", "counts differ"),
        ("xxxooo---", "x", "both x and o"),
        ("xxxoo-o--", "x", "moves again"),
        ("ooo-xx-x-", "o", "moves again"),
        ("x--------", "x", "more marks"),
    ],
)
def test_impossible_boards_are_refused(board: str, mover: str, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        Puzzle(board, mover)


def test_lines_sharing_no_cell_are_refused_on_larger_boards() -> None:
    with pytest.raises(InvalidPuzzleError, match="share no cell"):
        Puzzle("xxx-oo-oxxx-oo-o", "o", k=3)


@pytest.mark.parametrize(
    "bad", ["xo", "xo-x-o-xa", '{"board": "xo-x-o-xo"}', "[1]", '{"board": 9, "to_move": "x"}']
)
def test_malformed_text_is_refused(bad: str) -> None:
    with pytest.raises(PuzzleFormatError):
        parse(bad)


def test_parse_forms_and_round_trip() -> None:
    assert parse("xo-x-o-xo") == Puzzle("xo-x-o-xo", "x")
    assert parse("XO.\nx_o\n-xo") == Puzzle("xo-x-o-xo", "x")
    assert parse("x-o------ x") == Puzzle("x-o------", "x")
    assert parse("xo------- o") == Puzzle("xo-------", "o")
    p = Puzzle("-" * 16, "x", k=4)
    assert json.loads(format_puzzle(p)) == {"board": "-" * 16, "to_move": "x", "k": 4}
    assert parse(format_puzzle(p)) == p
    q = Puzzle("x---o-o--", "x")
    assert json.loads(format_puzzle(q)) == {"board": "x---o-o--", "to_move": "x"}


def test_first_mover() -> None:
    assert Puzzle.from_board("---------").to_move == "x"
    assert Puzzle.from_board("--o------").to_move == "x"
    p = Puzzle.from_board("xo-------")
    assert p.to_move == "x"
    assert set_first(p, "o").to_move == "o"
    assert set_first(Puzzle.from_board("x--------"), "o").to_move == "o"


def test_finished_games_have_no_move() -> None:
    sol = solve(Puzzle("xxxoo----", "o"))
    assert sol == Solution(None, "x win")
    assert solve(Puzzle("xoxxoooxx", "o")) == Solution(None, "draw")
    assert describe(sol) == "game over: x win"
    verify(Puzzle("xxxoo----", "o"), sol)


def test_verify_rejects_wrong_answers() -> None:
    puzzle = Puzzle("xo-x-o-xo", "x")
    with pytest.raises(InvalidSolutionError, match="not 'draw'"):
        verify(puzzle, Solution((2, 0), "draw"))
    with pytest.raises(InvalidSolutionError, match="leads to"):
        verify(puzzle, Solution((0, 2), "x win"))
    with pytest.raises(InvalidSolutionError, match="illegal"):
        verify(puzzle, Solution((0, 0), "x win"))
    with pytest.raises(InvalidSolutionError, match="move is needed"):
        verify(puzzle, Solution(None, "x win"))
    with pytest.raises(InvalidSolutionError, match="over"):
        verify(Puzzle("xxxoo----", "o"), Solution((2, 2), "x win"))


def test_solution_json_round_trip() -> None:
    sol = solve(Puzzle("x-o------", "x"))
    assert Solution.from_json(json.loads(json.dumps(sol.to_json()))) == sol
    assert Solution.from_json({"move": None, "outcome": "draw"}).move is None
    assert "x win with best play" in describe(sol)


def test_four_by_four() -> None:
    assert solve(Puzzle("x-o--o---x-----x", "o", k=4)).outcome == "draw"
    puzzle = Puzzle("xxx-ooo-x-o-o-x-", "x", k=4)
    sol = solve(puzzle)
    assert sol == Solution((0, 3), "x win")
    verify(puzzle, sol)
    puzzle = Puzzle("x-o--x--o-o-o-xx", "x", k=3)  # 4x4 with 3 in a row
    sol = solve(puzzle)
    verify(puzzle, sol)
    assert sol.outcome == "x win"


@st.composite
def legal_positions(draw: st.DrawFn) -> Puzzle:
    """A random game from the empty board, stopped at a random point."""
    n = draw(st.sampled_from([3, 3, 4]))
    k = 3 if n == 3 else draw(st.sampled_from([3, 4]))
    puzzle = Puzzle("-" * (n * n), draw(st.sampled_from(["x", "o"])), k)
    plies = draw(st.integers(0, n * n))
    if n == 4:
        plies = max(plies, 8)  # keep the independent check within its budget
    for _ in range(plies):
        if puzzle.result() is not None:
            break
        puzzle = puzzle.play(draw(st.sampled_from(puzzle.empty_cells())))
    return puzzle


@settings(max_examples=40, deadline=None)
@given(legal_positions())
def test_random_positions_verify(puzzle: Puzzle) -> None:
    sol = solve(puzzle)
    verify(puzzle, sol)
    assert Puzzle.from_json(puzzle.to_json()) == puzzle
