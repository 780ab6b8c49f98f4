"""Board geometry: a grid of cells and where it lies in the picture.

A :class:`Lattice` maps grid coordinates ``(row, col)`` (cell corners at whole
numbers, cell ``(r, c)`` spans ``[r, r+1] x [c, c+1]``) to pixel coordinates
``(x, y)`` through a 3x3 homography, so the same overlay code serves flat
screenshots (an affine map) and photos of a screen (a perspective map).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

import cv2
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

    def to_grid(self, pixels: ArrayLike) -> NDArray[np.float64]:
        """Map an ``(N, 2)`` array of ``(x, y)`` pixels to ``(N, 2)`` ``(row, col)`` grid
        points: the inverse of :meth:`to_pixels`.

        Examples
        --------
        >>> lattice = Lattice.axis_aligned(2, 3, left=10, top=20, pitch_x=30, pitch_y=40)
        >>> lattice.to_grid(lattice.to_pixels([(1.5, 2.25)])).round(6).tolist()
        [[1.5, 2.25]]
        """
        xy = np.asarray(pixels, dtype=np.float64).reshape(-1, 2)
        out = np.column_stack([xy, np.ones(len(xy))]) @ np.linalg.inv(self.homography).T
        return np.asarray(out[:, 1::-1] / out[:, 2:3], np.float64)

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


_SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))
_CORNERS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def component(cells: Iterable[Cell], start: Cell, corners: bool = False) -> set[Cell]:
    """The part of ``cells`` joined to ``start`` through shared sides (with ``corners``,
    through shared corners too)."""
    members = set(cells)
    steps = _SIDES + _CORNERS if corners else _SIDES
    todo, seen = [start], {start}
    while todo:
        r, c = todo.pop()
        for step in ((r + dr, c + dc) for dr, dc in steps):
            if step in members and step not in seen:
                seen.add(step)
                todo.append(step)
    return seen


def connected(cells: Collection[Cell], corners: bool = False) -> bool:
    """True when ``cells`` (at least one) are one piece (:func:`component`)."""
    return len(component(cells, next(iter(cells)), corners)) == len(set(cells))


@dataclass(frozen=True)
class Blob:
    """A connected region of a mask, described by its bounding box.

    Parameters
    ----------
    x, y : float
        Centre of the bounding box, in pixels.
    width, height : float
        Bounding box size, in pixels.
    area : int
        Number of pixels in the region.
    """

    x: float
    y: float
    width: float
    height: float
    area: int

    @property
    def side(self) -> float:
        """The mean of width and height."""
        return (self.width + self.height) / 2.0

    @property
    def fill(self) -> float:
        """The fraction of the bounding box the region covers (1 for a full rectangle)."""
        return self.area / max(self.width * self.height, 1.0)


def find_blobs(
    mask: NDArray[np.bool_],
    min_side: float,
    max_side: float,
    min_fill: float = 0.85,
    max_aspect: float = 1.3,
) -> list[Blob]:
    """The square-ish, nearly solid 4-connected regions of ``mask``.

    Parameters
    ----------
    mask : (H, W) bool array
        The pixels of interest.
    min_side, max_side : float
        Bounds on the bounding box's sides, in pixels.
    min_fill : float
        Least fraction of its bounding box a region must cover (a disc covers 0.785,
        a square with corners rounded to a quarter of its side about 0.95).
    max_aspect : float
        Largest ratio of the longer to the shorter side.

    Examples
    --------
    >>> m = np.zeros((20, 30), bool); m[2:10, 3:11] = True; m[12:14, 3:25] = True
    >>> [(b.x, b.y, b.side) for b in find_blobs(m, 4, 20)]
    [(7.0, 6.0, 8.0)]
    """
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=4)
    width, height, area = np.asarray(stats[1:count, 2:], np.int64).T
    short, long = np.minimum(width, height), np.maximum(width, height)
    keep = (min_side <= short) & (long <= max_side) & (long <= max_aspect * short)
    keep &= area / np.maximum(width * height, 1.0) >= min_fill
    return [
        Blob(float(x + w / 2.0), float(y + h / 2.0), float(w), float(h), int(a))
        for x, y, w, h, a in stats[1:count][keep].tolist()
    ]


def modal_size_group(blobs: list[Blob], tolerance: float = 0.12) -> list[Blob]:
    """The largest set of blobs whose sides lie within ``tolerance`` (relative) of one size.

    Examples
    --------
    >>> sizes = [10, 10.5, 9.8, 30, 10.2]
    >>> [b.side for b in modal_size_group([Blob(0, 0, s, s, int(s * s)) for s in sizes])]
    [10.0, 10.5, 9.8, 10.2]
    """
    if not blobs:
        return []
    sides = np.array([b.side for b in blobs])
    close = np.abs(sides[:, None] - sides[None, :]) <= tolerance * sides[:, None]
    ref = sides[int(np.argmax(close.sum(axis=1)))]
    return [b for b in blobs if abs(b.side - ref) <= tolerance * ref]


@dataclass(frozen=True)
class AxisFit:
    """Positions along one axis explained as ``origin + pitch * index``.

    Parameters
    ----------
    origin : float
        Position of index 0 (the smallest index is 0).
    pitch : float
        Distance between consecutive indices.
    indices : tuple of int
        The index of each input position.
    residuals : tuple of float
        ``|position - (origin + pitch * index)| / pitch`` for each input position.
    """

    origin: float
    pitch: float
    indices: tuple[int, ...]
    residuals: tuple[float, ...]


def cluster_positions(positions: ArrayLike, tolerance: float) -> NDArray[np.float64]:
    """Sorted centres of groups of 1-D positions, splitting where a gap exceeds ``tolerance``.

    Examples
    --------
    >>> cluster_positions([10, 31, 11, 30, 52], tolerance=3).tolist()
    [10.5, 30.5, 52.0]
    """
    values = np.sort(np.asarray(positions, dtype=np.float64).ravel())
    if values.size == 0:
        return values
    breaks = np.flatnonzero(np.diff(values) > tolerance) + 1
    return np.array([group.mean() for group in np.split(values, breaks)])


def fit_axis(positions: ArrayLike, tolerance: float, pitch: float | None = None) -> AxisFit | None:
    """Fit equally spaced lines to 1-D positions (e.g. blob centres' x).

    The pitch is the smallest distance between groups of positions, refined over
    every gap divided by its whole number of pitches; then ``origin`` and
    ``pitch`` are fitted by least squares. With a single group, ``pitch`` must
    be given (e.g. from the other axis), else ``None`` is returned.

    Parameters
    ----------
    positions : array of float
        The positions.
    tolerance : float
        Positions closer than this belong to the same line.
    pitch : float, optional
        A known pitch; estimated from the positions when omitted.

    Examples
    --------
    >>> fit = fit_axis([10, 30, 70, 10, 50], tolerance=4)
    >>> round(fit.origin, 1), round(fit.pitch, 1), fit.indices
    (10.0, 20.0, (0, 1, 3, 0, 2))
    """
    pos = np.asarray(positions, dtype=np.float64).ravel()
    centres = cluster_positions(pos, tolerance)
    if centres.size == 0:
        return None
    if pitch is None:
        if centres.size < 2:
            return None
        gaps = np.diff(centres)
        steps = np.maximum(1, np.round(gaps / gaps.min()))
        pitch = float(np.median(gaps / steps))
    if pitch <= 0:
        return None
    index = np.round((pos - centres[0]) / pitch).astype(int)
    if np.ptp(index) > 0:
        slope, origin = np.polyfit(index, pos, 1)
        pitch = float(slope)
    else:
        origin = float(np.mean(pos))
    resid = np.abs(pos - (origin + pitch * index)) / pitch
    return AxisFit(float(origin), pitch, tuple(int(i) for i in index), tuple(resid.tolist()))


@dataclass(frozen=True)
class GridFit:
    """Points explained as the nodes of an axis-aligned regular grid.

    Parameters
    ----------
    x, y : AxisFit
        The column and row fits.
    """

    x: AxisFit
    y: AxisFit

    @property
    def cells(self) -> list[Cell]:
        """The ``(row, col)`` node of each input point."""
        return list(zip(self.y.indices, self.x.indices, strict=True))

    @property
    def residuals(self) -> NDArray[np.float64]:
        """Each point's distance from its node, in pitches (the worse of the two axes)."""
        return np.maximum(np.array(self.x.residuals), np.array(self.y.residuals))

    def node(self, cell: Cell) -> tuple[float, float]:
        """Pixel ``(x, y)`` of grid node ``(row, col)``."""
        row, col = cell
        return self.x.origin + self.x.pitch * col, self.y.origin + self.y.pitch * row

    def lattice(self, top: int, left: int, rows: int, cols: int, scale: float = 1.0) -> Lattice:
        """The :class:`Lattice` whose cell ``(0, 0)`` is centred on node ``(top, left)``.

        ``scale`` divides pixel coordinates (for a fit made on a reduced copy).
        """
        x0, y0 = self.node((top, left))
        return Lattice.axis_aligned(
            rows,
            cols,
            left=(x0 - self.x.pitch / 2) / scale,
            top=(y0 - self.y.pitch / 2) / scale,
            pitch_x=self.x.pitch / scale,
            pitch_y=self.y.pitch / scale,
        )


def fit_grid(points: ArrayLike, tolerance: float, square: bool = True) -> GridFit | None:
    """Fit an axis-aligned regular grid to ``(N, 2)`` ``(x, y)`` points (e.g. tile centres).

    Parameters
    ----------
    points : (N, 2) array
        The points.
    tolerance : float
        Points whose x (or y) differ by less than this share a column (row).
    square : bool
        When only one row or one column is present, borrow the other axis' pitch.

    Returns
    -------
    GridFit or None
        ``None`` when no pitch can be found (fewer than two rows and columns).

    Examples
    --------
    >>> fit = fit_grid([(10, 20), (30, 20), (50, 41), (10, 41)], tolerance=4)
    >>> fit.cells, round(fit.x.pitch, 1), round(fit.y.pitch, 1)
    ([(0, 0), (0, 1), (1, 2), (1, 0)], 20.0, 21.0)
    """
    pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    fx = fit_axis(pts[:, 0], tolerance)
    fy = fit_axis(pts[:, 1], tolerance)
    if square and fx is None and fy is not None:
        fx = fit_axis(pts[:, 0], tolerance, pitch=fy.pitch)
    elif square and fy is None and fx is not None:
        fy = fit_axis(pts[:, 1], tolerance, pitch=fx.pitch)
    if fx is None or fy is None:
        return None
    return GridFit(fx, fy)
