"""Tests of the knight's-tour recognizer: the real capture, seeded round trips, refusals
and the overlay."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from recognizer.image import decode_image
from recognizer.knight import draw, recognize
from recognizer.lattice import Lattice
from solvers.knight import Puzzle, solve
from tests.render.knight import random_puzzle, random_style, render

REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_images" / "knight"


def load(path: Path) -> np.ndarray:
    return decode_image(path.read_bytes())


def truth(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text())


def pictures(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*") if p.suffix in (".png", ".jpg", ".jpeg"))


@pytest.mark.parametrize(
    "path", [p for p in pictures(REAL) + pictures(SAMPLES) if truth(p)["game"] == "knight"]
)
def test_knight_pictures_exact(path: Path) -> None:
    expected = truth(path)
    result = recognize(load(path))
    assert result.confident, result.doubts
    assert result.puzzle == Puzzle(expected["rows"], expected["cols"], tuple(expected["start"]))


@pytest.mark.parametrize("path", [p for p in pictures(REAL) if truth(p)["game"] != "knight"])
def test_other_games_refused(path: Path) -> None:
    assert not recognize(load(path)).confident


def test_round_trips() -> None:
    exact = 0
    for seed in range(40):
        rng = np.random.default_rng(10_000 + seed)
        puzzle = random_puzzle(rng)
        result = recognize(render(puzzle, random_style(rng), rng))
        if result.confident:
            assert result.puzzle == puzzle, f"seed {seed}: read {result.puzzle}"
            exact += 1
    # the rest must be refusals; nearly all should be read
    assert exact >= 36


def test_blank_and_noise_refused() -> None:
    rng = np.random.default_rng(1)
    for image in (
        np.full((400, 300, 3), 255, np.uint8),
        np.zeros((500, 500, 3), np.uint8),
        rng.integers(0, 256, (480, 640, 3), dtype=np.uint8),
        np.zeros((10, 10, 3), np.uint8),
    ):
        assert not recognize(image).confident


def plain_render(seed: int) -> tuple[np.ndarray, Lattice]:
    """A render that is read correctly, with its lattice."""
    rng = np.random.default_rng(seed)
    puzzle = Puzzle(8, 8, (2, 3))
    style = replace(
        random_style(rng), texture=0.0, marks=0, blur=0.0, noise=0.0, jpeg=None, piece="silhouette"
    )
    image = render(puzzle, style, rng)
    result = recognize(image)
    assert result.puzzle == puzzle
    assert isinstance(result.geometry, Lattice)
    return image, result.geometry


def square(image: np.ndarray, lattice: Lattice, cell: tuple[int, int]) -> tuple[slice, slice]:
    (x0, y0), _, (x1, y1), _ = lattice.corners(cell)
    return slice(round(y0) + 1, round(y1) - 1), slice(round(x0) + 1, round(x1) - 1)


def test_two_knights_or_none_refused() -> None:
    for seed in (3, 5):
        image, lattice = plain_render(seed)
        knight = image[square(image, lattice, (2, 3))]
        twice = image.copy()
        target = square(image, lattice, (4, 5))
        h = min(knight.shape[0], twice[target].shape[0])
        w = min(knight.shape[1], twice[target].shape[1])
        twice[target][:h, :w] = knight[:h, :w]
        assert not recognize(twice).confident
        empty = image.copy()
        source = image[square(image, lattice, (2, 5))]
        empty[square(image, lattice, (2, 3))][:h, :w] = source[:h, :w]
        assert not recognize(empty).confident


def test_overlay_marks_every_square() -> None:
    image = load(REAL / "knight-desktop-app.png")
    result = recognize(image)
    assert result.puzzle is not None and isinstance(result.geometry, Lattice)
    solution = solve(result.puzzle)
    assert solution is not None
    drawn = draw(image, result, solution)
    assert drawn.shape == image.shape
    lattice = result.geometry
    changed = [
        np.any(
            drawn[round(y) - 3 : round(y) + 3, round(x) - 3 : round(x) + 3]
            != image[round(y) - 3 : round(y) + 3, round(x) - 3 : round(x) + 3]
        )
        for x, y in (lattice.center(cell) for cell in solution.tour)
    ]
    assert all(changed)
