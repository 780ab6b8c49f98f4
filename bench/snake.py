"""Snake recognizer benchmark: accuracy and speed over seeded generated pictures.

``python bench/run.py snake [--count N] [--seed S]`` renders ``N`` random fields in random
styles of both looks (drawn boards and text maps), recognizes each and prints, per look and
per drawn-board kind, how many were read exactly, refused, or read WRONG (a confident
misreading, which must never happen), and the time per picture. Then it runs the solver
benchmark ``bench/snake_solver.py`` when that module exists.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from recognizer import snake as recognizer
from tests.render import snake as render


@dataclass
class Tally:
    """Outcomes and timings of one row of the table."""

    outcomes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seconds: list[float] = field(default_factory=list)

    def add(self, outcome: str, seconds: float) -> None:
        self.outcomes[outcome] += 1
        self.seconds.append(seconds)


def _row_names(style: render.Style) -> list[str]:
    if isinstance(style, render.TextStyle):
        return ["text map", "all"]
    return [f"board: {style.board}", f"snake: {style.snake}/{style.head}", "drawn board", "all"]


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark if present."""
    parser = argparse.ArgumentParser(prog="bench/run.py snake")
    parser.add_argument("--count", type=int, default=300, help="pictures to generate")
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
        rec = recognizer.recognize(image)
        seconds = time.perf_counter() - start
        if not rec.confident:
            outcome = "refused"
        elif rec.puzzle == puzzle:
            outcome = "exact"
        else:
            outcome = "WRONG"
            wrong.append(seed)
        for name in _row_names(style):
            tallies[name].add(outcome, seconds)

    print(f"snake recognizer over {args.count} generated pictures (seeds {args.seed}..)")
    header = (
        f"{'kind':<24}{'images':>8}{'exact':>8}{'refused':>9}{'WRONG':>7}{'ms/img':>9}{'max ms':>9}"
    )
    print(header)
    print("-" * len(header))
    order = sorted(tallies, key=lambda n: (n == "all", n == "text map", n.split(":")[0], n))
    for name in order:
        t = tallies[name]
        counts = f"{t.outcomes['exact']:>8}{t.outcomes['refused']:>9}{t.outcomes['WRONG']:>7}"
        times = f"{1000 * np.mean(t.seconds):>9.0f}{1000 * max(t.seconds):>9.0f}"
        print(f"{name:<24}{len(t.seconds):>8}{counts}{times}")
    if wrong:
        print(f"WRONG readings at seeds {wrong}")

    if importlib.util.find_spec("bench.snake_solver") is not None:
        print()
        importlib.import_module("bench.snake_solver").run(rest)
