"""Recognize a knight's-tour board: a chessboard picture with one knight on it.

1. Cheap look. The picture is reduced (long side :attr:`Params.work_side`) to grey, and
   every pixel is scored as an X-corner, where four squares meet in a chequer: the means of
   the four boxes around it are alike across each diagonal and differ along each side. Line
   grids, tiles with gaps, text and photos have few such points; fewer than a 5 x 5 board's
   16 inner corners is "not mine" within milliseconds.
2. Lattice. From the strongest corners a lattice is grown node by node (a neighbour lies one
   local step away and has the opposite polarity, since the light squares swap sides), and
   a homography from node numbers to pixels is fitted to it, so a rotated or photographed
   board is read too. The outermost inner corners lie one square inside the board's edge;
   corners on the edge line itself would mean a row was missed (the size is in doubt).
3. Squares. The board is warped to a canonical picture (:attr:`Params.square` pixels a
   square) from the full-size picture. Each square's own colour is the median of its border
   band; the squares must alternate light and dark, and the outermost ones must be of their
   colour against their neighbours further in, unless highlighted as the knight's own
   square is (else a lattice stretched over a frame may have added a row: the size is in
   doubt). The shading every square of one colour shares (3D bevels, gradients) is taken
   off. The blur of the steps between squares is measured (a photo's screen, straightened,
   has more pixels than detail). What differs from a square's colour (by more than that
   blur carries in from its neighbours), outlines closed and holes filled, is its content:
   a piece is a large, tall, solid blob near the centre that stays inside its square
   (arrows run on into the next one), is no ellipse (dots, discs and cherries are; a
   knight's head is not) and no cloud of a marble (its square's hue, within its grain); a
   coloured blob must be larger than a black or white one, as coloured marks are common;
   move numbers, dots, crosses and coordinates are small, thin or off-centre (a cross or
   a ring a photo's blur thickens keeps the square's own symmetries, unlike a piece standing
   on its base, and is lower than the knight). One piece is
   the knight; a second piece, or a mark nearly as piece-like as the knight, puts the
   reading in doubt, naming the squares. So do move numbers (a tour in progress), told
   from marks by their strokes where the blur lets them be read, and any marks beside the
   knight, two elsewhere or one two knight's moves from it where it does not.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.colors import reduce
from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from recognizer.overlay import draw_cell_path
from recognizer.recognition import Recognition
from solvers.knight import KNIGHT_STEPS, Cell, Puzzle, Solution

log = logging.getLogger(__name__)

GAME = "knight"

FloatArray = NDArray[np.float32]
Node = tuple[int, int]
"""A lattice node ``(i, j)``: ``i`` counts corners to the right, ``j`` downwards."""

#: The four lattice directions ``(di, dj)``.
DIRECTIONS: tuple[Node, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer (pixels of the reduced picture unless said otherwise)."""

    work_side: int = 640
    """The picture is reduced so that its long side is at most this for the cheap look."""
    box: int = 3
    """Side of the four boxes compared around a candidate corner (odd)."""
    gap: int = 1
    """Pixels between a corner and its boxes (the blur of the edges between squares)."""
    corner: float = 16.0
    """Least X-corner response (grey levels) of a lattice node."""
    max_peaks: int = 3000
    """At most this many of the strongest corner candidates are kept."""
    seeds: int = 150
    """The strongest corners tried as the seed of a lattice ..."""
    failed_lattices: int = 12
    """... until this many have grown to a board's size and failed their fit, or grown
    beyond the largest board (corners everywhere: a texture or noise)."""
    min_pitch: float = 6.0
    max_pitch: float = 300.0
    step_tolerance: float = 0.25
    """A node is searched within this fraction of the step around its predicted place."""
    jump_strength: float = 0.6
    """Least strength of a node found two steps away, over the hidden one, as a fraction of
    the node it is reached from."""
    fit_tolerance: float = 0.15
    """Largest distance of a node from the fitted lattice, in squares."""
    refine_window: float = 0.2
    """Half the side of the window a corner is refined in on the full picture, in squares
    (see :func:`_refined`)."""
    refine_shift: float = 0.05
    """The refined fit replaces the first where it moves a corner of the board by more
    than this fraction of a square (less is within what sampling the board flat blurs)."""
    min_side: int = 5
    max_side: int = 40
    min_fill: float = 0.8
    """Least share of the inner corners found within the lattice's extent."""
    edge_fill: float = 0.7
    """Least share of its outermost lines of inner corners found, for a certain size."""
    square: int = 48
    """Side of a square in the canonical picture of the board."""
    min_contrast: float = 22.0
    """Least grey difference between neighbouring squares."""
    min_alternation: float = 0.9
    """Least share of neighbouring pairs whose lighter square is on the expected side."""
    piece_area: float = 0.1
    """Least area of a piece, as a fraction of the square."""
    piece_height: float = 0.4
    """Least height of a piece, as a fraction of the square."""
    piece_offset: float = 0.16
    """Farthest a piece's centroid lies from its square's centre, in squares."""
    piece_solidity: float = 0.7
    """Least ratio of a piece's area to its convex hull's."""
    piece_ellipse: float = 0.94
    """Most overlap (intersection over union) of a piece with the ellipse of its own
    moments: dots, discs, cherries and rings are ellipses, a knight's head is not."""
    piece_chroma: float = 25.0
    """Farthest a piece's own pixels lie from blends of its square's colour with greys."""
    piece_crossing: float = 0.1
    """Most of a square's edge, in sides, that its content may cross into a neighbour
    (arrows and lines run across squares; pieces stand inside theirs)."""
    piece_mirror: float = 0.9
    """Most likeness of a piece to its mirror image (see :func:`_mirror_likeness`): the knight
    is the one chess piece that is not symmetric (a king, a bishop or a rook is no knight)."""
    piece_lean: float = 0.045
    """Least lean of a piece (see :func:`_lean`): a knight's head juts to one side of its
    base (0.08 and more of its width); a king's, queen's, bishop's, rook's or pawn's middle
    stays over its base's centre (under 0.025), however broken its outline in a photo."""
    piece_inks: float = 12.0
    """Farthest a piece's own pixels lie from the colours of one ink (its shades and its
    blends with its square): two marks of different colours that touch are no piece."""
    coloured_area: float = 0.15
    coloured_height: float = 0.5
    """Least area and height of a coloured piece (beyond :attr:`piece_chroma`): stricter
    than a black or white one's, as coloured marks are common."""
    letter_stems: float = 0.85
    """Least share of a letter N's rows inked in the outer 30% of its width on each side
    (its two stems) ..."""
    letter_notches: float = 0.08
    """... and least distance, in its widths, of the middle of its notch open to the top
    right of the middle of its notch open to the bottom: a letter N stands for the knight
    in many apps (Z, S, H, M, U, И and the symmetric pieces have no such stems and notches)."""
    beyond_share: float = 0.8
    """Least share of the steps between the squares of a ring of squares around the board,
    and of those from them to the board's edge squares, going the chequer's way ..."""
    beyond_step: float = 3.0
    beyond_contrast: float = 0.08
    """... by at least this many grey levels, or this fraction of the squares' contrast,
    for the chequer to go on beyond that side (a row or column missed: the size in doubt)."""
    beyond_spread: float = 0.15
    """... while they are about as even as the board's squares: their colours' spread at
    most twice the board's, or this fraction of the squares' contrast ..."""
    beyond_evenness: float = 0.5
    """... or this fraction of the steps between the ring's own squares."""
    past_rings: int = 6
    past_colour: float = 0.3
    past_known: float = 0.25
    past_contrast: float = 0.5
    """A line of squares up to this many squares beyond a side, at least this share of
    them in the picture and within this fraction of the board's two colours' distance
    from the board's squares of either colour (the rest covered: a toast, an ad strip),
    whose neighbours among those step the chequer's way by this fraction of the squares'
    contrast (as often as :attr:`beyond_share`), continues the board past what hides it
    or the lines between: the size is in doubt (a popup or an ad may hide five rows of
    a small phone's board)."""
    surround_colour: tuple[float, float] = (0.3, 1.0)
    """Farthest apart, in the board's two colours' distance, the colours of the squares just
    beyond three sides of the board are alike (a frame, a page), and nearest the fourth's
    to theirs when it is no part of that frame (a band; uneven light in a photo moves a
    frame's colour by less than the squares differ; see :func:`_unlike_surround`)."""
    margin: tuple[float, float] = (0.1, 0.3)
    """The strip just beyond a side of the board (past its edge line's blur), from and to
    these fractions of a square beyond its edge ..."""
    margin_colour: tuple[float, float] = (0.3, 0.5)
    """... is unlike the other three sides' by more than the second fraction of the
    board's two colours' distance while those are alike within the first: the side ends
    at a dialog or a band over the board, not at its frame (see :func:`_unlike_margin`)."""
    margin_apart: float = 2.0
    """... or while they lie within this fraction of its distance from them apart: on a
    board of two close colours, a photo's uneven light moves the frame's colour from side
    to side by more than the squares differ, and a white dialog lies far beyond that."""
    past_edge: float = 0.15
    """A side of the board beyond the picture's edge by more than this fraction of a square
    is cut off there (the board may go on: the size is in doubt)."""
    bare_edge: float = 0.05
    """A side of the board beyond which the picture shows less than this fraction of a
    square (the blur of its edge line) is bare: the picture ends at it."""
    dot: float = 0.8
    """A disc (see :attr:`piece_ellipse`) lower than this fraction of the tallest piece is
    a move dot, not a piece of another kind (draughts men are as tall as each other) ..."""
    squared: float = 0.9
    """... and so is a mark at least this alike to its images turned by a quarter turn and
    mirrored (see :attr:`Content.squared`: a cross, a plus, a ring), lower than that..."""
    disc_ellipse: float = 0.9
    """... or, whatever its height, as like the ellipse of its moments as this (a disc: a
    snake field's cherry, own photo 4100008; knights reach 0.91 with a symmetry of 0.85 at
    most, 0.82 with 0.94)."""
    mark_area: float = 0.015
    mark_offset: float = 0.2
    """Least area of a square's content, as a fraction of the square, and farthest its
    centroid from the square's centre, in squares, for a mark of a tour in progress."""
    doubtful: float = 0.92
    """A mark scoring this much of a piece (1) is in doubt..."""
    rival: float = 0.72
    """... and this much of the best piece's score (move dots beside a clear knight are not)."""
    number_ink: float = 22.0
    """Least distance of a move number's pixels from its square's own colour (or 4.5 times
    the square's texture), so a red number on a red square is seen ..."""
    fine_grain: float = 2.0
    grain_reach: float = 1.5
    """Where a texture's allowance is under :attr:`fine_grain` times :attr:`number_ink`
    (a photo's fine grain), a number's ink departs at least :attr:`grain_reach` times as
    far as its square colour's grain reaches inside the squares (see :func:`_ink_floor`)."""
    number_height: tuple[float, float] = (0.2, 0.6)
    number_width: float = 0.6
    number_offset: float = 0.1
    """... the height range and greatest width of its glyphs, in sides, and farthest the
    middle of their box from the square's centre ..."""
    number_stroke: float = 0.6
    """... and the widest stroke, over the glyphs' height: text is drawn in strokes, a move
    dot is as thick as it is tall (1), however blurred ..."""
    number_upright: float = 0.9
    """... unless no wider than this share of its height (one digit, a bar when blurred;
    a dot is as wide as tall) ..."""
    number_symmetry: float = 0.9
    """... and that is less like its mirror image than this across one of its axes (see
    :func:`_symmetry`), unlike a cross, a plus or a ring ..."""
    number_alike: float = 40.0
    """Farthest apart the median colours of the numbers of one tour lie (one ink)."""
    number_cell: float = 20.0
    """... on squares of at least this many pixels of the picture read, whose edges blur
    over at most :attr:`number_blur`; on smaller or blurred ones (a small screen in a
    photo, straightened: more pixels than detail) a number blurs into a blob, and any
    such mark counts unless every square the knight can reach holds one (move dots)."""
    number_blur: float = 0.12
    """Widest blur of the steps between squares (see :func:`_blur`), in sides, on which
    numbers are read by their strokes: their glyphs' strokes are about a tenth as wide."""
    band_share: float = 0.9
    band_width: float = 0.35
    """Least share of a line of pixels across a square foreign, and least width of such
    lines together, in sides, for a band over the board (see :func:`_cut_by_band`)."""


PARAMS = Params()


@dataclass(frozen=True)
class Corners:
    """X-corner candidates of the reduced picture.

    Parameters
    ----------
    points : (N, 2) float array
        Their ``(x, y)`` in reduced pixels, strongest first.
    strength : (N,) float array
        Their responses (grey levels).
    polarity : (N,) int array
        +1 when the top-left and bottom-right squares are the light ones, else -1.
    index : (H, W) int array
        The candidate's number at its pixel, -1 elsewhere (for neighbourhood look-ups).
    response : (H, W) float array
        The X-corner response of every pixel (0 where not X-like).
    """

    points: NDArray[np.float64]
    strength: FloatArray
    polarity: NDArray[np.int8]
    index: NDArray[np.int32]
    response: FloatArray


