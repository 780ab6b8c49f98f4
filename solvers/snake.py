"""CheckiO Snake: the field, the rules, a safe planner and an independent checker.

The field is a grid of characters: ``.`` empty, ``T`` tree, ``C`` the cherry, ``0`` the
snake's head and ``1``..``9`` its body in order. Each action moves the head one cell:
``F`` forward, ``L`` / ``R`` turn left / right and step, relative to the heading (from the
neck to the head). The tail moves before the head, so the head may enter the cell the tail
leaves; eating the cherry grows the snake by one (the tail stays). Trees, walls and the body
kill. The mission (10x10) is won by eating 5 cherries within 250 steps; each new cherry
appears on a random free cell off the border.

A :class:`Solution` is a route to the cherry that leaves the snake *safe*: after eating it
can still bring its head right behind its tail (into the cell the tail leaves, or left the
step before), which lays the body on a cycle it can circle for ever; so wherever the next
cherry lands, the snake survives until a route to it opens. The planner is A* over whole
bodies (the body's timing and the head's own trail are exact), bounded by a node budget;
cherries that no snake could eat and survive (walled in, in a dead end, in a pocket shorter
than the grown snake) are recognised without a search. When no safe route exists yet,
:func:`solve` returns moves that keep the snake safe, with ``safe=False``.

Examples
--------
>>> p = parse('["..C", "...", "210"]')
>>> p.snake, p.cherry
(((2, 2), (2, 1), (2, 0)), (0, 2))
"""

from __future__ import annotations

import ast
import json
import logging
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from heapq import heappop, heappush
from itertools import count
from typing import Any

try:
    from solvers.errors import (
        InvalidPuzzleError,
        InvalidSolutionError,
        PuzzleFormatError,
        SearchBudgetError,
    )
except ImportError:  # pasted alone into CheckiO's editor, where solve-shot is not installed

    class PuzzleFormatError(ValueError):  # type: ignore[no-redef]
        """A field in text or JSON form is malformed."""

    class InvalidPuzzleError(ValueError):  # type: ignore[no-redef]
        """A field breaks the rules."""

    class InvalidSolutionError(ValueError):  # type: ignore[no-redef]
        """A solution breaks the rules."""

    class SearchBudgetError(ValueError):  # type: ignore[no-redef]
        """A search gave up after its budget."""


log = logging.getLogger(__name__)

Cell = tuple[int, int]
#: A snake as its cells, head first.
Body = tuple[Cell, ...]

#: The characters of a field.
EMPTY, TREE, CHERRY = ".", "T", "C"
FIELD_CHARS = frozenset(".TC0123456789")
#: The relative moves: forward, turn left, turn right.
ACTIONS = "FLR"
#: The mission: a snake of five wins by eating five cherries within 250 steps.
START_LENGTH, CHERRIES_TO_WIN, MAX_STEPS = 5, 5, 250
WINNING_LENGTH = START_LENGTH + CHERRIES_TO_WIN


