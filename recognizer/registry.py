"""The one registry: each game's solver, recognizer and overlay.

Modules are imported on first use, so ``solve-shot --help`` stays fast and a
game's heavy dependencies load only when that game is asked for.

A solver module follows ``solvers/__init__.py``. A recognizer module has
``recognize(image) -> Recognition`` and ``draw(image, recognition, solution)``
returning the annotated copy of ``image``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from solvers.errors import UsageError


@dataclass(frozen=True)
class Game:
    """One game: its name and the modules that implement it."""

    name: str
    title: str
    solver_module: str
    recognizer_module: str

    @property
    def solver(self) -> ModuleType:
        """The solver module (``Puzzle``, ``Solution``, ``solve``, ``verify``...)."""
        return importlib.import_module(self.solver_module)

    @property
    def recognizer(self) -> ModuleType:
        """The recognizer module (``recognize`` and the overlay ``draw``)."""
        return importlib.import_module(self.recognizer_module)


GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game("onestroke", "一笔画完 (one stroke)", "solvers.onestroke", "recognizer.onestroke"),
        Game("bond", "James Bond Jr. missile puzzle", "solvers.bond", "recognizer.bond"),
        Game("snake", "CheckiO Snake", "solvers.snake", "recognizer.snake"),
        Game("tictactoe", "Tic-tac-toe", "solvers.tictactoe", "recognizer.tictactoe"),
        Game("knight", "Knight's tour", "solvers.knight", "recognizer.knight"),
    )
}


def get_game(name: str) -> Game:
    """Look a game up by name, with a clear error for an unknown one."""
    try:
        game = GAMES[name]
    except KeyError:
        raise UsageError(f"unknown game {name!r}; choose from {', '.join(GAMES)}") from None
    return game