@dataclass(frozen=True)
class Board:
    """A lattice of inner corners: the fitted map and the nodes found."""

    homography: NDArray[np.float64]
    """3x3 map from ``(i, j, 1)`` node coordinates to reduced pixels."""
    nodes: dict[Node, int]
    """Each node's corner candidate."""
    left: int
    top: int
    right: int
    bottom: int
    """The extent of the nodes (inclusive)."""
    grown: dict[Node, int]
    """The nodes as grown, before outliers and sparse outer lines were dropped."""

    @property
    def rows(self) -> int:
        """Squares down the board (one more than rows of inner corners)."""
        return self.bottom - self.top + 2

    @property
    def cols(self) -> int:
        """Squares across the board."""
        return self.right - self.left + 2


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Find a chessboard with one knight in ``image``.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The screenshot, or a (rectified) photo of a screen.
    params : Params
        Tuning.

    Returns
    -------
    Recognition
        With a :class:`solvers.knight.Puzzle` and a :class:`Lattice` in the picture's
        pixels; not confident, with the squares in doubt, when the knight or the board's
        size is uncertain; or a refusal with the reason.
    """
    if image.ndim != 3 or image.shape[2] != 3 or min(image.shape[:2]) < 32:
        return Recognition.nothing(GAME, "not an RGB picture of a usable size")
    full = np.asarray(cv2.cvtColor(image, cv2.COLOR_RGB2GRAY), np.uint8)
    small, scale = reduce(full, params.work_side)
    grey = np.asarray(small, np.float32)
    corners = find_corners(grey, params)
    if len(corners.points) < (params.min_side - 1) ** 2:
        return Recognition.nothing(GAME, "too few chequer corners for a board")
    board = find_board(corners, params)
    if isinstance(board, str):
        return Recognition.nothing(GAME, board)
    corners, board = _refined(full, scale, corners, board, params)
    whole = _board_reading(image, board, corners, scale, params)
    unbroken = _unbroken(board.grown)
    part = None if len(unbroken) == len(board.grown) else _fit(corners, unbroken, params)
    if part is None:
        return whole
    # a lattice across a line holding no corner is one board under a strip hiding that
    # line, or a board and stray corners jumped to beyond its edge: the reading whose
    # edges are clean is the board's
    parted = _board_reading(image, part, corners, scale, params)
    if whole.confident and parted.confident and whole.puzzle != parted.puzzle:
        return Recognition(
            GAME, None, 0.3, whole.geometry,
            ("board size in doubt: a line of the lattice holds no chequer corner",),
        )  # fmt: skip
    return parted if parted.confident else whole


def _board_reading(
    image: RGBImage, board: Board, corners: Corners, scale: float, params: Params
) -> Recognition:
    """The recognition of ``board`` (in the picture reduced by ``scale``) in ``image``."""
    lattice = _board_lattice(board, scale)
    # the board with rings of squares around it, to see whether the chequer goes on
    s, rings = params.square, params.past_rings
    around = _board_lattice(board, scale, ring=rings)
    wide = canonical_board(image, around, s)
    picture = wide[rings * s : -rings * s, rings * s : -rings * s]
    ringed = _square_colours(wide, around.rows, around.cols, s)
    colours = ringed.inside(rings)
    contrast, alternation = _alternation(colours)
    if contrast < params.min_contrast or alternation < params.min_alternation:
        return Recognition.nothing(
            GAME,
            f"squares do not alternate light and dark (contrast {contrast:.0f}, "
            f"{alternation:.0%} of neighbours)",
        )
    blur = _blur(picture, board.rows, board.cols, s)
    fine = lattice.cell_size() >= params.number_cell and blur <= params.number_blur
    squares = piece_scores(picture, colours, contrast, params, blur, not fine)
    scores, _, marks, _, _ = squares
    pieces = np.argwhere(scores >= 1.0)
    knight = (int(pieces[0][0]), int(pieces[0][1])) if len(pieces) == 1 else None
    numbers = [] if knight is None else move_numbers(picture, colours, knight, fine, marks, params)
    beyond = _chequer_beyond(ringed.inside(rings - 1), contrast, params)
    beyond |= _chequer_past(ringed, _shown(around, image.shape), contrast, params)
    beyond |= _cut(lattice, image.shape, params)
    bare = _cut(lattice, image.shape, params, margin=params.bare_edge)
    margins = _margins(wide, ringed, bare, params)
    if not _framed(margins, ringed, params):
        beyond |= _unlike_surround(ringed, bare, params)
    beyond |= _unlike_margin(margins, ringed, params)
    edge = _edge_doubt(board, corners, _squares_off(colours, knight, params), beyond, params)
    return _reading(board, lattice, squares, numbers, edge, params)


def _reading(
    board: Board,
    lattice: Lattice,
    squares: Squares,
    numbers: list[Cell],
    edge: str | None,
    params: Params,
) -> Recognition:
    """The recognition from what the squares hold (see :func:`piece_scores`), the squares
    holding move numbers (see :func:`move_numbers`) and any doubt about the edges. Besides
    the knight, a shape of a piece's size (a disc, two marks in one) is in doubt: a board
    of other pieces (draughts) is no knight's tour, however knight-like one of them looks.
    So are move numbers, or marks leading to the knight by knight moves: a tour in
    progress; and squares a band over the board cuts (what they hold is partly hidden)."""
    scores, sizes, marks, inks, cut = squares
    pieces = [(int(r), int(c)) for r, c in np.argwhere(scores >= 1.0)]
    least = max(params.doubtful, params.rival * float(scores.max()))
    unsure = [
        (int(r), int(c)) for r, c in np.argwhere(((scores >= least) | (sizes >= 1)) & (scores < 1))
    ]
    hinted = _hinted(pieces[0], scores, inks, params) if len(pieces) == 1 else set()
    unsure = [cell for cell in unsure if cell not in hinted]
    size = f"{board.rows}x{board.cols} board"
    doubts: list[str] = []
    if len(pieces) != 1:
        what = "no piece" if not pieces else f"{len(pieces)} pieces"
        doubts.append(f"{size} with {what}: which square holds the knight is in doubt")
        if pieces or unsure:
            doubts.append(f"squares in doubt: {_cells(pieces + unsure)}")
    elif unsure:
        doubts.append(f"marks on {_cells(unsure)} might be the knight")
    if numbers:
        doubts.append(f"a tour in progress? move numbers on {_cells(numbers)}")
    elif len(pieces) == 1 and (walk := _walk_to(pieces[0], marks, inks, hinted, params)):
        doubts.append(f"a tour in progress? marks on {_cells(walk)} lead to the knight")
    if edge is not None:
        doubts.append(edge)
    if cut.any():
        cells = [(int(r), int(c)) for r, c in np.argwhere(cut)]
        doubts.append(f"squares cut by a band over the board: {_cells(cells)}")
    if len(pieces) != 1:
        return Recognition(GAME, None, 0.3 if pieces else 0.1, lattice, tuple(doubts))
    puzzle = Puzzle(board.rows, board.cols, pieces[0])
    confidence = 0.35 if doubts else 0.9
    log.debug("knight: %s, knight on %s, doubts %s", size, pieces[0], doubts)
    return Recognition(GAME, puzzle, confidence, lattice, tuple(doubts))


def _hinted(
    knight: Cell, scores: NDArray[np.float64], inks: FloatArray, params: Params = PARAMS
) -> set[Cell]:
    """The squares a knight's move from ``knight`` holding move hints: most of them hold
    something (see :func:`_hints`) of one ink (within :attr:`Params.number_alike` of their
    median colour): an app's dots where the knight may go, however piece-sized or out of
    round a photo makes one (a rival piece stands among them as a piece, not a mark)."""
    reach = _knight_moves(knight, scores.shape)
    held = [cell for cell in reach if scores[cell] > 0]
    if not held:
        return set()
    middle = np.median([inks[cell] for cell in held], axis=0)
    alike = {cell for cell in held if np.linalg.norm(inks[cell] - middle) <= params.number_alike}
    return alike if _hints(len(alike), len(reach)) else set()


def _walk_to(
    knight: Cell,
    marks: NDArray[np.bool_],
    inks: FloatArray,
    hinted: set[Cell],
    params: Params = PARAMS,
) -> list[Cell]:
    """Two marked squares a knight's move apart, the second a knight's move from the
    knight (the last steps of a tour in progress), their marks of one ink (their median
    colours ``inks`` within :attr:`Params.number_alike`: a tour marks its squares alike,
    a cross beside a cloud of a marble is no tour), or none; none when the marks beside
    the knight are move hints (see :func:`_hints`: dots blurred out of round in a photo),
    and the second is none of the ``hinted`` squares (see :func:`_hinted`: a hint dot
    on a textured square may be out of round too, and so a mark)."""
    reach = _knight_moves(knight, marks.shape)
    if _hints(sum(bool(marks[cell]) for cell in reach), len(reach)):
        return []
    for last in reach:
        before = [
            cell
            for cell in _knight_moves(last, marks.shape)
            if cell != knight
            and marks[cell]
            and np.linalg.norm(inks[cell] - inks[last]) <= params.number_alike
        ]
        if marks[last] and last not in hinted and before:
            return [before[0], last]
    return []


def _knight_moves(cell: Cell, shape: tuple[int, ...]) -> list[Cell]:
    """The squares of a ``(rows, cols)`` board a knight's move from ``cell``."""
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in KNIGHT_STEPS
        if 0 <= r + dr < shape[0] and 0 <= c + dc < shape[1]
    ]


def move_numbers(
    picture: FloatArray,
    colours: SquareColours,
    knight: Cell,
    strokes: bool,
    marks: NDArray[np.bool_],
    params: Params = PARAMS,
) -> list[Cell]:
    """Squares holding move numbers: those a knight's move from ``knight`` (the last
    square of a tour in progress lies there), else three a knight's move apart in a row
    (its earlier squares, when the last is hidden), else two every second square of one
    (see below), or none.

    A number's glyphs are told from the square's own colour (not the board's two colours:
    a red number on a red square is seen) and, with ``strokes`` (squares large enough),
    from a move dot by their strokes' width or upright shape (see :attr:`Params.number_stroke`,
    :attr:`Params.number_upright`); without, any centred mark of a label's size beside
    the knight counts (and any of the squares' ``marks``, see :func:`piece_scores`), and
    so do any two marks elsewhere (a tour's numbers blurred past reading: rows of three
    are not looked for). None beside the knight count when they are move hints (see
    :func:`_hints`). The numbers of a row of three
    are drawn in one ink (:attr:`Params.number_alike`). A tour may show only every second
    number (those in between lost on squares of their ink's colour, or in a photo's
    grain): two numbers of one ink two knight's moves apart, the later two moves from
    ``knight``, count too."""
    s = params.square
    shape = colours.spread.shape
    squares = _squares(picture, shape[0], shape[1], s)
    reach = _knight_moves(knight, shape)
    departure = np.linalg.norm(squares - colours.base[:, :, None, None], axis=4)
    floor = _ink_floor(departure, colours.spread, params)
    inked = (departure > floor[:, :, None, None]).sum(axis=(2, 3)) >= params.mark_area * s * s

    grain = _grain(colours)

    def ink(cell: Cell, shaped: bool) -> FloatArray | None:
        base, spread = colours.base[cell], float(colours.spread[cell])
        found = (
            _number_ink(squares[cell], base, (float(floor[cell]), spread), shaped, params)
            if inked[cell]
            else None
        )
        if found is None or _in_grain(found, base, grain[cell], params):
            return None
        return found

    def beside(cell: Cell, shaped: bool) -> bool:
        return ink(cell, shaped) is not None or (not strokes and bool(marks[cell]))

    hints = _hints(sum(beside(cell, False) for cell in reach), len(reach))
    inked_beside = [] if hints else [cell for cell in reach if beside(cell, strokes)]
    if inked_beside:
        return inked_beside
    if not strokes:
        # too blurred to tell numbers from other marks: any two may be a tour's, and so
        # may one two knight's moves from the knight (every second number seen, as below:
        # blurred, the one between may be lost)
        elsewhere = [
            (int(r), int(c))
            for r, c in np.argwhere(marks)
            if (r, c) != knight and not (hints and (r, c) in reach)
        ]
        second = [cell for cell in elsewhere if cell in _two_moves(knight, shape)]
        return elsewhere if len(elsewhere) >= 2 else second
    inks: dict[Cell, FloatArray] = {}
    for r, c in np.argwhere(inked) if strokes else []:
        found = ink((int(r), int(c)), True)
        if found is not None:
            inks[int(r), int(c)] = found
    for cell in inks:
        # one tour's numbers are drawn in one ink
        links = [
            other
            for other in _knight_moves(cell, shape)
            if other in inks and np.linalg.norm(inks[other] - inks[cell]) <= params.number_alike
        ]
        if (
            len(links) >= 2
            and np.linalg.norm(inks[links[0]] - inks[links[1]]) <= params.number_alike
        ):
            return [links[0], cell, links[1]]
    # the numbers in between may be lost (on squares of their ink's colour, a knight's move
    # changing the square's colour, or in a photo's grain): every second number shows, two
    # moves apart, the last two moves from the knight
    for last in _two_moves(knight, shape):
        if (late := ink(last, strokes)) is None:
            continue
        for first in _two_moves(last, shape) - {knight}:
            early = ink(first, strokes)
            if early is not None and np.linalg.norm(early - late) <= params.number_alike:
                return [first, last]
    return []


def _ink_floor(departure: FloatArray, spread: FloatArray, params: Params) -> FloatArray:
    """``(rows, cols)``: the least departure of a number's ink from each square's colour
    (its squares' pixels' ``departure``, ``(rows, cols, s, s)``): :attr:`Params.number_ink`,
    and beyond its texture (see :func:`_texture_reach`)."""
    reach = _texture_reach(departure, spread, params)
    return np.asarray(np.maximum(params.number_ink, reach), np.float32)


def _texture_reach(departure: FloatArray, spread: FloatArray, params: Params) -> FloatArray:
    """``(rows, cols)``: how far each square's texture may depart from its colour (its
    pixels' ``departure``, ``(rows, cols, s, s)``): 4.5 times its band's ``spread``
    (marble's veins reach as far), but, on a fine grain (that allowance for its colour's
    median square under :attr:`Params.fine_grain` times :attr:`Params.number_ink`: a
    photo's noise; marble's veins depart much further), no more than
    :attr:`Params.grain_reach` times how far the grain of its colour reaches inside the
    squares (see :func:`_inner_reach`). A photo's fine grain reaches little beyond its
    median, and its blur carries the neighbours' colour into the band: a faint number,
    or a piece's blurred rim, is lost under 4.5 times that band's spread."""
    inner = _inner_reach(departure, params)
    band = 4.5 * spread
    fine = 4.5 * _class_median(spread) <= params.fine_grain * params.number_ink
    capped = np.where(fine, np.minimum(band, params.grain_reach * inner), band)
    return np.asarray(capped, np.float32)


