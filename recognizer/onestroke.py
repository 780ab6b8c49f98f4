"""Recognizer of 一笔画完 (one-stroke) screenshots: the tile lattice, the holes, the cat's tile.

The pipeline, on reduced copies of the picture, looking at full size only at the cat's face:

1. :func:`find_board`, on a copy 480 px long (a picture with no board is given up on
   there, quickly), then again on one where the board's pitch is about 30 px: for each of
   the picture's main colours, the square, nearly solid regions of that colour (at a loose
   and a tight tolerance, so that drop shadows blurred into the gaps do not weld the tiles
   together); the largest set of equal size that sits on a regular lattice with gaps
   between the tiles is the board.
2. :func:`read_board`: the tiles' colour and the background's are modelled as smooth fields
   over the picture (in a photo the light falls off across the screen); every lattice cell
   of the board (and the ring around it) is then a tile, a hole or covered by something
   else: the cat, which marks the start, judged by how far it stands out from its gaps
   (glare washes tiles out; a centre plainly of the tiles' colour is a tile even where
   drop shadows in the gaps lower that). A line of covered cells beside the board is the
   edge of something beyond it (a frame, a bezel), not cats. Tiles the blobs missed at the
   board's edge widen it (cells of the colour of the tile beside them that stand out from
   their gaps as tiles do: a photo's light drifts the tiles' colour across the board).
3. The confidence falls with every doubt: irregular gaps, unclear cells, holes beside faint
   tiles (glare may wash a tile out entirely), lifts no tile or hole has (the colours were
   not modelled right), tiles off the lattice (a sheared picture) or beyond the edge the
   board may grow to, no cat or two, a "cat" that is a flat square
   (another game's board of coloured cells), tiles that are not plain or not set on a
   background of their own (numbered squares, ruled cells), a single line of squares,
   squares too small for a game's board, and a board that no path covers from the cat: the
   game has no such level, so the reading is the likelier fault, and the doubt names the
   cells read least surely.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace

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
from recognizer.lattice import (
    Blob,
    Cell,
    GridFit,
    Lattice,
    connected,
    find_blobs,
    fit_grid,
    modal_size_group,
)
from recognizer.overlay import draw_cell_path
from recognizer.recognition import CONFIDENT, Recognition
from solvers.errors import PuzzleFormatError, SearchBudgetError
from solvers.onestroke import Puzzle, Solution, from_rows, search

log = logging.getLogger(__name__)

GAME = "onestroke"

#: Pixels darker than this (Lab L) are a recording's letterbox, off the screen; they count
#: as background (no game draws its tiles, or its cat, in black).
BLACK = 8.0

#: Cells ``(top, left, bottom, right)``, inclusive, in lattice coordinates.
Area = tuple[int, int, int, int]


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer; the defaults suit phone and tablet screenshots."""

    #: The long side of the first, quick look for a board, in pixels: a picture with no
    #: board is given up on at this size (one at most twice as long is looked at whole).
    look_side: int = 480
    #: A board is read on a copy where its lattice pitch is about this many pixels...
    read_pitch: float = 30.0
    #: ...and whose long side is at most this, in pixels.
    work_side: int = 1280
    #: The long side of the copy whose main colours are found, in pixels.
    palette_side: int = 80
    #: How many of the picture's main colours are tried as the tile colour.
    colors_tried: int = 6
    #: Smallest tile side in a reduced copy, in pixels.
    min_tile: float = 4.0
    #: Least share of its bounding box a tile's blob covers: round tiles are tiles too (a
    #: disc covers 0.785 of its box, less where its antialiased rim falls outside the mask).
    fill: float = 0.7
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
    #: A cell may be covered (by the cat, if it has a face) when this share of its centre
    #: is neither.
    covered: float = 0.2
    #: A level's tiles are plain: when the median tile's centre holds this share far from its
    #: own main colour (see :func:`_faces`: a digit on each piece, as on a snake's numbered
    #: body), it is no level.
    glyphs: float = 0.08
    #: ...or when the median tile's centre holds this share marked where the median other
    #: tile's is not (see :func:`_distinct`: a style's light is alike on every tile, digits
    #: differ; a level drawn in any style shows under 0.01, a blurred photo's numbered discs
    #: 0.06).
    distinct: float = 0.03
    #: Round tiles drawn without gaps touch: their mask is eroded by up to this many pixels
    #: to part them (see :func:`_touching`).
    touching: int = 6
    #: ...and a disc eroded so (by a square element, which cuts its diagonals deeper) fills
    #: this share of its box at least (0.65 to 0.7 where it parts, about the square root of
    #: its radius deep).
    parted_fill: float = 0.6
    #: A cell is a hole at most the first lift, a tile at least the second, whatever its
    #: colour (see :attr:`CellReading.lift`: glare washes a tile towards the background's
    #: colour, but it still stands out from its gaps); in between it is unclear.
    lift: tuple[float, float] = (0.25, 0.35)
    #: A cell of the ring round the board not of the tiles' colour (the screen's edge, a
    #: button beside the board) is passed over if its lift is below this.
    ring_lift: float = 0.65
    #: A tile whose lift is below this is faint (washed out by glare): the holes round it
    #: are in doubt.
    faint: float = 0.75
    #: ...unless its centre is darker than the tiles' colour there by more than this (Lab
    #: L): glare lightens what it fades.
    shaded: float = 3.0
    #: A tile's lift varies by about this much with the picture's noise: a tile whose lift is
    #: 1 may still be faded this much (see :func:`_bridged`).
    lift_noise: float = 0.1
    #: A hole, or a cell beside the board passed over, whose centre lies this far from the
    #: background beside it towards the tiles' colour (:attr:`CellReading.tint`) may be a
    #: tile washed out by glare: it is in doubt.
    pale: float = 0.3
    #: Most tiles' centres vary less (90th percentile of Delta E) than Delta E 12 or this
    #: share of the contrast of tiles and background: the tiles are plain.
    plain_tiles: float = 0.4
    #: At least this share of the band round the tiles must show the background.
    band: float = 0.4
    #: The most rows or columns a board may have.
    max_cells: int = 30
    #: The least lattice pitch, as a fraction of the picture's short side (a game's board
    #: fills most of the screen's width; rows of small squares are other things).
    min_pitch: float = 0.03
    #: The cat has a face (eyes, mouth, often a white patch): at least this share of the
    #: centre of its cell is far from the cell's main colour. A flat square has none.
    cat_texture: float = 0.04
    #: The cat covers its tile: a cell whose centre shows the tiles' own colour on this
    #: share or more is a tile with a mark on it (another game's X), not the cat: unclear.
    bare: float = 0.4
    #: A cell of the board whose centre shows the tiles' own colour on this share or more,
    #: beside a mark, is a tile under a mark, whatever the mark's colour.
    under_mark: float = 0.25
    #: The cat hides most of its tile: at least this share of the centre of its cell is
    #: neither the tiles' colour nor the page's (its white patches may match a light page:
    #: rendered and real cats show 0.48 to 1). Something beside the board that only grazes the
    #: cell (a frame's line, the edge of a button running on past it) covers less; the
    #: cell is then judged as any other, by its lift.
    cat_cover: float = 0.4
    #: A cell beside the cat's, no tile, covered this share of the cat's own cover or more
    #: is the rest of something larger than a tile (the cat's ears and tail cover less).
    as_covered: float = 0.9
    #: The colours of the surrounds (the lines of cells just beyond the board's sides, less
    #: the background's colour there) of three sides are alike when they lie at most the
    #: first share of the contrast of tiles and background apart, and the fourth's is unlike
    #: theirs when it lies farther than the second from each (see :func:`_unlike_surround`).
    surround: tuple[float, float] = (0.25, 0.5)
    #: A side whose surround's colour lies this share of the way from the background to the
    #: tiles' colour or farther shows tiles (cut by the picture's edge or by something across
    #: them, too little of them shown to be read): the board goes on beyond it.
    tiles_beyond: float = 0.5
    #: A surround cell is looked at this far (in pitches) inside its edges (past the gaps)...
    surround_inset: float = 0.1
    #: ...and is shown when the picture shows at least this much of it (in pitches) either way.
    surround_shown: float = 0.1
    #: Its pixels darker than this (Lab L) are off the screen (a letterbox or a bezel beside
    #: the board, whose black a photo lifts to about L 10 to 20): they count as background.
    off_screen: float = 25.0
    #: Moves the solver may try to check that a path covers the board from the cat.
    check_nodes: int = 3000
    #: How many of the least surely read cells a doubt names.
    doubt_cells: int = 3
    #: A cell's lift beyond this range (a tile's is about 1, a hole's 0) shows that the
    #: colours of tiles and background were not modelled right (faint tiles in a photo's
    #: light): the reading is in doubt.
    sane_lift: tuple[float, float] = (-1.0, 2.5)
    #: A cell beyond the board that stands out from its gaps as a tile does, within this
    #: Delta E of the colour of a tile beside it, is a tile too (a photo's light drifted
    #: the tiles' colour away from the one the board was found by).
    kin: float = 6.0
    #: Tiles side by side whose centres differ by less than this Delta E are of one colour
    #: (a photo's light and glare change it by at most about 10 from tile to tile; the
    #: colour classes of other games' boards differ by more).
    tile_step: float = 16.0
    #: Tiles this far off grey (Lab chroma) have a hue to compare; two groups of them whose
    #: hues lie ``hues_apart`` degrees apart are two colours (glare and a light's gradient
    #: change a colour's lightness and chroma, not its hue).
    hue_chroma: float = 8.0
    hues_apart: float = 90.0
    #: A tile unlike the others (the start, without a cat) stands apart from its gaps by at
    #: least this share of the way from the background to the tiles' colour.
    apart: float = 0.4
    #: A hole shows the page round it: its centre lies nearer its gaps than this share of
    #: the way from the background to the tiles' colour (a square of another colour where a
    #: hole would be, another game's class of tiles, is unclear).
    hole_apart: float = 0.6
    #: Between a hole's lift and a tile's, a cell whose centre shows the background and lies
    #: this near (the same share) two of the points sampled in its gaps shows the page as its
    #: gaps do: a hole (noise or a moire pattern in the gaps' single pixels raised its lift).
    flush: float = 0.2
    #: A hole shows the page up to its gaps: a cell read as a hole whose inside just within
    #: where a tile's edge would be stands out from its middle towards the tiles' colour by
    #: this share of the way from the background, on two opposite sides on average, shows a
    #: tile's rim (a tile glare washed out but for its outline). Light that varies across a
    #: hole (a gradient, a moire pattern) raises one side as it lowers the opposite one.
    rim: float = 0.2


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
    strays : frozenset of Cell
        The nodes nearest the squares of the tiles' colour and size that the lattice left
        out (off their nodes: a picture sheared by a skewed rectification, or another
        lattice beside the board).
    touching : bool
        Whether the tiles touch (round tiles welded by the points they share, told apart
        by eroding their mask: see :func:`_touching`).
    """

    tile: LabColor
    tolerance: float
    fit: GridFit
    tiles: frozenset[Cell]
    side: float
    strays: frozenset[Cell]
    touching: bool = False

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
    lift : float
        How far the centre's median stands out from the gaps round the cell, along the
        way from the background to the tiles' colour: about 1 for a tile, 0 for a hole.
        The gaps' reference is the lowest mean of two opposite points round the cell (a
        gradient of light cancels out). A photo's glare and shading shift a cell and its gaps
        alike, so this stays true where the colours themselves have drifted.
    color : LabColor
        The centre's median colour.
    tint : float
        How far the centre's median lies from the background beside it (the fitted field
        at the cell), along the way to the tiles' colour: about 0 for a hole, 1 for a tile,
        in between for a tile faded by glare. 0 where the median is off that way (something
        else: a button, a bezel, the cat) or lighter than the background (glare lightens a
        hole too, towards tiles lighter than the background).
    along : bool
        Whether the centre's median lies near the way from the background beside it to the
        tiles' colour, or beyond either (within Delta E 8, or 30% of the way's length): a
        tile or hole under any light, not a square of another colour.
    apart : float
        How far the centre's median lies from the gaps round the cell (the Delta E to the
        second nearest of the eight points sampled there), as a share of the way from the
        background to the tiles' colour: about 1 for a tile of any colour in gaps of
        background, 0 for a hole or a cell of the colour of a gap beside it.
    shade : float
        How much lighter (Lab L) the centre's median is than the tiles' colour at the cell:
        glare lightens a tile it fades, shade darkens it.
    """

    tile: float
    tile_like: float
    background: float
    lift: float
    color: LabColor
    tint: float
    along: bool
    apart: float
    shade: float

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
    found = _locate(image, params)
    if found is None:
        return Recognition.nothing(GAME, "no lattice of equal tiles separated by gaps")
    reading = read_board(image, *found, params)
    if reading.puzzle is None and RULED in reading.doubts:
        # the largest lattice of one colour may be a page ruled in squares (grid paper),
        # whose squares stand on its lines, not on a page: the board is looked for again
        # among the other colours
        found = _locate(image, params, exclude=found[1].tile)
        if found is not None:
            reading = read_board(image, *found, params)
    elif GAPS_DOUBT in reading.doubts:
        # the median against noise may fill gaps a pixel wide (3D tiles reduced from a
        # large screenshot, own screenshot 3920010): they are looked at unsmoothed
        found = _locate(image, params, smooth=False)
        retry = None if found is None else read_board(image, *found, params)
        if retry is not None and retry.confidence > reading.confidence:
            reading = retry
    return reading


