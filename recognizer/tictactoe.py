"""Tic-tac-toe boards in screenshots and photos: find the # grid, read X, O and empty cells.

The pipeline, one function per stage:

1. :func:`ink_mask` - pixels that differ from the local background (dark or light ink,
   any colour), by hysteresis so faint marker strokes stay whole.
2. :func:`find_lines` - long straight strokes, by a sequential Hough transform on the
   skeleton of each large ink component, each with the stretch of ink that supports it.
3. :func:`find_grid` - two roughly parallel pairs that cross each other with arms beyond the
   crossings (a ``#``), plus an optional outer frame; any other long line parallel to them
   (but one stroke through a won row or column) means a bigger grid (another game) and the
   picture is refused. When the strongest ink makes no ``#``, fainter levels are tried,
   and then nine tiles alike in size in three rows of three (:func:`find_tiles`), read
   on each tile's own colour (:func:`_tile_ink`) and only with two marks or more.
4. :func:`read_cells` - the ink warped to a canonical board through the homography of the
   crossings (all sixteen with a frame), and thresholded there; each cell is empty (little
   ink), ``o`` (a closed loop around an empty centre) or ``x`` (strokes crossing at the
   centre), told apart by shape, not colour. A stroke through a won row or column
   (:func:`find_strike`) is erased first and the run read whole. A cell is unclear (``?``)
   where its reading may hide a mark: a blob centred on a line, pieces of a mark cut up
   with a line, a glyph at its centre, a mark's shape in fainter ink, ink unlike the page
   in an empty cell's middle (:func:`_unlike_the_page`), or a mark past an open board's
   edge that the lines' ink still reaches.
5. :func:`interpret` - the position; one that no game reaches is reported unrecognized with
   the least sure cells named, as a misreading is likelier than such a board.

Stages 1-3 run on a copy of about 400 pixels a side (:func:`recognizer.colors.halve`), so
a picture without a ``#`` is refused within a few tens of milliseconds; stage 4 reads the
board's surroundings on a copy where a cell is about 96 pixels across. Only OpenCV and
numpy are used (thinning, hysteresis and hole filling are done here), so importing the
module is cheap.

The geometry is a :class:`~recognizer.lattice.Lattice` whose cells ``(r, c)`` are the
board's cells, the outer ones extended beyond the lines.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from math import sqrt
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.colors import halve, reduce
from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from recognizer.overlay import Color, Overlay
from recognizer.recognition import Recognition
from solvers.errors import InvalidPuzzleError
from solvers.tictactoe import Puzzle, Solution, winners

GAME = "tictactoe"
log = logging.getLogger(__name__)

Mask = NDArray[np.bool_]
Point = tuple[float, float]
PointLike = tuple[float, float] | NDArray[np.float64]
Box = tuple[int, int, int, int]  # x, y, width, height


@dataclass(frozen=True)
class Params:
    """Tunable constants of the recognizer (relative sizes, so any resolution works)."""

    #: Mean side (the square root of the area) of the copy the grid is looked for on, in
    #: pixels, within a factor 1.4 (it is made by exact halvings, the quickest): a board
    #: filling the width of a tall phone screen is as large on it as one on a square picture.
    look_side: int = 400
    #: Cells are read on a copy of the board's surroundings where a cell is about this many
    #: pixels across (or on the picture itself, if its cells are smaller).
    read_cell: float = 96.0
    #: Ink mask hysteresis: the high threshold is this share of the strong-ink level...
    ink_share: float = 0.4
    #: ...clipped to this range (differences from the background, 0..255).
    ink_range: tuple[float, float] = (16.0, 80.0)
    #: Components tried as the grid, largest first.
    grid_candidates: int = 3
    #: A solid shape whose box is at most this many times as long as wide may be a panel
    #: the board is drawn on (a blackboard, a card), looked into when no # is found.
    panel_aspect: float = 1.6
    #: A panel's pixels differ from its median colour by at most this much (0..255).
    panel_tolerance: float = 40.0
    #: A grid's ink component covers at most this share of its box, and its skeleton is at
    #: most this many times the box's long side (four lines, a frame and nine marks).
    max_fill: float = 0.4
    max_stroke_length: float = 30.0
    #: Skeleton points used by the Hough transform (a regular subsample beyond this).
    max_points: int = 3000
    #: Lines looked for per component, and the weakest kept relative to the strongest.
    max_lines: int = 12
    min_line_share: float = 0.25
    #: A grid line's ink covers at least this share of its length.
    min_coverage: float = 0.5
    #: Angles (degrees): a family's spread, and the least angle between the two families.
    family_spread: float = 22.0
    family_gap: float = 35.0
    #: A # line must run past each crossing by this many cells; but one of the eight arms
    #: may be short (faded in a photo, or drawn short), if it reaches within this many cells
    #: of its crossing.
    min_arm: float = 0.25
    short_arm: float = 0.1
    #: Ink besides the lines covers at most this share of the board (nine bold marks).
    max_density: float = 0.45
    #: Cells are read on a canonical board of this many pixels a side, inside this margin.
    cell_px: int = 64
    #: A mark is at least this many cells across.
    min_mark: float = 0.22
    #: ...or this many, drawn alike in two cells or more, however large the other kind's
    #: marks (:func:`_alike_small_marks`).
    min_small_set_mark: float = 0.15
    #: ...and at least this many when its centre lies past an unframed board's edge.
    min_spilled_mark: float = 0.4
    #: An empty cell's middle is unlike the page where ink above this share of the lines'
    #: contrast makes a piece of a mark's size (:func:`_unlike_the_page`).
    page_contrast: float = 0.12
    #: A mark whose stroke weight (width times contrast) is under this share of the other
    #: marks' of its kind is a hover preview or a ghost (:func:`_unlike_their_kind`).
    min_weight_share: float = 0.4
    #: ...and so is one whose colour differs from theirs by more than this in a channel;
    #: a mark alone of its kind, under this share of the other kind's stroke weight (and
    #: under half its contrast).
    max_colour_step: float = 100.0
    min_cross_weight_share: float = 0.25
    #: A mark alone of its kind in the lines' ink seen through (on the blend of the page's
    #: colour with the lines', under this share of the way, within a tenth of it), the
    #: other kind's marks in another colour, is a hover preview (:func:`_see_through`).
    max_see_through: float = 0.75
    #: The one mark, alone of its kind, whose strokes are under this share of the lines'
    #: width and whose ink is fainter than theirs, is a hover preview (:func:`_lone_preview`).
    max_lone_width: float = 0.3
    #: Smaller pieces of ink from this many cells across are glyphs (a digit or a letter);
    #: a board with more of them than cells holds text or digits (a sudoku), not X and O.
    min_glyph: float = 0.08
    max_glyphs: int = 9
    #: A flat region (no colour edge inside) of this many cells' area, nearly a square box,
    #: is a tile; this many tiles outside the board mean a bigger grid of tiles around it.
    tile_area: tuple[float, float] = (0.3, 1.5)
    max_outer_tiles: int = 2
    #: A board of tiles (no lines): each at least this share of the picture's short side.
    min_tile: float = 0.03
    #: The board's corner cells differ at most this many times in area (the real whiteboard
    #: photos, the steepest views, reach 3.6): a steeper perspective is a misfit #.
    max_cell_ratio: float = 8.0
    #: Colour edges: a Sobel gradient above this (on 0..255 channels, the strongest of three).
    edge_gradient: float = 24.0


PARAMS = Params()


@dataclass(frozen=True)
class Line:
    """A straight stroke: unit normal ``(nx, ny)``, offset ``rho`` and its supported stretch.

    Points on the line satisfy ``x * nx + y * ny = rho``; ``t`` runs along the direction
    ``(-ny, nx)`` and the ink supports it from ``t0`` to ``t1`` with ``votes`` skeleton
    points, covering the share ``coverage`` of that stretch (about 1 for a drawn line,
    less for a row of marks).
    """

    nx: float
    ny: float
    rho: float
    t0: float
    t1: float
    votes: int
    coverage: float

    @property
    def angle(self) -> float:
        """Direction of the line in degrees, in ``[0, 180)``."""
        return float(np.degrees(np.arctan2(self.nx, -self.ny)) % 180.0)

    def along(self, point: PointLike) -> float:
        """The position ``t`` of ``point``'s projection on the line."""
        return -point[0] * self.ny + point[1] * self.nx


def intersect(a: Line, b: Line) -> Point | None:
    """The crossing point of two lines, or ``None`` when they are (nearly) parallel."""
    det = a.nx * b.ny - a.ny * b.nx
    if abs(det) < 1e-6:
        return None
    x = (a.rho * b.ny - a.ny * b.rho) / det
    y = (a.nx * b.rho - a.rho * b.nx) / det
    return float(x), float(y)


# --- stage 1: ink ---------------------------------------------------------------------------


def _median_background(image: RGBImage, samples: int, window: int) -> RGBImage:
    """A median of ``window`` x ``window`` samples on a grid ``samples`` wide, full size."""
    height, width = image.shape[:2]
    step = max(height, width) / samples
    tiny_size = (max(window, round(width / step)), max(window, round(height / step)))
    tiny = cv2.resize(image, tiny_size, interpolation=cv2.INTER_NEAREST)  # samples, not means
    median = cv2.medianBlur(tiny, window)
    return np.asarray(cv2.resize(median, (width, height), interpolation=cv2.INTER_LINEAR))


def _paper_mean(image: RGBImage, paper: NDArray[np.uint8]) -> RGBImage:
    """The mean colour of the ``paper`` pixels near each pixel, full size.

    The mean over a seventh of the picture where paper covers a third of that window, else
    over a third of the picture, else over the whole picture; worked out on a copy about
    64 pixels across (the means are smooth), then enlarged.
    """
    height, width = image.shape[:2]
    step = max(1.0, min(height, width) / 64)
    size = (max(1, round(width / step)), max(1, round(height / step)))
    share = np.asarray(cv2.resize(paper.astype(np.float32), size, interpolation=cv2.INTER_AREA))
    masked = cv2.bitwise_and(image, image, mask=paper).astype(np.float32)
    sums = np.asarray(cv2.resize(masked, size, interpolation=cv2.INTER_AREA))
    total = float(share.sum())
    background = (
        sums.reshape(-1, 3).sum(axis=0) / total
        if total > 0
        else np.array(cv2.mean(image)[:3], dtype=np.float32)
    ) * np.ones_like(sums)
    for part in (3, 7):  # ever nearer paper, where there is enough of it
        window = (max(1, round(size[0] / part)), max(1, round(size[1] / part)))
        weight = cv2.blur(share, window)
        average = cv2.blur(sums, window) / np.maximum(weight, 1e-3)[..., None]
        background = np.where((weight > 0.3)[..., None], average, background)
    small = np.clip(background, 0, 255)  # means of pixels, so their enlargement stays in range
    return np.asarray(cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR), np.uint8)


def ink_mask(image: RGBImage, params: Params = PARAMS) -> tuple[Mask, NDArray[np.uint8]]:
    """Pixels unlike their local background, and the difference image itself.

    Two medians, over about a seventh and about two fifths of the picture, give rough
    backgrounds; a pixel either of them finds unlike its background is no paper. The
    background is then the mean of the paper near each pixel (:func:`_paper_mean`), so
    strokes of either polarity and any colour stand out, even where dense marks outnumber
    the paper of the smaller window. The threshold follows the strongest ink present.
    """
    rough = _threshold(_difference(image, _median_background(image, 48, 7)), params)
    rough |= _threshold(_difference(image, _median_background(image, 12, 5)), params)
    paper = np.asarray(cv2.erode((~rough).astype(np.uint8), np.ones((5, 5), np.uint8)), np.uint8)
    diff = _difference(image, _paper_mean(image, paper))
    return _threshold(diff, params), diff


def _difference(image: RGBImage, background: RGBImage) -> NDArray[np.uint8]:
    """The largest per-channel difference between two colour images."""
    red, green, blue = cv2.split(cv2.absdiff(image, background))
    return np.asarray(cv2.max(cv2.max(red, green), blue), np.uint8)


def ink_levels(diff: NDArray[np.uint8], params: Params = PARAMS) -> tuple[float, float]:
    """The hysteresis thresholds ``(low, high)`` of a difference image: shares of its
    strongest ink (the level only 0.3% of the pixels exceed)."""
    counts = np.cumsum(cv2.calcHist([diff], [0], None, [256], [0, 256]).ravel())
    strong = float(np.searchsorted(counts, 0.997 * counts[-1]))
    high = float(np.clip(params.ink_share * strong, *params.ink_range))
    return 0.5 * high, high


def _threshold(diff: NDArray[np.uint8], params: Params) -> Mask:
    """Hysteresis threshold of a difference image, scaled to its strongest ink."""
    return hysteresis(diff, *ink_levels(diff, params))


def hysteresis(values: NDArray[np.uint8] | NDArray[np.float32], low: float, high: float) -> Mask:
    """Pixels above ``low`` connected (8-neighbours) to a pixel above ``high``.

    Examples
    --------
    >>> hysteresis(np.array([[0, 3, 9, 3, 0, 3]], np.float32), 2, 5).astype(int).tolist()
    [[0, 1, 1, 1, 0, 0]]
    """
    count, labels = cv2.connectedComponents((values > low).view(np.uint8), connectivity=8)
    keep = np.zeros(count, dtype=bool)
    keep[labels[values > high]] = True
    keep[0] = False
    return np.take(keep, np.asarray(labels, np.int32))


