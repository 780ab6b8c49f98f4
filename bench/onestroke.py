"""One-stroke benchmark: ``python bench/run.py onestroke [--count N] [--seed S] [solver options]``.

Renders seeded screenshots (``tests/render/onestroke.py``: phones and tablets, light and dark,
grey and coloured tiles, plain, bevelled, outlined and shaded tiles, shadows, every cat colour,
status bars, ads, letterboxed screens, JPEG, blur, noise, video frames), reads
each with the recognizer and tallies exact readings, refusals and WRONG readings (confident
but not exactly the drawn grid and start: this must stay 0), with the time per picture by
style group. A second table times ``recognize()`` on 1080x2340 one-stroke screenshots, on
other games' screens and on non-puzzle pictures (which it must give up on quickly, and never
confidently). Then runs ``bench/onestroke_solver.py`` when present, with the remaining options.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import numpy as np

from bench._accuracy import Sample, measure, print_speed, print_table, then_run
from recognizer.onestroke import recognize
from tests.render.onestroke import Style, random_puzzle, random_style, render


def groups(style: Style, rows: int, cols: int) -> list[str]:
    """The table rows a picture counts in."""
    cells = rows * cols
    size = "small (<= 25 cells)" if cells <= 25 else "large (> 60 cells)" if cells > 60 else "mid"
    names = [f"style: {style.group}", f"board: {size}"]
    if style.cat is not None and max(style.cat) - min(style.cat) < 60:
        names.append("cat: pale, near the tiles")
    if style.shadow:
        names.append("tiles with shadow")
    if style.width / style.height > 0.7:
        names.append("tablet")
    names.append(f"tiles: {style.tile_look}")
    if style.frame > 0:
        names.append("letterboxed in a frame")
    if style.ad or style.status_bar:
        names.append("ad banner or dark status bar")
    return names


def samples(count: int, first: int) -> Iterator[Sample]:
    """Seeded screenshots and their puzzles."""
    for seed in range(first, first + count):
        rng = np.random.default_rng(seed)
        style = random_style(rng)
        puzzle = random_puzzle(rng)
        image, _ = render(puzzle, style, rng)
        yield Sample(seed, image, puzzle, groups(style, puzzle.rows, puzzle.cols))


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark."""
    parser = argparse.ArgumentParser(prog="bench/run.py onestroke")
    parser.add_argument("--count", type=int, default=300, help="screenshots to generate")
    parser.add_argument("--seed", type=int, default=20000, help="first seed")
    parser.add_argument("--speed-count", type=int, default=20, help="seeds in the speed table")
    args, rest = parser.parse_known_args(argv)
    tallies, wrong = measure(samples(args.count, args.seed), recognize)
    title = f"one-stroke recognizer over {args.count} generated screenshots (seeds {args.seed}..)"
    print_table(title, tallies, wrong)
    print()
    print_speed("onestroke", recognize, args.speed_count, args.seed)
    then_run("bench.onestroke_solver", rest)
