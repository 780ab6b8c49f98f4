"""Bond recognizer benchmark: accuracy and speed over seeded generated screens.

``python bench/run.py bond [--count N] [--seed S]`` renders ``N`` random puzzles in random
styles (``tests/render/bond.py``), recognizes each and prints, overall and per style
feature, how many were read exactly, refused, or read WRONG (a confident misreading, which
must never happen), and the time per picture. A speed table follows: ``recognize()`` on
Bond screens, on other games' screens and on non-puzzle pictures, each as rendered and
letterboxed into a 1080x2340 phone screenshot, with how many of the others were (wrongly)
read confidently. Then it runs the solver benchmark ``bench/bond_solver.py`` when the
solver and that module exist.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import numpy as np

from bench._accuracy import Sample, measure, print_speed, print_table, then_run
from recognizer import bond as recognizer
from solvers.bond import Puzzle
from tests.render import bond as render


def _rows(puzzle: Puzzle, style: render.Style) -> list[str]:
    """The table rows a screen counts in."""
    scale = max(style.scale_x, style.scale_y)
    return [
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
        "separators black" if style.separator_color == render.BLACK else "separators coloured",
        "cells wide (>= 1.3:1)" if style.scale_x / style.scale_y >= 1.3 else "cells not wide",
        "other palette" if (style.gamma, style.saturation) != (1.0, 1.0) else "game palette",
        "overscan" if style.overscan else "no overscan",
        f"cursor: {style.cursor}",
    ]


def samples(count: int, first: int) -> Iterator[Sample]:
    """Seeded screens and their puzzles."""
    for seed in range(first, first + count):
        rng = np.random.default_rng(seed)
        puzzle = render.random_puzzle(rng)
        style = render.random_style(rng)
        yield Sample(seed, render.render(puzzle, style, rng), puzzle, _rows(puzzle, style))


def _same(read: Puzzle, truth: Puzzle) -> bool:
    """The same grids (the colours' hex values are the reader's own)."""
    return (read.source, read.target) == (truth.source, truth.target)


def run(argv: list[str]) -> None:
    """Print the recognizer's accuracy table, then the solver benchmark."""
    parser = argparse.ArgumentParser(prog="bench/run.py bond")
    parser.add_argument("--count", type=int, default=300, help="screens to generate")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--speed-count", type=int, default=20, help="pictures per speed row")
    args, rest = parser.parse_known_args(argv)
    tallies, wrong = measure(samples(args.count, args.seed), recognizer.recognize, _same)
    print_table(
        f"Bond recognizer over {args.count} generated screens (seeds {args.seed}..)", tallies, wrong
    )
    print_speed("bond", recognizer.recognize, args.speed_count, args.seed + 50000, _same)
    then_run("bench.bond_solver", rest)
