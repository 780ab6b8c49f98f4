"""Auto-detection across all games: the right game for every real capture, and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from recognizer import available_cores, recognize, set_threads
from recognizer.image import decode_image
from solvers.errors import UnrecognizedError
from tests.render.mixed import GAMES, screen
from tests.render.nonpuzzle import KINDS, render

REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"
CAPTURES = sorted(p for p in REAL.iterdir() if p.suffix in (".png", ".jpg", ".jpeg"))


def _truth(picture: Path) -> dict[str, Any]:
    truth: dict[str, Any] = json.loads(picture.with_suffix(".json").read_text())
    return truth


def _renamed(grid: list[list[int]], names: dict[int, int]) -> list[list[int]]:
    return [[names.setdefault(v, len(names) + 1) for v in row] for row in grid]


def _same_puzzle(game: str, found: dict[str, Any], truth: dict[str, Any]) -> bool:
    if game == "bond":  # colours compared up to renaming, over source then target
        names: dict[int, int] = {}
        ours = (_renamed(found["source"], names), _renamed(found["target"], names))
        names = {}
        theirs = (_renamed(truth["source"], names), _renamed(truth["target"], names))
        return ours == theirs
    return all(found.get(k) == v for k, v in truth.items() if k != "game")


@pytest.mark.parametrize("picture", CAPTURES, ids=lambda p: p.name)
def test_real_capture_is_read_as_its_game(picture: Path) -> None:
    truth = _truth(picture)
    image = decode_image(picture.read_bytes())
    if truth["game"] is None:
        with pytest.raises(UnrecognizedError):
            recognize(image)
        return
    found = recognize(image)
    assert found.game == truth["game"]
    assert found.puzzle is not None
    assert _same_puzzle(found.game, found.puzzle.to_json(), truth)


# one seed per kind, the seeds taking turns (bench/trust.py refuses hundreds more)
@pytest.mark.parametrize(("kind", "seed"), [(k, i % 2) for i, k in enumerate(sorted(KINDS))])
def test_pictures_without_a_puzzle_are_refused(kind: str, seed: int) -> None:
    image = render(kind, np.random.default_rng(seed))
    with pytest.raises(UnrecognizedError):
        recognize(image)


@pytest.mark.parametrize("game", [*GAMES, "none"])
def test_recognizers_side_by_side_read_as_one_after_another(game: str) -> None:
    picture, _ = screen(game, np.random.default_rng(5))
    outcomes: list[object] = []
    try:
        for threads in (1, 2):
            set_threads(threads)
            try:
                found = recognize(picture)
            except UnrecognizedError as exc:
                outcomes.append(str(exc))
            else:
                outcomes.append((found.game, found.confidence, found.puzzle, found.doubts))
    finally:
        set_threads(available_cores())
    assert outcomes[0] == outcomes[1]
