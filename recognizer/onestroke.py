"""Recognizer of 一笔画完 (one-stroke) screenshots: the tile lattice, the holes, the cat's tile.

The pipeline, on a reduced and median-filtered copy of the picture:

1. :func:`find_board`: for each of the picture's main colours, the square, nearly solid
   regions of that colour; the largest set of equal size that sits on a regular lattice
   with gaps between the tiles is the board.
2. :func:`read_board`: the band around the tiles gives the background colour; every
   lattice cell of the board (and the ring around it) is then a tile (tile colour), a hole
   (background) or covered by something else: the cat, which marks the start. Tiles the
   blobs missed at the board's edge widen it. Exactly one cat is allowed.
3. The confidence falls with every doubt: irregular gaps, unclear cells, no cat or two.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.colors import (
    ColorPeak,
    LabColor,
    LabImage,
    color_distance,
    delta_e,
    dominant_colors,
    reduce,
    to_lab,
)
from recognizer.image import RGBImage
from recognizer.lattice import Blob, Cell, GridFit, Lattice, find_blobs, fit_grid, modal_size_group
from recognizer.overlay import draw_cell_path
from recognizer.recognition import Recognition
from solvers.errors import PuzzleFormatError
from solvers.onestroke import Solution, from_rows

log = logging.getLogger(__name__)

GAME = "onestroke"

#: Cells ``(top, left, bottom, right)``, inclusive, in lattice coordinates.
Area = tuple[int, int, int, int]


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer; the defaults suit phone and tablet screenshots."""

    #: The long side of the working copy, in pixels.
    work_side: int = 960
    #: How many of the picture's main colours are tried as the tile colour.
    colors_tried: int = 6
    #: Smallest tile side in the working copy, in pixels.
    min_tile: float = 9.0
    #: Fewest tiles a board may have.
    min_tiles: int = 4
    #: The gap between tiles, as a fraction of the pitch, must lie in this range.
    gap_range: tuple[float, float] = (0.04, 0.4)
    #: Largest distance of a tile's centre from its lattice node, in pitches.
    max_residual: float = 0.12
    #: Each cell is judged on its central square, this far (in pitches) inside its edges.
    inset: float = 0.25
    #: A cell is a plain tile or hole when this share of its centre has that colour.
    plain: float = 0.85
    #: A cell is covered (by the cat) when this share of its centre is neither.
    covered: float = 0.3
    #: The most rows or columns a board may have.
    max_cells: int = 30


DEFAULT = Params()


@dataclass(frozen=True)
class Board:
    """The tile lattice found in the working copy.

    Parameters
    ----------
    tile : LabColor
        The tiles' colour.
    tolerance : float
        Pixels within this Delta E of ``tile`` made the tile mask.
    fit : GridFit
        The lattice; node ``(0, 0)`` is the top-left of the tiles' bounding box.
    tiles : frozenset of Cell
        Nodes holding a tile blob.
    side : float
        The tiles' median side, in working pixels.
    palette : tuple of LabColor
        The picture's other main colours (candidates for the background).
    """

    tile: LabColor
    tolerance: float
    fit: GridFit
    tiles: frozenset[Cell]
    side: float
    palette: tuple[LabColor, ...]

    @property
    def pitch(self) -> float:
        """Mean lattice pitch, in working pixels."""
        return (self.fit.x.pitch + self.fit.y.pitch) / 2.0

    @property
    def extent(self) -> tuple[int, int]:
        """Rows and columns of the tiles' bounding box."""
        return max(r for r, _ in self.tiles) + 1, max(c for _, c in self.tiles) + 1


@dataclass(frozen=True)
class CellReading:
    """What the centre of one lattice cell shows, as shares of its pixels.

    Parameters
    ----------
    tile : float
        Share of the tile colour, within the tiles' own noise (strict).
    tile_like : float
        Share nearer the tile colour than the background (loose).
    background : float
        Share nearer the background than the tile colour (loose).
    """

    tile: float
    tile_like: float
    background: float

    @property
    def other(self) -> float:
        """The share that is neither the exact tile colour nor background: the cat's."""
        return max(0.0, 1.0 - self.tile - self.background)


