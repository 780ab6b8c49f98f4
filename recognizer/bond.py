"""James Bond Jr. missile puzzle: read the board and the target icon, draw the moves.

The pipeline, one small function per stage:

1. :func:`_working_image` rescales the picture to a working size (tiny target cells get
   enough pixels, large screenshots stay fast) and :func:`_remove_scanlines` evens out
   CRT scanlines.
2. :func:`_flat_components` labels regions of flat colour (low local colour range).
3. :func:`_blocks` groups the cell-like regions that sit side by side with aligned edges,
   and :func:`_fit_axis` fits each group with an ``R x C`` lattice of equal cells, allowing
   thin separators, bevels and same-coloured neighbours that merge into one region.
4. :func:`_choose_pair` keeps two grids of the same shape (the board is the larger, or the
   left / upper one when equal), whose colours :func:`_classify` numbers jointly.

Any doubt that could make the reading wrong (a grid incomplete, shapes or colour counts
that differ, colours that are not clearly distinct) gives an unrecognized result.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from recognizer.overlay import Overlay
from recognizer.recognition import Recognition
from solvers.bond import MAX_SIDE, MIN_SIDE, Grid, Puzzle, Solution

log = logging.getLogger(__name__)

GAME = "bond"

FloatImage = NDArray[np.float32]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (x1, y1 exclusive), working pixels


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer, in working-image pixels unless said otherwise."""

    #: The working image's long side is brought within these bounds.
    min_long_side: int = 960
    max_long_side: int = 1200
    #: A pixel is flat when the colour range of its 3x3 neighbourhood is below this.
    flat_range: float = 22.0
    #: Smallest side and area of a region that may be (part of) a cell.
    min_cell_side: int = 4
    min_cell_area: int = 20
    #: Smallest cell (separator excluded) of a grid.
    min_cell_extent: float = 6.0
    #: Smallest share of its bounding box that a cell-like region fills.
    min_fill: float = 0.45
    #: Largest share of the picture's area that one grid may cover.
    max_block_share: float = 0.6
    #: Two regions are neighbours when the gap between them is at most this share of the
    #: smaller one's side (plus ``gap_pixels``).
    gap_share: float = 1.3
    gap_pixels: float = 2.5
    #: Edge tolerance of a lattice fit: this share of the pitch plus ``edge_pixels``.
    edge_share: float = 0.08
    edge_pixels: float = 1.5
    #: A lattice cell's centre must be this share one region of its grid.
    min_cell_purity: float = 0.8
    #: A pixel belongs to a known colour class within this RGB distance of its mean
    #: (and within 0.45 of the distance between the two nearest classes).
    class_radius: float = 48.0
    #: How many of the largest grids are tried as the board.
    max_boards: int = 3
    #: Colours closer than this (RGB distance) are one class.
    same_color: float = 34.0
    #: A cell whose two nearest classes are closer than this margin is in doubt.
    min_margin: float = 0.25


PARAMS = Params()


@dataclass(frozen=True)
class BondGeometry:
    """Where the two grids are in the original picture.

    Parameters
    ----------
    board : Lattice
        The board (the source), one lattice cell per board cell.
    target : Lattice
        The target icon.
    """

    board: Lattice
    target: Lattice


@dataclass(frozen=True)
class _Grid:
    """A grid found in the working image: its lattice and its cells' colours."""

    box: Box
    lattice: Lattice
    colors: NDArray[np.float64]  # (rows, cols, 3)

    @property
    def shape(self) -> tuple[int, int]:
        return int(self.colors.shape[0]), int(self.colors.shape[1])

    @property
    def area(self) -> float:
        x0, y0, x1, y1 = self.box
        return (x1 - x0) * (y1 - y0)


# --------------------------------------------------------------------------- image stages


def _working_image(image: RGBImage, params: Params) -> tuple[FloatImage, float]:
    """The picture as float RGB at the working size, and the working/original scale."""
    height, width = image.shape[:2]
    long_side = max(height, width)
    scale = 1.0
    if long_side < params.min_long_side:
        scale = float(np.ceil(params.min_long_side / long_side))
    elif long_side > params.max_long_side:
        scale = params.max_long_side / long_side
    if scale == 1.0:
        return image.astype(np.float32), scale
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    interpolation = cv2.INTER_LINEAR if scale > 1 else cv2.INTER_AREA
    return cv2.resize(image, size, interpolation=interpolation).astype(np.float32), scale