#: The reason a lattice is no board when its squares do not stand on a page of their own.
RULED = "the tiles do not stand on a background of another colour"
#: The doubt when some gaps between tiles show no background.
GAPS_DOUBT = "the gaps between tiles are not all background"


def _locate(
    image: RGBImage, params: Params, exclude: LabColor | None = None, smooth: bool = True
) -> tuple[LabImage, Board, float] | None:
    """The working copy (Lab) a board is read on, the board and the copy's scale, or
    ``None``: the board is found on a quick look's copy (or on several, for a small
    picture) and looked for again where its pitch is larger. Colours within Delta E 10 of
    ``exclude`` are not tried as the tiles' (see :func:`_search`); no copy is
    median-filtered unless ``smooth`` (see :func:`_reduced`)."""
    # a small picture (a video frame) is looked at whole first: its board may be small
    small = max(image.shape[:2]) <= 2 * params.look_side
    # (whole, unsmoothed too: the median against noise may erase gaps a pixel wide)
    looks = [(params.work_side, True), (params.work_side, False), (params.look_side, True)]
    for side, smoothed in looks if small else [(params.look_side, True)]:
        copy, scale = _reduced(image, side, smoothed and smooth)
        lab = to_lab(copy)
        board, welded = _search(lab, params, exclude=exclude)
        evened = None if board is not None else _evened(copy)
        if evened is not None:  # a photo's uneven light may split the tiles' colour
            lab = to_lab(evened)
            board, welded = _search(lab, params, exclude=exclude)
        if board is None and side == params.look_side:  # (the quick look's size only)
            board = _parted(welded, params)
        if board is not None:
            break
    if board is None:
        return None
    if board.pitch < params.read_pitch and scale < 1.0:
        # read where the pitch is larger, if the board is found there too
        side = max(image.shape[:2]) * scale * params.read_pitch / board.pitch
        larger, larger_scale = _reduced(image, min(round(side), params.work_side), smooth)
        evened = None if evened is None else _evened(larger)
        larger_lab = to_lab(larger if evened is None else evened)
        # (tiles that touch are parted there only if they were here)
        again = (
            find_board(larger_lab, params, board.tile)
            if board.touching
            else _search(larger_lab, params, board.tile)[0]
        )
        if again is not None:
            board, lab, scale = again, larger_lab, larger_scale
    return lab, board, scale


def _reduced(image: RGBImage, long_side: int, smooth: bool = True) -> tuple[RGBImage, float]:
    """A copy of ``image`` at most ``long_side`` long, and its scale.

    A copy reduced less than twice is median-filtered against noise if ``smooth`` (reducing
    more averages it out; a median would then erase gaps a pixel wide).
    """
    small, scale = reduce(np.ascontiguousarray(image), long_side)
    if smooth and scale > 0.5:
        small = np.asarray(cv2.medianBlur(small, 3), dtype=np.uint8)
    return small, scale


def _evened(image: RGBImage) -> RGBImage | None:
    """``image`` with a smooth fall-off of light (a photo's gradient, vignetting) divided out.

    The commonest colour (the page, near the median colour of the picture's pixels that are
    not dark) is taken to be even: a quadratic gain over the picture is fitted to its pixels
    in a small sample (those off the fit dropped twice). ``None`` where the gain varies by
    less than 3%, or the page is dark (a dark theme, a letterbox: too faint to measure).
    """
    height, width = image.shape[:2]
    step = max(1, round(max(height, width) / 120))
    grid = image[::step, ::step]
    ys, xs = np.mgrid[0 : grid.shape[0], 0 : grid.shape[1]]
    sample = grid.reshape(-1, 3).astype(np.float64)
    terms = _quadratic(xs.ravel() / grid.shape[1] - 0.5, ys.ravel() / grid.shape[0] - 0.5)
    lit = sample.max(axis=1) >= 60.0
    if lit.sum() < 50:
        return None
    keep = lit & (np.linalg.norm(sample - np.median(sample[lit], axis=0), axis=1) < 40.0)
    for limit in (20.0, 10.0, 10.0):
        if keep.sum() < 50:
            return None
        coef = _least_squares(terms[keep], sample[keep])
        if coef is None:
            return None
        fitted = terms @ coef
        keep = np.linalg.norm(fitted - sample, axis=1) < limit
    gain = fitted / np.maximum(np.mean(fitted, axis=0), 1.0)
    if np.max(np.abs(gain - 1.0)) < 0.03:
        return None
    gain = np.clip(gain, 0.5, 2.0).reshape(grid.shape).astype(np.float32)
    whole = cv2.resize(gain, (width, height), interpolation=cv2.INTER_LINEAR)
    return np.asarray(np.clip(image / whole, 0, 255), dtype=np.uint8)


def _quadratic(u: NDArray[np.float64], v: NDArray[np.float64]) -> NDArray[np.float64]:
    """The terms 1, u, v, u^2, uv, v^2 of points ``(u, v)``, as columns."""
    return np.column_stack([np.ones_like(u), u, v, u * u, u * v, v * v])


def find_board(
    lab: LabImage, params: Params = DEFAULT, tile: LabColor | None = None
) -> Board | None:
    """The largest regular lattice of equal square tiles of one colour, or ``None`` (see
    :func:`_search`); where none is found, the masks tried are eroded to part round tiles
    that touch (:func:`_parted`)."""
    board, welded = _search(lab, params, tile)
    return board if board is not None else _parted(welded, params)


Welded = list[tuple[NDArray[np.bool_], ColorPeak, float]]


def _search(
    lab: LabImage,
    params: Params = DEFAULT,
    tile: LabColor | None = None,
    exclude: LabColor | None = None,
) -> tuple[Board | None, Welded]:
    """The largest regular lattice of equal square tiles of one colour, or ``None``, and
    the masks (with their colours and tolerances) that held none.

    The main colours are taken from a yet smaller copy (a palette needs few pixels). Each
    is tried at a loose tolerance, then at a tight one if the loose mask held solid bars
    as well as squares (a drop shadow blurred into the gaps welds tiles together). A colour too
    rare to hold more tiles than the board found so far is not tried, nor one farther than
    Delta E 10 from ``tile`` when it is given (the tiles' colour in another copy), nor one
    nearer than that to ``exclude`` (a lattice's found no board). Where
    none holds a board, the colour hidden beside the most common one is tried
    (:func:`_hidden`), and the pooled colours of close peaks (:func:`_pooled`).
    """
    height, width = lab.shape[:2]
    step = max(1, round(max(height, width) / params.palette_side))
    sample = lab[::step, ::step].reshape(-1, 3)
    peaks = dominant_colors(sample[:, None], count=params.colors_tried)
    norms = np.asarray(cv2.transform(lab * lab, np.ones((1, 3), np.float32)), np.float32)
    best: Board | None = None
    welded: Welded = []
    for hidden in (False, True):
        tried = (
            [(p, peaks) for p in _hidden(sample, peaks)] + _pooled(peaks)
            if hidden
            else [(p, peaks) for p in peaks]
        )
        for peak, rivals in tried:
            if (
                best is not None
                and 2 * peak.share * height * width < len(best.tiles) * best.side**2
            ):
                continue
            if tile is not None and color_distance(tile, peak.lab) > 10.0:
                continue
            if exclude is not None and color_distance(exclude, peak.lab) <= 10.0:
                continue
            others = [color_distance(peak.lab, p.lab) for p in rivals if p is not peak]
            loose = float(np.clip(0.45 * min(others, default=20.0), 3.0, 12.0))
            for tolerance in dict.fromkeys((loose, max(3.0, 0.5 * loose))):
                mask = _near(lab, norms, peak.lab, tolerance)
                solid = find_blobs(mask, params.min_tile, max(height, width), params.fill, np.inf)
                squares = [b for b in solid if _square(b, 0.4 * min(height, width))]
                board = _board_of_color(squares, peak, tolerance, params)
                if board is not None and (best is None or len(board.tiles) > len(best.tiles)):
                    best = board
                if board is None and not hidden and tolerance == loose:
                    welded.append((mask, peak, tolerance))  # (the main colours' masks)
                if len(solid) == len(squares):
                    break
        if best is not None:
            break
    return best, welded


