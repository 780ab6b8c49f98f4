"""Board geometry: a grid of cells and where it lies in the picture.

A :class:`Lattice` maps grid coordinates ``(row, col)`` (cell corners at whole
numbers, cell ``(r, c)`` spans ``[r, r+1] x [c, c+1]``) to pixel coordinates
``(x, y)`` through a 3x3 homography, so the same overlay code serves flat
screenshots (an affine map) and photos of a screen (a perspective map).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

Cell = tuple[int, int]


@dataclass(frozen=True)
class Lattice:
    """A ``rows`` x ``cols`` grid placed in an image by a homography.

    Parameters
    ----------
    rows, cols : int
        Grid size in cells.
    matrix : tuple of 9 floats
        Row-major 3x3 homography from ``(col, row, 1)`` grid coordinates to
        homogeneous pixel coordinates ``(x, y, w)``.
    """

    rows: int
    cols: int
    matrix: tuple[float, ...]

    @classmethod
    def axis_aligned(
        cls, rows: int, cols: int, left: float, top: float, pitch_x: float, pitch_y: float
    ) -> Lattice:
        """A lattice whose cell ``(0, 0)`` has its top-left corner at ``(left, top)``.

        Examples
        --------
        >>> lat = Lattice.axis_aligned(2, 3, left=10, top=20, pitch_x=5, pitch_y=4)
        >>> lat.center((1, 2))
        (22.5, 26.0)
        """
        m = (pitch_x, 0.0, left, 0.0, pitch_y, top, 0.0, 0.0, 1.0)
        return cls(rows, cols, tuple(float(v) for v in m))

    @property
    def homography(self) -> NDArray[np.float64]:
        """The 3x3 matrix as an array."""
        return np.asarray(self.matrix, dtype=np.float64).reshape(3, 3)

    def to_pixels(self, points: ArrayLike) -> NDArray[np.float64]:
        """Map an ``(N, 2)`` array of ``(row, col)`` grid points to ``(N, 2)`` ``(x, y)`` pixels."""
        rc = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        homog = np.column_stack([rc[:, 1], rc[:, 0], np.ones(len(rc))])
        out = homog @ self.homography.T
        return out[:, :2] / out[:, 2:3]

    def center(self, cell: Cell) -> tuple[float, float]:
        """Pixel ``(x, y)`` of the centre of ``cell``."""
        x, y = self.to_pixels([(cell[0] + 0.5, cell[1] + 0.5)])[0]
        return float(x), float(y)

    def corners(self, cell: Cell) -> NDArray[np.float64]:
        """The four pixel corners of ``cell``: top-left, top-right, bottom-right, bottom-left."""
        r, c = cell
        return self.to_pixels([(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)])

    def cell_size(self, cell: Cell = (0, 0)) -> float:
        """The side in pixels of a square of the same area as ``cell`` (for scaling drawings)."""
        x, y = self.corners(cell).T
        area = 0.5 * abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1)))
        return float(np.sqrt(area))

    def transformed(self, homography: ArrayLike) -> Lattice:
        """This lattice as seen after the pixel map ``homography`` (3x3) is applied."""
        h = np.asarray(homography, dtype=np.float64).reshape(3, 3) @ self.homography
        return Lattice(self.rows, self.cols, tuple(float(v) for v in (h / h[2, 2]).ravel()))
