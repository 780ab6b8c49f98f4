"""Finding and rectifying a photographed screen."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recognizer import recognize
from recognizer.image import decode_image
from recognizer.lattice import Lattice
from recognizer.photo import (
    FLAT_SIDE,
    Rectification,
    aspect_ratio,
    find_screens,
    order_corners,
    rectify,
)
from tests.render import mixed
from tests.render.photo import photograph, random_photo_style

SCREEN_DIR = Path(__file__).resolve().parents[2] / "sample_images" / "real"
SCREEN = decode_image((SCREEN_DIR / "onestroke-level643.png").read_bytes())


def _outline(h: np.ndarray, width: float, height: float, margin: float = 0) -> np.ndarray:
    box = np.array(
        [
            [
                [-margin, -margin],
                [width + margin, -margin],
                [width + margin, height + margin],
                [-margin, height + margin],
            ]
        ],
        np.float64,
    )
    return cv2.perspectiveTransform(box, h)[0]


@cache
def _photographed(seed: int) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, list[Any]]:
    """Photo ``seed``: its style, the true screen and phone outlines, its shape, what is found."""
    rng = np.random.default_rng(seed)
    style = random_photo_style(rng)
    photo, screen_to_photo = photograph(SCREEN, style, rng)
    height, width = SCREEN.shape[:2]
    bezel = round(style.bezel * min(height, width))
    screen = _outline(screen_to_photo, width, height)
    phone = _outline(screen_to_photo, width, height, margin=bezel)
    return style, screen, phone, np.asarray(photo.shape), find_screens(photo)


@pytest.mark.parametrize("seed", range(12))
def test_screen_is_found_in_simulated_photos(seed: int) -> None:
    style, screen, phone, shape, found = _photographed(seed)
    assert found
    quad = np.asarray(found[0].quad)
    tolerance = 0.015 * shape.max()
    if np.mean(style.bezel_color) < 100:
        # a dark bezel frames the light screen: the screen within the phone's outline comes
        # first, the whole phone front second
        assert np.abs(quad - screen).max() < tolerance
        assert len(found) == 2
        assert np.abs(np.asarray(found[1].quad) - phone).max() < tolerance
    else:
        # a light bezel around a light screen: the screen itself, or the whole phone front
        assert min(np.abs(quad - screen).max(), np.abs(quad - phone).max()) < tolerance


def test_a_light_screen_on_a_light_desk_under_glare_is_found() -> None:
    # trust bench photo 600030: a paper-white page with a white bezel on a pale desk, glare
    # across its top; the steps at its edges are faint against the photo's brightness
    rng = np.random.default_rng(600030)
    page, _ = mixed.screen("tictactoe", rng)
    style = random_photo_style(rng)
    photo, screen_to_photo = photograph(page, style, rng)
    height, width = page.shape[:2]
    bezel = round(style.bezel * min(height, width))
    outlines = [_outline(screen_to_photo, width, height, margin) for margin in (0, bezel)]
    tolerance = 0.015 * max(photo.shape)
    quads = [np.asarray(found.quad) for found in find_screens(photo)]
    assert any(np.abs(q - o).max() < tolerance for q in quads for o in outlines)


def test_corners_are_refined_to_the_pixel() -> None:
    """The coarse outline, found on a reduced copy, is moved onto the photo's own edges."""
    errors = []
    for seed in range(12):
        _, screen, phone, _, found = _photographed(seed)
        quad = np.asarray(found[0].quad)
        errors.append(min(np.abs(quad - outline).max() for outline in (screen, phone)))
    assert np.median(errors) < 2.0  # pixels, in photos of 1000-1700 px (coarse: about 4)


def test_rectified_screen_looks_like_the_screen() -> None:
    rng = np.random.default_rng(3)
    photo, _ = photograph(SCREEN, random_photo_style(rng), rng)
    screen = find_screens(photo)[0]
    flat = rectify(photo, screen)
    assert flat.shape[:2] == (screen.size[1], screen.size[0])
    assert abs(screen.size[0] / screen.size[1] - SCREEN.shape[1] / SCREEN.shape[0]) < 0.02