def _parted(welded: Welded, params: Params) -> Board | None:
    """The largest lattice of round tiles that touch in any of the masks ``welded`` (see
    :func:`_touching`), or ``None``. It is looked for last, so that a board whose gaps a
    photo's blur narrowed, or a photo's uneven light split, is found as it is."""
    best: Board | None = None
    for mask, peak, tolerance in welded:
        board = _touching(mask, peak, tolerance, params)
        if board is not None and (best is None or len(board.tiles) > len(best.tiles)):
            best = board
    return best


def _touching(
    mask: NDArray[np.bool_], peak: ColorPeak, tolerance: float, params: Params
) -> Board | None:
    """The lattice of round tiles that touch, or ``None``: their ``mask`` (of ``peak``'s
    colour within ``tolerance``) welded into one blob by the points they share, eroded a
    pixel at a time (at most :attr:`Params.touching`) until the blobs are a lattice; the
    tiles' side is the blobs' grown back by the erosion. They were welded side by side, so
    most have a tile beside them (as a level's do).

    Discs that touch part after an erosion of about the square root of their radius
    (antialiasing blends the page into the tiles only near the point they share); square
    tiles without gaps stay one blob, and a lattice of them is no board.
    """
    height, width = mask.shape
    eroded = mask.astype(np.uint8)
    for depth in range(1, params.touching + 1):
        eroded = np.asarray(cv2.erode(eroded, np.ones((3, 3), np.uint8)), np.uint8)
        if not eroded.any():
            break
        solid = find_blobs(
            eroded.astype(bool), params.min_tile, max(height, width), params.parted_fill, np.inf
        )
        squares = [b for b in solid if _square(b, 0.4 * min(height, width))]
        board = _board_of_color(squares, peak, tolerance, params)
        # tiles that touch were welded side by side: a lattice of squares meeting only at
        # their corners (a chequerboard's) is none
        if board is not None and 2 * sum(
            any(n in board.tiles for n in _neighbours(cell)) for cell in board.tiles
        ) >= len(board.tiles):
            return replace(board, side=board.side + 2 * depth, touching=True)
    return None


def _hidden(sample: NDArray[np.float32], peaks: list[ColorPeak]) -> list[ColorPeak]:
    """The colour hidden beside the page's, if any: the densest among the pixels of
    ``sample`` Delta E 6 to 16 from it and farther from every other peak.

    Faint tiles (a photo's glare, a pale theme) lie so near the page's colour that the
    page's peak hides theirs in a coarse histogram. They are found by a few steps of mean
    shift (radius 5) from the median of those pixels, where they are at least 2% of the
    screen's. The screen is what is not black (:data:`BLACK`: a video frame's letterbox, off
    the screen, may cover most of the picture), its page the most common colour there.
    """
    page = next((k for k, p in enumerate(peaks) if p.lab[0] >= BLACK), None)
    if page is None:
        return []
    screen = int(np.count_nonzero(sample[:, 0] >= BLACK))
    distances = np.stack([delta_e(sample, p.lab) for p in peaks])
    others = np.delete(distances, page, axis=0)
    shell = sample[
        (distances[page] >= 6.0) & (distances[page] < 16.0) & (others >= 6.0).all(axis=0)
    ]
    if len(shell) < 0.02 * screen:
        return []
    centre = np.median(shell, axis=0)
    for _ in range(4):
        near = shell[delta_e(shell, (float(centre[0]), float(centre[1]), float(centre[2]))) < 5.0]
        if len(near) == 0:
            return []
        centre = near.mean(axis=0)
    color = (float(centre[0]), float(centre[1]), float(centre[2]))
    count = int(np.count_nonzero(delta_e(sample, color) < 6.0))
    return [ColorPeak(color, count / len(sample))] if count >= 0.02 * screen else []


def _pooled(peaks: list[ColorPeak]) -> list[tuple[ColorPeak, list[ColorPeak]]]:
    """Each two of ``peaks`` under Delta E 12 apart (twice the histogram's merging radius)
    pooled into one (their mean, weighted by their shares), with the peaks but those two.

    Noise may split one colour into two close peaks (a video frame's compression spreads the
    tiles' chroma); each alone is then tried at a tolerance too tight for its tiles, the
    other peak being so near.
    """
    pooled = []
    for i, first in enumerate(peaks):
        for second in peaks[i + 1 :]:
            if color_distance(first.lab, second.lab) >= 12.0:
                continue
            share = first.share + second.share
            mean = np.asarray(first.lab) * first.share + np.asarray(second.lab) * second.share
            lab = mean / share
            rivals = [p for p in peaks if p is not first and p is not second]
            pooled.append((ColorPeak((float(lab[0]), float(lab[1]), float(lab[2])), share), rivals))
    return pooled


def _near(
    lab: LabImage, norms: NDArray[np.float32], color: LabColor, tolerance: float
) -> NDArray[np.bool_]:
    """The pixels of ``lab`` within ``tolerance`` (Delta E) of ``color``.

    ``norms`` holds each pixel's squared Lab length, so that the squared distance
    ``|x|^2 - 2 x.c + |c|^2`` is one affine transform of the picture.
    """
    c = np.asarray(color, np.float32)
    affine = np.array([[*(-2.0 * c), c @ c]], np.float32)
    return np.asarray(cv2.add(cv2.transform(lab, affine), norms) < tolerance**2, np.bool_)


def _square(blob: Blob, max_side: float) -> bool:
    """Whether ``blob`` is square (sides within 30%) and no longer than ``max_side``."""
    return max(blob.width, blob.height) <= min(1.3 * min(blob.width, blob.height), max_side)


def _board_of_color(
    blobs: list[Blob], peak: ColorPeak, tolerance: float, params: Params
) -> Board | None:
    """The lattice of the square ``blobs`` of ``peak``'s colour, or ``None``."""
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
    centres = np.array([(b.x, b.y) for b in group])
    place = (centres - (fit.x.origin, fit.y.origin)) / (fit.x.pitch, fit.y.pitch)
    nearest = np.round(place)
    off = np.max(np.abs(place - nearest), axis=1) > params.max_residual
    strays = frozenset((int(r), int(c)) for c, r in nearest[off])
    return Board(peak.lab, tolerance, fit, frozenset(cells), side, strays)


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


@dataclass(frozen=True)
class ColorField:
    """A colour that drifts smoothly across the picture: ``Lab = terms(x, y) @ coef``.

    The terms are 1, x and y, and with enough samples x^2, xy and y^2 too (a photo's
    vignetting), with ``x`` and ``y`` in thousands of pixels.

    Parameters
    ----------
    coef : (3, 3) or (6, 3) float array
        Rows: the terms; columns: L, a, b.
    """

    coef: NDArray[np.float64]

    @classmethod
    def fit(cls, xy: NDArray[np.float64], colors: NDArray[np.float64]) -> ColorField:
        """The field nearest ``colors`` seen at ``xy`` (outliers dropped once).

        Quadratic with at least 15 samples spread over the plane, affine with at least six
        not along one line, constant otherwise.
        """
        for count, least in ((6, 15), (3, 6)):
            design = _terms(xy, count)
            coef = _least_squares(design, colors) if len(xy) >= least else None
            if coef is not None:
                break
        else:
            median = np.median(colors, axis=0)
            return cls(np.vstack([median, np.zeros((2, 3))]))
        error = np.linalg.norm(design @ coef - colors, axis=1)
        keep = error <= max(3.0, 2.5 * float(np.median(error)))
        if keep.sum() >= least:
            refit = _least_squares(design[keep], colors[keep])
            coef = coef if refit is None else refit
        return cls(np.asarray(coef, dtype=np.float64))

    def at(self, x: float, y: float) -> LabColor:
        """The colour at pixel ``(x, y)``."""
        lab = self.over(np.array([[x, y]]))[0]
        return float(lab[0]), float(lab[1]), float(lab[2])

    def over(self, xy: NDArray[np.float64]) -> NDArray[np.float64]:
        """The colours at ``(N, 2)`` pixels ``(x, y)``, as an ``(N, 3)`` array."""
        return _terms(xy, len(self.coef)) @ self.coef


def _least_squares(
    design: NDArray[np.float64], values: NDArray[np.float64]
) -> NDArray[np.float64] | None:
    """The coefficients ``c`` that minimise ``|design @ c - values|``, or ``None`` when the
    columns of ``design`` are dependent.

    Solved by the normal equations: with a few columns that is exact enough, and LAPACK's
    SVD of a tall matrix starts OpenBLAS threads that cost more CPU than the fit itself.
    """
    gram = design.T @ design
    if np.linalg.matrix_rank(gram) < design.shape[1]:
        return None
    return np.asarray(np.linalg.solve(gram, design.T @ values), np.float64)


def _terms(xy: NDArray[np.float64], count: int) -> NDArray[np.float64]:
    """The first ``count`` of the terms 1, x, y, x^2, xy, y^2 of ``(N, 2)`` pixels, in
    thousands of pixels."""
    u, v = np.asarray(xy, np.float64).T / 1000.0
    return np.column_stack([np.ones_like(u), u, v, u * u, u * v, v * v][:count])


