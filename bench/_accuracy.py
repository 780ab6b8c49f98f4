"""Recognition accuracy over seeded generated pictures: what every game's bench tallies.

Each picture is read and judged ``exact``, ``refused`` (not confident: the honest answer
when in doubt) or ``WRONG`` (confident but not the drawn puzzle: must stay 0), and counted
in the table rows its style belongs to, with its wall-clock and CPU time.
"""

from __future__ import annotations

import importlib
import importlib.util
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from recognizer.image import RGBImage
from recognizer.recognition import Recognition


@dataclass(frozen=True)
class Sample:
    """One generated picture, the puzzle drawn in it, and the table rows it counts in."""

    seed: int
    image: RGBImage
    truth: Any
    rows: list[str]


@dataclass
class Tally:
    """Outcomes and times of one table row."""

    outcomes: Counter[str] = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def measure(
    samples: Iterable[Sample],
    recognize: Callable[[RGBImage], Recognition],
    same: Callable[[Any, Any], bool] = lambda read, truth: bool(read == truth),
) -> tuple[dict[str, Tally], list[int]]:
    """Read every sample; the tallies by row and the seeds read WRONG."""
    tallies: dict[str, Tally] = {}
    wrong: list[int] = []
    for sample in samples:
        start, cpu = time.perf_counter(), time.process_time()
        result = recognize(sample.image)
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
        if not result.confident:
            outcome = "refused"
        elif same(result.puzzle, sample.truth):
            outcome = "exact"
        else:
            outcome = "WRONG"
            wrong.append(sample.seed)
        for row in ["all", *sample.rows]:
            tally = tallies.setdefault(row, Tally())
            tally.outcomes[outcome] += 1
            tally.seconds.append(seconds)
            tally.cpu.append(cpu)
    return tallies, wrong


def print_header(header: str) -> None:
    """A table's column titles, ruled off."""
    print(header)
    print("-" * len(header))


def print_table(title: str, tallies: dict[str, Tally], wrong: list[int]) -> None:
    """The accuracy table, one line per row, ``all`` last."""
    print(title)
    header = (
        f"{'group':<36}{'images':>7}{'exact':>7}{'refused':>8}{'WRONG':>7}"
        f"{'median ms':>11}{'max ms':>8}{'median CPU ms':>15}"
    )
    print_header(header)
    for name in sorted(tallies, key=lambda n: (n == "all", n)):
        t = tallies[name]
        counts = f"{t.outcomes['exact']:>7}{t.outcomes['refused']:>8}{t.outcomes['WRONG']:>7}"
        times = f"{1000 * statistics.median(t.seconds):>11.0f}{1000 * max(t.seconds):>8.0f}"
        print(
            f"{name:<36}{len(t.seconds):>7}{counts}{times}{1000 * statistics.median(t.cpu):>15.0f}"
        )
    if wrong:
        print(f"WRONG readings at seeds {wrong}")


def then_run(module: str, argv: list[str]) -> None:
    """Run another benchmark module's ``run`` (a game's solver bench) when it exists."""
    if importlib.util.find_spec(module) is not None:
        print()
        importlib.import_module(module).run(argv)


#: A phone screenshot's size (width, height): what the speed tables time recognizers on.
PHONE = (1080, 2340)


def phone_screenshot(picture: RGBImage, size: tuple[int, int] = PHONE) -> RGBImage:
    """``picture`` scaled to fit a ``size`` page of its own border colour, centred."""
    width, height = size
    scale = min(width / picture.shape[1], 0.8 * height / picture.shape[0])
    w, h = round(picture.shape[1] * scale), round(picture.shape[0] * scale)
    border = np.concatenate([picture[0], picture[-1], picture[:, 0], picture[:, -1]])
    page = np.empty((height, width, 3), np.uint8)
    page[:] = np.median(border, axis=0)
    top, left = (height - h) // 2, (width - w) // 2
    page[top : top + h, left : left + w] = cv2.resize(picture, (w, h), interpolation=cv2.INTER_AREA)
    return page


def print_speed(
    game: str,
    recognize: Callable[[RGBImage], Recognition],
    count: int,
    first: int,
    same: Callable[[Any, Any], bool] = lambda read, truth: bool(read == truth),
) -> None:
    """Time one game's ``recognize`` on phone screenshots of its own screens, of the other
    games' and of non-puzzles: what auto-detection costs on every picture."""
    from tests.render.mixed import GAMES, screen

    others = [g for g in GAMES if g != game]
    print(f"\n{game} recognize() on {PHONE[0]}x{PHONE[1]} screenshots (seeds {first}..)")
    header = (
        f"{'pictures':<14}{'images':>7}{'median ms':>11}{'max ms':>8}{'median CPU ms':>15}"
        f"{'exact':>7}{'confident':>11}"
    )
    print_header(header)
    for name, games in ((game, [game]), ("other games", others), ("non-puzzles", ["none"])):
        seconds, cpu, confident, exact = [], [], 0, 0
        for seed in range(first, first + count):
            picture, truth = screen(games[seed % len(games)], np.random.default_rng(seed))
            shot = phone_screenshot(picture)
            start, start_cpu = time.perf_counter(), time.process_time()
            found = recognize(shot)
            seconds.append(1000 * (time.perf_counter() - start))
            cpu.append(1000 * (time.process_time() - start_cpu))
            confident += found.confident
            exact += found.confident and truth is not None and same(found.puzzle, truth)
        mine = str(exact) if name == game else "-"
        print(
            f"{name:<14}{count:>7}{statistics.median(seconds):>11.0f}{max(seconds):>8.0f}"
            f"{statistics.median(cpu):>15.0f}{mine:>7}{confident:>11}"
        )
    print(f"(confident: own screens read; for the others, every one is a wrong {game} reading)")
