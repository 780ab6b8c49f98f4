"""Batch throughput: images per second with 1 and 2 workers over a generated mixed pack.

``python bench/run.py batch [--images N] [--seed S]``
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections import Counter
from pathlib import Path

from cli.batch import run_batch
from cli.pipeline import Options
from tests.render.mixed import write_pack


def run(argv: list[str]) -> None:
    """Print the throughput table."""
    parser = argparse.ArgumentParser(prog="bench/run.py batch")
    parser.add_argument("--images", type=int, default=240)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "pack"
        started = time.perf_counter()
        write_pack(pack, args.images, args.seed)
        print(f"generated {args.images} pictures in {time.perf_counter() - started:.1f} s")
        rates: dict[int, float] = {}
        print(f"{'workers':>7} {'images':>6} {'seconds':>8} {'images/s':>9} {'speed-up':>8}")
        for workers in (1, 2):
            started = time.perf_counter()
            outcome = run_batch(pack, Path(tmp) / f"out{workers}", Options(), workers)
            seconds = time.perf_counter() - started
            rates[workers] = len(outcome.records) / seconds
            print(
                f"{workers:>7} {len(outcome.records):>6} {seconds:>8.1f} "
                f"{rates[workers]:>9.2f} {rates[workers] / rates[1]:>8.2f}"
            )
        outcomes = Counter(
            (Path(r["file"]).parts[0], r["status"], r["game"]) for r in outcome.records
        )
        print("\nkind       status        game       count")
        for (kind, status, game), n in sorted(outcomes.items()):
            print(f"{kind:<10} {status:<13} {game or '-':<10} {n:>5}")