@dataclass(frozen=True)
class Colors:
    """The local tile and background colours of a board, and how plain a tile must be.

    Parameters
    ----------
    tile, background : ColorField
        The two colours across the picture.
    strict : float
        A Delta E that covers the tiles' own noise (JPEG, blur, video) but not the cat.
    corners : bool
        Whether the gaps show only at the cells' corners (round tiles that touch).
    """

    tile: ColorField
    background: ColorField
    strict: float
    corners: bool = False

    def _sorted(
        self,
        lab: LabImage,
        nodes: NDArray[np.float64],
        half: int,
        tile: NDArray[np.float64],
        back: NDArray[np.float64],
    ) -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_]]:
        """The ``(N, K, 3)`` pixels of the squares ``half`` pixels each way from ``nodes``
        (black ones read as the background), and which of them are plainly the tiles'
        colour (``tile`` at each node), nearer it than the background (``back``), and
        nearer the background."""
        pixels = _unblack(_patches(lab, nodes, half), back)
        axis = tile - back
        loose = (0.45 * np.sqrt(np.maximum(np.einsum("nc,nc->n", axis, axis), 1e-6)))[:, None]
        to_tile = np.linalg.norm(pixels - tile[:, None], axis=2)
        to_back = np.linalg.norm(pixels - back[:, None], axis=2)
        plain = to_tile < np.minimum(self.strict, loose)
        tile_like = (to_tile < loose) & (to_tile < to_back)
        background = (to_back < loose) & (to_back <= to_tile)
        return pixels, plain, tile_like, background

    def covering(self, lab: LabImage, nodes: NDArray[np.float64], half: int) -> NDArray[np.float64]:
        """The median colour of what covers each cell (its pixels neither plainly the tiles'
        colour nor the background: :attr:`CellReading.other`), ``(N, 3)``; NaN where
        nothing does."""
        tile, back = self.tile.over(nodes), self.background.over(nodes)
        pixels, plain, _, background = self._sorted(lab, nodes, half, tile, back)
        other = ~plain & ~background
        return np.array(
            [np.median(p[o], axis=0) if o.any() else np.full(3, np.nan)
             for p, o in zip(pixels, other, strict=True)]
        )  # fmt: skip

    def readings(
        self, lab: LabImage, nodes: NDArray[np.float64], half: int, pitch: float
    ) -> list[CellReading]:
        """What the cells centred on ``(N, 2)`` pixels ``nodes`` show.

        Each cell is judged on the square ``half`` pixels each way from its node, which
        must lie inside ``lab``; its gaps are sampled at its corners and the middles of its
        sides, and the one most like the background (but no further from the tiles' colour
        than the background: outside the screen may be black) is the reference of its lift.
        Black (:data:`BLACK`, off the screen) is read as the background.
        """
        height, width = lab.shape[:2]
        tile, back = self.tile.over(nodes), self.background.over(nodes)
        axis = tile - back
        norm = np.maximum(np.einsum("nc,nc->n", axis, axis), 1e-6)
        pixels, plain_mask, like_mask, back_mask = self._sorted(lab, nodes, half, tile, back)
        plain, tile_like, background = (m.mean(axis=1) for m in (plain_mask, like_mask, back_mask))
        # opposite points follow each other (a pair's mean cancels a smooth gradient of light)
        ring = np.array([(-1, -1), (1, 1), (0, -1), (0, 1), (1, -1), (-1, 1), (1, 0), (-1, 0)])
        gx = np.clip(np.round(nodes[:, :1] + ring[:, 0] * pitch / 2).astype(int), 0, width - 1)
        gy = np.clip(np.round(nodes[:, 1:] + ring[:, 1] * pitch / 2).astype(int), 0, height - 1)
        gap_pixels = _unblack(lab[gy, gx], back) - back[:, None]
        gaps = np.einsum("nkc,nc->nk", gap_pixels, axis) / norm[:, None]
        # glare makes a gap lighter, along the way from the tiles' colour to the background;
        # a gap beyond the background otherwise is something else (a bezel, the cat's ears)
        off = np.linalg.norm(gap_pixels - gaps[..., None] * axis[:, None], axis=2)
        glare = (gap_pixels[..., 0] >= 0.0) & (off < np.maximum(8.0, 0.3 * np.sqrt(norm))[:, None])
        gaps = np.where(glare, gaps, np.maximum(gaps, 0.0))
        medians = _medians(pixels)
        centre = np.einsum("nc,nc->n", medians - back, axis) / norm
        lift = centre - gaps.reshape(len(nodes), 4, 2).mean(axis=2).min(axis=1)
        aside = np.linalg.norm(medians - back - centre[:, None] * axis, axis=1)
        along = aside < np.maximum(8.0, 0.3 * np.sqrt(norm))
        tint = np.where(along & (medians[:, 0] <= back[:, 0]), centre, 0.0)
        ring_pixels = _unblack(lab[gy, gx], back)
        if self.corners:  # the middles of the sides are where touching tiles meet
            ring_pixels = ring_pixels[:, [0, 1, 4, 5]]
        apart = np.sort(np.linalg.norm(ring_pixels - medians[:, None], axis=2), axis=1)[:, 1]
        apart /= np.sqrt(norm)
        return [
            CellReading(
                float(a), float(b), float(c), float(d), (float(m[0]), float(m[1]), float(m[2])),
                float(t), bool(k), float(w), float(m[0] - f[0]),
            )
            for a, b, c, d, m, t, k, w, f in zip(
                plain, tile_like, background, lift, medians, tint, along, apart, tile,
                strict=True,
            )
        ]  # fmt: skip


def _medians(pixels: NDArray[np.floating]) -> NDArray[np.floating]:
    """``np.median(pixels, axis=1)`` of ``(N, K, 3)`` pixels, the same values by a partial
    sort (several times faster than numpy's median along a middle axis)."""
    k = pixels.shape[1] // 2
    if pixels.shape[1] % 2:
        return np.partition(pixels, k, axis=1)[:, k]
    part = np.partition(pixels, (k - 1, k), axis=1)
    return (part[:, k - 1] + part[:, k]) / 2


def _unblack(
    pixels: NDArray[np.float32], back: NDArray[np.float64], black: float = BLACK
) -> NDArray[np.float64]:
    """``(N, K, 3)`` Lab ``pixels`` with the black ones (off the screen: darker than
    ``black``) set to ``back[n]``."""
    return np.where((pixels[..., :1] < black), back[:, None], pixels)


