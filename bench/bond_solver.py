"""Speed and optimality of the Bond solver: ``python bench/run.py bond_solver [options]``.

Tables:
1. random 4x4 boards with 2-5 colours scrambled by 1-12 moves: time and boards searched
   (median, max) per scramble length, all proven optimal, a sample re-checked by a plain BFS;
2. random 4x4 targets (uniform shuffles) with 2 to 16 colours: where the proof gets costly;
3. the seed's five puzzles, against a plain forward BFS like the seed's script;
4. a few 5x5 and 6x6 boards: lengths, optimality and times within the budget.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import time
from collections import deque

from solvers.bond import (
    DIRECTIONS,
    ROW_DIRECTIONS,
    Grid,
    Move,
    Puzzle,
    Solution,
    apply_move,
    parse,
    solve,
    verify,
)

SEED_PUZZLES = [
    ("1,2,3,4, 4,1,2,3, 3,4,1,2, 2,3,4,1", "1,2,3,4, 1,2,3,4, 1,2,3,4, 1,2,3,4", 4),
    ("1,1,1,1, 1,2,3,1, 1,3,2,1, 1,1,1,1", "1,1,1,1, 1,3,3,1, 1,2,2,1, 1,1,1,1", 4),
    ("1,2,1,3, 3,2,1,2, 1,1,3,1, 1,2,1,3", "3,1,2,3, 2,1,1,1, 1,1,1,2, 3,2,1,3", 5),
    ("1,2,2,1, 3,4,4,3, 3,4,4,3, 2,4,4,2", "4,3,4,2, 3,1,2,4, 4,2,4,3, 2,4,3,1", 8),
    ("1,1,2,2, 1,1,2,2, 3,3,4,4, 3,3,4,4", "1,1,2,2, 1,3,4,2, 3,3,4,4, 1,3,4,2", 6),
]


class _SearchLog(logging.Handler):
    """Collects the boards each search reports on the solver's debug log."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.boards: list[int] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg.startswith("bond search") and isinstance(record.args, tuple):
            self.boards.append(int(str(record.args[0])))


def moves_of(rows: int, cols: int) -> list[Move]:
    return [(d, i) for d in DIRECTIONS for i in range(rows if d in ROW_DIRECTIONS else cols)]


def random_instance(rng: random.Random, rows: int, cols: int, colours: int, k: int) -> Puzzle:
    """A target with every colour used, and the source ``k`` random moves away."""
    values = list(range(1, colours + 1))
    values += [rng.randrange(colours) + 1 for _ in range(rows * cols - colours)]
    rng.shuffle(values)
    target = tuple(tuple(values[r * cols : (r + 1) * cols]) for r in range(rows))
    source = target
    moves = moves_of(rows, cols)
    for _ in range(k):
        source = apply_move(source, rng.choice(moves))
    return Puzzle(source, target)


def plain_bfs(
    source: Grid, target: Grid, max_nodes: int, max_seconds: float
) -> tuple[int | None, int, float]:
    """Forward BFS on whole grids with a closed set, like the seed's script.

    Returns (length or None when it gave up, nodes expanded, seconds).
    """
    began = time.perf_counter()
    moves = moves_of(len(source), len(source[0]))
    depth = {source: 0}
    queue = deque([source])
    expanded = 0
    while queue and expanded < max_nodes and time.perf_counter() - began < max_seconds:
        grid = queue.popleft()
        if grid == target:
            return depth[grid], expanded, time.perf_counter() - began
        expanded += 1
        for move in moves:
            after = apply_move(grid, move)
            if after not in depth:
                depth[after] = depth[grid] + 1
                queue.append(after)
    return None, expanded, time.perf_counter() - began


def timed_solve(puzzle: Puzzle, log: _SearchLog, budget: float) -> tuple[Solution, float, int]:
    log.boards.clear()
    began = time.perf_counter()
    solution = solve(puzzle, time_budget=budget)
    seconds = time.perf_counter() - began
    assert solution is not None
    verify(puzzle, solution)
    return solution, seconds, log.boards[-1] if log.boards else 0