def _thinning_tables() -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Zhang-Suen deletion tables of the two sub-iterations, indexed by the 8-neighbour code.

    Bit ``i`` of a code is the neighbour ``P(i + 2)``: north, then clockwise.
    """
    first = np.zeros(256, dtype=bool)
    second = np.zeros(256, dtype=bool)
    for code in range(256):
        p = [(code >> i) & 1 for i in range(8)]  # P2..P9
        filled = sum(p)
        turns = sum(1 for i in range(8) if p[i] == 0 and p[(i + 1) % 8] == 1)
        if not (2 <= filled <= 6 and turns == 1):
            continue
        p2, p4, p6, p8 = p[0], p[2], p[4], p[6]
        first[code] = p2 * p4 * p6 == 0 and p4 * p6 * p8 == 0
        second[code] = p2 * p4 * p8 == 0 and p2 * p6 * p8 == 0
    return first, second


_THINNING = tuple(table.astype(np.uint8) for table in _thinning_tables())
#: The weights that sum a pixel's 3x3 neighbourhood (0 or 1 each) to its neighbour code:
#: the neighbours P2..P9 (north, then clockwise) weigh 1, 2, 4, ..., 128.
_CODE_WEIGHTS = np.array([[128, 1, 2], [64, 0, 4], [32, 16, 8]], np.float32)


def skeletonize(mask: Mask) -> Mask:
    """One-pixel-wide skeleton of ``mask`` by Zhang-Suen thinning (parallel, vectorised:
    each pixel's neighbour code is one weighted sum, its fate one table look-up).

    Examples
    --------
    >>> bar = np.zeros((7, 12), bool)
    >>> bar[2:5, 1:11] = True
    >>> skeletonize(bar).sum(axis=0).max()
    np.int64(1)
    """
    image = mask.astype(np.uint8)
    changed = True
    while changed:
        changed = False
        for table in _THINNING:
            code = cv2.filter2D(image, -1, _CODE_WEIGHTS, borderType=cv2.BORDER_CONSTANT)
            delete = np.asarray(cv2.LUT(code, table), np.uint8) & image
            if cv2.countNonZero(delete):
                image -= delete
                changed = True
    return image.astype(bool)


# --- stage 2: lines -------------------------------------------------------------------------


def _support(
    points: NDArray[np.float64], nx: float, ny: float, rho: float, tol: float, gap: float
) -> tuple[NDArray[np.bool_], float, float]:
    """Inliers of a line, restricted to its longest stretch without gaps wider than ``gap``."""
    near = np.abs(points @ np.array([nx, ny]) - rho) <= tol
    t = points[near] @ np.array([-ny, nx])
    if len(t) == 0:
        return near, 0.0, 0.0
    order = np.argsort(t)
    ts = t[order]
    breaks = np.flatnonzero(np.diff(ts) > gap)
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [len(ts) - 1]])
    best = int(np.argmax(ts[ends] - ts[starts]))
    t0, t1 = float(ts[starts[best]]), float(ts[ends[best]])
    keep = np.zeros(len(t), dtype=bool)
    keep[(t >= t0) & (t <= t1)] = True
    inliers = np.zeros(len(points), dtype=bool)
    inliers[np.flatnonzero(near)[keep]] = True
    return inliers, t0, t1


def find_lines(skeleton: Mask, params: Params = PARAMS) -> list[Line]:
    """Long straight strokes of a skeleton, strongest first (sequential Hough, refitted).

    Each pass takes the strongest Hough peak, refits it to its inliers by least squares,
    records the stretch they cover and removes them before the next pass. The accumulator
    is filled once and the removed points' votes are taken out of it (the same counts as
    a new transform of the remaining points, at a fraction of the cost).
    """
    ys, xs = np.nonzero(skeleton)
    stride = max(1, len(ys) // params.max_points)
    points = np.column_stack([xs[::stride], ys[::stride]]).astype(np.float64)
    if len(points) < 20:
        return []
    extent = float(np.hypot(np.ptp(xs) + 1, np.ptp(ys) + 1))
    tol = max(1.5, extent * 0.025)
    gap = extent * 0.12
    rho_step = max(1.0, extent / 200)
    thetas = np.radians(np.arange(0.0, 180.0, 1.0))
    cos, sin = np.cos(thetas), np.sin(thetas)
    n_rho = int(2 * extent / rho_step) + 3
    centre = points.mean(axis=0)
    pts = points - centre
    rho_idx = np.round((pts[:, :1] * cos + pts[:, 1:] * sin) / rho_step).astype(np.int64)
    bins = rho_idx + (n_rho // 2 + np.arange(len(thetas)) * n_rho)  # each point's votes
    votes_at = np.bincount(bins.ravel(), minlength=n_rho * len(thetas))
    active = np.ones(len(points), dtype=bool)
    lines: list[Line] = []
    first_votes = 0
    for _ in range(params.max_lines):
        if active.sum() < 10:
            break
        acc = votes_at.reshape(len(thetas), n_rho).copy()
        acc[:, 1:-1] += acc[:, :-2] + acc[:, 2:]  # smooth along rho (a sum of three bins)
        ti, ri = np.unravel_index(int(np.argmax(acc)), acc.shape)
        nx, ny = float(cos[ti]), float(sin[ti])
        rho = (ri - n_rho // 2) * rho_step + centre @ np.array([nx, ny])
        inliers, t0, t1 = _support(points[active], nx, ny, rho, 2 * tol, gap)
        if inliers.sum() >= 10:  # refit to the inliers (total least squares)
            sel = points[active][inliers]
            mean = sel.mean(axis=0)
            _, _, vt = np.linalg.svd(sel - mean, full_matrices=False)
            nx, ny = float(vt[1][0]), float(vt[1][1])
            rho = float(mean @ vt[1])
            inliers, t0, t1 = _support(points[active], nx, ny, rho, tol, gap)
        votes = int(inliers.sum())
        first_votes = first_votes or votes
        if votes < max(12, params.min_line_share * first_votes):
            break
        coverage = min(1.0, votes * stride / max(1.0, t1 - t0))
        lines.append(Line(nx, ny, rho, t0, t1, votes, coverage))
        removed = np.flatnonzero(active)[inliers]
        active[removed] = False
        votes_at -= np.bincount(bins[removed].ravel(), minlength=len(votes_at))
    return lines


# --- stage 3: the grid ----------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """The board's two inner lines each way (top to bottom, left to right) and its frame.

    ``frame`` holds the outer frame's rows (top, bottom) and columns (left, right) when
    all four sides were found.
    """

    rows: tuple[Line, Line]
    cols: tuple[Line, Line]
    doubts: tuple[str, ...]
    frame: tuple[tuple[Line, Line], tuple[Line, Line]] | None = None

    @property
    def framed(self) -> bool:
        """Whether all four sides of an outer frame were found."""
        return self.frame is not None

    def shifted(self, dx: float, dy: float) -> Grid:
        """The grid moved by ``(dx, dy)`` (from a crop's coordinates to the picture's)."""

        def move(pair: tuple[Line, Line]) -> tuple[Line, Line]:
            return _shifted(pair[0], dx, dy), _shifted(pair[1], dx, dy)

        frame = None if self.frame is None else (move(self.frame[0]), move(self.frame[1]))
        return Grid(move(self.rows), move(self.cols), self.doubts, frame)

    def crossings(self) -> NDArray[np.float64]:
        """The four crossings as ``(x, y)``: (1,1), (1,2), (2,1), (2,2) in grid units."""
        pts = [intersect(r, c) for r in self.rows for c in self.cols]
        return np.array(pts, dtype=np.float64)

    def homography(self) -> NDArray[np.float64]:
        """The 3x3 map from grid ``(col, row)`` to pixel ``(x, y)``.

        With a frame, it is fitted to all sixteen crossings of the frame and the inner
        lines: the four inner crossings alone, a cell apart, extrapolate a tilted board's
        outer cells poorly.
        """
        if self.frame is None:
            src = np.array([[1, 1], [2, 1], [1, 2], [2, 2]], dtype=np.float32)
            return np.asarray(
                cv2.getPerspectiveTransform(src, self.crossings().astype(np.float32)), np.float64
            )
        (top, bottom), (left, right) = self.frame
        rows, cols = (top, *self.rows, bottom), (left, *self.cols, right)
        grid = [(c, r) for r in range(4) for c in range(4)]
        pixels = [intersect(rows[r], cols[c]) for c, r in grid]
        if any(point is None for point in pixels):
            return replace(self, frame=None).homography()
        fitted, _ = cv2.findHomography(
            np.array(grid, dtype=np.float64), np.array(pixels, dtype=np.float64)
        )
        return np.asarray(fitted, np.float64)

    def reach(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """How far the inner lines' ink runs, in grid units: the rows the column lines
        span, and the columns the row lines span (each as ``(first, last)``)."""
        h_inv = np.asarray(np.linalg.inv(self.homography()), np.float64)
        rows = np.concatenate([_extent(h_inv, line)[:, 1] for line in self.cols])
        cols = np.concatenate([_extent(h_inv, line)[:, 0] for line in self.rows])
        return (float(rows.min()), float(rows.max())), (float(cols.min()), float(cols.max()))


def _arm_lengths(line: Line, points: Sequence[PointLike]) -> tuple[float, float]:
    """How far ``line``'s ink runs past the first and the last of its crossings ``points``."""
    ts = [line.along(point) for point in points]
    return min(ts) - line.t0, line.t1 - max(ts)