def _inner_reach(departure: FloatArray, params: Params) -> FloatArray:
    """``(rows, cols)``: how far the grain of each square's colour departs from it inside
    the squares: the 99th percentile of the departures ``(rows, cols, s, s)`` in their
    middles (clear of their edges' blur by :attr:`Params.number_blur`), the median over the
    squares of that colour (marks and pieces on a few do not move it)."""
    s = departure.shape[2]
    clear = round(params.number_blur * s) + 1
    middles = departure[:, :, clear:-clear, clear:-clear]
    tails = np.percentile(middles.reshape(*middles.shape[:2], -1), 99, axis=2)
    return np.asarray(_class_median(tails), np.float32)


def _hints(marked: int, reach: int) -> bool:
    """Whether marks on ``marked`` of the ``reach`` squares a knight can go to are move
    hints: on every one, or on most (a faint dot is lost on a textured square), three at
    least (a tour in progress marks one or two of them: its last square, and one it
    passed)."""
    return marked == reach or marked >= max(3, 0.5 * reach + 0.5)


def _grain(colours: SquareColours) -> FloatArray:
    """``(rows, cols, 2)``: the grey range the grain of each square's colour reaches about
    its own grey, the median 2nd and 98th percentiles of the bands of the squares of that
    colour less their own grey (a square showing little of its marble or wood in its band
    may show more inside; a photo's light varies from square to square)."""
    level = colours.base.mean(axis=2)
    reach = _class_median(np.stack([colours.low - level, colours.high - level], axis=2))
    return np.asarray(reach + level[:, :, None], np.float32)


def _class_colours(colours: SquareColours) -> FloatArray:
    """``(rows, cols, 3)``: the median colour of each square's colour class (a mark or an
    arrow in one square's band moves its own)."""
    return np.asarray(_class_median(colours.base), np.float32)


def _class_median(values: FloatArray) -> FloatArray:
    """``values`` of the squares (``(rows, cols, ...)``), each replaced by the median of
    its colour class's (the squares of its parity)."""
    parity = np.indices(values.shape[:2]).sum(axis=0) % 2
    return np.array([np.median(values[parity == k], axis=0) for k in (0, 1)])[parity]


def _in_grain(ink: FloatArray, base: FloatArray, grain: FloatArray, params: Params) -> bool:
    """Whether an ink is the square's own colour lighter or darker (within
    :attr:`Params.number_ink`) by no more than its colour's grain reaches (see
    :func:`_grain`): a cloud of a marble, no number."""
    shift = ink - base
    hue = float(np.linalg.norm(shift - shift.mean()))
    return hue <= params.number_ink and grain[0] <= float(ink.mean()) <= grain[1]


def _two_moves(cell: Cell, shape: tuple[int, ...]) -> set[Cell]:
    """The squares of a ``(rows, cols)`` board two knight's moves from ``cell``."""
    return {far for near in _knight_moves(cell, shape) for far in _knight_moves(near, shape)} - {
        cell
    }


def _number_ink(
    square: FloatArray,
    base: FloatArray,
    departs: tuple[float, float],
    strokes: bool,
    params: Params,
) -> FloatArray | None:
    """The colour of the glyphs an ``(s, s, 3)`` square of colour ``base`` holds, its ink
    departing by ``departs[0]`` (see :func:`_ink_floor`) on a texture of spread
    ``departs[1]``, when they are shaped as a number (see :func:`move_numbers`),
    else ``None``: what departs from its colour and stays clear of its edges (arrows and
    highlights run to them) is of a label's height, centred, and (with ``strokes``) drawn
    in strokes.

    Examples
    --------
    >>> square = np.full((48, 48, 3), 200.0, np.float32)
    >>> one = square.copy()
    >>> one[14:34, 22:26] = one[14:17, 19:23] = one[31:34, 18:30] = 60.0
    >>> dot = square.copy()
    >>> yy, xx = np.mgrid[0:48, 0:48]
    >>> dot[(yy - 24) ** 2 + (xx - 24) ** 2 <= 49] = 60.0
    >>> base = np.full(3, 200.0, np.float32)
    >>> [_number_ink(x, base, (22.0, 2.0), True, PARAMS) for x in (one, dot, square)]
    [array([60., 60., 60.], dtype=float32), None, None]
    >>> _number_ink(dot, base, (22.0, 2.0), False, PARAMS)
    array([60., 60., 60.], dtype=float32)
    """
    s = square.shape[0]
    floor, spread = departs
    departure = np.linalg.norm(square - base, axis=2)
    # what departs beyond the texture's band allowance, else (a faint number in a photo's
    # fine grain) beyond ``floor``
    found = _clear_parts(departure > max(params.number_ink, 4.5 * spread))
    if found.sum() < params.mark_area * s * s:
        found = _clear_parts(departure > floor)
    if found.sum() < params.mark_area * s * s:
        return None
    # its shape is where it departs by half its peak or more (its full width at half
    # maximum, whatever its contrast): a faint translucent dot found in patches is whole,
    # a blurred glyph's rim is left out
    half = max(0.5 * float(np.percentile(departure[found], 90)), 3 * spread)
    _, labels = cv2.connectedComponents(_clear_parts(departure > half).astype(np.uint8))
    parts = np.unique(labels[found])
    glyphs = np.isin(labels, parts[parts > 0])
    if not glyphs.any():
        glyphs = found
    ys, xs = np.nonzero(glyphs)
    height, width = int(ys.max() - ys.min() + 1), int(xs.max() - xs.min() + 1)
    middle = np.array([xs.max() + xs.min(), ys.max() + ys.min()]) / 2 - (s - 1) / 2
    # a faint translucent dot is found in patches: closed, it is as thick as it is tall
    solid = cv2.morphologyEx(
        glyphs.astype(np.uint8),
        cv2.MORPH_CLOSE,
        cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)),
    )
    stroke = 2 * float(cv2.distanceTransform(solid, cv2.DIST_L2, 3).max())
    # one digit is taller than wide, however blurred; dots, crosses and rings are not
    upright = width <= params.number_upright * height
    low, high = params.number_height
    if not (
        low * s <= height <= high * s
        and width <= params.number_width * s
        and float(np.hypot(*middle)) <= params.number_offset * s
        and (not strokes or upright or stroke <= params.number_stroke * height)
    ):
        return None
    # a cross, a ring or a plus is its own mirror image both ways; numbers are not
    plain = np.ones((s, s, 1), np.float32)
    if (
        strokes
        and not upright
        and min(_symmetry(glyphs, plain), _symmetry(glyphs.T, plain)) >= params.number_symmetry
    ):
        return None
    # the ink is where it departs most from the square (its edges blend into the square)
    pixels = square[glyphs]
    far = np.linalg.norm(pixels - base, axis=1)
    return np.asarray(np.median(pixels[far >= np.percentile(far, 75)], axis=0), np.float32)


def _clear_parts(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The parts of a square's mask (of three pixels at least) clear of its edges (arrows
    and highlights run to them)."""
    s = mask.shape[0]
    _, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8), connectivity=8)
    band = round(0.08 * s)
    x, y, w, h = (stats[:, k] for k in range(4))
    clear = (x >= band) & (y >= band) & (x + w <= s - band) & (y + h <= s - band)
    return np.isin(labels, np.flatnonzero(clear[1:] & (stats[1:, cv2.CC_STAT_AREA] >= 3)) + 1)


def _cells(cells: list[Cell]) -> str:
    """``(r, c), (r, c)`` for a doubt message."""
    return ", ".join(f"({r}, {c})" for r, c in cells)


# ----------------------------------------------------------------------------- corners


def find_corners(grey: FloatArray, params: Params = PARAMS) -> Corners:
    """The X-corner candidates of a grey picture, strongest first.

    A corner between pixels ``x - 1`` and ``x`` (and rows ``y - 1`` and ``y``) compares the
    means of the four ``box`` x ``box`` boxes around it (``gap`` pixels off): in a chequer
    the two diagonal pairs are alike and each side differs; the response is the smallest
    side difference less half the diagonal differences.

    Examples
    --------
    >>> board = np.kron((np.indices((6, 6)).sum(0) % 2) * 200.0, np.ones((10, 10)))
    >>> len(find_corners(board.astype(np.float32)).points)
    25
    """
    # the boxes' centres lie `d` pixels beyond the pixel pair at the corner, so a blurred
    # edge between the squares does not dim them
    d = params.box // 2 + params.gap
    mean = np.asarray(cv2.blur(grey, (params.box, params.box)), np.float32)
    h, w = mean.shape
    span = 2 * d + 1
    if h <= span + 4 or w <= span + 4:
        empty = np.zeros((0, 2))
        return Corners(
            empty, np.zeros(0, np.float32), np.zeros(0, np.int8), np.full((h, w), -1, np.int32),
            np.zeros((h, w), np.float32),
        )  # fmt: skip
    tl, tr = mean[: h - span, : w - span], mean[: h - span, span:]
    bl, br = mean[span:, : w - span], mean[span:, span:]
    # OpenCV's element-wise arithmetic: several times faster than numpy's on these views
    a, b, c, e = (
        cv2.subtract(tl, tr),
        cv2.subtract(br, bl),
        cv2.subtract(tl, bl),
        cv2.subtract(br, tr),
    )
    light = cv2.min(cv2.min(a, b), cv2.min(c, e))  # > 0: top-left, bottom-right lighter
    dark = -cv2.max(cv2.max(a, b), cv2.max(c, e))  # > 0: the other diagonal lighter
    penalty = cv2.addWeighted(cv2.absdiff(tl, br), 0.5, cv2.absdiff(tr, bl), 0.5, 0.0)
    inner = cv2.subtract(cv2.max(light, dark), penalty)
    response = np.zeros((h, w), np.float32)
    # inner[y, x] belongs to the corner between pixels x + d and x + d + 1 (and rows alike)
    response[d + 1 : h - d, d + 1 : w - d] = np.maximum(inner, 0)
    # a sharp corner scores alike a pixel either way (the boxes stay in their squares):
    # a touch of the smoothed response puts the peak in the middle of that plateau
    rank = response + 0.05 * np.asarray(cv2.blur(response, (3, 3)), np.float32)
    peak = (rank >= cv2.dilate(rank, np.ones((5, 5), np.uint8))) & (response > params.corner)
    ys, xs = np.nonzero(peak)
    strength = response[ys, xs]
    order = np.argsort(-strength, kind="stable")[: params.max_peaks]
    ys, xs, strength = ys[order], xs[order], strength[order]
    polarity = np.where(light[ys - d - 1, xs - d - 1] > 0, np.int8(1), np.int8(-1)).astype(np.int8)
    index = np.full((h, w), -1, np.int32)
    index[ys, xs] = np.arange(len(ys), dtype=np.int32)
    points = np.column_stack([xs, ys]).astype(np.float64) - 0.5
    points += _subpixel(rank, xs, ys)
    return Corners(points, strength, polarity, index, response)


def _subpixel(
    response: FloatArray, xs: NDArray[np.intp], ys: NDArray[np.intp]
) -> NDArray[np.float64]:
    """Parabolic refinement of peaks ``(xs, ys)`` of ``response``, as ``(N, 2)`` offsets."""
    h, w = response.shape
    x0, x1, x2 = np.clip(xs - 1, 0, w - 1), xs, np.clip(xs + 1, 0, w - 1)
    y0, y1, y2 = np.clip(ys - 1, 0, h - 1), ys, np.clip(ys + 1, 0, h - 1)
    out = np.zeros((len(xs), 2))
    for axis, (a, b, c) in enumerate(
        ((response[y1, x0], response[y1, x1], response[y1, x2]),
         (response[y0, x1], response[y1, x1], response[y2, x1]))
    ):  # fmt: skip
        curve = a - 2 * b + c
        safe = np.where(curve < -1e-6, curve, -1.0)
        out[:, axis] = np.where(curve < -1e-6, np.clip(0.5 * (a - c) / safe, -0.5, 0.5), 0.0)
    return out


# ----------------------------------------------------------------------------- lattice


def find_board(corners: Corners, params: Params = PARAMS) -> Board | str:
    """The largest lattice of chequer corners grown from the strongest ones, or the reason
    there is none."""
    best: Board | None = None
    taken: set[int] = set()
    failed = 0
    # where lattices failed, and within what distance of each a seed is the same place
    failures: list[tuple[NDArray[np.float64], float]] = []
    for seed in range(min(params.seeds, len(corners.points))):
        if seed in taken or failed >= params.failed_lattices:
            continue
        here = corners.points[seed]
        # a mark's several corner peaks (a cross, a digit) seed lattices that fail alike:
        # until a board is found, a seed within the step tolerance of a failed lattice's
        # seed (grown as that one's node) is not tried again, so a few marks stronger than
        # the board's corners do not use up the failures a texture's corners everywhere
        # run into (past a board, as before: a wallpaper's faint chequer is no larger one)
        if best is None and any(np.hypot(*(here - at)) <= r for at, r in failures):
            continue
        for step in _first_steps(corners, seed, params):
            nodes = _grow(corners, seed, step, params)
            # stray corners jumped to beyond the board's edge (a line holding none between)
            # may leave the whole too sparse: then its part holding most corners is fitted
            board = None if nodes is None else _fit(corners, nodes, params)
            if board is None and nodes is not None and len(part := _unbroken(nodes)) < len(nodes):
                board = _fit(corners, part, params)
            if board is not None:
                taken.update(board.nodes.values())
                if best is None or len(board.nodes) > len(best.nodes):
                    best = board
                break
            if nodes is None or len(nodes) >= (params.min_side - 1) ** 2:
                failed += 1
                failures.append((here, params.step_tolerance * float(np.hypot(*step))))
    if best is None:
        if failed >= params.failed_lattices:
            return "chequer corners everywhere (a texture or noise), no board"
        return "no lattice of chequer corners"
    if max(best.rows, best.cols) > params.max_side:
        return f"chequer of {best.rows}x{best.cols} squares is too large for a board"
    if min(best.rows, best.cols) < params.min_side:
        return f"chequer of {best.rows}x{best.cols} squares is too small for a board"
    return best


def _first_steps(corners: Corners, seed: int, params: Params) -> list[NDArray[np.float64]]:
    """Candidate steps to the seed's right-hand neighbour (nearest first, at most three)."""
    delta = corners.points - corners.points[seed]
    ok = (
        (corners.polarity != corners.polarity[seed])
        & (delta[:, 0] >= params.min_pitch)
        & (delta[:, 0] <= params.max_pitch)
        & (np.abs(delta[:, 1]) <= 0.4 * delta[:, 0])
    )
    near = np.flatnonzero(ok)
    near = near[np.argsort(delta[near, 0])][:3]
    return [delta[i] for i in near]