def recognize(image: RGBImage, params: Params = DEFAULT) -> Recognition:
    """Read a one-stroke board from a screenshot.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The picture.
    params : Params
        Tuning.

    Returns
    -------
    Recognition
        The puzzle (cropped to the tiles' bounding box), a :class:`Lattice` whose
        cell ``(r, c)`` is the puzzle's cell ``(r, c)``, a confidence and doubts.
    """
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 16:
        return Recognition.nothing(GAME, "not an RGB picture of usable size")
    small, scale = reduce(image, params.work_side)
    lab = to_lab(np.asarray(cv2.medianBlur(np.ascontiguousarray(small), 3), dtype=np.uint8))
    board = find_board(lab, params)
    if board is None:
        return Recognition.nothing(GAME, "no lattice of equal tiles separated by gaps")
    return read_board(lab, board, scale, params)


def find_board(lab: LabImage, params: Params = DEFAULT) -> Board | None:
    """The largest regular lattice of equal square tiles of one colour, or ``None``."""
    peaks = dominant_colors(lab)
    best: Board | None = None
    for peak in peaks[: params.colors_tried]:
        board = _board_of_color(lab, peak, peaks, params)
        if board is not None and (best is None or len(board.tiles) > len(best.tiles)):
            best = board
    return best


def _board_of_color(
    lab: LabImage, peak: ColorPeak, peaks: list[ColorPeak], params: Params
) -> Board | None:
    others = [color_distance(peak.lab, p.lab) for p in peaks if p is not peak]
    tolerance = float(np.clip(0.45 * min(others, default=20.0), 3.0, 12.0))
    mask = delta_e(lab, peak.lab) < tolerance
    height, width = mask.shape
    blobs = find_blobs(mask, params.min_tile, 0.4 * min(height, width), min_fill=0.8)
    group = modal_size_group(blobs)
    if len(group) < params.min_tiles:
        return None
    side = float(np.median([b.side for b in group]))
    fit = _fit_inliers(group, side, params)
    if fit is None:
        return None
    pitch_x, pitch_y = fit.x.pitch, fit.y.pitch
    gap = 1.0 - side / ((pitch_x + pitch_y) / 2.0)
    if abs(pitch_x - pitch_y) > 0.08 * max(pitch_x, pitch_y):
        return None
    if not params.gap_range[0] <= gap <= params.gap_range[1]:
        return None
    cells = fit.cells
    if len(set(cells)) != len(cells) or len(cells) < params.min_tiles:
        return None
    palette = tuple(p.lab for p in peaks if p is not peak)
    return Board(peak.lab, tolerance, fit, frozenset(cells), side, palette)


def _fit_inliers(blobs: list[Blob], side: float, params: Params) -> GridFit | None:
    """Fit a lattice to the blobs' centres, drop the blobs off it, and fit again."""
    members = blobs
    for _ in range(2):
        fit = fit_grid([(b.x, b.y) for b in members], tolerance=0.3 * side)
        if fit is None:
            return None
        keep = fit.residuals <= params.max_residual
        if keep.all():
            return fit
        members = [b for b, k in zip(members, keep, strict=True) if k]
        if len(members) < params.min_tiles:
            return None
    return None


def _box_mean(values: NDArray[np.bool_]) -> NDArray[np.float64]:
    """Summed-area table of a boolean map (one row and column of zeros in front)."""
    return np.asarray(cv2.integral(values.astype(np.uint8)), dtype=np.float64)


def _share(table: NDArray[np.float64], box: tuple[int, int, int, int]) -> float:
    x0, y0, x1, y1 = box
    area = max((x1 - x0) * (y1 - y0), 1)
    return float(table[y1, x1] - table[y0, x1] - table[y1, x0] + table[y0, x0]) / area


def read_board(lab: LabImage, board: Board, scale: float, params: Params = DEFAULT) -> Recognition:
    """Judge every cell of ``board`` and its surrounding ring; build the recognition."""
    background, gap_agreement = _background(lab, board)
    contrast = color_distance(background, board.tile)
    if contrast < 6.0:
        return Recognition.nothing(GAME, "the tiles' colour is the background's")
    strict = min(_plain_tolerance(lab, board, params), 0.45 * contrast)
    to_tile, to_back = delta_e(lab, board.tile), delta_e(lab, background)
    loose = 0.45 * contrast
    tables = (
        _box_mean(to_tile < strict),
        _box_mean((to_tile < loose) & (to_tile < to_back)),
        _box_mean((to_back < loose) & (to_back <= to_tile)),
    )
    height, width = lab.shape[:2]
    half = (0.5 - params.inset) * board.pitch
    readings: dict[Cell, CellReading] = {}
    rows, cols = board.extent
    area: Area = (0, 0, rows - 1, cols - 1)
    while True:
        top, left, bottom, right = area
        for cell in np.ndindex(bottom - top + 3, right - left + 3):
            r, c = cell[0] + top - 1, cell[1] + left - 1
            x, y = board.fit.node((r, c))
            box = (round(x - half), round(y - half), round(x + half) + 1, round(y + half) + 1)
            seen = box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height
            if seen and (r, c) not in readings:
                readings[(r, c)] = CellReading(*(_share(table, box) for table in tables))
        # tiles the blobs missed at the edge widen the board
        grown = [
            cell
            for cell, reading in readings.items()
            if not _within(cell, area) and reading.tile_like >= params.plain
        ]
        if not grown or max(bottom - top, right - left) > params.max_cells:
            break
        area = (
            min([top] + [r for r, _ in grown]),
            min([left] + [c for _, c in grown]),
            max([bottom] + [r for r, _ in grown]),
            max([right] + [c for _, c in grown]),
        )
    near = {
        (r, c) for r in range(area[0] - 1, area[2] + 2) for c in range(area[1] - 1, area[3] + 2)
    }
    readings = {cell: reading for cell, reading in readings.items() if cell in near}
    return _decide(board, area, readings, gap_agreement, scale, params)


