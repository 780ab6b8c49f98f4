"""Pictures of every game, and of none, through one call: for mixed packs and benchmarks."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from recognizer.image import encode_png
from tests.render import nonpuzzle

GAMES = ("onestroke", "bond", "snake", "tictactoe", "knight")


def screen(game: str, rng: np.random.Generator) -> tuple[NDArray[np.uint8], Any]:
    """A rendered screen of ``game`` and its puzzle (``None`` for ``"none"``: no puzzle)."""
    if game == "none":
        return nonpuzzle.random_picture(rng)[1], None
    module = importlib.import_module(f"tests.render.{game}")
    puzzle = module.random_puzzle(rng)
    picture = module.render(puzzle, module.random_style(rng), rng)
    image = picture[0] if isinstance(picture, tuple) else picture
    return np.asarray(image, np.uint8), puzzle


Draw = Callable[[str, np.random.Generator], tuple[NDArray[np.uint8], Any]]


def photographed(game: str, seed: int, draw: Draw = screen) -> tuple[NDArray[np.uint8], Any]:
    """The photo of ``seed``'s screen of ``game`` (drawn by ``draw``: :func:`screen` or
    ``tests.render.foreign.screen``) as ``bench/trust.py`` takes it, and its puzzle."""
    from tests.render.photo import photograph, random_photo_style

    rng = np.random.default_rng(seed)
    picture, puzzle = draw(game, rng)
    return photograph(picture, random_photo_style(rng), rng)[0], puzzle


def true_rectified(game: str, seed: int, draw: Draw = screen) -> tuple[NDArray[np.uint8], Any]:
    """:func:`photographed`'s photo straightened with the simulator's true outline (what the
    screen finder should hand the recognizer), at the screen's size, and its puzzle."""
    from tests.render.photo import photograph, random_photo_style, rectified

    rng = np.random.default_rng(seed)
    picture, puzzle = draw(game, rng)
    photo, to_photo = photograph(picture, random_photo_style(rng), rng)
    return rectified(photo, to_photo, (picture.shape[1], picture.shape[0])), puzzle


def comparable(puzzle: Any) -> dict[str, Any] | None:
    """A puzzle's JSON form without what a reader names by itself: Bond's colour values
    are dropped and its classes renumbered in order of first appearance."""
    if puzzle is None:
        return None
    data = dict(puzzle if isinstance(puzzle, dict) else puzzle.to_json())
    if data.pop("colors", None) is not None or "source" in data:
        names: dict[int, int] = {}
        for key in ("source", "target"):
            data[key] = [[names.setdefault(v, len(names) + 1) for v in row] for row in data[key]]
    return data


def write_pack(folder: Path, count: int, seed: int = 0) -> list[Path]:
    """Write ``count`` PNGs cycling through every game and non-puzzles into ``folder``."""
    rng = np.random.default_rng(seed)
    kinds = (*GAMES, "none")
    paths = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        image, _ = screen(kind, rng)
        path = folder / kind / f"{i:04d}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode_png(image))
        paths.append(path)
    return paths
