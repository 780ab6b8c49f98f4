"""James Bond Jr. missile puzzle: read the board and the target icon, draw the moves.

The pipeline, one small function per stage:

0. :func:`_remove_scanlines` evens out CRT scanlines at the picture's own resolution
   (where their period is still one console pixel, 2 to 4.5 pixels). :func:`_look` takes
   a quick look at a copy reduced by :func:`recognizer.colors.reduce`: without a block of
   flat regions on a lattice of 2..6 x 2..6 cells there is no board, and the picture is
   given up in a few milliseconds; else only the part around the candidates is read
   (:func:`_crop`), its scanlines evened out when the largest candidate's rows show them
   (on a phone's page, the game's screen may be too small a part of the picture for them
   to show in the whole).
1. :func:`_working_scale` and :func:`_resized` rescale the picture to a working size (tiny
   target cells get enough pixels, large screenshots stay fast).
2. :func:`_flat_regions` labels regions of flat colour and :func:`_palette` takes their
   colours; :func:`_class_regions` then labels the pixels near each colour, which holds
   up better than flatness on small, smoothed or JPEG cells.
3. :func:`_blocks` groups the cell-like regions that sit side by side with aligned edges,
   and :func:`_fit_axis` fits each group with an ``R x C`` lattice of equal, square-ish
   cells, allowing thin separators, bevels and same-coloured neighbours that merge into
   one region (:func:`_grids_in`, :func:`_sample_cells`; cells that made no region are
   read from even patches at their centres, :func:`_patch_colors`).
4. :func:`_pairs` puts the largest grid with a grid of the same shape near it (the board is
   the larger, or the left / upper one when equal): a block of regions, or after those a
   blob of the board's colours (:func:`_grids_of_colours`), that fits no lattice is read in
   its box (:func:`_grid_in_box`, in boxes shrunk or grown on every side,
   :func:`_grid_within`). Hollow cells (outlines: the page's colour at every centre) are
   read on their rims (:func:`_on_rims`). :func:`_read` numbers the colours of both
   jointly; when those classes make no puzzle (a photo's blur washes out the target's tiny
   cells), the board's classes are taken and the target is read in the board's light
   (:func:`_target_in_board_light`: one gain and offset per channel, exactly the board's
   colour counts, a clear margin). Without a reading, steps 2-4 run again with the largest
   grid's colours, and last with the flat regions themselves (a photo's light gradient and
   moire spread a large board's colours in stripes beyond the classes' reach).

Any doubt that could make the reading wrong (a grid incomplete or going on beyond itself in
its colours, :func:`_continues`, or lying within a larger grid found in any round,
:func:`_within_larger`, or whose separators go on between even cells around it,
:func:`_lines_go_on`; two grids on one lattice with only cells of their colours between
them, :func:`_one_lattice`; a lattice finer than the cells, its separators showing on
some lines and nothing on others, :func:`_split_cells`; cells whose colour around their
centre is not the one at it, pieces on squares, :func:`_pieces_on_cells`; shapes or colour
counts that differ, colours that are not clearly distinct or that chain into each other,
light colours clipped alike, a class that splits into two colours once a photo's smooth
light is taken out, or into two groups far apart where the other classes' cells are tight,
:func:`_merged_class`; a board that already matches its target: no level starts solved)
gives an unrecognized result; colour counts that differ, chained
colours and colours that may have merged name the cells in doubt.
"""

from __future__ import annotations

import itertools
import logging
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeVar

import cv2
import numpy as np
from numpy.typing import ArrayLike, NDArray

from recognizer.colors import reduce
from recognizer.image import RGBImage
from recognizer.lattice import Lattice, connected
from recognizer.overlay import Overlay
from recognizer.recognition import Recognition
from solvers.bond import MAX_SIDE, MIN_SIDE, Puzzle, Solution

log = logging.getLogger(__name__)

T = TypeVar("T")
G = TypeVar("G", bound=np.generic)

GAME = "bond"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (x1, y1 exclusive), working pixels


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer, in working-image pixels unless said otherwise."""

    #: The first look for a board is on a copy reduced to this long side (in picture pixels).
    look_long_side: int = 512
    #: A block of flat regions seen in the first look is a board candidate when it has this
    #: many regions (up to a 6 x 6 grid's cells) and its sides' ratio is at most
    min_look_regions: int = 3
    #: A block that fits no lattice is fitted again with only its regions within this
    #: share of its median region's width and height (single cells).
    look_equal_size: float = 0.25
    #: Edge tolerance of the first look's lattice fit (see ``edge_share``): flat regions of
    #: a reduced copy lose a pixel or two at bevels and JPEG edges.
    look_edge_share: float = 0.2
    look_edge_pixels: float = 4.0
    #: The first look's least fill of a region's box when its regions filling ``min_fill``
    #: show no board: merged same-coloured cells may make an L of a whole row and a whole
    #: column, 2n - 1 of a box's n x n cells (0.44 for n = 4, 0.31 for n = 6), less its
    #: edges' pixels in a reduced copy.
    look_min_fill: float = 0.3
    #: The picture is read around the first look's candidates, this many times the largest
    #: one's side beyond them on every side.
    crop_reach: float = 2.5
    #: The target lies within the board's longer side of it, or within this many of the
    #: board's pitches on a small board (the game's frame and pipes keep them apart by a
    #: fixed distance, two to three cells of a 2 x 2 board).
    target_reach_pitches: float = 3.0
    #: A grid lies within a larger one when its box is inside the larger one's grown by this
    #: share of the larger one's pitch (a lattice fitted to a few cells may overreach a
    #: bevel or a separator on either side).
    part_slack: float = 0.25
    #: A target whose pitch is within this ratio of the board's and whose corners lie this
    #: share of a pitch from the board's grid lines, beside it, continues the board's
    #: lattice (:func:`_one_lattice`).
    lattice_pitch: float = 1.15
    lattice_slack: float = 0.3
    #: A target whose box comes nearer the board's than this share of the smaller pitch
    #: (touching or overlapping it) is no target of its own (:func:`_touching`).
    min_apart: float = 0.25
    #: Small pictures are enlarged to this long side, large ones reduced to this many pixels.
    min_long_side: int = 900
    max_pixels: int = 1_500_000
    #: A pixel is flat when the colour range of its 3x3 neighbourhood is below this.
    flat_range: float = 22.0
    #: Pixels whose 3x3 colour range is above this are no part of a cell (a sharp edge).
    class_flat_range: float = 45.0
    #: Smallest side and area of a region that may be (part of) a cell.
    min_cell_side: int = 4
    min_cell_area: int = 20
    #: Smallest cell (separator excluded) of a grid.
    min_cell_extent: float = 6.0
    #: Smallest share of its bounding box that a cell-like region fills.
    min_fill: float = 0.45
    #: A block of regions that fits no lattice is fitted again with only the regions at
    #: least this share of its median region's width and height (its whole cells).
    whole_cell: float = 0.85
    #: Smallest share of its cells' area that a region of a grid fills.
    min_cell_fill: float = 0.3
    #: A cell of a grid's outer row whose region reaches this share of the pitch less far
    #: towards the grid's edge than the other cells' do is cut off (see :func:`_cut_side`).
    cut_share: float = 0.2
    #: Largest width / height ratio (or its inverse) of a cell: square cells on a screen of
    #: non-square pixels (a lattice of strips, say of scanlines, is no grid).
    max_cell_aspect: float = 1.8
    #: Largest share of the picture's area that one grid may cover.
    max_block_share: float = 0.6
    #: Two regions are neighbours when the gap between them is at most this share of the
    #: smaller one's side (plus ``gap_pixels``).
    gap_share: float = 1.3
    gap_pixels: float = 2.5
    #: A region inside another's box is its neighbour too (a cell enclosed by merged
    #: same-coloured cells): "all"; "sides", only when it lies on a side of that box (where
    #: a panel's text keeps a margin); "none" (the first look's first try, where it would
    #: join text to panels and a tile's bevel to the tile).
    link_enclosed: Literal["all", "sides", "none"] = "all"
    #: Edge tolerance of a lattice fit: this share of the pitch plus ``edge_pixels``.
    edge_share: float = 0.08
    edge_pixels: float = 1.5
    #: The labelled pixels of a lattice cell's centre must be this share one region.
    min_cell_purity: float = 0.8
    #: A pixel belongs to a known colour class within this RGB distance of its mean
    #: (and within 0.45 of the distance between the two nearest classes).
    class_radius: float = 60.0
    #: How many colours of flat regions are looked for.
    max_palette: int = 24
    #: Flat regions whose mean colours are closer than this share one palette colour.
    palette_step: float = 30.0
    #: Colours closer than this (RGB distance) are one class.
    same_color: float = 34.0
    #: A grid read in a box (:func:`_grid_in_box`): the separator shares of the pitch tried,
    #: and how far its cells' width / height ratio may be from the other grid's.
    separator_shares: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3)
    box_aspect_tolerance: float = 0.12
    #: Blobs of the board's colours are closed over gaps of this share of the board's pitch
    #: (a target's separators) by :func:`_grids_of_colours`; over the wider gaps when the
    #: narrower find no grid (a blurred tiny target's cells shrink to dots).
    separator_close: tuple[float, ...] = (0.15, 0.3)
    #: Such a blob's box is read shrunk by these shares of its pitch on every side (grown
    #: where negative), see :func:`_grid_within`; when no two of them agree, grown by these
    #: (a photo's blur eats up to about 0.4 of a tiny target's pitch off its outer cells, as
    #: the dark separators and the frame bleed in).
    box_pads: tuple[float, ...] = (-0.2, -0.1, 0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
    blurred_box_pads: tuple[float, ...] = (-0.4, -0.3, -0.2)
    #: A lattice fitted to fewer regions than this share of its cells is no grid unless each
    #: of its cells is one region.
    min_region_share: float = 0.6
    #: The mean colour deviation (RGB) of an even patch at a cell's centre.
    even_patch: float = 35.0
    #: Two cells of one class farther apart than this (RGB) are two colours chained by cells
    #: in between (a smeared JPEG target), not one colour.
    max_class_spread: float = 56.0
    #: A cell whose two nearest classes are closer than this margin is in doubt.
    min_margin: float = 0.25
    #: The target read in the board's light (:func:`_target_in_board_light`): channels in
    #: which the board's classes vary at least this much (the standard deviation of its
    #: cells' class colours) fix the gains, ...
    min_channel_spread: float = 8.0
    #: ... which must lie in this range (a blur mixes in the dark separators, a light
    #: gradient brightens or darkens) ...
    target_gains: tuple[float, float] = (0.35, 1.5)
    #: ... and within this ratio of each other (a colour cast); the fit settles within this
    #: many rounds or the reading is refused.
    target_gain_ratio: float = 1.6
    target_fit_rounds: int = 5
    #: The board's classes under a photo's light fitted to them (:func:`_classes_under_light`)
    #: count when the least distance between two classes' cells is this many times the
    #: widest class's span.
    light_class_separation: float = 2.0
    #: A cell this light in every channel (RGB) may be clipped by the camera...
    clipped: float = 240.0
    #: ... and a class with one that spans more than this (RGB) may be two light colours
    #: (grey and white) that glare or overexposure brought together.
    max_clipped_spread: float = 20.0
    #: A board cell this light in every channel is clipped white, where any light enough
    #: colour lands: its class is in doubt when it also has a board cell with a channel
    #: below ``unclipped`` (white and a light tint, clipped alike in most cells).
    saturated: float = 250.0
    unclipped: float = 245.0
    #: Scanlines beating with a scale of no whole number of pixels darken bands of rows
    #: alike (:func:`_unbanded`): one or two dark pixel rows a console row, up to this
    #: share of brightness either way of a grid's mean.
    band_gain: float = 0.15
    #: A class whose board cells are all clipped in one channel (``saturated``) is two
    #: bright colours that only the other channels told apart when it spans more than this.
    max_channel_clipped_spread: float = 30.0
    #: In a grid whose cells of the other classes stray at most this far from their
    #: classes' means (a screenshot's exact colours, a photo's target under one light), ...
    max_flat_spread: float = 3.0
    #: ... a class whose cells there lie this far apart (RGB) is several colours
    #: (:func:`_flat_split`): a photo's light may leave the other classes alike and spread
    #: one colour by 20 or so (own photo 3840027).
    min_flat_gap: float = 30.0
    #: A class is two colours merged (:func:`_merged_class`) when, once the light's field
    #: is taken out, its board cells fall into two groups at least this far apart (RGB) ...
    min_merge_gap: float = 20.0
    #: ... and this many times as far apart as the wider group's span, ...
    merge_gap_ratio: float = 3.0
    #: ... with the target's cells of the class splitting in the same counts, or at least
    #: this far apart whatever the target says.
    sure_merge_gap: float = 30.0
    #: A class whose board cells are all clipped in two channels (``saturated``) is told
    #: from a like colour by its third alone: two groups this far apart are enough there,
    #: whatever the target says.
    clipped_merge_gap: float = 8.0
    #: Its target's cells, seen under other light, lie at most this far apart (RGB) in
    #: those two channels when it is one colour (0-6 in most own and foreign photos), ...
    max_clipped_target_spread: float = 12.0
    #: ... or, where the target's light strays every colour (13-18), this many times as far
    #: as any other class's target cells do there: two light yellows clipped alike on the
    #: board lay 19 apart in the target's green, the other classes' cells 8 (2820006).
    clipped_target_ratio: float = 1.5
    #: A class is two colours too when its two groups (two board cells each at least, the
    #: target's cells splitting in the same counts) have means ``min_merge_gap`` apart and
    #: this many times as far as the cells of the other classes stray from theirs (a
    #: photo's glare or uneven light strays them all alike; two merged colours only one).
    merge_light_ratio: float = 3.0
    #: A class is two hues (:func:`_hue_split`) when its board cells, measured off the
    #: plane of the colours its mean takes under any gain and any white light added, fall
    #: into two groups (a glare-lit cell stays on the plane, so one cell may be a group)
    #: this far apart (RGB) ...
    min_hue_gap: float = 10.0
    #: ... and this many times as far as either group spans and as the other classes'
    #: board cells stray off their own planes; a class this near grey (the sine of the
    #: angle between its mean and grey) has no hue to tell.
    hue_gap_ratio: float = 4.0
    min_hue_angle: float = 0.1
    #: A lone board cell of a class that is the class's colour with white light added
    #: (:func:`_glare_lit`: its offset from grey within this share of its length), while the
    #: target's cells of the class are all the others' colour, is a glare spot, no second
    #: colour.
    glare_tint: float = 0.25
    #: A cell lit by a glare spot is uneven: the light falls off across it. A class whose
    #: cells' brightness all varies across them this many times as much as a typical
    #: cell's, and by ``glare_rise`` (RGB) more, may be another class under glare (see
    #: :func:`_glare_split`).
    glare_uneven: float = 1.5
    glare_rise: float = 8.0
    #: A grid line is seen in a profile across it reaching this share of the pitch on
    #: either side (:func:`_line_marks`) ...
    line_reach: float = 0.3
    #: ... and a grid with a line that strays this far (RGB) from its sides' colours all
    #: along has separators: a line of it showing neither one nor a colour change (a mark
    #: below ``min_line_mark``) runs through cells, which the grid splits.
    clear_separator: float = 40.0
    min_line_mark: float = 14.0
    #: A board lies among pieces of its kind (:func:`_among_likes`) when this many regions
    #: of its cells' size and colours lie on its lattice beyond the ring of cells around it
    #: (not in its target), each centred within ``like_offset`` of a pitch of a cell's
    #: centre, its sides between ``like_sides`` of the pitch.
    min_likes: int = 2
    like_offset: float = 0.2
    like_sides: tuple[float, float] = (0.6, 1.1)
    #: Hollow cells (:func:`_on_rims`) are read on squares this far from their centres (in
    #: pitches).
    rim_radii: tuple[float, ...] = (0.3, 0.32, 0.34, 0.36, 0.38, 0.4, 0.42, 0.44, 0.46)


PARAMS = Params()

CONTINUES_DOUBT = "a grid goes on beyond itself (a chequer, tiles, or rows of a grid)"
TOUCHING_DOUBT = "the two grids touch: parts of one picture, not a board and its target"
ONE_LATTICE_DOUBT = (
    "the two grids lie side by side on one lattice: two parts of one grid, not a board and its "
    "target"
)
LIKES_DOUBT = (
    "cells like the board's lie on its lattice beyond it: pieces on a larger field (a go "
    "board's stones), not a framed board"
)
PART_DOUBT = "a grid lies within a larger grid of cells: a part of a board, not a whole one"
SIZES_DOUBT = (
    "the two grids are neither as large nor one plainly larger: which is the board is unclear"
)
#: The doubt of a board that already matches its target.
SOLVED_DOUBT = "the board already matches its target: two copies of one grid, not a level"
#: The doubt of two grids read whole whose colour counts differ (a misread cell, likely).
COUNT_DOUBT = "the target's colour counts differ from the board's"


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

    def transformed(self, homography: ArrayLike) -> BondGeometry:
        """Both grids mapped through ``homography`` (e.g. from a rectified photo)."""
        return BondGeometry(self.board.transformed(homography), self.target.transformed(homography))


@dataclass(frozen=True)
class _Grid:
    """A grid found in the working image: its lattice and its cells' colours."""

    box: Box
    lattice: Lattice
    colors: NDArray[np.float64]  # (rows, cols, 3)
    group: tuple[int, ...]  # the regions it was read from (indices into _Regions.cells)

    @property
    def shape(self) -> tuple[int, int]:
        return int(self.colors.shape[0]), int(self.colors.shape[1])

    @property
    def area(self) -> float:
        x0, y0, x1, y1 = self.box
        return (x1 - x0) * (y1 - y0)


# --------------------------------------------------------------------------- image stages


def _u8(array: object) -> RGBImage:
    """An OpenCV result as a uint8 array (OpenCV's own types are loose)."""
    return np.asarray(array, dtype=np.uint8)


def _resized(image: RGBImage, scale: float) -> RGBImage:
    """``image`` scaled by ``scale`` (area averaging down, bilinear up)."""
    if scale == 1.0:
        return np.ascontiguousarray(image, dtype=np.uint8)
    height, width = image.shape[:2]
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    interpolation = cv2.INTER_LINEAR if scale > 1 else cv2.INTER_AREA
    return _u8(cv2.resize(image, size, interpolation=interpolation))