def _remove_scanlines(work: FloatImage) -> FloatImage:
    """Average rows over the scanline period when the rows brighten and darken periodically."""
    luma = work.mean(axis=2)
    profile = luma.mean(axis=1).astype(np.float64)
    if len(profile) < 64:
        return work
    detail = profile - np.convolve(profile, np.ones(9) / 9, mode="same")
    detail = detail[8:-8] - detail[8:-8].mean()
    energy = float(np.dot(detail, detail))
    if energy <= 0 or detail.std() < 1.5:
        return work
    lags = range(2, 9)
    corr = [float(np.dot(detail[:-lag], detail[lag:])) / energy for lag in lags]
    best = int(np.argmax(corr))
    if corr[best] < 0.4:
        return work
    period = lags[best]
    log.debug("scanlines of period %d (correlation %.2f)", period, corr[best])
    return cv2.blur(work, (1, period))


def _flat_components(
    work: FloatImage, params: Params
) -> tuple[NDArray[np.int32], NDArray[np.int32]]:
    """Label the flat regions: (labels, stats) as ``cv2.connectedComponentsWithStats`` gives."""
    smooth = cv2.GaussianBlur(work, (0, 0), 0.8)
    kernel = np.ones((3, 3), np.uint8)
    spread = (cv2.dilate(smooth, kernel) - cv2.erode(smooth, kernel)).max(axis=2)
    flat = (spread < params.flat_range).astype(np.uint8)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
    return labels.astype(np.int32), stats.astype(np.int32)


def _cell_like(stats: NDArray[np.int32], shape: tuple[int, ...], params: Params) -> list[int]:
    """Labels of the regions that may be a cell or a few merged cells."""
    height, width = shape[:2]
    x, y, w, h, area = (stats[:, i] for i in range(5))
    ok = (
        (w >= params.min_cell_side)
        & (h >= params.min_cell_side)
        & (area >= params.min_cell_area)
        & (area >= params.min_fill * w * h)
        & (x > 0)
        & (y > 0)
        & (x + w < width)
        & (y + h < height)
        & (w * h <= params.max_block_share * width * height)
    )
    ok[0] = False  # the non-flat pixels
    return [int(i) for i in np.flatnonzero(ok)]


# --------------------------------------------------------------------------- grouping


def _neighbours(boxes: NDArray[np.float64], params: Params) -> NDArray[np.bool_]:
    """Pairs of boxes side by side (left/right or above/below) with an aligned edge."""
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))

    def along(a0: NDArray[np.float64], a1: NDArray[np.float64]) -> NDArray[np.bool_]:
        size = a1 - a0
        gap_tol = params.gap_share * np.minimum.outer(size, size) + params.gap_pixels
        gap = np.maximum(a0[None, :] - a1[:, None], a0[:, None] - a1[None, :])
        return (gap >= -params.gap_pixels) & (gap <= gap_tol)

    def aligned(b0: NDArray[np.float64], b1: NDArray[np.float64]) -> NDArray[np.bool_]:
        size = b1 - b0
        tol = params.edge_share * np.minimum.outer(size, size) + params.edge_pixels
        start = np.abs(b0[:, None] - b0[None, :]) <= tol
        end = np.abs(b1[:, None] - b1[None, :]) <= tol
        return start | end

    linked = (along(x0, x1) & aligned(y0, y1)) | (along(y0, y1) & aligned(x0, x1))
    np.fill_diagonal(linked, False)
    return linked


def _blocks(boxes: NDArray[np.float64], params: Params) -> list[list[int]]:
    """Groups (indices into ``boxes``) of regions linked by neighbourhood, two or more each.

    Thin slivers (a separator's flat middle, a bevel) are left out of their group.
    """
    linked = _neighbours(boxes, params)
    seen = np.zeros(len(boxes), dtype=bool)
    groups = []
    for start in range(len(boxes)):
        if seen[start]:
            continue
        seen[start] = True
        stack, group = [start], []
        while stack:
            i = stack.pop()
            group.append(i)
            for j in np.flatnonzero(linked[i] & ~seen):
                seen[j] = True
                stack.append(int(j))
        sides = np.minimum(boxes[group, 2] - boxes[group, 0], boxes[group, 3] - boxes[group, 1])
        kept = [i for i, side in zip(group, sides, strict=True) if side >= 0.4 * np.median(sides)]
        if len(kept) >= 2:
            groups.append(sorted(kept))
    return groups