def _grow(
    corners: Corners, seed: int, first: NDArray[np.float64], params: Params
) -> dict[Node, int] | None:
    """The nodes reachable from ``seed`` by steps of about ``first`` (right) and its
    perpendicular (down), each with the polarity its parity asks for; ``None`` once they
    are more than the largest board has (corners everywhere: a texture or noise)."""
    points = corners.points
    steps = {(1, 0): first, (0, 1): np.array([-first[1], first[0]])}
    nodes: dict[Node, int] = {(0, 0): seed}
    used = {seed}
    queue = deque([(0, 0)])
    limit = 2 * params.max_side
    most = (params.max_side - 1) ** 2
    while queue:
        node = queue.popleft()
        here = points[nodes[node]]
        for di, dj in DIRECTIONS:
            target = (node[0] + di, node[1] + dj)
            if target in nodes or abs(target[0]) > limit or abs(target[1]) > limit:
                continue
            step = _local_step(points, nodes, node, (di, dj), steps)
            radius = params.step_tolerance * float(np.hypot(*step))
            # a corner hidden under an arrow or a mark is jumped: the one beyond it, if
            # about as strong as this one, is looked for (so a line across the board does
            # not cut the lattice in two; weaker stray corners beyond its edge are not)
            for hops in (1, 2):
                at = (node[0] + hops * di, node[1] + hops * dj)
                if at in nodes:
                    break
                want = corners.polarity[seed] * (1 if (at[0] + at[1]) % 2 == 0 else -1)
                found = _near(corners, here + hops * step, radius, want)
                if (
                    hops == 2
                    and found is not None
                    and corners.strength[found]
                    < (params.jump_strength * corners.strength[nodes[node]])
                ):
                    break
                if found is not None and found not in used:
                    nodes[at] = found
                    used.add(found)
                    queue.append(at)
                    break
        if len(nodes) > most:
            return None
        if node == (0, 0) and len(nodes) < 4:
            return nodes  # a board's corner has at least three of its four neighbours
    return nodes


def _local_step(
    points: NDArray[np.float64],
    nodes: dict[Node, int],
    node: Node,
    direction: Node,
    steps: dict[Node, NDArray[np.float64]],
) -> NDArray[np.float64]:
    """The step from ``node`` in ``direction``, from the nearest known pair of nodes."""
    di, dj = direction
    back = (node[0] - di, node[1] - dj)
    if back in nodes:
        return points[nodes[node]] - points[nodes[back]]
    for side in ((dj, di), (-dj, -di)):
        a = (node[0] + side[0], node[1] + side[1])
        b = (a[0] + di, a[1] + dj)
        if a in nodes and b in nodes:
            return points[nodes[b]] - points[nodes[a]]
    sign = di + dj
    return sign * steps[(abs(di), abs(dj))]


def _near(corners: Corners, at: NDArray[np.float64], radius: float, polarity: int) -> int | None:
    """The strongest candidate of ``polarity`` within ``radius`` of ``at``."""
    x, y = round(float(at[0])), round(float(at[1]))
    r = max(1, round(radius))
    window = corners.index[max(0, y - r) : max(0, y + r + 1), max(0, x - r) : max(0, x + r + 1)]
    found = window[window >= 0]
    found = found[corners.polarity[found] == polarity]
    if found.size == 0:
        return None
    return int(found.min())  # candidates are numbered strongest first


def _fit(corners: Corners, nodes: dict[Node, int], params: Params) -> Board | None:
    """The homography of a grown lattice, without its outliers; ``None`` when the lattice
    is too small, too sparse or not straight."""
    least = (params.min_side - 1) ** 2
    grown = nodes
    for _ in range(3):
        if len(nodes) < least:
            return None
        grid = np.array(list(nodes), np.float64)
        pixels = corners.points[list(nodes.values())]
        found, _ = cv2.findHomography(grid, pixels, 0)
        if found is None:
            return None
        homography = np.asarray(found, np.float64)
        projected = cv2.perspectiveTransform(grid[None], homography)[0]
        pitch = _pitch(homography, grid)
        if not pitch > 0:
            return None  # a degenerate map (the nodes on one line)
        error = np.linalg.norm(projected - pixels, axis=1) / pitch
        if error.max() <= params.fit_tolerance:
            break
        keep = error <= params.fit_tolerance
        nodes = {n: v for (n, v), ok in zip(nodes.items(), keep, strict=True) if ok}
    else:
        return None
    left, top, right, bottom = _trimmed_extent(set(nodes), 0.5)
    nodes = {n: v for n, v in nodes.items() if left <= n[0] <= right and top <= n[1] <= bottom}
    if len(nodes) < max(least, params.min_fill * (right - left + 1) * (bottom - top + 1)):
        return None
    return Board(homography, nodes, left, top, right, bottom, grown)


def _refined(
    full: NDArray[np.uint8], scale: float, corners: Corners, board: Board, params: Params
) -> tuple[Corners, Board]:
    """The corners of ``board``'s lattice as grown, placed to a fraction of a pixel of the
    full grey picture (cv2.cornerSubPix: the saddle of a chequer corner), and the board
    fitted to them. Found in the reduced picture, they lie a pixel of it off at times (a
    grain or a blur moves a corner's peak), which on small squares there is a tenth of a
    square: fitted over a few rows, the map's projective terms then slant its edges by as
    much, and what lies just beyond them (a frame, a page) is misread. The search window
    stays within :attr:`Params.refine_window` of a square (no other corner or edge in it);
    a corner that runs off it (no saddle there) keeps its place. The first fit stands
    unless the refined one, of the same nodes, moves a corner of the board by more than
    :attr:`Params.refine_shift` of a square."""
    ids = np.array(sorted(set(board.grown.values())), np.intp)
    pitch = _pitch(board.homography, np.array(list(board.nodes), np.float64)) / scale
    half = min(round(params.refine_window * pitch), math.ceil(2 / scale))
    if half < 2:
        return corners, board
    start = (corners.points[ids] + 0.5) / scale - 0.5
    found = cv2.cornerSubPix(
        full, start.astype(np.float32).reshape(-1, 1, 2).copy(), (half, half), (-1, -1),
        (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 20, 0.01),
    ).reshape(-1, 2)  # fmt: skip
    moved = np.abs(found - start).max(axis=1) < half
    points = corners.points.copy()
    points[ids[moved]] = (found[moved] + 0.5) * scale - 0.5
    refined = replace(corners, points=points)
    fitted = _fit(refined, board.nodes, params)
    if fitted is None or fitted.nodes.keys() != board.nodes.keys():
        return corners, board
    ends = np.array(
        [(board.left - 1, board.top - 1), (board.right + 1, board.top - 1),
         (board.left - 1, board.bottom + 1), (board.right + 1, board.bottom + 1)],
        np.float64,
    )  # fmt: skip
    shift = np.linalg.norm(
        cv2.perspectiveTransform(ends[None], fitted.homography)[0]
        - cv2.perspectiveTransform(ends[None], board.homography)[0],
        axis=1,
    ).max() / (pitch * scale)
    if shift <= params.refine_shift:
        return corners, board
    return refined, replace(fitted, grown=board.grown)


def _unbroken(nodes: dict[Node, int]) -> dict[Node, int]:
    """The nodes of the part of a lattice holding most of them, between lines (rows or
    columns of nodes) that hold none: a jump passes one hidden corner, and a line with no
    corner at all may be the board's edge, with stray corners beyond it.

    Examples
    --------
    >>> nodes = {(i, j): 0 for i in range(3) for j in (-3, 0, 1, 2)}
    >>> sorted({j for _, j in _unbroken(nodes)})
    [0, 1, 2]
    """
    for axis in (0, 1):
        lines = sorted({n[axis] for n in nodes})
        parts = np.split(np.array(lines), np.flatnonzero(np.diff(lines) > 1) + 1)
        if len(parts) > 1:
            count = [sum(n[axis] in set(part.tolist()) for n in nodes) for part in parts]
            kept = set(parts[int(np.argmax(count))].tolist())
            nodes = {n: v for n, v in nodes.items() if n[axis] in kept}
    return nodes


def _trimmed_extent(nodes: set[Node], fill: float) -> tuple[int, int, int, int]:
    """The extent ``(left, top, right, bottom)`` of ``nodes`` without outer lines that are
    less than ``fill`` full, or hold corners of one polarity only (inner corners alternate;
    stray ones along a frame next to the board often do not)."""
    left, right = min(n[0] for n in nodes), max(n[0] for n in nodes)
    top, bottom = min(n[1] for n in nodes), max(n[1] for n in nodes)
    while right > left and bottom > top:
        lines = {
            "left": [(left, j) for j in range(top, bottom + 1)],
            "right": [(right, j) for j in range(top, bottom + 1)],
            "top": [(i, top) for i in range(left, right + 1)],
            "bottom": [(i, bottom) for i in range(left, right + 1)],
        }
        weakest, share = "", 1.0
        for side, line in lines.items():
            held = [n for n in line if n in nodes]
            one_polarity = len(line) >= 3 and len({sum(n) % 2 for n in held}) < 2
            here = 0.0 if one_polarity else len(held) / len(line)
            if here < share:
                weakest, share = side, here
        if share >= fill:
            break
        if weakest == "left":
            left += 1
        elif weakest == "right":
            right -= 1
        elif weakest == "top":
            top += 1
        else:
            bottom -= 1
    return left, top, right, bottom


def _pitch(homography: NDArray[np.float64], grid: NDArray[np.float64]) -> float:
    """The median length of one step along ``i`` at the nodes ``grid``."""
    here = cv2.perspectiveTransform(grid[None], homography)[0]
    there = cv2.perspectiveTransform((grid + np.array([1.0, 0.0]))[None], homography)[0]
    return float(np.median(np.linalg.norm(there - here, axis=1)))


