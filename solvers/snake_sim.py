"""Whole games of CheckiO Snake, played by the mission's rules with a seeded random cherry.

A *player* is a function like the mission's ``checkio``: it gets the field as a list of
strings and answers a string of actions. The referee plays the actions one by one until the
cherry is eaten (the rest are dropped), the snake crashes, or the steps run out, then asks
again. Each new cherry lands on a random free cell off the border.

Examples
--------
>>> import random
>>> from solvers.snake import checkio
>>> play(random_puzzle(random.Random(1)), checkio, random.Random(1)).won
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import count

from solvers.snake import (
    ACTIONS,
    CHERRIES_TO_WIN,
    CHERRY,
    EMPTY,
    MAX_STEPS,
    START_LENGTH,
    TREE,
    Arena,
    Body,
    Cell,
    Puzzle,
    action_between,
    cherry_trap,
    doomed,
    heading,
    move,
    turn,
    walled_in,
)

Player = Callable[[list[str]], str]

#: Why a game ended.
WON, CRASHED, OUT_OF_STEPS, NO_ANSWER = "won", "crashed", "out of steps", "no answer"
NO_ROOM = "no room for a cherry"


@dataclass(frozen=True)
class GameResult:
    """The outcome of one game.

    Attributes
    ----------
    outcome : str
        ``won``, ``crashed``, ``out of steps``, ``no answer`` (an empty or bad reply) or
        ``no room for a cherry``.
    cherries, steps : int
        Cherries eaten and steps played.
    calls : int
        Times the player was asked.
    think_seconds, slowest_call : float
        Time spent in the player, in all and in its slowest answer.
    last_field : tuple of str
        The field when the player was last asked.
    cherry_fields : tuple of tuple of str
        The field as each cherry appeared (the start first); the last one is empty when
        there was no room for a cherry.
    """

    outcome: str
    cherries: int
    steps: int
    calls: int
    think_seconds: float
    slowest_call: float
    last_field: tuple[str, ...]
    cherry_fields: tuple[tuple[str, ...], ...]

    @property
    def won(self) -> bool:
        """True when the snake ate every cherry in time."""
        return self.outcome == WON


def render_field(arena: Arena, body: Body, cherry: Cell) -> tuple[str, ...]:
    """The field's rows for a snake (of at most ten segments) and a cherry."""
    if len(body) > 10:
        raise ValueError(f"a field shows at most ten segments, not {len(body)}")
    grid = [
        [TREE if (r, c) in arena.trees else EMPTY for c in range(arena.cols)]
        for r in range(arena.rows)
    ]
    grid[cherry[0]][cherry[1]] = CHERRY
    for i, (r, c) in enumerate(body):
        grid[r][c] = str(i)
    return tuple("".join(row) for row in grid)


