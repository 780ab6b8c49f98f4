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
import time
from collections.abc import Iterator

import cv2
import numpy as np

from bench._accuracy import Sample, measure, print_table, then_run
from recognizer import bond as recognizer
from recognizer.image import RGBImage
from solvers.bond import Puzzle
from tests.render import bond as render
from tests.render.mixed import GAMES, screen

#: The phone screenshot size of the speed table.
PHONE = (1080, 2340)


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


def _letterboxed(image: RGBImage, size: tuple[int, int] = PHONE) -> RGBImage:
    """``image`` scaled to the width of a ``size`` (width, height) screen, centred on it."""
    width, height = size
    scale = min(width / image.shape[1], height / image.shape[0])
    w, h = round(image.shape[1] * scale), round(image.shape[0] * scale)
    out = np.zeros((height, width, 3), np.uint8)
    out[:] = image[0, 0]
    y, x = (height - h) // 2, (width - w) // 2
    out[y : y + h, x : x + w] = cv2.resize(image, (w, h), interpolation=cv2.INTER_LINEAR)
    return out


def _speed(count: int, first: int) -> None:
    """Print the time of ``recognize()`` by kind of picture, and the confident others."""
    kinds = [("bond", "bond")] + [(g, g) for g in GAMES if g != "bond"] + [("none", "non-puzzle")]
    print(f"\nBond recognize() speed ({count} pictures per row, seeds {first}..)")
    header = (
        f"{'pictures':<26}{'size':>11}{'median ms':>11}{'max ms':>9}{'median CPU ms':>15}"
        f"{'confident':>11}"
    )
    print(header)
    print("-" * len(header))
    for game, label in kinds:
        for phone in (False, True):
            times, cpu, confident = [], [], 0
            for seed in range(first, first + count):
                image, _ = screen(game, np.random.default_rng(seed))
                if phone:
                    image = _letterboxed(image)
                start, cpu_start = time.perf_counter(), time.process_time()
                result = recognizer.recognize(image)
                times.append(1000 * (time.perf_counter() - start))
                cpu.append(1000 * (time.process_time() - cpu_start))
                confident += result.confident
            size = "1080x2340" if phone else "as drawn"
            wrong = "-" if game == "bond" else str(confident)
            print(
                f"{label:<26}{size:>11}{np.median(times):>11.0f}{max(times):>9.0f}"
                f"{np.median(cpu):>15.0f}{wrong:>11}"
            )
    print("(confident: other pictures read as a Bond puzzle, which must stay 0)")


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
    _speed(args.speed_count, args.seed + 50000)
    then_run("bench.bond_solver", rest)
