"""Overlay primitives draw where they are told, on light and dark pictures."""

from __future__ import annotations

import numpy as np
import pytest

from recognizer.lattice import Lattice
from recognizer.overlay import Overlay, draw_cell_path


@pytest.mark.parametrize("shade", [0, 255])
def test_cell_path_marks_every_cell_and_leaves_the_rest(shade: int) -> None:
    image = np.full((200, 300, 3), shade, np.uint8)
    lat = Lattice.axis_aligned(2, 3, left=0, top=0, pitch_x=100, pitch_y=100)
    cells = [(0, 0), (0, 1), (0, 2), (1, 2)]
    out = draw_cell_path(image, [lat.center(c) for c in cells], lat.cell_size())
    assert out.shape == image.shape
    for cell in cells:
        x, y = (round(v) for v in lat.center(cell))
        patch = out[y - 20 : y + 20, x - 20 : x + 20].astype(int)
        assert np.abs(patch - shade).max() > 100, cell
    # the cells off the path are untouched
    assert np.array_equal(out[120:190, 10:90], image[120:190, 10:90])


def test_arrow_and_label_draw_and_input_is_not_modified() -> None:
    image = np.zeros((100, 100, 3), np.uint8)
    ov = Overlay(image)
    ov.arrow((10, 50), (90, 50), width=4, color=(255, 0, 0, 255))
    ov.label((50, 20), "12", size=16)
    out = ov.render()
    assert out[50, 50, 0] > 200
    assert out[15:25, 40:60].max() > 200
    assert image.max() == 0


def test_lattice_maps_through_a_homography() -> None:
    lat = Lattice.axis_aligned(3, 3, left=10, top=10, pitch_x=20, pitch_y=20)
    shift = np.array([[1, 0, 5], [0, 1, -5], [0, 0, 1]], float)
    moved = lat.transformed(shift)
    assert moved.center((1, 1)) == pytest.approx((45.0, 35.0))
    assert moved.cell_size() == pytest.approx(20.0)
    assert moved.corners((0, 0))[2] == pytest.approx((35.0, 25.0))
