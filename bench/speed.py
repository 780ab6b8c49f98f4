"""What a user feels: start-up, one screenshot against the decode+encode floor, batch scaling.

``python bench/run.py speed [--repeat N] [--batch-images N]``

The floor for one screenshot is decoding its PNG and encoding the annotated PNG (the very
bytes solve-shot writes), which no implementation can avoid; the table gives each figure
beside its floor and the ratio.
The floor and the in-process run are measured in pairs, taking turns (``--pairs``), so a
load that comes and goes weighs on both alike; each is the median of its side, and the
ratio of the minima is shown too (what each takes with the least interference).

Commands run as a user's installed copy runs: ``pip install .`` compiles the package's
bytecode, so the processes here get a bytecode cache of their own (``PYTHONPYCACHEPREFIX``)
filled by one untimed run, even in an editable checkout or where ``PYTHONDONTWRITEBYTECODE``
is set; the first, uncached run is shown too.

Batch scaling is measured as the issue asks, on a pack of 200 mixed pictures, beside the
machine's own ceiling: two worker processes solving the same screenshot over and over, with
nothing to schedule, which shows what the cores give when both are busy (a shared cache and
memory bus, or a host's other guests, make it less than 2).

Beside each time is the CPU time it took (of every thread, and of the processes it ran),
which other programs on the machine do not stretch; the load average is printed before and
after, to tell how far they stretched the times.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from cli.batch import make_pool, run_batch
from cli.pipeline import Options, solve_data
from recognizer.image import decode_image, encode_png
from solvers.onestroke import random_level
from tests.render import onestroke
from tests.render.mixed import write_pack

Row = tuple[str, float | None, float | None, str, float | None]


def _cpu_seconds() -> float:
    """CPU time of this process's threads and of the child processes it has waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _median_ms(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median wall time of ``action`` in ms, and its median CPU time."""
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), _cpu_seconds()
        action()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((_cpu_seconds() - start_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu)


def _cached_bytecode_env(cache: Path) -> dict[str, str]:
    """The environment for a process that keeps its compiled bytecode in ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def _command() -> list[str]:
    script = Path(sys.executable).with_name("solve-shot")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def _screenshot(width: int, height: int) -> bytes:
    """A sharp screenshot of a solvable 7x7 one-stroke level, exactly ``width`` x ``height``."""
    import numpy as np  # after cli, which keeps numpy's BLAS to one thread as the product does

    rng = np.random.default_rng(1)
    puzzle, _ = random_level(7, 7, 0.15, random.Random(1))
    style = dataclasses.replace(
        onestroke.random_style(rng, video=False),
        width=width,
        height=height,
        blur=0.0,
        noise=0.0,
        jpeg=None,
    )
    image, _ = onestroke.render(puzzle, style, rng)
    return encode_png(image)


def _in_turns(
    first: Callable[[], object], second: Callable[[], object], pairs: int
) -> list[tuple[list[float], list[float]]]:
    """The wall and CPU times in ms of each of two actions, run ``pairs`` times each in
    turns (ABBA: a load that drifts weighs on both alike)."""
    timed: list[tuple[list[float], list[float]]] = [([], []), ([], [])]
    for i in range(2 * pairs):
        side = (i + i // 2) % 2  # 0, 1, 1, 0, 0, 1, 1, 0, ...
        start, start_cpu = time.perf_counter(), _cpu_seconds()
        (first, second)[side]()
        timed[side][0].append((time.perf_counter() - start) * 1000)
        timed[side][1].append((_cpu_seconds() - start_cpu) * 1000)
    return timed


def _one_screenshot(command: list[str], env: dict[str, str], repeat: int, pairs: int) -> list[Row]:
    """Rows for one 1080x2340 screenshot: the floor, in-process, and the whole process."""
    data = _screenshot(1080, 2340)
    median = statistics.median
    with tempfile.TemporaryDirectory() as tmp:
        shot, out = Path(tmp) / "shot.png", Path(tmp) / "shot.solved.png"
        shot.write_bytes(data)
        status = solve_data(lambda: data, "shot.png", out, Options())[0].status
        written = out.read_bytes()
        annotated = decode_image(written)  # the picture the product drew, to encode again
        if encode_png(annotated) != written:
            raise RuntimeError("the floor's encoding differs from what solve-shot wrote")
        stages: dict[str, list[float]] = {}

        def solve() -> None:
            record, _ = solve_data(lambda: data, "shot.png", out, Options())
            for stage, ms in record.timings_ms.items():
                stages.setdefault(stage, []).append(ms)

        (floor, floor_cpu), (pipeline, pipeline_cpu) = _in_turns(
            lambda: (decode_image(data), encode_png(annotated)), solve, pairs
        )
        process, process_cpu = _median_ms(
            partial(
                subprocess.run,
                [*command, str(shot), "--out", str(out)],
                capture_output=True,
                env=env,
            ),
            repeat,
        )
    stage_text = ", ".join(f"{k} {median(v):.0f}" for k, v in stages.items())
    return [
        (
            "floor: decode 1080x2340 + encode annotated PNG",
            median(floor),
            median(floor_cpu),
            "-",
            None,
        ),
        (
            f"one screenshot in-process ({status})",
            median(pipeline),
            median(pipeline_cpu),
            "2 x floor",
            median(pipeline) / (2 * median(floor)),
        ),
        (
            f"  the same by minima: {min(pipeline):.0f} ms, floor {min(floor):.0f} ms",
            None,
            None,
            "2 x floor",
            min(pipeline) / (2 * min(floor)),
        ),
        (f"  stages, medians (ms): {stage_text}", None, None, "", None),
        (
            "solve-shot shot.png (whole process)",
            process,
            process_cpu,
            "target 1000 ms",
            process / 1000,
        ),
    ]


def _solve_repeatedly(data: bytes, count: int) -> float:
    """Seconds to solve the screenshot ``count`` times (in a batch worker process)."""
    solve_data(lambda: data, "shot.png", None, Options())  # warm up
    start = time.perf_counter()
    for _ in range(count):
        solve_data(lambda: data, "shot.png", None, Options())
    return time.perf_counter() - start


def _ceiling(count: int) -> float:
    """How much faster two batch workers solve than one, each the same screenshot over and
    over: the most a 2-worker batch can gain on this machine, with no scheduling at all."""
    data = _screenshot(1080, 2340)
    rates = {}
    for workers in (1, 2):
        with make_pool(workers) as pool:
            seconds = list(pool.map(_solve_repeatedly, [data] * workers, [count] * workers))
        rates[workers] = workers * count / max(seconds)
    return rates[2] / rates[1]


def _batch_rates(images: int) -> dict[int, float]:
    """Pictures per second of ``batch`` over a mixed pack, with 1 and with 2 workers."""
    rates = {}
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "pack"
        write_pack(pack, images, seed=3)
        for workers in (1, 2):
            start = time.perf_counter()
            outcome = run_batch(pack, Path(tmp) / f"out{workers}", Options(), workers)
            rates[workers] = len(outcome.records) / (time.perf_counter() - start)
    return rates


def run(argv: list[str]) -> None:
    """Print the speed table."""
    parser = argparse.ArgumentParser(prog="bench/run.py speed")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command timed")
    parser.add_argument(
        "--pairs", type=int, default=25, help="floor and in-process runs timed, in turns"
    )
    parser.add_argument("--batch-images", type=int, default=200)
    args = parser.parse_args(argv)
    command = _command()
    load_before = os.getloadavg()[0]
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as cache:
        env = _cached_bytecode_env(Path(cache))
        start = time.perf_counter()
        subprocess.run([*command, "--version"], capture_output=True, env=env)
        first = (time.perf_counter() - start) * 1000
        for flag in ("--help", "--version"):
            run_flag = partial(subprocess.run, [*command, flag], capture_output=True, env=env)
            ms, cpu = _median_ms(run_flag, args.repeat)
            rows.append((f"solve-shot {flag}", ms, cpu, "target 300 ms", ms / 300))
        rows.append(("  --version's first run, compiling bytecode", first, None, "-", None))
        rows += _one_screenshot(command, env, args.repeat, args.pairs)
    rates = _batch_rates(args.batch_images)
    ceiling = _ceiling(count=12)
    print(f"{'measure':<50}{'ms':>7}{'cpu ms':>8}  {'floor / target':<16}{'ratio':>7}")
    for name, value, cpu_ms, floor_text, ratio in rows:
        ms_text = f"{value:.0f}" if value is not None else ""
        cpu_text = f"{cpu_ms:.0f}" if cpu_ms is not None else ""
        ratio_text = f"{ratio:.2f}" if ratio is not None else ""
        print(f"{name:<50}{ms_text:>7}{cpu_text:>8}  {floor_text:<16}{ratio_text:>7}".rstrip())
    speedup = rates[2] / rates[1]
    print(
        f"batch of {args.batch_images} mixed pictures: {rates[1]:.2f}/s with 1 worker, "
        f"{rates[2]:.2f}/s with 2: speed-up {speedup:.2f} (target 1.8)"
    )
    print(
        f"  the machine's ceiling: 2 processes solving one screenshot over and over, each alone "
        f"on a core, are {ceiling:.2f} times as fast as 1"
    )
    if shutil.which("nproc"):
        print(f"cores: {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()}")
    print(f"load average (1 min): {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