def _scanline_period(work: RGBImage) -> float | None:
    """The period of the scanlines when the rows brighten and darken periodically with a
    period of 2 to 4.5 pixels (a longer one is the layout's, not a CRT's), else None."""
    rows = work.reshape(work.shape[0], -1)
    profile = np.asarray(cv2.reduce(rows, 1, cv2.REDUCE_AVG, dtype=cv2.CV_32F)).ravel()
    if len(profile) < 64:
        return None
    detail = profile - np.convolve(profile, np.ones(9) / 9, mode="same")
    detail = detail[8:-8] - detail[8:-8].mean()
    power = np.abs(np.fft.rfft(detail)) ** 2
    freqs = np.fft.rfftfreq(len(detail))
    band = (freqs >= 1 / 4.5) & (freqs <= 0.5)
    if detail.std() < 1.0 or power[band].sum() <= 0:
        return None
    peak = int(np.flatnonzero(band)[np.argmax(power[band])])
    share = power[max(0, peak - 2) : peak + 3].sum() / power[1:].sum()
    if share < 0.12:
        return None
    log.debug("scanlines of period %.2f (power share %.2f)", 1 / freqs[peak], share)
    return float(1 / freqs[peak])


def _remove_scanlines(work: RGBImage, period: float | None = None) -> RGBImage:
    """Fill and smooth away scanlines of ``period`` (by default: of the picture's own, see
    :func:`_scanline_period`; none, the picture as it is).

    A console row scaled to a fractional height is 2 or 3 rows, so the dark lines beat
    at a few times the period, which a smoothing over one period leaves as stripes: each
    dark line is first filled from the lit rows beside it (a closing as high as a line).
    """
    if period is None:
        period = _scanline_period(work)
        if period is None:
            return work
    # a closing as high as a dark line fills it from the lit rows beside it; then the rest of
    # the beat between the rows and the period (2 or 3 rows a line) is smoothed
    dark = int(np.ceil(0.45 * period)) + 1
    lit = cv2.morphologyEx(work, cv2.MORPH_CLOSE, np.ones((dark, 1), np.uint8))
    # smoothed over a sixth of a period either way: a tiny target's separators, as thin as
    # a dark line, stay
    return _u8(cv2.GaussianBlur(lit, (0, 0), sigmaX=0.1, sigmaY=0.15 * period))


def _spread(smooth: RGBImage) -> NDArray[np.uint8]:
    """The largest colour range (over the channels) of each pixel's 3x3 neighbourhood."""
    kernel = np.ones((3, 3), np.uint8)
    spread = cv2.subtract(cv2.dilate(smooth, kernel), cv2.erode(smooth, kernel))
    return _u8(cv2.max(cv2.max(spread[..., 0], spread[..., 1]), spread[..., 2]))


def _cell_like(stats: NDArray[np.int32], shape: tuple[int, ...], params: Params) -> tuple[int, ...]:
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
    return tuple(int(i) for i in np.flatnonzero(ok))


# --------------------------------------------------------------------------- grouping


def _neighbours(boxes: NDArray[np.float64], params: Params) -> NDArray[np.bool_]:
    """Pairs of boxes side by side (left/right or above/below) with an aligned edge, or one
    inside the other, of alike sizes (neither more than a board's side of the other's)."""
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
    inside = _enclosed(boxes, params)
    linked |= inside | inside.T
    # regions of one board, merged same-coloured cells or one cell, are at most a board's
    # side of cells apart in each size (a cell's region may lose up to ``edge_pixels`` to
    # its blurred edges): not a page's background lit by glare beside the cells
    for size in (x1 - x0, y1 - y0):
        grown = size + params.edge_pixels
        linked &= (size[:, None] <= MAX_SIDE * grown[None, :]) & (
            size[None, :] <= MAX_SIDE * grown[:, None]
        )
    np.fill_diagonal(linked, False)
    return linked


def _enclosed(boxes: NDArray[np.float64], params: Params) -> NDArray[np.bool_]:
    """Pairs ``(i, j)`` of boxes, ``i`` inside ``j`` (a cell enclosed by merged same-coloured
    cells is in their box), as ``params.link_enclosed`` links them."""
    x0, y0, x1, y1 = (boxes[:, i] for i in range(4))
    pad = params.gap_pixels
    inside = (
        (x0[:, None] >= x0[None, :] - pad)
        & (y0[:, None] >= y0[None, :] - pad)
        & (x1[:, None] <= x1[None, :] + pad)
        & (y1[:, None] <= y1[None, :] + pad)
    )
    if params.link_enclosed == "sides":
        inside &= (
            (np.abs(x0[:, None] - x0[None, :]) <= pad)
            | (np.abs(x1[:, None] - x1[None, :]) <= pad)
            | (np.abs(y0[:, None] - y0[None, :]) <= pad)
            | (np.abs(y1[:, None] - y1[None, :]) <= pad)
        )
    np.fill_diagonal(inside, False)
    return inside & (params.link_enclosed != "none")


def _blocks(boxes: NDArray[np.float64], params: Params) -> list[list[int]]:
    """Groups (indices into ``boxes``) of regions linked by neighbourhood, two or more each."""
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
        if len(group) >= 2:
            groups.append(sorted(group))
    return groups


def _split_at_widest_gap(group: list[int], boxes: NDArray[np.float64]) -> list[list[int]]:
    """Cut a group in two across its widest empty band (two grids side by side, or one above
    the other): on the axis where that band is widest for the size of the regions, if it
    is clearly wider than any other band on that axis."""
    best: tuple[float, list[list[int]]] = (0.0, [group])
    for axis in (0, 1):
        starts, ends = boxes[:, axis], boxes[:, axis + 2]
        order = sorted(group, key=lambda i: starts[i])
        reach, gaps = ends[order[0]], []
        for k, i in enumerate(order[1:], start=1):
            if starts[i] > reach:
                gaps.append((float(starts[i] - reach), k))
            reach = max(reach, ends[i])
        gaps.sort(reverse=True)
        if not gaps or (len(gaps) > 1 and gaps[0][0] <= 1.5 * gaps[1][0]):
            continue
        score = gaps[0][0] / float(np.median(ends[group] - starts[group]))
        if score > best[0]:
            cut = gaps[0][1]
            best = (score, [order[:cut], order[cut:]])
    return best[1]


def _median_sized(
    group: Sequence[int], boxes: NDArray[np.float64], params: Params
) -> list[int] | None:
    """The regions of ``group`` as wide and as high as its median region, within
    ``params.look_equal_size`` (a board's single cells, without the frame's joints or a
    panel beside it that link to them); None when that leaves all or fewer than
    ``params.min_look_regions``."""
    sub = boxes[list(group)]
    widths, heights = sub[:, 2] - sub[:, 0], sub[:, 3] - sub[:, 1]
    near = (np.abs(np.log(widths / np.median(widths))) <= np.log(1 + params.look_equal_size)) & (
        np.abs(np.log(heights / np.median(heights))) <= np.log(1 + params.look_equal_size)
    )
    if near.all() or near.sum() < params.min_look_regions:
        return None
    return [i for i, ok in zip(group, near, strict=True) if ok]


def _fit_count(
    starts: NDArray[np.float64], ends: NDArray[np.float64], params: Params, n: int
) -> tuple[float, float, NDArray[np.bool_]] | None:
    """The division of one axis into ``n`` equal cells (with equal separators) that puts
    every region's edges on cell edges: its pitch, its cell's extent (the pitch less a
    separator), and which of its ``n - 1`` boundaries between cells some region's edge
    shows; None when there is no such division."""
    origin, span = float(starts.min()), float(ends.max() - starts.min())
    pitches = np.linspace(span / n, span / (n - 0.6), 48)
    cells = span - (n - 1) * pitches
    lefts = origin + pitches[:, None] * np.arange(n)[None, :]
    err_l = np.abs(starts[None, :, None] - lefts[:, None, :]).min(axis=2)
    err_r = np.abs(ends[None, :, None] - (lefts + cells[:, None])[:, None, :]).min(axis=2)
    errors = np.maximum(err_l, err_r).max(axis=1)
    best = int(np.argmin(errors))
    pitch, cell = float(pitches[best]), float(cells[best])
    tol = params.edge_share * pitch + params.edge_pixels
    if errors[best] > tol or cell < params.min_cell_extent:
        return None
    inner = origin + pitch * np.arange(1, n)
    starts_on = (np.abs(starts[:, None] - inner[None, :]) <= tol).any(axis=0)
    ends_on = (np.abs(ends[:, None] - (inner - pitch + cell)[None, :]) <= tol).any(axis=0)
    return pitch, cell, np.asarray(starts_on | ends_on, dtype=bool)


def _fit_axis(
    starts: NDArray[np.float64],
    ends: NDArray[np.float64],
    params: Params,
    count: int | None = None,
) -> tuple[int, float, float] | None:
    """The coarsest division of one axis into ``n`` equal cells (with equal separators) that
    puts every region's edges on cell edges (:func:`_fit_count`); only ``n = count`` when
    given.

    Unless ``count`` is given, every boundary between two cells must be the edge of some
    region: a lattice finer than what the regions show is no reading.

    Returns
    -------
    (n, pitch, cell) or None
        The number of cells, the pitch, and the cell's extent (the pitch less a separator).
    """
    for n in range(MIN_SIDE, MAX_SIDE + 1) if count is None else (count,):
        fit = _fit_count(starts, ends, params, n)
        if fit is not None and (count is not None or fit[2].all()):
            return n, fit[0], fit[1]
    return None


def _joint_shape(
    first: NDArray[np.float64], second: NDArray[np.float64], params: Params
) -> tuple[int, int] | None:
    """The coarsest ``rows x cols`` that fits two blocks of regions (their boxes) each on a
    lattice of its own, every boundary between two cells shown by a region's edge in one
    block or the other: a board and its target hold the same cells rearranged, so where
    merged same-coloured cells hide a line in one, the other shows it."""
    sides = []
    for axis in (1, 0):
        for n in range(MIN_SIDE, MAX_SIDE + 1):
            fits = [_fit_count(b[:, axis], b[:, axis + 2], params, n) for b in (first, second)]
            if fits[0] is not None and fits[1] is not None and (fits[0][2] | fits[1][2]).all():
                sides.append(n)
                break
        else:
            return None
    return sides[0], sides[1]


@dataclass(frozen=True)
class _Regions:
    """Labelled regions of a working image and those that may be cells."""

    labels: NDArray[np.int32]
    stats: NDArray[np.int32]
    cells: tuple[int, ...]
    #: The colour (kind) of each label; label 0, no colour, is kind 0.
    kinds: NDArray[np.int32]
    #: How far the regions were eroded; their boxes are grown back by as much.
    margin: int = 0

    @property
    def boxes(self) -> NDArray[np.float64]:
        """``(x0, y0, x1, y1)`` of each cell-like region, in the order of ``cells``."""
        st = self.stats[list(self.cells)].astype(np.float64)
        x0, y0 = st[:, 0] - self.margin, st[:, 1] - self.margin
        return np.column_stack(
            [x0, y0, x0 + st[:, 2] + 2 * self.margin, y0 + st[:, 3] + 2 * self.margin]
        )


def _grid_from_block(
    group: Sequence[int],
    regions: _Regions,
    work: RGBImage,
    params: Params,
    shape: tuple[int, int] | None = None,
) -> _Grid | None:
    """The coarsest lattice that fits a block and whose cells are each one of its regions.

    When the whole block does not fit, it is tried again without its slivers: regions
    narrower or lower than half the median (a separator's flat middle, a bevel, a frame's
    side), since a cell, or cells merged, is never that small; then with its whole cells
    alone (``params.whole_cell``: a photo's glare or noise cuts pieces off some cells,
    whose edges then fall on no lattice line; :func:`_sample_cells` still reads every
    cell's centre from the regions); last without the regions that overreach a cell
    (:func:`_without_overreach`).
    """
    grid = _fit_block(group, regions, work, params, shape)
    if grid is not None:
        return grid
    for kept in (
        _without_slivers(group, regions.boxes, 0.5),
        _without_slivers(group, regions.boxes, params.whole_cell),
        _without_overreach(group, regions.boxes, params),
    ):
        grid = None if kept is None else _fit_block(kept, regions, work, params, shape)
        if grid is not None:
            return grid
    return None


def _without_overreach(
    group: Sequence[int], boxes: NDArray[np.float64], params: Params
) -> list[int] | None:
    """``group`` without the regions wider or higher than its median region by more than a
    lattice fit's edge tolerance (``edge_share`` of that side plus ``edge_pixels``) but by
    less than half of it: one cell joined to something beyond the grid (a photo's blur
    runs a cell into a frame's joint or a pipe of its colour), whose edge on that side
    falls on no lattice line, while cells merged with a neighbour span two. None when there
    are none such, or fewer than two regions would be left."""
    sub = boxes[list(group)]
    over = np.zeros(len(sub), dtype=bool)
    for axis in (0, 1):
        sides = sub[:, axis + 2] - sub[:, axis]
        median = float(np.median(sides))
        tol = params.edge_share * median + params.edge_pixels
        over |= (sides > median + tol) & (sides < 1.5 * median)
    if not over.any() or (~over).sum() < 2:
        return None
    return [i for i, bad in zip(group, over, strict=True) if not bad]


def _without_slivers(
    group: Sequence[int], boxes: NDArray[np.float64], share: float = 0.5
) -> list[int] | None:
    """``group`` without the regions narrower or lower than ``share`` of its median region;
    None when there are none such, or fewer than two regions would be left."""
    sub = boxes[list(group)]
    widths, heights = sub[:, 2] - sub[:, 0], sub[:, 3] - sub[:, 1]
    thick = (widths >= share * np.median(widths)) & (heights >= share * np.median(heights))
    if thick.all() or thick.sum() < 2:
        return None
    return [i for i, ok in zip(group, thick, strict=True) if ok]


def _fit_block(
    group: Sequence[int],
    regions: _Regions,
    work: RGBImage,
    params: Params,
    shape: tuple[int, int] | None = None,
) -> _Grid | None:
    """The coarsest lattice (or the one of ``shape``) that puts the edges of all the regions
    of ``group`` on cell edges, if its cells are each one region (see :func:`_sample_cells`);
    or, when the regions are at least ``params.min_region_share`` of the cells (some cells
    made none: JPEG, noise), if every cell's centre is an even patch."""
    if len(group) > MAX_SIDE * MAX_SIDE:  # more regions than any grid has cells
        return None
    sub = regions.boxes[list(group)]
    rows, cols = shape if shape is not None else (None, None)
    x_fit = _fit_axis(sub[:, 0], sub[:, 2], params, cols)
    y_fit = _fit_axis(sub[:, 1], sub[:, 3], params, rows)
    if x_fit is None or y_fit is None:
        return None
    (cols, pitch_x, cell_x), (rows, pitch_y, cell_y) = x_fit, y_fit
    if abs(np.log(pitch_x / pitch_y)) > np.log(params.max_cell_aspect):
        return None  # the game's cells are square but for the screen's pixel shape
    x0, y0 = float(sub[:, 0].min()), float(sub[:, 1].min())
    lattice = Lattice.axis_aligned(
        rows,
        cols,
        left=x0 - (pitch_x - cell_x) / 2,
        top=y0 - (pitch_y - cell_y) / 2,
        pitch_x=pitch_x,
        pitch_y=pitch_y,
    )
    members = {regions.cells[i] for i in group}
    colors = _sample_cells(lattice, (cell_x, cell_y), regions, members, work, params)
    if (
        colors is None
        and len(group) >= params.min_region_share * rows * cols
        and _every_line_held(sub, (x0, y0), (pitch_x, pitch_y), (cols, rows))
    ):
        colors = _patch_colors(lattice, (0.2 * cell_x, 0.2 * cell_y), work, params)
        if np.isnan(colors).any():
            return None
    if colors is None or not _centres_linked(lattice, regions):
        return None
    box = (x0, y0, float(sub[:, 2].max()), float(sub[:, 3].max()))
    return _Grid(box, lattice, colors, tuple(group))


def _every_line_held(
    boxes: NDArray[np.float64],
    origin: tuple[float, float],
    pitch: tuple[float, float],
    counts: tuple[int, int],
) -> bool:
    """True when each column and each row of a lattice (its first cell's corner ``origin``,
    ``pitch`` and ``counts`` per axis, x then y) holds some region of ``boxes`` over most of
    a cell: a row that none reaches is the page between two grids (a board and its target
    one pitch apart), not a row of cells."""
    for axis in (0, 1):
        first = (boxes[:, axis] - origin[axis]) / pitch[axis] + 0.25
        last = (boxes[:, axis + 2] - origin[axis]) / pitch[axis] - 0.25
        held = np.zeros(counts[axis], dtype=bool)
        for a, b in zip(np.floor(first).astype(int), np.ceil(last).astype(int), strict=True):
            held[max(a, 0) : max(b, 0)] = True
        if not held.all():
            return False
    return True


def _sample_cells(
    lattice: Lattice,
    cell: tuple[float, float],
    regions: _Regions,
    members: set[int],
    work: RGBImage,
    params: Params,
) -> NDArray[np.float64] | None:
    """Median colour of each cell's centre, or None unless

    - the centre of every cell is partly labelled, mostly by one colour, and by a region
      of that colour inside the lattice (the colour's pixels give the median),
    - every region of the block holds at least one centre,
    - every region holding centres is no larger than those cells, and a region holding
      several fills them (a union of whole cells).
    """
    (left, top), (right, bottom) = lattice.to_pixels([(0, 0), (lattice.rows, lattice.cols)])
    pitch_x, pitch_y = (right - left) / lattice.cols, (bottom - top) / lattice.rows
    slack_x, slack_y = 0.25 * pitch_x, 0.25 * pitch_y
    colors = np.zeros((lattice.rows, lattice.cols, 3))
    covered: Counter[int] = Counter()
    hx, hy = max(1.0, cell[0] / 4), max(1.0, cell[1] / 4)
    for (r, c), (cx, cy) in zip(_cells(lattice), _centers(lattice), strict=True):
        xa, xb = round(cx - hx), round(cx + hx)
        ya, yb = round(cy - hy), round(cy + hy)
        patch = regions.labels[ya:yb, xa:xb].ravel()
        kinds = regions.kinds[patch]
        labelled = kinds[patch > 0]
        if labelled.size < 0.3 * patch.size:
            return None
        kind, count = Counter(labelled.tolist()).most_common(1)[0]
        if count < params.min_cell_purity * labelled.size:
            return None
        mine = (kinds == kind) & (patch > 0)
        label = Counter(patch[mine].tolist()).most_common(1)[0][0]
        x, y, w, h = (float(v) for v in regions.stats[label, :4])
        if (
            x < left - slack_x
            or y < top - slack_y
            or x + w > right + slack_x
            or y + h > bottom + slack_y
        ):
            return None
        covered[label] += 1
        colors[r, c] = _median_color(work[ya:yb, xa:xb].reshape(-1, 3)[mine])
    if not members <= set(covered):
        return None
    for label, count in covered.items():
        area = float(regions.stats[label, cv2.CC_STAT_AREA])
        low = params.min_cell_fill * count * cell[0] * cell[1] if count > 1 else 0.0
        if not low <= area <= 1.15 * count * pitch_x * pitch_y:
            return None
    return colors