def _fit_axis(starts: NDArray[np.float64], ends: NDArray[np.float64], params: Params) -> list[
    tuple[int, float, float]
]:
    """Divisions of one axis into ``n`` equal cells that put every region edge on a cell edge.

    Returns
    -------
    list of (n, pitch, cell)
        For each fitting ``n`` in the supported range, the pitch and the cell's extent
        (pitch minus the separator), coarsest first.
    """
    origin, span = float(starts.min()), float(ends.max() - starts.min())
    fits = []
    for n in range(MIN_SIDE, MAX_SIDE + 1):
        pitches = np.linspace(span / n, span / (n - 0.6), 48)
        cells = span - (n - 1) * pitches
        k = np.arange(n)
        lefts = origin + pitches[:, None] * k[None, :]
        rights = lefts + cells[:, None]
        err_l = np.abs(starts[None, :, None] - lefts[:, None, :]).min(axis=2)
        err_r = np.abs(ends[None, :, None] - rights[:, None, :]).min(axis=2)
        errors = np.maximum(err_l, err_r).max(axis=1)
        best = int(np.argmin(errors))
        if (
            errors[best] <= params.edge_share * pitches[best] + params.edge_pixels
            and cells[best] >= params.min_cell_extent
        ):
            fits.append((n, float(pitches[best]), float(cells[best])))
    return fits


@dataclass(frozen=True)
class _Regions:
    """Labelled regions of a working image and those that may be cells."""

    labels: NDArray[np.int32]
    stats: NDArray[np.int32]
    cells: tuple[int, ...]

    @property
    def boxes(self) -> NDArray[np.float64]:
        """``(x0, y0, x1, y1)`` of each cell-like region, in the order of ``cells``."""
        st = self.stats[list(self.cells)].astype(np.float64)
        return np.column_stack([st[:, 0], st[:, 1], st[:, 0] + st[:, 2], st[:, 1] + st[:, 3]])


def _grid_from_block(
    group: Sequence[int], regions: _Regions, work: FloatImage, params: Params
) -> list[_Grid]:
    """The lattices (fewest cells first) that fit a block and whose cells are each one region."""
    sub = regions.boxes[list(group)]
    x_fits = _fit_axis(sub[:, 0], sub[:, 2], params)
    y_fits = _fit_axis(sub[:, 1], sub[:, 3], params)
    x0, y0 = float(sub[:, 0].min()), float(sub[:, 1].min())
    box: Box = (x0, y0, float(sub[:, 2].max()), float(sub[:, 3].max()))
    members = {regions.cells[i] for i in group}
    grids = []
    for cols, pitch_x, cell_x in x_fits:
        for rows, pitch_y, cell_y in y_fits:
            lattice = Lattice.axis_aligned(
                rows,
                cols,
                left=x0 - (pitch_x - cell_x) / 2,
                top=y0 - (pitch_y - cell_y) / 2,
                pitch_x=pitch_x,
                pitch_y=pitch_y,
            )
            colors = _sample_cells(lattice, (cell_x, cell_y), regions, members, work, params)
            if colors is not None:
                grids.append(_Grid(box, lattice, colors))
    grids.sort(key=lambda g: g.shape[0] * g.shape[1])
    return grids[:1]