def table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows, strict=True)]
    print("  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True)))
    for row in rows:
        print("  ".join(str(x).rjust(w) for x, w in zip(row, widths, strict=True)))
    print()


def bench_random_4x4(args: argparse.Namespace, log: _SearchLog) -> None:
    rng = random.Random(args.seed)
    results: dict[int, list[tuple[float, int, int]]] = {}
    checked = disagreements = not_optimal = 0
    for n in range(args.instances):
        k = 1 + n % args.max_scramble
        puzzle = random_instance(rng, 4, 4, rng.randint(2, 5), k)
        solution, seconds, searched = timed_solve(puzzle, log, args.budget)
        not_optimal += not solution.optimal
        results.setdefault(k, []).append((seconds, searched, len(solution.moves)))
        if len(solution.moves) <= args.check_depth and n % 5 == 0:
            length, _, _ = plain_bfs(puzzle.source, puzzle.target, 10**7, 120.0)
            checked += 1
            disagreements += length != len(solution.moves)
    print(
        f"## {args.instances} random 4x4 boards, 2-5 colours, scrambled by 1..{args.max_scramble}"
    )
    rows = []
    everything = [r for group in results.values() for r in group]
    groups: list[tuple[str, list[tuple[float, int, int]]]] = [
        (str(k), group) for k, group in sorted(results.items())
    ]
    for k, group in [*groups, ("all", everything)]:
        times = [t for t, _, _ in group]
        boards = [b for _, b, _ in group]
        lengths = [n for _, _, n in group]
        rows.append(
            [
                k,
                str(len(group)),
                f"{statistics.median(lengths):.0f}",
                str(max(lengths)),
                f"{statistics.median(times) * 1000:.1f}",
                f"{max(times) * 1000:.1f}",
                f"{statistics.median(boards):.0f}",
                str(max(boards)),
            ]
        )
    table(
        ["scramble", "n", "len med", "len max", "ms med", "ms max", "boards med", "boards max"],
        rows,
    )
    worst = max(r[0] for r in everything)
    print(
        f"all optimal: {not_optimal == 0} ({not_optimal} not proven); "
        f"plain-BFS cross-check of {checked} with length <= {args.check_depth}: "
        f"{disagreements} disagreements; max time {worst:.3f} s "
        f"({'under' if worst < 2 else 'OVER'} 2 s)\n"
    )


def bench_shuffled_4x4(args: argparse.Namespace, log: _SearchLog) -> None:
    print("## Random 4x4 targets (uniform shuffles of the source), the hardest case for a colour")
    rng = random.Random(args.seed + 2)
    rows = []
    for colours in (2, 4, 6, 8, 16):
        times, boards, lengths, proven = [], [], [], 0
        for _ in range(args.shuffles):
            puzzle = random_instance(rng, 4, 4, colours, 0)
            cells = [value for row in puzzle.target for value in row]
            rng.shuffle(cells)
            puzzle = Puzzle(tuple(tuple(cells[r * 4 : r * 4 + 4]) for r in range(4)), puzzle.target)
            solution, seconds, searched = timed_solve(puzzle, log, args.budget)
            times.append(seconds)
            boards.append(searched)
            lengths.append(len(solution.moves))
            proven += solution.optimal
        rows.append(
            [
                str(colours),
                str(args.shuffles),
                f"{proven}/{args.shuffles}",
                f"{statistics.median(lengths):.0f}",
                str(max(lengths)),
                f"{statistics.median(times) * 1000:.0f}",
                f"{max(times) * 1000:.0f}",
                str(max(boards)),
            ]
        )
    table(["colours", "n", "optimal", "len med", "len max", "ms med", "ms max", "boards max"], rows)


def bench_seed(args: argparse.Namespace, log: _SearchLog) -> None:
    print("## The seed's puzzles: this solver vs a plain forward BFS like the seed's script")
    rows = []
    for number, (source, target, shortest) in enumerate(SEED_PUZZLES, start=1):
        puzzle = parse(f"[{source}] [{target}]")
        solution, seconds, boards = timed_solve(puzzle, log, args.budget)
        length, expanded, plain_seconds = plain_bfs(
            puzzle.source, puzzle.target, args.plain_nodes, args.plain_seconds
        )
        rows.append(
            [
                str(number),
                str(shortest),
                str(len(solution.moves)),
                f"{seconds * 1000:.1f}",
                str(boards),
                "gave up" if length is None else str(length),
                f"{plain_seconds * 1000:.0f}",
                str(expanded),
            ]
        )
    table(
        ["puzzle", "shortest", "len", "ms", "boards", "plain len", "plain ms", "plain expanded"],
        rows,
    )


def bench_large(args: argparse.Namespace, log: _SearchLog) -> None:
    print(f"## Larger boards (time budget {args.budget:g} s)")
    rng = random.Random(args.seed + 1)
    rows = []
    for shape, colours, k in [
        ((5, 5), 4, 8),
        ((5, 5), 4, 100),
        ((5, 5), 6, 100),
        ((6, 6), 3, 10),
        ((6, 6), 4, 100),
        ((6, 6), 6, 100),
        ((5, 6), 2, 100),
        ((6, 6), 36, 100),
    ]:
        puzzle = random_instance(rng, *shape, colours, k)
        solution, seconds, boards = timed_solve(puzzle, log, args.budget)
        rows.append(
            [
                f"{shape[0]}x{shape[1]}",
                str(colours),
                str(k),
                str(len(solution.moves)),
                "yes" if solution.optimal else "no",
                f"{seconds:.2f}",
                str(boards),
            ]
        )
    table(["board", "colours", "scramble", "len", "optimal", "s", "boards"], rows)


def run(argv: list[str]) -> None:
    """Print the three tables."""
    parser = argparse.ArgumentParser(prog="bench/run.py bond_solver", description=__doc__)
    parser.add_argument("--instances", type=int, default=500)
    parser.add_argument("--max-scramble", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2009)
    parser.add_argument("--budget", type=float, default=5.0, help="solve() time budget, s")
    parser.add_argument("--check-depth", type=int, default=5, help="plain-BFS check up to")
    parser.add_argument("--plain-nodes", type=int, default=2_000_000)
    parser.add_argument("--plain-seconds", type=float, default=120.0)
    parser.add_argument("--shuffles", type=int, default=20, help="shuffled 4x4 per colour count")
    parser.add_argument(
        "--skip", nargs="*", default=[], choices=["random", "shuffled", "seed", "large"]
    )
    args = parser.parse_args(argv)
    log = _SearchLog()
    logger = logging.getLogger("solvers.bond")
    logger.addHandler(log)
    logger.setLevel(logging.DEBUG)
    try:
        if "random" not in args.skip:
            bench_random_4x4(args, log)
        if "shuffled" not in args.skip:
            bench_shuffled_4x4(args, log)
        if "seed" not in args.skip:
            bench_seed(args, log)
        if "large" not in args.skip:
            bench_large(args, log)
    finally:
        logger.removeHandler(log)
