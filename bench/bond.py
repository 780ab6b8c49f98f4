"""Bond recognizer benchmark: accuracy and speed over seeded generated screens.

``python bench/run.py bond [--count N] [--seed S]`` renders ``N`` random puzzles in random
styles (``tests/render/bond.py``), recognizes each and prints, overall and per style
feature, how many were read exactly, refused, or read WRONG (a confident misreading, which
must never happen), and the time per picture. Then it runs the solver benchmark
``bench/bond_solver.py`` when the solver and that module exist.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from recognizer import bond as recognizer
from solvers.bond import Puzzle
from tests.render import bond as render


@dataclass
class Tally:
    """Outcomes and timings of one row of the table."""

    outcomes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seconds: list[float] = field(default_factory=list)

    def add(self, outcome: str, seconds: float) -> None:
        self.outcomes[outcome] += 1
        self.seconds.append(seconds)


def _rows(puzzle: Puzzle, style: render.Style) -> list[str]:
    """The table rows a screen counts in."""
    scale = max(style.scale_x, style.scale_y)
    return [
        "all",
        f"board {puzzle.rows}x{puzzle.cols}"
        if (puzzle.rows, puzzle.cols) == (4, 4)
        else "board other",
        f"chrome: {style.chrome}",
        "smoothed" if style.smooth else "sharp",
        "jpeg" if style.jpeg_quality else "lossless",
        "scanlines" if style.scanlines else "no scanlines",
        "non-square pixels" if abs(style.scale_x / style.scale_y - 1) > 0.01 else "square pixels",
        f"scale {'< 2' if scale < 2 else '2-3' if scale < 3 else '>= 3'}",
        "target: same size" if style.target_full_size else f"target: {style.target_cell} px cells",
        f"target side: {style.target_side}",
        "target cut" if style.cut_target else "target whole",
        f"bevel {style.bevel}, board separator {style.board_separator}",
        f"cursor: {style.cursor}",
    ]


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark if present."""
    parser = argparse.ArgumentParser(prog="bench/run.py bond")
    parser.add_argument("--count", type=int, default=300, help="screens to generate")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args, rest = parser.parse_known_args(argv)

    tallies: dict[str, Tally] = defaultdict(Tally)
    wrong: list[int] = []
    for seed in range(args.seed, args.seed + args.count):
        rng = np.random.default_rng(seed)
        puzzle = render.random_puzzle(rng)
        style = render.random_style(rng)
        image = render.render(puzzle, style, rng)
        start = time.perf_counter()
        result = recognizer.recognize(image)
        seconds = time.perf_counter() - start
        read = result.puzzle if result.confident else None
        if not isinstance(read, Puzzle):
            outcome = "refused"
        elif (read.source, read.target) == (puzzle.source, puzzle.target):
            outcome = "exact"
        else:
            outcome = "WRONG"
            wrong.append(seed)
        for row in _rows(puzzle, style):
            tallies[row].add(outcome, seconds)

    print(f"Bond recognizer over {args.count} generated screens (seeds {args.seed}..)")
    columns = ("images", "exact", "refused", "WRONG", "ms med", "ms max")
    header = f"{'':34} " + " ".join(f"{c:>7}" for c in columns)
    print(header)
    print("-" * len(header))
    for name in sorted(tallies, key=lambda n: (n != "all", n)):
        tally = tallies[name]
        ms = [1000 * s for s in tally.seconds]
        print(
            f"{name:34} {len(ms):7d} {tally.outcomes['exact']:7d} {tally.outcomes['refused']:7d} "
            f"{tally.outcomes['WRONG']:7d} {statistics.median(ms):7.0f} {max(ms):7.0f}"
        )
    if wrong:
        print(f"WRONG readings at seeds {wrong}")

    if importlib.util.find_spec("solvers.bond") and importlib.util.find_spec("bench.bond_solver"):
        print()
        importlib.import_module("bench.bond_solver").run(rest)