@settings(max_examples=40, deadline=None)
@given(
    ratio=st.floats(0.4, 2.5),
    tilt_x=st.floats(-30, 30),
    tilt_y=st.floats(-30, 30),
    roll=st.floats(-20, 20),
)
def test_aspect_ratio_from_a_perspective_view(
    ratio: float, tilt_x: float, tilt_y: float, roll: float
) -> None:
    from tests.render.photo import _camera_homography

    width, height = 1000 * ratio, 1000.0
    style = random_photo_style(np.random.default_rng(0))
    style = type(style)(**{**style.__dict__, "tilt_x": tilt_x, "tilt_y": tilt_y, "roll": roll})
    h = _camera_homography(width, height, style, 1600, 1200)
    quad = order_corners(_outline(h, width, height))
    assert aspect_ratio(quad, (1600, 1200)) == pytest.approx(ratio, rel=0.06)


def test_order_corners() -> None:
    pts = np.array([[10, 90], [0, 0], [100, 5], [95, 100]], float)
    assert order_corners(pts).tolist() == [[0, 0], [100, 5], [95, 100], [10, 90]]


def test_no_screen_in_a_plain_picture() -> None:
    assert find_screens(np.full((600, 800, 3), 128, np.uint8)) == []


def _centres(geometry: Any) -> np.ndarray:
    lattice: Lattice = getattr(geometry, "board", geometry)  # Bond: the board beside its target
    cells = [(r, c) for r in range(lattice.rows) for c in range(lattice.cols)]
    return np.array([lattice.center(cell) for cell in cells])


@pytest.mark.parametrize(
    ("capture", "game"),
    [
        ("onestroke-level643.png", "onestroke"),
        ("knight-desktop-app.png", "knight"),
        ("snake-checkio-illustration.png", "snake"),
        ("tictactoe-web-app.png", "tictactoe"),
    ],
)
def test_cells_read_in_a_photo_land_on_the_photographed_cells(capture: str, game: str) -> None:
    """What the overlay draws through: the geometry read on the rectified screen, mapped
    back onto the photo, puts every cell where the photo shows it."""
    screen = decode_image((SCREEN_DIR / capture).read_bytes())
    flat = recognize(screen, game)
    rng = np.random.default_rng(7)
    # the seed's angles, bezel and desk in clean light: this is about where the cells land
    # (how hard a photo can be and still be read is bench/trust.py's measure)
    style = replace(
        random_photo_style(rng), blur=0.6, moire=0.0, light_gradient=0.0, glare=0, screen_black=0.0
    )
    photo, screen_to_photo = photograph(screen, style, rng)
    found = recognize(photo)
    assert found.game == game
    assert found.puzzle == flat.puzzle
    assert flat.geometry is not None
    expected = _centres(flat.geometry.transformed(screen_to_photo))
    error = np.linalg.norm(_centres(found.geometry) - expected, axis=1).max()
    pitch = np.linalg.norm(expected[1] - expected[0])
    assert error < 0.12 * pitch


def test_a_large_photo_is_rectified_at_a_screenshot_size() -> None:
    rng = np.random.default_rng(5)
    style = replace(random_photo_style(rng), photo_long_side=4000, blur=0.0, noise=0.0, moire=0.0)
    photo, screen_to_photo = photograph(SCREEN, style, rng)
    height, width = SCREEN.shape[:2]
    size = (round(FLAT_SIDE * width / height), FLAT_SIDE)
    quad = tuple((float(x), float(y)) for x, y in _outline(screen_to_photo, width, height))
    flat = rectify(photo, Rectification(quad, size, 1.0))
    assert flat.shape[:2] == (size[1], size[0])
    expected = cv2.resize(SCREEN, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    # light, glare and colour cast change levels, not shapes: compare normalized detail
    detail = [
        cv2.Laplacian(cv2.cvtColor(a, cv2.COLOR_RGB2GRAY), cv2.CV_32F)
        for a in (flat.astype(np.float32), expected)
    ]
    assert np.corrcoef(detail[0].ravel(), detail[1].ravel())[0, 1] > 0.6
