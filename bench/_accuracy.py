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


def print_table(title: str, tallies: dict[str, Tally], wrong: list[int]) -> None:
    """The accuracy table, one line per row, ``all`` last."""
    print(title)
    header = (
        f"{'group':<36}{'images':>7}{'exact':>7}{'refused':>8}{'WRONG':>7}"
        f"{'median ms':>11}{'max ms':>8}{'median CPU ms':>15}"
    )
    print(header)
    print("-" * len(header))
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