def _edge_doubt(
    board: Board, corners: Corners, off: dict[str, int], beyond: set[str], params: Params
) -> str | None:
    """A doubt when a third of a board's edge line looks like chequer corners too, or the
    chequer goes on ``beyond`` a side (the lattice may have missed a row or column of
    squares: a faded one in a photo's glare), or the squares along a side are
    ``off`` their colours (it may have added one: a fitted lattice can stretch over a
    frame): more than a sixth of them, or any while the outermost line of inner corners
    is far from full (arrows and pieces hide corners, but not squares)."""
    across = range(board.left, board.right + 1)
    down = range(board.top, board.bottom + 1)
    lines = {  # the edge line, and the line of inner corners one square inside it
        "top": ([(i, board.top - 1) for i in across], [(i, board.top) for i in across]),
        "bottom": ([(i, board.bottom + 1) for i in across], [(i, board.bottom) for i in across]),
        "left": ([(board.left - 1, j) for j in down], [(board.left, j) for j in down]),
        "right": ([(board.right + 1, j) for j in down], [(board.right, j) for j in down]),
    }
    h, w = corners.response.shape
    typical = float(np.median(corners.strength[list(board.nodes.values())]))
    unclear = []
    for side, (edge, inside) in lines.items():
        at = cv2.perspectiveTransform(np.array([edge], np.float64), board.homography)[0]
        hits = 0
        for x, y in at:
            xi, yi = round(float(x)), round(float(y))
            if 1 <= xi < w - 1 and 1 <= yi < h - 1:
                hits += corners.response[yi - 1 : yi + 2, xi - 1 : xi + 2].max() > max(
                    params.corner, 0.4 * typical
                )
        sparse = sum(n in board.nodes for n in inside) < params.edge_fill * len(inside)
        squares = len(edge) + 1
        if (
            side in beyond
            or hits > len(edge) // 3
            or off[side] > max(1, squares // 6)
            or (sparse and off[side])
        ):
            unclear.append(side)
    if not unclear:
        return None
    sides = " and ".join(unclear)
    return f"board size in doubt: chequer corners or squares unclear along its {sides} edge"


def _squares_off(
    colours: SquareColours, knight: Cell | None = None, params: Params = PARAMS
) -> dict[str, int]:
    """How many of the outermost squares along each side are not clearly of their own
    colour: lighter than the square next to them, further in, when they are light squares
    (darker when dark) by a third of the grey difference between that square and the one
    two in (local, so uneven light in a photo does not matter). When the ``knight``'s
    square is highlighted (of neither board colour, by :attr:`Params.past_colour` of their
    distance), squares highlighted alike are not counted (the knight's own, a last move's:
    an app marks them alike, not a frame under a stretched lattice): of its colour, or of
    the same see-through tint over the other board colour (see :func:`_tinted_alike`);
    highlighted near the other board colour, the knight's own square alone. Nor are those
    beside a highlighted square further in (their step to it says nothing)."""
    grey = colours.base.mean(axis=2)
    parity = np.indices(grey.shape).sum(axis=0) % 2
    lighter = int(np.median(grey[parity == 1]) > np.median(grey[parity == 0]))
    sign = np.where(parity == lighter, 1.0, -1.0)
    classes = _class_colours(colours)
    own = (classes[0, 0], classes[0, 1])
    near = params.past_colour * float(np.linalg.norm(own[1] - own[0]))
    marked = np.zeros(grey.shape, bool)
    if knight is not None:
        mark = colours.base[knight]
        if min(float(np.linalg.norm(mark - c)) for c in own) > near:
            marked = _tinted_alike(colours.base, classes, mark, classes[knight]) <= near
        # highlighted near the other board colour: the knight's own square alone (the
        # tint would take in every square of that colour)
        marked[knight] |= float(np.linalg.norm(mark - classes[knight])) > near
    sides = {
        "top": (grey, sign, marked), "bottom": (grey[::-1], sign[::-1], marked[::-1]),
        "left": (grey.T, sign.T, marked.T), "right": (grey.T[::-1], sign.T[::-1], marked.T[::-1]),
    }  # fmt: skip
    off = {}
    for side, (rows, signs, lit) in sides.items():
        gap = np.abs(rows[1] - rows[2]) / 3
        off[side] = int(
            np.count_nonzero((signs[0] * (rows[0] - rows[1]) <= gap) & ~lit[0] & ~lit[1])
        )
    return off


def _tinted_alike(
    colours: FloatArray, under: FloatArray, mark: FloatArray, under_mark: FloatArray
) -> FloatArray:
    """How far ``(..., 3)`` colours, over board colours ``under``, are from a highlight of
    colour ``mark`` over ``under_mark`` laid alike (a see-through tint of any strength
    ``a``, ``mark = under_mark + a * (tint - under_mark)``: two such differ by ``1 - a``
    times their board colours' difference; an opaque one, ``a = 1``, is one colour).

    Examples
    --------
    >>> light, dark, tint = np.array([200.0, 200, 200]), np.array([80.0, 80, 80]), 0.5
    >>> lit = light + tint * (np.array([0.0, 0, 255]) - light)
    >>> dim = dark + tint * (np.array([0.0, 0, 255]) - dark)
    >>> round(float(_tinted_alike(dim, dark, lit, light)), 3)
    0.0
    >>> round(float(_tinted_alike(dark, dark, lit, light)), 1)
    104.1
    """
    gap = mark - colours
    step = under_mark - under
    size = np.maximum((step * step).sum(axis=-1), 1e-6)
    share = np.clip((gap * step).sum(axis=-1) / size, 0.0, 1.0)
    return np.asarray(np.linalg.norm(gap - share[..., None] * step, axis=-1), np.float32)


def _chequer_beyond(ringed: SquareColours, contrast: float, params: Params) -> set[str]:
    """The sides of the board beyond which the chequer goes on, however faintly, from the
    colours of its squares with a ring of one square around them: the ring's squares along
    a side are about as even as the board's (or far more even than their own steps are
    large: a row faded under glare) and alternate, each lighter than its neighbours when
    the chequer says it should be, nearly everywhere (a frame, a margin, bars and text
    beside the board, the picture's replicated edge or a light gradient do not); along
    the line only, when all its squares are darker than the board's dark squares, all
    lighter than its light ones, or all within half the board's range (a see-through cover
    dims, pales or tints the chequer it hides)."""
    grey = ringed.base.mean(axis=2)
    rows, cols = grey.shape
    parity = np.indices((rows, cols)).sum(axis=0) % 2
    board, inner = grey[1:-1, 1:-1], parity[1:-1, 1:-1]
    medians = [float(np.median(board[inner == k])) for k in (0, 1)]
    lighter = int(medians[1] > medians[0])
    dark, light = sorted(medians)
    signed = grey * np.where(parity == lighter, 1.0, -1.0)
    least = max(params.beyond_step, params.beyond_contrast * contrast)
    even = max(2 * float(np.median(ringed.spread[1:-1, 1:-1])), params.beyond_spread * contrast)
    sides = {
        "top": (signed, ringed.spread), "bottom": (signed[::-1], ringed.spread[::-1]),
        "left": (signed.T, ringed.spread.T), "right": (signed.T[::-1], ringed.spread.T[::-1]),
    }  # fmt: skip
    out = set()
    for side, (lines, spread) in sides.items():
        ring, edge = lines[0, 1:-1], lines[1, 1:-1]
        # neighbours a, b: the lighter's grey less the darker's if the chequer is right
        along, across = ring[:-1] + ring[1:], ring + edge
        # a line under a see-through cover (a toast, a dimmed dialog) keeps the chequer's
        # steps along it, its squares all darker than the board's dark ones (or lighter than
        # its light ones), so the steps across to the board's edge say nothing
        # (the cover's opacity shrinks them: any step of :attr:`Params.beyond_step` counts)
        # (or, tinted, all within half the board's range: foreign novel 4300013, a navy ad
        # band over the last row)
        shown = np.abs(ring)
        covered = bool(
            np.all(shown < dark) or np.all(shown > light) or np.ptp(shown) < 0.5 * (light - dark)
        )
        steps = [along] if covered else [along, across]
        step = params.beyond_step if covered else least
        alternate = min(np.mean(s > step) for s in steps) >= params.beyond_share
        # a faded row under glare or a light gradient is less even than the board, but
        # still far more even than its own chequer's steps are large
        even_here = max(even, params.beyond_evenness * float(np.median(along)))
        if alternate and np.median(spread[0, 1:-1]) <= even_here:
            out.add(side)
    return out


def _chequer_past(
    ringed: SquareColours, shown: NDArray[np.bool_], contrast: float, params: Params
) -> set[str]:
    """The sides of the board beyond which a line of squares ``shown`` in the picture goes
    on with the chequer's colours in the chequer's phase where it is not covered (see
    :attr:`Params.past_contrast`), from the colours of the board's squares with
    :attr:`Params.past_rings` rings of squares around them."""
    rings = params.past_rings
    grey = ringed.base.mean(axis=2)
    parity = np.indices(grey.shape).sum(axis=0) % 2
    board = (slice(rings, -rings), slice(rings, -rings))
    own = np.array([np.median(ringed.base[board][parity[board] == k], axis=0) for k in (0, 1)])
    lighter = int(own[1].mean() > own[0].mean())
    signed = grey * np.where(parity == lighter, 1.0, -1.0)
    # squares of either board colour (within a share of theirs apart): the rest are covered
    near = params.past_colour * float(np.linalg.norm(own[1] - own[0]))
    alike = np.linalg.norm(ringed.base[:, :, None] - own, axis=3).min(axis=2) <= near
    sides = {
        "top": (signed, alike, shown),
        "bottom": (signed[::-1], alike[::-1], shown[::-1]),
        "left": (signed.T, alike.T, shown.T),
        "right": (signed.T[::-1], alike.T[::-1], shown.T[::-1]),
    }
    out = set()
    beyond = (slice(rings), slice(rings, -rings))
    for side, (lines, same, seen) in sides.items():
        for line, like, visible in zip(lines[beyond], same[beyond], seen[beyond], strict=True):
            # squares of neither colour are covered (a toast, a strip, the picture's edge);
            # a square of the other colour breaks the chequer (its steps fail)
            known = like & visible
            pairs = known[:-1] & known[1:]
            if np.mean(known) < params.past_known or pairs.sum() < 2:
                continue
            steps = (line[:-1] + line[1:])[pairs] > params.past_contrast * contrast
            if np.mean(steps) >= params.beyond_share:
                out.add(side)
    return out


def _cut(lattice: Lattice, shape: tuple[int, ...], params: Params, margin: float = 0) -> set[str]:
    """The sides of the board whose edge lies beyond the edge of a picture of ``shape`` (by
    :attr:`Params.past_edge` of a square): the picture cuts the board there, which may go
    on; with ``margin``, the sides beyond whose squares the picture shows less than that
    (a corner beyond the picture leaves the other side at it shown)."""
    h, w = shape[:2]
    rows, cols = lattice.rows, lattice.cols
    out = lattice.cell_size() * (params.past_edge if margin == 0 else -margin)
    # the edge's points from corner to corner, or its squares' middles
    whole = margin == 0
    across = np.arange(cols + whole, dtype=np.float64) + (0 if whole else 0.5)
    down = np.arange(rows + whole, dtype=np.float64) + (0 if whole else 0.5)
    edges = {
        "top": [(0, c) for c in across],
        "bottom": [(rows, c) for c in across],
        "left": [(r, 0) for r in down],
        "right": [(r, cols) for r in down],
    }
    cut = set()
    for side, points in edges.items():
        x, y = lattice.to_pixels(points).T
        if np.any((x < -out) | (y < -out) | (x > w - 1 + out) | (y > h - 1 + out)):
            cut.add(side)
    return cut


def _unlike_surround(ringed: SquareColours, bare: set[str], params: Params) -> set[str]:
    """The side of the board whose surround (the line of squares just beyond it, from the
    colours of the board's squares with :attr:`Params.past_rings` rings around them) is
    unlike the other three sides' or not shown (the side is ``bare``: the picture ends at
    it), while those are shown and alike (see :attr:`Params.surround_colour`): a board is
    framed alike all round, so a band across its edge (an ad strip, a toast, a bar) or the
    picture's edge may hide more of it there. When every side is bare, the picture is only
    chequer, and any side may go on (a screen found inside a board)."""
    rings = params.past_rings
    side_line = slice(rings, -rings)
    lines: dict[str, tuple[int | slice, int | slice]] = {
        "top": (rings - 1, side_line), "bottom": (-rings, side_line),
        "left": (side_line, rings - 1), "right": (side_line, -rings),
    }  # fmt: skip
    shown = {
        side: np.median(ringed.base[at], axis=0) for side, at in lines.items() if side not in bare
    }
    return _odd_side(shown, ringed, params.surround_colour, params)


def _margins(
    wide: FloatArray, ringed: SquareColours, bare: set[str], params: Params
) -> list[dict[str, FloatArray]]:
    """The median colour of each side's margin (the strip just beyond its edge, see
    :attr:`Params.margin`, from the board warped flat with :attr:`Params.past_rings` rings
    around it) but those not shown (``bare``): of the whole strip, and of its half nearer
    the edge (a frame about as wide as the strip, a fifth of a square, fills a side's strip
    less than half where the lattice's edge lies a pixel or two out, and the page beyond
    it takes that side's median)."""
    rings, s = params.past_rings, params.square
    rows, cols = (n - 2 * rings for n in ringed.spread.shape)
    top, left = rings * s, rings * s
    bottom, right = top + rows * s, left + cols * s
    near, far = (round(f * s) for f in params.margin)
    margins = []
    for depth in (far, (near + far) // 2):
        strips = {
            "top": wide[top - depth : top - near, left:right],
            "bottom": wide[bottom + near : bottom + depth, left:right],
            "left": wide[top:bottom, left - depth : left - near],
            "right": wide[top:bottom, right + near : right + depth],
        }
        margins.append(
            {
                side: np.median(strip.reshape(-1, 3), axis=0)
                for side, strip in strips.items()
                if side not in bare
            }
        )
    return margins


def _unlike_margin(
    margins: list[dict[str, FloatArray]], ringed: SquareColours, params: Params
) -> set[str]:
    """The side of the board whose margin (see :func:`_margins`) is unlike the other
    three's, while those are alike (see :attr:`Params.margin_colour`), or is not shown,
    in the whole strip and in its nearer half: whatever borders a board, a frame or the
    page, borders it alike all round, right at its edge (however wider the frame is below
    than above, or patterned further out), so a side bordered by something else there
    ends at a dialog or a band laid over the board, which may hide more rows."""
    odd = {"top", "bottom", "left", "right"}
    for shown in margins:
        odd &= _odd_side(shown, ringed, params.margin_colour, params, params.margin_apart)
    return odd


def _framed(margins: list[dict[str, FloatArray]], ringed: SquareColours, params: Params) -> bool:
    """Whether all four sides' margins (see :func:`_margins`), the whole strips and their
    nearer halves, are shown and alike, within the first :attr:`Params.margin_colour` of
    the board's two colours' distance: the board is bordered alike all round right at its
    edge, so it ends there, and whatever lies a square beyond one side (an ad strip, a
    toolbar) lies past its frame or the page, hiding none of it."""
    distance = _colours_apart(ringed, params)
    return all(
        len(shown) == 4
        and max(float(np.linalg.norm(a - b)) for a in shown.values() for b in shown.values())
        <= params.margin_colour[0] * distance
        for shown in margins
    )


def _odd_side(
    shown: dict[str, FloatArray],
    ringed: SquareColours,
    limits: tuple[float, float],
    params: Params,
    spread_times: float = math.inf,
) -> set[str]:
    """The side whose colour in ``shown`` (the sides not shown are missing) lies farther
    than ``limits[1]`` from the other three's, while those lie within ``limits[0]`` of each
    other, both in the distance between the board's two colours (the board's squares inside
    the :attr:`Params.past_rings` rings of ``ringed``), or within ``1 / spread_times`` of
    its distance from them; every side when one at most is shown (the picture ends at the
    board on three sides or four: a board's crop, or a screen found inside a board, where
    any side may go on)."""
    distance = _colours_apart(ringed, params)
    alike, unlike = limits
    sides = ("top", "bottom", "left", "right")
    if len(shown) < 2:
        return set(sides)
    out = set()
    for side in sides:
        others = [colour for other, colour in shown.items() if other != side]
        if len(others) < 3:
            continue
        spread = max(float(np.linalg.norm(a - b)) for a in others for b in others)
        if side not in shown:
            odd = spread <= alike * distance
        else:
            apart = min(float(np.linalg.norm(shown[side] - c)) for c in others)
            odd = apart > unlike * distance and (
                spread <= alike * distance or apart > spread_times * spread
            )
        if odd:
            out.add(side)
    return out


def _colours_apart(ringed: SquareColours, params: Params) -> float:
    """The distance between the board's two colours (its squares inside the
    :attr:`Params.past_rings` rings of ``ringed``)."""
    rings = params.past_rings
    inner = (slice(rings, -rings), slice(rings, -rings))
    parity = np.indices(ringed.spread.shape).sum(axis=0) % 2
    own = [np.median(ringed.base[inner][parity[inner] == k], axis=0) for k in (0, 1)]
    return float(np.linalg.norm(own[1] - own[0]))


def _shown(lattice: Lattice, shape: tuple[int, ...]) -> NDArray[np.bool_]:
    """``(rows, cols)``: whether each square of ``lattice`` lies wholly in a picture of
    ``shape`` (squares beyond its edge are the edge's pixels drawn out)."""
    h, w = shape[:2]
    corners = lattice.to_pixels(
        [(r + dr, c + dc) for r in range(lattice.rows) for c in range(lattice.cols)
         for dr, dc in ((0, 0), (0, 1), (1, 0), (1, 1))]
    ).reshape(lattice.rows, lattice.cols, 4, 2)  # fmt: skip
    inside = (corners >= 0).all(axis=3) & (corners[..., 0] <= w - 1) & (corners[..., 1] <= h - 1)
    return np.asarray(inside.all(axis=2))


def _board_lattice(board: Board, scale: float, ring: int = 0) -> Lattice:
    """The board's :class:`Lattice` in the full picture's pixels (with ``ring`` squares
    more on every side)."""
    left, top = board.left - 1 - ring, board.top - 1 - ring
    to_nodes = np.array([[1, 0, left], [0, 1, top], [0, 0, 1]], np.float64)
    # a reduced pixel centre x maps to (x + 0.5) / scale - 0.5 in the full picture
    offset = 0.5 / scale - 0.5
    to_full = np.array([[1 / scale, 0, offset], [0, 1 / scale, offset], [0, 0, 1]])
    matrix = to_full @ board.homography @ to_nodes
    return Lattice(
        board.rows + 2 * ring,
        board.cols + 2 * ring,
        tuple(float(v) for v in (matrix / matrix[2, 2]).ravel()),
    )


# ----------------------------------------------------------------------------- squares


def canonical_board(image: RGBImage, lattice: Lattice, square: int) -> FloatArray:
    """The board warped flat, ``square`` pixels a square, from the full picture.

    A board much larger than that is first shrunk by area averaging (around the board only),
    so thin outlines and textures are averaged rather than sampled.
    """
    h, w = image.shape[:2]
    corners = lattice.to_pixels(
        [(0, 0), (0, lattice.cols), (lattice.rows, lattice.cols), (lattice.rows, 0)]
    )
    x0, y0 = np.clip(np.floor(corners.min(axis=0)) - 2, 0, None).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 3
    crop = image[y0 : min(y1, h), x0 : min(x1, w)]
    shrink = min(1.0, 1.25 * square / max(lattice.cell_size(), 1.0))
    if shrink < 0.8 and min(crop.shape[:2]) > 4:
        size = (max(1, round(crop.shape[1] * shrink)), max(1, round(crop.shape[0] * shrink)))
        crop = np.asarray(cv2.resize(crop, size, interpolation=cv2.INTER_AREA))
        shrink_x, shrink_y = size[0] / (min(x1, w) - x0), size[1] / (min(y1, h) - y0)
    else:
        shrink_x = shrink_y = 1.0
    to_crop = np.array(
        [
            [shrink_x, 0, (0.5 - x0) * shrink_x - 0.5],
            [0, shrink_y, (0.5 - y0) * shrink_y - 0.5],
            [0, 0, 1],
        ]
    )
    # a canonical pixel centre (X, Y) is board point ((X + 0.5) / square, (Y + 0.5) / square)
    to_board = np.array([[1 / square, 0, 0.5 / square], [0, 1 / square, 0.5 / square], [0, 0, 1]])
    mapping = to_crop @ lattice.homography @ to_board
    size = (lattice.cols * square, lattice.rows * square)
    flat = cv2.warpPerspective(
        crop, mapping, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )  # fmt: skip
    return np.asarray(flat, np.float32)


def _squares(picture: FloatArray, rows: int, cols: int, square: int) -> FloatArray:
    """``(rows, cols, square, square, 3)`` view of the canonical picture's squares."""
    return picture.reshape(rows, square, cols, square, 3).transpose(0, 2, 1, 3, 4)


def _ring_mask(square: int) -> NDArray[np.bool_]:
    """The border band of a square, inside the blur of its edges, where pieces rarely reach."""
    d = np.arange(square)
    edge = np.minimum(d, square - 1 - d)
    nearest = np.minimum(edge[:, None], edge[None, :])
    inset = max(1, round(0.06 * square))
    return (nearest >= inset) & (nearest < inset + max(2, round(0.12 * square)))


@dataclass(frozen=True)
class SquareColours:
    """Each square's own colour, from its border band."""

    base: FloatArray
    """``(rows, cols, 3)`` median colours."""
    spread: FloatArray
    """``(rows, cols)`` median distance of the band's pixels from it (texture)."""
    low: FloatArray
    high: FloatArray
    """``(rows, cols)`` 2nd and 98th percentiles of the band's grey levels."""
    axis: FloatArray
    """``(rows, cols, 3)`` unit vectors: the colour direction along which the band's pixels
    depart most from its colour (a texture's light and dark, wood's or marble's grain) ..."""
    across: FloatArray
    """... and ``(rows, cols)`` the median distance of its pixels from that line."""

    def inside(self, rings: int = 1) -> SquareColours:
        """The statistics without the outermost ``rings`` rings of squares."""
        ring = slice(rings, -rings) if rings else slice(None)
        return SquareColours(
            self.base[ring, ring], self.spread[ring, ring], self.low[ring, ring],
            self.high[ring, ring], self.axis[ring, ring], self.across[ring, ring],
        )  # fmt: skip


def _square_colours(picture: FloatArray, rows: int, cols: int, square: int) -> SquareColours:
    """The colour statistics of every square's border band."""
    ring = _squares(picture, rows, cols, square)[:, :, _ring_mask(square)]
    base = np.median(ring, axis=2).astype(np.float32)
    departure = ring - base[:, :, None]
    distance = np.linalg.norm(departure, axis=3)
    spread = np.median(distance, axis=2)
    low, high = np.percentile(ring.mean(axis=3), [2, 98], axis=2)
    _, vectors = np.linalg.eigh(np.einsum("rcni,rcnj->rcij", departure, departure))
    axis = vectors[..., 2]
    along = np.einsum("rcni,rci->rcn", departure, axis)
    across = np.median(np.sqrt(np.maximum(distance**2 - along**2, 0)), axis=2)
    return SquareColours(
        base, spread.astype(np.float32), low.astype(np.float32), high.astype(np.float32),
        axis.astype(np.float32), across.astype(np.float32),
    )  # fmt: skip


def _blur(picture: FloatArray, rows: int, cols: int, square: int) -> float:
    """How blurred the canonical picture is: the width over which the grey level steps
    from one square to the next (from 10% to 90% of the way), in sides, the median over
    the lines between neighbouring squares (pieces and marks on a few do not move it).

    Examples
    --------
    >>> board = np.kron(np.indices((5, 5)).sum(0) % 2 * 200.0, np.ones((48, 48)))
    >>> sharp = np.repeat(board[:, :, None], 3, axis=2).astype(np.float32)
    >>> soft = cv2.GaussianBlur(sharp, (0, 0), 4.0)
    >>> round(_blur(sharp, 5, 5, 48), 2), round(_blur(soft, 5, 5, 48), 2)
    (0.02, 0.21)
    """
    grey = picture.mean(axis=2)
    reach, middle = square // 4, slice(square // 4, square - square // 4)
    across = [  # the grey level across each line, along the middle half of its squares
        grey[r * square : (r + 1) * square][middle, k * square - reach : k * square + reach]
        .mean(axis=0)
        for r in range(rows) for k in range(1, cols)
    ] + [
        grey[k * square - reach : k * square + reach, c * square : (c + 1) * square][:, middle]
        .mean(axis=1)
        for c in range(cols) for k in range(1, rows)
    ]  # fmt: skip
    steps = np.array(across)
    before, after = steps[:, :3].mean(axis=1), steps[:, -3:].mean(axis=1)
    size = before - after
    clear = np.abs(size) >= 0.5 * np.median(np.abs(size))
    way = np.median((steps[clear] - after[clear, None]) / size[clear, None], axis=0)
    # the way from 90% to 10% of the step, its crossings interpolated between pixels
    x = np.arange(len(way), dtype=np.float64)
    falling = np.minimum.accumulate(way)
    high = float(np.interp(-0.9, -falling, x))
    low = float(np.interp(-0.1, -falling, x))
    return (low - high) / square


def _alternation(colours: SquareColours) -> tuple[float, float]:
    """The median grey difference between neighbouring squares, and the share of
    neighbouring pairs whose lighter square lies on the side the chequer says."""
    grey = colours.base.mean(axis=2)
    rows, cols = grey.shape
    sign = np.where(np.indices((rows, cols)).sum(axis=0) % 2 == 0, 1.0, -1.0)
    signed = grey * sign
    pairs = np.concatenate(
        [(signed[:, 1:] + signed[:, :-1]).ravel(), (signed[1:] + signed[:-1]).ravel()]
    )
    # (a - b) for a square a of even parity and its neighbour b: signed[a] + signed[b]
    contrast = float(np.median(np.abs(pairs)))
    majority = max(float(np.mean(pairs > 0)), float(np.mean(pairs < 0)))
    return contrast, majority


class Squares(NamedTuple):
    """What the squares hold, ``(rows, cols)`` arrays (see :func:`piece_scores`)."""

    scores: NDArray[np.float64]
    """How piece-like each square's content is (1 or more: a piece)."""
    sizes: NDArray[np.float64]
    """How piece-sized it is."""
    marks: NDArray[np.bool_]
    """Whether it holds a mark at its centre."""
    inks: FloatArray
    """``(rows, cols, 3)``: its content's median colour."""
    cut: NDArray[np.bool_]
    """Whether a band over the board cuts it (see :func:`_cut_by_band`)."""


class Content(NamedTuple):
    """The largest blob of what a square holds besides its own colour (outlines closed,
    holes filled)."""

    area: float
    """A fraction of the square."""
    height: float
    """A fraction of the square's side."""
    solidity: float
    """Its area over its convex hull's."""
    offset: float
    """Its centroid's distance from the square's centre, in sides."""
    chroma: float
    """How far its own pixels' colours lie from blends of the square's colour with greys
    (their upper quartile): most pieces are black, white or grey, blended at their edges
    with the square; marks drawn over a board usually are coloured."""
    ellipse: float = 1.0
    """Its overlap (intersection over union) with the ellipse of its own moments."""
    inks: float = 0.0
    """How far its own pixels lie from the colours of one ink (see :func:`_off_one_ink`)."""
    mirror: float = 0.0
    """The likeness of its foreign pixels to their mirror image (see
    :func:`_mirror_likeness`)."""
    crossing: float = 0.0
    """How much of the square's edge, in sides, its ink (or foreign pixels touching it)
    crosses into a neighbour's (see :func:`content_of`)."""
    squared: float = 0.0
    """The likeness of its ink's shape to its images turned by a quarter turn and mirrored
    (the lesser, see :func:`_symmetry`): a cross, a plus, a ring or a disc is alike both
    (the square's own symmetries); a chess piece, standing on its base, is not."""
    lean: float = 1.0
    """How far its rows' middles lean from its base's centre (see :func:`_lean`); 1 for
    a shape more like its half turn than its mirror image (a letter N)."""
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """The median colour of its own pixels."""
    letter: bool = False
    """Whether it is shaped as the letter N (see :func:`_letter_n`), more like its half
    turn than its mirror image."""
    tones: tuple[float, float] = (0.0, 255.0)
    """The lower and upper quartiles of its own pixels' grey levels."""
    cut: bool = False
    """Whether a band over the board crosses the square and cuts more than itself off
    (see :func:`_cut_by_band`)."""

    def score(self, params: Params = PARAMS, shape: bool = True, letters: bool = False) -> float:
        """The least ratio of a feature to a piece's (1 or more: a piece); a coloured blob
        must be larger than a black or white piece, unless it is a letter N (a glyph of
        thin strokes, coloured in many apps) or, with ``letters``, a glyph of its size.
        Without ``shape``, only its size and place count (not whether it is an ellipse
        or of one ink)."""
        area, height = params.piece_area, params.piece_height
        if letters or (self.letter and shape):
            area = 0.5 * params.piece_area
        elif self.chroma > params.piece_chroma:
            area, height = params.coloured_area, params.coloured_height
        size = min(
            self.area / area,
            self.height / height,
            self.solidity / params.piece_solidity,
            params.piece_offset / max(self.offset, 1e-3),
            params.piece_crossing / max(self.crossing, 1e-3),
        )
        if not shape:
            return size
        return min(
            size,
            (1 - self.ellipse) / (1 - params.piece_ellipse),
            params.piece_inks / max(self.inks, 1e-3),
            (1 - self.mirror) / (1 - params.piece_mirror),
            self.lean / params.piece_lean,
        )


def piece_scores(
    picture: FloatArray,
    colours: SquareColours,
    contrast: float,
    params: Params = PARAMS,
    blur: float = 1.0,
    discs: bool = False,
) -> Squares:
    """How piece-like each square's content is, how piece-sized (see
    :meth:`Content.score`; 0: empty). Where a letter N is a piece only as a letter, any
    glyph of a letter's size is piece-sized (a chess diagram in letters is no knight's
    tour); a disc much lower than the tallest piece is not (a move dot; draughts men are
    alike), nor a cloud of a marble (see below; a piece's score is kept below 1 for it,
    so it is in doubt only beside no clear piece). And which squares hold a mark at their
    centre (a move number, a cross; no disc: move dots hint at the knight's moves, unless
    ``discs``: on a blurred picture a number blurs into one; no cloud of a marble) that
    runs into no neighbour, the median colour of each square's content, and which squares
    a band over the board cuts (see :func:`_cut_by_band`)."""
    scores, sizes = np.zeros(colours.spread.shape), np.zeros(colours.spread.shape)
    marks = np.zeros(colours.spread.shape, bool)
    inks = np.zeros((*colours.spread.shape, 3), np.float32)
    cut = np.zeros(colours.spread.shape, bool)
    contents = square_contents(picture, colours, contrast, params, blur)
    grain, own = _grain(colours), _class_colours(colours)
    plain = np.linalg.norm(colours.base - own, axis=2) <= params.past_colour * float(
        np.linalg.norm(own[0, 0] - own[0, 1])
    )
    # a cloud of a marble: on a square of its colour (not highlighted), in the colour's own
    # hue and within its grain's range, however piece-like its outline; a cloud is one
    # tone of the marble, and a piece whose middle half of tones reaches beyond that
    # range both ways (a white knight outlined in black) is none, whatever its median
    clouds = {
        cell
        for cell, content in contents.items()
        if plain[cell]
        and _in_grain(np.asarray(content.colour, np.float32), own[cell], grain[cell], params)
        and not (content.tones[0] < grain[cell][0] and content.tones[1] > grain[cell][1])
    }
    pieces = [c for cell, c in contents.items() if c.score(params) >= 1 and cell not in clouds]
    # a letter N read only as a letter (thin, coloured): glyphs of its size are rivals
    letters = any(c.letter and c._replace(letter=False).score(params) < 1 for c in pieces)
    # a chess piece stands on its base; a mark with the square's symmetries (a cross a
    # photo's blur thickens to a piece's area) lower than such a piece is no rival to it
    tallest = max((c.height for c in pieces if c.squared < params.squared), default=0.0)
    for cell, content in contents.items():
        inks[cell] = content.colour
        cut[cell] = content.cut
        marks[cell] = (
            cell not in clouds
            and content.offset <= params.mark_offset
            and content.crossing <= params.piece_crossing
            and (discs or content.ellipse <= params.piece_ellipse)
        )
        if cell in clouds:  # a mark in doubt at most, beside no clear piece
            scores[cell] = min(content.score(params), params.doubtful)
            continue
        scores[cell] = content.score(params)
        lower = content.height < params.dot * tallest
        disc = content.ellipse >= params.disc_ellipse  # round as well as square-symmetric
        if (lower or disc) and content.squared >= params.squared:
            # a mark (under :attr:`Params.doubtful`: in no doubt as the knight)
            scores[cell] = min(scores[cell], params.rival)
        elif not (lower and content.ellipse > params.piece_ellipse):
            sizes[cell] = content.score(params, shape=False, letters=letters)
    return Squares(scores, sizes, marks, inks, cut)


def square_contents(
    picture: FloatArray,
    colours: SquareColours,
    contrast: float,
    params: Params = PARAMS,
    blur: float = 1.0,
) -> dict[Cell, Content]:
    """The :class:`Content` of every square holding enough foreign pixels: far from the
    square's own colour (with its colour class's shading, see :func:`flattened`), or
    outside the grey range of its texture. Pixels near a square's edges may be its
    neighbours' colour blurred in: the farther the picture's ``blur`` (see :func:`_blur`)
    carries them, the farther a foreign pixel must depart."""
    rows, cols = colours.spread.shape
    s = params.square
    squares = flattened(_squares(picture, rows, cols, s), colours.base)
    distance = np.linalg.norm(squares - colours.base[:, :, None, None], axis=4)
    level = colours.base.mean(axis=2)
    spread, below, above, across = (
        _typical(v)
        for v in (colours.spread, level - colours.low, colours.high - level, colours.across)
    )
    inner = np.zeros((s, s), bool)
    a = max(1, round(0.04 * s))
    inner[a:-a, a:-a] = True
    # the texture's reach (see :func:`_texture_reach`) holds in the squares' middles; as
    # deep as the picture's blur from their edges, the neighbours' colour is blurred in,
    # and 4.5 times the band's spread (which that blur widens) allows for it
    band = np.broadcast_to(4.5 * spread[:, :, None, None], distance.shape)
    texture = np.array(band)
    deep = max(a, round(blur * s))
    middle = (slice(None), slice(None), slice(deep, -deep), slice(deep, -deep))
    texture[middle] = np.minimum(
        band[middle], _texture_reach(distance, spread, params)[:, :, None, None]
    )
    margin = max(16.0, 0.2 * contrast)
    grey = squares.mean(axis=4)
    # a texture's pixels lie near the line of its grain's colours: a mark of another hue
    # (a gold letter on olive marble) departs from it however much the grain varies
    along = np.einsum("rcyxk,rck->rcyx", squares - colours.base[:, :, None, None], colours.axis)
    off_grain = np.sqrt(np.maximum(distance**2 - along**2, 0))

    def departing(floor: float | FloatArray, reach: FloatArray) -> NDArray[np.bool_]:
        return np.asarray(
            (distance > np.maximum(floor, reach))
            | (off_grain > np.maximum(floor, 4.5 * across[:, :, None, None]))
            | (grey < (level - below - margin)[:, :, None, None])
            | (grey > (level + above + margin)[:, :, None, None])
        )

    # the blur carries the neighbours' colour the less far into a square the deeper inside
    edge = np.minimum(np.arange(s), s - 1 - np.arange(s))
    carried = np.array([_blurred_in(blur * s, depth) for depth in range(s // 2 + 1)])
    foreign = departing(np.maximum(28.0, carried[np.minimum.outer(edge, edge)] * contrast), texture)
    # whether content runs on into a neighbour is judged at the squares' edges, where
    # their neighbours' colour is blurred in however sharp the picture (so with the
    # floor of a blurred one, and beyond 4.5 times the band's spread, which that blur
    # widens), and there without the neighbour's texture allowance (a translucent arrow
    # may fade into a textured square's spread)
    edge_floor = max(28.0, 0.35 * contrast)
    edges = departing(edge_floor, band)
    crossed = _crossings(edges, edges | (distance > edge_floor), a)
    # a coloured mark's ink (off the blends of either square's colour with greys) that
    # runs across an edge crosses it, however its blur fades into a texture's spread
    inked = _off_grey_blends(squares, colours.base[:, :, None, None]) > params.piece_chroma
    crossed |= _crossings(inked, inked, a)
    foreign &= inner
    least = params.mark_area * s * s
    cut = _cut_by_band(foreign, a, deep + 1, params)
    return {
        (int(r), int(c)): content_of(
            foreign[r, c], squares[r, c], colours.base[r, c], crossed[r, c], a
        )._replace(cut=bool(cut[r, c]))
        for r, c in np.argwhere(foreign.sum(axis=(2, 3)) >= least)
    }


def _cut_by_band(
    foreign: NDArray[np.bool_], inset: int, reach: int, params: Params = PARAMS
) -> NDArray[np.bool_]:
    """``(rows, cols)``: the squares a band over the board (a toast, an ad strip) crosses
    that hold more than the band: foreign pixels of a mark's area (:attr:`Params.mark_area`)
    in one piece beyond its ``reach`` (the picture's blur and a pixel). A band's lines of
    pixels are foreign across three squares in a row at least (:attr:`Params.band_share`
    of each line's pixels clear of the ``inset`` the squares' ``foreign`` masks,
    ``(rows, cols, s, s)``, leave out at their edges: a see-through band is patchy), over
    :attr:`Params.band_width` of a square together (an arrow's shaft is narrower; no mark
    or piece runs straight across three squares). What the band's edge cuts may be a move
    number or a piece partly under it (the rest of it hidden): it is in doubt."""
    s = foreign.shape[2]
    cut = np.zeros(foreign.shape[:2], bool)
    grow = np.ones(2 * reach + 1, np.uint8)
    gaps = np.ones(2 * inset + 1, np.uint8)
    for masks, flip in ((foreign, False), (foreign.transpose(1, 0, 3, 2), True)):
        # lines across each square along its row (columns of squares, transposed)
        across = masks[:, :, :, inset:-inset].mean(axis=3) >= params.band_share
        three = (across[:, :-2] & across[:, 1:-1] & across[:, 2:]).any(axis=1).reshape(1, -1)
        # bands run on over the lines between squares, which the masks leave out
        _, labels, stats, _ = cv2.connectedComponentsWithStats(
            cv2.morphologyEx(three.astype(np.uint8), cv2.MORPH_CLOSE, gaps)
        )
        wide = np.flatnonzero(stats[1:, cv2.CC_STAT_WIDTH] >= params.band_width * s) + 1
        lines = (np.isin(labels, wide) & three).reshape(masks.shape[0], s)
        if not lines.any():
            continue
        band = cv2.dilate(lines.astype(np.uint8), grow[None, :]) > 0
        beyond = masks & ~band[:, None, :, None]
        for r in np.flatnonzero(lines.any(axis=1)):
            for c in range(masks.shape[1]):
                _, _, stats, _ = cv2.connectedComponentsWithStats(
                    beyond[r, c].astype(np.uint8), connectivity=8
                )
                if (stats[1:, cv2.CC_STAT_AREA] >= params.mark_area * s * s).any():
                    cut[(c, r) if flip else (r, c)] = True
    return cut


def _blurred_in(width: float, depth: int) -> float:
    """The share of the step between two squares that a blur of ``width`` (its 10% to 90%
    width, in pixels, see :func:`_blur`) carries ``depth`` pixels into a square, eight
    times that of a Gaussian's (a lens's or a scaler's blur fades more slowly), at most
    0.35 (a photo's grain and moire are as strong): next to none on a sharp screenshot.

    Examples
    --------
    >>> [round(_blurred_in(w, 2), 3) for w in (1.0, 2.0, 2.4, 2.9, 3.2)]
    [0.0, 0.042, 0.131, 0.309, 0.35]
    """
    sigma = max(width, 1e-3) / 2.563  # the 10%-90% width of a Gaussian edge in sigmas
    return min(0.35, 4 * math.erfc(depth / (sigma * math.sqrt(2))))


def _typical(values: FloatArray) -> FloatArray:
    """``(rows, cols)`` texture measures, each at most 1.5 times the median of its colour's
    squares (a piece reaching into a square's border band must not pass for texture)."""
    return np.asarray(np.minimum(values, 1.5 * _class_median(values)), np.float32)


def _crossings(
    foreign: NDArray[np.bool_], loose: NDArray[np.bool_], depth: int
) -> NDArray[np.bool_]:
    """Where each square's ``(rows, cols, s, s)`` foreign pixels cross its edge: its edge
    pixels foreign from ``depth`` pixels inside the square to the edge, and ``loose``-ly
    foreign from there to ``depth`` pixels inside the neighbour."""
    s = foreign.shape[2]
    near, far = slice(s - 1 - depth, None), slice(None, depth + 1)
    # square (r, c) above square (r + 1, c), and left of (r, c + 1)
    from_above = foreign[:-1, :, near, :].all(axis=2) & loose[1:, :, far, :].all(axis=2)
    from_below = loose[:-1, :, near, :].all(axis=2) & foreign[1:, :, far, :].all(axis=2)
    from_left = foreign[:, :-1, :, near].all(axis=3) & loose[:, 1:, :, far].all(axis=3)
    from_right = loose[:, :-1, :, near].all(axis=3) & foreign[:, 1:, :, far].all(axis=3)
    out = np.zeros(foreign.shape, bool)
    out[:-1, :, -1, :] |= from_above
    out[1:, :, 0, :] |= from_below
    out[:, :-1, :, -1] |= from_left
    out[:, 1:, :, 0] |= from_right
    # through a corner into a diagonal neighbour (an arrow at 45 degrees): the corners'
    # blocks foreign in the one and loosely foreign in the other; square (r, c) above
    # and left of (r + 1, c + 1), above and right of (r + 1, c - 1)
    for mine, theirs in (((near, near), (far, far)), ((near, far), (far, near))):
        left = slice(None, -1) if mine[1] == near else slice(1, None)
        right = slice(1, None) if mine[1] == near else slice(None, -1)
        here = np.asarray(foreign[:-1, left][:, :, mine[0], mine[1]].all(axis=(2, 3)))
        there = np.asarray(loose[1:, right][:, :, theirs[0], theirs[1]].all(axis=(2, 3)))
        down = np.asarray(loose[:-1, left][:, :, mine[0], mine[1]].all(axis=(2, 3)))
        up = np.asarray(foreign[1:, right][:, :, theirs[0], theirs[1]].all(axis=(2, 3)))
        out[:-1, left][:, :, mine[0], mine[1]] |= (here & there)[:, :, None, None]
        out[1:, right][:, :, theirs[0], theirs[1]] |= (down & up)[:, :, None, None]
    return out


def flattened(squares: FloatArray, base: FloatArray) -> FloatArray:
    """``(rows, cols, s, s, 3)`` squares without the shading every square of their colour
    shares (3D bevels, gradients, inner borders): the pixelwise median of the squares'
    departures from their own colours ``base``, over the squares of each colour, is taken
    off (pieces and marks on a few squares do not move the median)."""
    rows, cols = base.shape[:2]
    departure = squares - base[:, :, None, None]
    parity = np.indices((rows, cols)).sum(axis=0) % 2
    shading = np.stack([np.median(departure[parity == k], axis=0) for k in (0, 1)])
    return np.asarray(squares - shading[parity], np.float32)


def content_of(
    foreign: NDArray[np.bool_],
    pixels: FloatArray,
    base: FloatArray,
    crossed: NDArray[np.bool_] | None = None,
    reach: int = 0,
) -> Content:
    """The :class:`Content` of one square from its foreign pixels (a square mask), its
    ``(s, s, 3)`` colours and its own colour ``base``; its crossing from the ``crossed``
    edge pixels (see :func:`_crossings`) within ``reach`` pixels (and one) of its ink
    (what crosses the edge away from it, a blurred edge's band on a textured square, or
    an arrow past a piece, is none of it)."""
    s = foreign.shape[0]
    bridge = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    closed = np.asarray(
        cv2.morphologyEx(foreign.astype(np.uint8), cv2.MORPH_CLOSE, bridge), np.uint8
    )
    speck = max(3, round(0.08 * s)) | 1
    filled = np.asarray(
        cv2.morphologyEx(
            _fill_holes(closed.astype(np.uint8)),
            cv2.MORPH_OPEN,
            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (speck, speck)),
        ),
        np.uint8,
    )
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(filled, connectivity=8)
    if count < 2:
        return Content(0.0, 0.0, 0.0, 1.0, 255.0)
    best = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    blob = labels == best
    area = float(stats[best, cv2.CC_STAT_AREA])
    hull = float(cv2.contourArea(cv2.convexHull(cv2.findNonZero(blob.astype(np.uint8)))))
    own = pixels[blob & foreign]
    ink_colour = np.median(own, axis=0) if len(own) else base
    low, high = np.percentile(own.mean(axis=1), [25, 75]) if len(own) else (0.0, 255.0)
    tones = (float(low), float(high))
    ink = foreign & _touching(closed, blob)
    chroma = float(np.percentile(_off_grey_blends(own, base), 75)) if len(own) else 255.0
    inks = float(np.percentile(_off_one_ink(own, base), 75)) if len(own) else 255.0
    departure = pixels - base
    plain = np.ones_like(departure)
    upright = _symmetry(ink, plain)  # the shape alike its mirror image
    mirror = _mirror_likeness(ink, departure, upright)
    letter = mirror == 0 and _letter_n(ink)
    crossing = 0.0
    if crossed is not None:
        side = 2 * reach + 3
        near = cv2.dilate(
            (ink | blob).astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
        )
        crossing = float((crossed & (near > 0)).sum()) / s
    return Content(
        area=area / (s * s),
        height=float(stats[best, cv2.CC_STAT_HEIGHT]) / s,
        solidity=area / max(hull, 1.0),
        offset=float(np.hypot(*(centroids[best] - (s - 1) / 2))) / s,
        chroma=chroma,
        ellipse=_ellipse_overlap(blob),
        inks=inks,
        mirror=mirror,
        squared=min(_symmetry(ink, plain, "quarter turn"), upright),
        crossing=crossing,
        colour=(float(ink_colour[0]), float(ink_colour[1]), float(ink_colour[2])),
        tones=tones,
        lean=_lean(foreign, blob) if mirror > 0 else 1.0,
        letter=letter,
    )


def _letter_n(ink: NDArray[np.bool_], params: Params = PARAMS) -> bool:
    """Whether a mask is shaped as the letter N: within its bounding box (about as wide
    as tall) the outer 30% of its width on either side is inked on nearly every row (two
    stems), and between the stems the notch open to the top lies right of the notch open
    to the bottom (the stroke between them falls from top left to bottom right; H, M and
    U have their notches one above the other, И the other way round, Z and S no stems).

    Examples
    --------
    >>> n = np.zeros((48, 48), bool)
    >>> n[10:38, 12:17] = n[10:38, 31:36] = True
    >>> for y in range(10, 38):
    ...     n[y, 12 + (y - 10) * 19 // 28 : 17 + (y - 10) * 19 // 28] = True
    >>> h = n.copy()
    >>> h[10:38, 17:31] = False
    >>> h[22:26, 17:31] = True
    >>> _letter_n(n), _letter_n(n[:, ::-1]), _letter_n(n.T), _letter_n(h)
    (True, False, False, False)
    """
    rows, cols = np.flatnonzero(ink.any(axis=1)), np.flatnonzero(ink.any(axis=0))
    if len(rows) < 8 or len(cols) < 8:
        return False
    box = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    h, w = box.shape
    if not 0.6 * h <= w <= 1.6 * h:
        return False
    third = max(1, round(0.3 * w))
    stems = min(box[:, :third].any(axis=1).mean(), box[:, w - third :].any(axis=1).mean())
    if stems < params.letter_stems:
        return False
    # the columns between the stems (serifs reach beyond them)
    left = int(np.argmax(box[:, :third].sum(axis=0)))
    right = w - third + int(np.argmax(box[:, w - third :].sum(axis=0)))
    inside = box[:, left + 1 : right]
    if inside.shape[1] < 3:
        return False
    x = np.arange(left + 1, right)
    middles = []
    for depth in (np.argmax(inside, axis=0), np.argmax(inside[::-1], axis=0)):  # top, bottom
        weight = np.where(depth >= 0.15 * h, depth, 0).astype(np.float64)
        if depth.max() < 0.25 * h:
            return False
        middles.append(float((x * weight).sum() / weight.sum()))
    return (middles[0] - middles[1]) / w >= params.letter_notches


def _ellipse_overlap(blob: NDArray[np.bool_]) -> float:
    """The intersection over union of a mask with the ellipse of its own second moments
    (a uniform ellipse's edge lies two standard deviations out along each axis).

    Examples
    --------
    >>> yy, xx = np.mgrid[0:48, 0:48]
    >>> round(_ellipse_overlap((xx - 24) ** 2 + (yy - 20) ** 2 <= 100), 2) >= 0.95
    True
    >>> round(_ellipse_overlap((xx >= 10) & (yy >= 10) & (xx < 38) & (yy < 38)), 2)
    0.82
    """
    moments = cv2.moments(blob.astype(np.uint8), binaryImage=True)
    if moments["m00"] < 1:
        return 1.0
    cx, cy = moments["m10"] / moments["m00"], moments["m01"] / moments["m00"]
    cov = np.array([[moments["mu20"], moments["mu11"]], [moments["mu11"], moments["mu02"]]])
    inverse = np.linalg.inv(cov / moments["m00"] + 1e-3 * np.eye(2))
    yy, xx = np.mgrid[0 : blob.shape[0], 0 : blob.shape[1]]
    dx, dy = xx - cx, yy - cy
    ellipse = inverse[0, 0] * dx * dx + 2 * inverse[0, 1] * dx * dy + inverse[1, 1] * dy * dy <= 4
    return float((ellipse & blob).sum() / max((ellipse | blob).sum(), 1))


def _lean(foreign: NDArray[np.bool_], blob: NDArray[np.bool_]) -> float:
    """How far a piece leans to one side: the middles of its rows (between their first and
    last foreign pixels, gaps of a broken outline closed) from the centre of its base (the
    median middle of its lowest 30% of rows), their 80th percentile, in the piece's widths.
    Only the rows' ends count, so a hollow or broken outline glyph measures as its filled
    silhouette would.

    Examples
    --------
    >>> yy, xx = np.mgrid[0:48, 0:48]
    >>> pawn = (yy > 8) & (yy < 42) & (abs(xx - 24) < 4 + (yy - 8) / 3)
    >>> round(_lean(pawn, pawn), 3)
    0.0
    >>> head = (yy > 8) & (yy < 24) & (xx > 10) & (xx < 30)
    >>> body = (yy >= 24) & (yy < 42) & (xx > 16) & (xx < 34)
    >>> round(_lean(head | body, head | body), 2)
    0.24
    """
    s = foreign.shape[0]
    side = max(3, round(0.1 * s)) | 1
    closed = np.asarray(
        cv2.morphologyEx(
            foreign.astype(np.uint8),
            cv2.MORPH_CLOSE,
            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)),
        ),
        np.uint8,
    )
    ink = _touching(closed, blob)
    rows = np.flatnonzero(ink.any(axis=1))
    if len(rows) < 4:
        return 0.0
    first = np.argmax(ink[rows], axis=1)
    last = s - 1 - np.argmax(ink[rows, ::-1], axis=1)
    middle = (first + last) / 2
    base = rows >= rows[0] + 0.7 * (rows[-1] - rows[0])
    width = float((last - first).max() + 1)
    return float(np.percentile(np.abs(middle - np.median(middle[base])), 80)) / width


def _touching(mask: NDArray[np.uint8], blob: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The connected parts of ``mask`` that overlap ``blob`` (a piece's thin strokes, which
    :func:`content_of` opens away from its blob, unevenly on either side)."""
    _, labels = cv2.connectedComponents(mask, connectivity=8)
    parts = np.unique(labels[blob & (mask > 0)])
    return np.isin(labels, parts[parts > 0])


def _mirror_likeness(ink: NDArray[np.bool_], departure: FloatArray, upright: float) -> float:
    """How alike a piece is to its mirror image, in shape (``upright``: :func:`_symmetry` of
    ``ink`` on a plain square) and in colour (the lesser); 0 when it is more alike to its
    image turned by half a turn (a letter N is, its outline nearly a square: a symmetric
    chess piece stands on a base)."""
    shape = np.ones_like(departure)
    mirror = min(upright, _symmetry(ink, departure))
    turned = min(_symmetry(ink, shape, "half turn"), _symmetry(ink, departure, "half turn"))
    return 0.0 if turned >= mirror else mirror


def _symmetry(
    ink: NDArray[np.bool_],
    departure: FloatArray,
    image: Literal["mirror", "half turn", "quarter turn"] = "mirror",
) -> float:
    """How alike a piece and its mirror image are, across the upright line through the
    centroid of its ``ink`` mask (or its ``image`` turned by a half or a quarter turn about
    the centroid):
    ``1 - |a - a'| / (|a| + |a'|)`` over the pixels' ``(s, s, 3)`` ``departure`` from the
    square's colour within the mask, ``a``, and its image ``a'``, each blurred (sigma: 3%
    of the side) so that strokes a pixel apart still meet.

    Examples
    --------
    >>> yy, xx = np.mgrid[0:48, 0:48]
    >>> ink = np.full((48, 48, 3), 100.0, np.float32)
    >>> round(_symmetry((yy > 10) & (yy < 40) & (abs(xx - 24) < 8 + yy / 4), ink), 2)
    1.0
    >>> wedge = (yy > 10) & (yy < 40) & (xx > 14) & (xx < 14 + yy)
    >>> round(_symmetry(wedge, ink), 2), round(_symmetry(wedge, ink, "half turn"), 2)
    (0.73, 0.73)
    >>> cross = (abs(abs(xx - 20) - abs(yy - 26)) < 3) & (abs(xx - 20) < 9)
    >>> pawn = (yy > 8) & (yy < 42) & (abs(xx - 24) < 4 + (yy - 8) / 3)
    >>> [round(_symmetry(m, ink, "quarter turn"), 2) for m in (cross, pawn, wedge)]
    [0.96, 0.71, 0.71]
    """
    mask = ink.astype(np.float32)
    total = float(mask.sum())
    if total < 1:
        return 1.0
    cx = float((mask.sum(axis=0) * np.arange(mask.shape[1])).sum()) / total
    cy = float((mask.sum(axis=1) * np.arange(mask.shape[0])).sum()) / total
    side = mask.shape[0]
    soft = np.asarray(
        cv2.GaussianBlur(departure * mask[:, :, None], (0, 0), 0.03 * side), np.float32
    )
    # each maps the centroid onto itself
    matrix = {
        "mirror": [[-1, 0, 2 * cx], [0, 1, 0]],
        "half turn": [[-1, 0, 2 * cx], [0, -1, 2 * cy]],
        "quarter turn": [[0, 1, cx - cy], [-1, 0, cx + cy]],
    }[image]
    other = np.asarray(
        cv2.warpAffine(soft, np.array(matrix, np.float64), (mask.shape[1], side)), np.float32
    )
    size = float(np.abs(soft).sum() + np.abs(other).sum())
    return 1 - float(np.abs(soft - other).sum()) / max(size, 1e-6)


def _off_grey_blends(pixels: FloatArray, base: FloatArray) -> FloatArray:
    """How far each of ``(..., 3)`` pixels lies from every blend of ``base`` (``(..., 3)``,
    broadcast) with a grey: its distance from the plane through black spanned by ``base``
    and the grey axis, or its chroma (max - min of R, G, B) beyond the square's, whichever
    is more (a blend is never more colourful than ``base``; the plane is ill-defined when
    ``base`` is nearly grey)."""
    excess = np.ptp(pixels, axis=-1) - np.ptp(base, axis=-1)
    normal = np.cross(base, np.ones(3, np.float32))
    size = np.linalg.norm(normal, axis=-1, keepdims=True)
    unit = np.where(size < 1e-3, 0.0, normal / np.maximum(size, 1e-3))
    return np.asarray(np.maximum(np.abs((pixels * unit).sum(axis=-1)), excess), np.float32)


def _off_one_ink(pixels: FloatArray, base: FloatArray) -> FloatArray:
    """How far each of ``(N, 3)`` pixels lies from the plane through black spanned by
    ``base`` and the pixels' main ink: the direction, across ``base``, along which they
    spread most. One ink, its shades (an outline in a darker tone, black, white when the
    ink is grey) and its blends with the square lie on that plane; a second ink does not.

    Examples
    --------
    >>> base, ink = np.array([230.0, 230, 200]), np.array([200.0, 40, 40])
    >>> one = np.array([ink, 0.4 * ink, 0.5 * (ink + base), base], np.float32)
    >>> float(_off_one_ink(one, base).max()) < 1e-3
    True
    >>> two = np.vstack([one, [[20, 150, 30], [30, 140, 40]]]).astype(np.float32)
    >>> float(_off_one_ink(two, base).max()) > 40
    True
    """
    size = float(np.linalg.norm(base))
    unit = base / size if size > 1e-3 else np.full(3, 3**-0.5, np.float32)
    across = pixels - np.outer(pixels @ unit, unit)
    _, vectors = np.linalg.eigh(across.T @ across)
    normal = np.cross(unit, vectors[:, 2])
    return np.asarray(
        np.abs(pixels @ (normal / max(float(np.linalg.norm(normal)), 1e-6))), np.float32
    )


def _fill_holes(mask: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """``mask`` with every region it encloses filled."""
    padded = np.pad(mask, 1)
    outside = padded.copy()
    flood = np.zeros((padded.shape[0] + 2, padded.shape[1] + 2), np.uint8)
    cv2.floodFill(outside, flood, (0, 0), 1)
    out = padded.copy()
    out[outside == 0] = 1
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
