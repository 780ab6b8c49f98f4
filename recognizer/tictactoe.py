"""Tic-tac-toe boards in screenshots and photos: find the # grid, read X, O and empty cells.

The pipeline, one function per stage:

1. :func:`ink_mask` - pixels that differ from the local background (dark or light ink,
   any colour), by hysteresis so faint marker strokes stay whole.
2. :func:`find_lines` - long straight strokes, by a sequential Hough transform on the
   skeleton of each large ink component, each with the stretch of ink that supports it.
3. :func:`find_grid` - two roughly parallel pairs that cross each other with arms beyond the
   crossings (a ``#``), plus an optional outer frame; any other long line parallel to them
   means a bigger grid (another game) and the picture is refused.
4. :func:`read_cells` - the ink mask warped to a canonical board through the homography of
   the four crossings; each cell is empty (little ink), ``o`` (a closed loop around an empty
   centre) or ``x`` (strokes crossing at the centre), told apart by shape, not colour.

The geometry is a :class:`~recognizer.lattice.Lattice` whose cells ``(r, c)`` are the
board's cells, the outer ones extended beyond the lines.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import cv2
import numpy as np
from numpy.typing import NDArray
from scipy import ndimage
from skimage.filters import apply_hysteresis_threshold
from skimage.morphology import skeletonize

from recognizer.colors import reduce
from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from recognizer.recognition import Recognition
from solvers.errors import InvalidPuzzleError
from solvers.tictactoe import Puzzle

GAME = "tictactoe"
log = logging.getLogger(__name__)

Mask = NDArray[np.bool_]
Point = tuple[float, float]
PointLike = tuple[float, float] | NDArray[np.float64]


@dataclass(frozen=True)
class Params:
    """Tunable constants of the recognizer (relative sizes, so any resolution works)."""

    #: Long side of the working copy, in pixels.
    work_side: int = 640
    #: Ink mask hysteresis: the high threshold is this share of the strong-ink level...
    ink_share: float = 0.4
    #: ...clipped to this range (differences from the background, 0..255).
    ink_range: tuple[float, float] = (16.0, 80.0)
    #: Components tried as the grid, largest first.
    grid_candidates: int = 3
    #: Lines looked for per component, and the weakest kept relative to the strongest.
    max_lines: int = 12
    min_line_share: float = 0.25
    #: Angles (degrees): a family's spread, and the least angle between the two families.
    family_spread: float = 22.0
    family_gap: float = 35.0
    #: A # line must run past each crossing by this many cells.
    min_arm: float = 0.25
    #: Cells are read on a canonical board of this many pixels a side, inside this margin.
    cell_px: int = 64
    #: A mark is at least this many cells across.
    min_mark: float = 0.22
    #: ...and at least this many when its centre lies past an unframed board's edge.
    min_spilled_mark: float = 0.35


PARAMS = Params()


@dataclass(frozen=True)
class Line:
    """A straight stroke: unit normal ``(nx, ny)``, offset ``rho`` and its supported stretch.

    Points on the line satisfy ``x * nx + y * ny = rho``; ``t`` runs along the direction
    ``(-ny, nx)`` and the ink supports it from ``t0`` to ``t1``.
    """

    nx: float
    ny: float
    rho: float
    t0: float
    t1: float
    votes: int

    @property
    def angle(self) -> float:
        """Direction of the line in degrees, in ``[0, 180)``."""
        return float(np.degrees(np.arctan2(self.nx, -self.ny)) % 180.0)

    def along(self, point: PointLike) -> float:
        """The position ``t`` of ``point``'s projection on the line."""
        return -point[0] * self.ny + point[1] * self.nx


def _angle_between(a: float, b: float) -> float:
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def intersect(a: Line, b: Line) -> Point | None:
    """The crossing point of two lines, or ``None`` when they are (nearly) parallel."""
    det = a.nx * b.ny - a.ny * b.nx
    if abs(det) < 1e-6:
        return None
    x = (a.rho * b.ny - a.ny * b.rho) / det
    y = (a.nx * b.rho - a.rho * b.nx) / det
    return float(x), float(y)


# --- stage 1: ink ---------------------------------------------------------------------------


