"""One-stroke benchmark: ``python bench/run.py onestroke [--count N] [--seed S] [solver options]``.

Renders seeded screenshots (``tests/render/onestroke.py``: phones and tablets, light and dark,
grey and coloured tiles, shadows, every cat colour, JPEG, blur, noise, video frames), reads
each with the recognizer and tallies exact readings, refusals and WRONG readings (confident
but not exactly the drawn grid and start: this must stay 0), with the time per picture by
style group. Then runs ``bench/onestroke_solver.py`` when present, with the remaining options.
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

from recognizer.onestroke import recognize
from tests.render.onestroke import Style, random_puzzle, random_style, render


@dataclass
class Tally:
    """Outcomes and times of one group of pictures."""

    outcomes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, outcome: str, seconds: float, cpu: float) -> None:
        """Count one picture, with its wall-clock and CPU time."""
        self.outcomes[outcome] += 1
        self.seconds.append(seconds)
        self.cpu.append(cpu)


def groups(style: Style, rows: int, cols: int) -> list[str]:
    """The table rows a picture counts in."""
    cells = rows * cols
    size = "small (<= 25 cells)" if cells <= 25 else "large (> 60 cells)" if cells > 60 else "mid"
    names = [f"style: {style.group}", f"board: {size}", "all"]
    if style.cat is not None and max(style.cat) - min(style.cat) < 60:
        names.append("cat: pale, near the tiles")
    if style.shadow:
        names.append("tiles with shadow")
    if style.width / style.height > 0.7:
        names.append("tablet")
    return names


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark if present."""
    parser = argparse.ArgumentParser(prog="bench/run.py onestroke")
    parser.add_argument("--count", type=int, default=300, help="screenshots to generate")
    parser.add_argument("--seed", type=int, default=20000, help="first seed")
    args, rest = parser.parse_known_args(argv)

    tallies: dict[str, Tally] = defaultdict(Tally)
    wrong: list[int] = []
    for seed in range(args.seed, args.seed + args.count):
        rng = np.random.default_rng(seed)
        style = random_style(rng)
        puzzle = random_puzzle(rng)
        image, _ = render(puzzle, style, rng)
        start, cpu = time.perf_counter(), time.process_time()
        recognition = recognize(image)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        if not recognition.confident:
            outcome = "refused"
        elif recognition.puzzle == puzzle:
            outcome = "exact"
        else:
            outcome = "WRONG"
            wrong.append(seed)
        for name in groups(style, puzzle.rows, puzzle.cols):
            tallies[name].add(outcome, seconds, cpu)

    print(f"one-stroke recognizer over {args.count} generated screenshots (seeds {args.seed}..)")
    header = (
        f"{'group':<28}{'images':>7}{'exact':>7}{'refused':>8}{'WRONG':>7}"
        f"{'median ms':>11}{'max ms':>8}{'median CPU ms':>15}"
    )
    print(header)
    print("-" * len(header))
    for name in sorted(tallies, key=lambda n: (n == "all", n)):
        t = tallies[name]
        counts = f"{t.outcomes['exact']:>7}{t.outcomes['refused']:>8}{t.outcomes['WRONG']:>7}"
        times = f"{1000 * statistics.median(t.seconds):>11.0f}{1000 * max(t.seconds):>8.0f}"
        times += f"{1000 * statistics.median(t.cpu):>15.0f}"
        print(f"{name:<28}{len(t.seconds):>7}{counts}{times}")
    if wrong:
        print(f"WRONG readings at seeds {wrong}")

    if importlib.util.find_spec("bench.onestroke_solver") is not None:
        print()
        importlib.import_module("bench.onestroke_solver").run(rest)