def _centres_linked(lattice: Lattice, regions: _Regions) -> bool:
    """True when every region holding several of ``lattice``'s cell centres holds cells
    in one piece (:func:`~recognizer.lattice.connected`, corners too): same-coloured cells
    merge across a side (or, without separators and blurred, at a corner), and even cells
    that made no region of their own (JPEG, noise) lie in one with their neighbours; a
    board's frame that holds only the corners of a lattice grown over the bulbs or pipes on
    its sides is no merged cells."""
    held: dict[int, set[tuple[int, int]]] = {}
    labels = _at(regions.labels, np.array(_centers(lattice)))
    for cell, label in zip(_cells(lattice), labels.tolist(), strict=True):
        if label:
            held.setdefault(label, set()).add(cell)
    return all(connected(cells, corners=True) for cells in held.values())


def _grids_in(
    regions: _Regions, work: RGBImage, params: Params
) -> tuple[list[_Grid], list[list[int]]]:
    """Every grid of 2..6 x 2..6 equal cells made of the given regions, and the groups of
    regions that fit no lattice on their own.

    A block that fits no lattice is cut at its widest gap and its parts are tried again.
    """
    return _fitted(
        regions.boxes, lambda group: _grid_from_block(group, regions, work, params), params
    )


def _fitted(
    boxes: NDArray[np.float64], fit: Callable[[list[int]], T | None], params: Params
) -> tuple[list[T], list[list[int]]]:
    """What ``fit`` makes of each block of ``boxes`` (see :func:`_blocks`), and the groups
    that it fits not: a block that does not fit is cut at its widest gap and its parts
    (two regions or more) are tried again. A whole block that does not fit stays among the
    groups even when cut: a board without separators whose merged same-coloured cells show
    no edge on some line between rows fits no lattice of its own, and a row of it may stand
    apart by the regions' erosion, but it is read whole in the target's shape.
    """
    fits, unfitted = [], []
    pending = [(group, True) for group in _blocks(boxes, params)]
    while pending:
        group, whole = pending.pop()
        made = fit(group)
        if made is not None:
            fits.append(made)
            continue
        parts = _split_at_widest_gap(group, boxes)
        if len(parts) > 1:
            pending.extend((part, False) for part in parts if len(part) >= 2)
        if whole or len(parts) == 1:
            unfitted.append(group)
    return fits, unfitted


def _labelled(
    mask: NDArray[np.uint8], params: Params, classes: NDArray[np.uint8] | None = None
) -> _Regions:
    """The 4-connected regions of a mask, which of them may be cells, and their colours
    (``classes`` per pixel; each region its own colour when not given)."""
    count, raw, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    labels = np.asarray(raw, dtype=np.int32)
    table: NDArray[np.int32] = np.asarray(stats, dtype=np.int32)
    kinds = np.arange(count, dtype=np.int32)
    if classes is not None:
        inside = labels > 0
        kinds[labels[inside]] = classes[inside]
    return _Regions(labels, table, _cell_like(table, mask.shape, params), kinds)


def _flat_regions(spread: NDArray[np.uint8], params: Params) -> _Regions:
    """The regions of flat colour (low local colour range)."""
    flat = (spread < params.flat_range).astype(np.uint8)
    return _labelled(flat, params)


def _palette(smooth: RGBImage, regions: _Regions, params: Params) -> NDArray[np.float64]:
    """The colours of the cell-like flat regions (K x 3), largest regions first.

    Leader clustering: each region, largest first, joins the first colour within
    ``palette_step`` of its mean colour or starts a new one, so colours never chain.
    """
    if not regions.cells:
        return np.zeros((0, 3))
    flat_labels = regions.labels[::2, ::2].ravel()
    pixels = smooth[::2, ::2].reshape(-1, 3).astype(np.float64)
    size = len(regions.stats)
    area = np.maximum(np.bincount(flat_labels, minlength=size), 1)
    means = np.column_stack(
        [np.bincount(flat_labels, pixels[:, ch], minlength=size) / area for ch in range(3)]
    )
    order = sorted(regions.cells, key=lambda i: -int(regions.stats[i, cv2.CC_STAT_AREA]))
    leaders: list[NDArray[np.float64]] = []
    for i in order:
        color = means[i]
        if all(np.linalg.norm(color - c) >= params.palette_step for c in leaders):
            leaders.append(color)
            if len(leaders) == params.max_palette:
                break
    return np.array(leaders)


#: The centres of the 32 x 32 x 32 colour bins of :func:`_class_regions`, and their squared
#: norms.
_BINS = (
    np.stack(np.meshgrid(*[np.arange(32, dtype=np.float32) * 8 + 4] * 3, indexing="ij"), axis=-1)
    .reshape(-1, 3)
    .astype(np.float32)
)
_BIN_NORMS = (_BINS**2).sum(axis=1)


def _palette_classes(
    image: RGBImage, palette: NDArray[np.float64], params: Params
) -> NDArray[np.uint8]:
    """Each pixel's palette colour (1..K), or 0: a pixel belongs to a colour within
    ``class_radius`` of it and less than 0.45 of the way to the nearest other colour. The
    colour of each pixel is looked up in a table of 32 levels per channel."""
    palette32 = palette.astype(np.float32)
    squared = _BIN_NORMS[:, None] + (palette32**2).sum(axis=1)[None, :] - 2 * _BINS @ palette32.T
    gaps = np.linalg.norm(palette[:, None] - palette[None, :], axis=2)
    np.fill_diagonal(gaps, np.inf)
    radius = np.minimum(params.class_radius, 0.45 * gaps.min(axis=1))
    nearest = squared.argmin(axis=1)
    near = squared[np.arange(len(_BINS)), nearest] < radius[nearest] ** 2
    table = np.where(near, nearest + 1, 0).astype(np.uint8)
    red, green, blue = (np.asarray(c, np.uint16) >> 3 for c in cv2.split(image))
    return np.asarray(table[(red << 10) | (green << 5) | blue], np.uint8)


def _class_regions(
    smooth: RGBImage, spread: NDArray[np.uint8], palette: NDArray[np.float64], params: Params
) -> _Regions:
    """The regions of pixels near one palette colour (:func:`_palette_classes`), one colour
    each: far steadier than flatness on small, blurred or JPEG cells.

    Pixels on a sharp edge (``class_flat_range``) are left out, so a cell does not leak along
    a blurred frame. The regions are eroded by a pixel to cut thin bridges. Pixels that
    touch another colour's pixel on their right or below are dropped, so that one labelling
    of all colours together keeps the colours apart.
    """
    classes = _palette_classes(smooth, palette, params)
    keep = (classes > 0) & (spread < params.class_flat_range)
    keep[:, :-1] &= classes[:, :-1] == classes[:, 1:]
    keep[:-1, :] &= classes[:-1, :] == classes[1:, :]
    core = _u8(cv2.erode(keep.astype(np.uint8), np.ones((3, 3), np.uint8)))
    return replace(_labelled(core, params, classes), margin=1)


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


def _grown(grid: _Grid) -> tuple[Lattice, tuple[float, float]]:
    """``grid``'s lattice one cell larger all round, and the half sides of a patch at a
    cell's centre (a fifth of the pitch)."""
    rows, cols = grid.shape
    grown = Lattice(rows + 2, cols + 2, tuple((grid.lattice.homography @ _SHIFT).ravel()))
    return grown, (0.2 * grid.lattice.cell_size(), 0.2 * grid.lattice.cell_size())


def _continues(grid: _Grid, work: RGBImage, params: Params) -> bool:
    """True when the cells just beyond the grid go on in its colours: most of the ring of
    cells around it, two colours at least, or a whole side of that ring in two colours, or
    in flat patches of one where the side opposite shows none.

    The game frames its board (pipes, a border, the background: one colour, which may be
    near a cell colour, as gold pipes by yellow cells) and its target; a patch of a larger
    pattern (a chequerboard, a tiled floor) goes on beyond any grid found in it, in
    several colours, and so do some rows of a board or a target read as a smaller grid.
    """
    grown, half = _grown(grid)
    ringed = _patch_colors(grown, half, work, params, even=False, outer=True)
    cells = grid.colors.reshape(-1, 3)
    classes = _cluster(cells, params)

    def sides_of(patches: NDArray[np.float64]) -> list[NDArray[np.float64]]:
        """The ring's top, bottom, left and right sides, corners aside."""
        return [patches[0, 1:-1], patches[-1, 1:-1], patches[1:-1, 0], patches[1:-1, -1]]

    sides = sides_of(ringed)
    ring = np.concatenate([ringed[0], ringed[-1], ringed[1:-1, 0], ringed[1:-1, -1]])

    def matched(patches: NDArray[np.float64]) -> tuple[float, int]:
        """The share of ``patches`` near a cell colour, and how many classes they match."""
        patches = patches[~np.isnan(patches).any(axis=1)]
        if len(patches) == 0:
            return 0.0, 0
        to_cells = np.linalg.norm(patches[:, None, :] - cells[None, :, :], axis=2)
        near = to_cells.min(axis=1) < params.same_color
        return float(np.mean(near)), len(set(classes[to_cells[near].argmin(axis=1)].tolist()))

    share, kinds = matched(ring)
    if share > 0.5 and kinds >= 2:
        return True
    shares = [matched(side) for side in sides]
    if any(share == 1.0 and kinds >= 2 for share, kinds in shares):
        return True
    # a whole side in flat patches of the cells' colours, with none on the side opposite:
    # a frame in a cell's colour runs all round, while rows cut off a grid (a dialog's
    # shadow parting a target's top rows) lie on one side only, maybe in one colour
    # (the patches' evenness is sampled only for such a side)
    opposite = (1, 0, 3, 2)
    lone = [
        k
        for k in range(4)
        if shares[k][0] == 1.0
        and shares[opposite[k]][0] == 0.0
        and not np.isnan(sides[opposite[k]]).all()
    ]
    if not lone:
        return False
    evens = sides_of(_patch_colors(grown, half, work, params, outer=True))
    return any(not np.isnan(evens[k]).any() for k in lone)


