"""Recognize a knight's-tour board: a chessboard screenshot with one knight on it.

The picture is reduced, and the board is found from its grid lines: a chessboard's square
boundaries are straight edges that run across the whole board, so the columns (and rows)
where many pixels have a strong horizontal (vertical) gradient form an evenly spaced run.
The run fixes the pitch and phase of the squares; the board's extent is then grown square
by square while the squares keep alternating between the two colours of the pattern (so a
frame, a margin with coordinates, or window chrome stops it). The knight is the single
square whose contents (what differs from the square's own colour, holes filled) form a
piece-sized solid blob; numbers, dots and crosses are too small or thin. Any
doubt (no run, weak or broken alternation, no knight or several) gives a refusal.
"""

from __future__ import annotations

import bisect
import logging
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from recognizer.overlay import draw_cell_path
from recognizer.recognition import Recognition
from solvers.knight import Puzzle, Solution

log = logging.getLogger(__name__)

GAME = "knight"

FloatArray = NDArray[np.float32]


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer (in pixels of the reduced picture unless said otherwise)."""

    work_side: int = 1000
    """The picture is reduced so that its long side is at most this."""
    edge: float = 22.0
    """A grey-level step across two pixels that counts as an edge."""
    min_pitch: float = 12.0
    max_pitch: float = 260.0
    min_lines: int = 4
    """Fewest evenly spaced grid lines that start a board."""
    min_side: int = 5
    max_side: int = 40
    min_contrast: float = 30.0
    """Least colour distance between the light and the dark squares."""
    match: float = 0.42
    """A square matches its colour class within this fraction of the contrast."""
    piece_area: float = 0.08
    """Least area of a piece, as a fraction of the square."""
    piece_height: float = 0.48
    """Least height of a piece, as a fraction of the square."""
    piece_offset: float = 0.16
    """Farthest a piece's centroid lies from its square's centre, as a fraction of the square."""
    piece_solidity: float = 0.65
    """Least ratio of a piece's area to its convex hull's (a piece is a solid blob)."""


PARAMS = Params()


@dataclass(frozen=True)
class Grid:
    """Square boundaries in the reduced picture: ``x = x0 + px * i``, ``y = y0 + py * j``."""

    x0: float
    px: float
    y0: float
    py: float

    def box(self, row: int, col: int, inset: float) -> tuple[int, int, int, int]:
        """Pixel bounds ``(top, bottom, left, right)`` of a square, shrunk by ``inset``."""
        top = self.y0 + self.py * (row + inset)
        bottom = self.y0 + self.py * (row + 1 - inset)
        left = self.x0 + self.px * (col + inset)
        right = self.x0 + self.px * (col + 1 - inset)
        return round(top), round(bottom), round(left), round(right)


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Find a chessboard with one knight in ``image``.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The screenshot.
    params : Params
        Tuning.

    Returns
    -------
    Recognition
        With a :class:`solvers.knight.Puzzle` and a :class:`Lattice` in the picture's
        pixels, or a refusal with the reason.
    """
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 32:
        return Recognition.nothing(GAME, "not an RGB picture of a usable size")
    scale = min(1.0, params.work_side / max(image.shape[:2]))
    small = (
        cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        if scale < 1.0
        else image
    )
    grey = np.asarray(
        cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_RGB2GRAY).astype(np.float32), (0, 0), 1.0),
        dtype=np.float32,
    )
    found = _find_grid(grey, params)
    if found is None:
        return Recognition.nothing(GAME, "no evenly spaced grid lines")
    colour: FloatArray = np.asarray(
        cv2.GaussianBlur(small.astype(np.float32), (0, 0), 1.0), dtype=np.float32
    )
    board = _grow_board(colour, *found, params)
    if isinstance(board, str):
        return Recognition.nothing(GAME, board)
    grid, rows, cols, contrast = board
    knights = _find_pieces(colour, grid, rows, cols, contrast, params)
    lattice = Lattice.axis_aligned(
        rows, cols, grid.x0 / scale, grid.y0 / scale, grid.px / scale, grid.py / scale
    )
    if len(knights) != 1:
        what = "no knight" if not knights else f"{len(knights)} knight-like pieces"
        return Recognition(GAME, None, 0.0, lattice, (f"{rows}x{cols} board with {what}",))
    doubts: list[str] = []
    confidence = 0.9
    if contrast < 2 * params.min_contrast:
        doubts.append(f"low contrast between the squares ({contrast:.0f})")
        confidence -= 0.15
    puzzle = Puzzle(rows, cols, knights[0])
    log.debug("knight: %dx%d board, knight on %s", rows, cols, knights[0])
    return Recognition(GAME, puzzle, confidence, lattice, tuple(doubts))


