"""Colour tools: reduction, Lab conversion and dominant colours."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import ndimage

from recognizer.colors import _maximum_3x3x3, dominant_colors, reduce, to_lab


@settings(max_examples=40, deadline=None)
@given(
    shape=st.tuples(st.integers(1, 8), st.integers(1, 12), st.integers(1, 12)),
    seed=st.integers(0, 2**32 - 1),
)
def test_neighbourhood_maximum_matches_scipy(shape: tuple[int, int, int], seed: int) -> None:
    rng = np.random.default_rng(seed)
    volume = (rng.random(shape) * (rng.random(shape) < 0.3)).astype(np.float32)
    assert np.array_equal(_maximum_3x3x3(volume), ndimage.maximum_filter(volume, size=3))


def test_dominant_colours_are_found_with_their_shares() -> None:
    image = np.zeros((60, 90, 3), np.uint8)
    image[:, 30:60] = (200, 40, 40)
    image[:, 60:] = (40, 40, 200)
    image[:10, :10] = (250, 250, 250)
    peaks = dominant_colors(to_lab(image))
    shares = [round(p.share * 5400) for p in peaks]  # in pixels, largest first
    assert shares == [1800, 1800, 1700, 100]
    assert [round(c) for c in peaks[3].lab] == [98, 0, 0]


def test_reduce_keeps_aspect_and_reports_scale() -> None:
    small, scale = reduce(np.zeros((2340, 1080, 3), np.uint8), 600)
    assert small.shape == (600, 277, 3)
    assert scale == 600 / 2340


def test_reduce_averages_like_one_area_resize() -> None:
    """Halving first changes how pixels are pooled, not what the picture shows."""
    yy, xx = np.mgrid[0:2340, 0:1080]
    image = np.zeros((2340, 1080, 3), np.uint8)
    image[..., 0] = (xx * 255 // 1079).astype(np.uint8)
    image[(yy // 90 + xx // 90) % 2 == 0, 1] = 255  # squares of 90 px: edges everywhere
    small, _ = reduce(image, 600)
    direct = cv2.resize(image, (277, 600), interpolation=cv2.INTER_AREA)
    assert np.abs(small.astype(int) - direct.astype(int)).mean() < 3
