"""Snake recognizer benchmark: accuracy and speed over seeded generated pictures.

``python bench/run.py snake [--count N] [--seed S]`` renders ``N`` random fields in random
styles of both looks (drawn boards and text maps), recognizes each and prints, per look and
per drawn-board kind, how many were read exactly, refused, or read WRONG (a confident
misreading, which must never happen), and the time per picture. A second table times
``recognize`` on 1080 x 2340 phone screenshots (the screen scaled onto a phone-sized page) of
snake fields, of the other games and of non-puzzles, and counts the confident readings of
pictures that are not snake fields (must stay 0): auto-detection runs this recognizer on
every picture, so it must give up fast. Then it runs the solver benchmark
``bench/snake_solver.py`` when that module exists.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import numpy as np

from bench._accuracy import Sample, measure, print_speed, print_table, then_run
from recognizer import snake as recognizer
from tests.render import snake as render


def _row_names(style: render.Style) -> list[str]:
    if isinstance(style, render.TextStyle):
        return ["text map"]
    return [f"board: {style.board}", f"snake: {style.snake}/{style.head}", "drawn board"]


def samples(count: int, first: int) -> Iterator[Sample]:
    """Seeded pictures of both looks and their puzzles."""
    for seed in range(first, first + count):
        rng = np.random.default_rng(seed)
        puzzle = render.random_puzzle(rng)
        style = render.random_style(rng)
        yield Sample(seed, render.render(puzzle, style, rng), puzzle, _row_names(style))


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark."""
    parser = argparse.ArgumentParser(prog="bench/run.py snake")
    parser.add_argument("--count", type=int, default=300, help="pictures to generate")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--speed-count", type=int, default=40, help="pictures per speed row")
    args, rest = parser.parse_known_args(argv)
    tallies, wrong = measure(samples(args.count, args.seed), recognizer.recognize)
    title = f"snake recognizer over {args.count} generated pictures (seeds {args.seed}..)"
    print_table(title, tallies, wrong)
    print_speed("snake", recognizer.recognize, args.speed_count, args.seed)
    then_run("bench.snake_solver", rest)