def _find_grid(grey: FloatArray, params: Params) -> tuple[Grid, int, int] | None:
    """The pitch and phase of the squares, from the evenly spaced edge lines.

    Returns the grid (square 0 lies after the first line of each run) and the numbers of
    squares the runs span down and across.
    """
    gx = np.abs(grey[:, 2:] - grey[:, :-2]) > params.edge
    gy = np.abs(grey[2:, :] - grey[:-2, :]) > params.edge
    xs = _line_run(_share(gx, axis=0), params)
    if xs is None:
        return None
    left, right = round(xs[0][0]), round(xs[0][0] + xs[0][1] * xs[1])
    ys = _line_run(_share(gy[:, left:right], axis=1), params)
    if ys is None:
        return None
    top, bottom = round(ys[0][0]), round(ys[0][0] + ys[0][1] * ys[1])
    xs = _line_run(_share(gx[top:bottom], axis=0), params)
    if xs is None:
        return None
    (x0, px), (y0, py) = xs[0], ys[0]
    if not 0.85 < px / py < 1.18:
        return None
    # a difference across two pixels peaks between them: shift by one to the boundary
    return Grid(x0 + 1.0, px, y0 + 1.0, py), ys[1], xs[1]


def _share(mask: NDArray[np.bool_], axis: int) -> FloatArray:
    """The fraction of true pixels along ``axis`` (a fast boolean mean)."""
    return np.count_nonzero(mask, axis=axis).astype(np.float32) / max(1, mask.shape[axis])


def _line_run(profile: FloatArray, params: Params) -> tuple[tuple[float, float], int] | None:
    """The longest evenly spaced run of peaks of ``profile``.

    Returns
    -------
    ((first, pitch), count) or None
        The fitted line positions ``first + pitch * k`` for ``k`` in ``0..count-1``
        (``count`` lines), or ``None`` when no run of ``params.min_lines`` exists.
    """
    if profile.size < 8 or profile.max() < 0.05:
        return None
    floor = max(0.3 * float(profile.max()), 0.05)
    padded = np.pad(profile, 2)
    window = np.lib.stride_tricks.sliding_window_view(padded, 5)
    peaks = np.flatnonzero((profile >= floor) & (profile >= window.max(axis=1)))
    # merge plateaus into their centres
    centres: list[float] = []
    for p in peaks:
        if centres and p - centres[-1] <= 2:
            centres[-1] = (centres[-1] + p) / 2
        else:
            centres.append(float(p))
    best: list[float] = []
    best_strength = 0.0
    for i, first in enumerate(centres):
        for second in centres[i + 1 :]:
            pitch = second - first
            if pitch < params.min_pitch:
                continue
            if pitch > params.max_pitch:
                break
            run = [first, second]
            tol = max(2.0, 0.06 * pitch)
            while True:
                expected = run[-1] + pitch
                at = bisect.bisect_left(centres, expected)
                near = [c for c in centres[max(0, at - 1) : at + 1] if abs(c - expected) <= tol]
                if not near:
                    break
                run.append(min(near, key=lambda c: abs(c - expected)))
            strength = float(sum(profile[round(c)] for c in run))
            if len(run) > len(best) or (len(run) == len(best) and strength > best_strength):
                best, best_strength = run, strength
    if len(best) < params.min_lines:
        return None
    index = np.arange(len(best), dtype=np.float64)
    pitch, first = np.polyfit(index, np.asarray(best), 1)
    return (float(first), float(pitch)), len(best) - 1


