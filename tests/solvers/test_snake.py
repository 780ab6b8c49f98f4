"""CheckiO Snake: data model, rules, planner (judged by verify), whole simulated games."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import snake as solvers_snake
from solvers.errors import InvalidPuzzleError, InvalidSolutionError, PuzzleFormatError
from solvers.snake import (
    Arena,
    Puzzle,
    Solution,
    chase_tail,
    checkio,
    cherry_trap,
    describe,
    doomed,
    format_puzzle,
    head_path,
    move,
    parse,
    solve,
    verify,
)
from solvers.snake_sim import greedy, play, random_puzzle, render_field, unwinnable_reason

#: The mission's example (seed 002), as the checkio call shows it.
EXAMPLE = """checkio([
    ".T.....T..",
    ".C........",
    ".....T....",
    "..T....T..",
    "..........",
    ".0...T....",
    ".1........",
    ".2.T...T..",
    ".3...T....",
    ".4........"
])"""


def puzzles(rows: int = 10, cols: int = 10) -> st.SearchStrategy[Puzzle]:
    """Random fields: trees, a snake of 3-9 and a cherry, from a seeded generator."""
    return st.builds(
        lambda seed, length, trees: random_puzzle(
            random.Random(seed), rows, cols, (trees, trees), length
        ),
        st.integers(0, 2**32),
        st.integers(3, 9),
        st.integers(0, min(20, rows * cols // 5)),
    )


def replay(puzzle: Puzzle, actions: str) -> tuple[tuple[int, int], ...] | None:
    """The body after ``actions`` (None on a crash)."""
    arena, body = Arena.of(puzzle), puzzle.snake
    for action in actions:
        nxt = move(arena, body, action, puzzle.cherry)
        if nxt is None:
            return None
        body = nxt
    return body


# --------------------------------------------------------------------------- data model


def test_example_reads_from_every_notation() -> None:
    p = parse(EXAMPLE)
    assert p.rows == p.cols == 10
    assert p.snake == ((5, 1), (6, 1), (7, 1), (8, 1), (9, 1))
    assert p.cherry == (1, 1)
    assert (0, 1) in p.trees and len(p.trees) == 9
    bare = "\n".join(f'"{row}",' for row in p.field)
    assert parse(bare) == p
    assert parse("\n".join(p.field)) == p
    assert parse(json.dumps(list(p.field))) == p
    assert parse(json.dumps(p.to_json())) == p
    assert parse(format_puzzle(p)) == p


@settings(max_examples=40, deadline=None)
@given(puzzles(rows=7, cols=9))
def test_round_trips(p: Puzzle) -> None:
    assert parse(format_puzzle(p)) == p
    assert Puzzle.from_json(json.loads(json.dumps(p.to_json()))) == p
    solution = Solution("FL", ((1, 2), (1, 3)), safe=False)
    assert Solution.from_json(json.loads(json.dumps(solution.to_json()))) == solution


@pytest.mark.parametrize(
    ("rows", "error", "words"),
    [
        (["..C", "..", "210"], PuzzleFormatError, "differ in length"),
        (["..C", "..X", "210"], PuzzleFormatError, "unexpected characters"),
        ([], PuzzleFormatError, "empty"),
        (["..C", "...", "..."], InvalidPuzzleError, "no head"),
        (["..C", "...", "..0"], InvalidPuzzleError, "no neck"),
        (["..C", "...", "201"], InvalidPuzzleError, "not neighbours"),
        (["..C", "3.2", "1.0"], InvalidPuzzleError, "not neighbours"),
        (["..C", "1..", "210"], InvalidPuzzleError, "more than once"),
        (["4.C", "...", "210"], InvalidPuzzleError, "missing"),
        (["...", "...", "210"], InvalidPuzzleError, "one cherry"),
        (["C.C", "...", "210"], InvalidPuzzleError, "one cherry"),
    ],
)
def test_bad_fields_are_refused(rows: list[str], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        Puzzle(tuple(rows))


@pytest.mark.parametrize(
    "text", ['{"field": "..C"}', '{"rows": 3}', "{nope", "[1, 2]", "checkio([...)", "{}"]
)
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(PuzzleFormatError):
        parse(text)


def test_bad_solutions_are_refused() -> None:
    with pytest.raises(PuzzleFormatError):
        Solution("FX", ((0, 0), (0, 1)))
    with pytest.raises(PuzzleFormatError):
        Solution("FF", ((0, 0),))
    with pytest.raises(PuzzleFormatError):
        Solution.from_json({"actions": "F", "path": [[0, "a"]]})
    with pytest.raises(PuzzleFormatError):
        Solution.from_json({"actions": "F", "path": [[0, 0]], "safe": "yes"})


# --------------------------------------------------------------------------- rules


def test_head_may_enter_the_cell_the_tail_leaves() -> None:
    p = Puzzle(("01..", "32..", "...C"))
    arena = Arena.of(p)
    assert p.snake == ((0, 0), (0, 1), (1, 1), (1, 0))
    assert move(arena, p.snake, "L", None) == ((1, 0), (0, 0), (0, 1), (1, 1))
    assert move(arena, p.snake, "R", None) is None  # the wall
    assert move(arena, p.snake, "F", None) is None


def test_eating_grows_and_the_grown_tail_blocks() -> None:
    p = Puzzle(("....", "C012", "....", "...."))
    arena = Arena.of(p)
    grown = move(arena, p.snake, "F", p.cherry)
    assert grown == ((1, 0), (1, 1), (1, 2), (1, 3))
    assert grown is not None and move(arena, grown, "F", None) is None


def test_tail_chase_closes_a_loop_for_odd_and_even_snakes() -> None:
    for p in (parse(EXAMPLE), Puzzle(("....C.", "......", ".0123.", "......"))):
        arena = Arena.of(p)
        actions = chase_tail(arena, p.snake)
        assert actions
        body = p.snake
        vacated = []
        for action in actions:
            nxt = move(arena, body, action, None)
            assert nxt is not None
            vacated.append(body[-1])
            body = nxt
        assert body[0] in vacated[-2:]


def test_a_walled_snake_cannot_chase_its_tail() -> None:
    p = Puzzle(("T.T.", "T0TC", "T1T.", "T2T."))
    assert chase_tail(Arena.of(p), p.snake) is None


# --------------------------------------------------------------------------- planner


def test_example_is_solved_directly() -> None:
    p = parse(EXAMPLE)
    solution = solve(p)
    assert solution is not None and solution.safe
    verify(p, solution)
    assert solution.actions == "FFFF"
    assert solution.path[-1] == p.cherry
    assert checkio(list(p.field)) == "FFFF"
    assert "4 steps" in describe(solution)


def test_a_route_must_wait_for_the_body_to_clear() -> None:
    # The seed's second example: the body blocks the way to the cherry below the tree.
    p = Puzzle(
        (
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            ".0........",
            "T1........",
            "C2........",
            ".3........",
            ".4........",
        )
    )
    solution = solve(p)
    assert solution is not None and solution.safe
    verify(p, solution)
    assert solution.path[-1] == p.cherry


@settings(max_examples=60, deadline=None)
@given(puzzles())
def test_every_answer_verifies(p: Puzzle) -> None:
    solution = solve(p)
    if solution is None:
        assert all(replay(p, a) is None for a in "FLR")
        return
    verify(p, solution)
    assert solution.path == head_path(p.snake, solution.actions)
    if not solution.safe:
        assert replay(p, solution.actions) is not None


@settings(max_examples=25, deadline=None)
@given(puzzles(rows=6, cols=13))
def test_other_sizes(p: Puzzle) -> None:
    solution = solve(p)
    if solution is not None:
        verify(p, solution)


def test_a_cherry_walled_in_is_not_reached_but_the_snake_lives() -> None:
    p = Puzzle(
        (
            "......",
            ".TTT..",
            ".TCT..",
            ".TTT..",
            "......",
            "01234.",
        )
    )
    solution = solve(p)
    assert solution is not None and not solution.safe
    verify(p, solution)
    assert p.cherry not in solution.path
    assert "no safe route" in describe(solution)


def test_a_cherry_in_a_dead_end_is_left_until_it_is_the_last() -> None:
    p = Puzzle(
        (
            "......",
            "....TC",
            ".....T",
            "......",
            "......",
            "01234.",
        )
    )
    assert cherry_trap(Arena.of(p), p.snake, p.cherry)
    waiting = solve(p)
    assert waiting is not None and not waiting.safe and p.cherry not in waiting.path
    verify(p, waiting)
    last = solve(p, final=True)
    assert last is not None and last.path[-1] == p.cherry
    verify(p, last)
    with pytest.raises(InvalidSolutionError, match="reach its tail"):
        verify(p, Solution(last.actions, last.path, safe=True))


def test_a_cherry_in_a_small_pocket_is_a_trap_for_a_long_snake() -> None:
    field = (".CT.......", "..T.......", ".T........", *[".........."] * 5)
    short = Puzzle((*field, "..210.....", ".........."))
    long = Puzzle((*field, "543210....", ".........."))
    assert not cherry_trap(Arena.of(short), short.snake, short.cherry)
    assert cherry_trap(Arena.of(long), long.snake, long.cherry)
    solution = solve(short)
    assert solution is not None and solution.safe
    verify(short, solution)
    waiting = solve(long)
    assert waiting is not None and not waiting.safe
    verify(long, waiting)


def test_a_cherry_with_no_way_on_is_proved_fatal() -> None:
    # The cherry is the only door of a loop too short for the grown snake (bench seed 3389).
    p = Puzzle(
        (
            "..........",
            ".TT..TT...",
            "..........",
            ".......345",
            ".......210",
            ".....T..T.",
            "....T...TT",
            "...T..TT..",
            "......CT..",
            "T....T....",
        )
    )
    assert cherry_trap(Arena.of(p), p.snake, p.cherry) == "with no way on after eating it"
    waiting = solve(p)
    assert waiting is not None and not waiting.safe
    verify(p, waiting)


def test_doomed_starts() -> None:
    stuck = Puzzle(("C.....", "......", "..12..", ".T034."))
    assert doomed(Arena.of(stuck), stuck.snake, 6)
    example = parse(EXAMPLE)
    assert not doomed(Arena.of(example), example.snake, 10)


def test_no_answer_only_when_every_move_crashes() -> None:
    p = Puzzle(("C...", "..T.", ".T0T", "..1.", "..2."))
    assert solve(p) is None
    assert checkio(list(p.field)) == "F"


def test_verify_names_the_broken_rule() -> None:
    p = parse(EXAMPLE)
    with pytest.raises(InvalidSolutionError, match="crashes"):
        verify(p, Solution("FRL", ((4, 1), (4, 2), (3, 2)), safe=False))
    with pytest.raises(InvalidSolutionError, match="path says"):
        verify(p, Solution("F", ((4, 2),), safe=False))
    with pytest.raises(InvalidSolutionError, match="end by eating"):
        verify(p, Solution("FF", ((4, 1), (3, 1))))
    with pytest.raises(InvalidSolutionError, match="moves go on"):
        verify(p, Solution("FFFFF", ((4, 1), (3, 1), (2, 1), (1, 1), (0, 1)), safe=False))
    with pytest.raises(InvalidSolutionError, match="no actions"):
        verify(p, Solution("", ()))


# --------------------------------------------------------------------------- whole games


def test_whole_games_are_won_unless_provably_unwinnable() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        start = random_puzzle(rng)
        result = play(start, checkio, rng)
        assert result.won or unwinnable_reason(result, start), (seed, result)
        if result.won:
            assert result.cherries == 5 and result.steps <= 250


def test_greedy_baseline_reaches_the_example_cherry() -> None:
    p = parse(EXAMPLE)
    assert replay(p, greedy(list(p.field))) == ((1, 1), *[(r, 1) for r in range(2, 7)])


def test_render_field_draws_what_it_is_given() -> None:
    p = parse(EXAMPLE)
    assert render_field(Arena.of(p), p.snake, p.cherry) == p.field


def test_the_solver_file_alone_plays_a_whole_game(tmp_path: Path) -> None:
    # CheckiO takes one pasted file: solvers/snake.py must run with no solve-shot package.
    mission = tmp_path / "mission.py"
    mission.write_text(
        Path(solvers_snake.__file__).read_text()
        + "\n\nif __name__ == '__main__':\n"
        + "    import sys\n"
        + "    assert 'solvers' not in sys.modules\n"
        + "    for line in sys.stdin:\n"
        + "        print(checkio(json.loads(line)), flush=True)\n"
    )
    # isolated (-I) and without site-packages (-S), where solve-shot is installed
    with subprocess.Popen(
        [sys.executable, "-I", "-S", str(mission)],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    ) as pasted:
        assert pasted.stdin is not None and pasted.stdout is not None
        stdin, stdout = pasted.stdin, pasted.stdout

        def player(field: list[str]) -> str:
            stdin.write(json.dumps(field) + "\n")
            stdin.flush()
            return stdout.readline().strip()

        rng = random.Random(7)
        result = play(random_puzzle(rng), player, rng)
        stdin.close()
    assert pasted.returncode == 0
    assert result.won, result