@dataclass(frozen=True)
class Puzzle:
    """A field of the game.

    Parameters
    ----------
    field : tuple of str
        Rows of equal length: ``.`` empty, ``T`` tree, ``C`` cherry, ``0`` head,
        ``1``..``9`` body in order.

    Raises
    ------
    PuzzleFormatError
        Empty or ragged rows, or a character outside ``.TC0-9``.
    InvalidPuzzleError
        No head, no neck, a gap or repeat in the numbering, a body that is not a chain of
        orthogonal neighbours, or not exactly one cherry.
    """

    field: tuple[str, ...]

    def __post_init__(self) -> None:
        if isinstance(self.field, str) or not all(isinstance(r, str) for r in self.field):
            raise PuzzleFormatError("the field must be a list of strings")
        object.__setattr__(self, "field", tuple(self.field))
        if not self.field or not self.field[0]:
            raise PuzzleFormatError("the field is empty")
        if any(len(r) != len(self.field[0]) for r in self.field):
            raise PuzzleFormatError("the field's rows differ in length")
        text = "".join(self.field)
        bad = sorted(set(text) - FIELD_CHARS)
        if bad:
            raise PuzzleFormatError(f"unexpected characters in the field: {''.join(bad)!r}")
        if text.count(CHERRY) != 1:
            raise InvalidPuzzleError(f"expected one cherry, found {text.count(CHERRY)}")
        length = 0
        while length < 10 and str(length) in text:
            if text.count(str(length)) > 1:
                raise InvalidPuzzleError(f"body segment {length} appears more than once")
            length += 1
        if length == 0:
            raise InvalidPuzzleError("the snake has no head (0)")
        if length == 1:
            raise InvalidPuzzleError("the snake has no neck (1), so it has no heading")
        extra = next((d for d in range(length, 10) if str(d) in text), None)
        if extra is not None:
            raise InvalidPuzzleError(f"body segment {length} is missing before {extra}")
        snake = self.snake
        for d in range(1, length):
            if not _adjacent(snake[d - 1], snake[d]):
                raise InvalidPuzzleError(f"body segments {d - 1} and {d} are not neighbours")

    @property
    def rows(self) -> int:
        """Number of rows."""
        return len(self.field)

    @property
    def cols(self) -> int:
        """Number of columns."""
        return len(self.field[0])

    @cached_property
    def snake(self) -> Body:
        """The snake's cells, head first."""
        text = "".join(self.field)
        cells = []
        for digit in "0123456789":
            at = text.find(digit)
            if at < 0:
                break
            cells.append(divmod(at, self.cols))
        return tuple(cells)

    @cached_property
    def cherry(self) -> Cell:
        """The cherry's cell."""
        r, c = divmod("".join(self.field).index(CHERRY), self.cols)
        return (r, c)

    @cached_property
    def trees(self) -> frozenset[Cell]:
        """The trees' cells."""
        return frozenset(
            (r, c) for r, row in enumerate(self.field) for c, ch in enumerate(row) if ch == TREE
        )

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Puzzle:
        """Read the contract's form ``{"field": ["..........", ...]}``."""
        if not isinstance(obj, Mapping) or "field" not in obj:
            raise PuzzleFormatError('a snake puzzle is an object with a "field" list')
        field = obj["field"]
        if not isinstance(field, list | tuple):
            raise PuzzleFormatError('"field" must be a list of strings')
        return cls(tuple(field))

    def to_json(self) -> dict[str, Any]:
        """The contract's form."""
        return {"field": list(self.field)}


@dataclass(frozen=True)
class Solution:
    """Moves for the snake.

    Parameters
    ----------
    actions : str
        ``F``, ``L``, ``R`` relative to the heading.
    path : tuple of Cell
        The head's cell after each action.
    safe : bool
        True when the actions end by eating the cherry and leave the snake able to chase its
        tail; False when no such route exists yet and the actions only keep the snake safe.
    """

    actions: str
    path: tuple[Cell, ...]
    safe: bool = True

    def __post_init__(self) -> None:
        if not isinstance(self.actions, str) or set(self.actions) - set(ACTIONS):
            raise PuzzleFormatError(f"actions must be a string of {ACTIONS}")
        path = tuple(_cell(c) for c in self.path)
        object.__setattr__(self, "path", path)
        if len(path) != len(self.actions):
            raise PuzzleFormatError(
                f"{len(self.actions)} actions but {len(path)} cells in the path"
            )

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Solution:
        """Read ``{"actions": "FFL", "path": [[r, c], ...], "safe": true}``."""
        if not isinstance(obj, Mapping) or "actions" not in obj or "path" not in obj:
            raise PuzzleFormatError('a snake solution has "actions" and "path"')
        safe = obj.get("safe", True)
        if not isinstance(safe, bool):
            raise PuzzleFormatError('"safe" must be true or false')
        if not isinstance(obj["path"], list | tuple):
            raise PuzzleFormatError('"path" must be a list of [row, col]')
        return cls(obj["actions"], tuple(obj["path"]), safe)

    def to_json(self) -> dict[str, Any]:
        """The contract's form, with ``safe``."""
        return {"actions": self.actions, "path": [list(c) for c in self.path], "safe": self.safe}


def _cell(obj: object) -> Cell:
    if (
        not isinstance(obj, list | tuple)
        or len(obj) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in obj)
    ):
        raise PuzzleFormatError(f"a cell is [row, col], not {obj!r}")
    return (obj[0], obj[1])


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# --------------------------------------------------------------------------- text forms