def _background(lab: LabImage, board: Board) -> tuple[LabColor, float]:
    """The background colour, and the share of gaps between side-by-side tiles that show it.

    The background is the main colour most common in a band half a pitch wide around
    the tiles (narrow gaps in a blurred picture mix the tiles' colour in, so the band is
    safer than the gaps); a gap agrees when it shows the background, if need be blended
    with the tiles' edges, and the share is that of the better direction (a drop shadow
    may fill the other).
    """
    rows, cols = board.extent
    height, width = lab.shape[:2]
    (x0, y0), (x1, y1) = board.fit.node((0, 0)), board.fit.node((rows - 1, cols - 1))
    inner = board.side / 2
    outer = inner + board.pitch / 2
    box = [max(0, round(x0 - outer)), max(0, round(y0 - outer))]
    box += [min(width, round(x1 + outer)), min(height, round(y1 + outer))]
    band = np.ones((box[3] - box[1], box[2] - box[0]), dtype=bool)
    band[
        max(0, round(y0 - inner) - box[1]) : round(y1 + inner) - box[1],
        max(0, round(x0 - inner) - box[0]) : round(x1 + inner) - box[0],
    ] = False
    pixels = lab[box[1] : box[3], box[0] : box[2]][band]
    if not board.palette or pixels.size == 0:
        return board.tile, 0.0
    color = max(board.palette, key=lambda c: float(np.mean(delta_e(pixels, c) < 8.0)))
    agreements = []
    for dr, dc in ((0, 1), (1, 0)):
        pairs = [(a, (a[0] + dr, a[1] + dc)) for a in board.tiles]
        gaps = [_gap_pixel(lab, board, a, b) for a, b in pairs if b in board.tiles]
        if gaps:
            agreements.append(float(np.mean(_towards(np.asarray(gaps), board.tile, color))))
    return color, max(agreements, default=0.0)


def _towards(pixels: NDArray[np.float32], tile: LabColor, back: LabColor) -> NDArray[np.bool_]:
    """Whether each pixel blends ``tile`` and ``back``, at least 30% of the way to ``back``."""
    t0, axis = np.asarray(tile, dtype=np.float32), np.subtract(back, tile).astype(np.float32)
    share = (pixels - t0) @ axis / max(float(axis @ axis), 1e-6)
    off = pixels - (t0 + share[:, None] * axis)
    return np.asarray((share >= 0.3) & (np.linalg.norm(off, axis=1) < 8.0))


def _gap_pixel(lab: LabImage, board: Board, a: Cell, b: Cell) -> NDArray[np.float32]:
    """The pixel least like the tiles on the segment across the gap between ``a`` and ``b``."""
    (xa, ya), (xb, yb) = board.fit.node(a), board.fit.node(b)
    t = np.linspace(0.25, 0.75, 9)
    xs = np.round(xa + t * (xb - xa)).astype(int)
    ys = np.round(ya + t * (yb - ya)).astype(int)
    line = lab[ys, xs]
    return np.asarray(line[int(np.argmax(delta_e(line, board.tile)))], dtype=np.float32)


def _plain_tolerance(lab: LabImage, board: Board, params: Params) -> float:
    """A Delta E that covers the tiles' own noise (JPEG, blur, video) but not the cat."""
    half = max(1, round((0.5 - params.inset) * board.pitch))
    spreads = []
    for cell in board.tiles:
        x, y = (round(v) for v in board.fit.node(cell))
        patch = lab[max(0, y - half) : y + half + 1, max(0, x - half) : x + half + 1]
        if patch.size:
            spreads.append(float(np.percentile(delta_e(patch, board.tile), 90)))
    return float(np.clip(2.5 * np.median(spreads) + 2.0, 4.0, board.tolerance))