def _sample_cells(
    lattice: Lattice,
    cell: tuple[float, float],
    regions: _Regions,
    members: set[int],
    work: FloatImage,
    params: Params,
) -> NDArray[np.float64] | None:
    """Median colour of each cell's centre; None unless every centre lies in one region of
    the block, and every region of the block is a union of whole cells."""
    colors = np.zeros((lattice.rows, lattice.cols, 3))
    covered: Counter[int] = Counter()
    hx, hy = max(1.0, cell[0] / 4), max(1.0, cell[1] / 4)
    for r in range(lattice.rows):
        for c in range(lattice.cols):
            cx, cy = lattice.center((r, c))
            xa, xb = round(cx - hx), round(cx + hx)
            ya, yb = round(cy - hy), round(cy + hy)
            patch = regions.labels[ya:yb, xa:xb].ravel()
            if patch.size == 0:
                return None
            label, count = Counter(patch.tolist()).most_common(1)[0]
            if label not in members or count < params.min_cell_purity * patch.size:
                return None
            covered[label] += 1
            colors[r, c] = np.median(work[ya:yb, xa:xb].reshape(-1, 3), axis=0)
    if set(covered) != members:
        return None
    cell_area = cell[0] * cell[1]
    for label, count in covered.items():
        area = float(regions.stats[label, cv2.CC_STAT_AREA])
        if not params.min_fill * count * cell_area <= area <= 1.2 * count * cell_area:
            return None
    return colors


def _grids_in(regions: _Regions, work: FloatImage, params: Params) -> list[_Grid]:
    """Every grid of 2..6 x 2..6 equal cells made of the given regions."""
    if len(regions.cells) < 2:
        return []
    grids = []
    for group in _blocks(regions.boxes, params):
        grids.extend(_grid_from_block(group, regions, work, params))
    return grids


def _flat_regions(work: FloatImage, params: Params) -> _Regions:
    """The regions of flat colour."""
    labels, stats = _flat_components(work, params)
    return _Regions(labels, stats, _cell_like(stats, work.shape, params))


def _class_regions(work: FloatImage, means: NDArray[np.float64], params: Params) -> _Regions:
    """The regions of pixels near one of the colour classes ``means`` (K x 3), one class each.

    Far steadier than flatness on small, blurred or JPEG cells once the colours are known.
    """
    smooth = cv2.GaussianBlur(work, (0, 0), 0.8)
    dist = np.stack([np.linalg.norm(smooth - m.astype(np.float32), axis=2) for m in means])
    nearest = dist.argmin(axis=0)
    gaps = np.linalg.norm(means[:, None] - means[None, :], axis=2)
    radius = min(params.class_radius, 0.45 * float(gaps[gaps > 0].min()))
    near = dist.min(axis=0) < radius
    labels = np.zeros(work.shape[:2], np.int32)
    all_stats = [np.zeros((1, 5), np.int32)]
    for k in range(len(means)):
        mask = (near & (nearest == k)).astype(np.uint8)
        count, lab, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        offset = sum(len(s) for s in all_stats) - 1
        labels[lab > 0] = lab[lab > 0] + offset
        all_stats.append(stats[1:].astype(np.int32))
    stats = np.concatenate(all_stats)
    return _Regions(labels, stats, _cell_like(stats, work.shape, params))


# --------------------------------------------------------------------------- reading


def _cluster(colors: NDArray[np.float64], params: Params) -> NDArray[np.int64]:
    """Class index (0..K-1, by first appearance) of each colour: single-linkage clusters."""
    n = len(colors)
    dist = np.linalg.norm(colors[:, None, :] - colors[None, :, :], axis=2)
    cluster = np.arange(n)
    for i, j in zip(*np.nonzero(dist < params.same_color), strict=True):
        a, b = cluster[i], cluster[j]
        if a != b:
            cluster[cluster == b] = a
    order: dict[int, int] = {}
    for c in cluster:
        order.setdefault(int(c), len(order))
    return np.array([order[int(c)] for c in cluster], dtype=np.int64)


def _class_means(colors: NDArray[np.float64], classes: NDArray[np.int64]) -> NDArray[np.float64]:
    return np.array([colors[classes == k].mean(axis=0) for k in range(int(classes.max()) + 1)])


@dataclass(frozen=True)
class _Reading:
    """Two grids classified jointly, and the weakest margin between two classes."""

    puzzle: Puzzle
    margin: float