def _line_marks(
    grid: _Grid, work: RGBImage, params: Params
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """How clearly each interior line of ``grid`` shows in ``work`` (see
    :func:`_stretch_marks`).

    Returns
    -------
    marks : (rows - 1 + cols - 1,) array
        Each interior line's clearest stretch (row lines, then column lines): the larger
        of its colour change and its straying, in RGB units.
    separators : (rows - 1 + cols - 1,) array
        Each line's faintest straying: a separator runs the whole line (a cursor's outline
        round one cell does not).
    """
    rows, cols = grid.shape
    # every stretch: (row line?, line, cell along it); row lines first, then column lines
    stretches = [(True, line, k) for line in range(1, rows) for k in range(cols)]
    stretches += [(False, line, k) for line in range(1, cols) for k in range(rows)]
    mark, off = _stretch_marks(grid.lattice, stretches, work, params)
    lines = [(horizontal, line) for horizontal, line, _ in stretches]
    keys = list(dict.fromkeys(lines))
    index = np.array([keys.index(key) for key in lines])
    marks = np.array([mark[index == i].max() for i in range(len(keys))])
    separators = np.array([off[index == i].min() for i in range(len(keys))])
    return marks, separators


def _stretch_marks(
    lattice: Lattice, stretches: Sequence[tuple[bool, int, int]], work: RGBImage, params: Params
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """How clearly each stretch ``(row line?, line, cell along it)`` of ``lattice``'s lines
    shows in ``work``.

    Each stretch is seen as a profile across it (averaged along its middle half): the
    colours at either end, a shade between them (a colour change, blurred or not), and how
    far the profile's middle strays off the straight path between its ends in RGB (a
    separator or a bevel: darker or lighter than both sides). Returns each stretch's mark
    (the larger of its colour change and its straying) and its straying, in RGB units.
    """
    across = np.linspace(-params.line_reach, params.line_reach, 25)
    u, v = np.meshgrid(across, np.linspace(0.25, 0.75, 7))  # (7, 25)
    points = np.concatenate(
        [
            np.stack([line + u, k + v] if horizontal else [k + v, line + u], axis=-1)
            for horizontal, line, k in stretches
        ]
    )  # (stretches * 7, 25, 2) grid (row, col) points
    xy = lattice.to_pixels(points.reshape(-1, 2)).astype(np.float32)
    maps = xy.reshape(*points.shape[:2], 2)
    sampled = cv2.remap(
        work, maps[..., 0], maps[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    profiles = np.asarray(sampled, np.float64).reshape(len(stretches), *u.shape, 3).mean(axis=1)
    a, b = profiles[:, :2].mean(axis=1), profiles[:, -2:].mean(axis=1)  # (stretches, 3)
    step = b - a
    t = np.einsum("snc,sc->sn", profiles - a[:, None], step)
    t = np.clip(t / np.maximum((step**2).sum(axis=1), 1e-9)[:, None], 0, 1)
    off = np.linalg.norm(profiles - (a[:, None] + t[..., None] * step[:, None]), axis=2)
    off = off[:, np.abs(across) <= params.line_reach / 2].max(axis=1)
    return np.maximum(np.linalg.norm(step, axis=1), off), off


def _lines_go_on(grid: _Grid, work: RGBImage, params: Params) -> bool:
    """True when ``grid``'s separators go on beyond it between cells: every cell of the
    ring around it (on its lattice) is an even patch, all of one colour class, and every
    interior line of the grid shows a separator (``clear_separator``) across that ring on
    both sides, as it does across the grid. The grid is then the middle of a larger grid of
    cells whose outer cells were not found (striped by a photo's reflections, say: a
    board's inner 2 x 2, and its target's), in colours other than its own
    (:func:`_continues`). A game frames its board and target (a page, a border, pipes at
    the cells' middles, whose corners show the page): nothing there splits even cells of
    one colour along the grid's lines."""
    rows, cols = grid.shape
    if _line_marks(grid, work, params)[1].min() < params.clear_separator:
        return False
    grown, half = _grown(grid)
    ring = _ring_colors(grown, half, work, params)
    if len(ring) < 2 * (rows + cols) + 4 or _cluster(ring, params).max() > 0:
        return False
    # the grid's interior lines, shifted into the grown lattice, in its first and last ring
    stretches = [(True, line + 1, k) for line in range(1, rows) for k in (0, cols + 1)]
    stretches += [(False, line + 1, k) for line in range(1, cols) for k in (0, rows + 1)]
    return bool(_stretch_marks(grown, stretches, work, params)[1].min() >= params.clear_separator)


#: Steps from a cell's centre towards one of its sides, in pitches, and across, in shares
#: of the pitch: where :func:`_cut_side` looks for the cell's region.
_OUT = np.linspace(0.0, 0.5, 26)
_ACROSS = np.linspace(-0.25, 0.25, 9)
#: Up, down, left and right, ``(row, col)``.
_DIRECTIONS = np.array([(-1, 0), (1, 0), (0, -1), (0, 1)], dtype=np.float64)


def _centre_points(grid: _Grid) -> NDArray[np.float64]:
    """The ``(row, col)`` grid points of the centres of ``grid``'s cells, in order."""
    return np.moveaxis(np.indices(grid.shape), 0, -1).reshape(-1, 2).astype(np.float64) + 0.5


def _at(array: NDArray[G], xy: NDArray[np.float64]) -> NDArray[G]:
    """``array``'s values at the pixels nearest the points ``xy`` (``(..., 2)``, ``(x, y)``),
    points beyond its edges taken at the nearest edge."""
    height, width = array.shape[:2]
    x, y = np.moveaxis(np.round(xy).astype(int), -1, 0)
    return array[np.clip(y, 0, height - 1), np.clip(x, 0, width - 1)]


def _bands(grid: _Grid, out: NDArray[np.float64]) -> NDArray[np.float64]:
    """Pixel points of bands across each cell of ``grid``, ``out`` (in pitches, broadcast to
    ``(4, cells, steps)``) from its centre towards each of its sides (:data:`_DIRECTIONS`):
    shape ``(4, cells, steps, len(_ACROSS), 2)``, ``(x, y)``."""
    centres = _centre_points(grid)
    points = (
        centres[None, :, None, None, :]
        + _DIRECTIONS[:, None, None, None, :] * out[..., None, None]
        + _DIRECTIONS[:, None, None, None, ::-1] * _ACROSS[None, None, None, :, None]
    )
    return grid.lattice.to_pixels(points.reshape(-1, 2)).reshape(*points.shape)


def _reaches(grid: _Grid, regions: _Regions) -> NDArray[np.float64]:
    """How far (in pitches, at most 0.5) each cell's region reaches from its centre towards
    each of its sides (:data:`_DIRECTIONS`): the first step where less than half of a band
    across it holds the label of the centre; NaN where the centre has none (noise). Shape
    ``(4, rows, cols)``."""
    rows, cols = grid.shape
    labels = _at(regions.labels, _bands(grid, _OUT[None, None, :]))
    centre = labels[:, :, :1, len(_ACROSS) // 2 : len(_ACROSS) // 2 + 1]
    gone = (labels == centre).mean(axis=3) < 0.5  # (4, cells, steps)
    first = np.where(gone.any(axis=2), gone.argmax(axis=2), len(_OUT) - 1)
    reach = np.where(centre[:, :, 0, 0] > 0, _OUT[first], np.nan)
    return reach.reshape(4, rows, cols)


def _cut_side(grid: _Grid, regions: _Regions, work: RGBImage, params: Params) -> str | None:
    """Why a side of ``grid`` may be covered, or None: half the cells of its outer row (or
    column) on that side, two at least, whose regions reach (see :func:`_reaches`)
    ``params.cut_share`` of the pitch or more less far towards it than the other cells'
    regions do (most of which reach alike), all to one line, beyond which they show one
    colour. Something opaque and straight lies over the
    cells there (a dialog, a banner): what it hides is unknown, even where the cells'
    visible parts reach past their centres and the rest of the grid gives the lattice. (A
    see-through toast shows each cell's colour through it, darkened alike.)"""
    rows, cols = grid.shape
    (left, top), (right, bottom) = grid.lattice.to_pixels([(0, 0), (rows, cols)])
    pitches = ((bottom - top) / rows, (right - left) / cols)
    reaches = _reaches(grid, regions)
    outer = np.zeros((4, rows, cols), dtype=bool)
    outer[0, 0], outer[1, -1], outer[2][:, 0], outer[3][:, -1] = True, True, True, True
    for side, name in enumerate(("top", "bottom", "left", "right")):
        tol = params.edge_share + params.edge_pixels / pitches[side // 2]
        others = reaches[side][~outer[side]]
        if np.isnan(others).all():
            continue
        typical = float(np.nanmedian(others))
        if float(np.nanpercentile(others, 25)) < typical - params.cut_share / 2:
            continue  # the other cells' regions reach unlike (noise, stripes): no telling
        cut = outer[side] & (reaches[side] <= typical - params.cut_share)
        ends = reaches[side][cut]
        if len(ends) < max(2, outer[side].sum() / 2) or ends.max() - ends.min() > tol:
            continue
        out = np.where(cut, reaches[side] + 0.1, 0.0).reshape(1, -1, 1)
        beyond = _at(work, _bands(grid, out)[side][cut.ravel(), 0])
        colours = np.array([_median_color(band) for band in beyond])
        if np.linalg.norm(colours[:, None] - colours[None], axis=2).max() <= params.same_color:
            return (
                f"{len(ends)} cells of a {rows}x{cols} grid's {name} side stop short of its "
                "edge at one line, one colour beyond: something covers them"
            )
    return None


def _split_cells(grid: _Grid, work: RGBImage, params: Params) -> str | None:
    """Why ``grid`` may split cells (a lattice finer than the cells: its separators show on
    some lines, others show nothing), or None."""
    marks, separators = _line_marks(grid, work, params)
    log.debug("grid %s: line marks %s, separators %s", grid.shape, marks, separators)
    if separators.max() < params.clear_separator or marks.min() >= params.min_line_mark:
        return None
    rows = grid.shape[0]
    names = [f"row line {i}" for i in range(1, rows)] + [
        f"column line {i}" for i in range(1, grid.shape[1])
    ]
    unseen = ", ".join(n for n, m in zip(names, marks, strict=True) if m < params.min_line_mark)
    return f"a {rows}x{grid.shape[1]} grid whose {unseen} shows no edge: it may split cells"


#: Unit circle of 16 points, ``(row, col)``: where a cell is looked at around its centre.
_CIRCLE = np.stack(
    [np.sin(np.linspace(0, 2 * np.pi, 16, endpoint=False)),
     np.cos(np.linspace(0, 2 * np.pi, 16, endpoint=False))],
    axis=1,
)  # fmt: skip


def _pieces_on_cells(grid: _Grid, work: RGBImage, params: Params) -> str | None:
    """Why ``grid``'s cells may be pieces on squares rather than coloured cells, or None.

    A cell is a flat tile: around its centre it has the colour read at its centre. A cell
    that differs 0.2 of the pitch out holds something small at its centre (a tree, a
    counter on a plain square); a bevel or a cursor along a tile's edges reaches 0.3 of the
    pitch out, so cells that differ only there count from two on (the stones of a go board).
    """
    height, width = work.shape[:2]
    near: list[tuple[int, int]] = []
    far: list[tuple[int, int]] = []
    for r, c in np.ndindex(*grid.shape):
        for radius, odd in ((0.2, near), (0.3, far)):
            points = grid.lattice.to_pixels(radius * _CIRCLE + np.array([r + 0.5, c + 0.5]))
            x, y = np.round(points).astype(int).T
            if x.min() < 0 or y.min() < 0 or x.max() >= width or y.max() >= height:
                continue
            around = _median_color(work[y, x])
            if np.linalg.norm(around - grid.colors[r, c]) > params.same_color:
                odd.append((r, c))
    if not near and len(far) < 2:
        return None
    cells = ", ".join(f"({r}, {c})" for r, c in dict.fromkeys(near + far))
    return f"cells {cells} differ around their centres: pieces on squares, not coloured cells"


#: Points on the sides of a square of half side 1 around a cell's centre, ``(row, col)``,
#: its corners left out (tiles may be rounded).
_SQUARE = np.concatenate(
    [
        np.stack([np.full(7, side), np.linspace(-0.6, 0.6, 7)], axis=1)[:, ::flip]
        for side in (-1.0, 1.0)
        for flip in (1, -1)
    ]
)


def _on_rims(grid: _Grid, work: RGBImage, params: Params) -> _Grid:
    """``grid`` with its cells read on their rims when their centres all show one colour:
    hollow tiles (outlines, rings, a glow) with the page's colour inside, whose colour is
    their rim's. Each cell's colour is the median of a square around its centre, at the
    one distance (a share of the pitch, ``params.rim_radii``) where the rims differ most
    from one another (root mean square from their mean: a glow's core, its colours the
    purest, rather than its dimmer fringe), among those where they stand off the centres'
    colour (the median rim farther than ``same_color``)."""
    cells = grid.colors.reshape(-1, 3)
    if _spans(cells, np.zeros(len(cells), dtype=np.int64)).max() > params.same_color:
        return grid
    height, width = work.shape[:2]
    inside = _median_color(cells)
    best, widest = grid, 0.0
    for radius in params.rim_radii:
        colors = np.zeros_like(grid.colors)
        for r, c in np.ndindex(*grid.shape):
            points = grid.lattice.to_pixels(radius * _SQUARE + np.array([r + 0.5, c + 0.5]))
            x, y = np.round(points).astype(int).T
            if x.min() < 0 or y.min() < 0 or x.max() >= width or y.max() >= height:
                return grid
            colors[r, c] = _median_color(work[y, x])
        rims = colors.reshape(-1, 3)
        spread = float(np.sqrt(((rims - rims.mean(axis=0)) ** 2).sum(axis=1).mean()))
        off = float(np.median(np.linalg.norm(rims - inside, axis=1)))
        if off > params.same_color and spread > widest:
            best, widest = replace(grid, colors=colors), spread
    return best


#: Grid coordinates shifted by one cell up and left: a lattice one cell larger all round.
_SHIFT = np.array([[1.0, 0.0, -1.0], [0.0, 1.0, -1.0], [0.0, 0.0, 1.0]])


def _read(
    board: _Grid,
    target: _Grid,
    params: Params,
    scanlines: bool = False,
    work: RGBImage | None = None,
) -> _Reading | str:
    """Number the colours of both grids jointly; a doubt when they do not make a puzzle.

    Classes come from single-linkage clustering of all the cell colours (numbered by first
    appearance, source then target); the margin says how much nearer each cell is to its
    own class's mean than to any other's (0 ambiguous, 1 exact), as read or once the
    photo's smooth light fitted to the reading (:func:`_light_slopes`) is taken out,
    whichever is clearer (a light gradient across the board brings one class's lit cells
    near another's shaded ones, which no colour holds evenly). When the joint classes
    are no puzzle, the target is read again under the board's light
    (:func:`_target_in_board_light`); either way, the checks for colours merged by glare
    or by a light gradient follow (on a picture that showed ``scanlines``, allowing for
    their bands), and, given the ``work`` image the grids were read in, the check for a
    colour split by glare (:func:`_glare_split`).
    """
    colors = np.concatenate([board.colors.reshape(-1, 3), target.colors.reshape(-1, 3)])
    classes = _cluster(colors, params)
    darkest = colors.min(axis=1)  # each cell's darkest channel as the camera saw it
    doubt = _joint_doubt(board, colors, classes, params)
    if doubt is not None:
        relit = _target_in_board_light(board, target, params)
        if relit is None:
            return doubt
        colors, classes = relit
    on_board = np.arange(len(colors)) < board.colors.shape[0] * board.colors.shape[1]
    clipped = _clipped_doubt(board, colors, classes, darkest, on_board, params)
    if clipped is not None:
        return clipped
    merged = _merged_class(board, target, colors, classes, params, scanlines)
    if merged is not None:
        return merged
    split = None if work is None else _glare_split(board, target, work, colors, classes, params)
    if split is not None:
        return split
    rows, cols = board.shape
    numbers = (classes + 1).reshape(2, rows, cols)
    hexes = _hexes(_class_means(colors[on_board], classes[on_board]))  # every class is on it
    source, goal = (tuple(tuple(int(v) for v in row) for row in grid) for grid in numbers)
    positions = np.concatenate([_cell_positions(g, board) for g in (board, target)])
    even = colors / _gains(positions, _light_slopes(colors, classes, positions))
    margin = max(_margins(colors, classes).min(), _margins(even, classes).min())
    return _Reading(Puzzle(source, goal, hexes), float(margin))


def _hexes(means: NDArray[np.float64]) -> tuple[str, ...]:
    """Colours as ``#rrggbb`` strings."""
    levels = np.clip(np.round(means), 0, 255).astype(int)
    return tuple("#{:02x}{:02x}{:02x}".format(*m) for m in levels)


def _margins(colors: NDArray[np.float64], classes: NDArray[np.int64]) -> NDArray[np.float64]:
    """How much nearer each colour is to its own class's mean than to any other's: 0
    ambiguous, 1 exact."""
    means = _class_means(colors, classes)
    to_means = np.linalg.norm(colors[:, None, :] - means[None, :, :], axis=2)
    index = np.arange(len(colors))
    own = to_means[index, classes].copy()
    to_means[index, classes] = np.inf
    other = to_means.min(axis=1)
    return np.asarray((other - own) / (other + own), dtype=np.float64)


def _spans(colors: NDArray[np.float64], classes: NDArray[np.int64]) -> NDArray[np.float64]:
    """Each colour's greatest distance to a colour of its own class."""
    pairwise = np.linalg.norm(colors[:, None, :] - colors[None, :, :], axis=2)
    return np.asarray(np.where(classes[:, None] == classes[None, :], pairwise, 0).max(axis=1))


def _joint_doubt(
    board: _Grid, colors: NDArray[np.float64], classes: NDArray[np.int64], params: Params
) -> str | None:
    """Why the joint classes of the board's and the target's cells are no puzzle (too few or
    too many, one spanning two colours, other counts in the target), or None."""
    count = int(classes.max()) + 1
    if not 2 <= count <= 6:
        return f"{count} colours (2 to 6 expected)"
    spans = _spans(colors, classes)
    if spans.max() > params.max_class_spread:
        # the class's cells in the target, whose smeared cells chain colours, else its own
        mine = classes == classes[np.argmax(spans)]
        smeared = mine & (np.arange(len(colors)) >= board.colors.shape[0] * board.colors.shape[1])
        named = _cell_names(np.flatnonzero(smeared if smeared.any() else mine), board)
        return (
            f"a colour class spans {spans.max():.0f} (in-between cells chain two colours); "
            f"cells in doubt: {named}"
        )
    rows, cols = board.shape
    numbers = (classes + 1).reshape(2, rows, cols)
    if Counter(numbers[0].ravel().tolist()) == Counter(numbers[1].ravel().tolist()):
        return None
    hexes = _hexes(_class_means(colors, classes))
    return _count_doubt(numbers, _margins(colors, classes).reshape(2, rows, cols), hexes)


def _clipped_doubt(
    board: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    darkest: NDArray[np.float64],
    on_board: NDArray[np.bool_],
    params: Params,
) -> str | None:
    """A doubt naming the cells of a light class that may be two light colours clipped alike
    (grey and white under glare, white and a light tint), or of a class clipped in one
    channel that spans two bright colours (salmon and light orange, red clipped) unless the
    target shows one of them alone (:func:`_target_on_one_side`), or of a class clipped in
    two channels on the board whose target cells spread in them (two light yellows), or
    None.

    ``darkest`` is each cell's darkest channel as the camera saw it: clipping is the
    camera's, so a target cell taken into the board's light (:func:`_target_in_board_light`,
    its washed-out colour stretched by the fitted gain) is near white only when it was
    seen so, not when the stretch carries it there."""
    spans = _spans(colors, classes)
    board_spans = np.where(on_board, _spans(colors, np.where(on_board, classes, -1)), 0.0)
    for k in range(int(classes.max()) + 1):
        mine = classes == k
        if (darkest[mine] >= params.clipped).any():
            spread = float(spans[mine].max())
            lit = darkest[mine & on_board]  # the board's cells: the target's are smeared
            white = lit.size > 0 and lit.max() >= params.saturated and lit.min() < params.unclipped
            if spread > params.max_clipped_spread or white:
                tinted = np.flatnonzero(mine & (darkest < params.saturated))
                return (
                    f"colour class {k + 1} spans {spread:.0f} next to white: two light colours "
                    f"may have merged under glare; cells in doubt: {_cell_names(tinted, board)}"
                )
        clipped = colors[mine & on_board].min(axis=0) >= params.saturated
        target = (
            _target_spread(colors, classes, on_board, k, clipped) if clipped.sum() > 1 else None
        )
        if target is not None and target[0] > max(
            params.max_clipped_target_spread, params.clipped_target_ratio * target[1]
        ):
            return (
                f"colour class {k + 1} is clipped in two channels on the board and spans "
                f"{target[0]:.0f} in them in the target: two light colours may have merged; "
                f"cells in doubt: {_cell_names(np.flatnonzero(mine), board)}"
            )
        spread = float(board_spans[mine & on_board].max())  # the target's cells are smeared
        if (
            clipped.any()
            and spread > params.max_channel_clipped_spread
            and not _target_on_one_side(colors, mine, on_board)
        ):
            cells = np.flatnonzero(mine)
            group = _two_along_axis(colors[cells])[0]
            named = _cell_names(cells[group if group.sum() <= (~group).sum() else ~group], board)
            return (
                f"colour class {k + 1} spans {spread:.0f} with a channel clipped in every cell: "
                f"two bright colours may have merged; cells in doubt: {named}"
            )
    return None


def _target_spread(
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    on_board: NDArray[np.bool_],
    k: int,
    channels: NDArray[np.bool_],
) -> tuple[float, float] | None:
    """How far apart (RGB) the target's cells of class ``k`` lie in ``channels`` at most, and
    those of any other class; None when the target has fewer than two of ``k``'s."""
    spreads = {
        j: float(np.ptp(theirs[:, channels], axis=0).max())
        for j in range(int(classes.max()) + 1)
        if len(theirs := colors[(classes == j) & ~on_board]) > 1
    }
    if k not in spreads:
        return None
    return spreads.pop(k), max(spreads.values(), default=0.0)


def _target_on_one_side(
    colors: NDArray[np.float64], mine: NDArray[np.bool_], on_board: NDArray[np.bool_]
) -> bool:
    """True when the target's cells of a class (``mine``) all lie by one of the two groups
    that its board cells split into (:func:`_two_along_axis`), each twice as near that
    group's mean as the other's. The target holds the board's colours, so two colours
    merged into the class would show there as two groups too: this class is one colour, a
    glare spot or a lighter patch on some of its board cells."""
    board, target = np.flatnonzero(mine & on_board), np.flatnonzero(mine & ~on_board)
    if len(board) < 2 or len(target) == 0:
        return False
    group = _two_along_axis(colors[board])[0]
    means = np.stack([colors[board[group]].mean(axis=0), colors[board[~group]].mean(axis=0)])
    to_means = np.linalg.norm(colors[target][:, None, :] - means[None], axis=2)
    nearer = to_means.argmin(axis=1)
    clear = 2 * to_means.min(axis=1) <= to_means.max(axis=1)
    return bool((nearer == nearer[0]).all() and clear.all())


def _target_in_board_light(
    board: _Grid, target: _Grid, params: Params
) -> tuple[NDArray[np.float64], NDArray[np.int64]] | None:
    """The board's cells and the target's, the latter taken into the board's light, with
    their classes; None unless the target reads as the board's colours beyond doubt.

    A photo's blur mixes the target's tiny cells with their separators and JPEG washes out
    their colour, so each of its colours is, per channel, ``gain * board colour + offset``
    (the same for all of them: one blur, one light over a small icon). The board alone gives
    the classes (a class spanning more than ``max_class_spread`` only when it is one colour,
    within ``same_color``, once the light's smooth field is taken out of the board); the
    board's classes may come from the target's own (:func:`_board_classes`); the
    gain and offset start from the target's and the board's colour moments (the target
    shows the board's cells rearranged), each target cell takes the nearest class under
    them, and they are fitted again to that reading until it settles.
    The reading counts only when it has exactly the board's colour counts, the fitted gains
    are those of a blur and a light (``target_gains``, ``target_gain_ratio``), and every
    target cell is within ``max_class_spread`` of its class and clearly nearer it than any
    other (``min_margin``).
    """
    cells, seen = board.colors.reshape(-1, 3), target.colors.reshape(-1, 3)
    classes, told = _board_classes(cells, seen, _cell_positions(board, board), params)
    count = int(classes.max()) + 1
    if not 2 <= count <= 6:
        return None
    if not told and _spans(cells, classes).max() > params.max_class_spread:
        # one colour across a large board under a light gradient, or two colours chained
        positions = _cell_positions(board, board)
        even = cells / _gains(positions, _light_slopes(cells, classes, positions))
        if _spans(even, classes).max() > params.same_color:
            return None
    means = _class_means(cells, classes)
    wanted = np.bincount(classes, minlength=count)
    varied = means[classes].std(axis=0) >= params.min_channel_spread  # between the classes
    if not varied.any():
        return None
    gain = np.ones(3)
    gain[varied] = seen.std(axis=0)[varied] / cells.std(axis=0)[varied]
    gain[~varied] = np.median(gain[varied])
    offset = seen.mean(axis=0) - gain * cells.mean(axis=0)
    assigned = np.full(len(seen), -1)
    for _ in range(params.target_fit_rounds):
        to_model = np.linalg.norm(seen[:, None, :] - (means * gain + offset)[None], axis=2)
        nearest = to_model.argmin(axis=1)
        if np.array_equal(nearest, assigned):
            break
        assigned = nearest
        if not np.array_equal(np.bincount(assigned, minlength=count), wanted):
            return None
        fitted = _channel_fit(means[assigned], seen, varied)
        if fitted is None:
            return None
        gain, offset = fitted
    else:
        return None
    low, high = params.target_gains
    if gain.min() < low or gain.max() > min(high, params.target_gain_ratio * gain.min()):
        return None
    index = np.arange(len(seen))
    own = to_model[index, assigned].copy()
    to_model[index, assigned] = np.inf
    other = to_model.min(axis=1)
    if (own > params.max_class_spread).any() or ((other - own) / (other + own)).min() < (
        params.min_margin
    ):
        return None
    relit = (seen - offset) / gain
    return np.concatenate([cells, relit]), np.concatenate([classes, assigned])


def _board_classes(
    cells: NDArray[np.float64],
    seen: NDArray[np.float64],
    positions: NDArray[np.float64],
    params: Params,
) -> tuple[NDArray[np.int64], bool]:
    """The board's colour classes (numbered by first appearance), as many as the target's
    own when those are tight and the board's fewer, or more (:func:`_classes_under_light`,
    else :func:`_linked`); and whether the board's classes are as many as the target's own
    tight classes.

    The small target lies under one light, so its classes, each within ``same_color``,
    are the puzzle's colours. A photo's light gradient across a large board can chain two
    near colours (light blue and grey) through its cells: the board holds the target's
    colours, so its widest class is cut in two (:func:`_two_along_axis`) until it has as
    many. Or glare spreads a class of the board far beyond ``max_class_spread`` while it
    stays one class, as many as the target's. Or glare lights a spot of the board (white
    light added, which no gain across the board evens): a lit cell, or a lit corner of a
    class, makes a class of its own; its nearest class, joined by single linkage until the
    board has the target's count (and, where the counts tell, the class those leave it,
    :func:`_linked`), is its colour unlit. Either way the reading that follows
    still has to match the target's counts exactly, and a class so joined is still
    checked for two colours merged (:func:`_merged_class`)."""
    classes = _cluster(cells, params)
    own = _cluster(seen, params)
    wanted = int(own.max()) + 1
    if not 2 <= wanted <= 6 or _spans(seen, own).max() > params.same_color:
        return classes, False
    if int(classes.max()) + 1 > wanted:
        evened = _classes_under_light(cells, classes, positions, params)
        if evened is not None and int(evened.max()) + 1 == wanted:
            return evened, True
        return _linked(cells, classes, wanted, np.bincount(own)), True
    if int(classes.max()) + 1 >= wanted:
        return classes, int(classes.max()) + 1 == wanted
    while int(classes.max()) + 1 < wanted:
        spans = _spans(cells, classes)
        widest = np.flatnonzero(classes == classes[np.argmax(spans)])
        if len(widest) < 2:
            return classes, False
        group = _two_along_axis(cells[widest])[0]
        classes[widest[group]] = int(classes.max()) + 1
    order = {int(k): i for i, k in enumerate(dict.fromkeys(classes.tolist()))}
    return np.array([order[int(k)] for k in classes], dtype=np.int64), False


#: At most this many joins of the board's classes are searched for the target's counts
#: (:func:`_linked`): a glare spot or two.
MAX_JOINS = 2


def _linked(
    cells: NDArray[np.float64],
    classes: NDArray[np.int64],
    count: int,
    sizes: NDArray[np.int64],
) -> NDArray[np.int64]:
    """``classes`` joined by single linkage (the two whose nearest cells are nearest, again
    and again) until ``count`` are left, numbered by first appearance.

    The target holds the board's cells rearranged, so the joined classes must have its
    classes' ``sizes`` (cell counts, in any order). When single linkage's classes do not,
    the joins of at most ``MAX_JOINS`` classes that do are tried, and the one whose joins
    are shortest (the sum of its single-linkage joins) is taken: a glare-lit cell whose
    added light took it about as near a lighter colour as to its own is given to the class
    that the counts leave it."""
    pairwise = np.linalg.norm(cells[:, None, :] - cells[None, :, :], axis=2)
    n = int(classes.max()) + 1
    between = np.array(
        [[pairwise[np.ix_(classes == a, classes == b)].min() for b in range(n)] for a in range(n)]
    )
    wanted = sorted(sizes.tolist())
    found = _single_linkage(between, count)
    if sorted(np.bincount(found[classes]).tolist()) != wanted and n - count <= MAX_JOINS:
        per_class = np.bincount(classes)
        joins = [
            labels
            for labels in _partitions(n, count)
            if sorted(np.bincount(labels, weights=per_class).astype(int).tolist()) == wanted
        ]
        if joins:
            found = min(joins, key=lambda labels: _join_length(between, labels))
    joined = found[classes]
    order = {int(k): i for i, k in enumerate(dict.fromkeys(joined.tolist()))}
    return np.array([order[int(k)] for k in joined], dtype=np.int64)


def _single_linkage(between: NDArray[np.float64], count: int) -> NDArray[np.int64]:
    """Labels of the classes (``between``: the distance between each two's nearest cells)
    joined by single linkage, the nearest two again and again, until ``count`` are left."""
    labels = np.arange(len(between))
    while len(np.unique(labels)) > count:
        apart = np.where(labels[:, None] != labels[None, :], between, np.inf)
        a, b = np.unravel_index(int(np.argmin(apart)), apart.shape)
        labels[labels == labels[b]] = labels[a]
    return labels


def _partitions(n: int, count: int) -> Iterator[NDArray[np.int64]]:
    """Every way to join ``n`` classes into ``count`` (labels, each join labelled by its
    first class's order)."""

    def extend(labels: list[int], used: int) -> Iterator[list[int]]:
        left = n - len(labels)
        if left == 0:
            if used == count:
                yield labels
            return
        if used + left > count:  # room to join
            for k in range(used):
                yield from extend([*labels, k], used)
        if used < count:
            yield from extend([*labels, used], used + 1)

    for labels in extend([], 0):
        yield np.array(labels, dtype=np.int64)


def _join_length(between: NDArray[np.float64], labels: NDArray[np.int64]) -> float:
    """The total length of the single-linkage joins that make the classes ``labels`` join
    (``between``: the distance between each two classes' nearest cells)."""
    total = 0.0
    for k in np.unique(labels):
        members = np.flatnonzero(labels == k)
        sub = between[np.ix_(members, members)]
        # Prim's tree over the members: the single-linkage joins within the class
        inside = np.zeros(len(members), dtype=bool)
        inside[0] = True
        for _ in range(len(members) - 1):
            reach = np.where(inside[:, None] & ~inside[None, :], sub, np.inf)
            i, j = np.unravel_index(int(np.argmin(reach)), reach.shape)
            total += float(reach[i, j])
            inside[j] = True
    return total


def _classes_under_light(
    cells: NDArray[np.float64],
    classes: NDArray[np.int64],
    positions: NDArray[np.float64],
    params: Params,
) -> NDArray[np.int64] | None:
    """The board's classes once a photo's smooth light is taken out of its cells, or None.

    A strong light gradient across the board splits one colour into a lit class and a
    shaded one. The light's field (:func:`_light_slopes`) is fitted to the classes and the
    evened cells are clustered again, alternately, until the classes settle; they count
    only when each then lies clearly apart from the others: its span under that light is
    at most ``1 / light_class_separation`` of the least distance between two cells of
    different classes (in-between cells chaining two colours would close that gap; the
    light's gain alone does not even a dark colour's channels near black)."""
    for _ in range(params.target_fit_rounds):
        even = cells / _gains(positions, _light_slopes(cells, classes, positions))
        again = _cluster(even, params)
        if not np.array_equal(again, classes):
            classes = again
            continue
        pairwise = np.linalg.norm(even[:, None, :] - even[None, :, :], axis=2)
        apart = pairwise[classes[:, None] != classes[None, :]]
        if apart.size and params.light_class_separation * _spans(even, classes).max() <= (
            apart.min()
        ):
            return classes
        return None
    return None


def _channel_fit(
    model: NDArray[np.float64], seen: NDArray[np.float64], varied: NDArray[np.bool_]
) -> tuple[NDArray[np.float64], NDArray[np.float64]] | None:
    """Per channel, the gain and offset that best take ``model`` to ``seen`` (least squares);
    a channel in which the board hardly varies (not ``varied``) takes the others' median
    gain. None when the reading leaves no spread to fit."""
    gain, offset = np.ones(3), np.zeros(3)
    for ch in np.flatnonzero(varied):
        x = model[:, ch]
        if x.std() < 1e-6:
            return None
        gain[ch], offset[ch] = np.polyfit(x, seen[:, ch], 1)
    gain[~varied] = np.median(gain[varied])
    offset[~varied] = (seen - gain * model).mean(axis=0)[~varied]
    return gain, offset


def _merged_class(
    board: _Grid,
    target: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    params: Params,
    scanlines: bool = False,
) -> str | None:
    """A doubt naming the cells of a colour class that may be two colours merged, or None.

    Two light colours brought close by a photo's light and chained by the target's blurred cells
    make one class in both grids alike, so the colour counts cannot tell. Each class is cut in
    two where its board cells are farthest apart (as they are, and under the light fitted to the
    reading); with the cut's two groups as two colours, the light's smooth field
    (:func:`_light_slopes`) is fitted again and taken out of every cell. The class is two
    colours when its board cells then fall into two tight groups far apart (``min_merge_gap``,
    ``merge_gap_ratio``) and its target cells, each given to the nearer group, split in the same
    counts, or when the groups are ``sure_merge_gap`` apart; or when its board cells are at
    least ``min_merge_gap`` apart and its target cells split in the same counts into two tight
    groups far apart (the target is a small icon under one light, where one colour's cells stay
    alike while a light gradient across the board spreads the board's groups into each other);
    or when its board cells (and its target cells alike, unless the groups are
    ``sure_merge_gap`` apart) split into groups whose means lie much farther apart than the
    other classes' cells stray (``merge_light_ratio``), on the board or, for the target's
    cells split in the board's counts, in the target (:func:`_stands_out_in_target`). In a
    class clipped in two channels in all its board cells, overexposure leaves two light
    colours only their third channel to differ in (yellow and cream 11 apart): there
    ``clipped_merge_gap`` stands for ``min_merge_gap``, and the board's groups decide alone
    (the target's smaller, blurred cells lose so small a split). On a picture with
    ``scanlines``, a class whose split the bands of their beat explain is one colour
    (:func:`_unbanded`). Last, a class spread where the other colours are alike is several
    (:func:`_flat_split`).
    """
    for k in range(int(classes.max()) + 1):
        doubt = _class_split(board, target, colors, classes, k, params)
        if doubt is not None and not (
            scanlines
            and any(
                _class_split(board, target, banded, classes, k, params) is None
                for banded in _unbanded(board, colors, classes, k, params)
            )
        ):
            return doubt
    for k in range(int(classes.max()) + 1):
        # scanlines' bands darken rows alike: a gain, within the light's plane
        doubt = _hue_split(board, colors, classes, k, params)
        if doubt is None and not scanlines:  # scanlines' bands split a target's rows alike
            doubt = _target_split(board, colors, classes, k, params)
        if doubt is not None:
            return doubt
    for k in range(int(classes.max()) + 1):
        if doubt := _flat_split(board, colors, classes, k, params):
            return doubt
    return None


def _flat_split(
    board: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    k: int,
    params: Params,
) -> str | None:
    """A doubt naming the cells of class ``k`` in a grid where two of them lie
    :attr:`Params.min_flat_gap` apart while that grid's cells of the other classes are
    alike (within :attr:`Params.max_flat_spread`, see :func:`_others_spread`), or None. A
    flat picture, or a target (a small icon under one light), shows each colour alike, so
    a class that spreads there is several colours chained by the one between them (orange
    between gold and rust, novel 3830024 of session 23, read as one warm colour in both
    grids alike and solved, on the screenshot and on its photo), however few cells each
    has."""
    on_board = np.arange(len(colors)) < board.shape[0] * board.shape[1]
    for grid in (on_board, ~on_board):
        mine = np.flatnonzero(grid & (classes == k))
        if len(mine) < 2 or _others_spread(colors, classes, grid, k) > params.max_flat_spread:
            continue
        span = float(_spans(colors[mine], classes[mine]).max())
        if span >= params.min_flat_gap:
            return (
                f"colour class {k + 1} spans {span:.0f} where the other colours are alike: "
                f"several colours in one; cells in doubt: {_cell_names(mine, board)}"
            )
    return None


def _target_split(
    board: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    k: int,
    params: Params,
) -> str | None:
    """A doubt naming the cells of class ``k`` when its target cells are two colours, or None.

    The target is a small icon under one light, where one colour's cells stay alike: when
    its cells of the class fall into two groups of two cells or more (one odd cell may be a
    glare's) that lie ``min_merge_gap`` apart, ``merge_gap_ratio`` times as far as either
    group spans and ``merge_light_ratio`` times as far as the target's cells of the other
    classes stray from theirs, the class is two colours, however the board's cells lie (a
    light colour and a glare-lit cell of a deeper one chain on the board: lavender and
    light blue)."""
    on_board = np.arange(len(colors)) < board.shape[0] * board.shape[1]
    theirs = np.flatnonzero((classes == k) & ~on_board)
    if len(theirs) < 4:
        return None
    group, gap, span = _two_groups(colors[theirs])
    if min(group.sum(), (~group).sum()) < 2:
        return None
    apart = float(
        np.linalg.norm(colors[theirs[group]].mean(axis=0) - colors[theirs[~group]].mean(axis=0))
    )
    if gap < max(params.min_merge_gap, params.merge_gap_ratio * span) or apart < (
        params.merge_light_ratio * _others_spread(colors, classes, ~on_board, k)
    ):
        return None
    smaller = theirs[group if group.sum() <= (~group).sum() else ~group]
    return (
        f"colour class {k + 1} may be two colours (its target cells in two groups {gap:.0f} "
        f"apart); cells in doubt: {_cell_names(smaller, board)}"
    )


def _class_split(
    board: _Grid,
    target: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    k: int,
    params: Params,
) -> str | None:
    """The doubt of :func:`_merged_class` for class ``k`` alone, or None."""
    rows, cols = board.shape
    positions = np.concatenate([_cell_positions(g, board) for g in (board, target)])
    on_board = np.arange(len(colors)) < rows * cols
    even = colors / _gains(positions, _light_slopes(colors, classes, positions))
    count = int(classes.max()) + 1
    mine = np.flatnonzero((classes == k) & on_board)
    theirs = np.flatnonzero((classes == k) & ~on_board)
    if len(mine) < 2:
        return None
    clipped = (colors[mine].min(axis=0) >= params.saturated).sum() >= 2
    least = params.clipped_merge_gap if clipped else params.min_merge_gap
    for seen, cut in itertools.product((colors, even), (_two_groups, _two_along_axis)):
        split = classes.copy()
        split[mine[cut(seen[mine])[0]]] = count
        fitted = np.ones(len(colors), dtype=bool)
        fitted[theirs] = False  # not yet given to either group
        slopes = _light_slopes(colors[fitted], split[fitted], positions[fitted])
        shaded = colors / _gains(positions, slopes)
        group, gap, span = cut(shaded[mine])
        first, second = shaded[mine[group]].mean(axis=0), shaded[mine[~group]].mean(axis=0)
        nearer = np.linalg.norm(shaded[theirs] - first, axis=1) < np.linalg.norm(
            shaded[theirs] - second, axis=1
        )
        # a clipped class's target cells, smaller and blurred, lose its small split
        alike = nearer.sum() == group.sum()  # the target's cells in the board's counts
        agree = alike or clipped
        tight = gap >= max(least, params.merge_gap_ratio * span)
        if alike and 0 < nearer.sum() < len(nearer) and gap >= least:
            # the target's cells, under one light (a small icon), as the board's split them
            their_gap, their_span = _gap_and_span(colors[theirs], nearer)
            tight |= their_gap >= max(least, params.merge_gap_ratio * their_span)
        apart = float(np.linalg.norm(first - second))
        in_target = alike and _stands_out_in_target(
            colors, classes, on_board, k, nearer, least, params
        )
        stands_out = (
            (agree or gap >= params.sure_merge_gap)
            and min(group.sum(), (~group).sum()) >= 2  # one odd cell may be a glare's
            and apart >= least
            and (
                apart >= params.merge_light_ratio * _others_spread(shaded, classes, on_board, k)
                or in_target
            )
        )
        if not (tight and (agree or gap >= params.sure_merge_gap)) and not stands_out:
            continue
        if group.sum() > (~group).sum():
            group, nearer = ~group, ~nearer
        if group.sum() == 1 and not nearer.any() and _glare_lit(colors[mine], group, params):
            continue  # a glare spot on one board cell: the target's cells are all the others'
        cells = _cell_names(np.concatenate([mine[group], theirs[nearer]]), board)
        return (
            f"colour class {k + 1} may be two colours (two groups {gap:.0f} apart under an "
            f"even light); cells in doubt: {cells}"
        )
    return None


def _off_hue(cells: NDArray[np.float64], params: Params) -> NDArray[np.float64] | None:
    """Each cell's signed distance (RGB) off the plane of its class's mean colour under any
    gain and any white light added (the plane through black spanned by the mean and grey),
    or None for a class too near grey to have a hue (``min_hue_angle``)."""
    mean = cells.mean(axis=0)
    normal = np.cross(mean, np.ones(3))
    length = float(np.linalg.norm(normal))
    if length <= params.min_hue_angle * float(np.linalg.norm(mean)) * np.sqrt(3):
        return None
    return np.asarray(cells @ (normal / length), dtype=np.float64)


def _hue_split(
    board: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    k: int,
    params: Params,
) -> str | None:
    """A doubt naming the cells of class ``k`` when its board cells are two hues, or None.

    A photo's light (a gradient, glare, the exposure) changes a colour by a gain and by
    white light added: it moves the colour within the plane through black spanned by the
    colour and grey, never off it. Two colours merged into one class (peach and a light
    yellow, 27 apart where the light strays the others 12) differ off that plane: their
    board cells then fall into two tight groups off it (``min_hue_gap``; a lone cell may
    be one, as glare, white light added, keeps a cell on its plane), far apart beside
    the groups' spans and beside the other classes' cells off their own planes
    (``hue_gap_ratio``), however much the light spreads every class along its plane."""
    count = board.shape[0] * board.shape[1]
    on_board = classes[:count]
    mine = np.flatnonzero(on_board == k)
    if len(mine) < 3:
        return None
    off = _off_hue(colors[mine], params)
    if off is None:
        return None
    order = np.argsort(off)
    ranked = off[order]
    stray = 0.0
    for j in np.unique(on_board):
        theirs = colors[:count][on_board == j]
        their_off = _off_hue(theirs, params) if j != k and len(theirs) >= 2 else None
        if their_off is not None:
            stray = max(stray, float(their_off.max() - their_off.min()))
    for cut in range(1, len(ranked)):
        gap = float(ranked[cut] - ranked[cut - 1])
        span = max(float(ranked[cut - 1] - ranked[0]), float(ranked[-1] - ranked[cut]))
        if gap >= params.min_hue_gap and gap >= params.hue_gap_ratio * max(span, stray):
            smaller = order[:cut] if cut <= len(ranked) - cut else order[cut:]
            return (
                f"colour class {k + 1} may be two colours (two hues {gap:.0f} apart off the "
                f"light's plane); cells in doubt: {_cell_names(mine[smaller], board)}"
            )
    return None


#: Where a cell's brightness is compared across it, ``(row, col)`` from its centre, in
#: pitches: a square of nine points inside its face (clear of a bevel).
_FACE = np.stack(np.meshgrid([-0.22, 0.0, 0.22], [-0.22, 0.0, 0.22]), axis=-1).reshape(-1, 2)


def _unevenness(grid: _Grid, work: RGBImage) -> NDArray[np.float64]:
    """How much each cell's brightness (mean of RGB) varies across its face (the range over
    :data:`_FACE`), cells in order."""
    rows, cols = grid.shape
    centres = _centre_points(grid)[:, None]
    xy = grid.lattice.to_pixels((centres + _FACE[None]).reshape(-1, 2))
    bright = _at(work, xy).astype(np.float64).mean(axis=1).reshape(rows * cols, len(_FACE))
    return np.asarray(bright.max(axis=1) - bright.min(axis=1))


def _glare_split(
    board: _Grid,
    target: _Grid,
    work: RGBImage,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    params: Params,
) -> str | None:
    """A doubt naming the cells of a colour class that may be another class lit by a glare
    spot, or None: its cells are that class's colour with white light added
    (:func:`_glare_lit`), and each of them is uneven (``glare_uneven``). Glare lights a
    cell of the board and one of the target, side by side in the picture, alike: a colour
    split in two classes of equal counts, which the counts cannot tell; a second colour of
    its own (a light grey beside a grey) is as even as the rest."""
    uneven = np.concatenate([_unevenness(board, work), _unevenness(target, work)])
    typical = float(np.median(uneven))
    for lit_class in range(int(classes.max()) + 1):
        lit = classes == lit_class
        if not (
            uneven[lit] >= max(params.glare_uneven * typical, typical + params.glare_rise)
        ).all():
            continue
        for base in range(int(classes.max()) + 1):
            pair = lit | (classes == base)
            if base != lit_class and _glare_lit(colors[pair], lit[pair], params):
                cells = _cell_names(np.flatnonzero(lit), board)
                return (
                    f"colour class {lit_class + 1} may be class {base + 1} lit by glare (its "
                    f"cells are that colour with white light added, and uneven); cells in "
                    f"doubt: {cells}"
                )
    return None


def _glare_lit(cells: NDArray[np.float64], lit: NDArray[np.bool_], params: Params) -> bool:
    """True when the ``lit`` cells (as the camera saw them) are the others' colour with
    white light added: lighter by about as much in every channel, the offset from grey
    within ``glare_tint`` of the added light's length. Glare adds the lamp's light to what
    the screen shows; a second colour of a class differs from it in hue too. A channel the
    lit cells show clipped (``saturated``) shows less of the light than was added, never
    more; the light's level is read in the others, and without one there is no telling."""
    seen = cells[lit].mean(axis=0)
    added = seen - cells[~lit].mean(axis=0)
    free = seen < params.saturated
    if not free.any():
        return False
    level = float(added[free].mean())
    off = np.where(free, added - level, np.maximum(added - level, 0.0))
    return level > 0 and float(np.linalg.norm(off)) <= params.glare_tint * level * np.sqrt(3)


def _unbanded(
    board: _Grid,
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    k: int,
    params: Params,
) -> Iterator[NDArray[np.float64]]:
    """``colors`` with each row (then, each column) of each grid divided by its brightness
    gain: the median, over the row's cells of the classes other than ``k``, of a cell's
    brightness over its class's mean in that grid.

    Scanlines at a scale that is no whole number of pixels beat into bands: where a
    console row holds two dark pixel rows instead of one, blurred lit rows lose their
    peak, and every colour there is darker alike, over a cell's height or more. A class
    whose two groups follow the rows (or columns) where the other classes' cells darken
    alike is one colour in those bands, not two. A row whose gain is no band's (beyond
    ``band_gain`` of 1) or that holds no other class's cell keeps its colours."""
    rows, cols = board.shape
    index = np.arange(len(colors))
    grid, row, col = index // (rows * cols), index % (rows * cols) // cols, index % cols
    brightness = colors.sum(axis=1)
    means = np.zeros(len(colors))
    for g, j in itertools.product((0, 1), np.unique(classes)):
        mine = (grid == g) & (classes == j)
        means[mine] = brightness[mine].mean()
    others = classes != k
    for line in (row, col):
        gains = np.ones(len(colors))
        for g, n in itertools.product((0, 1), np.unique(line)):
            mine = (grid == g) & (line == n)
            ratios = brightness[mine & others] / means[mine & others]
            if len(ratios):
                gain = float(np.median(ratios))
                gains[mine] = gain if abs(gain - 1) <= params.band_gain else 1.0
        yield colors / gains[:, None]


def _stands_out_in_target(
    colors: NDArray[np.float64],
    classes: NDArray[np.int64],
    on_board: NDArray[np.bool_],
    k: int,
    nearer: NDArray[np.bool_],
    least: float,
    params: Params,
) -> bool:
    """True when class ``k``'s target cells, split as the board's two groups take them
    (``nearer``, in the board's counts), make two groups whose means lie ``least`` apart and
    ``merge_light_ratio`` times as far as the target's cells of the other classes stray
    from theirs. The target is a small icon under one light, where one colour's cells stay
    as alike as the others' do, while a light gradient or glare across a large board
    strays all of the board's cells and hides two near colours' split there."""
    theirs = np.flatnonzero((classes == k) & ~on_board)
    if not 0 < nearer.sum() < len(nearer):
        return False
    apart = float(
        np.linalg.norm(colors[theirs[nearer]].mean(axis=0) - colors[theirs[~nearer]].mean(axis=0))
    )
    return apart >= max(
        least, params.merge_light_ratio * _others_spread(colors, classes, ~on_board, k)
    )


def _others_spread(
    colors: NDArray[np.float64], classes: NDArray[np.int64], on_board: NDArray[np.bool_], k: int
) -> float:
    """How far the cells of the classes other than ``k`` stray from their class's mean (RGB,
    root mean square over the degrees of freedom): what the light and the camera leave of
    one colour in this picture. The board's cells, or, when no other class has two of them,
    the target's too (smaller, so straying more); infinite without two cells of another
    class."""
    for cells in (on_board, np.ones_like(on_board)):
        others = cells & (classes != k)
        kinds = np.unique(classes[others])
        freedom = int(others.sum()) - len(kinds)
        if freedom >= 1:
            squares = 0.0
            for j in kinds:
                theirs = colors[others & (classes == j)]
                squares += float(((theirs - theirs.mean(axis=0)) ** 2).sum())
            return float(np.sqrt(squares / freedom))
    return float("inf")


def _cell_names(indices: NDArray[np.int64], board: _Grid) -> str:
    """Cells by their index among the board's cells then the target's: "board (0, 1), ..."."""
    rows, cols = board.shape
    return ", ".join(
        f"{'board' if i < rows * cols else 'target'} ({i % (rows * cols) // cols}, {i % cols})"
        for i in indices
    )


def _cell_positions(grid: _Grid, board: _Grid) -> NDArray[np.float64]:
    """The centres of ``grid``'s cells (row-major) relative to the board's centre, in the
    board's longer side."""
    rows, cols = board.shape
    (x0, y0), (x1, y1) = board.lattice.to_pixels([(0, 0), (rows, cols)])
    origin = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    unit = max(abs(x1 - x0), abs(y1 - y0))
    return (np.array(_centers(grid.lattice)) - origin) / unit


def _light_slopes(
    colors: NDArray[np.float64], classes: NDArray[np.int64], positions: NDArray[np.float64]
) -> NDArray[np.float64]:
    """The slopes ``(2, 3)`` of a smooth light's gain per channel, ``1 + position @
    slopes``: the light gradient, vignetting and cast of a photo scale every colour alike
    at one place.

    Fitted by alternating least squares: the classes' colours under an even light, then
    the slopes that best explain each cell as its class's colour times its gain.
    """
    count = int(classes.max()) + 1
    slopes = np.zeros((2, 3))
    for _ in range(3):
        shaded = colors / _gains(positions, slopes)
        means = np.array([shaded[classes == k].mean(axis=0) for k in range(count)])
        model = means[classes]
        for ch in range(3):
            design = model[:, ch, None] * positions
            slopes[:, ch] = np.linalg.lstsq(design, colors[:, ch] - model[:, ch], rcond=None)[0]
    return slopes


def _gains(positions: NDArray[np.float64], slopes: NDArray[np.float64]) -> NDArray[np.float64]:
    """The light's gain per channel at each position (see :func:`_light_slopes`)."""
    return np.clip(1 + positions @ slopes, 0.5, 1.5)


def _two_along_axis(points: NDArray[np.float64]) -> tuple[NDArray[np.bool_], float, float]:
    """``points`` cut in two along their principal axis where the two sides are tightest
    (least squares): two colours whose groups are not far apart in every channel (one
    channel clipped alike) and spread by the light, where single linkage cuts one group.
    The mask of one group, the gap between the groups and the larger group's span."""
    centred = points - points.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    along = centred @ axis
    order = np.argsort(along, kind="stable")
    ranked = along[order]
    costs = [
        ranked[:k].var() * k + ranked[k:].var() * (len(ranked) - k) for k in range(1, len(ranked))
    ]
    group = np.zeros(len(points), dtype=bool)
    group[order[: 1 + int(np.argmin(costs))]] = True
    return group, *_gap_and_span(points, group)


def _gap_and_span(points: NDArray[np.float64], group: NDArray[np.bool_]) -> tuple[float, float]:
    """The gap between ``points`` in ``group`` and the others (both non-empty), and the
    larger side's span (greatest inner distance)."""
    dist = np.linalg.norm(points[:, None] - points[None, :], axis=2)
    span = max(float(dist[np.ix_(side, side)].max()) for side in (group, ~group))
    return float(dist[np.ix_(group, ~group)].min()), span


def _two_groups(points: NDArray[np.float64]) -> tuple[NDArray[np.bool_], float, float]:
    """``points`` cut in two where single linkage joins them last: the mask of one group,
    the gap between the groups, and the larger group's span (greatest inner distance)."""
    n = len(points)
    dist = np.linalg.norm(points[:, None] - points[None, :], axis=2)
    inside = np.zeros(n, dtype=bool)
    inside[0] = True
    nearest, parent = dist[0].copy(), np.zeros(n, dtype=np.int64)
    edges = []  # the minimum spanning tree: (length, one end, other end)
    for _ in range(n - 1):
        j = int(np.argmin(np.where(inside, np.inf, nearest)))
        edges.append((float(nearest[j]), int(parent[j]), j))
        inside[j] = True
        closer = dist[j] < nearest
        parent[closer] = j
        nearest = np.minimum(nearest, dist[j])
    edges.sort()
    component = np.arange(n)
    for _, a, b in edges[:-1]:
        component[component == component[b]] = component[a]
    group = component == component[0]
    return group, *_gap_and_span(points, group)


def _count_doubt(
    numbers: NDArray[np.int64], margins: NDArray[np.float64], hexes: Sequence[str]
) -> str:
    """Say which colour classes have other counts on the board (``numbers[0]``) and in the
    target (``numbers[1]``), and which cells are in doubt: for each class, as many of the
    grid's cells with more of it as it has too many, those nearest another class first."""
    counts = [[int((grid == k).sum()) for grid in numbers] for k in range(1, len(hexes) + 1)]
    classes, cells = [], []
    for k, (on_board, in_target) in enumerate(counts, start=1):
        if on_board == in_target:
            continue
        classes.append(
            f"colour {k} ({hexes[k - 1]}) {on_board} on the board, {in_target} in the target"
        )
        side = 0 if on_board > in_target else 1
        where = np.argwhere(numbers[side] == k)
        nearest = where[np.argsort(margins[side][numbers[side] == k], kind="stable")]
        name = ("board", "target")[side]
        cells += [f"{name} ({r}, {c})" for r, c in nearest[: abs(on_board - in_target)]]
    return f"{COUNT_DOUBT}: {'; '.join(classes)}; cells in doubt: {', '.join(cells)}"


def _seed_colors(
    grids: Sequence[_Grid], unfitted: Sequence[list[int]], regions: _Regions, work: RGBImage
) -> NDArray[np.float64]:
    """The colours of the largest grid's cells; without a grid, of the regions of the
    largest group that fits no lattice (the board, when its colours were mixed up)."""
    if grids:
        return max(grids, key=lambda g: g.area).colors.reshape(-1, 3)
    boxes = regions.boxes

    def extent(group: list[int]) -> float:
        sub = boxes[group]
        return float((sub[:, 2].max() - sub[:, 0].min()) * (sub[:, 3].max() - sub[:, 1].min()))

    colors = []
    for i in max(unfitted, key=extent) if unfitted else []:
        x0, y0, x1, y1 = boxes[i]
        cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, max(1.0, min(x1 - x0, y1 - y0) / 6)
        patch = work[
            round(cy - half) : round(cy + half) + 1, round(cx - half) : round(cx + half) + 1
        ]
        colors.append(np.median(patch.reshape(-1, 3), axis=0))
    return np.array(colors, dtype=np.float64).reshape(-1, 3)


def _pairs(
    grids: Sequence[_Grid],
    unfitted: Sequence[list[int]],
    regions: _Regions,
    work: RGBImage,
    params: Params,
) -> Iterator[tuple[_Grid, _Grid]]:
    """(board, target) candidates, nearest first: the largest grid with each other grid or
    group of regions near it (within :func:`_reach` or the other's side, not overlapping;
    a grid fitted in the largest's own shape of more than four cells anywhere), read in the
    same shape.

    The regions of a grid may all span several rows (or columns), so that on its own it fits
    a coarser lattice, or none; it is then read in the other grid's shape. So the largest
    grid may be the target, beside a board of merged cells that fitted no lattice. Then come
    the blobs of the largest grid's colours (:func:`_grids_of_colours`) apart from every
    grid tried: a tiny blurred target some of whose cells made no region, when what lay
    nearer (a HUD's squares) made no reading. Last, the largest group of regions that fits
    no lattice with each other such group near it, both read in the shape they fit
    jointly (:func:`_unfitted_pairs`). Lazily, as each is tried in turn.
    """
    if grids:
        yield from _pairs_with_largest(grids, unfitted, regions, work, params)
        yield from _whole_block_pairs(grids, unfitted, regions, work, params)
    yield from _unfitted_pairs(unfitted, regions, work, params)


def _whole_block_pairs(
    grids: Sequence[_Grid],
    unfitted: Sequence[list[int]],
    regions: _Regions,
    work: RGBImage,
    params: Params,
) -> Iterator[tuple[_Grid, _Grid]]:
    """(board, target) from a whole block that fit no lattice but a part of which did (the
    largest grid), read in the shape of another grid near it (nearest first): a board of
    merged cells without separators, cut at a blurred edge between two cells, whose part
    fits a coarser lattice of its own, beside a target that shows every line."""
    largest = max(grids, key=lambda g: g.area)
    for members in unfitted:
        box = _extent(regions.boxes[members])
        if not (set(largest.group) < set(members) and _inside(largest.box, box)):
            continue
        for grid in sorted(grids, key=lambda g: _gap(g.box, box)):
            if _overlap(grid.box, box):
                continue
            board = _grid_from_block(members, regions, work, params, grid.shape)
            if (
                board is not None
                and _gap(grid.box, board.box) <= _reach(board, params)
                and _same_aspect(board, grid)
            ):
                yield _ordered(board, grid)


def _pairs_with_largest(
    grids: Sequence[_Grid],
    unfitted: Sequence[list[int]],
    regions: _Regions,
    work: RGBImage,
    params: Params,
) -> Iterator[tuple[_Grid, _Grid]]:
    """The pairs of :func:`_pairs` with the largest grid."""
    board = max(grids, key=lambda g: g.area)
    reach = _reach(board, params)
    others: list[tuple[Box, _Grid | None, Sequence[int]]] = [
        (g.box, g, g.group) for g in grids if g is not board
    ]
    for members in [*unfitted, *_joined(unfitted, regions.boxes)]:
        others.append((_extent(regions.boxes[members]), None, members))
    pairs: list[tuple[_Grid, _Grid]] = []
    for box, grid, group in sorted(others, key=lambda o: _gap(o[0], board.box)):
        # a lattice of the board's own shape, of more cells than a 2 x 2 (whose two colours'
        # counts match by chance), is taken anywhere in the window read: a layout may put
        # its target card anywhere on the screen
        alike = grid is not None and grid.shape == board.shape and grid.colors.size > 12
        if _overlap(box, board.box) or (
            not alike and _gap(box, board.box) > max(reach, box[2] - box[0], box[3] - box[1])
        ):
            continue
        first, second = board, grid
        if grid is None or grid.shape != board.shape:
            second = _grid_from_block(group, regions, work, params, board.shape)
        if second is None and grid is not None:
            reshaped = _grid_from_block(board.group, regions, work, params, grid.shape)
            first, second = (board, None) if reshaped is None else (reshaped, grid)
        if second is None:
            second = _grid_in_box(box, group, board, work, params)
        if second is not None and _same_aspect(first, second):
            pairs.append(_ordered(first, second))
            yield pairs[-1]
    tried = [box for pair in pairs for box in (pair[0].box, pair[1].box)]
    for other in _grids_of_colours(board, work, params):
        if not any(_overlap(other.box, box) for box in tried):
            yield _ordered(board, other)


def _unfitted_pairs(
    unfitted: Sequence[list[int]], regions: _Regions, work: RGBImage, params: Params
) -> Iterator[tuple[_Grid, _Grid]]:
    """(board, target) from two groups of regions that fit no lattice on their own: the
    largest group (by its box) with each other group near it (nearest first, not
    overlapping), each with the regions inside its box, both read in the shape they fit
    jointly (:func:`_joint_shape`). A board and a target whose merged same-coloured cells
    each hide a line that the other shows. When the largest group is a whole block that was
    cut into parts, the largest group holding no other is tried too."""
    if len(unfitted) < 2:
        return
    boxes = regions.boxes
    extents = [_extent(boxes[group]) for group in unfitted]
    # with the regions inside each group's box: interlocking merged cells (two L shapes)
    # overlap each other's boxes, and neither is beside the other, so they did not link
    pad = params.gap_pixels
    blocks = [
        np.flatnonzero(
            (boxes[:, 0] >= x0 - pad)
            & (boxes[:, 1] >= y0 - pad)
            & (boxes[:, 2] <= x1 + pad)
            & (boxes[:, 3] <= y1 + pad)
        ).tolist()
        for x0, y0, x1, y1 in extents
    ]
    by_area = sorted(range(len(unfitted)), key=lambda i: -_box_area(extents[i]))
    # a block cut at its widest gap (see :func:`_fitted`) overlaps its parts, so no other
    # group lies apart from it: a board and a full-size target of merged cells that linked
    # into one block are read as its parts
    uncut = [
        i for i in by_area if not any(_inside(extents[j], extents[i]) for j in by_area if j != i)
    ]
    for largest in dict.fromkeys(by_area[:1] + uncut[:1]):
        yield from _unfitted_pairs_with(largest, blocks, extents, regions, work, params)


def _inside(inner: Box, outer: Box) -> bool:
    """True when box ``inner`` lies within box ``outer``."""
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _unfitted_pairs_with(
    largest: int,
    blocks: Sequence[list[int]],
    extents: Sequence[Box],
    regions: _Regions,
    work: RGBImage,
    params: Params,
) -> Iterator[tuple[_Grid, _Grid]]:
    """The pairs of :func:`_unfitted_pairs` with group ``largest`` as the board's."""
    boxes = regions.boxes
    group, box = blocks[largest], extents[largest]
    others = sorted(
        (i for i in range(len(blocks)) if not _overlap(extents[i], box)),
        key=lambda i: _gap(extents[i], box),
    )
    for i in others:
        shape = _joint_shape(boxes[group], boxes[blocks[i]], params)
        if shape is None:
            continue
        board = _grid_from_block(group, regions, work, params, shape)
        target = _grid_from_block(blocks[i], regions, work, params, shape)
        if (
            board is not None
            and target is not None
            and _gap(target.box, board.box) <= _reach(board, params)
            and _same_aspect(board, target)
        ):
            yield _ordered(board, target)


def _box_area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _extent(boxes: NDArray[np.float64]) -> Box:
    """The box around ``boxes`` (rows of ``x0, y0, x1, y1``)."""
    x0, y0 = boxes[:, :2].min(axis=0)
    x1, y1 = boxes[:, 2:].max(axis=0)
    return float(x0), float(y0), float(x1), float(y1)


def _joined(unfitted: Sequence[list[int]], boxes: NDArray[np.float64]) -> list[list[int]]:
    """The unions of groups of regions that fit no lattice lying next to each other (boxes
    nearer than their regions' median longer side, about a cell), two groups or more each:
    a board's rows that its regions did not link (a bevel, scanlines or a glossy tile's
    bands cut its cells into strips, whose rows lie farther apart than the strips are
    high)."""
    if len(unfitted) < 2:
        return []
    extents = [_extent(boxes[group]) for group in unfitted]
    sides = [float(np.median(np.maximum(*(boxes[g, 2:] - boxes[g, :2]).T))) for g in unfitted]
    label = list(range(len(unfitted)))
    for i, j in itertools.combinations(range(len(unfitted)), 2):
        if label[i] != label[j] and _gap(extents[i], extents[j]) <= min(sides[i], sides[j]):
            old = label[j]
            label = [label[i] if k == old else k for k in label]
    unions = []
    for root in dict.fromkeys(label):
        parts = [g for g, k in zip(unfitted, label, strict=True) if k == root]
        if len(parts) > 1:
            unions.append(sorted({i for part in parts for i in part}))
    return unions


def _reach(board: _Grid, params: Params) -> float:
    """How far from ``board``'s box its target may lie: the board's longer side, or
    ``params.target_reach_pitches`` of its pitch on a small board."""
    x0, y0, x1, y1 = board.box
    pitch = max((x1 - x0) / board.shape[1], (y1 - y0) / board.shape[0])
    return max(x1 - x0, y1 - y0, params.target_reach_pitches * pitch)


def _grids_of_colours(board: _Grid, work: RGBImage, params: Params) -> list[_Grid]:
    """Grids of ``board``'s shape near it, found as blocks of its colours rather than as
    regions: the pixels near one of the board's colour classes, closed over thin
    separators (``params.separator_close``), make blobs; each blob of the right
    proportions is read in its box (:func:`_grid_within`). For a blurred or JPEG target
    whose cells make no regions."""
    height, width = work.shape[:2]
    x0, y0, x1, y1 = board.box
    reach = _reach(board, params)
    wx0, wy0 = max(0, int(x0 - reach)), max(0, int(y0 - reach))
    wx1, wy1 = min(width, int(x1 + reach) + 1), min(height, int(y1 + reach) + 1)
    window = work[wy0:wy1, wx0:wx1].astype(np.float32)
    cells = board.colors.reshape(-1, 3)
    means = _class_means(cells, _cluster(cells, params)).astype(np.float32)
    gaps = np.linalg.norm(means[:, None] - means[None, :], axis=2)
    np.fill_diagonal(gaps, np.inf)
    radius = np.minimum(params.class_radius, 0.45 * gaps.min(axis=1))
    near = np.zeros(window.shape[:2], bool)
    for mean, r in zip(means, radius, strict=True):
        near |= ((window - mean) ** 2).sum(axis=2) < r**2
    # thin rings of a cell colour (a frame's edge blended into black) are opened away first
    opened = cv2.morphologyEx(near.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    rows, cols = board.shape
    found = []
    for share in params.separator_close:
        side = max(3, round(share * board.lattice.cell_size()))
        closed = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, np.ones((side, side), np.uint8))
        _, _, stats, _ = cv2.connectedComponentsWithStats(closed, connectivity=4)
        for x, y, w, h, _ in np.asarray(stats)[1:]:
            box = (float(x + wx0), float(y + wy0), float(x + wx0 + w), float(y + wy0 + h))
            if (
                w < 3 * cols
                or h < 3 * rows
                or _overlap(box, board.box)
                or _gap(box, board.box) > reach
            ):
                continue
            grid = _grid_within(box, board, work, params)
            if grid is not None:
                found.append(grid)
        if found:
            break
    return sorted(found, key=lambda g: _gap(g.box, board.box))


def _grid_within(box: Box, like: _Grid, work: RGBImage, params: Params) -> _Grid | None:
    """A grid of ``like``'s shape in ``box`` shrunk or grown by the same pixels on every side:
    a blob of the board's colours takes in the target's frame when the frame's colour is
    near one of them, and a blurred tiny target's cells shrink to dots. The pads
    (``params.box_pads``, shares of the blob's pitch) are tried from the most grown; the
    first box whose grid (:func:`_grid_in_box`) reads the same colours as the next one's is
    taken. When none does, the boxes grown further (``params.blurred_box_pads``) are tried
    alike: a photo's blur may have shrunk the blob by more, and a box grown that far
    takes in more of the frame and separators where less would do."""
    x0, y0, x1, y1 = box
    rows, cols = like.shape
    pitch = min((x1 - x0) / cols, (y1 - y0) / rows)
    for pads in (params.box_pads, params.blurred_box_pads):
        previous = None
        for share in pads:
            pad = share * pitch
            grid = _grid_in_box((x0 + pad, y0 + pad, x1 - pad, y1 - pad), (), like, work, params)
            if (
                grid is not None
                and previous is not None
                and float(np.abs(grid.colors - previous.colors).max()) < params.same_color
            ):
                return previous
            previous = grid
    return None


def _grid_in_box(
    box: Box,
    group: Sequence[int],
    like: _Grid,
    work: RGBImage,
    params: Params,
) -> _Grid | None:
    """A grid of ``like``'s shape filling ``box`` (the extent of the regions of ``group``),
    for a grid whose small or jagged cells fit no lattice edge by edge (a JPEG target icon).

    Each cell's colour is the median of a patch at its centre, which must be even. The
    separator is unknown: each likely share of the pitch is tried, and the grid is kept
    only when every try that reads reads the same colours, when its cells have the shape
    of ``like``'s (one screen, one pixel shape), and when no cell of those colours lies
    just beyond the box (a row or column the regions missed).
    """
    rows, cols = like.shape
    x0, y0, x1, y1 = box
    (lx0, ly0), (lx1, ly1) = like.lattice.to_pixels([(0, 0), (rows, cols)])
    ratio = ((x1 - x0) / (y1 - y0)) / ((lx1 - lx0) / (ly1 - ly0))
    if abs(np.log(ratio)) > np.log(1 + params.box_aspect_tolerance):
        return None
    found = []
    for share in params.separator_shares:
        pitch_x, pitch_y = (x1 - x0) / (cols - share), (y1 - y0) / (rows - share)
        lattice = Lattice.axis_aligned(
            rows + 2,
            cols + 2,
            left=x0 - share * pitch_x / 2 - pitch_x,
            top=y0 - share * pitch_y / 2 - pitch_y,
            pitch_x=pitch_x,
            pitch_y=pitch_y,
        )
        half = (0.2 * (1 - share) * pitch_x, 0.2 * (1 - share) * pitch_y)
        colors = _patch_colors(lattice, half, work, params, outer=False)[1:-1, 1:-1]
        if np.isnan(colors).any():
            continue
        ring = _ring_colors(lattice, half, work, params)
        to_cells = np.linalg.norm(ring[:, None, :] - colors.reshape(1, -1, 3), axis=2)
        if len(ring) and to_cells.min() < params.same_color:
            continue
        inner = Lattice.axis_aligned(
            rows,
            cols,
            left=x0 - share * pitch_x / 2,
            top=y0 - share * pitch_y / 2,
            pitch_x=pitch_x,
            pitch_y=pitch_y,
        )
        found.append(_Grid(box, inner, colors, tuple(group)))
    if not found:
        return None
    spread = max(float(np.abs(g.colors - found[0].colors).max()) for g in found)
    return found[0] if spread < params.same_color else None


def _ring_colors(
    lattice: Lattice, half: tuple[float, float], work: RGBImage, params: Params
) -> NDArray[np.float64]:
    """The colours of even patches (see :func:`_patch_colors`) at ``lattice``'s outermost
    cells, as an ``(N, 3)`` array: a cell there is as even as the grid's, while a frame or
    line hugging the grid in a cell's colour, narrower than a cell, makes an uneven patch
    with what lies beyond it."""
    ringed = _patch_colors(lattice, half, work, params, outer=True)
    ring = np.concatenate([ringed[0], ringed[-1], ringed[1:-1, 0], ringed[1:-1, -1]])
    return ring[~np.isnan(ring).any(axis=1)]


def _patch_colors(
    lattice: Lattice,
    half: tuple[float, float],
    work: RGBImage,
    params: Params,
    even: bool = True,
    outer: bool | None = None,
) -> NDArray[np.float64]:
    """The median colour of the patch at each cell's centre (``half`` its half sides); NaN
    for a patch outside the picture, or (``even``) uneven: a mean deviation over
    ``params.even_patch``. Only the outermost cells are read when ``outer`` is True, only
    the others when it is False (NaN for the rest)."""
    height, width = work.shape[:2]
    colors = np.full((lattice.rows, lattice.cols, 3), np.nan)
    hx, hy = max(1.0, half[0]), max(1.0, half[1])
    for (r, c), (cx, cy) in zip(_cells(lattice), _centers(lattice), strict=True):
        edge = r in (0, lattice.rows - 1) or c in (0, lattice.cols - 1)
        if outer is not None and edge != outer:
            continue
        xa, xb, ya, yb = round(cx - hx), round(cx + hx) + 1, round(cy - hy), round(cy + hy) + 1
        if xa < 0 or ya < 0 or xb > width or yb > height:
            continue
        pixels = work[ya:yb, xa:xb].reshape(-1, 3).astype(np.float64)
        median = _median_color(pixels)
        if not even or np.linalg.norm(pixels - median, axis=1).mean() <= params.even_patch:
            colors[r, c] = median
    return colors


def _cells(lattice: Lattice) -> list[tuple[int, int]]:
    """The ``(row, col)`` of every cell of ``lattice``, row by row."""
    return list(itertools.product(range(lattice.rows), range(lattice.cols)))


def _centers(lattice: Lattice) -> list[tuple[float, float]]:
    """The pixel ``(x, y)`` centre of every cell of ``lattice``, row by row (one mapping
    for all, rather than one per cell)."""
    points = np.array(_cells(lattice), dtype=np.float64) + 0.5
    return [(float(x), float(y)) for x, y in lattice.to_pixels(points)]


def _median_color(pixels: NDArray[np.generic]) -> NDArray[np.float64]:
    """The per-channel median of ``(N, 3)`` pixels (as :func:`numpy.median`, without its
    overhead on the many small patches read)."""
    ordered = np.sort(pixels, axis=0).astype(np.float64)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return np.asarray((ordered[middle - 1] + ordered[middle]) / 2, dtype=np.float64)


def _same_aspect(a: _Grid, b: _Grid) -> bool:
    """True when the cells of both grids have nearly the same width / height ratio (the
    pixels of one screen have one shape)."""

    def aspect(grid: _Grid) -> float:
        x0, y0, x1, y1 = grid.box
        return (x1 - x0) / grid.shape[1] / ((y1 - y0) / grid.shape[0])

    ratio = aspect(a) / aspect(b)
    return 1 / 1.3 <= ratio <= 1.3


def _within_larger(grid: _Grid, grids: Sequence[_Grid], params: Params) -> bool:
    """True when ``grid`` lies within another grid of more cells found in the same working
    image (in any round), its box inside that grid's grown by ``params.part_slack`` of that
    grid's pitch: some rows of a board (or of a target) read as a grid of their own, whose
    neighbouring cells, in the board's other colours, do not show it going on
    (:func:`_continues` looks for its own colours)."""
    x0, y0, x1, y1 = grid.box
    for other in grids:
        rows, cols = other.shape
        if rows * cols <= grid.shape[0] * grid.shape[1]:
            continue
        ox0, oy0, ox1, oy1 = other.box
        slack = params.part_slack * max((ox1 - ox0) / cols, (oy1 - oy0) / rows)
        if x0 >= ox0 - slack and y0 >= oy0 - slack and x1 <= ox1 + slack and y1 <= oy1 + slack:
            return True
    return False


def _among_likes(
    board: _Grid, target: _Grid, regions: _Regions, work: RGBImage, params: Params
) -> bool:
    """True when regions of the board's cell size and colours lie on the board's lattice
    beyond the ring of cells around it (``params.min_likes`` of them, outside the target):
    the board is then a cluster of pieces on a larger lattice of places (stones on a go
    board, counters on a game's field), not a framed grid. A game frames its board and sets
    nothing cell-like in its colours on its lattice around it but the target."""
    boxes = regions.boxes
    pitch = board.lattice.cell_size()
    sides = boxes[:, 2:] - boxes[:, :2]
    low, high = params.like_sides
    sized = ((sides >= low * pitch) & (sides <= high * pitch)).all(axis=1)
    centres = (boxes[:, :2] + boxes[:, 2:]) / 2
    tx0, ty0, tx1, ty1 = target.box
    outside = ~(
        (centres[:, 0] >= tx0)
        & (centres[:, 0] <= tx1)
        & (centres[:, 1] >= ty0)
        & (centres[:, 1] <= ty1)
    )
    picked = np.flatnonzero(sized & outside)
    if len(picked) < params.min_likes:
        return False
    row, col = board.lattice.to_grid(centres[picked]).T - 0.5
    rows, cols = board.shape
    beyond = (row < -1.5) | (row > rows + 0.5) | (col < -1.5) | (col > cols + 0.5)
    on_lattice = (np.abs(row - np.round(row)) <= params.like_offset) & (
        np.abs(col - np.round(col)) <= params.like_offset
    )
    candidates = picked[beyond & on_lattice]
    if len(candidates) < params.min_likes:
        return False
    height = work.shape[0]
    cells = board.colors.reshape(-1, 3)
    half = max(1, round(0.15 * pitch))
    likes = 0
    for x, y in np.round(centres[candidates]).astype(int):
        patch = work[max(0, y - half) : min(height, y + half + 1), max(0, x - half) : x + half + 1]
        if patch.size == 0:
            continue
        color = _median_color(patch.reshape(-1, 3))
        likes += bool(np.linalg.norm(cells - color, axis=1).min() < params.same_color)
    return likes >= params.min_likes


def _touching(board: _Grid, target: _Grid, params: Params) -> bool:
    """True when the target's box touches or overlaps the board's (nearer than
    ``params.min_apart`` of the smaller pitch), or the two lie on one lattice meeting corner
    to corner at a node of it (see :func:`_on_lattice`; foreign photo 4020007: two opposite
    quadrants of a target whose other two glare washed out). A game draws its target in a
    frame or a card of its own, apart from the board; two grids that meet are parts of one
    picture (two quadrants of one pattern, or of one square cut by a glare's gradient),
    whatever lattices were fitted to them."""
    pitch = min(board.lattice.cell_size(), target.lattice.cell_size())
    if _gap(board.box, target.box) < params.min_apart * pitch:
        return True
    nodes = _on_lattice(board, target, params)
    if nodes is None:
        return False
    (rows, cols), (r0, c0, r1, c1) = board.shape, nodes
    return (r0 == rows or r1 == 0) and (c0 == cols or c1 == 0)


def _on_lattice(board: _Grid, target: _Grid, params: Params) -> tuple[int, int, int, int] | None:
    """The board's lattice nodes ``(r0, c0, r1, c1)`` at the target's top-left and bottom-right
    corners, when ``target`` lies on that lattice: both pitches alike (within
    ``params.lattice_pitch``), its corners on the lattice's lines (within
    ``params.lattice_slack`` of a pitch); else ``None``."""
    ratio = target.lattice.cell_size() / board.lattice.cell_size()
    if abs(np.log(ratio)) > np.log(params.lattice_pitch):
        return None
    corners = target.lattice.to_pixels([(0.0, 0.0), target.shape])
    (r0, c0), (r1, c1) = board.lattice.to_grid(corners)
    nodes = np.round([r0, c0, r1, c1])
    if np.abs(np.array([r0, c0, r1, c1]) - nodes).max() > params.lattice_slack:
        return None
    r0, c0, r1, c1 = (int(v) for v in nodes)
    return r0, c0, r1, c1


def _one_lattice(board: _Grid, target: _Grid, work: RGBImage, params: Params) -> bool:
    """True when ``target`` is a block of cells of ``board``'s own lattice in its rows or
    columns (:func:`_on_lattice`) and the cells between the two, if any, are even patches in
    the grids' colours (:func:`_cells_between`) or begin so beside one of them
    (:func:`_cut_between`). Such are two parts of one grid (cut by a dialog over it, whose
    middle cells blend into the page, or whose middle columns a cursor or glare kept from
    being read): a game keeps its target apart from its board, in a frame or a card of its
    own, at least the frame's width away."""
    nodes = _on_lattice(board, target, params)
    if nodes is None:
        return False
    (rows, cols), (r0, c0, r1, c1) = board.shape, nodes
    if r0 < rows and r1 > 0 and (c0 >= cols or c1 <= 0):
        rows_between = (max(r0, 0), min(r1, rows))
        cols_between = (cols, c0) if c0 >= cols else (c1, 0)
    elif c0 < cols and c1 > 0 and (r0 >= rows or r1 <= 0):
        rows_between = (rows, r0) if r0 >= rows else (r1, 0)
        cols_between = (max(c0, 0), min(c1, cols))
    else:
        return False
    return _cells_between(board, target, rows_between, cols_between, work, params) or _cut_between(
        board, target, rows_between, cols_between, work, params
    )


#: How far beyond a grid's side :func:`_cut_between` looks for pieces of the cells between
#: it and another grid on its lattice, and the half width of the bands it looks at there,
#: in pitches.
_INTO = np.array([0.12, 0.2])
_SLIVER = 0.3


def _cut_between(
    board: _Grid,
    target: _Grid,
    rows: tuple[int, int],
    cols: tuple[int, int],
    work: RGBImage,
    params: Params,
) -> bool:
    """True when the cells ``rows[0] <= r < rows[1]``, ``cols[0] <= c < cols[1]`` of the
    board's lattice, between the two grids, begin beside one of them in the grids'
    colours: in every line of cells across, an even band at each of the depths
    :data:`_INTO` beyond that grid's side, within half ``same_color`` of a cell of the
    board or the target (a frame's thin line, blurred into the page beside it, is neither
    so near nor so deep). The cells' middles are hidden (a dialog over the middle rows of
    one grid, its two visible parts read as a board and a target, novel 3800014 of session
    23), but a cover rarely ends on the cells' edges: slivers of them show beside it. A
    frame or the page lies beside a grid drawn apart from the other."""
    if board.lattice.cell_size() * _INTO[0] < 2.0:  # no sliver to see
        return False
    vertical = rows[0] >= board.shape[0] or rows[1] <= 0  # one above the other
    axis = 0 if vertical else 1
    ahead = (rows if vertical else cols)[0] >= board.shape[axis]  # the target after the board
    way = 1.0 if ahead else -1.0  # from the board towards the target
    lines = np.arange(*(cols if vertical else rows)) + 0.5
    # the board's lines across on the target's lattice, and the sides that face
    shift = target.lattice.to_grid(board.lattice.to_pixels([(0.0, 0.0)]))[0][1 - axis]
    sides = (
        (board, board.shape[axis] if ahead else 0.0, way, lines),
        (target, 0.0 if ahead else target.shape[axis], -way, lines + shift),
    )
    cells = np.concatenate([board.colors.reshape(-1, 3), target.colors.reshape(-1, 3)])
    spread = _SLIVER * np.linspace(-1.0, 1.0, 7)
    for grid, edge, out, across in sides:
        along, side = np.meshgrid(edge + out * _INTO, spread)  # (across, depths)
        points = np.stack(
            [np.stack([along, side + line][:: 1 if vertical else -1], axis=-1) for line in across]
        )  # (lines, across, depths, 2): the (row, col) points of each line's bands
        xy = grid.lattice.to_pixels(points.reshape(-1, 2)).reshape(*points.shape)
        bands = np.moveaxis(_at(work, xy).astype(np.float64), 2, 1).reshape(-1, len(spread), 3)
        medians = np.array([_median_color(band) for band in bands])
        even = np.linalg.norm(bands - medians[:, None], axis=2).mean(axis=1) <= params.even_patch
        near = np.linalg.norm(medians[:, None] - cells[None], axis=2).min(axis=1)
        if (even & (near < params.same_color / 2)).all():
            return True
    return False


def _cells_between(
    board: _Grid,
    target: _Grid,
    rows: tuple[int, int],
    cols: tuple[int, int],
    work: RGBImage,
    params: Params,
) -> bool:
    """True when the cells ``rows[0] <= r < rows[1]``, ``cols[0] <= c < cols[1]`` of the
    board's lattice (extended beyond it) are even patches each within ``same_color`` of a
    cell of the board or the target, or when there are none."""
    count_r, count_c = rows[1] - rows[0], cols[1] - cols[0]
    if count_r <= 0 or count_c <= 0:
        return True
    shift = np.array([[1.0, 0.0, cols[0]], [0.0, 1.0, rows[0]], [0.0, 0.0, 1.0]])
    block = Lattice(count_r, count_c, tuple((board.lattice.homography @ shift).ravel()))
    half = 0.2 * board.lattice.cell_size()
    patches = _patch_colors(block, (half, half), work, params).reshape(-1, 3)
    if np.isnan(patches).any():
        return False
    cells = np.concatenate([board.colors.reshape(-1, 3), target.colors.reshape(-1, 3)])
    nearest = np.linalg.norm(patches[:, None] - cells[None], axis=2).min(axis=1)
    return bool((nearest < params.same_color).all())


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return float(np.hypot(dx, dy))


#: Two grids whose areas lie within this ratio are as large (a target drawn at the board's
#: size); a board is larger than its target by ``LARGER_AREAS`` or more (see
#: :func:`_sizes_unclear`).
ALIKE_AREAS = 1.15
LARGER_AREAS = 2.0


def _sizes_unclear(board: _Grid, target: _Grid) -> bool:
    """True when the two grids are neither as large nor plainly one larger: a photo's
    perspective enlarges the nearer of two grids drawn alike, which is then no board by its
    size; the screen straightened shows them as drawn."""
    ratio = max(board.area, target.area) / min(board.area, target.area)
    return ALIKE_AREAS < ratio < LARGER_AREAS


def _ordered(first: _Grid, second: _Grid) -> tuple[_Grid, _Grid]:
    """(board, target): the larger grid, or the left one (the upper one when they are one
    above the other) when both are as large."""
    if max(first.area, second.area) > ALIKE_AREAS * min(first.area, second.area):
        return (first, second) if first.area > second.area else (second, first)
    a, b = first.box, second.box
    side_by_side = a[2] <= b[0] or b[2] <= a[0]
    axis = 0 if side_by_side else 1
    return (first, second) if a[axis] <= b[axis] else (second, first)


@dataclass(frozen=True)
class _Round:
    """One round of the search for grids in a working image."""

    grids: list[_Grid]
    unfitted: list[list[int]]
    regions: _Regions
    #: The smoothed working image the regions were labelled in.
    smooth: RGBImage


def _rounds(work: RGBImage, scale: float, params: Params) -> Iterator[tuple[_Round, Params]]:
    """The grids of a working image (``scale`` times the picture): first with all the flat
    regions' colours, then with only the largest grid's colours (or the largest block's),
    last in the flat regions themselves.

    Each round comes with the tuning for this image (edge and gap tolerances grow with the
    scale).
    """
    smooth = _u8(cv2.GaussianBlur(work, (0, 0), 0.8))
    params = replace(
        params,
        edge_pixels=params.edge_pixels * max(1.0, scale),
        gap_pixels=params.gap_pixels * max(1.0, scale),
    )
    spread = _spread(smooth)
    flat = _flat_regions(spread, params)
    palette = _palette(smooth, flat, params)
    for _ in range(2):
        if len(palette) < 2:
            return
        regions = _class_regions(smooth, spread, palette, params)
        grids, unfitted = _grids_in(regions, smooth, params)
        yield _Round(grids, unfitted, regions, smooth), params
        cells = _seed_colors(grids, unfitted, regions, smooth)
        palette = _class_means(cells, _cluster(cells, params)) if len(cells) else cells
    # a photo's light gradient and moire spread a large board's colour beyond the classes'
    # reach, in stripes through its cells, where the flat regions still hold each cell
    grids, unfitted = _grids_in(flat, smooth, params)
    yield _Round(grids, unfitted, flat, smooth), params


def _look(image: RGBImage, params: Params) -> list[Box]:
    """The boxes (in picture pixels) of the board candidates a reduced copy shows: three or
    more flat regions side by side whose edges all fall on a lattice of 2..6 x 2..6
    square-ish cells, some lines of which may show no edge (a chequer of 8 x 8, a
    one-stroke board of many tiles or a calendar's month has no such part). A picture
    smaller than the look's size is enlarged to it. Cheap, so that a picture of something
    else is given up quickly."""
    small, shrunk = reduce(image, params.look_long_side)
    if max(image.shape[:2]) < params.look_long_side:  # a small capture's tiny target cells
        shrunk = params.look_long_side / max(image.shape[:2])
        small = _resized(image, shrunk)
    smooth = _u8(cv2.GaussianBlur(small, (0, 0), 0.8))
    dense_fill = params.min_fill
    params = replace(
        params,
        edge_share=params.look_edge_share,
        edge_pixels=params.look_edge_pixels,
        link_enclosed="none",
        min_fill=params.look_min_fill,
    )
    regions = _flat_regions(_spread(smooth), params)
    boxes = regions.boxes
    _, _, width, height, area = regions.stats[list(regions.cells)].T
    dense = np.flatnonzero(area >= dense_fill * width * height)

    tried: dict[tuple[int, ...], Box | None] = {}

    def on_lattice(group: list[int]) -> Box | None:
        if tuple(group) not in tried:
            tried[tuple(group)] = fit(group)
        return tried[tuple(group)]

    def fit(group: list[int]) -> Box | None:
        if len(group) < params.min_look_regions or len(group) > MAX_SIDE * MAX_SIDE:
            return None
        for kept in (group, _without_slivers(group, boxes), _median_sized(group, boxes, params)):
            if kept is None:
                continue
            sub = boxes[kept]
            # every count: same-coloured cells merge, so not every line shows
            sides = range(MIN_SIDE, MAX_SIDE + 1)
            x_pitches = [f[1] for n in sides if (f := _fit_axis(sub[:, 0], sub[:, 2], params, n))]
            y_pitches = [f[1] for n in sides if (f := _fit_axis(sub[:, 1], sub[:, 3], params, n))]
            if any(
                abs(np.log(px / py)) <= np.log(params.max_cell_aspect)
                for px in x_pitches
                for py in y_pitches
            ):
                x0, y0 = sub[:, :2].min(axis=0) / shrunk
                x1, y1 = sub[:, 2:].max(axis=0) / shrunk
                return float(x0), float(y0), float(x1), float(y1)
        return None

    # first the regions that fill their boxes like cells, none inside another's box
    found = _fitted(boxes[dense], lambda group: on_lattice([int(dense[i]) for i in group]), params)
    sides = replace(params, link_enclosed="sides")
    if found[0] or not _enclosed(boxes, sides).any():
        return found[0]
    # then merged same-coloured cells too, which may make an L (``look_min_fill``) round a
    # corner enclosing a cell in their box, on its side; the blocks tried before are not
    # fitted again
    return _fitted(boxes, on_lattice, sides)[0]


def _crop(candidates: Sequence[Box], shape: tuple[int, ...], params: Params) -> Box:
    """The part of the picture worth reading: the candidates' boxes grown on every side by
    ``params.crop_reach`` times the largest one's side (the target lies within a board's
    side of it, and the board within a few target sides), within the picture."""
    height, width = shape[:2]
    boxes = np.array(candidates)
    reach = params.crop_reach * float(np.max(boxes[:, 2:] - boxes[:, :2]))
    x0, y0 = np.maximum(boxes[:, :2].min(axis=0) - reach, 0)
    x1, y1 = np.minimum(boxes[:, 2:].max(axis=0) + reach, (width, height))
    return float(x0), float(y0), float(x1), float(y1)


def _working_scale(image: RGBImage, params: Params) -> float:
    """The scale of the working image: small pictures enlarged to ``min_long_side`` (the
    target's tiny cells need the pixels), large ones reduced to ``max_pixels``."""
    height, width = image.shape[:2]
    if max(height, width) < params.min_long_side:
        return params.min_long_side / max(height, width)
    return min(1.0, float(np.sqrt(params.max_pixels / (height * width))))


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Read the board and the target of a James Bond Jr. missile puzzle.

    A first look on a reduced copy gives up quickly when there is no board candidate (a
    block of flat cells); the picture is then read at the scale the target's cells need.

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
    even = _remove_scanlines(image)
    candidates = _look(even, params)
    if not candidates:
        return Recognition.nothing(GAME, "no grid of flat cells")
    scale = _working_scale(image, params)
    x0, y0, x1, y1 = (round(v) for v in _crop(candidates, image.shape, params))
    to_original = np.array([[1 / scale, 0, x0], [0, 1 / scale, y0], [0, 0, 1.0]])
    doubts = []
    # scanlines over a screen that is a small part of the picture (a phone's page around
    # the game) show in the rows of the largest candidate (the board), not in the whole
    bx0, by0, bx1, by1 = (round(v) for v in max(candidates, key=lambda b: b[3] - b[1]))
    period = _scanline_period(even[by0:by1, bx0:bx1])
    scanlines = period is not None or even is not image  # in the board's rows or the whole
    crop = even[y0:y1, x0:x1] if period is None else _remove_scanlines(even[y0:y1, x0:x1], period)
    seen: list[_Grid] = []  # every round's grids: a part of one is no whole board
    for found, tuned in _rounds(_resized(crop, scale), scale, params):
        seen += found.grids
        pairs = _pairs(found.grids, found.unfitted, found.regions, found.smooth, tuned)
        for board, target in pairs:
            if _continues(board, found.smooth, tuned) or _continues(target, found.smooth, tuned):
                doubts.append(CONTINUES_DOUBT)
                continue
            if any(
                _within_larger(grid, seen, tuned) or _lines_go_on(grid, found.smooth, tuned)
                for grid in (board, target)
            ):
                doubts.append(PART_DOUBT)
                continue
            if _sizes_unclear(board, target):
                doubts.append(SIZES_DOUBT)
                continue
            if _among_likes(board, target, found.regions, found.smooth, tuned):
                doubts.append(LIKES_DOUBT)
                continue
            if _one_lattice(board, target, found.smooth, tuned):
                doubts.append(ONE_LATTICE_DOUBT)
                continue
            if _touching(board, target, tuned):
                doubts.append(TOUCHING_DOUBT)
                continue
            split = (
                _split_cells(board, found.smooth, tuned)
                or _split_cells(target, found.smooth, tuned)
                or _pieces_on_cells(board, found.smooth, tuned)
            )
            if split:
                doubts.append(split)
                continue
            reading = _read(
                _on_rims(board, found.smooth, tuned),
                _on_rims(target, found.smooth, tuned),
                tuned,
                scanlines,
                found.smooth,
            )
            if isinstance(reading, str):
                doubts.append(reading)
                continue
            if reading.puzzle.source == reading.puzzle.target:
                # no level starts solved: two copies of one picture (a canvas and its preview,
                # two windows of one grid), not a board and its target
                doubts.append(SOLVED_DOUBT)
                continue
            cut = _cut_side(board, found.regions, found.smooth, tuned) or _cut_side(
                target, found.regions, found.smooth, tuned
            )
            if cut:
                doubts.append(cut)
                continue
            geometry = BondGeometry(
                board.lattice.transformed(to_original), target.lattice.transformed(to_original)
            )
            if reading.margin < params.min_margin:
                doubt = f"colours too close to tell apart (margin {reading.margin:.2f})"
                return Recognition(GAME, reading.puzzle, 0.3, geometry, (doubt,))
            confidence = min(1.0, 0.75 + 0.4 * reading.margin)
            return Recognition(GAME, reading.puzzle, confidence, geometry, ())
    if not doubts:
        return Recognition.nothing(GAME, "no two grids of flat cells of the same shape")
    counted = [d for d in doubts if d.startswith(COUNT_DOUBT)]
    ordered = tuple(dict.fromkeys(counted + doubts))
    return Recognition(GAME, None, 0.3 if counted else 0.1, None, ordered)


# --------------------------------------------------------------------------- overlay

ARROW_COLOR = (235, 64, 52, 225)
LIST_BACKING = (0, 0, 0, 170)
LIST_TEXT = (255, 255, 255, 255)
#: Unit steps (dx, dy) of each direction, for the arrows of the move list.
STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def _slot_offsets(moves: Sequence[tuple[str, int]]) -> list[float]:
    """For each move, its offset across its line (in cells, within +-0.35), so that moves on
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
    """Draw each move as a numbered arrow along its row or column, and the list of moves.

    Rows and columns are counted from 1 (top row, left column), and their numbers are
    written beside the board; the list reads ``1 <arrow> row 2`` (arrow drawn).

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
        The annotated copy, the same shape as ``image``.
    """
    geometry = recognition.geometry
    if not isinstance(geometry, BondGeometry):
        raise ValueError("draw() needs a recognition made by recognizer.bond.recognize")
    lattice = geometry.board
    rows, cols = lattice.rows, lattice.cols
    size = lattice.cell_size()
    overlay = Overlay(image)
    moves = solution.moves
    for number, ((direction, index), offset) in enumerate(
        zip(moves, _slot_offsets(moves), strict=True), start=1
    ):
        line = index + 0.5 + offset
        if direction in ("left", "right"):
            ends = [(line, 0.12), (line, cols - 0.12)]
        else:
            ends = [(0.12, line), (rows - 0.12, line)]
        if direction in ("left", "up"):
            ends.reverse()
        tail, head = (tuple(p) for p in lattice.to_pixels(ends))
        overlay.arrow(tail, head, width=max(2.0, size * 0.06), color=ARROW_COLOR)
        overlay.label(tail, str(number), size=max(10.0, size * 0.28))
    legend = max(9.0, size * 0.22)
    for r in range(rows):
        overlay.label(tuple(lattice.to_pixels([(r + 0.5, -0.3)])[0]), str(r + 1), size=legend)
    for c in range(cols):
        overlay.label(tuple(lattice.to_pixels([(-0.3, c + 0.5)])[0]), str(c + 1), size=legend)
    _draw_move_list(overlay, image.shape, lattice, moves)
    return overlay.render()


def _draw_move_list(
    overlay: Overlay, shape: tuple[int, ...], lattice: Lattice, moves: Sequence[tuple[str, int]]
) -> None:
    """The moves, one per line (``1 <arrow> row 2``), on a dark backing beside the board:
    right of it, below, left or above, wherever the list fits; else over the board."""
    height, width = shape[:2]
    (left, top), (right, bottom) = lattice.to_pixels([(0, 0), (lattice.rows, lattice.cols)])
    words = [f"{'row' if d in ('left', 'right') else 'col'} {i + 1}" for d, i in moves]
    text = max(10.0, min(lattice.cell_size() * 0.26, 0.9 * height / (len(moves) + 1)))
    pitch = 1.3 * text
    box_w = text * (0.6 * max((len(w) for w in words), default=6) + 4.5)
    box_h = pitch * max(1, len(moves)) + 0.4 * text
    margin = 0.6 * text
    spots = (
        (right + margin, top),
        (left, bottom + margin),
        (left - margin - box_w, top),
        (left, top - margin - box_h),
    )
    x0, y0 = next(
        (
            (x, y)
            for x, y in spots
            if x >= 0 and y >= 0 and x + box_w <= width and y + box_h <= height
        ),
        (max(0.0, left), max(0.0, top)),
    )
    if box_w >= box_h:  # a thick line with round caps: a rounded box
        backing = [(x0 + box_h / 2, y0 + box_h / 2), (x0 + box_w - box_h / 2, y0 + box_h / 2)]
    else:
        backing = [(x0 + box_w / 2, y0 + box_w / 2), (x0 + box_w / 2, y0 + box_h - box_w / 2)]
    overlay.line(backing, width=min(box_w, box_h), color=LIST_BACKING)
    for k, ((direction, _), word) in enumerate(zip(moves, words, strict=True)):
        y = y0 + 0.2 * text + (k + 0.5) * pitch
        overlay.label((x0 + 1.1 * text, y), str(k + 1), size=text, fill=LIST_TEXT)
        dx, dy = STEPS[direction]
        cx, half = x0 + 2.6 * text, 0.45 * text
        overlay.arrow(
            (cx - dx * half, y - dy * half),
            (cx + dx * half, y + dy * half),
            width=max(1.5, text * 0.14),
            color=ARROW_COLOR,
        )
        overlay.label(
            (x0 + 3.6 * text + 0.3 * text * len(word), y), word, size=text, fill=LIST_TEXT
        )
