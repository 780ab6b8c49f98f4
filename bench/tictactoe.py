"""Tic-tac-toe benchmark: solver speed, larger boards, recognition accuracy and speed.

``python bench/run.py tictactoe [--images N] [--photos N] [--speed N] [--seed S]
[--write-samples DIR]``; ``--images 0 --photos 0`` for the speed table alone.
"""

from __future__ import annotations

import argparse
import io
import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import numpy as np
from PIL import Image

from bench._accuracy import Sample, measure, print_speed, print_table
from recognizer import recognize as recognize_any
from recognizer.image import decode_image
from recognizer.tictactoe import recognize
from solvers.errors import UnrecognizedError
from solvers.tictactoe import Puzzle, positions, solve, verify
from tests.render.photo import photograph, random_photo_style
from tests.render.tictactoe import random_puzzle, random_style, render

ROOT = Path(__file__).resolve().parent.parent


def _table(title: str, header: list[str], rows: list[list[object]]) -> None:
    cells = [header, *[[str(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    print(f"\n{title}")
    for i, row in enumerate(cells):
        print("  ".join(v.rjust(w) for v, w in zip(row, widths, strict=True)))
        if i == 0:
            print("  ".join("-" * w for w in widths))


def bench_solver() -> None:
    """Every reachable 3x3 position, and empty larger boards."""
    rows: list[list[object]] = []
    for first in ("x", "o"):
        reached = list(positions(first))
        start = time.perf_counter()
        solutions = [solve(p) for p in reached]
        solve_s = time.perf_counter() - start
        start = time.perf_counter()
        for puzzle, solution in zip(reached, solutions, strict=True):
            verify(puzzle, solution)
        verify_s = time.perf_counter() - start
        outcomes = Counter(s.outcome for s in solutions)
        rows.append(
            [
                first,
                len(reached),
                f"{solve_s * 1000:.0f}",
                f"{solve_s / len(reached) * 1e6:.0f}",
                f"{verify_s * 1000:.0f}",
                " ".join(f"{k}:{v}" for k, v in sorted(outcomes.items())),
            ]
        )
    _table(
        "3x3: every reachable position (solve, then verify by plain minimax)",
        ["first", "positions", "solve ms", "us/position", "verify ms", "outcomes"],
        rows,
    )
    big: list[list[object]] = []
    for n, k in ((4, 4), (4, 3)):
        start = time.perf_counter()
        solution = solve(Puzzle("-" * (n * n), "x", k))
        big.append(
            [f"{n}x{n}", k, solution.outcome, solution.move, f"{time.perf_counter() - start:.2f}"]
        )
    _table("empty N x N boards, k in a row", ["board", "k", "outcome", "move", "seconds"], big)


def bench_recognition(count: int, seed: int) -> None:
    """Recognition over ``count`` seeded renders, and over the real captures."""

    def samples() -> Iterator[Sample]:
        for i in range(seed, seed + count):
            rng = np.random.default_rng(i)
            puzzle = random_puzzle(rng)
            style = random_style(rng)
            looks = {
                "neon glow": style.glow > 0,
                "winning run struck": style.win_line and puzzle.result() not in (None, "draw"),
                f"beside a {style.panel}": style.panel is not None,
                "marker pressure": style.pressure > 0,
                "board under 0.4 of the short side": style.board_share < 0.4,
            }
            rows = [f"look: {style.kind}", *(f"style: {name}" for name, on in looks.items() if on)]
            yield Sample(i, render(puzzle, style, rng), puzzle, rows)

    tallies, wrong = measure(samples(), recognize)
    print_table(f"recognition of {count} seeded renders (seeds {seed}..)", tallies, wrong)
    real: list[list[object]] = []
    for path in sorted((ROOT / "sample_images" / "real").glob("*.*")):
        if path.suffix not in (".png", ".jpg", ".jpeg"):
            continue
        truth = json.loads(path.with_suffix(".json").read_text())
        start = time.perf_counter()
        found = recognize(decode_image(path.read_bytes()))
        ms = (time.perf_counter() - start) * 1000
        expected = truth.get("board") if truth.get("game") == "tictactoe" else None
        got = found.puzzle.board if found.confident and found.puzzle else None
        ok = got == expected and (
            expected is None or found.puzzle == Puzzle(expected, truth["to_move"])
        )
        real.append([path.name, expected or "(refuse)", got or "(refused)", ok, f"{ms:.0f}"])
    _table("real captures", ["file", "truth", "read", "ok", "ms"], real)


def bench_photos(count: int, seed: int) -> None:
    """App screens photographed by a phone, read through the shared screen rectification."""
    verdicts: Counter[str] = Counter()
    spent = 0.0
    for i in range(count):
        rng = np.random.default_rng(seed + i)
        puzzle = random_puzzle(rng)
        screen = render(puzzle, random_style(rng, "app"), rng)
        photo, _ = photograph(screen, random_photo_style(rng), rng)
        start = time.perf_counter()
        try:
            found = recognize_any(photo, "tictactoe")
            verdicts["exact" if found.puzzle == puzzle else "WRONG"] += 1
        except UnrecognizedError:
            verdicts["refused"] += 1
        spent += time.perf_counter() - start
    _table(
        f"phone photos of app screens (recognizer.recognize, seeds {seed}..{seed + count - 1})",
        ["images", "exact", "refused", "WRONG", "ms/image"],
        [
            [
                count,
                verdicts["exact"],
                verdicts["refused"],
                verdicts["WRONG"],
                f"{spent / max(1, count) * 1000:.0f}",
            ]
        ],
    )


def write_samples(folder: Path, seed: int, per_kind: int = 2) -> None:
    """Write the first renders of each look that are read exactly, with their truth."""
    folder.mkdir(parents=True, exist_ok=True)
    for kind in ("app", "hand", "sheet"):
        written = 0
        for i in range(200):
            if written == per_kind:
                break
            rng = np.random.default_rng(seed + i)
            puzzle = random_puzzle(rng)
            style = random_style(rng, kind)
            image = render(puzzle, style, rng)
            fmt, suffix = ("PNG", ".png") if kind == "app" else ("JPEG", ".jpg")
            buf = io.BytesIO()
            Image.fromarray(image).save(buf, format=fmt, quality=90)
            found = recognize(decode_image(buf.getvalue()))
            if not (found.confident and found.puzzle == puzzle):
                continue
            name = f"{kind}-{seed + i}"
            (folder / (name + suffix)).write_bytes(buf.getvalue())
            truth = {"game": "tictactoe", **puzzle.to_json()}
            (folder / (name + ".json")).write_text(json.dumps(truth, indent=1) + "\n")
            print("wrote", folder / (name + suffix), puzzle.board)
            written += 1


def run(argv: list[str]) -> None:
    """Print the solver and recognition tables."""
    parser = argparse.ArgumentParser(prog="bench/run.py tictactoe")
    parser.add_argument("--images", type=int, default=300, help="renders to recognize")
    parser.add_argument("--photos", type=int, default=40, help="photographed screens to read")
    parser.add_argument("--seed", type=int, default=20000, help="first render seed")
    parser.add_argument("--speed", type=int, default=40, help="screenshots timed per kind")
    parser.add_argument("--write-samples", type=Path, help="write sample renders here and stop")
    args = parser.parse_args(argv)
    if args.write_samples:
        write_samples(args.write_samples, args.seed)
        return
    bench_solver()
    if args.images:
        bench_recognition(args.images, args.seed)
    if args.photos:
        bench_photos(args.photos, args.seed)
    if args.speed:
        print_speed("tictactoe", recognize, args.speed, args.seed)