def _read(board: _Grid, target: _Grid, params: Params) -> _Reading | str:
    """Number the colours of both grids jointly; a doubt when they do not make a puzzle.

    Classes come from single-linkage clustering of all the cell colours (numbered by first
    appearance, source then target); the margin says how much nearer each cell is to its
    own class's mean than to any other's (0 ambiguous, 1 exact).
    """
    colors = np.concatenate([board.colors.reshape(-1, 3), target.colors.reshape(-1, 3)])
    classes = _cluster(colors, params)
    count = int(classes.max()) + 1
    if not 2 <= count <= 6:
        return f"{count} colours (2 to 6 expected)"
    means = _class_means(colors, classes)
    to_means = np.linalg.norm(colors[:, None, :] - means[None, :, :], axis=2)
    index = np.arange(len(colors))
    own = to_means[index, classes].copy()
    to_means[index, classes] = np.inf
    other = to_means.min(axis=1)
    margin = float(((other - own) / (other + own)).min())
    rows, cols = board.shape
    numbers = (classes + 1).reshape(2, rows, cols)
    source, goal = (tuple(tuple(int(v) for v in row) for row in grid) for grid in numbers)
    if Counter(numbers[0].ravel().tolist()) != Counter(numbers[1].ravel().tolist()):
        return "the target's colour counts differ from the board's"
    hexes = tuple("#{:02x}{:02x}{:02x}".format(*(round(v) for v in m)) for m in means)
    return _Reading(Puzzle(source, goal, hexes), margin)


def _targets_for(board: _Grid, work: FloatImage, params: Params) -> list[_Grid]:
    """Grids of the board's shape and colours near it, nearest first."""
    classes = _cluster(board.colors.reshape(-1, 3), params)
    means = _class_means(board.colors.reshape(-1, 3), classes)
    if len(means) < 2:
        return []
    found = _grids_in(_class_regions(work, means, params), work, params)
    bx0, by0, bx1, by1 = board.box
    reach = max(bx1 - bx0, by1 - by0)
    near = [
        g
        for g in found
        if g.shape == board.shape
        and not _overlap(g.box, board.box)
        and _gap(g.box, board.box) <= reach
        and g.area <= 1.15 * board.area
    ]
    return sorted(near, key=lambda g: _gap(g.box, board.box))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return float(np.hypot(dx, dy))