def _decide(
    board: Board,
    area: Area,
    readings: dict[Cell, CellReading],
    gap_agreement: float,
    scale: float,
    params: Params,
) -> Recognition:
    """Tiles, holes and the cat from the cell readings; doubts lower the confidence.

    Cells within ``area`` must each be a plain tile, a hole or covered; the ring of
    cells around it only matters where the cat might sit, next to a tile.
    """
    doubts: list[str] = []
    confidence = 1.0
    tiles = set()
    covered = []
    for cell, reading in sorted(readings.items()):
        inside = _within(cell, area)
        if not inside and not any(
            _within(n, area) and n in readings and readings[n].tile_like >= params.plain
            for n in _neighbours(cell)
        ):
            continue
        if reading.other >= params.covered:
            covered.append(cell)
        elif inside and reading.tile_like >= params.plain:
            tiles.add(cell)
        elif reading.background >= params.plain or (not inside and reading.tile_like < 0.5):
            continue
        else:
            doubts.append(f"cell {list(cell)} is neither a plain tile nor a hole")
            confidence = min(confidence, 0.3)
    if not covered:
        return Recognition.nothing(GAME, "no cat on the board: the start is unknown")
    inner = [cell for cell in covered if _within(cell, area)]
    if inner:
        covered = inner
    # the cat's ears, tail and feet (and its colour, smeared by video compression)
    # spill into the cells beside it: a weaker neighbour is read by its other pixels
    cat = max(covered, key=lambda cell: readings[cell].other)
    for cell in [c for c in covered if c in _neighbours(cat)]:
        reading = readings[cell]
        if reading.other < 0.6 * readings[cat].other:
            covered.remove(cell)
            if _within(cell, area) and reading.tile_like > reading.background:
                tiles.add(cell)
    if len(covered) > 1:
        doubts.insert(0, f"{len(covered)} cells look covered by a cat; the start is ambiguous")
        confidence = min(confidence, 0.2)
    start = cat
    tiles.add(start)
    if len(tiles) < params.min_tiles:
        return Recognition.nothing(GAME, "too few tiles")
    if gap_agreement < 0.9:
        doubts.append("the gaps between tiles are not all background")
        confidence = min(confidence, 0.3 if gap_agreement < 0.7 else 0.6)
    if not _connected(tiles):
        doubts.append("the tiles are not all connected")
        confidence = min(confidence, 0.4)
    top = min(r for r, _ in tiles)
    left = min(c for _, c in tiles)
    bottom = max(r for r, _ in tiles)
    right = max(c for _, c in tiles)
    rows = [
        "".join("1" if (r, c) in tiles else "0" for c in range(left, right + 1))
        for r in range(top, bottom + 1)
    ]
    try:
        puzzle = from_rows(rows, (start[0] - top, start[1] - left))
    except PuzzleFormatError as exc:
        return Recognition.nothing(GAME, f"not a board ({exc})")
    lattice = board.fit.lattice(top, left, puzzle.rows, puzzle.cols, scale)
    residual = float(np.max(board.fit.residuals))
    confidence *= float(np.clip(1.0 - 2.0 * max(0.0, residual - 0.05), 0.5, 1.0))
    log.debug(
        "onestroke: %dx%d, start %s, confidence %.2f",
        puzzle.rows,
        puzzle.cols,
        puzzle.start,
        confidence,
    )
    return Recognition(GAME, puzzle, round(confidence, 3), lattice, tuple(doubts))


def _within(cell: Cell, area: Area) -> bool:
    return area[0] <= cell[0] <= area[2] and area[1] <= cell[1] <= area[3]


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))


def _connected(cells: set[Cell]) -> bool:
    first = next(iter(cells))
    seen, todo = {first}, [first]
    while todo:
        for nxt in _neighbours(todo.pop()):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """The picture with the path through the tile centres, numbered, start and end marked."""
    lattice = recognition.geometry
    if not isinstance(lattice, Lattice):
        raise TypeError("a one-stroke recognition carries a Lattice")
    centers = [lattice.center(cell) for cell in solution.path]
    return draw_cell_path(image, centers, lattice.cell_size())


__all__ = ["Board", "CellReading", "Params", "draw", "find_board", "read_board", "recognize"]