def _side_lengths(p: dict[tuple[int, int], NDArray[np.float64]]) -> list[float]:
    pairs = [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    return [float(np.linalg.norm(p[u] - p[v])) for u, v in pairs]


def find_grid(lines: Sequence[Line], params: Params = PARAMS) -> Grid | str:
    """The ``#`` among ``lines``, or the reason there is none.

    A ``#`` is two near-parallel lines crossing two others at a clear angle, the lines
    running at least :attr:`Params.min_arm` cells past their crossings (one of the eight
    arms may be short), with cells of comparable sides. The ``#`` of the most votes times
    its cells' least to greatest side is checked against the remaining lines by
    :func:`_check_frame`.
    """
    best: tuple[float, Grid] | None = None
    for pair_a, pair_b in _pair_candidates(lines, params):
        p: dict[tuple[int, int], NDArray[np.float64]] = {}
        for i, a in enumerate(pair_a):
            for j, b in enumerate(pair_b):
                point = intersect(a, b)
                if point is not None:
                    p[i, j] = np.array(point)
        if len(p) < 4:
            continue
        sides = _side_lengths(p)
        cell = float(np.mean(sides))
        if min(sides) < 8 or max(sides) > 2.5 * min(sides):
            continue
        arms = [
            *(arm for i, a in enumerate(pair_a) for arm in _arm_lengths(a, (p[i, 0], p[i, 1]))),
            *(arm for j, b in enumerate(pair_b) for arm in _arm_lengths(b, (p[0, j], p[1, j]))),
        ]
        short = [arm for arm in arms if arm < params.min_arm * cell]
        if len(short) > 1 or min(arms) < -params.short_arm * cell:
            continue
        # strong lines and square cells (a stroke through a row of marks makes oblong ones)
        votes = sum(line.votes for line in (*pair_a, *pair_b))
        score = votes * min(sides) / max(sides)
        if best is None or score > best[0]:
            best = (score, _orient(pair_a, pair_b))
    if best is None:
        return "no # of two crossing pairs of lines"
    return _check_frame(best[1], lines)


def _pair_candidates(
    lines: Sequence[Line], params: Params
) -> list[tuple[tuple[Line, Line], tuple[Line, Line]]]:
    """Pairs of near-parallel lines, each with a pair crossing it at a clear angle."""
    drawn = [line for line in lines if line.coverage >= params.min_coverage]
    angles = np.array([line.angle for line in drawn], dtype=np.float64)
    first, second = np.triu_indices(len(drawn), 1)  # pairs in itertools.combinations' order
    near = _angle_between(angles[first], angles[second]) <= params.family_spread
    first, second = first[near], second[near]
    one, other = np.triu_indices(len(first), 1)
    clear = np.ones(len(one), dtype=bool)
    for u in (first, second):
        for v in (first, second):
            clear &= _angle_between(angles[u[one]], angles[v[other]]) >= params.family_gap
    pairs = [(drawn[a], drawn[b]) for a, b in zip(first, second, strict=True)]
    return [(pairs[a], pairs[b]) for a, b in zip(one[clear], other[clear], strict=True)]


def _angle_between(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    """The angles between directions ``a`` and ``b`` (degrees, either way round: 0..90),
    element by element."""
    d = np.abs(a - b) % 180.0
    return np.asarray(np.minimum(d, 180.0 - d), np.float64)


def _point_on(line: Line, t: float) -> NDArray[np.float64]:
    return np.array(
        [line.nx * line.rho - line.ny * t, line.ny * line.rho + line.nx * t], dtype=np.float64
    )


def _orient(pair_a: tuple[Line, Line], pair_b: tuple[Line, Line]) -> Grid:
    """Name the more horizontal pair the row lines and sort both pairs across the picture."""

    def tilt(pair: tuple[Line, Line]) -> float:
        return float(_angle_between(np.array([line.angle for line in pair]), np.zeros(2)).sum())

    rows, cols = (pair_a, pair_b) if tilt(pair_a) <= tilt(pair_b) else (pair_b, pair_a)
    crossings = [intersect(r, c) for r in rows for c in cols]
    centre = np.mean([pt for pt in crossings if pt is not None], axis=0)

    def across(line: Line, axis: int) -> float:
        return float(_point_on(line, line.along((centre[0], centre[1])))[axis])

    r0, r1 = sorted(rows, key=lambda line: across(line, 1))
    c0, c1 = sorted(cols, key=lambda line: across(line, 0))
    return Grid((r0, r1), (c0, c1), doubts=())


def _extent(h_inv: NDArray[np.float64], line: Line) -> NDArray[np.float64]:
    """The ends of ``line``'s supported stretch in grid units, as ``[[col, row], [col, row]]``."""
    ends = np.array([[_point_on(line, line.t0), _point_on(line, line.t1)]], dtype=np.float64)
    return np.asarray(cv2.perspectiveTransform(ends, h_inv)[0], np.float64)


def _check_frame(grid: Grid, lines: Sequence[Line]) -> Grid | str:
    """Accept an outer frame around the ``#`` and refuse any other long parallel line.

    A line parallel to the ``#`` at grid position 0 or 3, 1.5 cells long or more (a
    hand-drawn side may be found only in pieces, where the pen lifted or thinned), is a
    frame side if the crossing lines stop at it. A long one anywhere else (at least three
    quarters of the ``#``'s own lines: a bigger grid's lines are as long as the ``#``'s,
    while a line along a row of marks is shorter), or a side crossed by lines that run on
    past it, is the line of a bigger grid, except for lines along the middle of one row
    or column of cells, within the board: a winning run struck through, and the rims of
    its marks.
    """
    h_inv = np.asarray(np.linalg.inv(grid.homography()), np.float64)
    inner = {id(line) for line in (*grid.rows, *grid.cols)}
    shortest = {
        axis: min(float(np.ptp(_extent(h_inv, line)[:, 1 - axis])) for line in pair)
        for axis, pair in ((1, grid.rows), (0, grid.cols))
    }
    frame: dict[tuple[int, int], Line] = {}  # (axis, side) -> its strongest line
    struck: tuple[int, int] | None = None
    for line in lines:
        if id(line) in inner:
            continue
        (x0, y0), (x1, y1) = _extent(h_inv, line)
        if abs(y1 - y0) < 0.3 * max(abs(x1 - x0), 1e-9):
            axis, pos, length = 1, 0.5 * (y0 + y1), abs(x1 - x0)
        elif abs(x1 - x0) < 0.3 * max(abs(y1 - y0), 1e-9):
            axis, pos, length = 0, 0.5 * (x0 + x1), abs(y1 - y0)
        else:
            continue  # a slanted stroke (an X) or clutter
        side = 0 if abs(pos) < 0.3 else 3 if abs(pos - 3) < 0.3 else None
        long = 1.5 if side is not None else max(1.5, 0.75 * shortest[axis])
        if length < long or line.coverage < 0.6 or not -1.8 <= pos <= 4.8:
            continue
        if min(abs(pos - 1), abs(pos - 2)) < 0.25:
            continue  # a second stroke of an inner line
        ends = (x0, x1) if axis == 1 else (y0, y1)
        row = round(pos - 0.5)  # the row (or column) of cells whose middle is nearest
        along_marks = 0 <= row <= 2 and abs(pos - row - 0.5) < 0.3
        if along_marks and struck in (None, (axis, row)) and -0.6 <= min(ends) <= max(ends) <= 3.6:
            struck = axis, row  # strokes along one row's marks: a strike through a won run
            continue  # and the rims of its marks (a bigger grid's lines fall between cells)
        if side is None:
            return f"a further grid line at {pos:.1f} cells: a bigger grid than 3x3"
        crossing = grid.cols if axis == 1 else grid.rows
        reach = [_extent(h_inv, c)[:, axis] for c in crossing]
        beyond = [(-ends.min() if side == 0 else ends.max() - 3) for ends in reach]
        if max(beyond) > 0.35:
            return "lines run on past the outer line: a bigger grid than 3x3"
        if (axis, side) not in frame or line.votes > frame[axis, side].votes:
            frame[axis, side] = line
    found = len(frame)
    if found < 4:
        doubts = (f"a partial outer frame ({found} of 4 sides)",) if found else ()
        return Grid(grid.rows, grid.cols, (*grid.doubts, *doubts))
    sides = ((frame[1, 0], frame[1, 3]), (frame[0, 0], frame[0, 3]))
    return Grid(grid.rows, grid.cols, grid.doubts, sides)


# --- stage 4: cells -------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkShape:
    """Shape measures of the ink in one cell, and the mark they make (``x``, ``o`` or ``?``).

    ``hole`` is the share of the mark's box that is background enclosed by ink, ``arms``
    the ink runs met on a circle around the mark's centroid and ``around`` the share of
    that circle on ink, ``centre`` the ink share of a small box in the middle of the mark
    and ``core`` of a smaller one. ``sure`` is false for a mark read by a fallback rule
    (a thick O with a small hole, an O broken by a grid line): the first suspects when
    the board as read cannot occur.
    """

    mark: str
    hole: float
    arms: int
    centre: float
    around: float = 0.0
    core: float = 0.0
    sure: bool = True


def classify_mark(ink: Mask, cell: float | None = None) -> MarkShape:
    """Tell an O (a loop around an empty middle) from an X (strokes crossing in the middle).

    Marks far from square read ``?``, and so do crossings larger than a cell (given its
    side ``cell``), which are strokes of the grid rather than an X. Besides a clear loop,
    an O is a thick ring with a small hole but no arms, a thick flat loop whose hole is open
    at the very middle but lower than its middle box, a bold letter O, or a ring broken
    once or twice (where a grid line crossed it was erased) around an empty middle; and an
    X a bold letter X, whose arms part only near its corners, or arms crossing on a solid
    middle that enclose a speck of background (a smudge or moire stripe joined to them);
    an arc around an empty middle is an O that lost a part along a grid line; last, ink
    round three quarters of a ring about the box's middle, that middle mostly bare, is an
    O whose ends do not meet.

    Examples
    --------
    >>> ring = np.hypot(*np.mgrid[-20:21, -20:21]) // 1
    >>> classify_mark((ring >= 14) & (ring <= 17)).mark
    'o'
    >>> cross = np.eye(41, dtype=bool) | np.eye(41, dtype=bool)[::-1]
    >>> classify_mark(cross).mark
    'x'
    """
    ys, xs = np.nonzero(ink)
    crop = np.pad(ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 2)
    closed = cv2.morphologyEx(crop.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    hole = float(_holes(closed > 0).sum()) / float(crop.shape[0] * crop.shape[1])
    h, w = crop.shape
    ch, cw = max(1, round(0.14 * h)), max(1, round(0.14 * w))
    centre = float(crop[h // 2 - ch : h // 2 + ch + 1, w // 2 - cw : w // 2 + cw + 1].mean())
    ch, cw = max(1, round(0.06 * h)), max(1, round(0.06 * w))
    core = float(crop[h // 2 - ch : h // 2 + ch + 1, w // 2 - cw : w // 2 + cw + 1].mean())
    cy, cx = ys.mean() - ys.min() + 2, xs.mean() - xs.min() + 2
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    grown = cv2.dilate(crop.astype(np.uint8), cross) > 0
    ring = _ring(grown, cy, cx, 0.3 * max(h, w), 0.3 * max(h, w))
    arms = _arms(ring)
    far = _arms(_ring(grown, cy, cx, 0.42 * h, 0.42 * w))  # apart on a bold letter X
    # an arc's centroid lies off its middle: look around the middle of its box as well
    rim = float(_ring(grown, h / 2, w / 2, 0.42 * h, 0.42 * w).mean())
    squat = max(h, w) <= 2.6 * min(h, w)
    small = cell is None or max(h, w) - 4 <= 1.15 * cell
    around = float(ring.mean())
    # strokes that cross: ink in the very middle or, where the crossing is off the middle,
    # four arms on a circle otherwise bare (an O's ring, cut open by a line's eraser or
    # doubled, meets it at most thrice or is mostly ink along it)
    crossed = core > 0 or (arms >= 4 and around < 0.6)
    # background enclosed with ink nearly all around the middle: a ring (an O joined to a
    # glare's blob or a smudge), where an X's arms leave the circle mostly bare
    ringed = hole >= 0.02 and around >= 0.85
    sure = True
    if hole >= 0.08 and squat and (centre < 0.12 or (core == 0.0 and centre < 0.4)):
        mark = "o"  # a loop; a thick flat one's hole may be lower than the middle box
    elif hole < 0.04 and 3 <= arms <= 6 and centre >= 0.05 and crossed and squat and small:
        mark = "x" if not ringed else "?"
    elif (  # a ring around an empty middle, maybe broken; a bold letter O, maybe blurred
        squat
        and arms <= 2
        and around >= 0.6
        and (core == 0.0 or (core <= 0.3 and hole >= 0.025) or (core <= 0.1 and hole >= 0.015))
    ):
        mark, sure = "o", False
    elif (
        squat
        and small
        and hole < 0.02
        and centre >= 0.9
        and ((far == 4 and around < 0.9) or _notched(crop))
    ):
        mark, sure = "x", False  # a bold letter X: notches between its arms (not a glare's disc)
    elif squat and small and hole < 0.08 and 3 <= arms <= 6 and centre >= 0.5 and core >= 0.9:
        # solid crossing strokes enclosing a speck (moire, a smudge)
        mark, sure = ("x" if not ringed else "?"), False
    elif squat and small and centre == 0.0 and arms <= 3 and rim >= 0.4:
        mark, sure = "o", False  # most of a ring, the rest erased with a line it crossed
    elif squat and small and rim >= 0.75 and centre <= 0.35 and core <= 0.35:
        # a loop whose ends do not meet (a hand-drawn O curling in at its start, one a strike
        # cut open) round a middle mostly bare: an X's arms cross on an inked middle and
        # leave most of that ring bare (at most 0.56 of it, bold letters too)
        mark, sure = "o", False
    else:
        mark = "?"
    return MarkShape(mark, hole, arms, centre, around, core, sure)


def _notched(ink: Mask) -> bool:
    """Whether the outline of ``ink`` (one solid blob) has four notches at least a tenth
    of its extent deep, one on each side (within 30 degrees of the axes from its
    centroid): a heavy X, whose arms on the diagonals part only near its rim and whose
    glow may fill even that, so that no ring around its centre passes between them. A
    disc, a square or a glare's blob has no notch; a plus sign has its notches on the
    diagonals.

    Examples
    --------
    >>> yy, xx = np.mgrid[-20:21, -20:21]
    >>> heavy = (np.abs(yy - xx) <= 9) | (np.abs(yy + xx) <= 9)  # a heavy X
    >>> _notched(heavy & (np.hypot(yy, xx) <= 20)), _notched(np.hypot(yy, xx) <= 20)
    (True, False)
    """
    contours, _ = cv2.findContours(ink.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    # in contour order: where the outline touches itself (a one-pixel neck), the hull's
    # indices may come out of order, which convexityDefects refuses
    hull = np.sort(cv2.convexHull(outline, returnPoints=False), axis=0)
    defects = cv2.convexityDefects(outline, hull)
    if defects is None:
        return False
    ys, xs = np.nonzero(ink)
    extent = max(np.ptp(ys), np.ptp(xs)) + 1
    deep = defects.reshape(-1, 4)[:, 3] / 256 >= 0.1 * extent
    points = outline[defects.reshape(-1, 4)[deep, 2], 0]
    angles = np.degrees(np.arctan2(points[:, 1] - ys.mean(), points[:, 0] - xs.mean()))
    sides = np.round(angles / 90) % 4
    axial = np.abs(angles - 90 * np.round(angles / 90)) <= 30
    return len(points) == 4 and bool(axial.all()) and len(set(sides.tolist())) == 4


def _ring(ink: Mask, cy: float, cx: float, ry: float, rx: float) -> NDArray[np.bool_]:
    """``ink`` at 96 points around the ellipse with centre ``(cy, cx)`` and radii ``ry, rx``."""
    angles = np.linspace(0.0, 2 * np.pi, 96, endpoint=False)
    ys = np.clip(np.round(cy + ry * np.sin(angles)).astype(int), 0, ink.shape[0] - 1)
    xs = np.clip(np.round(cx + rx * np.cos(angles)).astype(int), 0, ink.shape[1] - 1)
    return np.asarray(ink[ys, xs], dtype=bool)


def _arms(ring: NDArray[np.bool_]) -> int:
    """The runs of ink around a closed ring (0 when it is all ink)."""
    return 0 if ring.all() else int(np.count_nonzero(ring & ~np.roll(ring, 1)))


def _holes(ink: Mask) -> Mask:
    """Background pixels of ``ink`` that no 4-connected path joins to the border."""
    count, labels = cv2.connectedComponents((~ink).astype(np.uint8), connectivity=4)
    outside = np.zeros(count, dtype=bool)
    outside[np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])] = True
    outside[0] = True  # label 0 is the ink itself
    return np.asarray(~outside[labels], dtype=bool)


def _runs(band: Mask) -> NDArray[np.float64]:
    """The vertical ink runs of ``band`` as rows ``(column, first row, last row)``."""
    padded = np.zeros((band.shape[0] + 2, band.shape[1]), dtype=np.int8)
    padded[1:-1] = band
    step = np.diff(padded, axis=0).T  # column-major, so each column's runs come in order
    start_col, start_row = np.nonzero(step == 1)
    _, end_row = np.nonzero(step == -1)
    return np.column_stack([start_col, start_row, end_row - 1]).astype(np.float64)


def _running_mean(
    xs: NDArray[np.float64], ys: NDArray[np.float64], window: float
) -> Callable[[NDArray[np.float64]], NDArray[np.float64]]:
    """A curve through points on integer ``xs``: the mean of ``ys`` within ``window`` of x."""
    columns = xs.astype(np.int64)
    total = np.bincount(columns, weights=ys)
    count = np.bincount(columns).astype(np.float64)
    box = np.ones(2 * max(1, round(window)) + 1)
    sums, counts = np.convolve(total, box, "same"), np.convolve(count, box, "same")
    knots = np.flatnonzero(counts > 0)
    values = sums[knots] / counts[knots]

    def course(at: NDArray[np.float64]) -> NDArray[np.float64]:
        return np.asarray(np.interp(at, knots, values), np.float64)

    return course


def _erase_row_lines(board: Mask, rows: Sequence[int], size: int, bend: float) -> Mask:
    """``board`` with the row lines at ``rows`` erased, following their curves.

    In each column, the ink runs of the line's thickness within ``bend`` cells of the
    row are candidates; a quadratic fitted to them robustly (first to the runs of the
    typical thickness, the line's own: the strokes of marks beside it would pull a fit of
    them all off the line, photo of novel 3800001; then refitted to its inliers), then
    a running mean of its inliers, is the line's course, and the line's band is erased
    along it wherever the line has ink, so marks that touch it lose only the band. Inliers
    in fewer columns than 1.2 cells are no line across the board but the edges of marks
    (a board of tiles has no lines), and nothing is erased.
    """
    out = board.copy()
    height = board.shape[0]
    reach = max(3, round(bend * size))
    for start in rows:
        lo, hi = max(0, start - reach), min(height, start + reach + 1)
        runs = _runs(board[lo:hi])
        if len(runs) < 0.3 * size:
            continue
        cand = np.column_stack(
            [runs[:, 0], lo + (runs[:, 1] + runs[:, 2]) / 2, runs[:, 2] - runs[:, 1] + 1]
        )
        thickness = float(np.median(cand[:, 2]))
        cand = cand[cand[:, 2] <= max(2.0 * thickness, thickness + 3)]
        tolerance = max(1.5, 0.6 * thickness)
        keep = np.abs(cand[:, 2] - thickness) <= tolerance  # first fit the line's own runs
        if keep.sum() < 3:
            keep = np.ones(len(cand), dtype=bool)
        for _ in range(3):
            if keep.sum() < 3:
                break
            coef = np.polyfit(cand[keep, 0], cand[keep, 1], 2)
            keep = np.abs(np.polyval(coef, cand[:, 0]) - cand[:, 1]) <= tolerance
        for _ in range(4):  # then follow the line's own bends with a running mean
            if keep.sum() < 3:
                break
            course = _running_mean(cand[keep, 0], cand[keep, 1], 0.25 * size)
            keep = np.abs(course(cand[:, 0]) - cand[:, 1]) <= tolerance
        xs = np.unique(cand[keep, 0].astype(int))
        if len(xs) < 1.2 * size:
            continue  # no line across the board: the edges of marks (tiles have no lines)
        course = _running_mean(cand[keep, 0], cand[keep, 1], 0.25 * size)
        gaps = np.diff(xs)
        filled = np.concatenate(
            [xs[:1]]
            + [
                np.arange(a + 1, a + g + 1) if g <= 0.3 * size else [b]
                for a, b, g in zip(xs[:-1], xs[1:], gaps, strict=True)
            ]
        ).astype(int)
        half = thickness / 2 + 1
        for x, y in zip(filled, course(filled), strict=True):
            top, bottom = max(0, int(np.floor(y - half))), min(height, int(np.ceil(y + half)) + 1)
            out[top:bottom, x] = False
    return out


def _inked(board: Mask, rows: Sequence[int], size: int, pad: int) -> list[int]:
    """The ``rows`` (row lines' positions on the canonical board) where ``board`` has ink
    within a tenth of a cell of the row at one of the inner columns' crossings at least:
    the board's homography pins the #'s crossings there, however its lines bow. A row line
    without ink there is not in ``board`` (grey lines under a threshold a bezel's black set,
    foreign photo 3230013), and what :func:`_erase_row_lines` would trace near it is the
    edges of the marks beside it (a serif X cut away whole, then read as an empty cell).

    Examples
    --------
    >>> board = np.zeros((384, 384), bool)
    >>> board[158:162, 96:288] = True  # a row line through the crossings at x 160 and 224
    >>> board[200:230, 170:200] = True  # a mark
    >>> _inked(board, [160, 224], 64, 96)
    [160]
    """
    near = max(2, round(0.1 * size))
    crossings = (pad + size, pad + 2 * size)
    return [
        row
        for row in rows
        if any(board[row - near : row + near + 1, x - near : x + near + 1].any() for x in crossings)
    ]


def _line_remnant(piece: Mask, gy: float, gx: float, size: int, framed: bool) -> bool:
    """Whether a component (its box ``piece``, centred at grid ``(gy, gx)``) is a piece of a
    grid line the eraser missed (a line's end).

    Such a piece is thin and long (by its principal axes, so a bowed line's end slanting
    across the canonical board counts), runs within 25 degrees of a grid line and is
    centred within a third of a cell of it.
    """
    ys, xs = np.nonzero(piece)
    if len(ys) < 3:
        return False
    covariance = np.cov(np.vstack([xs, ys]).astype(np.float64))
    minor, major = np.sqrt(np.maximum(np.linalg.eigvalsh(covariance), 0.0)) * np.sqrt(12)
    thin = max(minor, 1.0) <= 0.15 * size and major >= 2.5 * max(minor, 1.0)
    if not thin:
        return False
    angle = 0.5 * np.degrees(np.arctan2(2 * covariance[0, 1], covariance[0, 0] - covariance[1, 1]))
    lines = (0, 1, 2, 3) if framed else (1, 2)
    along_row = abs(angle) <= 25 and min(abs(gy - i) for i in lines) < 0.35
    along_col = abs(abs(angle) - 90) <= 25 and min(abs(gx - i) for i in lines) < 0.35
    return along_row or along_col


def _sliver(piece: Mask, x: int, y: int, size: int, pad: int, framed: bool) -> bool:
    """Whether a component (its box ``piece`` at ``(x, y)`` on the canonical board of
    ``size``-pixel cells inside ``pad``) is a sliver of the lines the eraser missed: at most
    two pixels thick and all within a tenth of a cell of the grid's lines, as the outer
    edge of a line drawn a pixel wider than its band is, bent round the frame's corner
    (so not thin and long as a whole, :func:`_line_remnant`).

    Examples
    --------
    >>> corner = np.zeros((40, 40), bool)
    >>> corner[38:, :] = corner[:, 38:] = True
    >>> _sliver(corner, 250, 250, 64, 96, True), _sliver(corner, 220, 220, 64, 96, True)
    (True, False)
    """
    lines = np.arange(4) if framed else np.arange(1, 3)
    if not np.all(_off_lines(piece, x, y, size, pad, lines) < 0.1):
        return False
    depth = cv2.distanceTransform(np.pad(piece, 1).view(np.uint8), cv2.DIST_L2, 3)
    return float(depth.max()) <= 2


#: The eight lines of three: rows, columns, diagonals (cell indices in reading order).
RUNS = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def _run_ends(
    run: tuple[int, int, int], size: int, pad: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The centres ``(x, y)`` of a run's first and last cells on the canonical board."""
    (r0, c0), (r1, c1) = divmod(run[0], 3), divmod(run[-1], 3)
    return pad + size * np.array([c0 + 0.5, r0 + 0.5]), pad + size * np.array([c1 + 0.5, r1 + 0.5])


@dataclass(frozen=True)
class Strike:
    """A stroke through a winning run: the run, its course on the canonical board as
    ``(x, y)`` points and its width in pixels."""

    run: tuple[int, int, int]
    course: NDArray[np.float64]
    width: float

    def erase(self, board: Mask) -> Mask:
        """``board`` without the stroke (a band a little wider than it along its course)."""
        out = np.ascontiguousarray(board, np.uint8)
        points = np.round(self.course * 8).astype(np.int32)
        cv2.polylines(out, [points], False, 0, round(self.width) + 3, cv2.LINE_8, 3)
        return out > 0


def find_strike(board: Mask, size: int, pad: int) -> Strike | None:
    """A winning run struck through on the canonical ``board`` (cells ``size`` pixels
    inside a margin ``pad``), or ``None``. X's along a diagonal can pass for one; the run
    is then read whole as they are (:func:`_through_strike`).

    A strike runs along a run's middle, within a sixth of a cell of it (a hand-drawn one
    wobbles), from before its first cell's centre to past its last, on ink nearly all the
    way, where marks alone leave gaps between cells; and it is thin: across a tenth of its
    length (between marks and lines) its widest run of ink is at most a fifth of a cell.
    Its course is a gentle curve through the middle of that run where it is alone (no
    wider, with the ink it runs on in past the band's sides: the arcs of a small O beside
    it are runs of their own, the tops of marks set low in their cells run on), on to
    where it ends; where the band's ink as a whole is as thin (its tenth, and a fifth of
    the strike's length at most half as wide again), through the middle of that ink, and
    as wide as it with the wobble of that fit.
    """
    height, width = board.shape
    offsets = np.arange(-round(0.25 * size), round(0.25 * size) + 1)
    near = np.abs(offsets) <= size / 6
    for run in RUNS:
        start, end = _run_ends(run, size, pad)
        along = (end - start) / np.linalg.norm(end - start)
        ts = np.arange(-0.15 * size, np.linalg.norm(end - start) + 0.15 * size)
        points = start + ts[:, None] * along
        probe = points[:, None, :] + offsets[None, :, None] * np.array([-along[1], along[0]])
        px = np.clip(np.round(probe[..., 0]).astype(int), 0, width - 1)
        py = np.clip(np.round(probe[..., 1]).astype(int), 0, height - 1)
        seen = board[py, px]
        ink = seen & near
        if ink.any(axis=1).mean() < 0.92:
            continue
        lengths, centres = _widest_runs(ink)
        thickness = float(np.percentile(lengths, 10))
        band = np.flatnonzero(near)  # a run the band's side cuts goes on past it
        below = np.cumprod(seen[:, : band[0]][:, ::-1], axis=1).sum(axis=1)
        above = np.cumprod(seen[:, band[-1] + 1 :], axis=1).sum(axis=1)
        ends = centres - (lengths - 1) / 2 <= band[0], centres + (lengths - 1) / 2 >= band[-1]
        whole = lengths + np.where(ends[0], below, 0) + np.where(ends[1], above, 0)
        alone = (lengths > 0) & (whole <= 1.5 * thickness)
        if not 0 < thickness <= 0.2 * size or alone.sum() < 0.2 * len(ts):
            continue
        counts = ink.sum(axis=1)  # the band's ink, with the marks the strike crosses
        inked = float(np.percentile(counts, 10))
        bare = (counts > 0) & (counts <= 1.5 * inked)
        if 0 < inked <= 0.2 * size and bare.sum() >= 0.2 * len(ts):
            # thin by the band's ink too: followed through the middle of that ink, and erased
            # as wide as it is where it is bare (wobbling through the marks it crosses)
            alone, middle = bare, (ink[bare] * offsets).sum(axis=1) / counts[bare]
            thickness = inked
        else:
            middle = offsets[0] + centres[alone]
        fit = np.polyfit(ts[alone], middle, 2)  # a gentle bend at most
        wobble = float(np.percentile(np.abs(np.polyval(fit, ts[alone]) - middle), 90))
        reach = np.arange(-0.45 * size, np.linalg.norm(end - start) + 0.45 * size)
        course = start + reach[:, None] * along
        course += np.polyval(fit, reach)[:, None] * np.array([-along[1], along[0]])
        return Strike(run, course, thickness + 2 * wobble)
    return None


def _widest_runs(ink: Mask) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Each row's widest run of ``ink``: its length and its middle (0 for a row without).

    Examples
    --------
    >>> _widest_runs(np.array([[1, 0, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0]], bool))
    (array([3., 0.]), array([3., 0.]))
    """
    lengths, centres = np.zeros(len(ink)), np.zeros(len(ink))
    for i, row in enumerate(ink):
        edges = np.flatnonzero(np.diff(np.concatenate(([0], row.view(np.int8), [0]))))
        if len(edges):
            starts, ends = edges[::2], edges[1::2]
            j = int(np.argmax(ends - starts))
            lengths[i], centres[i] = ends[j] - starts[j], (starts[j] + ends[j] - 1) / 2
    return lengths, centres


def _through_strike(
    readings: list[MarkShape | None],
    unstruck: list[MarkShape | None],
    run: tuple[int, int, int],
) -> list[MarkShape | None]:
    """``readings`` (the strike erased) with a struck-through run made one side's.

    A cell of the run unclear or empty (its mark lost with the strike) takes the others'
    mark, unsure; with none left clear, the run read with the strike (``unstruck``)
    counts if its three cells agree (a letter X keeps its crossing under a strike; a
    whole run misread as the other side breaks the counts, so it is no risk). The
    strike's eraser cuts the marks it crosses up (an O cut in two arcs has an X's four
    arms), so where ink lies in each of its cells (with the strike or without: joined to
    the strike, marks make one piece centred in none of them) and only one side makes a
    position a game reaches, the run is that side's, unsure. Otherwise, with marks of both
    sides or of neither, the whole run is unclear; so it is if the run read with the
    strike holds sure marks of both sides (a won run is one side's: the "strike" was the
    tops of marks set low in their cells, and the side a position reaches is a guess).
    """
    sure = {cell.mark for i in run if (cell := unstruck[i]) is not None and cell.sure}
    if {"x", "o"} <= sure:
        return [
            MarkShape("?", 0.0, 0, 0.0) if i in run else cell for i, cell in enumerate(readings)
        ]
    marks = {cell.mark for i in run if (cell := readings[i]) is not None and cell.mark != "?"}
    whole = {cell.mark if (cell := unstruck[i]) is not None else "-" for i in run}
    if not marks and len(whole) == 1 and whole <= {"x", "o"}:
        marks = whole
    rest = [cell.mark if cell is not None and cell.mark in "xo" else "-" for cell in readings]
    legal = {
        side for side in "xo" if _reachable([side if i in run else m for i, m in enumerate(rest)])
    }
    inked = all(readings[i] is not None or unstruck[i] is not None for i in run)
    if len(legal) == 1 and inked:
        marks = legal
    out = list(readings)
    for i in run:
        cell = out[i]
        if len(marks) != 1:
            out[i] = MarkShape("?", 0.0, 0, 0.0)
        elif cell is None or cell.mark not in marks:
            out[i] = MarkShape(next(iter(marks)), 0.0, 0, 0.0, sure=False)
    return out


def _reachable(board: Sequence[str]) -> bool:
    """Whether a game reaches the position ``board`` (cells ``x``, ``o``, ``-``), either
    side having opened."""
    for first in "xo":
        try:
            Puzzle.from_board("".join(board), first=first)
        except InvalidPuzzleError:
            continue
        return True
    return False


def _small_mark(glyph: Mask, size: int, sizes: Sequence[int]) -> MarkShape:
    """The reading of a cell holding one glyph-sized piece of ink ``glyph`` at its centre,
    the board's other marks being ``sizes`` pixels across: a mark drawn small (a letter
    or a times sign) if it makes a clear X or O at least 0.6 of their median extent, an
    X's arms on the diagonals (not a plus); otherwise unclear.

    Examples
    --------
    >>> times = np.eye(13, dtype=bool) | np.eye(13, dtype=bool)[::-1]
    >>> _small_mark(np.pad(times, 20), 64, [18, 18]).mark
    'x'
    >>> plus = np.zeros((13, 13), bool)
    >>> plus[6], plus[:, 6] = True, True
    >>> _small_mark(np.pad(plus, 20), 64, [18, 18]).mark
    '?'
    """
    ys, xs = np.nonzero(glyph)
    extent = max(np.ptp(ys), np.ptp(xs)) + 1
    if not sizes or extent < 0.6 * float(np.median(sizes)):
        return MarkShape("?", 0.0, 0, 0.0)
    return _glyph_shape(glyph, size)


def _glyph_shape(glyph: Mask, size: int) -> MarkShape:
    """The mark a glyph-sized piece of ink ``glyph`` makes in a cell ``size`` pixels across,
    whatever its size: a clear X (its arms on the diagonals, not a plus) or O, not sure;
    otherwise unclear."""
    unclear = MarkShape("?", 0.0, 0, 0.0)
    ys, xs = np.nonzero(glyph)
    extent = max(np.ptp(ys), np.ptp(xs)) + 1
    shape = classify_mark(glyph, size)
    if shape.mark == "?" or not shape.sure:
        return unclear
    if shape.mark == "x":  # little ink along the middle row and column, off the crossing
        dy, dx = np.abs(ys - ys.mean()), np.abs(xs - xs.mean())
        axial = ((dy <= 0.1 * extent) | (dx <= 0.1 * extent)) & (np.hypot(dy, dx) > 0.2 * extent)
        if axial.mean() > 0.2:
            return unclear
    return replace(shape, sure=False)


def _read_mark(ink: Mask, levels: NDArray[np.uint8], size: int) -> MarkShape:
    """The mark of the ink ``ink`` (a cell's components), whose ink levels are ``levels``.

    An unclear mark with a mostly solid middle is read again at three quarters of its own
    strongest level: blur fills a small O's hole with ink fainter than its ring, and a glow
    joins an X's arms, which a threshold set for the whole board keeps. Where the mark's
    colour is so unlike the page that its ink levels saturate (their top within 15 of 255),
    the glow reaches nearly that top, and the mark is read at nine tenths of it as well
    (an unsaturated glare's uneven top breaks up there). A mark read in that second look
    is not sure (a glare's disc stays a disc there).
    """
    shape = classify_mark(ink, size)
    if shape.mark != "?" or shape.centre < 0.5:
        return shape
    top = float(np.percentile(np.asarray(levels)[ink], 95))
    for share in (0.75, 0.9) if top >= 240 else (0.75,):
        stronger = ink & (levels > share * top)
        again = classify_mark(stronger, size) if stronger.any() else shape
        if again.mark != "?":
            return replace(again, sure=False)
    return shape


def read_cells(
    diff: NDArray[np.uint8],
    grid_to_pixels: NDArray[np.float64],
    framed: bool,
    params: Params = PARAMS,
    brightness: NDArray[np.float32] | None = None,
    reach: tuple[tuple[float, float], tuple[float, float]] | None = None,
    colours: RGBImage | None = None,
    lines: bool = True,
    fainter: float = 1.0,
) -> tuple[list[MarkShape | None], float, int]:
    """Warp the ink difference image ``diff`` (:func:`ink_mask`) to the canonical board,
    threshold it there (at its levels divided by ``fainter``) and read the nine cells in
    reading order.

    Thresholding after the warp keeps the strokes of a small board apart: the thresholds
    come from ``diff`` (:func:`ink_levels`), or from the board's own ink when those lose
    an inner line of the # (the surroundings' strongest ink may be a bezel's), the pixels
    from its smooth enlargement.

    The grid lines (and the frame, if ``framed``) are traced and erased, unless the board
    has no ``lines`` (tiles with nothing between them, where a mark's edge near a cell's
    side would be traced as a line and cut away); each remaining
    ink component of mark size goes to the cell holding its centroid, so marks that spill
    over a line are read whole. On an unframed board a large, roughly square component just
    past the edge goes to the nearest cell (hand-drawn lines are rarely parallel, so the
    outer cells are only roughly where the crossings put them); one farther out but within
    the ``reach`` of the lines' ink (:meth:`Grid.reach`) makes that cell ``?``. A cell
    without ink reads ``None``, and one whose ink is centred on a grid line (a remnant of a
    crossing, or a mark between two cells) reads ``?``.

    Given the picture ``colours`` that ``diff`` was made of, a mark drawn unlike the others
    of its kind is unclear (:func:`_unlike_their_kind`), but for those of a struck run
    (the strike's eraser cut them up).

    Given the ``brightness`` of ``diff``'s pixels above their background, a mark lighter
    than the page where the lines are darker (or the other way round) reads ``?``: marks are
    drawn in ink like the lines, and a lighter blob on a page of dark ink is glare.

    Returns the readings, the share of ink on the board besides its lines and the number
    of glyph-sized pieces of ink inside the board (smaller than a mark, see
    :attr:`Params.min_glyph`).
    """
    size, pad = params.cell_px, 3 * params.cell_px // 2
    warped = _on_canvas(diff, grid_to_pixels, params).astype(np.uint8, copy=False)
    seen = _on_canvas(np.full(diff.shape[:2], 255, np.uint8), grid_to_pixels, params)
    off = _around(seen < 128)
    levels = ink_levels(diff, params)
    board = hysteresis(warped, *levels)
    middles = [pad + size, pad + 2 * size]
    if len(_inked(board, middles, size, pad)) + len(_inked(board.T, middles, size, pad)) < 4:
        # the surroundings' strongest ink is no board's (a bezel, a bright button beside
        # it) when the levels it sets lose the #'s inner lines: the board's own ink sets them
        inside = ink_levels(np.ascontiguousarray(warped[pad:-pad, pad:-pad]), params)
        if inside[1] < levels[1]:
            levels = inside
            board = hysteresis(warped, *levels)
    if fainter != 1.0:
        levels = (levels[0] / fainter, levels[1] / fainter)
        board = hysteresis(warped, *levels)
    clean = board
    # hand-drawn inner lines may bend a third of a cell; a printed frame is straight
    inner, outer = ((1, 2), (0, 3) if framed else ()) if lines else ((), ())
    for positions, bend in ((inner, 0.35), (outer, 0.2)):
        rows = [pad + i * size for i in positions]
        across = _erase_row_lines(clean, _inked(board, rows, size, pad), size, bend).T
        clean = _erase_row_lines(across, _inked(board.T, rows, size, pad), size, bend).T
    strike = find_strike(board, size, pad)
    erased = clean if strike is None else strike.erase(clean)
    readings, glyphs = _read_marks(erased, warped, framed, off, params, reach)
    if strike is not None:  # a struck run: read what the strike crossed, or the run whole
        unstruck, whole = _read_marks(clean, warped, framed, off, params, reach)
        readings = _through_strike(readings, unstruck, strike.run)
        glyphs = min(glyphs, whole)  # the strike's eraser cuts the marks it crossed up
    canvas = None if colours is None else _on_canvas(colours, grid_to_pixels, params)
    if brightness is not None:
        lift = _on_canvas(brightness, grid_to_pixels, params).astype(np.float32, copy=False)
        readings = _against_the_lines(readings, erased, board & ~clean, lift, canvas, size, pad)
    faint = hysteresis(warped, levels[0] / 2, levels[1] / 2)
    readings = _faint_marks(readings, faint, board, warped, params)
    readings = _unlike_the_page(readings, warped, board, board & ~clean, params)
    judged = _unlike_their_kind(readings, warped, erased, board, canvas, params)
    judged = _lone_preview(judged, warped, erased, board & ~clean, params)
    if canvas is not None:
        inks = _page_to_lines(warped, board & ~clean, board, canvas, params)
        judged = _see_through(judged, warped, erased, board & ~clean, inks, canvas, params)
        judged = _one_unlike(judged, canvas, None if inks is None else inks[1], params)
    struck = () if strike is None else strike.run  # marks the strike's eraser cut up
    readings = [cell if i in struck else judged[i] for i, cell in enumerate(readings)]
    if canvas is not None:
        readings = _blown_out(readings, canvas, params)
    return readings, float(erased[pad:-pad, pad:-pad].mean()), glyphs


def _blown_out(
    readings: list[MarkShape | None], canvas: RGBImage, params: Params
) -> list[MarkShape | None]:
    """``readings`` with every empty cell unclear whose middle a glare blew out on an
    over-exposed board: a third of it white in every channel (250 and up, where a camera
    clips), the board's other empty cells' middles under a tenth, where the page is clipped
    in some channel over half of most empty cells' middles. The page's contrast is lost in
    the clipped channels everywhere, and where the last one clips as well, any pale mark
    drawn on it is lost with it (a glare over a pink page, clipping its red and blue
    everywhere, its green in one cell, erased a pale O there); only where the other cells'
    page is at most 240 in its faintest channel: a glare lifting the page by ten levels or
    more there lifts a pale mark to white as well, where a near-white page clips at a
    touch. A white page is white in every cell, and a glare spot on a page clipped nowhere
    else leaves the rest to compare.

    Examples
    --------
    >>> canvas = np.full((384, 384, 3), (255, 230, 255), np.uint8)  # red and blue clipped
    >>> canvas[100:150, 100:150] = 255  # the middle of cell (0, 0), blown out
    >>> [cell.mark if cell else "-" for cell in _blown_out([None] * 9, canvas, PARAMS)]
    ['?', '-', '-', '-', '-', '-', '-', '-', '-']
    >>> _blown_out([None] * 9, np.full((384, 384, 3), 255, np.uint8), PARAMS) == [None] * 9
    True
    >>> canvas[..., 0] = 230  # clipped in no channel but in the glare's spot
    >>> _blown_out([None] * 9, canvas, PARAMS) == [None] * 9
    True
    """
    size, pad = params.cell_px, 3 * params.cell_px // 2
    margin = round(0.12 * size)
    bright = canvas >= 250
    white, clipped = np.all(bright, axis=2), np.any(bright, axis=2)
    empty = [_cell_box(i, size, pad, margin) for i, cell in enumerate(readings) if cell is None]
    if not empty or float(np.median([clipped[box].mean() for box in empty])) < 0.5:
        return readings
    shares = {
        i: float(white[_cell_box(i, size, pad, margin)].mean())
        for i, cell in enumerate(readings)
        if cell is None
    }
    # the page's level in its faintest channel: a glare that clips it lifts it that far
    lowest = {
        i: float(np.median(canvas[_cell_box(i, size, pad, margin)].reshape(-1, 3), axis=0).min())
        for i in shares
    }
    out = list(readings)
    for i, share in shares.items():
        others = [v for j, v in shares.items() if j != i]
        page = float(np.median([v for j, v in lowest.items() if j != i] or [255.0]))
        if share >= 1 / 3 and len(others) >= 2 and float(np.median(others)) < 0.1 and page <= 240:
            out[i] = MarkShape("?", 0.0, 0, 0.0)
    return out


@dataclass(frozen=True)
class MarkInk:
    """How a mark in cell ``index`` is drawn: its contrast (the median ink level), its
    stroke weight (the ink levels summed per pixel of its extent: stroke width times
    contrast, which blur keeps) and the mean colour of its strongest third of ink."""

    index: int
    mark: str
    contrast: float
    weight: float
    colour: NDArray[np.float64]


def _cell_box(index: int, size: int, pad: int, margin: int = 0) -> tuple[slice, slice]:
    """The slices of cell ``index`` (row-major) on the canonical board of ``size``-pixel
    cells inside a ``pad``-pixel border, ``margin`` pixels in from each side."""
    r, c = divmod(index, 3)
    return np.s_[
        pad + r * size + margin : pad + (r + 1) * size - margin,
        pad + c * size + margin : pad + (c + 1) * size - margin,
    ]


def mark_inks(
    readings: Sequence[MarkShape | None],
    warped: NDArray[np.uint8],
    marks: Mask,
    colours: RGBImage | None,
    params: Params = PARAMS,
) -> list[MarkInk]:
    """The :class:`MarkInk` of every X and O in ``readings``: its ink is ``marks`` in its
    cell of the canonical board, ``warped`` the ink levels there and ``colours`` the
    picture (if not given, the colour is the ink level)."""
    size, pad = params.cell_px, 3 * params.cell_px // 2
    out: list[MarkInk] = []
    for i, cell in enumerate(readings):
        box = _cell_box(i, size, pad)
        ink = marks[box]
        if cell is None or cell.mark not in "xo" or not ink.any():
            continue
        ys, xs = np.nonzero(ink)
        levels = warped[box][ink].astype(np.float64)
        extent = float(max(np.ptp(ys), np.ptp(xs)) + 1)
        strong = levels >= np.percentile(levels, 67)
        painted = levels[:, None] if colours is None else colours[box][ink].astype(np.float64)
        colour = painted[strong].mean(axis=0)
        out.append(MarkInk(i, cell.mark, float(np.median(levels)), levels.sum() / extent, colour))
    return out


def _unlike_their_kind(
    readings: list[MarkShape | None],
    warped: NDArray[np.uint8],
    marks: Mask,
    board: Mask,
    colours: RGBImage | None,
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` with every X or O made unclear that is drawn unlike the other marks of
    its kind (:func:`mark_inks`): one board's marks of a kind are drawn alike, and one in
    under half their contrast, under :attr:`Params.min_weight_share` of their stroke
    weight or in another colour (:attr:`Params.max_colour_step`), or, alone of its kind,
    under :attr:`Params.min_cross_weight_share` of the other kind's weight and half its
    contrast, is a hover preview of the next move (drawn faint: a thin mark at the others'
    contrast is a glyph of another weight), a wiped mark's ghost or something over the
    board (colours, if ``colours``, the picture on the canonical board, is given). So is one
    drawn in the other kind's colour where the two kinds differ (:func:`_in_rival_colour`;
    the page is seen off the board's ink ``board``)."""
    inks = mark_inks(readings, warped, marks, colours, params)
    page = np.zeros(1)  # the ink level's page
    if colours is not None:  # the whole canvas's median if ink covers the board
        seen = _page_colour(board, colours, params)
        page = np.median(colours.reshape(-1, 3), axis=0) if seen is None else seen
    out = list(readings)
    for ink in inks:
        kind = [other for other in inks if other.index != ink.index and other.mark == ink.mark]
        if not kind:  # alone of its kind: only far below the other kind's weight, and faint
            others = [other for other in inks if other.index != ink.index]
            if (
                others
                and ink.weight
                < params.min_cross_weight_share * float(np.median([o.weight for o in others]))
                and ink.contrast < 0.5 * float(np.median([o.contrast for o in others]))
            ):
                out[ink.index] = MarkShape("?", 0.0, 0, 0.0)
            continue
        contrast = float(np.median([other.contrast for other in kind]))
        weight = float(np.median([other.weight for other in kind]))
        colour = np.median([other.colour for other in kind], axis=0)
        rivals = [other.colour for other in inks if other.mark != ink.mark]
        if (
            ink.contrast < 0.5 * contrast
            or ink.weight < params.min_weight_share * weight
            or float(np.abs(ink.colour - colour).max()) > params.max_colour_step
            or (
                rivals
                and _in_rival_colour(ink.colour, colour, np.median(rivals, axis=0), page, params)
            )
        ):
            out[ink.index] = MarkShape("?", 0.0, 0, 0.0)
    return out


def _lone_preview(
    readings: list[MarkShape | None],
    warped: NDArray[np.uint8],
    marks: Mask,
    lines: Mask,
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` with a hover preview made unclear: the one mark whose strokes are under
    :attr:`Params.max_lone_width` of the ``lines``' width (:func:`stroke_width`) and whose
    ink is fainter than theirs (``warped``, the ink levels), alone on the board (a thin grey
    X beside a bold neon #, novel 3800016 of session 23, read as a move) or beside marks
    drawn otherwise (a thin grey O beside a bold red X, novel 4200018 of session 26). A
    board's marks are drawn as boldly as its lines or more (a pen's, a marker's, an app's),
    or, thin, at the lines' contrast at least; a side whose marks are all thin and faint
    has two or more of them (an app's pale rings beside bold crosses)."""
    inks = mark_inks(readings, warped, marks, None, params)
    if not inks or not lines.any():
        return readings
    line_width, line_ink = stroke_width(lines), float(np.median(warped[lines]))
    pad = 3 * params.cell_px // 2
    faint = [
        ink
        for ink in inks
        if stroke_width(marks[_cell_box(ink.index, params.cell_px, pad)])
        < params.max_lone_width * line_width
        and ink.contrast < line_ink
    ]
    # (a preview of a side with marks of its own is unlike them: see _unlike_their_kind)
    if len(faint) != 1 or any(ink.mark == faint[0].mark for ink in inks if ink is not faint[0]):
        return readings
    out = list(readings)
    out[faint[0].index] = MarkShape("?", 0.0, 0, 0.0)
    return out


def _off_blend(
    colour: NDArray[np.float64], ink: NDArray[np.float64], page: NDArray[np.float64]
) -> float:
    """How far ``colour`` lies from every blend of ``ink`` with the ``page`` (the largest
    channel's step from the nearest point between them): a thin or blurred stroke of an ink
    is seen as such a blend.

    Examples
    --------
    >>> white = np.array([240.0, 240, 240])
    >>> _off_blend(np.array([90.0, 90, 90]), np.array([30.0, 30, 30]), white)
    0.0
    >>> round(_off_blend(np.array([20.0, 45, 90]), np.array([120.0, 45, 50]), white))
    100
    """
    step = ink - page
    t = float(np.clip(np.dot(colour - page, step) / max(float(np.dot(step, step)), 1.0), 0, 1))
    return float(np.abs(colour - page - t * step).max())


def _in_rival_colour(
    colour: NDArray[np.float64],
    kind: NDArray[np.float64],
    rival: NDArray[np.float64],
    page: NDArray[np.float64],
    params: Params = PARAMS,
) -> bool:
    """Whether a mark of ``colour`` is drawn in the other kind's colour ``rival`` rather than
    in its own kind's ``kind``: the two kinds' colours over half
    :attr:`Params.max_colour_step` apart in a channel, neither a blend of the other with
    the ``page`` (:func:`_off_blend`: a photo's blur pales a thin stroke of black ink to
    grey, so one kind's thin marks are no other ink than the other kind's bold ones), and
    the mark under half as far from the rival's colour as from its own kind's. A mark read
    as one kind in the other kind's ink is a misread one of those, or something else in
    that ink: a blob of the wallpaper in the lines' colour, joined to a hover preview, read
    as a bold X among red X's and blue O's (novel photo 1540011 of session 11, solved
    wrong).

    Examples
    --------
    >>> red, blue = np.array([120.0, 45, 50]), np.array([20.0, 45, 90])
    >>> white = np.array([240.0, 240, 240])
    >>> _in_rival_colour(np.array([35.0, 60, 110]), red, blue, white)
    True
    >>> _in_rival_colour(np.array([150.0, 60, 70]), red, blue, white)
    False
    >>> black, grey = np.array([35.0, 35, 33]), np.array([91.0, 92, 88])
    >>> _in_rival_colour(black, grey, black, white)
    False
    """
    if min(_off_blend(kind, rival, page), _off_blend(rival, kind, page)) <= (
        params.max_colour_step / 2
    ):
        return False
    own, other = (float(np.linalg.norm(colour - c)) for c in (kind, rival))
    return other < own / 2


def _page_colour(board: Mask, colours: RGBImage, params: Params) -> NDArray[np.float64] | None:
    """The page's colour inside the board: the median of ``colours`` (the picture on the
    canonical board) off the board's ink ``board``; None if ink covers it all."""
    pad = 3 * params.cell_px // 2
    inside = np.zeros_like(board)
    inside[pad:-pad, pad:-pad] = True
    off = inside & ~board
    return np.median(colours[off], axis=0) if off.any() else None


def _page_to_lines(
    warped: NDArray[np.uint8], lines: Mask, board: Mask, colours: RGBImage, params: Params
) -> tuple[NDArray[np.float64], NDArray[np.float64]] | None:
    """The page's colour inside the board (the median off the board's ink ``board``) and
    the step from it to the lines' ink (the mean colour of the strongest third of
    ``lines`` in ``warped``), on the canonical board ``colours``; None without lines, page
    or a step of at least 1."""
    if not lines.any() or (page := _page_colour(board, colours, params)) is None:
        return None
    levels = warped[lines]
    step = colours[lines][levels >= np.percentile(levels, 67)].mean(axis=0) - page
    return (page, step) if float(np.linalg.norm(step)) >= 1 else None


def _see_through(
    readings: list[MarkShape | None],
    warped: NDArray[np.uint8],
    marks: Mask,
    lines: Mask,
    inks: tuple[NDArray[np.float64], NDArray[np.float64]] | None,
    colours: RGBImage,
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` with the mark alone of its kind made unclear where it is drawn in the
    lines' ink seen through (the median colour of its ink on the blend of the page's
    colour with the lines', ``inks``: see :func:`_page_to_lines`; under
    :attr:`Params.max_see_through` of the way) while the other kind's marks, if any, are
    in a colour of their own: a translucent preview of the next move, or a wiped mark's
    ghost (a board's marks in the lines' ink are drawn at the lines' strength, or all
    alike). Alone on an empty board, with no other mark to set it off, a mark is such a
    preview only if its strokes are also under 0.6 of the lines' width
    (:func:`stroke_width`): a preview is drawn thin and pale, while a first move in a
    muted colour near the lines' blend is drawn as thick as the lines or thicker. Beside
    marks of its own kind, a mark seen through so is a preview of that kind when one of
    them, also in the lines' ink, lies a quarter of the way further along the blend, its
    strokes 1.4 times as wide (a board's marks of a kind are drawn alike); so, beside marks
    of the other kind only, is one behind such a mark of the other kind (a thin grey O
    beside a chalk X on a chalk board, novel 3900019 of session 23)."""
    size, pad = params.cell_px, 3 * params.cell_px // 2
    if inks is None:
        return readings
    page, step = inks
    length = float(np.linalg.norm(step))

    def blend(index: int) -> tuple[float, float]:
        """How far along the blend from page to lines, and how far off it, the mark in
        cell ``index`` lies (shares of the way)."""
        box = _cell_box(index, size, pad)
        colour = np.median(colours[box][marks[box]], axis=0) - page
        share = float(colour @ step) / length**2
        return share, float(np.linalg.norm(colour - share * step)) / length

    kinds = {ink.index: ink.mark for ink in mark_inks(readings, warped, marks, None, params)}
    blends = {index: blend(index) for index in kinds}
    widths = {index: stroke_width(marks[_cell_box(index, size, pad)]) for index in kinds}
    out = list(readings)
    for index, mark in kinds.items():
        share, off = blends[index]
        if off > 0.1 or share >= params.max_see_through:
            continue
        kin = [other for other, kind in kinds.items() if other != index and kind == mark]
        rivals = [other for other, kind in kinds.items() if kind != mark]
        # another mark drawn fuller and thicker in the same ink
        thicker = [blends[o] for o in kin + rivals if widths[o] >= 1.4 * widths[index]]
        behind = any(more >= share + 0.25 and apart <= 0.1 for more, apart in thicker)
        unclear = behind or (
            not kin
            and all(blends[other][1] > 0.25 for other in rivals)
            and (bool(rivals) or widths[index] < 0.6 * stroke_width(lines))
        )
        if unclear:
            out[index] = MarkShape("?", 0.0, 0, 0.0)
    return out


def stroke_width(ink: Mask) -> float:
    """The typical width of the strokes of ``ink``: twice the median of its distance
    transform's ridge (the pixels as far from the background as their 3x3 neighbours).

    Examples
    --------
    >>> bar = np.zeros((20, 40), bool)
    >>> bar[8:13, 5:35] = True
    >>> stroke_width(bar)
    6.0
    """
    distance = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    ridge = ink & (distance >= cv2.dilate(distance, np.ones((3, 3), np.uint8)))
    return 2 * float(np.median(distance[ridge])) if ridge.any() else 0.0


def _one_unlike(
    readings: list[MarkShape | None],
    colours: RGBImage,
    toward: NDArray[np.float64] | None,
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` of an empty board with its one cell unclear whose middle's mean colour
    (on the canonical board ``colours``) stands out from the others': off their median by
    over 6 in a channel and four times the typical cell's offset, the others all within it.
    A mark in nearly the page's colour on a textured page (a blue O on blue checks) falls
    below the noise of the ink levels, but its flat colour still shifts its cell's mean; a
    glare or a gradient shifts several cells. So, on its own, does the offset of a cell's
    middle from the ring around it (size/8 to size/4 in from the sides), if it goes
    ``toward`` the lines' ink from the page (a mark is drawn in ink; a glare's spot in a
    cell's middle lightens it on a page with dark lines): a pale mark under a page's stripes
    or light that shifts the cells' means unevenly still stands out there. So, alone, does
    a cell holding a ring off its own colour (:func:`_shaped_cells`): a ring hardly moves
    its cell's mean or middle.

    Examples
    --------
    >>> colours = np.full((384, 384, 3), 200, np.uint8)
    >>> colours[170:214, 170:214] = 190  # cell (1, 1)'s middle
    >>> [cell.mark if cell else "-" for cell in _one_unlike([None] * 9, colours, None, PARAMS)]
    ['-', '-', '-', '-', '?', '-', '-', '-', '-']
    """
    size, pad = params.cell_px, 3 * params.cell_px // 2
    if any(cell is not None for cell in readings):
        return readings
    means = np.array(
        [colours[_cell_box(i, size, pad, size // 4)].reshape(-1, 3).mean(axis=0) for i in range(9)]
    )
    ring = np.ones((size - size // 4, size - size // 4), bool)
    ring[size // 8 : -(size // 8), size // 8 : -(size // 8)] = False
    rings = np.array(
        [colours[_cell_box(i, size, pad, size // 8)][ring].mean(axis=0) for i in range(9)]
    )
    every = np.ones(9, bool)
    inky = every if toward is None else (means - rings) @ toward > 0
    out = list(readings)
    for off, counts in ((means - np.median(means, axis=0), every), (means - rings, inky)):
        spread = np.abs(off).max(axis=1)
        odd = np.flatnonzero(spread > max(4 * float(np.median(spread)), 6.0))
        if len(odd) == 1 and counts[odd[0]]:
            out[int(odd[0])] = MarkShape("?", 0.0, 0, 0.0)
    shaped = _shaped_cells(colours, params)
    if len(shaped) == 1:
        out[shaped[0]] = MarkShape("?", 0.0, 0, 0.0)
    return out


def _shaped_cells(colours: RGBImage, params: Params) -> list[int]:
    """The cells of the canonical board ``colours`` holding a ring off their own colour:
    each cell (inside an eighth of a cell from its sides) less its colours' best plane (the
    page's gradient), a ring is where that residue, over five times the board's typical
    noise (the median cell's median residue) or 6, encloses a hole of a fifth of a cell
    squared. An O in nearly the page's colour is below the ink levels that lines of a
    strong colour set, but it is still a ring; a smudge or a line's bent end encloses
    little."""
    size, pad = params.cell_px, 3 * params.cell_px // 2
    smooth = cv2.GaussianBlur(colours.astype(np.float32), (0, 0), 1.0)
    boxes = [smooth[_cell_box(index, size, pad, size // 8)] for index in range(9)]
    height, width = boxes[0].shape[:2]  # alike: the canvas's margin holds every cell
    ys, xs = np.mgrid[0:height, 0:width]
    design = np.column_stack([np.ones(height * width), xs.ravel(), ys.ravel()])
    residues = []
    for box in boxes:
        pixels = box.reshape(-1, 3)
        plane, *_ = np.linalg.lstsq(design, pixels, rcond=None)
        residues.append(np.abs(pixels - design @ plane).max(axis=1).reshape(height, width))
    noise = float(np.median([np.median(residue) for residue in residues]))
    shaped = []
    for index, residue in enumerate(residues):
        holes = _holes(residue > max(5 * noise, 6.0)).astype(np.uint8)
        stats = cv2.connectedComponentsWithStats(holes, connectivity=4)[2]
        if stats[1:, cv2.CC_STAT_AREA].max(initial=0) >= (0.2 * size) ** 2:
            shaped.append(index)
    return shaped


def _around(mask: Mask) -> Mask:
    """The pixels within two of ``mask`` (its 5x5 dilation: a stroke's blurred edge)."""
    return np.asarray(cv2.dilate(mask.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0)


def _faint_marks(
    readings: list[MarkShape | None],
    faint: Mask,
    board: Mask,
    warped: NDArray[np.uint8],
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` with every empty cell unclear where ink at half the board's levels
    (``faint``), away from the ink of ``board`` and clear of the cell's sides, makes a
    mark's shape: a thin or pale mark under glare or in a dim corner, which the board's levels
    lose (a smudge, or a wiped mark's ghost, has no such shape). A shape counts from a
    glyph's size (:attr:`Params.min_glyph`) up: marks much smaller than the cell are no
    empty cell either (the small boards of ultimate tic-tac-toe, drawn in each cell, whose
    thin strokes blur below the board's levels in a photo). Below a mark's size
    (:attr:`Params.min_mark`), a shape counts only where its ink in ``warped`` (the
    cells' difference image) peaks at twice the empty cells' noise (the median of their
    middles' 95th percentiles, as in :func:`_unlike_the_page`): moire and noise make
    specks of any shape at their own level. A piece that reaches past that box's margin (a
    pale O as large as the cell) counts when, in a box 0.04 of the cell in from its sides,
    it encloses a hole a fifth of the cell across: a ring, with the page's speckle in it that
    spoils its shape (a line's remnant or a glare's blob encloses none).

    Examples
    --------
    >>> faint = np.zeros((384, 384), bool)
    >>> ring = np.hypot(*np.mgrid[-15:16, -15:16])
    >>> faint[110:141, 110:141] = (ring >= 10) & (ring <= 13)  # a pale O in cell (0, 0)
    >>> marks = _faint_marks([None] * 9, faint, np.zeros_like(faint), 20 * faint, PARAMS)
    >>> [cell.mark if cell else "-" for cell in marks]
    ['?', '-', '-', '-', '-', '-', '-', '-', '-']
    """
    size, pad = params.cell_px, 3 * params.cell_px // 2
    near = _around(board)
    only = np.asarray(faint & ~near, np.uint8)
    margin = round(0.12 * size)
    boxes = {i: _cell_box(i, size, pad, margin) for i, cell in enumerate(readings) if cell is None}
    if not boxes:
        return readings
    noise = float(np.median([np.percentile(warped[box], 95) for box in boxes.values()]))
    out = list(readings)
    for i, box in boxes.items():
        inner = only[box]
        _, labels, stats, _ = cv2.connectedComponentsWithStats(inner, connectivity=8)
        x0, y0 = stats[:, 0], stats[:, 1]
        x1, y1 = x0 + stats[:, 2], y0 + stats[:, 3]
        alone = (x0 > 0) & (y0 > 0) & (x1 < inner.shape[1]) & (y1 < inner.shape[0])
        extent = stats[:, 2:4].max(axis=1)
        for index in np.flatnonzero(alone & (extent >= params.min_glyph * size)):
            piece = labels == index
            small = extent[index] < params.min_mark * size
            if index == 0 or (small and float(warped[box][piece].max()) < 2 * noise):
                continue
            if classify_mark(piece, size).mark != "?":
                out[i] = MarkShape("?", 0.0, 0, 0.0)
        # a ring past the box's margin (a pale O as large as the cell), the page's speckle in it
        wide = only[_cell_box(i, size, pad, round(0.04 * size))]
        _, labels, stats, _ = cv2.connectedComponentsWithStats(wide, connectivity=8)
        for index in np.flatnonzero(stats[:, 2:4].min(axis=1) >= params.min_mark * size):
            if index > 0 and _holes(labels == index).sum() >= (0.2 * size) ** 2:
                out[i] = MarkShape("?", 0.0, 0, 0.0)
    return out


def _unlike_the_page(
    readings: list[MarkShape | None],
    warped: NDArray[np.uint8],
    board: Mask,
    lines: Mask,
    params: Params,
) -> list[MarkShape | None]:
    """``readings`` with every empty cell unclear whose middle is unlike the page: ink off
    the lines (``lines``, grown by two pixels: a hand-drawn line bends into a cell's middle)
    at half the marks' contrast in its brightest 5%, a mark the board's levels lost; or a
    piece of ink of a mark's size, alone in it, in a contrast far below the board's levels
    (a low-contrast O on a page of its own hue) but well above the other empty cells'.

    The cells' difference image ``warped`` (canonical board), smoothed a little, is
    thresholded at :attr:`Params.page_contrast` of the contrast of the lines' ink
    (``lines``; the board's ink ``board`` where there are no lines), or at twice the
    typical level of the empty cells' brightest pixels (their 95th percentiles' median:
    noise, moire, a textured page) if higher, and at half the cell's own peak if higher
    still, away from ``board``'s ink; a piece of a mark's size clear of the sides of the
    cell's middle makes the cell unclear, and so does a squat one (at most twice as long
    as wide) across one of them: an O as large as the cell (a line's remnant along a side
    is long and thin, one in a corner crosses two).

    Examples
    --------
    >>> warped = np.zeros((384, 384), np.uint8)
    >>> warped[150:153, 60:330] = 200  # a line
    >>> ring = np.hypot(*np.mgrid[-15:16, -15:16])
    >>> warped[110:141, 110:141] = 30 * ((ring >= 10) & (ring <= 13))  # a dim O in (0, 0)
    >>> marks = _unlike_the_page([None] * 9, warped, warped > 100, warped > 100, PARAMS)
    >>> [cell.mark if cell else "-" for cell in marks]
    ['?', '-', '-', '-', '-', '-', '-', '-', '-']
    """
    size, pad = params.cell_px, 3 * params.cell_px // 2
    empty = [i for i, cell in enumerate(readings) if cell is None]
    ink = lines if lines.any() else board
    if not empty or not ink.any():
        return readings
    smooth = cv2.GaussianBlur(warped, (5, 5), 1.0)  # speckle (noise, a textured page) apart
    margin = round(0.12 * size)
    boxes = {i: _cell_box(i, size, pad, margin) for i in empty}
    brightest = {i: float(np.percentile(smooth[box], 95)) for i, box in boxes.items()}
    noise = float(np.median(list(brightest.values())))
    high = max(params.page_contrast * float(np.median(warped[ink])), 2 * noise)
    contrasts = [ink.contrast for ink in mark_inks(readings, warped, board & ~lines, None, params)]
    strong = 0.5 * float(np.median(contrasts)) if contrasts else 255.0
    near, off_lines = _around(board), ~_around(lines)
    out = list(readings)
    for i, box in boxes.items():
        # a stroke's worth of ink at half the marks' contrast off the lines (a hand-drawn
        # line bends into a cell's middle): a mark the board's levels lost
        lost = smooth[box][off_lines[box]]
        if lost.size and float(np.percentile(lost, 95)) > max(strong, 3 * noise):
            out[i] = MarkShape("?", 0.0, 0, 0.0)
            continue
        cell = smooth[box]
        # at the page's threshold, and at half the cell's own peak above it (a mark in a
        # haze of slightly unlike page around it: a darker square behind a dim O)
        for level in {high, max(high, 0.5 * float(cell.max()))}:
            inner = np.asarray((cell > level) & ~near[box], np.uint8)
            _, _, stats, _ = cv2.connectedComponentsWithStats(inner, connectivity=8)
            start, extent = stats[1:, :2], stats[1:, 2:4]
            sides = np.sum(start == 0, axis=1) + np.sum(start + extent >= inner.shape[::-1], axis=1)
            squat = extent.max(axis=1) <= 2 * extent.min(axis=1)
            alone = (sides == 0) | ((sides == 1) & squat)
            if np.any(alone & (extent.max(axis=1) >= params.min_mark * size)):
                out[i] = MarkShape("?", 0.0, 0, 0.0)
    return out


def _against_the_lines(
    readings: list[MarkShape | None],
    marks: Mask,
    lines: Mask,
    lift: NDArray[np.float32],
    colours: RGBImage | None,
    size: int,
    pad: int,
) -> list[MarkShape | None]:
    """``readings`` with every mark whose ink in its cell (``marks``) is lighter than the
    page where the ``lines``' ink is darker (by the median ``lift`` of each, at least 4
    levels either way: a glare's blob), made unclear. A mark darker than the page beside
    light lines is a style (dark marks on a page between white lines), no glare; so is,
    given the picture on the canonical board (``colours``), a lighter mark in a colour
    that light on the page does not make (:func:`_glare_like`), but for the only light
    mark among marks dark like the lines: a board's style shows in more than one mark,
    and one mark drawn the other way from all the others is a hover preview of the next
    move or something over the board."""
    if not lines.any():
        return readings
    polarity = float(np.median(lift[lines]))
    boxes = {
        i: _cell_box(i, size, pad)
        for i, cell in enumerate(readings)
        if cell is not None and cell.mark != "?"
    }
    own = {
        i: float(np.median(lift[box][marks[box]])) for i, box in boxes.items() if marks[box].any()
    }
    light = [i for i, level in own.items() if min(level, -polarity) >= 4]
    dark = [i for i, level in own.items() if level * polarity > 0 and abs(level) >= 4]
    out = list(readings)
    for i, cell in enumerate(readings):
        if cell is None or i not in light:
            continue
        if colours is not None and not (len(light) == 1 and dark):
            box, ink = boxes[i], marks[boxes[i]]
            near = cv2.dilate(ink.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
            if near.all() or not _glare_like(
                np.median(colours[box][ink], axis=0), np.median(colours[box][~near], axis=0)
            ):
                continue
        out[i] = MarkShape("?", cell.hole, cell.arms, cell.centre, sure=False)
    return out


def _glare_like(mark: NDArray[np.float64], page: NDArray[np.float64]) -> bool:
    """Whether the colour ``mark`` is the colour ``page`` lightened by glare: light added
    alike to every channel, each clipped at white (so no channel darker, and the rises
    within half the largest of each other's, or of a clipped channel's room).

    Examples
    --------
    >>> page = np.array([120.0, 120.0, 220.0])
    >>> _glare_like(np.array([180.0, 180.0, 255.0]), page)  # white light on a blue page
    True
    >>> _glare_like(np.array([240.0, 160.0, 220.0]), page)  # a pink mark
    False
    """
    rise = mark.astype(np.float64) - page
    top = float(rise.max())
    expected = np.minimum(top, 255.0 - page)
    return bool(np.all(np.abs(rise - expected) <= 0.5 * top))


def _enters_cells(piece: Mask, x: int, y: int, size: int, pad: int) -> bool:
    """Whether ``piece``, a component's mask whose box starts at ``(x, y)`` on the canonical
    board of ``size``-pixel cells inside ``pad``, reaches a tenth of a cell into the cells
    (a ring round a framed board, the bezel of a photographed phone, does not).

    Examples
    --------
    >>> ring = np.ones((384, 384), bool)
    >>> ring[90:294, 90:294] = False
    >>> _enters_cells(ring, 0, 0, 64, 96), _enters_cells(ring[:200, :200], 100, 100, 64, 96)
    (False, True)
    """
    gy, gx = _in_cells(piece, x, y, size, pad)
    return bool(np.any((gy > 0.1) & (gy < 2.9) & (gx > 0.1) & (gx < 2.9)))


def _past_the_lines(
    y: float,
    x: float,
    tall: float,
    wide: float,
    reach: tuple[tuple[float, float], tuple[float, float]],
    size: int,
    pad: int,
) -> bool:
    """Whether a component's box (``tall`` by ``wide`` pixels from ``(x, y)`` on the
    canonical board of ``size``-pixel cells inside ``pad``) lies wholly past the ends of the
    lines' ink (``reach``, in grid units: see :meth:`Grid.reach`) on some side.

    Examples
    --------
    >>> reach = ((-0.4, 3.1), (-0.3, 3.2))
    >>> _past_the_lines(96 + 3.2 * 64, 100, 28, 47, reach, 64, 96)
    True
    >>> _past_the_lines(96 + 2.8 * 64, 100, 28, 47, reach, 64, 96)
    False
    """
    (top, bottom), (left, right) = reach
    y0, y1 = (y - pad) / size, (y + tall - pad) / size
    x0, x1 = (x - pad) / size, (x + wide - pad) / size
    return y0 > bottom or y1 < top or x0 > right or x1 < left


def _in_cells(
    piece: Mask, x: int, y: int, size: int, pad: int
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The grid coordinates (rows, columns, in cells) of the pixels of ``piece``, a
    component's mask whose box starts at ``(x, y)`` on the canonical board of
    ``size``-pixel cells inside ``pad``."""
    ys, xs = np.nonzero(piece)
    return (ys + y - pad) / size, (xs + x - pad) / size


def _frame_piece(piece: Mask, x: int, y: int, size: int, pad: int, params: Params) -> bool:
    """Whether a component (its box ``piece`` at ``(x, y)`` on the canonical board) lies
    along the board's outer lines, within 0.15 of a cell of them but for less ink than a
    glyph's square (:attr:`Params.min_glyph`) and 2% of its own: sides of a frame, left
    on a board whose frame was not found whole (a struck row's marks against its top side,
    own screenshot 3810017 of session 23), with no mark joined to them. Its centre says
    nothing of a cell.

    Examples
    --------
    >>> frame = np.zeros((194, 194), bool)
    >>> frame[:3, :] = frame[:, :3] = frame[-3:, :] = True  # three sides of a frame
    >>> _frame_piece(frame, 95, 95, 64, 96, PARAMS)
    True
    >>> frame[60:120, 20:40] = True  # ink joined to it inside a cell
    >>> _frame_piece(frame, 95, 95, 64, 96, PARAMS)
    False
    """
    off = _off_lines(piece, x, y, size, pad, np.array([0, 3]))
    stray = int(np.count_nonzero(off > 0.15))
    return stray < max((params.min_glyph * size) ** 2, 0.02 * len(off))


def _off_lines(
    piece: Mask, x: int, y: int, size: int, pad: int, lines: NDArray[np.int64]
) -> NDArray[np.float64]:
    """How far (in cells) each pixel of a component (its box ``piece`` at ``(x, y)`` on the
    canonical board) lies from the nearest of the grid's row or column ``lines``."""
    gy, gx = _in_cells(piece, x, y, size, pad)
    rows = np.abs(gy[:, None] - lines).min(axis=1)
    return np.asarray(np.minimum(rows, np.abs(gx[:, None] - lines).min(axis=1)), np.float64)


def _middles_reached(piece: Mask, x: int, y: int, size: int, pad: int) -> set[int]:
    """The cells whose middle half (on the canonical board of ``size``-pixel cells inside
    ``pad``) holds any of ``piece``, a component's mask whose box starts at ``(x, y)``."""
    gy, gx = _in_cells(piece, x, y, size, pad)
    middle = (np.abs(gy % 1 - 0.5) < 0.25) & (np.abs(gx % 1 - 0.5) < 0.25)
    middle &= (gy >= 0) & (gy < 3) & (gx >= 0) & (gx < 3)
    return {int(r) * 3 + int(c) for r, c in zip(gy[middle], gx[middle], strict=True)}


def _read_marks(
    clean: Mask,
    levels: NDArray[np.uint8],
    framed: bool,
    off: Mask,
    params: Params,
    reach: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> tuple[list[MarkShape | None], int]:
    """The nine cells' marks on the canonical board ``clean`` (lines erased; ``levels``
    its ink levels), and the number of glyph-sized pieces of ink inside it.

    A cell's piece of ink that touches ``off``, the canvas beyond the picture's edge, makes
    the cell unclear: it may be a mark cut by the edge, or the rim of whatever the picture
    was cut from (a panel, a frame), and its shape says nothing.

    Any other blob of a spilled mark's size past one of an open board's edges, roughly
    square, but within the ``reach`` of its lines' ink (rows, columns: see
    :meth:`Grid.reach`), makes the nearest cell unclear: the lines enclose it, so it is a
    mark (maybe joined to a line's end) that the #, fitted to its crossings, failed to reach
    where hand-drawn lines converge or bow; text beside a board lies past the lines' ends, or
    is a word, wide and low, and beyond a corner (past two edges) no line encloses a blob.
    A spilled piece wholly past the ends of the lines (their ``reach``) makes its cell
    unclear: no line encloses it (a button, an icon beside the board). A cell's one piece
    of ink under :attr:`Params.min_spilled_mark` across, centred outside the cell's middle
    half, makes it unclear: a small mark sits in the middle, and such a piece is a line's
    hooked end or clutter. Any piece of ink past the cells reaching into a cell's middle
    half makes that cell unclear too: it is clutter over the board (a panel whose glow the
    page's background missed) that may have swallowed the cell's mark. An empty cell
    holding a glyph at its centre (a small mark), or glyphs that with the line remnants
    beside them span a mark (one cut up with a line it touched), is unclear too; a line's
    end alone is not. A centred glyph too small beside the other marks for
    :func:`_small_mark` is a mark where others alike make a set (:func:`_alike_small_marks`)."""
    size, pad = params.cell_px, 3 * params.cell_px // 2
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(
        clean.astype(np.uint8), connectivity=8
    )
    spill = 0.0 if framed else 0.5  # marks may spill past an open board's edge
    lines = (0, 1, 2, 3) if framed else (1, 2)
    cells: dict[int, list[int]] = {}
    glyphs_in: dict[int, list[int]] = {}  # each cell's glyphs and line remnants, but
    remnants: dict[int, list[int]] = {}  # those at the lines' crossings
    unclear: set[int] = set()
    glyphs = 0
    for index in range(1, count):
        wide, tall = int(stats[index, cv2.CC_STAT_WIDTH]), int(stats[index, cv2.CC_STAT_HEIGHT])
        extent = max(tall, wide)
        gx, gy = (centroids[index] - pad) / size
        x, y = int(stats[index, cv2.CC_STAT_LEFT]), int(stats[index, cv2.CC_STAT_TOP])
        if extent < params.min_glyph * size:
            continue
        piece = labels[y : y + tall, x : x + wide] == index
        remnant = _line_remnant(piece, gy, gx, size, framed) or _sliver(
            piece, x, y, size, pad, framed
        )
        # a frame's outside holds no mark, whatever the centre of a border around it
        enters = not framed or _enters_cells(piece, x, y, size, pad)
        inside = 0 <= gy < 3 and 0 <= gx < 3 and enters
        cell = int(np.clip(gy, 0, 2.99)) * 3 + int(np.clip(gx, 0, 2.99))
        if remnant or extent < params.min_mark * size:
            glyphs += inside and not remnant
            crossing = min(max(abs(gy - i), abs(gx - j)) for i in lines for j in lines) < 0.35
            if inside and not crossing:
                (remnants if remnant else glyphs_in).setdefault(cell, []).append(index)
            continue
        if not framed and extent > 2 * size and _frame_piece(piece, x, y, size, pad, params):
            continue  # sides of a frame not all found (marks against one), and no mark
        near = -spill <= gy < 3 + spill and -spill <= gx < 3 + spill and enters
        # a mark's size and roughly square (a word of text is wide and low)
        big = params.min_spilled_mark * size <= extent <= 2 * min(tall, wide)
        if inside or (near and big):
            cells.setdefault(cell, []).append(index)
            if np.any(piece & off[y : y + tall, x : x + wide]):
                unclear.add(cell)  # cut by the picture's edge
            if min(abs(gy - 1), abs(gy - 2), abs(gx - 1), abs(gx - 2)) < 0.12:
                unclear.add(cell)  # centred on a line: which cell it marks is unclear
            if extent > 2 * size:
                unclear.add(cell)  # no mark: a border around the board, or clutter
            if (
                not inside
                and reach is not None
                and _past_the_lines(y, x, tall, wide, reach, size, pad)
            ):
                unclear.add(cell)  # no line encloses it: a button, an icon beside the board
            continue
        unclear.update(_middles_reached(piece, x, y, size, pad))
        beside = 0 <= gx < 3 or 0 <= gy < 3  # past one edge, not beyond a corner
        if big and beside and reach is not None and not framed:
            (top, bottom), (left, right) = reach
            if top <= gy <= bottom and left <= gx <= right:
                unclear.add(cell)
    for cell, pieces in cells.items():  # a small mark sits in its cell's middle
        (gx, gy), extent = (centroids[pieces[0]] - pad) / size, stats[pieces[0], 2:4].max()
        off = max(abs(gy - cell // 3 - 0.5), abs(gx - cell % 3 - 0.5)) > 0.25
        if len(pieces) == 1 and off and extent < params.min_spilled_mark * size:
            unclear.add(cell)  # a line's hooked end, a speck of clutter
    readings: list[MarkShape | None] = [
        _read_mark(np.isin(labels, cells[i]), levels, size) if i in cells else None
        for i in range(9)
    ]
    one_piece = {  # the extents of the marks read in one piece
        i: int(stats[cells[i], 2:4].max())
        for i, cell in enumerate(readings)
        if cell is not None and cell.mark in "xo" and len(cells[i]) == 1
    }
    sizes = list(one_piece.values())
    drawn_small: dict[int, tuple[MarkShape, int]] = {}  # clear glyphs under the marks' size
    for cell, small in glyphs_in.items():  # a line's end alone is no mark
        pieces = small + remnants.get(cell, [])
        boxes = stats[pieces, :4]
        span = np.max(boxes[:, :2] + boxes[:, 2:4], axis=0) - np.min(boxes[:, :2], axis=0)
        offset = np.abs((centroids[small] - pad) / size - [cell % 3 + 0.5, cell // 3 + 0.5])
        centred = bool(np.any(offset.max(axis=1) < 0.25))
        if readings[cell] is None and len(pieces) == 1 and centred:
            glyph = labels == small[0]
            readings[cell] = read = _small_mark(glyph, size, sizes)
            shape = _glyph_shape(glyph, size) if read.mark == "?" else read
            if shape.mark != "?" and read.mark == "?":
                drawn_small[cell] = shape, int(stats[small[0], 2:4].max())
        elif readings[cell] is None and (centred or span.max() >= params.min_mark * size):
            unclear.add(cell)  # a small mark, or one cut up by the eraser of a line it touched
    for cell, shape in _alike_small_marks(drawn_small, readings, one_piece, params).items():
        readings[cell] = shape
    for cell in unclear:
        readings[cell] = MarkShape("?", 0.0, 0, 0.0)
    return readings, glyphs


def _alike_small_marks(
    drawn_small: dict[int, tuple[MarkShape, int]],
    readings: Sequence[MarkShape | None],
    extents: dict[int, int],
    params: Params = PARAMS,
) -> dict[int, MarkShape]:
    """The cells of ``drawn_small`` (each empty cell's one centred glyph that makes a clear
    mark, with its extent, but too small beside the board's marks for :func:`_small_mark`)
    read as the marks they make: where, with the marks of their kind read (``readings``,
    in one piece of the extent ``extents`` each), they make two marks of that kind or more,
    all alike in extent (within a quarter) and at least :attr:`Params.min_small_set_mark`
    cells across. A kind drawn small (a font's times sign beside ringed O's) is drawn alike
    in every cell; a lone speck or an icon has no twin, and a mark drawn both small and
    large is no set of one kind.

    Examples
    --------
    >>> x, o = MarkShape("x", 0.0, 4, 1.0, sure=False), MarkShape("o", 0.3, 0, 0.0)
    >>> board = [None, o, None, o] + [None] * 5
    >>> sorted(_alike_small_marks({0: (x, 13), 4: (x, 12)}, board, {1: 30, 3: 30}))
    [0, 4]
    >>> _alike_small_marks({0: (x, 13)}, board, {1: 30, 3: 30})
    {}
    >>> _alike_small_marks({0: (x, 13)}, [None, x, None, o] + [None] * 5, {1: 15, 3: 30})
    {0: MarkShape(mark='x', hole=0.0, arms=4, centre=1.0, around=0.0, core=0.0, sure=False)}
    >>> _alike_small_marks({0: (x, 13)}, [None, x, None, o] + [None] * 5, {1: 30, 3: 30})
    {}
    """
    found: dict[int, MarkShape] = {}
    for kind in "xo":
        group = {
            cell: (shape, extent)
            for cell, (shape, extent) in drawn_small.items()
            if shape.mark == kind
        }
        of_kind = [i for i, cell in enumerate(readings) if cell is not None and cell.mark == kind]
        sizes = [extent for _, extent in group.values()] + [extents.get(i, 0) for i in of_kind]
        if (
            group
            and len(sizes) >= 2
            and min(sizes) >= params.min_small_set_mark * params.cell_px
            and max(sizes) <= 1.25 * min(sizes)
        ):
            found.update({cell: replace(shape, sure=False) for cell, (shape, _) in group.items()})
    return found


# --- the recognizer -------------------------------------------------------------------------


def _grid_components(mask: Mask, count: int) -> list[tuple[Mask, tuple[int, int]]]:
    """The ``count`` largest ink components (by diagonal), each cropped, with its offset."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    short = min(mask.shape)
    order = sorted(
        range(1, n),
        key=lambda i: (
            float(stats[i, cv2.CC_STAT_WIDTH]) ** 2 + float(stats[i, cv2.CC_STAT_HEIGHT]) ** 2
        ),
        reverse=True,
    )
    out = []
    for i in order[:count]:
        x, y, w, h = (int(v) for v in stats[i, :4])
        if max(w, h) < 0.15 * short:
            break
        out.append((labels[y : y + h, x : x + w] == i, (x, y)))
    return out


def _shifted(line: Line, dx: float, dy: float) -> Line:
    """``line`` moved by ``(dx, dy)`` (from a crop's coordinates to the picture's)."""
    shift = line.nx * dx + line.ny * dy
    along = -line.ny * dx + line.nx * dy
    return Line(
        line.nx,
        line.ny,
        line.rho + shift,
        line.t0 + along,
        line.t1 + along,
        line.votes,
        line.coverage,
    )


def _reach(grid_to_pixels: NDArray[np.float64], shape: tuple[int, ...]) -> NDArray[np.int64]:
    """The box ``[[x0, y0], [x1, y1]]`` of the picture that :func:`read_cells` looks at."""
    square = np.array([[[-1.5, -1.5], [4.5, -1.5], [-1.5, 4.5], [4.5, 4.5]]], dtype=np.float64)
    corners = cv2.perspectiveTransform(square, grid_to_pixels)[0]
    low = np.clip(np.floor(corners.min(axis=0)), 0, None)
    high = np.minimum(np.ceil(corners.max(axis=0)) + 1, [shape[1], shape[0]])
    return np.array([low, np.maximum(high, low + 1)], dtype=np.int64)


def _board_ink(
    image: RGBImage, grid_to_image: NDArray[np.float64], params: Params
) -> tuple[NDArray[np.uint8], NDArray[np.float32], RGBImage, NDArray[np.float64]]:
    """The ink difference image of the board's surroundings, with cells of about
    :attr:`Params.read_cell` pixels (or the picture's own, if smaller), its brightness
    above the local background (negative for dark ink), the surroundings themselves and
    the map from grid units to them."""
    crop, grid_to_crop = _read_copy(image, grid_to_image, params)
    _, diff = ink_mask(crop, params)
    gray = cv2.cvtColor(crop, cv2.COLOR_RGB2GRAY).astype(np.float32)
    background = cv2.cvtColor(_median_background(crop, 48, 7), cv2.COLOR_RGB2GRAY)
    return diff, gray - background, crop, grid_to_crop


def _read_copy(
    image: RGBImage, grid_to_image: NDArray[np.float64], params: Params
) -> tuple[RGBImage, NDArray[np.float64]]:
    """The board's surroundings with cells of about :attr:`Params.read_cell` pixels (or the
    picture's own, if smaller), and the map from grid units to it."""
    crossings = cv2.perspectiveTransform(
        np.array([[[1, 1], [2, 1], [1, 2], [2, 2]]], dtype=np.float64), grid_to_image
    )[0]
    cell = float(np.mean(_side_lengths({(i // 2, i % 2): pt for i, pt in enumerate(crossings)})))
    factor = min(1.0, params.read_cell / max(cell, 1.0))
    (x0, y0), (x1, y1) = _reach(grid_to_image, image.shape[:2])
    crop, factor = reduce(image[y0:y1, x0:x1], max(1, round(max(y1 - y0, x1 - x0) * factor)))
    image_to_crop = np.array([[factor, 0, -factor * x0], [0, factor, -factor * y0], [0, 0, 1]])
    return crop, image_to_crop @ grid_to_image


def _on_canvas(
    picture: NDArray[Any], grid_to_pixels: NDArray[np.float64], params: Params
) -> NDArray[Any]:
    """``picture`` warped to the canonical board: cells of :attr:`Params.cell_px` pixels
    inside a margin of one and a half cells."""
    size, pad = params.cell_px, 3 * params.cell_px // 2
    canvas = 3 * size + 2 * pad
    to_canvas = np.array([[size, 0, pad], [0, size, pad], [0, 0, 1]], dtype=np.float64)
    return np.asarray(
        cv2.warpPerspective(
            picture,
            grid_to_pixels @ np.linalg.inv(to_canvas),
            (canvas, canvas),
            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        )
    )


def _flat_regions(
    picture: RGBImage, params: Params
) -> tuple[NDArray[np.int32], NDArray[np.int32], NDArray[np.float64]]:
    """The regions of ``picture`` with no colour edge inside (a Sobel gradient above
    :attr:`Params.edge_gradient` in any channel), 4-connected: labels, stats and centroids
    as :func:`cv2.connectedComponentsWithStats` gives them (label 0: the edges)."""
    gradient = np.zeros(picture.shape[:2], np.float32)
    for channel in cv2.split(picture.astype(np.float32)):
        dx, dy = cv2.Sobel(channel, cv2.CV_32F, 1, 0), cv2.Sobel(channel, cv2.CV_32F, 0, 1)
        gradient = np.maximum(gradient, cv2.magnitude(dx, dy))
    flat = (gradient <= params.edge_gradient).astype(np.uint8)
    _, labels, stats, centroids = cv2.connectedComponentsWithStats(flat, connectivity=4)
    return np.asarray(labels, np.int32), np.asarray(stats, np.int32), np.asarray(centroids)


@dataclass(frozen=True)
class TileBoard:
    """A board of nine alike tiles: the map from grid ``(col, row)`` to the pixels of the
    picture they were found on, the tiles' colours (RGB rows, in reading order) and the
    extent of the largest piece each encloses (its mark, if any), in tile sides."""

    homography: NDArray[np.float64]
    colours: NDArray[np.float64]
    enclosed: NDArray[np.float64]


#: Grid positions ``(col, row)`` of the nine cells' centres, in reading order.
_CENTRES = np.array([(c + 0.5, r + 0.5) for r in range(3) for c in range(3)], dtype=np.float64)


def find_tiles(look: RGBImage, params: Params = PARAMS) -> TileBoard | str:
    """Nine alike tiles in three rows of three on ``look``, or the reason there are none.

    A tile is a flat region (:func:`_flat_regions`), its holes (the mark on it) filled,
    nearly square and filling 0.75 of its box. Tiles are alike within a fifth in side (a
    game may colour each card its own way); nine of them make a board when their centres fit
    a 3x3 lattice (a homography) within a tenth of its pitch and each is at least 0.6 of
    the pitch across (tiles, not scattered squares). Another alike tile within one and a
    half cells of the nine means a bigger grid of tiles (another game's board).
    """
    labels, stats, _ = _flat_regions(look, params)
    x, y, w, h, area = (stats[:, i] for i in range(5))
    least = max(8.0, params.min_tile * min(look.shape[:2]))
    square = (np.minimum(w, h) >= least) & (np.maximum(w, h) <= 1.3 * np.minimum(w, h))
    candidates = square & (area >= 0.4 * w * h) & (np.maximum(w, h) <= min(look.shape[:2]) / 3)
    candidates[0] = False  # the edges
    boxed = np.sqrt(w * h.astype(np.float64))[candidates]
    if len(boxed) < 9 or np.max(np.sum(np.abs(boxed[:, None] / boxed - 1) <= 0.25, axis=1)) < 9:
        return "no # of lines, and no nine alike tiles"  # quick, by the regions' boxes
    centres, sides, indices, enclosed = [], [], [], []
    for index in np.flatnonzero(candidates):
        region = labels[y[index] : y[index] + h[index], x[index] : x[index] + w[index]] == index
        # a region filling its box (a plain tile) encloses nothing: no need to look
        holes = _holes(region) if area[index] < w[index] * h[index] else None
        filled = region if holes is None else region | holes
        moments = cv2.moments(filled.view(np.uint8), binaryImage=True)
        if moments["m00"] < 0.75 * w[index] * h[index]:
            continue
        centre = (moments["m10"] / moments["m00"], moments["m01"] / moments["m00"])
        centres.append((x[index] + centre[0], y[index] + centre[1]))
        sides.append(sqrt(moments["m00"]))
        indices.append(index)
        largest = 0
        if holes is not None and holes.any():
            pieces = cv2.connectedComponentsWithStats(holes.astype(np.uint8), connectivity=8)[2]
            largest = int(pieces[1:, 2:4].max(initial=0))
        enclosed.append(largest / sides[-1])
    if len(sides) < 9:
        return "no # of lines, and fewer than nine tiles"
    at, side = np.array(centres), np.array(sides)
    for i in np.argsort(-side):
        alike = np.flatnonzero(np.abs(side / side[i] - 1) <= 0.2)
        if len(alike) < 9:
            continue
        nine = alike[np.argsort(np.hypot(*(at[alike] - at[i]).T))[:9]]
        rows = nine[np.argsort(at[nine, 1])].reshape(3, 3)
        order = np.concatenate([row[np.argsort(at[row, 0])] for row in rows])
        # a quick affine fit first: most sets of nine squares are no lattice at all
        design = np.column_stack([_CENTRES, np.ones(9)])
        affine = np.linalg.lstsq(design, at[order], rcond=None)[0]
        if np.hypot(*(design @ affine - at[order]).T).max() > 0.25 * side[i]:
            continue
        homography, _ = cv2.findHomography(_CENTRES, at[order])
        if homography is None:
            continue
        fitted = cv2.perspectiveTransform(_CENTRES[None], homography)[0]
        pitch = float(np.mean(np.hypot(*(fitted[1:] - fitted[:-1])[[0, 1, 3, 4, 6, 7]].T)))
        misfit = float(np.hypot(*(fitted - at[order]).T).max())
        if misfit > 0.1 * pitch or side[order].min() < 0.6 * pitch:
            continue
        others = np.setdiff1d(alike, order)
        if len(others):
            grid = cv2.perspectiveTransform(at[others][None], np.linalg.inv(homography))[0]
            if np.any(np.all((grid >= -1.5) & (grid <= 4.5), axis=1)):
                return "alike tiles around nine: a bigger grid of tiles"
        colours = [look[labels == indices[k]].mean(axis=0) for k in order]
        return TileBoard(
            np.asarray(homography, np.float64), np.array(colours), np.array(enclosed)[order]
        )
    return "no # of lines, and no nine alike tiles in three rows of three"


def _tile_ink(
    image: RGBImage, board: TileBoard, grid_to_image: NDArray[np.float64], params: Params
) -> tuple[NDArray[np.uint8], NDArray[np.float64]]:
    """The canonical board (:func:`_on_canvas`) of ``image``'s difference from each tile's
    own colour on the tile (with what it encloses: its mark), and nothing between tiles;
    with the share of each cell that its tile covers.

    A tile is the largest region of its cell within a tolerance of its colour, its holes
    filled: half the contrast of the tiles with the page between them (clipped to 6..24).
    """
    crop, grid_to_crop = _read_copy(image, grid_to_image, params)
    warped = cv2.medianBlur(_on_canvas(crop, grid_to_crop, params), 3).astype(np.int16)
    size, pad = params.cell_px, 3 * params.cell_px // 2
    between = np.concatenate(
        [warped[pad + i * size, pad : pad + 3 * size] for i in (1, 2)]
        + [warped[pad : pad + 3 * size, pad + i * size] for i in (1, 2)]
    )
    contrast = float(
        np.median(np.abs(between[:, None, :] - board.colours[None].astype(np.int16)).max(axis=2))
    )
    tolerance = float(np.clip(0.5 * contrast, 6, 24))
    diff = np.zeros(warped.shape[:2], np.uint8)
    covered = np.zeros(9)
    for i, colour in enumerate(board.colours):
        box = _cell_box(i, size, pad)
        away = np.abs(warped[box] - colour.astype(np.int16)).max(axis=2)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(
            (away <= tolerance).astype(np.uint8), connectivity=4
        )
        if count < 2:
            continue
        tile = labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        tile = cv2.erode((tile | _holes(tile)).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        diff[box] = np.where(tile, np.minimum(away, 255), 0)
        covered[i] = float(tile.mean())
    return diff, covered


def outer_tiles(look: RGBImage, grid_to_look: NDArray[np.float64], params: Params = PARAMS) -> int:
    """The tiles around the board: flat boxes of about a cell outside its 3x3 cells.

    A tile is a region of ``look`` with no colour edge inside (see
    :attr:`Params.edge_gradient`) of :attr:`Params.tile_area` cells, filling at least 0.8
    of its least rectangle, whose sides are within a factor 1.4; counted when its centre
    lies within 1.5 cells of the board but a quarter cell or more outside it. A # on a
    page has none there (its outer cells open onto the page); a 3x3 window of a bigger
    grid of boxes (minesweeper, a calendar, a spreadsheet, tiled floor) has a ring of them.
    """
    (x0, y0), (x1, y1) = _reach(grid_to_look, look.shape[:2])
    labels, stats, centroids = _flat_regions(look[y0:y1, x0:x1], params)
    to_grid = np.linalg.inv(grid_to_look) @ np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1.0]])
    crossings = cv2.perspectiveTransform(
        np.array([[[1, 1], [2, 1], [1, 2], [2, 2]]], dtype=np.float64), grid_to_look
    )[0]
    cell = float(np.mean(_side_lengths({(i // 2, i % 2): pt for i, pt in enumerate(crossings)})))
    low, high = (share * cell**2 for share in params.tile_area)
    areas = stats[:, cv2.CC_STAT_AREA]
    candidates = np.flatnonzero((areas >= low) & (areas <= high))
    candidates = candidates[candidates > 0]  # label 0: the edges
    if len(candidates) == 0:
        return 0
    grid = cv2.perspectiveTransform(centroids[candidates][None].astype(np.float64), to_grid)[0]
    outside = np.all((grid >= -1.5) & (grid <= 4.5), axis=1) & np.any(
        (grid < -0.25) | (grid > 3.25), axis=1
    )
    tiles = 0
    for index in candidates[outside]:
        x, y, w, h = (int(v) for v in stats[index, :4])
        ys, xs = np.nonzero(labels[y : y + h, x : x + w] == index)
        (_, _), (a, b), _ = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
        if max(a, b) <= 1.4 * min(a, b) and areas[index] >= 0.8 * (a + 1) * (b + 1):
            tiles += 1
    return tiles


def cell_area_ratio(grid_to_pixels: NDArray[np.float64]) -> float:
    """How many times the largest of the board's corner cells exceeds the smallest in area.

    Examples
    --------
    >>> cell_area_ratio(np.diag([10.0, 10.0, 1.0]))
    1.0
    """
    cells = np.array(
        [[(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)] for r in (0, 2) for c in (0, 2)],
        dtype=np.float64,
    )
    corners = cv2.perspectiveTransform(cells.reshape(1, -1, 2), grid_to_pixels)[0].reshape(4, 4, 2)
    areas = [abs(cv2.contourArea(cell.astype(np.float32))) for cell in corners]
    return max(areas) / max(min(areas), 1e-9)


def _search_grid(mask: Mask, params: Params) -> tuple[Grid | str, list[Box]]:
    """The ``#`` among the largest ink components of ``mask``, or the first reason for
    none; with the boxes ``(x, y, w, h)`` of the solid shapes among them that may be panels
    holding a board (see :func:`_search_panels`)."""
    reasons: list[str] = []
    panels: list[Box] = []
    for component, (x, y) in _grid_components(mask, params.grid_candidates):
        fill = float(component.mean())
        if fill > params.max_fill:
            reasons.append(f"a solid shape ({fill:.0%} ink), not lines")
            height, width = component.shape
            if max(height, width) <= params.panel_aspect * min(height, width):
                panels.append((x, y, int(width), int(height)))
            continue
        skeleton = skeletonize(component)
        length = int(skeleton.sum()) / max(component.shape)
        if length > params.max_stroke_length:
            reasons.append(f"strokes {length:.0f} times its size: a texture, not a # grid")
            continue
        lines = [_shifted(line, x, y) for line in find_lines(skeleton, params)]
        found = find_grid(lines, params)
        if isinstance(found, Grid):
            return found, panels
        reasons.append(found)
    return (reasons[0] if reasons else "no long strokes"), panels


def _panel_box(look: RGBImage, box: Box, params: Params) -> Box | None:
    """The box ``(x, y, w, h)`` on ``look`` of the panel in the solid shape's box ``box``:
    the largest region of the shape's median colour, what it encloses filled (the board's
    lines and marks), when it is at least a third of the box across and nearly square
    (see :attr:`Params.panel_aspect`); a shape of ink joined to the page's own texture
    reaches past its panel."""
    x, y, width, height = box
    crop = look[y : y + height, x : x + width].astype(np.int16)
    colour = np.median(crop.reshape(-1, 3), axis=0)
    near = np.abs(crop - colour).max(axis=2) <= params.panel_tolerance
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        near.astype(np.uint8), connectivity=4
    )
    if count < 2:
        return None
    largest = labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    ys, xs = np.nonzero(largest | _holes(largest))
    x0, y0, x1, y1 = int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1
    w, h = x1 - x0, y1 - y0
    if min(w, h) < max(width, height) / 3 or max(w, h) > params.panel_aspect * min(w, h):
        return None
    return x + x0, y + y0, w, h


def _off_rim(diff: NDArray[np.uint8], mask: Mask) -> NDArray[np.uint8]:
    """``diff`` without the pieces of its ink ``mask`` that touch the picture's edge."""
    count, labels = cv2.connectedComponents(mask.view(np.uint8), connectivity=8)
    rim = np.zeros(count, dtype=bool)
    for edge in (labels[0], labels[-1], labels[:, 0], labels[:, -1]):
        rim[edge] = True
    rim[0] = False
    return np.where(np.take(rim, np.asarray(labels, np.int32)), 0, diff).astype(np.uint8)


def _search_panels(
    look: RGBImage, panels: Sequence[Box], params: Params
) -> tuple[Grid, Box] | None:
    """The ``#`` drawn on one of the solid shapes ``panels`` (boxes ``(x, y, w, h)`` on
    ``look``), and that panel's box (:func:`_panel_box`): a board on a panel of its own
    colour (a blackboard, a card) is ink against the page as a whole, so its lines are
    looked for in the ink of the panel against the panel itself."""
    for shape in panels:
        box = _panel_box(look, shape, params)
        if box is None:
            continue
        x, y, width, height = box
        mask, _ = ink_mask(look[y : y + height, x : x + width], params)
        found, _ = _search_grid(mask, params)
        if isinstance(found, Grid):
            return found.shifted(x, y), box
    return None


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Find a tic-tac-toe board in ``image`` and read it.

    The ``#`` is looked for on a small copy (quick to refuse other pictures), at a third
    of the ink level too when the picture's strongest ink makes none (a pale board beside bold
    marks); the cells are read on a larger copy, through the grid's homography. Such a faint
    #, or one with tiles around it (:func:`outer_tiles`), needs two marks, one read surely
    (see :class:`MarkShape`), as a board of tiles does (:func:`_read_tiles`); a # found only
    on a panel (:func:`_search_panels`) needs a mark. Marks whose counts no game reaches,
    with cells unclear, are read again at half the board's levels (one side's marks in an
    ink much fainter than the other's), and that reading kept when it is clear and possible.

    Returns
    -------
    Recognition
        ``game="tictactoe"``, the :class:`~solvers.tictactoe.Puzzle` (mover from the counts,
        ``x`` with equal counts) and a 3x3 :class:`~recognizer.lattice.Lattice`; or a
        recognition of nothing with the reason, or, for a position no game reaches, no
        puzzle and a low confidence with the least sure cells named.
    """
    height, width = image.shape[:2]
    look, scale = halve(image, sqrt(height * width), params.look_side)
    mask, diff = ink_mask(look, params)
    grid, panels = _search_grid(mask, params)
    high = ink_levels(diff, params)[1]
    faint = False
    if isinstance(grid, str) and high >= 2 * params.ink_range[0]:
        # the strongest ink may be the rim the picture was cut from (a notch, a bezel, a
        # thumb over the edge): the board's own ink is as strong as any off the rim
        inner = ink_levels(_off_rim(diff, mask), params)[1]
        if inner < high:
            found, _ = _search_grid(hysteresis(diff, inner / 2, inner), params)
            grid = found if isinstance(found, Grid) else grid
    if isinstance(grid, str) and high >= 2 * params.ink_range[0]:
        # fainter strokes than the picture's strongest ink: a pale board beside bold marks
        high = max(params.ink_range[0], high / 3)
        fainter, _ = _search_grid(hysteresis(diff, high / 2, high), params)
        grid, faint = (grid, False) if isinstance(fainter, str) else (fainter, True)
    region: Box = (0, 0, width, height)  # where the cells' ink is read: a panel, or all
    on_panel = _search_panels(look, panels, params) if isinstance(grid, str) else None
    if on_panel is not None:
        grid, (x, y, w, h) = on_panel
        inset = 2 + 0.01 * max(w, h)  # the panel's edge, blurred in a look pixel or two
        x0, y0, x1, y1 = (
            round(v / scale) for v in (x + inset, y + inset, x + w - inset, y + h - inset)
        )
        region = (x0, y0, x1 - x0, y1 - y0)
    if isinstance(grid, str):
        tiled = find_tiles(look, params)
        if isinstance(tiled, str):
            return Recognition.nothing(GAME, grid)
        return _read_tiles(image, tiled, scale, params)
    ratio = cell_area_ratio(grid.homography())
    if ratio > params.max_cell_ratio:
        return Recognition.nothing(
            GAME, f"the #'s corner cells differ {ratio:.0f}-fold in area: a misfit #"
        )
    tiles = outer_tiles(look, grid.homography(), params)
    if tiles > params.max_outer_tiles:
        return Recognition.nothing(
            GAME, f"{tiles} cell-sized tiles around the #: a window of a bigger grid"
        )
    to_image = np.diag([1 / scale, 1 / scale, 1.0]) @ grid.homography()
    x, y, w, h = region
    to_region = np.array([[1, 0, -x], [0, 1, -y], [0, 0, 1]], dtype=np.float64) @ to_image
    diff, brightness, crop, to_diff = _board_ink(image[y : y + h, x : x + w], to_region, params)
    read = partial(read_cells, diff, to_diff, grid.framed, params, brightness, grid.reach(), crop)
    readings, density, glyphs = read()
    if _unbalanced(readings) and any(cell is not None and cell.mark == "?" for cell in readings):
        # marks of one side in an ink too faint for the board's levels (dark rings on a dark
        # page beside bright crosses): seen at half the levels, they make the counts possible
        again = read(fainter=2.0)
        if not _unbalanced(again[0]) and all(cell is None or cell.mark != "?" for cell in again[0]):
            readings, density, glyphs = again
    marks = [cell for cell in readings if cell is not None and cell.mark in "xo"]
    if (faint or tiles) and (len(marks) < 2 or not any(cell.sure for cell in marks)):
        # the gaps between pale tiles make a # as well, and so do the shadowed edges of a
        # grid of tiles (tiles around the #), and another game's piece on a tile there may
        # pass for a mark: as on a board of tiles (_read_tiles), one mark is no proof
        return Recognition.nothing(GAME, "a faint # or one among tiles, with under two marks")
    if on_panel is not None and all(cell is None for cell in readings):
        # a block of tiles taken for a panel makes a # of its gaps and of the rows of the
        # tiles' own gloss: a board on a panel (a blackboard, a card) shows a mark at least
        return Recognition.nothing(GAME, "an empty # on a panel")
    return _judge(readings, density, glyphs, to_image, grid.doubts, params)


def _unbalanced(readings: Sequence[MarkShape | None]) -> bool:
    """Whether the marks read differ in count by more than one (no game reaches that)."""
    marks = [cell.mark for cell in readings if cell is not None]
    return abs(marks.count("x") - marks.count("o")) > 1


def _read_tiles(image: RGBImage, board: TileBoard, scale: float, params: Params) -> Recognition:
    """The recognition of a board of nine tiles found on a copy ``scale`` times ``image``'s
    size: its cells read on the difference from each tile's colour (:func:`_tile_ink`), as
    on a framed board. Fewer than two marks are refused: nine alike tiles with one
    distinguished (another game's start) are no proof of a tic-tac-toe board.

    A mark drawn on a tile is enclosed by it: colour edges all round part it from the
    tile's flat region. A mark read on a tile that encloses nothing of a mark's size
    (:attr:`Params.min_mark`) is unclear: it is the tile's own colour shifting across it
    without an edge (a glare's soft spot, a gradient), unlike the tile's mean colour.
    A cell whose tile, in its own colour, covers under half the share of their cells that
    the tiles typically cover is unclear too: the colour drifts across it (a glare's
    gradient), so the region read as the tile is a part of it that may leave its mark out."""
    to_image = np.diag([1 / scale, 1 / scale, 1.0]) @ board.homography
    size, pad = params.cell_px, 3 * params.cell_px // 2
    to_canvas = np.array([[size, 0, pad], [0, size, pad], [0, 0, 1]], dtype=np.float64)
    ink, covered = _tile_ink(image, board, to_image, params)
    readings, density, glyphs = read_cells(ink, to_canvas, True, params, lines=False)
    partial = covered < 0.5 * float(np.median(covered))
    readings = [
        MarkShape("?", 0.0, 0, 0.0)
        if (cell is not None and enclosed < params.min_mark) or part
        else cell
        for cell, enclosed, part in zip(readings, board.enclosed, partial, strict=True)
    ]
    if sum(cell is not None for cell in readings) < 2:
        return Recognition.nothing(GAME, "nine alike tiles with fewer than two marks")
    return _judge(readings, density, glyphs, to_image, (), params)


def _judge(
    readings: list[MarkShape | None],
    density: float,
    glyphs: int,
    to_image: NDArray[np.float64],
    doubts: Sequence[str],
    params: Params,
) -> Recognition:
    """The recognition of a board read as ``readings`` (see :func:`read_cells`) through the
    map ``to_image`` from grid units to the picture: refused when the board is more ink
    than marks leave or holds many glyphs, else read by :func:`interpret`."""
    if density > params.max_density:
        return Recognition.nothing(GAME, f"the board is {density:.0%} ink: not a line grid")
    if glyphs > params.max_glyphs:
        return Recognition.nothing(
            GAME, f"{glyphs} digit- or letter-sized marks in the # (a sudoku?), not X and O"
        )
    lattice = Lattice(3, 3, tuple(float(v) for v in to_image.ravel()))
    return interpret(readings, lattice, doubts)


def _cells(indices: Sequence[int]) -> str:
    return ", ".join(str(divmod(i, 3)) for i in indices)


def _suspects(board: str, readings: Sequence[MarkShape | None]) -> list[int]:
    """The cells to blame for an impossible ``board``, likeliest misreadings first.

    The suspects are the marks of the side with too many, or those of the completed lines;
    unclear cells, then marks read by a fallback rule, are named before the rest.
    """
    xs, os_ = board.count("x"), board.count("o")
    if abs(xs - os_) > 1:
        marks = [i for i, mark in enumerate(board) if mark == ("x" if xs > os_ else "o")]
    else:
        won = winners(board, 3)
        marks = sorted({i for runs in won.values() for run in runs for i in run})
    unclear = [i for i, cell in enumerate(readings) if cell is not None and cell.mark == "?"]
    unsure = [i for i in marks if (cell := readings[i]) is not None and not cell.sure]
    return unclear + unsure or marks


def interpret(
    readings: Sequence[MarkShape | None], lattice: Lattice, doubts: Sequence[str] = ()
) -> Recognition:
    """The recognition of a board read as ``readings`` (nine cells in reading order).

    Unclear cells (``?``) leave the recognition unconfident with the cells named; so does a
    position that no game reaches (the counts differ by more than one, two winners): it is
    likelier misread than drawn, so no puzzle is returned and the least sure marks are
    named. With equal counts and a line of x, o opened.

    Examples
    --------
    >>> x, o = MarkShape("x", 0.0, 4, 1.0), MarkShape("o", 0.2, 0, 0.0)
    >>> lattice = Lattice(3, 3, (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
    >>> interpret([x, None, None, None, o, None, None, None, None], lattice).puzzle
    Puzzle(board='x---o----', to_move='x', k=3)
    >>> found = interpret([x, x, x, None, None, None, None, None, None], lattice)
    >>> found.confident, found.doubts[0]
    (False, 'impossible board: 3 x and 0 o (the counts differ by at most one): cells (0, 0), (0, 1), (0, 2) in doubt')
    """  # noqa: E501
    doubts = list(doubts)
    confidence = 0.95 - 0.2 * len(doubts)
    unclear = [i for i, cell in enumerate(readings) if cell is not None and cell.mark == "?"]
    if unclear:
        doubts.insert(0, f"unclear marks in cells {_cells(unclear)}")
        confidence = min(confidence, 0.3)
    board = "".join(cell.mark if cell and cell.mark != "?" else "-" for cell in readings)
    log.debug("tictactoe: %s %s", board, readings)
    try:
        puzzle = Puzzle.from_board(board)
    except InvalidPuzzleError as exc:
        try:  # x has a line with equal counts: o opened
            puzzle = Puzzle.from_board(board, first="o")
        except InvalidPuzzleError:
            blamed = f"{exc}: cells {_cells(_suspects(board, readings))} in doubt"
            return Recognition(GAME, None, 0.3, lattice, (blamed, *doubts))
    return Recognition(GAME, puzzle, max(0.0, confidence), lattice, tuple(doubts))


# --- the overlay ----------------------------------------------------------------------------

#: Ghost-mark colours; the one farthest from the board's own colour is used.
GHOST_COLORS: tuple[tuple[int, int, int], ...] = ((230, 30, 70), (20, 120, 255), (20, 170, 60))


def outcome_text(puzzle: Puzzle, solution: Solution) -> str:
    """The sentence drawn with the overlay, e.g. ``"x to move: x wins with best play"``.

    Examples
    --------
    >>> outcome_text(Puzzle("xo-------", "x"), Solution((1, 1), "x win"))
    'x to move: x wins with best play'
    >>> outcome_text(Puzzle("xxxoo----", "o"), Solution(None, "x win"))
    'game over: x wins'
    """
    result = "draw" if solution.outcome == "draw" else solution.outcome.replace("win", "wins")
    if solution.move is None:
        return f"game over: {result}"
    return f"{puzzle.to_move} to move: {result} with best play"


def _ghost_color(image: RGBImage, corners: NDArray[np.float64]) -> Color:
    """A colour far from the picture's colour inside the quadrilateral ``corners``."""
    height, width = image.shape[:2]
    x0, y0 = np.clip(corners.min(axis=0), 0, [width - 1, height - 1]).astype(int)
    x1, y1 = np.clip(corners.max(axis=0), 0, [width - 1, height - 1]).astype(int)
    patch = image[y0 : y1 + 1, x0 : x1 + 1].reshape(-1, 3).astype(np.float64)
    mean = patch.mean(axis=0) if len(patch) else np.full(3, 255.0)
    best = max(GHOST_COLORS, key=lambda c: float(np.linalg.norm(np.array(c) - mean)))
    return (*best, 170)


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """The picture with the best move as a ghost mark in its cell and the outcome above.

    The mark is drawn in the mover's shape through the board's lattice, so it follows the
    photo's perspective; a finished game gets the result only.
    """
    lattice, puzzle = recognition.geometry, recognition.puzzle
    if not isinstance(lattice, Lattice) or not isinstance(puzzle, Puzzle):
        raise ValueError("draw needs a tic-tac-toe recognition with its board and lattice")
    overlay = Overlay(image)
    size = lattice.cell_size((1, 1))
    if solution.move is not None:
        r, c = solution.move
        color = _ghost_color(image, lattice.corners((r, c)))
        width = max(2.0, 0.1 * size)
        if puzzle.to_move == "x":
            for a, b in (((0.2, 0.2), (0.8, 0.8)), ((0.2, 0.8), (0.8, 0.2))):
                ends = lattice.to_pixels([(r + a[0], c + a[1]), (r + b[0], c + b[1])])
                overlay.line([(float(x), float(y)) for x, y in ends], width, color)
        else:
            angles = np.linspace(0.0, 2 * np.pi, 49)
            ring = np.column_stack([r + 0.5 + 0.3 * np.sin(angles), c + 0.5 + 0.3 * np.cos(angles)])
            overlay.line([(float(x), float(y)) for x, y in lattice.to_pixels(ring)], width, color)
    height, width_px = image.shape[:2]
    text = outcome_text(puzzle, solution)
    # a line of text is about 0.55 of its height wide per character; keep it in the picture
    text_size = float(
        min(np.clip(0.3 * size, 12.0, height / 12), 0.95 * width_px / (0.55 * len(text)))
    )
    x, y = lattice.to_pixels([(-0.3, 1.5)])[0]
    if not text_size <= y <= height - text_size:
        x, y = lattice.to_pixels([(3.3, 1.5)])[0]
    half = min(width_px / 2, 0.3 * text_size * len(text))  # about half the text's width
    x = float(np.clip(x, half, width_px - half))
    y = float(np.clip(y, text_size, height - text_size))
    overlay.label((x, y), text, text_size)
    return overlay.render()