def _ordered(first: _Grid, second: _Grid) -> tuple[_Grid, _Grid]:
    """(board, target): the larger grid, or the left / upper one when both are as large."""
    if max(first.area, second.area) > 1.15 * min(first.area, second.area):
        return (first, second) if first.area > second.area else (second, first)
    key_first, key_second = (first.box[0], first.box[1]), (second.box[0], second.box[1])
    return (first, second) if key_first <= key_second else (second, first)


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Read the board and the target of a James Bond Jr. missile puzzle.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The picture: the game screen alone, in an emulator window or on a phone.
    params : Params
        Tuning.

    Returns
    -------
    Recognition
        ``puzzle`` a :class:`solvers.bond.Puzzle`, ``geometry`` a :class:`BondGeometry`;
        unrecognized (confidence below 0.5, with doubts) unless two complete grids of the
        same shape with the same colour counts were found.
    """
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 16:
        return Recognition.nothing(GAME, "not an RGB picture of a usable size")
    work, scale = _working_image(image, params)
    work = _remove_scanlines(work)
    boards = sorted(_grids_in(_flat_regions(work, params), work, params), key=lambda g: -g.area)
    if not boards:
        return Recognition.nothing(GAME, "no grid of flat cells found")
    doubts = []
    for candidate in boards[: params.max_boards]:
        targets = _targets_for(candidate, work, params)
        if not targets:
            doubts.append(f"no second {candidate.shape[0]}x{candidate.shape[1]} grid near a grid")
            continue
        board, target = _ordered(candidate, targets[0])
        reading = _read(board, target, params)
        if isinstance(reading, str):
            doubts.append(reading)
            continue
        to_original = np.diag([1 / scale, 1 / scale, 1.0])
        geometry = BondGeometry(
            board.lattice.transformed(to_original), target.lattice.transformed(to_original)
        )
        if reading.margin < params.min_margin:
            doubt = f"colours too close to tell apart (margin {reading.margin:.2f})"
            return Recognition(GAME, reading.puzzle, 0.3, geometry, (doubt,))
        confidence = min(0.97, 0.75 + 0.4 * reading.margin)
        return Recognition(GAME, reading.puzzle, confidence, geometry, ())
    return Recognition(GAME, None, 0.1, None, tuple(doubts))


# --------------------------------------------------------------------------- overlay

ARROW_COLOR = (235, 64, 52, 225)
LIST_FILL = (255, 255, 255, 255)
ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}


def _slot_offsets(moves: Sequence[tuple[str, int]]) -> list[float]:
    """For each move, its offset across its line in [-0.35, 0.35] of a cell, so that moves on
    the same row or column are drawn side by side."""
    lines: dict[tuple[bool, int], list[int]] = {}
    for number, (direction, index) in enumerate(moves):
        lines.setdefault((direction in ("left", "right"), index), []).append(number)
    offsets = [0.0] * len(moves)
    for members in lines.values():
        for slot, number in enumerate(members):
            offsets[number] = 0.7 * ((slot + 1) / (len(members) + 1) - 0.5)
    return offsets


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """Draw each move as a numbered arrow along its row or column, and the move list.

    Rows and columns are shown counted from 1 (top, left), as written beside the board.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The original picture.
    recognition : Recognition
        A recognition from :func:`recognize` (its geometry is a :class:`BondGeometry`).
    solution : Solution
        The moves to draw.

    Returns
    -------
    (H, W, 3) uint8 array
        The annotated copy.
    """
    geometry: BondGeometry = recognition.geometry
    lattice = geometry.board
    rows, cols = lattice.rows, lattice.cols
    size = lattice.cell_size()
    overlay = Overlay(image)
    moves = solution.moves
    for offset, number, (direction, index) in zip(
        _slot_offsets(moves), range(1, len(moves) + 1), moves, strict=True
    ):
        if direction in ("left", "right"):
            line = index + 0.5 + offset
            ends = [(line, 0.15), (line, cols - 0.15)]
        else:
            line = index + 0.5 + offset
            ends = [(0.15, line), (rows - 0.15, line)]
        if direction in ("left", "up"):
            ends.reverse()
        (tx, ty), (hx, hy) = lattice.to_pixels(ends)
        overlay.arrow((tx, ty), (hx, hy), width=max(2.0, size * 0.07), color=ARROW_COLOR)
        overlay.label((tx, ty), str(number), size=max(9.0, size * 0.3))
    for r in range(rows):
        x, y = lattice.to_pixels([(r + 0.5, -0.25)])[0]
        overlay.label((x, y), str(r + 1), size=max(8.0, size * 0.22))
    for c in range(cols):
        x, y = lattice.to_pixels([(-0.2, c + 0.5)])[0]
        overlay.label((x, y), str(c + 1), size=max(8.0, size * 0.22))
    _draw_move_list(overlay, image.shape, lattice, moves)
    return overlay.render()


def _draw_move_list(
    overlay: Overlay,
    shape: tuple[int, ...],
    lattice: Lattice,
    moves: Sequence[tuple[str, int]],
) -> None:
    """The moves as lines of text (``1 ← row 2``) below the board, or beside it."""
    height, width = shape[:2]
    corners = lattice.to_pixels([(0, 0), (lattice.rows, lattice.cols)])
    (left, top), (right, bottom) = corners
    lines = [
        f"{n} {ARROWS[d]} {'row' if d in ('left', 'right') else 'col'} {i + 1}"
        for n, (d, i) in enumerate(moves, start=1)
    ] or ["solved"]
    text_size = max(9.0, min(lattice.cell_size() * 0.22, height / (len(lines) + 2)))
    per_column = max(1, int((height - text_size) // (1.25 * text_size)))
    char_width = 0.6 * text_size
    column_width = char_width * (max(len(s) for s in lines) + 1)
    below = height - bottom > 1.5 * text_size * min(len(lines), 4)
    if below:
        x_start, y_start = left, bottom + 1.0 * text_size
        per_column = max(1, int((height - y_start) // (1.25 * text_size)))
    else:
        x_start = right + 0.4 * text_size if width - right > column_width else 0.5 * text_size
        y_start = top
    for k, text in enumerate(lines):
        column, line = divmod(k, per_column)
        x = x_start + column * column_width + column_width / 2
        y = y_start + (line + 0.5) * 1.25 * text_size
        overlay.label((x, y), text, size=text_size, fill=LIST_FILL)