def ink_mask(image: RGBImage, params: Params = PARAMS) -> tuple[Mask, NDArray[np.float32]]:
    """Pixels unlike their local background, and the difference image itself.

    The background is a median over about a seventh of the picture, so strokes of either
    polarity and any colour stand out; the threshold follows the strongest ink present.
    """
    height, width = image.shape[:2]
    img = image.astype(np.float32)
    shrink = max(height, width) / 48.0
    tiny_size = (max(8, round(width / shrink)), max(8, round(height / shrink)))
    tiny = cv2.resize(image, tiny_size, interpolation=cv2.INTER_NEAREST)  # samples, not means
    background = cv2.resize(
        cv2.medianBlur(tiny, 7).astype(np.float32), (width, height), interpolation=cv2.INTER_LINEAR
    )
    diff = np.abs(img - background).max(axis=2)
    strong = float(np.percentile(diff, 99.7))
    high = float(np.clip(params.ink_share * strong, *params.ink_range))
    mask = apply_hysteresis_threshold(diff, 0.5 * high, high)
    return np.asarray(mask, dtype=bool), diff


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
    records the stretch they cover and removes them before the next pass.
    """
    ys, xs = np.nonzero(skeleton)
    points = np.column_stack([xs, ys]).astype(np.float64)
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
    active = np.ones(len(points), dtype=bool)
    lines: list[Line] = []
    first_votes = 0
    for _ in range(params.max_lines):
        pts = points[active] - centre
        if len(pts) < 10:
            break
        rho_idx = np.round((pts[:, :1] * cos + pts[:, 1:] * sin) / rho_step).astype(np.int64)
        rho_idx += n_rho // 2
        flat = rho_idx + np.arange(len(thetas)) * n_rho
        acc = np.bincount(flat.ravel(), minlength=n_rho * len(thetas)).reshape(len(thetas), n_rho)
        acc = ndimage.uniform_filter1d(acc.astype(np.float32), 3, axis=1)
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
        lines.append(Line(nx, ny, rho, t0, t1, votes))
        idx = np.flatnonzero(active)
        active[idx[inliers]] = False
    return lines


# --- stage 3: the grid ----------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """The board's two inner lines each way (top to bottom, left to right) and its frame."""

    rows: tuple[Line, Line]
    cols: tuple[Line, Line]
    framed: bool
    doubts: tuple[str, ...]

    def crossings(self) -> NDArray[np.float64]:
        """The four crossings as ``(x, y)``: (1,1), (1,2), (2,1), (2,2) in grid units."""
        pts = [intersect(r, c) for r in self.rows for c in self.cols]
        return np.array(pts, dtype=np.float64)

    def homography(self) -> NDArray[np.float64]:
        """The 3x3 map from grid ``(col, row)`` to pixel ``(x, y)``."""
        src = np.array([[1, 1], [2, 1], [1, 2], [2, 2]], dtype=np.float32)
        return np.asarray(
            cv2.getPerspectiveTransform(src, self.crossings().astype(np.float32)), np.float64
        )


def _spans(line: Line, point: PointLike, margin: float) -> bool:
    t = line.along(point)
    return line.t0 + margin <= t <= line.t1 - margin