def parse(text: str) -> Puzzle:
    """Read a field from text.

    Accepts the contract's JSON (``{"field": [...]}``), a Python or JSON list of strings
    (such as the argument of a ``checkio([...])`` call, with or without the call around it),
    or bare rows, one a line (quotes and trailing commas are ignored).

    Raises
    ------
    PuzzleFormatError
        When the text is none of these.
    """
    from solvers.textform import json_puzzle  # the project's JSON forms (not on CheckiO)

    text = text.strip()
    obj = json_puzzle(text)
    if obj is not None:
        return Puzzle.from_json(obj)
    if "[" in text:
        literal = text[text.index("[") : text.rindex("]") + 1] if "]" in text else text
        try:
            rows = ast.literal_eval(literal)
        except (SyntaxError, ValueError):
            raise PuzzleFormatError("expected a list of strings") from None
        if not isinstance(rows, list | tuple):
            raise PuzzleFormatError("expected a list of strings")
        return Puzzle(tuple(rows))
    return Puzzle(tuple(_bare_rows(text.splitlines())))


def _bare_rows(lines: Iterable[str]) -> list[str]:
    return [s for s in (line.strip().rstrip(",").strip().strip("\"'") for line in lines) if s]


def format_puzzle(puzzle: Puzzle) -> str:
    """The contract's JSON text, one row a line; ``parse`` reads it back."""
    rows = ",\n".join(f"  {json.dumps(r)}" for r in puzzle.field)
    return '{"field": [\n' + rows + "\n]}"


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Arena:
    """The fixed part of a field: its size and its trees."""

    rows: int
    cols: int
    trees: frozenset[Cell]

    @staticmethod
    def of(puzzle: Puzzle) -> Arena:
        """The arena of a puzzle (shared between puzzles on the same field)."""
        return _arena(puzzle.rows, puzzle.cols, puzzle.trees)

    @cached_property
    def free(self) -> frozenset[Cell]:
        """The cells inside the walls that are not trees."""
        return frozenset(
            (r, c) for r in range(self.rows) for c in range(self.cols) if (r, c) not in self.trees
        )

    def open(self, cell: Cell) -> bool:
        """True when ``cell`` is inside the walls and not a tree."""
        return cell in self.free

    def exits(self, cell: Cell) -> list[Cell]:
        """The open orthogonal neighbours of ``cell``."""
        r, c = cell
        free = self.free
        return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in free]

    @cached_property
    def dead_ends(self) -> frozenset[Cell]:
        """Open cells in dangling, loop-free branches of the field.

        Found by peeling cells with at most one open neighbour left. A snake cannot turn
        back, so once it enters such a branch from outside it can only go deeper, and dies.
        """
        degree = {cell: len(self.exits(cell)) for cell in self.free}
        dead: set[Cell] = set()
        queue = [cell for cell, d in degree.items() if d <= 1]
        while queue:
            cell = queue.pop()
            if cell in dead:
                continue
            dead.add(cell)
            for n in self.exits(cell):
                degree[n] -= 1
                if degree[n] <= 1 and n not in dead:
                    queue.append(n)
        return frozenset(dead)


@lru_cache(maxsize=64)
def _arena(rows: int, cols: int, trees: frozenset[Cell]) -> Arena:
    return Arena(rows, cols, trees)


def heading(body: Body) -> Cell:
    """The direction ``(drow, dcol)`` from the neck to the head."""
    return (body[0][0] - body[1][0], body[0][1] - body[1][1])


def turn(direction: Cell, action: str) -> Cell:
    """The direction after ``action`` (``F``, ``L`` or ``R``) from ``direction``."""
    dr, dc = direction
    if action == "L":
        return (-dc, dr)
    if action == "R":
        return (dc, -dr)
    return direction


def action_between(direction: Cell, step: Cell) -> str:
    """The action that turns ``direction`` into ``step``; raises ``ValueError`` for a reversal."""
    for action in ACTIONS:
        if turn(direction, action) == step:
            return action
    raise ValueError(f"cannot turn from {direction} to {step}")


def move(arena: Arena, body: Body, action: str, cherry: Cell | None) -> Body | None:
    """Play one action; the new body (head first), or None when the snake crashes.

    The tail moves first, so the head may enter the cell the tail leaves; when the head
    enters ``cherry`` the snake grows by one instead.
    """
    dr, dc = turn(heading(body), action)
    head = (body[0][0] + dr, body[0][1] + dc)
    if not arena.open(head):
        return None
    if head == cherry:
        return (head, *body)
    if head in body[:-1]:
        return None
    return (head, *body[:-1])


#: Nodes the tail-chase search may expand before giving up.
CHASE_BUDGET = 4000


#: Approach bodies the no-escape proof tries before it gives up, proving nothing.
ESCAPE_PROOF_BODIES = 2000
#: Bodies a :func:`doomed` search may expand before it gives up, proving nothing.
DOOM_BUDGET = 5000


