"""Knight's tour benchmark: ``python bench/run.py knight [--quick]``.

Tables: every start square of every board from 5x5 to 12x12 (open and closed tours:
found, proven none, failures, time); 100x100 from a corner; the seed's plain
backtracking against this solver on 5x5 and 6x6; recognition of generated pictures; the
recognizer's speed on 1080x2340 phone screenshots of boards, of the other games and of
non-puzzles (and how many of those it wrongly accepted).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from bench._accuracy import Sample, measure, print_speed, print_table
from recognizer.image import decode_image
from recognizer.knight import recognize
from solvers.errors import SearchBudgetError
from solvers.knight import KNIGHT_STEPS, Puzzle, solve, theorem_reason, verify
from tests.render.knight import random_puzzle, random_style, render

REAL = Path(__file__).resolve().parent.parent / "sample_images" / "real"


def every_start(low: int, high: int) -> None:
    """Solve from every square of every board ``low``..``high`` a side."""
    print(f"\n## every start square, boards {low}x{low} .. {high}x{high}")
    print(f"{'kind':<7} {'boards':>6} {'starts':>7} {'tours':>7} {'theorem':>8} "
          f"{'search':>7} {'fail':>5} {'time s':>7} {'worst ms':>9} worst")  # fmt: skip
    for closed in (False, True):
        tours = theorem = searched = failures = starts = 0
        worst, worst_case = 0.0, ""
        began = time.perf_counter()
        for rows in range(low, high + 1):
            for cols in range(low, high + 1):
                for r in range(rows):
                    for c in range(cols):
                        puzzle = Puzzle(rows, cols, (r, c), closed)
                        starts += 1
                        t0 = time.perf_counter()
                        try:
                            solution = solve(puzzle)
                        except SearchBudgetError:
                            failures += 1
                            continue
                        spent = time.perf_counter() - t0
                        if spent > worst:
                            worst, worst_case = spent, f"{rows}x{cols} {[r, c]}"
                        if solution is None:
                            if theorem_reason(puzzle) is None:
                                searched += 1
                            else:
                                theorem += 1
                        else:
                            verify(puzzle, solution)
                            tours += 1
        total = time.perf_counter() - began
        kind = "closed" if closed else "open"
        boards = (high - low + 1) ** 2
        print(f"{kind:<7} {boards:>6} {starts:>7} {tours:>7} {theorem:>8} {searched:>7} "
              f"{failures:>5} {total:>7.1f} {worst * 1000:>9.0f} {worst_case}")  # fmt: skip


def large_board() -> None:
    """100x100 (and larger) from a corner."""
    print("\n## large boards from the corner")
    print(f"{'board':<9} {'kind':<7} {'ms':>8}")
    for side in (100, 200):
        for closed in (False, True):
            puzzle = Puzzle(side, side, (0, 0), closed)
            t0 = time.perf_counter()
            solution = solve(puzzle)
            spent = time.perf_counter() - t0
            assert solution is not None
            verify(puzzle, solution)
            kind = "closed" if closed else "open"
            print(f"{side}x{side:<5} {kind:<7} {spent * 1000:>8.0f}")


def plain_backtracking(
    rows: int, cols: int, start: tuple[int, int], budget: int
) -> tuple[bool, int]:
    """The seed's method: try the eight moves in a fixed order, undo on failure.

    Returns whether a tour was found and the nodes visited (stops at ``budget``).
    """
    # the seed's move order: (dx, dy) with x the row index
    order = list(zip((2, 1, -1, -2, -2, -1, 1, 2), (1, 2, 2, 1, -1, -2, -2, -1), strict=True))
    assert sorted(order) == sorted(KNIGHT_STEPS)
    seen = {start}
    path = [start]
    choice = [0]
    nodes = 0
    while path and nodes < budget:
        if len(path) == rows * cols:
            return True, nodes
        r, c = path[-1]
        k = choice[-1]
        while k < 8:
            dr, dc = order[k]
            k += 1
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in seen:
                break
        else:
            seen.discard(path.pop())
            choice.pop()
            continue
        choice[-1] = k
        path.append(nxt)
        seen.add(nxt)
        choice.append(0)
        nodes += 1
    return False, nodes


def seed_comparison(budget: int) -> None:
    """Plain backtracking (the seed) against this solver, from every square of 5x5 and 6x6."""
    print(f"\n## seed's plain backtracking (budget {budget:,} nodes per start) vs this solver")
    print(f"{'board':<6} {'method':<10} {'starts':>6} {'tours':>6} {'gave up':>8} "
          f"{'nodes':>12} {'time s':>8}")  # fmt: skip
    for side in (5, 6):
        cells = [(r, c) for r in range(side) for c in range(side)]
        t0 = time.perf_counter()
        found = gave_up = total_nodes = 0
        for cell in cells:
            ok, nodes = plain_backtracking(side, side, cell, budget)
            total_nodes += nodes
            found += ok
            gave_up += not ok and nodes >= budget
        spent = time.perf_counter() - t0
        print(f"{side}x{side:<4} {'seed':<10} {len(cells):>6} {found:>6} {gave_up:>8} "
              f"{total_nodes:>12,} {spent:>8.2f}")  # fmt: skip
        t0 = time.perf_counter()
        ours = sum(solve(Puzzle(side, side, cell)) is not None for cell in cells)
        spent = time.perf_counter() - t0
        print(
            f"{side}x{side:<4} {'solve':<10} {len(cells):>6} {ours:>6} {0:>8} {'-':>12} "
            f"{spent:>8.2f}"
        )


def recognition(count: int) -> None:
    """Recognize ``count`` generated pictures (and the real capture)."""

    def samples() -> Iterator[Sample]:
        for seed in range(count):
            rng = np.random.default_rng(seed)
            puzzle = random_puzzle(rng)
            yield Sample(seed, render(puzzle, random_style(rng), rng), puzzle, [])

    tallies, wrong = measure(samples(), recognize)
    print_table(f"\n## recognition of {count} generated pictures", tallies, wrong)
    real = recognize(decode_image((REAL / "knight-desktop-app.png").read_bytes()))
    print(f"real capture knight-desktop-app.png: {real.puzzle} (confidence {real.confidence:.2f})")


def run(argv: list[str]) -> None:
    """Print every table (``--quick``: smaller boards and fewer pictures)."""
    parser = argparse.ArgumentParser(prog="bench knight")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    print_speed("knight", recognize, 20 if args.quick else 60, 60_000)
    every_start(5, 8 if args.quick else 12)
    large_board()
    seed_comparison(20_000 if args.quick else 200_000)
    recognition(60 if args.quick else 300)
