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
import statistics
import time
from collections.abc import Iterator

import cv2
import numpy as np

from bench._accuracy import Sample, measure, print_table, then_run
from recognizer import snake as recognizer
from recognizer.image import RGBImage
from tests.render import nonpuzzle
from tests.render import snake as render
from tests.render.mixed import GAMES, screen

#: A phone screenshot's size (width, height).
PHONE = (1080, 2340)


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


def phone_screenshot(picture: RGBImage) -> RGBImage:
    """``picture`` scaled to the width of a 1080 x 2340 page of its own corner colour."""
    width, height = PHONE
    scale = min(width / picture.shape[1], 0.8 * height / picture.shape[0])
    size = (round(picture.shape[1] * scale), round(picture.shape[0] * scale))
    page = np.empty((height, width, 3), np.uint8)
    page[:] = picture[0, 0]
    top, left = (height - size[1]) // 2, (width - size[0]) // 2
    page[top : top + size[1], left : left + size[0]] = cv2.resize(picture, size)
    return page


def speed_table(count: int, first: int) -> None:
    """Time ``recognize`` on phone screenshots of snake fields, other games and non-puzzles."""
    print(f"snake recognize() on {PHONE[0]} x {PHONE[1]} screenshots (seeds {first}..)")
    header = (
        f"{'pictures':<28}{'images':>7}{'median ms':>11}{'max ms':>8}"
        f"{'median CPU ms':>15}{'confident':>11}"
    )
    print(header)
    print("-" * len(header))
    others = [g for g in GAMES if g != "snake"]
    for name, games in (
        ("snake fields", ["snake"]),
        ("other games", others),
        ("non-puzzles", ["none"]),
    ):
        times, cpu, confident = [], [], 0
        for seed in range(first, first + count):
            game = games[seed % len(games)]
            rng = np.random.default_rng(seed)
            if game == "none":
                picture = nonpuzzle.random_picture(rng)[1]
            else:
                picture = phone_screenshot(screen(game, rng)[0])
            start, start_cpu = time.perf_counter(), time.process_time()
            confident += recognizer.recognize(picture).confident
            times.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - start_cpu))
        print(
            f"{name:<28}{count:>7}{statistics.median(times):>11.0f}{max(times):>8.0f}"
            f"{statistics.median(cpu):>15.0f}{confident:>11}"
        )
    print("(confident: snake fields read confidently; for the others, wrongly confident)")


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
    print()
    speed_table(args.speed_count, args.seed)
    then_run("bench.snake_solver", rest)