def cherry_trap(arena: Arena, body: Body, cherry: Cell) -> str | None:
    """Why eating ``cherry`` is fatal for ``body``, or None when there is no proof.

    Fatal means the snake then crashes whatever it does (unless the next cherry happens to
    land in its reach, which only delays the end). Three proofs, cheapest first:

    - the cherry is in a dead end;
    - it lies in a pocket ``R`` behind one cell ``g`` (the only way in and out), with the head
      outside. The snake can only leave ``R`` by stepping back into ``g`` after its grown
      body has left it; until then its head visits distinct cells of ``R`` outside dead ends
      (``R'``), which takes ``|R'| + 1`` steps at most, or ``|R'|`` when ``g`` has one
      neighbour in ``R'`` (entered twice). A pocket shorter than the grown snake is a trap;
    - every body of the grown length with its head on the cherry is :func:`doomed`.
    """
    if cherry in arena.dead_ends:
        return "in a dead end"
    grown = len(body) + 1
    limit = 2 * grown + 2
    for gate in _nearest(arena, cherry, limit)[1:]:
        pocket = _region(arena, cherry, gate, limit)
        if pocket is None or body[0] in pocket:
            continue
        live = pocket - arena.dead_ends
        doors = sum(1 for n in arena.exits(gate) if n in live)
        if len(live) + (doors > 1) < grown:
            return "in a pocket too small for the snake"
    zone = _region(arena, body[0], cherry) or set()
    if body[0] not in arena.dead_ends:
        zone -= arena.dead_ends - set(body)
    if _no_escape(arena, cherry, grown, frozenset(zone)):
        return "with no way on after eating it"
    return None


@lru_cache(maxsize=256)
def _no_escape(arena: Arena, cherry: Cell, grown: int, zone: frozenset[Cell]) -> bool:
    """True when every body of ``grown`` cells, head on ``cherry``, rest in ``zone``, is doomed.

    Before eating, the snake's cells are ones its head reached without passing the cherry,
    and never cells of a dead end it entered from outside (it could not have come back), so
    ``zone`` is the head's side of the cherry less the dead ends the snake is not in.
    """
    stack: list[Body] = [(cherry,)]
    tried = 0
    while stack:
        cells = stack.pop()
        if len(cells) == grown:
            tried += 1
            if tried > ESCAPE_PROOF_BODIES or not doomed(arena, cells, 3 * grown):
                return False
            continue
        stack.extend((*cells, n) for n in arena.exits(cells[-1]) if n in zone and n not in cells)
    return True


def doomed(arena: Arena, body: Body, depth: int) -> bool:
    """True when every sequence of ``depth`` moves crashes (with no cherry on the field).

    Depth-first; past ``DOOM_BUDGET`` bodies it answers False (no proof).
    """
    stack = [(body, 0)]
    for _ in range(DOOM_BUDGET):
        if not stack:
            return True
        current, done = stack.pop()
        if done == depth:
            return False
        stack.extend(
            (nxt, done + 1) for a in ACTIONS if (nxt := move(arena, current, a, None)) is not None
        )
    return False


def _nearest(arena: Arena, start: Cell, count: int) -> list[Cell]:
    """The ``count`` open cells nearest ``start`` (itself first), in breadth-first order.

    A pocket of ``k`` cells around ``start`` and its gate are among the first ``k + 1``: every
    cell beyond the gate is farther than the gate.
    """
    order = [start]
    seen = {start}
    for cell in order:
        if len(order) >= count:
            break
        for n in arena.exits(cell):
            if n not in seen:
                seen.add(n)
                order.append(n)
    return order[:count]


def _region(
    arena: Arena, start: Cell, wall: Cell | None = None, limit: int | None = None
) -> set[Cell] | None:
    """Open cells reachable from ``start`` without crossing ``wall``; None past ``limit``."""
    seen = {start}
    queue = [start]
    while queue:
        for n in arena.exits(queue.pop()):
            if n != wall and n not in seen:
                seen.add(n)
                if limit is not None and len(seen) > limit:
                    return None
                queue.append(n)
    return seen


def walled_in(arena: Arena, head: Cell, cherry: Cell) -> bool:
    """True when trees and walls alone keep ``head`` from ``cherry`` (whatever the body)."""
    return cherry not in (_region(arena, head) or ())


def _enters_dead_end(arena: Arena, body: Body, nxt: Body) -> bool:
    """True when the step from ``body`` to ``nxt`` enters a dead end from outside."""
    dead = arena.dead_ends
    return nxt[0] in dead and body[0] not in dead


