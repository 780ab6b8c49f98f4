"""One-stroke solver benchmark: ``python bench/run.py onestroke_solver [options]``.

Solves random solvable levels (made by :func:`solvers.onestroke.random_level`) from 4x4 to
10x10 with 0-30% holes, and 12x12 ones, checks every path with ``verify``, and compares the
solver with a plain depth-first search like seed 004's (same neighbour order: the seed numbers
the tiles row by row and tries them in that order), run on the same levels under a node budget.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from dataclasses import dataclass

from solvers.errors import SearchBudgetError
from solvers.onestroke import MAX_NODES, Puzzle, Solution, random_level, search, verify


@dataclass(frozen=True)
class Run:
    """One solver on one level."""

    solved: bool
    ms: float
    nodes: int


def plain_dfs(puzzle: Puzzle, max_nodes: int) -> tuple[Solution | None, int]:
    """Seed 004's depth-first search, iterative, stopping after ``max_nodes`` moves.

    Returns the path (``None`` if none was found within the budget) and the moves made.
    """
    tiles = sorted(puzzle.tiles)
    index = {cell: i for i, cell in enumerate(tiles)}
    adjacency = [sorted(index[n] for n in puzzle.neighbours(cell)) for cell in tiles]
    used = [False] * len(tiles)
    path = [index[puzzle.start]]
    used[path[0]] = True
    tried = [0]  # how many of each path cell's neighbours were tried
    nodes = 0
    while path:
        if len(path) == len(tiles):
            return Solution(path=tuple(tiles[i] for i in path)), nodes
        here = adjacency[path[-1]]
        if tried[-1] == len(here):
            used[path.pop()] = False
            tried.pop()
            continue
        step = here[tried[-1]]
        tried[-1] += 1
        if used[step]:
            continue
        nodes += 1
        if nodes > max_nodes:
            return None, max_nodes
        used[step] = True
        path.append(step)
        tried.append(0)
    return None, nodes


def run_solver(puzzle: Puzzle) -> Run:
    """Our solver on ``puzzle``; its path is checked."""
    start = time.perf_counter()
    try:
        result = search(puzzle)
    except SearchBudgetError:  # counted as not solved, with the whole budget spent
        return Run(False, (time.perf_counter() - start) * 1000, MAX_NODES)
    ms = (time.perf_counter() - start) * 1000
    if result.solution is not None:
        verify(puzzle, result.solution)
    return Run(result.solution is not None, ms, result.nodes)


def run_baseline(puzzle: Puzzle, budget: int) -> Run:
    """The plain search on ``puzzle``; its path is checked."""
    start = time.perf_counter()
    solution, nodes = plain_dfs(puzzle, budget)
    ms = (time.perf_counter() - start) * 1000
    if solution is not None:
        verify(puzzle, solution)
    return Run(solution is not None, ms, nodes)


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ratio(base: float, ours: float, bound: bool) -> str:
    """``base / ours``, marked as a lower bound when the baseline ran out of budget."""
    value = base / max(ours, 1e-9)
    return ("≥" if bound else "") + (f"{value:.1f}x" if value < 10 else f"{value:.0f}x")


def table(rows: dict[str, list[tuple[Run, Run]]], budget: int) -> None:
    """Print the per-class table of both solvers."""
    head = (
        f"{'size':>7} {'levels':>6} {'solved':>6} {'med ms':>7} {'p95 ms':>7} {'max ms':>8} "
        f"{'med nodes':>9} {'max nodes':>9} | {'base done':>9} {'med ms':>8} {'med nodes':>9} "
        f"{'nodes x':>8} {'time x':>8}"
    )
    print(head)
    print("-" * len(head))
    for name, runs in rows.items():
        ours = [r for r, _ in runs]
        base = [b for _, b in runs]
        unfinished = any(not b.solved for b in base)
        ms = [r.ms for r in ours]
        nodes = [float(r.nodes) for r in ours]
        print(
            f"{name:>7} {len(runs):>6} {sum(r.solved for r in ours):>6} "
            f"{statistics.median(ms):>7.1f} {percentile(ms, 0.95):>7.1f} {max(ms):>8.1f} "
            f"{statistics.median(nodes):>9.0f} {max(nodes):>9.0f} | "
            f"{sum(b.solved for b in base):>9} {statistics.median(b.ms for b in base):>8.1f} "
            f"{statistics.median(b.nodes for b in base):>9.0f} "
            f"{ratio(sum(b.nodes for b in base), sum(nodes), unfinished):>8} "
            f"{ratio(sum(b.ms for b in base), sum(ms), unfinished):>8}"
        )
    print(
        f"base: the plain DFS, stopped after {budget} moves ('base done': levels it solved "
        "within that); 'nodes x' and 'time x' are its total moves and time over ours for the "
        "class, '≥' where unfinished levels count only their budget."
    )


def run(argv: list[str]) -> None:
    """Parse options, solve the levels and print the tables and the targets' verdicts."""
    parser = argparse.ArgumentParser(prog="bench/run.py onestroke_solver")
    parser.add_argument("--levels", type=int, default=300, help="levels from 4x4 to 10x10")
    parser.add_argument("--big", type=int, default=30, help="12x12 levels")
    parser.add_argument("--budget", type=int, default=100_000, help="plain DFS moves per level")
    parser.add_argument("--seed", type=int, default=4)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    sizes = list(range(4, 11))
    classes: dict[str, list[tuple[Run, Run]]] = {}
    plan = [sizes[i % len(sizes)] for i in range(args.levels)] + [12] * args.big
    for n in sorted(plan):
        puzzle, _ = random_level(n, n, rng.uniform(0.0, 0.3), rng)
        pair = (run_solver(puzzle), run_baseline(puzzle, args.budget))
        classes.setdefault(f"{n}x{n}", []).append(pair)
    print(
        f"one-stroke solver: random solvable levels, holes 0-30%, seed {args.seed}; "
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (times are wall-clock)\n"
    )
    table(classes, args.budget)
    small = [r for name, runs in classes.items() if name != "12x12" for r, _ in runs]
    big = [r for r, _ in classes.get("12x12", [])]
    print()
    if small:
        ms = [r.ms for r in small]
        print(
            f"4x4-10x10: {sum(r.solved for r in small)}/{len(small)} solved (target: all), "
            f"median {statistics.median(ms):.1f} ms (target < 20), max {max(ms):.0f} ms "
            "(target < 1000)"
        )
    if big:
        print(
            f"12x12: {sum(r.solved for r in big)}/{len(big)} solved, "
            f"max {max(r.ms for r in big):.0f} ms (target < 5000)"
        )