def random_puzzle(
    rng: random.Random,
    rows: int = 10,
    cols: int = 10,
    trees: tuple[int, int] = (5, 15),
    length: int = START_LENGTH,
) -> Puzzle:
    """A random start: ``trees`` (inclusive range) trees, a snake of ``length``, a cherry.

    The snake is a random self-avoiding walk on free cells and the cherry any free cell,
    border included, as the mission's first cherry may be.
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    while True:
        planted = frozenset(rng.sample(cells, rng.randint(*trees)))
        arena = Arena(rows, cols, planted)
        body = _random_walk(rng, arena, length, [c for c in cells if c not in planted])
        if body is None:
            continue
        free = [c for c in cells if c not in planted and c not in body]
        return Puzzle(render_field(arena, body, rng.choice(free)))


def _random_walk(rng: random.Random, arena: Arena, length: int, free: list[Cell]) -> Body | None:
    body = [rng.choice(free)]
    while len(body) < length:
        r, c = body[-1]
        steps = [
            n
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if arena.open(n) and n not in body
        ]
        if not steps:
            return None
        body.append(rng.choice(steps))
    return tuple(body)


def place_cherry(rng: random.Random, arena: Arena, body: Body) -> Cell | None:
    """A random free cell off the border, or None when there is none."""
    taken = set(body)
    inner = [
        (r, c)
        for r in range(1, arena.rows - 1)
        for c in range(1, arena.cols - 1)
        if (r, c) not in arena.trees and (r, c) not in taken
    ]
    return rng.choice(inner) if inner else None


def play(
    puzzle: Puzzle,
    player: Player,
    rng: random.Random,
    cherries: int = CHERRIES_TO_WIN,
    max_steps: int = MAX_STEPS,
) -> GameResult:
    """Play a whole game from ``puzzle`` with the mission's referee rules."""
    arena, body, cherry = Arena.of(puzzle), puzzle.snake, puzzle.cherry
    steps = calls = 0
    thinking = slowest = 0.0
    fields = [puzzle.field]
    field = puzzle.field

    def end(outcome: str) -> GameResult:
        eaten = len(fields) - 1
        cherry_fields = tuple(fields[:cherries])
        return GameResult(outcome, eaten, steps, calls, thinking, slowest, field, cherry_fields)

    while True:
        field = render_field(arena, body, cherry)
        calls += 1
        start = time.perf_counter()
        answer = player(list(field))
        spent = time.perf_counter() - start
        thinking, slowest = thinking + spent, max(slowest, spent)
        if not answer or set(answer) - set(ACTIONS):
            return end(NO_ANSWER)
        for action in answer:
            if steps == max_steps:
                return end(OUT_OF_STEPS)
            nxt = move(arena, body, action, cherry)
            steps += 1
            if nxt is None:
                return end(CRASHED)
            body = nxt
            if body[0] == cherry:
                new = place_cherry(rng, arena, body)
                fields.append(render_field(arena, body, new) if new is not None else ())
                if len(fields) > cherries:
                    return end(WON)
                if new is None:
                    return end(NO_ROOM)
                cherry = new
                break


def unwinnable_reason(result: GameResult, start: Puzzle) -> str | None:
    """Why no player could have won the game as it unfolded, when there is a proof.

    The start may leave no way out, or a cherry (placed at random) may be walled in by trees,
    or be fatal to eat while more are to come (:func:`~solvers.snake.cherry_trap`).
    """
    arena = Arena.of(start)
    if doomed(arena, start.snake, 2 * len(start.snake)):
        return "no way out at the start"
    for i, field in enumerate(result.cherry_fields):
        if not field:
            break
        puzzle = Puzzle(field)
        if walled_in(arena, puzzle.snake[0], puzzle.cherry):
            return "cherry walled in"
        if i + 1 == len(result.cherry_fields) == CHERRIES_TO_WIN:
            break
        trap = cherry_trap(arena, puzzle.snake, puzzle.cherry)
        if trap is not None:
            return f"cherry {trap}"
    return None


def greedy(field: list[str]) -> str:
    """A plain greedy player like the seed's: the shortest route to the cherry, no safety.

    A* over the head's cell and heading, where a body segment stops blocking once the tail
    has passed it; when there is no route it makes any move that does not crash at once.
    """
    puzzle = Puzzle(tuple(field))
    arena, body, cherry = Arena.of(puzzle), puzzle.snake, puzzle.cherry
    clears = {cell: len(body) - i for i, cell in enumerate(body)}
    tick = count()
    start = (body[0], heading(body))
    heap = [(0, next(tick), 0, start)]
    parent: dict[tuple[Cell, Cell], tuple[Cell, Cell] | None] = {start: None}
    while heap:
        _, _, steps, (cell, direction) = heappop(heap)
        if cell == cherry:
            return _greedy_actions(parent, (cell, direction))
        for action in ACTIONS:
            d = turn(direction, action)
            n = (cell[0] + d[0], cell[1] + d[1])
            if not arena.open(n) or clears.get(n, 0) > steps + 1 or (n, d) in parent:
                continue
            parent[(n, d)] = (cell, direction)
            h = abs(n[0] - cherry[0]) + abs(n[1] - cherry[1])
            heappush(heap, (h, next(tick), steps + 1, (n, d)))
    return next((a for a in ACTIONS if move(arena, body, a, cherry) is not None), "F")


def _greedy_actions(
    parent: dict[tuple[Cell, Cell], tuple[Cell, Cell] | None], end: tuple[Cell, Cell]
) -> str:
    actions = []
    node = end
    while (prev := parent[node]) is not None:
        actions.append(action_between(prev[1], node[1]))
        node = prev
    return "".join(reversed(actions))