def _side_lengths(p: dict[tuple[int, int], NDArray[np.float64]]) -> list[float]:
    pairs = [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    return [float(np.linalg.norm(p[u] - p[v])) for u, v in pairs]


def find_grid(lines: Sequence[Line], params: Params = PARAMS) -> Grid | str:
    """The ``#`` among ``lines``, or the reason there is none.

    A ``#`` is two near-parallel lines crossing two others at a clear angle, every line
    running at least :attr:`Params.min_arm` cells past both of its crossings, with cells of
    comparable sides. The strongest such ``#`` is checked against the remaining lines by
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
        margin = params.min_arm * cell
        spans_a = all(_spans(a, p[i, j], margin) for i, a in enumerate(pair_a) for j in (0, 1))
        spans_b = all(_spans(b, p[i, j], margin) for j, b in enumerate(pair_b) for i in (0, 1))
        if not (spans_a and spans_b):
            continue
        score = float(sum(line.votes for line in (*pair_a, *pair_b)))
        if best is None or score > best[0]:
            best = (score, _orient(pair_a, pair_b))
    if best is None:
        return "no # of two crossing pairs of lines"
    return _check_frame(best[1], lines)


def _pair_candidates(
    lines: Sequence[Line], params: Params
) -> list[tuple[tuple[Line, Line], tuple[Line, Line]]]:
    """Pairs of near-parallel lines, each with a pair crossing it at a clear angle."""
    pairs = [
        (a, b)
        for a, b in combinations(lines, 2)
        if _angle_between(a.angle, b.angle) <= params.family_spread
    ]
    return [
        (pa, pb)
        for pa, pb in combinations(pairs, 2)
        if all(_angle_between(u.angle, v.angle) >= params.family_gap for u in pa for v in pb)
    ]


def _point_on(line: Line, t: float) -> NDArray[np.float64]:
    return np.array(
        [line.nx * line.rho - line.ny * t, line.ny * line.rho + line.nx * t], dtype=np.float64
    )


def _orient(pair_a: tuple[Line, Line], pair_b: tuple[Line, Line]) -> Grid:
    """Name the more horizontal pair the row lines and sort both pairs across the picture."""

    def tilt(pair: tuple[Line, Line]) -> float:
        return sum(_angle_between(line.angle, 0.0) for line in pair)

    rows, cols = (pair_a, pair_b) if tilt(pair_a) <= tilt(pair_b) else (pair_b, pair_a)
    crossings = [intersect(r, c) for r in rows for c in cols]
    centre = np.mean([pt for pt in crossings if pt is not None], axis=0)

    def across(line: Line, axis: int) -> float:
        return float(_point_on(line, line.along((centre[0], centre[1])))[axis])

    r0, r1 = sorted(rows, key=lambda line: across(line, 1))
    c0, c1 = sorted(cols, key=lambda line: across(line, 0))
    return Grid((r0, r1), (c0, c1), framed=False, doubts=())


def _extent(h_inv: NDArray[np.float64], line: Line) -> NDArray[np.float64]:
    """The ends of ``line``'s supported stretch in grid units, as ``[[col, row], [col, row]]``."""
    ends = np.array([[_point_on(line, line.t0), _point_on(line, line.t1)]], dtype=np.float64)
    return np.asarray(cv2.perspectiveTransform(ends, h_inv)[0], np.float64)


def _check_frame(grid: Grid, lines: Sequence[Line]) -> Grid | str:
    """Accept an outer frame around the ``#`` and refuse any other long parallel line.

    A long line (1.5 cells or more) parallel to the ``#`` at grid position 0 or 3 is a
    frame side if the crossing lines stop at it; anywhere else (or crossed by lines that
    run on past it) it is the line of a bigger grid.
    """
    h_inv = np.asarray(np.linalg.inv(grid.homography()), np.float64)
    inner = {id(line) for line in (*grid.rows, *grid.cols)}
    frame: dict[int, set[int]] = {0: set(), 1: set()}  # axis -> frame positions found
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
        if length < 1.5 or not -1.8 <= pos <= 4.8:
            continue
        if min(abs(pos - 1), abs(pos - 2)) < 0.25:
            continue  # a second stroke of an inner line
        side = 0 if abs(pos) < 0.3 else 3 if abs(pos - 3) < 0.3 else None
        if side is None:
            return f"a further grid line at {pos:.1f} cells: a bigger grid than 3x3"
        crossing = grid.cols if axis == 1 else grid.rows
        reach = [_extent(h_inv, c)[:, axis] for c in crossing]
        beyond = [(-ends.min() if side == 0 else ends.max() - 3) for ends in reach]
        if max(beyond) > 0.35:
            return "lines run on past the outer line: a bigger grid than 3x3"
        frame[axis].add(side)
    found = sum(len(v) for v in frame.values())
    doubts = grid.doubts
    if 0 < found < 4:
        doubts = (*doubts, f"a partial outer frame ({found} of 4 sides)")
    return Grid(grid.rows, grid.cols, framed=found == 4, doubts=doubts)


# --- stage 4: cells -------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkShape:
    """Shape measures of the ink in one cell, and the mark they make (``x``, ``o`` or ``?``).

    ``hole`` is the share of the mark's filled outline that is enclosed background, ``arms``
    the ink runs met on a circle around the mark's centroid, ``centre`` the ink share of a
    small box in the middle of the mark.
    """

    mark: str
    hole: float
    arms: int
    centre: float


def classify_mark(ink: Mask) -> MarkShape:
    """Tell an O (a loop around an empty middle) from an X (strokes crossing in the middle).

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
    closed = ndimage.binary_closing(crop, structure=np.ones((3, 3)))
    filled = ndimage.binary_fill_holes(closed)
    hole = float((filled & ~closed).sum()) / max(1.0, float(filled.sum()))
    h, w = crop.shape
    ch, cw = max(1, round(0.14 * h)), max(1, round(0.14 * w))
    centre = float(crop[h // 2 - ch : h // 2 + ch + 1, w // 2 - cw : w // 2 + cw + 1].mean())
    cy, cx = ys.mean() - ys.min() + 2, xs.mean() - xs.min() + 2
    radius = 0.3 * max(h, w)
    angles = np.linspace(0.0, 2 * np.pi, 96, endpoint=False)
    ry = np.clip(np.round(cy + radius * np.sin(angles)).astype(int), 0, h - 1)
    rx = np.clip(np.round(cx + radius * np.cos(angles)).astype(int), 0, w - 1)
    ring = ndimage.binary_dilation(crop)[ry, rx]
    arms = int(np.count_nonzero(ring & ~np.roll(ring, 1))) if not ring.all() else 0
    if hole >= 0.3 and centre < 0.12:
        mark = "o"
    elif hole < 0.1 and arms >= 3 and centre >= 0.05:
        mark = "x"
    else:
        mark = "?"
    return MarkShape(mark, hole, arms, centre)


def _erase_row_lines(board: Mask, rows: Sequence[int]) -> Mask:
    """``board`` with the row lines near ``rows`` traced and erased, following their curves.

    Each line is followed column by column from the board's middle outwards, from the
    ink run nearest its last position; runs much thicker than the line (a mark touching
    it) are cut to the line's width.
    """
    out = board.copy()
    height, width = board.shape
    reach = max(2, round(0.015 * width))
    for start in rows:
        runs: list[tuple[int, int, int]] = []  # (column, first row, last row)
        for step in (1, -1):
            y, missing = float(start), 0
            x = width // 2 if step == 1 else width // 2 - 1
            while 0 <= x < width and missing <= 0.1 * width:
                lo, hi = max(0, round(y) - reach), min(height, round(y) + reach + 1)
                hits = np.flatnonzero(board[lo:hi, x])
                if len(hits) == 0:
                    missing += 1
                else:
                    missing = 0
                    top = bottom = int(lo + hits[np.argmin(np.abs(lo + hits - y))])
                    while top > 0 and board[top - 1, x]:
                        top -= 1
                    while bottom < height - 1 and board[bottom + 1, x]:
                        bottom += 1
                    if bottom - top + 1 > 4 * reach:  # a crossing line or a touching mark
                        top, bottom = round(y) - reach // 2, round(y) + reach // 2
                    else:
                        y = 0.7 * y + 0.3 * (top + bottom) / 2
                    runs.append((x, top, bottom))
                x += step
        if not runs:
            continue
        thickness = float(np.median([b - t + 1 for _, t, b in runs]))
        for x, top, bottom in runs:
            if bottom - top + 1 > 2.5 * thickness:
                mid = (top + bottom) // 2
                top, bottom = mid - round(thickness), mid + round(thickness)
            out[max(0, top - 1) : bottom + 2, x] = False
    return out


def read_cells(
    mask: Mask, grid_to_pixels: NDArray[np.float64], framed: bool, params: Params = PARAMS
) -> tuple[list[MarkShape | None], float]:
    """Warp ``mask`` to the canonical board and read its nine cells in reading order.

    The grid lines (and the frame, if ``framed``) are traced and erased, and each remaining
    ink component of mark size goes to the cell holding its centroid, so marks that spill
    over a line are read whole. On an unframed board a large, roughly square component just
    past the edge goes to the nearest cell (hand-drawn lines are rarely parallel, so the
    outer cells are only roughly where the crossings put them). A cell without ink reads
    ``None``.

    Returns the readings and the share of ink on the board.
    """
    size, pad = params.cell_px, params.cell_px
    canvas = 3 * size + 2 * pad
    to_canvas = np.array([[size, 0, pad], [0, size, pad], [0, 0, 1]], dtype=np.float64)
    warped = cv2.warpPerspective(
        mask.astype(np.uint8) * 255,
        grid_to_pixels @ np.linalg.inv(to_canvas),
        (canvas, canvas),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
    )
    board = warped > 127
    density = float(board[pad:-pad, pad:-pad].mean())
    lines_at = [pad + i * size for i in ((0, 1, 2, 3) if framed else (1, 2))]
    clean = _erase_row_lines(_erase_row_lines(board, lines_at).T, lines_at).T
    labels, _ = ndimage.label(clean, structure=np.ones((3, 3)))
    spill = 0.0 if framed else 0.5  # marks may spill past an open board's edge
    cells: dict[int, list[int]] = {}
    for index, found in enumerate(ndimage.find_objects(labels), start=1):
        if found is None:
            continue
        ys, xs = found
        extent = max(ys.stop - ys.start, xs.stop - xs.start)
        if extent < params.min_mark * size:
            continue
        cy, cx = ndimage.center_of_mass(labels[found] == index)
        gy = (ys.start + cy - pad) / size
        gx = (xs.start + cx - pad) / size
        inside = 0 <= gy < 3 and 0 <= gx < 3
        near = -spill <= gy < 3 + spill and -spill <= gx < 3 + spill
        squat = max(ys.stop - ys.start, xs.stop - xs.start) <= 2 * min(
            ys.stop - ys.start, xs.stop - xs.start
        )
        if inside or (near and squat and extent >= params.min_spilled_mark * size):
            cell = int(np.clip(gy, 0, 2.99)) * 3 + int(np.clip(gx, 0, 2.99))
            cells.setdefault(cell, []).append(index)
    readings: list[MarkShape | None] = [
        classify_mark(np.isin(labels, cells[i])) if i in cells else None for i in range(9)
    ]
    return readings, density


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


def _shifted(line: Line, dx: float, dy: float, scale: float) -> Line:
    """``line`` moved by ``(dx, dy)`` and then scaled by ``scale``."""
    shift = line.nx * dx + line.ny * dy
    along = -line.ny * dx + line.nx * dy
    return Line(
        line.nx,
        line.ny,
        (line.rho + shift) * scale,
        (line.t0 + along) * scale,
        (line.t1 + along) * scale,
        line.votes,
    )


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Find a tic-tac-toe board in ``image`` and read it.

    Returns
    -------
    Recognition
        ``game="tictactoe"``, the :class:`~solvers.tictactoe.Puzzle` (mover from the counts,
        ``x`` with equal counts) and a 3x3 :class:`~recognizer.lattice.Lattice`; or a
        recognition of nothing with the reason.
    """
    small, scale = reduce(image, params.work_side)
    mask, _ = ink_mask(small, params)
    reasons: list[str] = []
    grid: Grid | None = None
    for component, (x, y) in _grid_components(mask, params.grid_candidates):
        lines = [_shifted(line, x, y, 1.0) for line in find_lines(skeletonize(component), params)]
        found = find_grid(lines, params)
        if isinstance(found, Grid):
            grid = found
            break
        reasons.append(found)
    if grid is None:
        return Recognition.nothing(GAME, reasons[0] if reasons else "no long strokes")
    to_work = grid.homography()
    readings, density = read_cells(mask, to_work, grid.framed, params)
    if density > 0.4:
        return Recognition.nothing(GAME, f"the board is {density:.0%} ink: not a line grid")
    doubts = list(grid.doubts)
    confidence = 0.95 - 0.2 * len(grid.doubts)
    unclear = [divmod(i, 3) for i, cell in enumerate(readings) if cell and cell.mark == "?"]
    if unclear:
        doubts.insert(0, "unclear marks in cells " + ", ".join(str(list(rc)) for rc in unclear))
        confidence = min(confidence, 0.3)
    board = "".join(cell.mark if cell and cell.mark != "?" else "-" for cell in readings)
    lattice = Lattice(
        3, 3, tuple(float(v) for v in (np.diag([1 / scale, 1 / scale, 1.0]) @ to_work).ravel())
    )
    try:
        puzzle = Puzzle.from_board(board)
    except InvalidPuzzleError as exc:
        return Recognition(GAME, None, 0.0, lattice, (str(exc), *doubts))
    log.debug("tictactoe: %s %s", board, readings)
    return Recognition(GAME, puzzle, max(0.0, confidence), lattice, tuple(doubts))
