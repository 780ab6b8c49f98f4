"""Shared lattice finding: blobs, size groups, 1-D and 2-D regular grid fits."""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import recognizer.lattice
from recognizer.lattice import (
    Blob,
    Lattice,
    cluster_positions,
    component,
    connected,
    find_blobs,
    fit_axis,
    fit_grid,
    modal_size_group,
)


def test_doctests() -> None:
    assert doctest.testmod(recognizer.lattice).failed == 0


def test_find_blobs_keeps_solid_squares_only() -> None:
    mask = np.zeros((100, 140), bool)
    mask[10:30, 10:30] = True  # square
    mask[10:30, 40:80] = True  # 2:1 bar
    yy, xx = np.mgrid[:100, :140]
    mask |= (xx - 110) ** 2 + (yy - 20) ** 2 <= 10**2  # disc: fill 0.785
    mask[50:70, 10:30] = True
    mask[55:65, 15:25] = False  # a square with a hole
    mask[80:83, 100:103] = True  # too small
    blobs = find_blobs(mask, min_side=8, max_side=50)
    assert [(b.x, b.y, b.width, b.height) for b in blobs] == [(20.0, 20.0, 20.0, 20.0)]


def test_find_blobs_uses_four_connectivity() -> None:
    # a checkerboard of 10 px squares: diagonal neighbours must stay apart
    board = (np.indices((60, 60)) // 10).sum(axis=0) % 2 == 0
    assert len(find_blobs(board, min_side=8, max_side=12)) == 18


def test_modal_size_group_prefers_the_most_common_size() -> None:
    blobs = [Blob(0, 0, s, s, int(s * s)) for s in (20, 21, 19.5, 40, 41, 20.5, 8)]
    assert sorted(b.side for b in modal_size_group(blobs)) == [19.5, 20, 20.5, 21]
    assert modal_size_group([]) == []


def test_cluster_positions() -> None:
    assert cluster_positions([], 2).size == 0
    assert cluster_positions([5, 1, 2, 9], 1.5).tolist() == [1.5, 5.0, 9.0]


@settings(max_examples=40, deadline=None)
@given(
    origin=st.floats(-500, 500),
    pitch=st.floats(8, 200),
    indices=st.lists(st.integers(0, 12), min_size=1, max_size=30),
    seed=st.integers(0, 2**32 - 1),
)
def test_fit_axis_recovers_origin_and_pitch(
    origin: float, pitch: float, indices: list[int], seed: int
) -> None:
    indices = [*indices, indices[0] + 1]  # two adjacent lines fix the pitch
    rng = np.random.default_rng(seed)
    jitter = rng.uniform(-0.02, 0.02, len(indices)) * pitch
    positions = origin + pitch * np.array(indices) + jitter
    fit = fit_axis(positions, tolerance=0.3 * pitch)
    assert fit is not None
    shift = min(indices)
    assert fit.indices == tuple(i - shift for i in indices)
    assert fit.pitch == pytest.approx(pitch, rel=0.05)
    assert fit.origin == pytest.approx(origin + shift * pitch, abs=0.05 * pitch)
    assert max(fit.residuals) < 0.1


def test_fit_axis_needs_a_pitch_for_one_line() -> None:
    assert fit_axis([10.0, 10.5], tolerance=2) is None
    fit = fit_axis([10.0, 10.5], tolerance=2, pitch=30)
    assert fit is not None and fit.indices == (0, 0) and fit.pitch == 30


def test_fit_grid_single_row_borrows_the_pitch() -> None:
    fit = fit_grid([(100, 50), (140, 50), (220, 51)], tolerance=5)
    assert fit is not None
    assert fit.cells == [(0, 0), (0, 1), (0, 3)]
    assert fit.y.pitch == pytest.approx(fit.x.pitch)
    assert fit_grid([(5, 5)], tolerance=2) is None


def test_grid_fit_lattice_maps_cells_to_nodes() -> None:
    points = [(x, y) for x in (30.0, 70.0, 110.0) for y in (20.0, 60.0)]
    fit = fit_grid(points, tolerance=5)
    assert fit is not None
    lattice = fit.lattice(top=0, left=1, rows=2, cols=2, scale=0.5)
    assert isinstance(lattice, Lattice)
    assert lattice.center((0, 0)) == pytest.approx((140.0, 40.0))
    assert lattice.center((1, 1)) == pytest.approx((220.0, 120.0))
    assert lattice.cell_size() == pytest.approx(80.0)


def test_cells_are_one_piece_through_sides_or_with_corners_corners_too() -> None:
    diagonal = {(0, 0), (1, 1), (1, 2)}
    assert not connected(diagonal)
    assert connected(diagonal, corners=True)
    assert component(diagonal, (1, 1)) == {(1, 1), (1, 2)}
    assert connected([(2, 3), (2, 4), (3, 4), (2, 3)])  # repeats count once
    assert not connected({(0, 0), (0, 2)}, corners=True)