def read_board(
    image: RGBImage, lab: LabImage, board: Board, scale: float, params: Params = DEFAULT
) -> Recognition:
    """Judge every cell of ``board`` and its surrounding ring; build the recognition.

    ``lab`` is the working copy of ``image``, reduced by ``scale``; the cat is looked at
    in ``image`` itself.
    """
    measured = _colors(lab, board, params)
    if isinstance(measured, str):
        return Recognition.nothing(GAME, measured)
    colors, gap_agreement = measured
    readings: dict[Cell, CellReading] = {}
    rows, cols = board.extent
    area: Area = (0, 0, rows - 1, cols - 1)
    while True:
        top, left, bottom, right = area
        ring = [
            (r, c)
            for r in range(top - 1, bottom + 2)
            for c in range(left - 1, right + 2)
            if (r, c) not in readings
        ]
        readings.update(_read(lab, colors, board, ring, params))
        # tiles the blobs missed at the edge widen the board (with gaps round them)
        grown = [
            cell
            for cell, reading in readings.items()
            if not _within(cell, area)
            and (
                (reading.tile_like >= params.plain and reading.lift > params.lift[0])
                or _kin(cell, readings, area, params)
            )
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
    return _decide(image, (lab, colors), board, area, readings, gap_agreement, scale, params)


def _half(board: Board, params: Params) -> int:
    """The half side (pixels) of the square a cell is judged on round its centre."""
    return max(1, round((0.5 - params.inset) * board.pitch))


def _covering(
    lab: LabImage, colors: Colors, board: Board, cells: list[Cell], params: Params
) -> NDArray[np.float64]:
    """The colour of what covers each of the lattice ``cells`` (:meth:`Colors.covering`)."""
    nodes = np.asarray([board.fit.node(cell) for cell in cells])
    return colors.covering(lab, nodes, _half(board, params))


def _read(
    lab: LabImage, colors: Colors, board: Board, cells: list[Cell], params: Params
) -> dict[Cell, CellReading]:
    """The readings of those of the lattice ``cells`` whose centre ``lab`` shows."""
    height, width = lab.shape[:2]
    half = _half(board, params)
    nodes = [board.fit.node(cell) for cell in cells]
    seen = [
        (cell, (x, y))
        for cell, (x, y) in zip(cells, nodes, strict=True)
        if half <= round(x) < width - half and half <= round(y) < height - half
    ]
    if not seen:
        return {}
    read = colors.readings(lab, np.asarray([node for _, node in seen]), half, board.pitch)
    return dict(zip([cell for cell, _ in seen], read, strict=True))


def _colors(lab: LabImage, board: Board, params: Params) -> tuple[Colors, float] | str:
    """The board's :class:`Colors`, and the share of gaps between tiles that show background.

    The background is the main colour other than the tiles' (and black) in a band half a
    pitch wide around the tiles (narrow gaps in a blurred picture mix the tiles' colour
    in, so the band is safer than the gaps), refined to the band's pixels near it; its
    field is fitted to the band's pixels of that colour, the tiles' to the centres of the
    tiles found. A gap agrees when it shows the background, if need be blended with the
    tiles' edges; the share is that of the better direction (a drop shadow may fill the
    other). The reason it is no board instead, when tiles and background look alike, when
    the band is not mostly background (cells ruled on a plain page are no tiles), or when
    the tiles are not plain (numbered squares are another game's).
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
    ys, xs = np.nonzero(band)
    pixels = lab[box[1] : box[3], box[0] : box[2]][band]
    off = pixels[:, 0] < BLACK
    # a page as dark as a letterbox (a dark theme, mostly black round the tiles) is the
    # background itself: the main colour beside it may be the cat's, on a tile of its own
    # beyond the others (own screenshot 3800004 of session 22)
    dark = bool(off.size) and bool(off.mean() >= 0.5)  # no band: the tiles fill the picture
    others = pixels[(delta_e(pixels, board.tile) > board.tolerance) & (off if dark else ~off)]
    sample = others[:: max(1, len(others) // 4000), None, :]
    main = dominant_colors(sample, count=1) if len(others) else []
    if not main:
        return "no background round the tiles"
    median = np.median(others[delta_e(others, main[0].lab) < 8.0], axis=0)
    color = (float(median[0]), float(median[1]), float(median[2]))
    contrast = color_distance(color, board.tile)
    if contrast < 6.0:
        return "the tiles' colour is the background's"
    near = (delta_e(pixels, color) < 0.45 * contrast) & (dark | ~off)
    if (near | off).mean() < params.band:
        return RULED
    step = max(1, int(near.sum()) // 2000)
    band_xy = np.column_stack([xs[near] + box[0], ys[near] + box[1]])[::step]
    background = ColorField.fit(band_xy.astype(np.float64), pixels[near][::step].astype(np.float64))
    half = _half(board, params)
    cells = sorted(board.tiles)
    centres = np.array([board.fit.node(cell) for cell in cells])
    patches = _patches(lab, centres, half)
    means = _medians(patches)
    spreads = np.percentile(np.linalg.norm(patches - means[:, None], axis=2), 90, axis=1)
    spread = float(np.median(spreads))
    tile = ColorField.fit(centres, means.astype(np.float64))
    # a level's tiles are all plain (glare or the cat marks a few): a third of them marked
    # are keys or numbered squares, some of whose marks are small (a keypad's 1, * and #)
    if np.mean(spreads > max(12.0, params.plain_tiles * contrast)) >= 1 / 3:
        return "the tiles are not plain (marks or text on them)"
    strict = float(np.clip(2.5 * spread + 2.0, 4.0, 12.0))
    colors = Colors(tile, background, strict, board.touching)
    agreements = []
    # round tiles that touch show the page only at the corners between them, across the
    # diagonal from tile to tile
    for dr, dc in ((1, 1), (1, -1)) if board.touching else ((0, 1), (1, 0)):
        pairs = [
            (a, (a[0] + dr, a[1] + dc)) for a in cells if (a[0] + dr, a[1] + dc) in board.tiles
        ]
        if pairs:
            ends = np.array([[board.fit.node(a), board.fit.node(b)] for a, b in pairs])
            agreements.append(float(np.mean(_gaps_agree(lab, ends, colors))))
    return colors, max(agreements, default=0.0)


def _gaps_agree(lab: LabImage, ends: NDArray[np.float64], colors: Colors) -> NDArray[np.bool_]:
    """Whether each gap between two tiles (``ends``: ``(N, 2, 2)``, the pairs of tile
    centres ``(x, y)``) shows the background, blended or not.

    A pixel on the segment across the gap must lie at least 30% of the way from the local
    tile colour to the local background (an outline round the tiles is passed over), near
    the line between them (within Delta E 8, or 30% of their distance: compression smears
    strong colours); the segment is sampled at every pixel at least (a gap between outlined
    tiles may show the page on a single pixel of the working copy). Tiles drawn side by
    side, each in its own dark outline or drop shadow, show no page between them: their gap
    agrees when its darkest pixel is the local tile colour shaded (see below).
    """
    reach = float(np.max(np.linalg.norm(ends[:, 1] - ends[:, 0], axis=1)))
    t = np.linspace(0.25, 0.75, max(9, int(np.ceil(reach / 2)) + 1))[None, :, None]
    points = ends[:, :1] + t * (ends[:, 1:] - ends[:, :1])
    xs, ys = np.round(points).astype(int).transpose(2, 0, 1)
    line = lab[ys, xs].astype(np.float64)
    mid = ends.mean(axis=1)
    tile, back = colors.tile.over(mid), colors.background.over(mid)
    axis = back - tile
    shares = (
        np.einsum("nkc,nc->nk", line - tile[:, None], axis)
        / np.maximum(np.einsum("nc,nc->n", axis, axis), 1e-6)[:, None]
    )
    off = np.linalg.norm(line - (tile[:, None] + shares[..., None] * axis[:, None]), axis=2)
    near = off < np.maximum(8.0, 0.3 * np.linalg.norm(axis, axis=1))[:, None]
    shown = ((shares >= 0.3) & near).any(axis=1)
    rows = np.arange(len(ends))
    # tiles side by side, each in its own dark outline or drop shadow: the gap's darkest
    # pixel is the tiles' colour shaded (Lab scales towards black as light is taken away)
    # at least 30% of the way to black (within Delta E 8): the tiles' edges
    darkest = line[rows, np.argmin(line[..., 0], axis=1)]
    depth = 1.0 - darkest[:, 0] / np.maximum(tile[:, 0], 1.0)
    shade = np.linalg.norm(darkest - (1.0 - depth)[:, None] * tile, axis=1)
    edged = (depth >= 0.3) & (shade < 8.0)
    return np.asarray(shown | edged, np.bool_)


def _patches(lab: LabImage, nodes: NDArray[np.float64], half: int) -> NDArray[np.float32]:
    """The ``(N, K, 3)`` pixels of the squares ``half`` pixels each way from ``(N, 2)``
    pixels ``nodes`` (clipped to the picture)."""
    height, width = lab.shape[:2]
    xs, ys = np.round(nodes).astype(int).T
    span = np.arange(-half, half + 1)
    rows = np.clip(ys[:, None, None] + span[None, :, None], 0, height - 1)
    cols = np.clip(xs[:, None, None] + span[None, None, :], 0, width - 1)
    return np.asarray(lab[rows, cols].reshape(len(nodes), -1, 3), np.float32)


def _decide(
    image: RGBImage,
    working: tuple[LabImage, Colors],
    board: Board,
    area: Area,
    readings: dict[Cell, CellReading],
    gap_agreement: float,
    scale: float,
    params: Params,
) -> Recognition:
    """Tiles, holes and the cat from the cell readings; doubts lower the confidence.

    Cells within ``area`` must each be a plain tile, a hole or covered; the ring of
    cells around it only matters where the cat might sit, next to a tile. Then the
    whole is judged (:func:`_judge`); ``working`` is the working copy and its colours
    (the board's surround is looked at there: :func:`_unlike_surround`).
    """
    doubts: list[str] = []
    confidence = 1.0
    tiles: set[Cell] = set()
    holes: set[Cell] = set()
    passed: list[Cell] = []  # cells of the ring that are no part of the board
    covered: list[Cell] = []  # cells the cat covers
    unclear: list[Cell] = []  # cells neither a plain tile, a hole nor the cat
    whole = board.fit.lattice(0, 0, 1, 1, scale)  # every lattice cell in the full picture
    grown = (area[0] - 1, area[1] - 1, area[2] + 1, area[3] + 1)
    # something straight beyond the board (the screen's edge, a bezel) covers a line of
    # the ring's cells; the cat covers one. Such an edge runs on through the gaps, so it
    # does not stand out from them as tiles do: a line of faint tiles is no edge
    edge = _in_lines(
        {
            cell
            for cell, reading in readings.items()
            if not _within(cell, area)
            and reading.other >= params.covered
            and reading.lift < params.ring_lift
        }
    )
    strays = sorted(cell for cell in board.strays if _within(cell, grown))
    if strays:
        cells = _named(strays, area[:2], params)
        doubts.append(f"tiles off the lattice (a sheared picture?): cells {cells} in doubt")
        confidence = min(confidence, 0.3)
    beyond = sorted(
        cell for cell in readings if not _within(cell, area) and _kin(cell, readings, area, params)
    )
    if beyond:
        cells = _named(beyond, area[:2], params)
        doubts.append(f"tiles seem to lie beyond the board's edge: cells {cells} in doubt")
        confidence = min(confidence, 0.3)
    judged = [
        cell
        for cell in sorted(readings)
        if _within(cell, area)
        or (
            cell not in edge
            and any(
                _within(n, area) and n in readings and readings[n].tile_like >= params.plain
                for n in _neighbours(cell)
            )
        )
    ]
    # a face is looked for only where something covers the cell
    faces = _faces(
        image, whole, [cell for cell in judged if readings[cell].other >= params.covered]
    )
    for cell in judged:
        reading, inside = readings[cell], _within(cell, area)
        kind = _kind(reading, faces.get(cell, 0.0) >= params.cat_texture, params)
        if kind == "cat":
            covered.append(cell)
        elif inside and kind == "tile":
            tiles.add(cell)
        elif inside and kind == "hole":
            holes.add(cell)
        elif kind == "hole" or (
            not inside and reading.tile_like < 0.5 and reading.lift < params.ring_lift
        ):
            passed.append(cell)
        else:
            unclear.append(cell)
    # (a tile faded by glare is plain too, only off the tiles' colour: its own is measured)
    marks = _far(image, whole, sorted(tiles))
    textures = dict(zip(sorted(tiles), map(float, marks.mean(axis=(1, 2))), strict=True))
    if tiles and float(np.median(list(textures.values()))) >= params.glyphs:
        return Recognition.nothing(
            GAME, "most tiles' centres hold another colour (digits, or several colours): no level"
        )
    # a level's tiles are alike: marks that differ from tile to tile, even faint ones (a
    # photo's blur thins a digit's strokes), are numbers on pieces, not a style's light
    if _distinct(marks) >= params.distinct:
        return Recognition.nothing(
            GAME, "the tiles carry marks that differ from tile to tile (digits): no level"
        )
    # a hole shows the background beside it; a cell tinted towards the tiles' colour there
    # (a tile glare washed out until it stands out from its gaps no more than a hole) is
    # neither, as is such a cell the ring passed over
    pale = sorted(cell for cell in (*holes, *passed) if readings[cell].tint >= params.pale)
    if pale:
        cells = _named(pale, area[:2], params)
        doubts.append(f"cells tinted like faded tiles are read as holes: {cells} in doubt")
        confidence = min(confidence, 0.3)
    # glare fades tiles smoothly: a hole beside a faint tile may be a tile faded out, unless
    # it lies between two tiles too little faded for that (see _bridged)
    faded = sorted(
        hole
        for hole in holes
        if any(cell in tiles and _faint(readings[cell], params) for cell in _around(hole))
        and not _bridged(hole, tiles, readings, params)
    )
    if faded:
        cells = _named(faded, (0, 0), params)
        doubts.append(f"holes beside faint tiles may be tiles washed out by glare: {cells}")
        confidence = min(confidence, 0.3)
    drawn_cat = bool(covered)
    if not drawn_cat:
        # another game's start marker: the one tile that differs from all the others, on
        # the board or beside it (a start at the board's edge is no blob of the tiles'
        # colour; squares of other colours beside the board, even in a line, make the start
        # ambiguous)
        beside = [cell for cell in edge if any(_within(n, area) for n in _neighbours(cell))]
        others = [*unclear, *holes, *passed, *beside]
        marked = _marked(tiles, others, readings, area, params)
        if len(marked) == 1 and not _within(marked[0], area):
            # a start beyond the board's edge: the cells beyond it are looked at as the
            # ring's are (a square of another colour there makes it one of many)
            unread = [cell for cell in _neighbours(marked[0]) if cell not in readings]
            outer = _read(*working, board, unread, params)
            readings = readings | outer
            marked = _marked(tiles, [*others, *outer], readings, area, params)
        dotted = _dotted(textures, params) if not marked else []
        marked = marked or dotted
        if len(marked) == 1 and not _within(marked[0], area) and tiles:
            # a start beyond the board is a square of another colour; one a shade of the
            # tiles' own is a tile the colours missed, or glare on the page beside the board
            # (foreign photo 4300019: a glare spot above a board of translucent tiles)
            lightness, a, b = np.median([readings[cell].color for cell in tiles], axis=0)
            own: LabColor = (float(lightness), float(a), float(b))
            if color_distance(readings[marked[0]].color, own) < params.tile_step:
                cells = _named(marked, area[:2], params)
                return Recognition.nothing(
                    GAME,
                    f"the start beyond the board is of the tiles' colour: cells {cells} in doubt",
                    *doubts,
                )
        cells = _named(marked, area[:2], params)
        if not marked:
            return Recognition.nothing(
                GAME, "no cat on the board and no tile unlike the others: the start is unknown"
            )
        if len(marked) > 1:
            return Recognition.nothing(
                GAME,
                f"{len(marked)} tiles unlike the others: the start is ambiguous, cells "
                f"{cells} in doubt",
                *doubts,
            )
        # the one tile unlike the others is no start where its colour recurs round it in
        # cells that show no background either (a goal grid's classes of colour, whose other
        # squares stand apart from their gaps less, being of the colour of their neighbours)
        twins = _twins(marked[0], tiles, readings, params)
        if twins:
            cells = _named(twins, area[:2], params)
            return Recognition.nothing(
                GAME,
                f"the start's colour recurs beside it: the start is ambiguous, cells {cells} "
                "in doubt",
                *doubts,
            )
        # a tile unlike those beside it but like some farther off is one of several colour
        # classes (another game's), whose chain of alike neighbours a photo's light broke
        by_colour = marked[0] in tiles and not dotted  # (a dotted tile has the tiles' colour)
        alike = sorted(
            cell
            for cell in (tiles - {marked[0]} if by_colour else ())
            if color_distance(readings[cell].color, readings[marked[0]].color) < params.tile_step
        )
        if alike:
            cells = _named([marked[0], *alike], area[:2], params)
            return Recognition.nothing(
                GAME, f"the tiles are not all of one colour: cells {cells} in doubt", *doubts
            )
        covered = marked
        tiles.discard(marked[0])
        holes.discard(marked[0])
        unclear = [cell for cell in unclear if cell not in marked]
    for cell in unclear:
        doubts.append(f"cell {list(cell)} is neither a plain tile nor a hole")
        confidence = min(confidence, 0.3)
    rimmed = [
        cell for cell, rim in _rims(*working, board, sorted(holes)).items() if rim >= params.rim
    ]
    if rimmed:
        cells = _named(rimmed, (0, 0), params)
        doubts.append(f"holes show a tile's rim (tiles washed out by glare?): {cells}")
        confidence = min(confidence, 0.3)
    # the cat on a tile at the board's edge spills into the ring beside it, covering less
    # there than its own tile; a cell of the ring covered as much is another candidate
    inner = [cell for cell in covered if _within(cell, area)]
    if inner:
        most = max(readings[cell].other for cell in inner)
        covered = [cell for cell in covered if cell in inner or readings[cell].other >= most]
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
    # the cat is one of a kind: its colour recurring beside it in a cell as covered (not the
    # cat's spill) makes it one of a row of squares (tiles a begun stroke recoloured with
    # the line across them, whose row beyond the board was passed over as an edge)
    twins = _twins(cat, tiles, readings, params, 0.6 * readings[cat].other) if drawn_cat else []
    if twins:
        cells = _named(twins, area[:2], params)
        doubts.insert(0, f"the cat's colour recurs beside it: the start is ambiguous: {cells}")
        confidence = min(confidence, 0.2)
    # the cat sits on one tile: a "cat" whose cell shows the page as its gaps do, beside a
    # cell that is no tile, covered as much (not the cat's spill) and in the same colour, is
    # the end of something larger (a button beyond the board, whose label was the face)
    flush_cat = drawn_cat and readings[cat].apart < params.flush
    beside = [
        cell
        for cell in (_neighbours(cat) if flush_cat else ())
        if cell in readings
        and cell not in tiles
        and readings[cell].other >= params.as_covered * readings[cat].other
    ]
    if beside:
        cover = _covering(*working, board, [cat, *beside], params)
        alike = sorted(
            cell
            for cell, colour in zip(beside, cover[1:], strict=True)
            if float(np.linalg.norm(colour - cover[0])) < params.tile_step
        )
        if alike:
            cells = _named(alike, area[:2], params)
            doubts.append(f"cells beside the cat are covered as much as its own: {cells}")
            confidence = min(confidence, 0.2)
    start = cat
    tiles.add(start)
    # the cat's face is on one tile: a face on another one (a pale cat read as a plain tile,
    # while the start was put on a marked tile or on a dark shape beyond the board) makes
    # the start ambiguous; beside a drawn cat, its ears and tail may spill onto a tile
    spilt = _neighbours(cat) if drawn_cat else ()
    rest = sorted(tiles - {start, *spilt})
    shares = textures | _faces(image, whole, [cell for cell in rest if cell not in textures])
    shares = {cell: shares[cell] for cell in rest}
    typical = float(np.median(list(shares.values()))) if shares else 0.0
    faced = sorted(cell for cell, share in shares.items() if share >= typical + params.cat_texture)
    if faced:
        cells = _named(faced, area[:2], params)
        doubts.append(f"a face on a tile besides the start's: the start is ambiguous: {cells}")
        confidence = min(confidence, 0.2)
    # the cat (and its ears beside it) stands out anyhow; a tile's lift is about 1, a hole's 0
    wild = sorted(
        cell
        for cell, reading in readings.items()
        if _within(cell, area)
        and cell != cat
        and cell not in _neighbours(cat)
        and not params.sane_lift[0] <= reading.lift <= params.sane_lift[1]
    )
    if wild:
        cells = _named(wild, area[:2], params)
        doubts.append(f"the tiles' and background's colours are unclear: cells {cells} in doubt")
        confidence = min(confidence, 0.3)
    if len(tiles) < params.min_tiles:
        return Recognition.nothing(GAME, "too few tiles")
    if gap_agreement < 0.9:
        doubts.append(GAPS_DOUBT)
        confidence = min(confidence, 0.3 if gap_agreement < 0.7 else 0.6)
    if not connected(tiles):
        doubts.append("the tiles are not all connected")
        confidence = min(confidence, 0.4)
    top = min(r for r, _ in tiles)
    left = min(c for _, c in tiles)
    bottom = max(r for r, _ in tiles)
    right = max(c for _, c in tiles)
    # a level is drawn whole: a tile whose cell the picture's edge cuts (the middle of a
    # side off the picture) may be part of a larger field of tiles cut out as a "screen"
    height, width = image.shape[:2]
    ordered = sorted(tiles)
    sides = [(r + 0.5 + 0.5 * dr, c + 0.5 + 0.5 * dc) for r, c in ordered for dr, dc in _STEPS]
    x, y = whole.to_pixels(sides).T
    seen = (x >= 0) & (x <= width - 1) & (y >= 0) & (y <= height - 1)
    whole_cells = seen.reshape(-1, len(_STEPS)).all(axis=1)
    cut = [tile for tile, inside in zip(ordered, whole_cells, strict=True) if not inside]
    if cut:
        cells = _named(cut, (top, left), params)
        doubts.append(f"the tiles run on past the picture's edge: cells {cells} in doubt")
        confidence = min(confidence, 0.3)
    unlike = _unlike_surround(*working, board, (top, left, bottom, right), start, params)
    if unlike:
        doubts.append(
            f"the board's {unlike} side is not framed as the others are (covered, or the "
            "picture ends there): the board may go on beyond it"
        )
        confidence = min(confidence, 0.3)
    # a level's tiles share one colour (a photo's light drifts it smoothly): tiles beside
    # each other of plainly different colours are another game's board (Bond's classes)
    plain = tiles - {start}  # the tiles but the start
    odd = (
        _odd_colored(plain, readings, params)
        or _two_colours(plain, readings, params)
        or _two_hues(plain, readings, params)
    )
    if odd:
        cells = _named(odd, (top, left), params)
        doubts.insert(0, f"the tiles are not all of one colour: cells {cells} in doubt")
        confidence = min(confidence, 0.2)
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
    sureness = {
        (r - top, c - left): readings[(r, c)].tile_like
        if (r, c) in tiles
        else readings[(r, c)].background
        for r, c in readings
        if top <= r <= bottom and left <= c <= right and (r, c) != start
    }
    confidence = _judge(image, puzzle, lattice, sureness, confidence, doubts, drawn_cat, params)
    log.debug(
        "onestroke: %dx%d, start %s, confidence %.2f",
        puzzle.rows,
        puzzle.cols,
        puzzle.start,
        confidence,
    )
    return Recognition(GAME, puzzle, round(confidence, 3), lattice, tuple(doubts))


def _unlike_surround(
    lab: LabImage, colors: Colors, board: Board, box: Area, start: Cell, params: Params
) -> str | None:
    """The side of the board ``box`` whose surround the picture does not show, or which is
    unlike the other three sides' all along while those are shown and alike (see
    :attr:`Params.surround`), or which shows the tiles' colour (:attr:`Params.tiles_beyond`).

    A level's board stands on the page alike all round: where something lies across a
    whole side (an ad band, a toast, a bar) or the picture ends there, more of the board
    may lie beneath or beyond (buttons beside a side leave some of its surround alike).
    The surround of a side is the line of cells just beyond it (but the one beside the
    start: the cat's ears and tail reach into it), each looked at on its middle
    (:attr:`Params.surround_inset` in from its edges) as far as the picture shows it; a
    cell of which the picture shows less than :attr:`Params.surround_shown` of a pitch
    either way is not shown. A cell's colour is its median less the background's colour
    there (a photo's light drifts both alike; pixels off the screen count as background,
    see :attr:`Params.off_screen`); a side's, the median of its cells'.
    """
    height, width = lab.shape[:2]
    top, left, bottom, right = box
    lines = {
        "top": [(top - 1, c) for c in range(left, right + 1)],
        "bottom": [(bottom + 1, c) for c in range(left, right + 1)],
        "left": [(r, left - 1) for r in range(top, bottom + 1)],
        "right": [(r, right + 1) for r in range(top, bottom + 1)],
    }
    reach = round((0.5 - params.surround_inset) * board.pitch)
    least = params.surround_shown * board.pitch
    beside = _neighbours(start)
    cells = [cell for line in lines.values() for cell in line if cell not in beside]
    nodes = np.array([board.fit.node(cell) for cell in cells]).reshape(-1, 2)
    backs = colors.background.over(nodes)
    contrast = float(np.median(np.linalg.norm(colors.tile.over(nodes) - backs, axis=1)))
    # each cell's square as far as the picture shows it (wholly shown ones all at once)
    low = np.maximum(np.round(nodes).astype(int) - reach, 0)
    high = np.minimum(np.round(nodes).astype(int) + reach + 1, (width, height))
    shown = (high - low).min(axis=1) >= least
    whole = (high - low == 2 * reach + 1).all(axis=1)
    medians = np.zeros_like(backs)
    if whole.any():
        pixels = _unblack(_patches(lab, nodes[whole], reach), backs[whole], params.off_screen)
        medians[whole] = _medians(pixels)
    for k in np.flatnonzero(shown & ~whole):
        (x0, y0), (x1, y1) = low[k], high[k]
        pixels = _unblack(lab[y0:y1, x0:x1].reshape(1, -1, 3), backs[k : k + 1], params.off_screen)
        medians[k] = _medians(pixels)[0]
    surround = {
        cell: median - back if seen else None
        for cell, median, back, seen in zip(cells, medians, backs, shown, strict=True)
    }
    colours = {
        side: np.median(seen, axis=0)
        for side, line in lines.items()
        if (seen := [c for cell in line if (c := surround.get(cell)) is not None])
    }
    alike, unlike = (share * contrast for share in params.surround)
    axes = dict(zip(cells, colors.tile.over(nodes) - backs, strict=True))
    backs_of = dict(zip(cells, backs, strict=True))
    for side, line in lines.items():
        if _page_where_tiles_begin(
            lab, board, side, [c for c in line if c in surround], backs_of, alike
        ):
            continue
        others = [colour for other, colour in colours.items() if other != side]
        judged = [surround[cell] for cell in line if cell in surround]
        if judged and all(c is None for c in judged):
            return side
        if side in colours:
            axis = np.median([axes[c] for c in line if surround.get(c) is not None], axis=0)
            if colours[side] @ axis >= params.tiles_beyond * (axis @ axis):
                return side
        if len(others) < 3 or not judged:
            continue
        spread = max(float(np.linalg.norm(a - b)) for a in others for b in others)
        if spread <= alike and all(
            c is None or min(float(np.linalg.norm(c - o)) for o in others) > unlike for c in judged
        ):
            return side
    return None


def _page_where_tiles_begin(
    lab: LabImage,
    board: Board,
    side: str,
    line: list[Cell],
    backs: dict[Cell, NDArray[np.float64]],
    alike: float,
) -> bool:
    """Whether the picture shows the page all along ``line`` (the cells just beyond a side
    of the board, less the start's neighbours) where their tiles would begin: a strip a
    twentieth of a pitch deep at the near edge of where each cell's tile would lie (its middle
    half across), its median within ``alike`` (Delta E) of the background there
    (``backs``).

    Tiles beyond that side, cut off by the picture's edge or hidden under something lying
    across the side (a bar, a toast), would show their near edges there, or the thing
    hiding them would; and as the tiles are connected, a line beyond the board with no
    tile in it ends the board. So whatever lies farther on (an ad bar, the picture's edge
    past the page) cannot hide more of the board. A strip the picture does not show, or
    that shows anything but the page (a drop shadow, blur from the tiles), decides nothing.
    """
    if not line:
        return False
    height, width = lab.shape[:2]
    near = board.side / 2  # from a cell's node to where its tile begins
    depth = max(1.0, 0.05 * board.pitch)
    across = board.side / 4
    towards = {"top": (0, 1), "bottom": (0, -1), "left": (1, 0), "right": (-1, 0)}[side]
    for cell in line:
        x, y = board.fit.node(cell)
        dx, dy = towards  # the way back to the board
        if dx:
            edge = x + dx * near
            x0, x1 = sorted((edge, edge - dx * depth))
            y0, y1 = y - across, y + across
        else:
            edge = y + dy * near
            y0, y1 = sorted((edge, edge - dy * depth))
            x0, x1 = x - across, x + across
        box = [round(x0), round(y0), round(x1) + 1, round(y1) + 1]
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            return False
        pixels = lab[box[1] : box[3], box[0] : box[2]].reshape(-1, 3)
        if not len(pixels) or np.linalg.norm(np.median(pixels, axis=0) - backs[cell]) > alike:
            return False
    return True


def _rims(lab: LabImage, colors: Colors, board: Board, cells: list[Cell]) -> dict[Cell, float]:
    """For each of ``cells``, how far the picture just within where a tile's edge would be
    (a tenth of its half side in) stands out from the cell's middle (half way out), along the
    way from the background to the tiles' colour: the larger of the means of opposite sides
    (a smooth gradient of light cancels out), each side's the median over its middle half
    (a tile's corners may be rounded off)."""
    if not cells:
        return {}
    height, width = lab.shape[:2]
    nodes = np.array([board.fit.node(cell) for cell in cells], np.float64)
    half = board.side / 2
    back = colors.background.over(nodes)
    axis = colors.tile.over(nodes) - back
    norm = np.maximum(np.einsum("nc,nc->n", axis, axis), 1e-6)
    along = np.linspace(-half / 2, half / 2, 9)
    across = np.ones_like(along)

    def tints(reach: float) -> NDArray[np.float64]:
        sides = np.stack(
            [
                np.column_stack([along, -reach * across]),
                np.column_stack([along, reach * across]),
                np.column_stack([-reach * across, along]),
                np.column_stack([reach * across, along]),
            ]
        )  # (4 sides, 9 points, x y)
        points = np.round(nodes[:, None, None] + sides[None]).astype(int)
        xs = np.clip(points[..., 0], 0, width - 1)
        ys = np.clip(points[..., 1], 0, height - 1)
        pixels = _unblack(lab[ys, xs].reshape(len(cells), -1, 3), back) - back[:, None]
        return (
            np.einsum("nkc,nc->nk", pixels, axis).reshape(len(cells), 4, -1) / norm[:, None, None]
        )

    sides = np.median(tints(0.9 * half) - tints(0.5 * half), axis=2)  # top, bottom, left, right
    rims = sides.reshape(len(cells), 2, 2).mean(axis=2).max(axis=1)
    return {cell: float(rim) for cell, rim in zip(cells, rims, strict=True)}


def _judge(
    image: RGBImage,
    puzzle: Puzzle,
    lattice: Lattice,
    sureness: dict[Cell, float],
    confidence: float,
    doubts: list[str],
    drawn_cat: bool,
    params: Params,
) -> float:
    """Whether the reading is a level of the game; lowers ``confidence``, adds to ``doubts``.

    A level's board has rows and columns (not a single line of squares), tiles large for
    the picture, a cat with a face on its start tile (if ``drawn_cat``; else the start is
    the one tile unlike the others), and a path through every tile from the start. The
    last is checked only when all else holds (a short search: a board that needs a longer
    one is left to the solver). ``sureness`` maps each cell but the start to the share of
    its centre that showed what it was read as.
    """
    short = min(image.shape[:2])
    if min(puzzle.rows, puzzle.cols) < 2:
        doubts.append("the tiles form a single line: not a one-stroke board")
        confidence = min(confidence, 0.2)
    if lattice.cell_size() < params.min_pitch * short:
        doubts.append("the squares are too small for a game's board")
        confidence = min(confidence, 0.2)
    if not drawn_cat and puzzle.rows == puzzle.cols == 3 and len(puzzle.tiles) == 9:
        doubts.append(
            f"a full 3x3 board with one mark on {list(puzzle.start)} (no cat): as much a "
            "tic-tac-toe board as a level"
        )
        confidence = min(confidence, 0.2)
    if drawn_cat and _faces(image, lattice, [puzzle.start])[puzzle.start] < params.cat_texture:
        doubts.append(f"the start {list(puzzle.start)} is a flat square, not the cat")
        confidence = min(confidence, 0.2)
    if confidence < CONFIDENT:
        return confidence
    try:
        result = search(puzzle, max_nodes=params.check_nodes)
    except SearchBudgetError:
        return confidence
    if result.solution is None:
        least = sorted(sureness, key=lambda cell: sureness[cell])[: params.doubt_cells]
        cells = ", ".join(f"({r}, {c})" for r, c in sorted(least))
        doubts.insert(
            0, f"no path covers the board from the cat ({result.reason}): cells {cells} in doubt"
        )
        confidence = min(confidence, 0.3)
    return confidence


def _faces(image: RGBImage, lattice: Lattice, cells: list[Cell]) -> dict[Cell, float]:
    """For each of ``cells``, the share of its centre in ``image`` far (Delta E 15) from its
    main colour (see :func:`_far`)."""
    shares = _far(image, lattice, cells).mean(axis=(1, 2))
    return {cell: float(share) for cell, share in zip(cells, shares, strict=True)}


def _far(image: RGBImage, lattice: Lattice, cells: list[Cell]) -> NDArray[np.bool_]:
    """The ``(N, 24, 24)`` pixels of the centres of ``cells`` in ``image`` far (Delta E 15)
    from each centre's main colour (none for a centre the picture does not show).

    The centre (the middle half of the cell) is looked at in full detail, resampled to a
    fixed size so that the share does not depend on the picture's resolution; all the
    centres are converted to Lab in one call.
    """
    size = 24
    if not cells:
        return np.zeros((0, size, size), np.bool_)
    height, width = image.shape[:2]
    corners = lattice.to_pixels(
        [(r + dr, c + dr) for r, c in cells for dr in (0.25, 0.75)]
    ).reshape(len(cells), 2, 2)
    patches = np.zeros((len(cells), size, size, 3), np.uint8)
    seen = np.zeros(len(cells), bool)
    for k, ((x0, y0), (x1, y1)) in enumerate(np.round(corners).astype(int)):
        crop = image[max(0, y0) : min(height, y1), max(0, x0) : min(width, x1)]
        if crop.size:
            patches[k] = cv2.resize(crop, (size, size), interpolation=cv2.INTER_AREA)
            seen[k] = True
    pixels = to_lab(patches.reshape(-1, size, 3)).reshape(len(cells), -1, 3)
    median = _medians(pixels)
    far = (np.linalg.norm(pixels - median[:, None], axis=2) > 15.0) & seen[:, None]
    return np.asarray(far.reshape(len(cells), size, size), np.bool_)


def _distinct(far: NDArray[np.bool_], most: int = 64) -> float:
    """How far the marks on tiles (their centres' pixels ``far``, see :func:`_far`) differ
    from tile to tile: for the median tile, the share of its centre marked where the median
    other tile's is not (of at most ``most`` tiles, spread over the board).

    A style's mark (a gloss, a bevel's light, an ellipse) lies alike on every tile and
    leaves nothing; digits (a snake's numbered body) leave most of their strokes.
    """
    if len(far) < 2:
        return 0.0
    marks = far[:: -(-len(far) // most)].reshape(-1, far.shape[1] * far.shape[2])
    marks = marks.astype(np.int32)  # integer counts: no BLAS threads spun up for a small product
    shared = marks @ marks.T  # [i, j]: pixels marked on both tiles
    own = (marks.sum(axis=1)[:, None] - shared) / marks.shape[1]
    others = own[~np.eye(len(marks), dtype=bool)].reshape(len(marks), -1)
    return float(np.median(np.median(others, axis=1)))


def _kind(reading: CellReading, face: bool, params: Params) -> str:
    """``"cat"``, ``"tile"``, ``"hole"`` or ``"unclear"``: what a cell's reading shows.

    A cell covered by something else is the cat if it has a ``face`` and hides most of its
    tile; with a face on a tile still in sight, it is unclear (another game's mark, a start
    marker the cat is not). A face on a cell that shows mostly the page or the tiles' colour
    is no cat (a line or a button's edge grazing the cell from beyond the board). Any other
    is judged by how far it stands out from its gaps (its lift), which glare and shade leave
    truer than its colour, if its colour is the tiles' or on the way to it from the
    background (a square of another colour is unclear: another game's board). Between a
    hole's lift and a tile's, a cell whose centre is plainly the tiles' own colour is a tile
    (drop shadows in its gaps lowered its lift); with a hole's lift, such a cell is unclear
    (a hole never shows the tiles' colour), as is one that stands apart from its gaps (a
    hole looks like the page round it); one whose centre shows the background as its gaps
    do is a hole.
    """
    if reading.other >= params.covered and face and reading.tile >= params.bare:
        return "unclear"
    if reading.other >= params.cat_cover and face:
        return "cat"
    if (reading.lift >= params.lift[1] and (reading.along or reading.tile_like >= 0.5)) or (
        reading.lift > params.lift[0] and reading.tile >= params.plain
    ):
        return "tile"
    if (
        reading.lift <= params.lift[0]
        and reading.tile < params.plain
        and reading.apart < params.hole_apart
    ) or (
        reading.lift < params.lift[1]
        and reading.background >= params.plain
        and reading.apart < params.flush
    ):
        return "hole"
    return "unclear"  # (or a "hole" plainly of the tiles' colour: its gaps were not seen)


def _faint(reading: CellReading, params: Params) -> bool:
    """Whether a tile's reading may be glare fading it: it stands out little from its gaps,
    its centre is not plainly the tiles' colour (drop shadows in the gaps lower the lift of
    a tile that glare leaves alone) and not darker than it (glare adds light: a tile the
    light falls off from is shaded, not washed out)."""
    return (
        reading.lift < params.faint
        and reading.tile < params.plain
        and reading.shade > -params.shaded
    )


def _bridged(
    hole: Cell, tiles: set[Cell], readings: dict[Cell, CellReading], params: Params
) -> bool:
    """Whether ``hole`` lies between two tiles, across it in its row or column, too little
    faded for glare to have washed a tile at ``hole`` out entirely.

    A tile's fade is ``1 - lift`` (at least :attr:`Params.lift_noise`, at most 1): the share
    of a full wash-out the light added there. Glare is a smooth bump of light; for a bump
    of width ``s`` (a Gaussian's sigma), the light at the two points a pitch either side of
    a cell, multiplied, is the light at the cell squared times ``exp(-(pitch / s)^2)``,
    wherever the light's centre lies. So a tile at ``hole`` washed out entirely (a fade of 1
    at least) needs the fades of the two tiles either side to multiply to that at least.
    Glare bright enough for that is taken to fade the tiles a pitch from its centre by
    ``1 - faint`` at least (a width of 0.6 pitch at least, as :attr:`Params.faint` assumes):
    two tiles either side whose fades multiply to ``(1 - faint) ** 2`` at most bridge the
    hole: both at a lift of ``faint`` or more, or an unfaded tile opposite one faded past
    that. (Along a diagonal that bound, ``(1 - faint) ** 4``, is below the noise's.)
    """
    r, c = hole
    fades = {
        cell: min(1.0, max(params.lift_noise, 1.0 - readings[cell].lift))
        for cell in _neighbours(hole)
        if cell in tiles
    }
    return any(
        a in fades and b in fades and fades[a] * fades[b] <= (1.0 - params.faint) ** 2
        for a, b in (((r - 1, c), (r + 1, c)), ((r, c - 1), (r, c + 1)))
    )


def _kin(cell: Cell, readings: dict[Cell, CellReading], area: Area, params: Params) -> bool:
    """Whether ``cell`` (beyond ``area``) stands out from its gaps as a tile does and has the
    colour of a cell of ``area`` beside it that does too: a tile the colours missed."""
    reading = readings[cell]
    return reading.lift >= params.lift[1] and any(
        _within(n, area)
        and n in readings
        and readings[n].lift >= params.lift[1]
        and color_distance(readings[n].color, reading.color) < params.kin
        for n in _neighbours(cell)
    )


def _marked(
    tiles: set[Cell],
    others: list[Cell],
    readings: dict[Cell, CellReading],
    area: Area,
    params: Params,
) -> list[Cell]:
    """The tiles that differ from the others, in order: cells of ``others`` (not plain
    tiles) whose centre shows no background (a tile under a mark: a dot, a ring, a glyph;
    a tile filled in a colour off the way from the background to the tiles') or, within
    ``area``, still shows the tiles' own colour in part (a mark of a colour nearer the
    background's than the tiles': a hole never shows the tiles' colour) and ``tiles``
    of a colour unlike the rest (filled in a colour on that way); either must stand apart
    from its gaps as a tile does (a cell of the colour of its gaps is no tile): by its colour,
    by its lift (gaps a pixel or two wide leave few of the points sampled round it on the
    background) or by the tiles' colour it shows."""
    shown = [
        cell
        for cell in others
        if readings[cell].background < params.covered
        or (_within(cell, area) and readings[cell].tile >= params.under_mark)
    ]
    return sorted(
        cell
        for cell in {*shown, *_odd_colored(tiles, readings, params)}
        if readings[cell].apart >= params.apart
        or readings[cell].lift >= params.lift[1]
        or readings[cell].tile >= params.under_mark
    )


def _dotted(textures: dict[Cell, float], params: Params) -> list[Cell]:
    """The one tile whose centre holds a mark the others lack (a dot or a ring too small to
    keep it from reading as a plain tile: foreign screenshot 4040013), as a list; else none.
    ``textures`` are the tiles' shares of their centres far from their main colour (see
    :func:`_far`): the tile's stands :attr:`Params.cat_texture` above the median, every
    other's within half that of it."""
    if len(textures) < params.min_tiles:
        return []
    typical = float(np.median(list(textures.values())))
    marked = [cell for cell, share in textures.items() if share >= typical + params.cat_texture]
    rest = [share for cell, share in textures.items() if cell not in marked]
    if len(marked) != 1 or max(rest) >= typical + params.cat_texture / 2:
        return []
    return marked


def _odd_colored(tiles: set[Cell], readings: dict[Cell, CellReading], params: Params) -> list[Cell]:
    """The ``tiles`` outside the largest group joined by neighbours of alike colour (within
    :attr:`Params.tile_step`), in order."""
    groups: list[set[Cell]] = []
    left = set(tiles)
    while left:
        first = left.pop()
        group, todo = {first}, [first]
        while todo:
            cell = todo.pop()
            for nxt in _neighbours(cell):
                if nxt in left and (
                    color_distance(readings[cell].color, readings[nxt].color) < params.tile_step
                ):
                    left.discard(nxt)
                    group.add(nxt)
                    todo.append(nxt)
        groups.append(group)
    largest = max(groups, key=len, default=set())
    return sorted(tiles - largest)


def _two_colours(tiles: set[Cell], readings: dict[Cell, CellReading], params: Params) -> list[Cell]:
    """The smaller of two sets of ``tiles`` whose colours lie apart along their main axis of
    variation by at least half :attr:`Params.tile_step`, and by more than twice as much as
    either set's own colours spread (another game's two colour classes, too alike for
    :func:`_odd_colored`; a photo's light drifts one colour smoothly, leaving no such gap),
    each of two tiles at least, in order; or none."""
    cells = sorted(tiles)
    if len(cells) < 4:
        return []
    colors = np.array([readings[cell].color for cell in cells], np.float64)
    centred = colors - colors.mean(axis=0)
    along = centred @ np.linalg.svd(centred, full_matrices=False)[2][0]
    order = np.argsort(along)
    ranked = along[order]
    steps = np.diff(ranked)[1:-1]  # splits leaving two tiles a side at least
    cut = int(np.argmax(steps)) + 2
    gap = float(steps[cut - 2])
    spread = max(float(ranked[cut - 1] - ranked[0]), float(ranked[-1] - ranked[cut]))
    if gap < params.tile_step / 2 or gap <= 2 * spread:
        return []
    smaller = order[:cut] if cut <= len(cells) - cut else order[cut:]
    return sorted(cells[i] for i in smaller)


def _two_hues(tiles: set[Cell], readings: dict[Cell, CellReading], params: Params) -> list[Cell]:
    """The smaller of two sets of ``tiles``, two tiles each at least, whose hues (of the
    tiles :attr:`Params.hue_chroma` or more off grey) lie :attr:`Params.hues_apart` degrees
    apart or more round the hue circle, each set spanning under a third of that; or none.
    Glare washes a tile towards white without turning its hue: two colour classes of another
    game's board, too alike for :func:`_two_colours` once glare has filled the gap between
    them in lightness and chroma (pale pink and pale yellow), keep their hues apart."""
    cells = [c for c in sorted(tiles) if np.hypot(*readings[c].color[1:]) >= params.hue_chroma]
    if len(cells) < 4:
        return []
    hues = np.degrees([np.arctan2(readings[c].color[2], readings[c].color[1]) for c in cells])
    order = np.argsort(hues)
    ranked = hues[order]
    steps = np.diff(np.append(ranked, ranked[0] + 360.0))  # step k: from ranked k to k + 1
    low, high = sorted(int(k) for k in np.argsort(steps)[-2:])
    gap = float(min(steps[low], steps[high]))
    inner = order[low + 1 : high + 1]  # the arc between the two widest steps, and the rest
    outer = np.concatenate([order[high + 1 :], order[: low + 1]])
    inner_span = float(ranked[high] - ranked[low + 1])
    outer_span = 360.0 - float(steps[low] + steps[high]) - inner_span
    if (
        gap < params.hues_apart
        or min(len(inner), len(outer)) < 2
        or max(inner_span, outer_span) >= gap / 3
    ):
        return []
    return sorted(cells[i] for i in min(inner, outer, key=len))


def _twins(
    start: Cell,
    tiles: set[Cell],
    readings: dict[Cell, CellReading],
    params: Params,
    spill: float = 0.0,
) -> list[Cell]:
    """The cells read besides ``start``, in order, that are no tiles, show no background
    and have the start's colour (within :attr:`Params.tile_step`), but not flush with their
    gaps (within :attr:`Params.flush` of two of the points sampled there: such a cell shows
    the page as its gaps do, one glare lit off the background's colour, no square); of the
    start's neighbours only those whose centre is covered by ``spill`` or more (a drawn
    cat's ears and tail cover the cells beside it less than its own)."""
    color = readings[start].color
    return sorted(
        cell
        for cell, reading in readings.items()
        if cell != start
        and cell not in tiles
        and reading.background < params.covered
        and reading.apart >= params.flush
        and (cell not in _neighbours(start) or reading.other >= spill)
        and color_distance(reading.color, color) < params.tile_step
    )


def _named(cells: list[Cell], origin: Cell, params: Params) -> str:
    """``(r, c), (r, c)`` for a doubt message: the first :attr:`Params.doubt_cells` of
    ``cells``, counted from ``origin``."""
    top, left = origin
    return ", ".join(f"({r - top}, {c - left})" for r, c in cells[: params.doubt_cells])


def _within(cell: Cell, area: Area) -> bool:
    return area[0] <= cell[0] <= area[2] and area[1] <= cell[1] <= area[3]


def _in_lines(cells: set[Cell]) -> set[Cell]:
    """The ``cells`` that lie in a row or column of at least three of them, side by side."""
    return {
        (r, c)
        for r, c in cells
        for dr, dc in ((0, 1), (1, 0))
        if any(
            all((r + (start + k) * dr, c + (start + k) * dc) in cells for k in range(3))
            for start in (-2, -1, 0)
        )
    }


#: The steps to a cell's four neighbours.
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return tuple((r + dr, c + dc) for dr, dc in _STEPS)


def _around(cell: Cell) -> list[Cell]:
    """The eight cells round ``cell``."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """The picture with the path through the tile centres, numbered, start and end marked."""
    lattice = recognition.geometry
    if not isinstance(lattice, Lattice):
        raise TypeError("a one-stroke recognition carries a Lattice")
    centers = [lattice.center(cell) for cell in solution.path]
    return draw_cell_path(image, centers, lattice.cell_size())


__all__ = [
    "Board",
    "CellReading",
    "ColorField",
    "Colors",
    "Params",
    "draw",
    "find_board",
    "read_board",
    "recognize",
]