def chase_tail(
    arena: Arena, body: Body, avoid: frozenset[Cell] = frozenset(), budget: int = CHASE_BUDGET
) -> str | None:
    """Actions that bring the head right behind the tail, never entering ``avoid``.

    The route ends when the head enters the cell the tail leaves in the same step, or left
    in the step before (a grid cycle has even length, so a snake of odd length can only
    close a loop with one free cell in it). The body then lies on a cycle it can circle for
    ever, so a body with such a route is safe. Depth-first over whole bodies, the move that
    brings the head nearest its tail first.

    Returns
    -------
    str or None
        The actions, or None when there is provably none.

    Raises
    ------
    SearchBudgetError
        When ``budget`` bodies were expanded without an answer.
    """
    if len(body) < 3:
        return None
    stack: list[tuple[Body, str, Cell | None]] = [(body, "", None)]
    seen = {body}
    expanded = 0
    while stack:
        current, actions, vacated = stack.pop()
        expanded += 1
        if expanded > budget:
            raise SearchBudgetError(f"tail chase gave up after {budget} bodies")
        options: list[tuple[int, str, Body]] = []
        for action in ACTIONS:
            nxt = move(arena, current, action, None)
            if nxt is None or nxt[0] in avoid or _enters_dead_end(arena, current, nxt):
                continue
            if nxt[0] in (current[-1], vacated):
                return actions + action
            if nxt not in seen:
                seen.add(nxt)
                gap = abs(nxt[0][0] - nxt[-1][0]) + abs(nxt[0][1] - nxt[-1][1])
                options.append((gap, action, nxt))
        options.sort(reverse=True)
        stack.extend((nxt, actions + action, current[-1]) for _, action, nxt in options)
    return None


# --------------------------------------------------------------------------- planning

#: Bodies the route search may expand before it settles for what it has.
ROUTE_BUDGET = 20000
#: How far ahead the last-resort search looks for the longest survival.
SURVIVAL_DEPTH = 24


def _routes(arena: Arena, body: Body, cherry: Cell, budget: int) -> Iterator[tuple[str, Body]]:
    """Every route to the cherry, shortest first, with the body after eating.

    A* over whole bodies (so the timing of the body, and of the trail the head lays, is
    exact), with the Manhattan distance to the cherry as the heuristic and deeper nodes first
    among equals; dead ends are not entered unless the cherry is in one. Raises
    :class:`SearchBudgetError` after ``budget`` expansions.
    """

    def estimate(cell: Cell) -> int:
        return abs(cell[0] - cherry[0]) + abs(cell[1] - cherry[1])

    prune = cherry not in arena.dead_ends
    tick = count()
    heap: list[tuple[int, int, int, Body, str]] = [(estimate(body[0]), 0, next(tick), body, "")]
    seen = {body}
    for _ in range(budget):
        if not heap:
            return
        _, neg_depth, _, current, actions = heappop(heap)
        for action in ACTIONS:
            nxt = move(arena, current, action, cherry)
            if nxt is None or nxt in seen or (prune and _enters_dead_end(arena, current, nxt)):
                continue
            if nxt[0] == cherry:
                yield actions + action, nxt
                continue
            seen.add(nxt)
            depth = 1 - neg_depth
            heappush(heap, (depth + estimate(nxt[0]), -depth, next(tick), nxt, actions + action))
    if heap:
        raise SearchBudgetError(f"route search gave up after {budget} bodies")


def is_safe(arena: Arena, body: Body, avoid: frozenset[Cell] = frozenset()) -> bool:
    """True when the snake can be shown to reach its tail (see :func:`chase_tail`)."""
    try:
        return chase_tail(arena, body, avoid) is not None
    except SearchBudgetError:
        return False


def _longest_survival(arena: Arena, body: Body, cherry: Cell) -> str:
    """The longest crash-free actions (up to ``SURVIVAL_DEPTH``), eating the cherry if met."""
    best = ""
    stack: list[tuple[Body, str]] = [(body, "")]
    for _ in range(ROUTE_BUDGET):
        if not stack:
            break
        current, actions = stack.pop()
        if len(actions) > len(best):
            best = actions
        if len(actions) == SURVIVAL_DEPTH or current[0] == cherry:
            continue
        for action in ACTIONS:
            nxt = move(arena, current, action, cherry)
            if nxt is not None:
                stack.append((nxt, actions + action))
    return best


