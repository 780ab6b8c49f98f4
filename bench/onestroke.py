"""One-stroke benchmark: ``python bench/run.py onestroke [--count N] [--seed S] [solver options]``.

Renders seeded screenshots (``tests/render/onestroke.py``: phones and tablets, light and dark,
grey and coloured tiles, shadows, every cat colour, JPEG, blur, noise, video frames), reads
each with the recognizer and tallies exact readings, refusals and WRONG readings (confident
but not exactly the drawn grid and start: this must stay 0), with the time per picture by
style group. A second table times ``recognize()`` on 1080x2340 one-stroke screenshots, on
other games' screens and on non-puzzle pictures (which it must give up on quickly, and never
confidently). Then runs ``bench/onestroke_solver.py`` when present, with the remaining options.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from bench._accuracy import Sample, measure, print_table, then_run
from recognizer.image import RGBImage
from recognizer.onestroke import recognize
from tests.render import nonpuzzle
from tests.render.mixed import GAMES, screen
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
    return names


def samples(count: int, first: int) -> Iterator[Sample]:
    """Seeded screenshots and their puzzles."""
    for seed in range(first, first + count):
        rng = np.random.default_rng(seed)
        style = random_style(rng)
        puzzle = random_puzzle(rng)
        image, _ = render(puzzle, style, rng)
        yield Sample(seed, image, puzzle, groups(style, puzzle.rows, puzzle.cols))


def speed_pictures(count: int, first: int) -> Iterator[tuple[str, RGBImage]]:
    """Seeded pictures for the speed table: its kind and the picture."""
    for seed in range(first, first + count):
        rng = np.random.default_rng(seed)
        style = replace(random_style(rng, video=False), width=1080, height=2340)
        yield "one-stroke 1080x2340", render(random_puzzle(rng), style, rng)[0]
        for game in GAMES:
            if game != "onestroke":
                yield "other games", screen(game, np.random.default_rng(seed))[0]
        yield "non-puzzles", nonpuzzle.random_picture(np.random.default_rng(seed))[1]


def print_speed(count: int, first: int) -> None:
    """Median and max milliseconds of ``recognize()`` by kind, and confident readings."""
    times: dict[str, list[float]] = {}
    confident: dict[str, int] = {}
    for kind, picture in speed_pictures(count, first):
        start = time.perf_counter()
        recognition = recognize(picture)
        times.setdefault(kind, []).append(1000 * (time.perf_counter() - start))
        confident[kind] = confident.get(kind, 0) + recognition.confident
    print(f"recognize() speed (seeds {first}..)")
    header = f"{'pictures':<24}{'count':>7}{'median ms':>11}{'max ms':>9}{'confident':>11}"
    print(header)
    print("-" * len(header))
    for kind, values in times.items():
        print(
            f"{kind:<24}{len(values):>7}{np.median(values):>11.1f}{max(values):>9.1f}"
            f"{confident[kind]:>11}"
        )
    print("(confident must equal count for one-stroke and be 0 elsewhere)")


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
    print_speed(args.speed_count, args.seed)
    then_run("bench.onestroke_solver", rest)