def _ring_pixels(colour: FloatArray, grid: Grid, row: int, col: int) -> FloatArray | None:
    """The ``(N, 3)`` pixels of a square's border band, where a piece rarely reaches."""
    top, bottom, left, right = grid.box(row, col, 0.1)
    h, w = colour.shape[:2]
    if top < 0 or left < 0 or bottom > h or right > w or bottom - top < 4 or right - left < 4:
        return None
    patch = colour[top:bottom, left:right]
    band = max(1, round(0.12 * (bottom - top)))
    return np.concatenate(
        [
            patch[:band].reshape(-1, 3),
            patch[-band:].reshape(-1, 3),
            patch[band:-band, :band].reshape(-1, 3),
            patch[band:-band, -band:].reshape(-1, 3),
        ]
    )


def _ring_colour(colour: FloatArray, grid: Grid, row: int, col: int) -> FloatArray | None:
    """Median colour of a square's border band."""
    pixels = _ring_pixels(colour, grid, row, col)
    return None if pixels is None else np.median(pixels, axis=0).astype(np.float32)


def _grow_board(
    colour: FloatArray, grid: Grid, down: int, across: int, params: Params
) -> tuple[Grid, int, int, float] | str:
    """Grow the checkered area from the 2x2 squares in the middle of the grid runs.

    Returns the grid re-based at the board's top-left square, the size, and the contrast,
    or the reason there is no board.
    """
    cache: dict[tuple[int, int], NDArray[np.float32] | None] = {}

    def ring(r: int, c: int) -> NDArray[np.float32] | None:
        if (r, c) not in cache:
            cache[(r, c)] = _ring_colour(colour, grid, r, c)
        return cache[(r, c)]

    r0, c0 = max(0, down // 2 - 1), max(0, across // 2 - 1)
    found = [ring(r0 + dr, c0 + dc) for dr in (0, 1) for dc in (0, 1)]
    seed = [s for s in found if s is not None]
    if len(seed) < 4:
        return "grid squares fall outside the picture"
    even = np.mean([seed[0], seed[3]], axis=0)
    odd = np.mean([seed[1], seed[2]], axis=0)
    contrast = float(np.linalg.norm(even - odd))
    if contrast < params.min_contrast:
        return f"squares do not alternate in colour (contrast {contrast:.0f})"
    classes = {0: even, 1: odd} if (r0 + c0) % 2 == 0 else {0: odd, 1: even}

    def fits(r: int, c: int) -> bool:
        value = ring(r, c)
        if value is None:
            return False
        want, other = classes[(r + c) % 2], classes[(r + c + 1) % 2]
        near = float(np.linalg.norm(value - want))
        return near < params.match * contrast and near < float(np.linalg.norm(value - other))

    def misfits(cells: list[tuple[int, int]]) -> int:
        return sum(not fits(r, c) for r, c in cells)

    top, bottom, left, right = r0, r0 + 2, c0, c0 + 2
    if misfits([(r, c) for r in range(top, bottom) for c in range(left, right)]):
        return "the squares do not form a checkered pattern"

    def edges() -> dict[str, list[tuple[int, int]]]:
        """The line of squares just outside each side of the current area."""
        return {
            "top": [(top - 1, c) for c in range(left, right)],
            "bottom": [(bottom, c) for c in range(left, right)],
            "left": [(r, left - 1) for r in range(top, bottom)],
            "right": [(r, right) for r in range(top, bottom)],
        }

    grown = True
    while grown:
        grown = False
        # a line joins when at most one of its squares (a piece, a mark) breaks the pattern
        for side, cells in edges().items():
            if misfits(cells) <= (len(cells) >= 4):
                grown = True
                if side == "top":
                    top -= 1
                elif side == "bottom":
                    bottom += 1
                elif side == "left":
                    left -= 1
                else:
                    right += 1
                break
        if bottom - top > params.max_side or right - left > params.max_side:
            return "checkered area too large to be a board"
    for side, cells in edges().items():
        # squares of both colours fitting beyond an edge: a board line with flaws, not a
        # margin (a plain margin can match one colour class only)
        fitting = {(r + c) % 2 for r, c in cells if fits(r, c)}
        if len(fitting) == 2 and misfits(cells) <= len(cells) // 3:
            return f"the board's {side} edge is unclear"
    rows, cols = bottom - top, right - left
    if min(rows, cols) < params.min_side:
        return f"checkered area of {rows}x{cols} squares is too small for a board"
    # refine the two colours over the whole board
    for parity in (0, 1):
        values = [
            ring(r, c)
            for r in range(top, bottom)
            for c in range(left, right)
            if (r + c) % 2 == parity
        ]
        classes[parity] = np.median(np.asarray(values), axis=0)
    contrast = float(np.linalg.norm(classes[0] - classes[1]))
    moved = Grid(grid.x0 + grid.px * left, grid.px, grid.y0 + grid.py * top, grid.py)
    return moved, rows, cols, contrast


def _find_pieces(
    colour: FloatArray, grid: Grid, rows: int, cols: int, contrast: float, params: Params
) -> list[tuple[int, int]]:
    """The squares holding a piece-like blob."""
    found = []
    for r in range(rows):
        for c in range(cols):
            if _is_piece(colour, grid, r, c, contrast, params):
                found.append((r, c))
    return found


def _is_piece(
    colour: FloatArray, grid: Grid, row: int, col: int, contrast: float, params: Params
) -> bool:
    """Whether square ``(row, col)`` holds a piece-sized solid blob."""
    filled = _content_mask(colour, grid, row, col, contrast)
    if filled is None:
        return False
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(filled, connectivity=8)
    if count < 2:
        return False
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    dx = (centroids[best][0] - filled.shape[1] / 2) / grid.px
    dy = (centroids[best][1] - filled.shape[0] / 2) / grid.py
    if np.hypot(dx, dy) > params.piece_offset:
        return False
    area = float(stats[best, cv2.CC_STAT_AREA])
    if area < params.piece_area * grid.px * grid.py:
        return False
    if stats[best, cv2.CC_STAT_HEIGHT] < params.piece_height * grid.py:
        return False
    points = cv2.findNonZero((labels == best).astype(np.uint8))
    hull = float(cv2.contourArea(cv2.convexHull(points)))
    return area / max(hull, 1.0) >= params.piece_solidity


def _content_mask(
    colour: FloatArray, grid: Grid, row: int, col: int, contrast: float
) -> NDArray[np.uint8] | None:
    """What a square holds besides its own colour and texture, outlines filled."""
    top, bottom, left, right = grid.box(row, col, 0.04)
    patch = colour[top:bottom, left:right]
    ring = _ring_pixels(colour, grid, row, col)
    if ring is None or patch.size == 0:
        return None
    # foreign: far from the square's colour, or outside the grey range of its texture
    base = np.median(ring, axis=0)
    spread = float(np.median(np.linalg.norm(ring - base, axis=1)))
    distance = np.linalg.norm(patch - base, axis=2)
    low, high = np.percentile(ring.mean(axis=1), [1, 99])
    margin = max(12.0, 0.1 * contrast)
    grey = patch.mean(axis=2)
    foreign = (
        (distance > max(28.0, 0.25 * contrast, 4.5 * spread))
        | (grey < low - margin)
        | (grey > high + margin)
    )
    mask = foreign.astype(np.uint8)
    # bridge pixel gaps in a thin outline, fill what it encloses, drop texture specks
    bridge = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    speck = max(3, round(0.06 * grid.py)) | 1
    closed = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_CLOSE, bridge), dtype=np.uint8)
    filled = np.asarray(
        cv2.morphologyEx(
            _fill_holes(closed),
            cv2.MORPH_OPEN,
            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (speck, speck)),
        ),
        dtype=np.uint8,
    )
    return filled


def _fill_holes(mask: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """``mask`` with every region it encloses filled."""
    padded = np.pad(mask, 1)
    outside = padded.copy()
    flood = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(outside, flood, (0, 0), 1)
    holes = outside == 0
    out = padded.copy()
    out[holes] = 1
    return out[1:-1, 1:-1]


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """The picture with a thin line along the tour and the move number on every square.

    The start is ringed in green and the end in blue; numbers are outlined so that they
    read on light and dark squares alike.
    """
    lattice = recognition.geometry
    if not isinstance(lattice, Lattice):
        raise TypeError("a knight recognition carries a Lattice")
    centres = [lattice.center(cell) for cell in solution.tour]
    return draw_cell_path(image, centres, lattice.cell_size(), line_width=0.045, ring_start=True)