def head_path(body: Body, actions: str) -> tuple[Cell, ...]:
    """The head's cells after each action (no collision checks)."""
    (r, c), direction, cells = body[0], heading(body), []
    for action in actions:
        direction = turn(direction, action)
        r, c = r + direction[0], c + direction[1]
        cells.append((r, c))
    return tuple(cells)


def solve(puzzle: Puzzle, *, final: bool = False, budget: int = ROUTE_BUDGET) -> Solution | None:
    """Plan the snake's next moves.

    Parameters
    ----------
    puzzle : Puzzle
        The field.
    final : bool
        The cherry ends the game (the mission's fifth), so the snake need not be safe after
        eating it: the shortest route is taken.
    budget : int
        Bodies the route search may expand.

    Returns
    -------
    Solution or None
        The shortest route found that eats the cherry and leaves the snake safe
        (``safe=True``). Otherwise ``safe=False`` and, in this order: moves that keep the
        snake safe without eating (play them and plan again), the shortest route to the
        cherry, or the longest crash-free moves. None only when every move crashes at once.
    """
    arena, body, cherry = Arena.of(puzzle), puzzle.snake, puzzle.cherry
    shortest = ""
    hopeless = walled_in(arena, body[0], cherry) or (
        not final and cherry_trap(arena, body, cherry) is not None
    )
    if hopeless:
        log.debug("the cherry is walled in, or fatal to eat: no route is searched")
    try:
        for actions, grown in () if hopeless else _routes(arena, body, cherry, budget):
            shortest = shortest or actions
            if final or is_safe(arena, grown):
                return Solution(actions, head_path(body, actions), is_safe(arena, grown))
    except SearchBudgetError:
        log.debug("route search ran out of budget on %s", puzzle.field)
    try:
        actions = chase_tail(arena, body, frozenset({cherry})) or shortest
    except SearchBudgetError:
        actions = shortest
    actions = actions or _longest_survival(arena, body, cherry)
    return Solution(actions, head_path(body, actions), safe=False) if actions else None


def checkio(field: list[str]) -> str:
    """The mission's entry point: the actions to play from ``field``.

    The mission starts with a snake of five, so a snake of nine is about to eat the fifth
    and last cherry and need not stay safe. Every move crashing, it answers ``F``.
    """
    puzzle = Puzzle(tuple(field))
    solution = solve(puzzle, final=len(puzzle.snake) == WINNING_LENGTH - 1)
    return solution.actions if solution is not None else "F"


# --------------------------------------------------------------------------- checking


def verify(puzzle: Puzzle, solution: Solution) -> None:
    """Replay ``solution`` on ``puzzle`` with the rules; raise if it breaks one.

    Every action must be legal and crash-free and the path must follow the head. A ``safe``
    solution must eat the cherry with its last action and leave a body that can chase its
    tail; any solution must stop at the cherry (the game ignores moves after it is eaten).

    Raises
    ------
    InvalidSolutionError
        Naming the broken rule.
    SearchBudgetError
        When the safety of the final body could be neither shown nor refuted.
    """
    if not solution.actions:
        raise InvalidSolutionError("no actions")
    arena = Arena.of(puzzle)
    body = puzzle.snake
    for i, action in enumerate(solution.actions, start=1):
        if body[0] == puzzle.cherry:
            raise InvalidSolutionError(f"the cherry is eaten at step {i - 1} but moves go on")
        nxt = move(arena, body, action, puzzle.cherry)
        if nxt is None:
            raise InvalidSolutionError(f"step {i} ({action}) crashes the snake")
        if nxt[0] != solution.path[i - 1]:
            raise InvalidSolutionError(
                f"step {i} puts the head on {nxt[0]}, the path says {solution.path[i - 1]}"
            )
        body = nxt
    if not solution.safe:
        return
    if body[0] != puzzle.cherry:
        raise InvalidSolutionError("a safe solution must end by eating the cherry")
    if chase_tail(arena, body, budget=20 * CHASE_BUDGET) is None:
        raise InvalidSolutionError("after eating, the snake can no longer reach its tail")


def describe(solution: Solution) -> str:
    """A one-line summary for the command line."""
    steps = len(solution.actions)
    noun = "step" if steps == 1 else "steps"
    if solution.safe:
        return f"{steps} {noun} to the cherry ({solution.actions})"
    return f"{steps} {noun} ({solution.actions}), no safe route to the cherry: replan after them"
