"""Whole CheckiO Snake games: the safe planner against a plain greedy A*, side by side.

``python bench/run.py snake_solver [--games N] [--seed S] [--workers W]``

Each game is a seeded random 10x10 field (5-15 trees, a snake of five at a random place, a
cherry anywhere) played to the end with the mission's rules; both players play the same
starts (their later cherries differ, as they depend on where the snake is). Every loss is
checked for a proof that no player could have won the game as it unfolded: a start with no
way out, or a cherry walled in by trees, or one whose eating is fatal while more are to come
(in a dead end, in a pocket too small for the grown snake, or with no way on after eating it;
only a lucky next cherry in reach would delay the end). The planner should lose no other game.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool

from solvers.snake import checkio
from solvers.snake_sim import GameResult, greedy, play, random_puzzle, unwinnable_reason

PLAYERS: dict[str, Callable[[list[str]], str]] = {"safe planner": checkio, "greedy A*": greedy}
#: A lost game with no proof that it was unwinnable.
AVOIDABLE = "avoidable loss"


@dataclass(frozen=True)
class Game:
    """One player's game: the seed, the start, the result and why it was lost."""

    seed: int
    player: str
    start: tuple[str, ...]
    result: GameResult
    reason: str


def play_seed(task: tuple[int, str]) -> Game:
    """Play the game of ``seed`` with one player (picklable, for the pool)."""
    seed, player = task
    rng = random.Random(seed)
    puzzle = random_puzzle(rng)
    result = play(puzzle, PLAYERS[player], rng)
    reason = "won"
    if not result.won:
        reason = unwinnable_reason(result, puzzle) or AVOIDABLE
    return Game(seed, player, puzzle.field, result, reason)


def _row(label: str, values: list[str]) -> str:
    return f"{label:<46}" + "".join(f"{v:>16}" for v in values)


def _summary(games: list[Game]) -> list[str]:
    won = [g for g in games if g.result.won]
    steps = [g.result.steps for g in won]
    moves = sum(g.result.steps for g in games)
    think = sum(g.result.think_seconds for g in games)
    calls = sum(g.result.calls for g in games)
    return [
        f"{len(won)} ({100 * len(won) / len(games):.2f}%)",
        f"{sum(steps) / len(steps):.1f}" if steps else "-",
        str(max(steps)) if steps else "-",
        f"{1000 * think / max(moves, 1):.3f} ms",
        f"{1000 * think / max(calls, 1):.3f} ms",
        f"{1000 * max(g.result.slowest_call for g in games):.1f} ms",
    ]


def run(argv: list[str]) -> None:
    """Play the games and print the tables."""
    parser = argparse.ArgumentParser(prog="snake_solver", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--show", type=int, default=3, help="example fields shown per kind")
    args = parser.parse_args(argv)

    tasks = [(s, p) for s in range(args.seed, args.seed + args.games) for p in PLAYERS]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        games = pool.map(play_seed, tasks, chunksize=50)
    wall = time.perf_counter() - start
    by_player = {p: [g for g in games if g.player == p] for p in PLAYERS}

    print(
        f"{args.games} games (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"10x10, 5-15 trees, snake of 5; {wall:.1f} s on {args.workers} workers\n"
    )
    print(_row("", list(PLAYERS)))
    labels = [
        "won",
        "mean steps (won games)",
        "worst steps (won games)",
        "time per move",
        "time per call",
        "slowest call",
    ]
    columns = [_summary(by_player[p]) for p in PLAYERS]
    for i, label in enumerate(labels):
        print(_row(label, [col[i] for col in columns]))
    reasons = Counter(g.reason for g in games if g.reason != "won")
    print("\nlosses by cause")
    for reason in sorted(reasons, key=lambda r: (r == AVOIDABLE, r)):
        counts = [sum(1 for g in by_player[p] if g.reason == reason) for p in PLAYERS]
        print(_row(f"  {reason}", [str(n) for n in counts]))
    for p in PLAYERS:
        outcomes = Counter(g.result.outcome for g in by_player[p] if g.reason == AVOIDABLE)
        detail = ", ".join(f"{n} {o}" for o, n in outcomes.most_common()) or "none"
        print(f"  {p}: avoidable losses: {detail}")

    planner = by_player["safe planner"]
    unwinnable = [g for g in planner if g.reason not in ("won", AVOIDABLE)]
    winnable = len(planner) - len(unwinnable)
    print(
        f"\nsafe planner: won {sum(g.result.won for g in planner)} of the {winnable} games "
        f"not proved unwinnable ({len(unwinnable)} proved unwinnable)"
    )
    shown: Counter[str] = Counter()
    for g in planner:
        if g.reason == "won" or shown[g.reason] >= args.show:
            continue
        shown[g.reason] += 1
        print(
            f"\n[{g.reason}] seed {g.seed}: {g.result.outcome} after {g.result.cherries} "
            f"cherries, {g.result.steps} steps; last field:"
        )
        print("\n".join("    " + row for row in g.result.last_field))
