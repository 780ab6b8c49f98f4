"""CheckiO Snake: read the field from a drawn board or a text map, and draw the route.

Two looks give the same ten strings:

Drawn board
    The board is found in a copy of the picture halved to about 640 pixels as a lattice of
    flat cell interiors standing in most of its cells (gridded, checkered or tiled boards)
    or as one flat square outlined all round (plain boards; a flat frame around a board or
    a patch of wallpaper is none; a board only a shade off its page, with no edge between
    them, is parted from it by colour), and read resampled from the picture
    to a fixed cell size. A cheap look (a few cells uneven or unlike their parity) turns
    away boards without pieces. Each cell's foreground is taken against its own background (its
    median colour, its parity neighbours', or a plane fitted under a glare spot; a cell
    only lighter in grey than the others is glare, not a filled cell), occupied cells are
    grouped by dominant colour (a colour with white added is the same colour; where that
    finds no body, one far more saturated for its brightness than another is another),
    and the snake is the group whose cells form a connected chain (its head may be a
    separate shade). Faint marks in an empty cell put it in doubt only when they change its hue:
    glare, shade and moire add or take grey; a mark standing out from the plain cells at
    a small fraction of the pieces' contrast (a tree faded by a photo's light), or a
    cell's middle off its rim on average (a dark tree on a dark board) is in doubt
    however little ink it has, unless it is only a neighbouring piece's edge or JPEG
    chroma tinting the side of the cell beside it; a piece in a colour near the board's (a
    shaded head on a dark board), short of ink, tints most of its cell (only the snake may
    be so pale: elsewhere it is in doubt, as light may tint an empty cell).
    The body order follows the drawn body from the head: which neighbouring cells the body
    links across their shared border (in a colour nearer the body's than the board's; where
    those make no chain, only links crossing it at every step: segments set apart leave a
    gap, perhaps off the border), the numbers written on segments (ink in a third colour,
    enclosed by the body or off both its colour and the board's; the order whose numbers
    fall least short of their glyphs' best readings, clearly; one unreadable end, eyes
    beside a 0, may be the head), the digits of a body of separate thin marks (each cell's
    whole mark read as a glyph; exactly one chain must hold every index; marks that each
    surround ink of another colour are discs bearing numbers, however thinned by blur),
    and the head's cues (a wider arrowhead, eyes, another shade; a shaded head's breadth
    in its shade), each judged in the cells' own colours. Numbers read on some segments
    and lost on others decide nothing, and a lone piece beside the snake that reads as a
    digit (a segment whose fill was lost) is in doubt, never a tree.
Text map
    A quick look at the small copy (where the board is looked for) asks for lines of dots
    or many specks of ink; then a look at a copy halved to about 1200 pixels asks for many
    small round blobs of one size following one another at one pitch, wide beside a blob
    (the ``.`` dots; the commonest sizes are tried in turn, as prose around a map has
    round letters too).
    Text lines are found by the baselines of the dots; the lines whose dots follow the
    dots' pitch (not prose) give the monospaced character pitch and the line pitch; a
    field row is a quote, ten cells of dots or glyphs, and a quote.
    Glyphs (``T``, ``C``, digits) are matched against templates drawn at import time with
    Pillow's built-in font (so no font file is needed) and checked by font-independent
    traits (holes, a top bar, a left wall). Ink is measured against the page around it (a
    small copy with the text taken out by morphology), so a light gradient, glare or moire
    leaves the text readable. The digits need only agree with one chain of neighbours from
    the head, so a few ambiguous digits do not matter; a glyph that may be a letter or a
    digit is resolved when only one choice gives one cherry and one chain.

Every reading is checked with the rules (``solvers.snake.Puzzle``) and refused with doubts
when the body order is ambiguous, the field is not 10 by 10, or any cell is in doubt. A
refusal's confidence is 0 when no field was found, and :attr:`Params.in_doubt` when a field
was found but read inconsistently (a broken, forked or too long body, numbers against the
path, odd trees, faint marks): its first doubt then names the cells in doubt.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from recognizer.colors import halve, reduce
from recognizer.image import RGBImage
from recognizer.lattice import Cell, Lattice, component, connected
from recognizer.overlay import END_COLOR, PATH_COLOR, START_COLOR, Overlay
from recognizer.recognition import Recognition
from solvers.errors import SolveShotError
from solvers.snake import Puzzle, Solution

log = logging.getLogger(__name__)

GAME = "snake"
SIZE = 10
FloatImage = NDArray[np.float32]
Mask = NDArray[np.bool_]


@dataclass(frozen=True)
class Params:
    """Tuning of the recognizer, in units of the working picture or of a cell."""

    find_side: int = 640  # a board is looked for with the picture halved to about this long side
    cell_px: int = 48  # and read resampled to this many pixels a cell
    smooth: float = 0.6  # blur (pixels of the resampled board) against noise, moire and JPEG
    text_side: int = 2400  # a text map is read at this long side (small code, large picture)
    look_side: int = 1200  # after a look for lines of dots at about this one
    look_dot: float = 4.0  # where dots this large (pixels) let the text be read
    small_text: int = 480  # a picture shorter than this is read at twice its size (thin text)
    page_side: int = 400  # the page under a text map is taken from a copy this long
    page_noise: int = 6  # and is its most common colour where it is within this of it
    max_cells: int = 500  # more similar flat squares than this are no 10 x 10 board
    flat_thresholds: tuple[float, ...] = (14.0, 30.0, 7.0)  # gradient below this is "flat"
    fine_flat: float = 4.0  # and below this where none of those showed a whole lattice
    min_cells: int = 30  # flat squares needed to trust a cell lattice
    min_cover: int = 60  # cells of a 10 x 10 lattice that must hold one (its empty cells do;
    # or this share of one parity's cells, on a checkered board)
    plain_rim: float = 0.5  # share of a plain board's rim that is the board's flat colour
    parted: float = 6.0  # colour distance of a plain board from its page that parts them
    inset: float = 0.14  # fraction of a cell cut off each side when reading its contents
    outer: float = 0.04  # and when fitting its background
    rim: float = 0.06  # width of a cell's rim, a fraction of the cell window
    ink: float = 35.0  # colour distance from the background that counts as foreground
    weak: float = 18.0  # colour distance from the background of faint marks
    near: float = 55.0  # colour distance within which a pixel is of the body's colour
    occupied: float = 0.05  # foreground fraction of an occupied cell
    faint: float = 0.012  # foreground fraction above which an "empty" cell is in doubt
    pale: float = 0.15  # as is one with this fraction of pixels off the background by ``weak``
    grey_pale: float = 0.2  # or in grey only (what light adds or takes), this fraction
    solid: float = 0.5  # a cell tinted off its background over this fraction holds a piece
    mark_share: float = 0.1  # a cell's strongest tenth of pixels gives the strength of its mark
    mark_contrast: float = 0.06  # a mark this fraction of the pieces' contrast is in doubt
    mark_plain: float = 2.0  # when it is also this many times the plain cells' own
    mark_noise: float = 6.0  # and this much over theirs (noise, JPEG, moire)
    faint_alike: float = 1.3  # faint marks within this factor of each other are alike
    faint_gap: float = 3.0  # and this many times the other empty cells' strongest marks
    middle: float = 0.15  # a cell's middle (radius in cells), where a piece is drawn
    rim_from: float = 0.27  # and its rim, beyond this radius (to the inset window's corners)
    centre_contrast: float = 0.04  # a middle off its rim by this fraction of the pieces' marks
    centre_plain: float = 2.5  # and this many times the plain cells' own holds a faint piece
    centre_noise: float = 4.0  # and this much over theirs (a glare spot's curvature, moire)
    same_color: float = 45.0  # colour distance within one group of pieces
    glare_tint: float = 25.0  # or distance but for grey (glare) within one group
    hue_floor: float = 12.0  # colours this far off grey have a hue to compare
    hue_apart: float = 60.0  # and are two colours when their hues are this far apart (degrees)
    saturation_apart: float = 2.5  # or, where no body was found, one this many times as saturated
    cluster_gap: float = 4.0  # or, where none then, two tight clusters this many spreads apart
    shade_hue: float = 12.0  # a shade of the body's colour keeps its hue within this (degrees)
    glare_light: float = 90.0  # most grey a glare spot adds to a board's colour
    board_follows: float = 0.3  # share of a piece's lift by light its board must show
    clipped: float = 250.0  # a channel this bright may have been cut off at the top
    link: float = 0.5  # fraction of body colour across a border that links two cells
    detail: float = 0.015  # fraction of a cell in a third colour (eyes, numbers)
    head_ratio: float = 1.3  # breadth ratio that tells the head end from the tail end
    off_centre: float = 0.22  # largest offset of a piece's centroid from its cell's centre
    spill: float = 0.45  # depth (cells) into a cell its neighbour's piece may tint beyond it
    glyph_score: float = 0.55  # lowest template correlation of a readable glyph
    glyph_margin: float = 0.04  # score gap under which two glyph readings both stand
    cherry_margin: float = 0.15  # or a C's, in a text map (the rules then choose)
    max_unclear: int = 5  # most glyphs of a text map read as a letter or a digit both
    broken_glyphs: int = 2  # most marks in a text row low and small as a comma's
    digit_slack: float = 0.2  # most a segment's number may score under its glyph's best
    digit_margin: float = 0.15  # summed shortfall by which the numbers prefer a body order
    confidence: float = 0.9
    in_doubt: float = 0.3  # confidence of a field that was found but not read consistently


PARAMS = Params()


# ------------------------------------------------------------------------ small tools


def _distance(pixels: FloatImage, color: NDArray[np.float32]) -> FloatImage:
    """Euclidean RGB distance of each pixel to ``color``."""
    return np.sqrt(((pixels - color) ** 2).sum(axis=-1))


def _dominant(pixels: FloatImage) -> NDArray[np.float32]:
    """The mean of the most populated coarse colour bin of an ``(N, 3)`` pixel list."""
    bins = (pixels // 24).astype(np.int32)
    keys = bins[:, 0] * 4096 + bins[:, 1] * 64 + bins[:, 2]
    best = int(np.argmax(np.bincount(keys)))
    return np.asarray(pixels[keys == best].mean(axis=0), dtype=np.float32)


def _neighbours(cell: Cell) -> Iterator[Cell]:
    """The four orthogonal neighbours of a cell (possibly off the board)."""
    r, c = cell
    yield from ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def snake_orders(cells: Sequence[Cell], links: set[frozenset[Cell]] | None) -> list[list[Cell]]:
    """Every ordering of ``cells`` as a chain of neighbours, in both directions.

    With ``links`` (the neighbour pairs the drawing joins), a chain must use exactly those
    pairs; without, any neighbour pairs. Iterative depth-first search over at most 10 cells.
    """
    members = set(cells)
    orders: list[list[Cell]] = []
    for start in cells:
        stack: list[list[Cell]] = [[start]]
        while stack:
            chain = stack.pop()
            if len(chain) == len(members):
                pairs = {frozenset(p) for p in itertools.pairwise(chain)}
                if links is None or pairs == links:
                    orders.append(chain)
                continue
            for n in _neighbours(chain[-1]):
                if n in members and n not in chain:
                    stack.append([*chain, n])
    return orders


# --------------------------------------------------------------------------- glyphs

GLYPHS = "TC0123456789"
#: Digits with holes.
LOOPED = "0689"
_GLYPH_SIDE = 20


def _normalise_glyph(ink: FloatImage) -> FloatImage | None:
    """A glyph's ink (0..1) cropped, scaled to a fixed height and centred; None if empty."""
    if ink.size == 0 or float(ink.max()) <= 0:
        return None
    ink = ink / float(ink.max())
    ys, xs = np.nonzero(ink > 0.35)
    if len(ys) < 3:
        return None
    crop = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    h, w = crop.shape
    f = _GLYPH_SIDE / max(h, w)
    size = (max(1, round(w * f)), max(1, round(h * f)))
    scaled = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
    canvas = np.zeros((_GLYPH_SIDE + 4, _GLYPH_SIDE + 4), np.float32)
    y0, x0 = (canvas.shape[0] - size[1]) // 2, (canvas.shape[1] - size[0]) // 2
    canvas[y0 : y0 + size[1], x0 : x0 + size[0]] = scaled
    blurred = cv2.GaussianBlur(canvas, (0, 0), 0.9)
    centred = blurred - blurred.mean()
    norm = float(np.linalg.norm(centred))
    return centred / norm if norm > 0 else None


@lru_cache(maxsize=1)
def _templates() -> tuple[tuple[str, FloatImage], ...]:
    """Templates of ``T``, ``C`` and the digits from Pillow's built-in font, with variants.

    Variants cover common monospaced shapes: bold strokes, a dotted or slashed zero and a
    one with a foot.
    """
    font = ImageFont.load_default(size=48)
    variants = {("0", "dot"), ("0", "slash"), ("1", "foot")}
    out: list[tuple[str, FloatImage]] = []
    for ch in GLYPHS:
        for stroke in (0, 2):
            for extra in ("", "dot", "slash", "foot"):
                if extra and (ch, extra) not in variants:
                    continue
                img = Image.new("L", (80, 80), 0)
                draw = ImageDraw.Draw(img)
                draw.text(
                    (40, 40),
                    ch,
                    font=font,
                    fill=255,
                    anchor="mm",
                    stroke_width=stroke,
                    stroke_fill=255,
                )
                box = img.getbbox() or (0, 0, 80, 80)
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                w = 4 + stroke
                if extra == "dot":
                    draw.ellipse((cx - w, cy - w, cx + w, cy + w), fill=255)
                elif extra == "slash":
                    draw.line(
                        [(box[2] - 4, box[1] + 6), (box[0] + 4, box[3] - 6)], fill=255, width=w
                    )
                elif extra == "foot":
                    draw.line(
                        [(box[0] - 2, box[3] - 2), (box[2] + 6, box[3] - 2)], fill=255, width=w
                    )
                ink = np.asarray(img, np.float32) / 255.0
                for squeeze in (0.75, 1.0):
                    for shear in (0.0, 0.2):  # upright and oblique (italic) faces
                        warp = np.array([[squeeze, -shear, 80 * shear], [0, 1, 0]], np.float32)
                        warped = cv2.warpAffine(ink, warp, (80, 80)).astype(np.float32)
                        glyph = _normalise_glyph(warped)
                        if glyph is not None:
                            out.append((ch, glyph))
    return tuple(out)


def _holes(ink: FloatImage, levels: tuple[float, ...] = (0.5, 0.8)) -> list[tuple[float, float]]:
    """Centres ``(y, x)`` (as fractions of the glyph's box) of the holes in a glyph's ink:
    paper below half the strongest ink, or where that finds none, below 0.8 of it (blur
    greys the small holes of bold digits; thin strokes would break at that level); or
    below each of other ``levels`` in turn."""
    ys, xs = np.nonzero(ink > 0.35 * float(ink.max()))
    h, w = ys.max() + 1 - ys.min(), xs.max() + 1 - xs.min()
    f = max(1.0, 32 / h)
    crop = cv2.resize(
        ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1],
        (max(1, round(w * f)), max(1, round(h * f))),
        interpolation=cv2.INTER_LINEAR,
    )
    holes: list[tuple[float, float]] = []
    for level in levels:
        paper = np.pad(crop < level * float(crop.max()), 1, constant_values=True)
        _, labels, stats, centroids = cv2.connectedComponentsWithStats(
            paper.astype(np.uint8), connectivity=4
        )
        outside = labels[0, 0]
        holes = [
            (float(y - 1) / crop.shape[0], float(x - 1) / crop.shape[1])
            for i, (x, y) in enumerate(centroids)
            if i and i != outside and stats[i, 4] >= 0.015 * crop.size
        ]
        if holes:
            break
    return holes


@dataclass(frozen=True)
class _Shape:
    """Font-independent traits of a glyph's ink."""

    holes: list[tuple[float, float]]  # centres (y, x) as fractions of the glyph's box
    top_bar: float  # fraction of the width inked along the top (T, 5, 7 have a bar)
    left_wall: float  # fraction of the height inked along the left side (C, 0, 6 have one)
    aspect: float  # width over height


def _shape(ink: FloatImage) -> _Shape:
    """Measure the traits of a glyph's ink."""
    dark = ink > 0.5 * float(ink.max())
    ys, xs = np.nonzero(dark)
    box = dark[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    h, w = box.shape
    top = box[: max(2, round(0.15 * h))].any(axis=0)
    left = box[:, : max(1, round(0.3 * w))].any(axis=1)
    bar = float(np.ptp(np.flatnonzero(top)) + 1) / w
    return _Shape(_holes(ink), bar, float(left.mean()), w / h)


#: The ink level, of the strongest, below which paper is a hole a thin stroke closes.
_THIN_STROKES = (0.3,)
#: How much a glyph's score for a character drops when its strokes do not fit it.
_STROKES_OFF = 0.2


def _strokes_fit(ch: str, shape: _Shape) -> bool:
    """Whether a glyph's bar and wall allow ``ch`` in common fonts."""
    if ch in "T7" and shape.top_bar < 0.6:
        return False
    if ch == "1" and shape.top_bar > 0.9 and shape.aspect > 0.6:  # a wide bar: T, not 1
        return False
    return not ((ch in "C06" and shape.left_wall < 0.75) or (ch == "7" and shape.left_wall > 0.85))


def _holes_fit(ch: str, holes: list[tuple[float, float]]) -> bool:
    """Whether a glyph's holes allow ``ch`` in common fonts."""
    n = len(holes)
    if ch == "0":
        return n >= 1 and all(0.2 < y < 0.8 for y, _ in holes)
    if ch == "6":
        return n == 1 and holes[0][0] > 0.5
    if ch == "9":
        return n == 1 and holes[0][0] < 0.5
    if ch == "8":
        return n == 2 and abs(holes[0][1] - holes[1][1]) < 0.2
    if ch == "4":
        return n <= 1
    return n == 0


def classify_glyph(ink: FloatImage, magnified: float = 1.0) -> dict[str, float]:
    """Correlation of a glyph's ink with each character of :data:`GLYPHS` (best variant),
    lowered for characters whose top bar (T, 7), left wall (C, 0, 6; not 7) or holes
    (0, 6, 8, 9) the glyph does not have; ``magnified`` says how many times the glyph was
    enlarged from the picture's pixels (holes of small glyphs close up)."""
    glyph = _normalise_glyph(ink)
    scores = dict.fromkeys(GLYPHS, -1.0)
    if glyph is None:
        return scores
    for ch, template in _templates():
        scores[ch] = max(scores[ch], float((glyph * template).sum()))
    ys = np.flatnonzero((ink > 0.35 * float(ink.max())).any(axis=1))
    # Holes of small glyphs close up: the smaller the glyph, the less they weigh.
    hole_penalty = float(np.clip(((ys[-1] - ys[0]) / magnified - 7) / 6, 0.0, 1.0)) * 0.2
    shape = _shape(ink)
    return {
        ch: s
        - (0.0 if _strokes_fit(ch, shape) else _STROKES_OFF)
        - (0.0 if _holes_fit(ch, shape.holes) else hole_penalty)
        for ch, s in scores.items()
    }


def _readings(scores: dict[str, float], p: Params, widen: float = 1.0) -> set[str]:
    """The characters a glyph may be: the best and those within ``widen`` margins of it."""
    best = max(scores.values())
    if best < p.glyph_score:
        return set()
    return {ch for ch, s in scores.items() if s >= best - widen * p.glyph_margin}


# ------------------------------------------------------------------------ the board


@dataclass(frozen=True)
class _Grid:
    """An axis-aligned 10 x 10 lattice in working-picture pixels (``plain``: a plain
    board's, from its flat region's box)."""

    left: float
    top: float
    pitch_x: float
    pitch_y: float
    plain: bool = False

    def box(self, cell: Cell, inset: float) -> tuple[int, int, int, int]:
        """Pixel rows and columns ``(y0, y1, x0, x1)`` of a cell shrunk by ``inset``."""
        r, c = cell
        x0 = self.left + (c + inset) * self.pitch_x
        y0 = self.top + (r + inset) * self.pitch_y
        x1 = self.left + (c + 1 - inset) * self.pitch_x
        y1 = self.top + (r + 1 - inset) * self.pitch_y
        return round(y0), round(y1), round(x0), round(x1)


def _gradient(img: RGBImage, blur: float) -> FloatImage:
    """Largest per-channel Sobel gradient magnitude (about one unit per grey level step) of
    ``img`` blurred by ``blur`` pixels (channel by channel: splitting a float copy of the
    picture costs more than the rest)."""
    out = np.zeros(img.shape[:2], np.float32)
    for channel in cv2.split(img):
        smooth = cv2.GaussianBlur(channel.astype(np.float32), (0, 0), blur)
        for dx, dy in ((1, 0), (0, 1)):
            np.maximum(out, np.abs(cv2.Sobel(smooth, cv2.CV_32F, dx, dy, ksize=3)), out=out)
    return out / np.float32(4.0)


def _fit_axis(centres: NDArray[np.float64], pitch: float) -> tuple[float, float, int, int] | None:
    """Fit ``centre = a + pitch * k``: returns ``(a, pitch, kmin, kmax)`` or None if ragged."""
    k = np.round((centres - centres.min()) / pitch)
    for _ in range(2):
        spread = k - k.mean()
        a = float(centres.mean())
        if spread.any():  # least squares, in closed form
            pitch = float(spread @ centres / (spread @ spread))
            a -= pitch * float(k.mean())
        k = np.round((centres - a) / pitch)
    residual = np.abs(centres - (a + pitch * k))
    if np.median(residual) > 0.08 * pitch or pitch <= 0:
        return None
    good = residual < 0.2 * pitch
    return a, pitch, int(k[good].min()), int(k[good].max())


class _OtherSize(str):
    """Why a lattice of cells was refused: it is not 10 x 10."""


class _Short(_OtherSize):
    """A lattice a cell or two short of 10 x 10 along its sides, none over: it may be a
    board whose outer cells joined the page around it (an outline lost to blur)."""


def _cell_lattices(
    stats: NDArray[np.int32], shape: tuple[int, ...], p: Params
) -> Iterator[_Grid | str]:
    """Lattices of flat square cell interiors (``stats`` of the flat regions of a picture of
    ``shape``); a string names a lattice of the wrong size, or one whose squares stand in
    too few of its cells (a field's empty cells are most of it: :attr:`Params.min_cover`)."""
    x, y, w, h, area = (stats[1:, i].astype(np.float64) for i in range(5))
    side = max(shape[:2]) / 8
    ok = (w >= 5) & (h >= 5) & (w <= side) & (h <= side)
    ok &= (w / np.maximum(h, 1) > 0.7) & (w / np.maximum(h, 1) < 1.4) & (area > 0.45 * w * h)
    idx = np.nonzero(ok)[0]
    if len(idx) < p.min_cells:
        return
    # the most common size (a histogram of log sizes: the bin with most squares in it and
    # its neighbours, then in itself), the median size of those squares, and the squares
    # within 15 % of it
    bins = np.round(np.log(np.column_stack([w[idx], h[idx]])) / 0.1).astype(np.int64)
    # the bins as one number each: np.unique of rows is slow
    flat_keys, counts = np.unique(bins[:, 0] * 4096 + bins[:, 1], return_counts=True)
    keys = np.column_stack([flat_keys // 4096, flat_keys % 4096])
    near = np.abs(keys[:, None, :] - keys[None, :, :]).max(axis=2) <= 1
    best = keys[np.lexsort((counts, near @ counts))[-1]]
    common = idx[np.abs(bins - best).max(axis=1) <= 1]
    w0, h0 = float(np.median(w[common])), float(np.median(h[common]))
    members = idx[(np.abs(w[idx] - w0) < 0.15 * w0) & (np.abs(h[idx] - h0) < 0.15 * h0)]
    if not p.min_cells <= len(members) <= p.max_cells:
        return
    cx = x[members] + w[members] / 2
    cy = y[members] + h[members] / 2
    pitches = []
    for centres, across, size in ((cx, cy, w[members]), (cy, cx, h[members])):
        gaps = np.abs(centres[:, None] - centres[None, :])
        same_line = np.abs(across[:, None] - across[None, :]) < 0.3 * size[:, None]
        gaps = np.where(same_line & (gaps > 0.6 * size[:, None]), gaps, np.inf).min(axis=1)
        gaps = gaps[np.isfinite(gaps)]
        if len(gaps) < p.min_cells // 2:
            return
        pitches.append(float(np.median(gaps)))
    fx, fy = _fit_axis(cx, pitches[0]), _fit_axis(cy, pitches[1])
    if fx is None or fy is None:
        return
    cols, rows = fx[3] - fx[2] + 1, fy[3] - fy[2] + 1
    if (rows, cols) != (SIZE, SIZE):
        short = min(rows, cols) >= SIZE - 2 and max(rows, cols) <= SIZE
        yield (_Short if short else _OtherSize)(
            f"the board is {cols} x {rows} cells, not {SIZE} x {SIZE}"
        )
        return
    rows_at = np.round((cy - fy[0]) / fy[1])
    cols_at = np.round((cx - fx[0]) / fx[1])
    inside = (rows_at >= fy[2]) & (rows_at <= fy[3]) & (cols_at >= fx[2]) & (cols_at <= fx[3])
    covered = set(zip(rows_at[inside], cols_at[inside], strict=True))
    cover = len(covered)
    # a checkered board whose squares of one colour joined the page around it (as pale as
    # they are, or lit so by glare) shows its flat squares on the other colour's cells
    # alone: most of one parity's cells hold one, as most of a field's cells do
    share = max(sum((r + c) % 2 == k for r, c in covered) for k in (0, 1)) / (SIZE * SIZE / 2)
    if cover < p.min_cover and share < p.min_cover / (SIZE * SIZE):
        yield f"flat squares in only {cover} of the lattice's {SIZE * SIZE} cells"
        return
    yield _Grid(fx[0] + (fx[2] - 0.5) * fx[1], fy[0] + (fy[2] - 0.5) * fy[1], fx[1], fy[1])


def _plain_square(
    labels: NDArray[np.int32], i: int, row: NDArray[np.int32], least: float, min_rim: float
) -> _Grid | None:
    """Region ``i`` of ``labels`` (its ``stats`` ``row``) as a plain board divided into
    10 x 10 cells, if it is a flat square at least ``least`` pixels wide with pieces on it.
    A flat frame (the page around a board) is no board: a board's middle is mostly its own
    flat colour, whatever pieces stand there. Nor is a flat patch of a wallpaper: a board
    has an outline, so at least ``min_rim`` of its rim is its own flat colour."""
    x, y, w, h, area = (int(v) for v in row)
    if min(w, h) < least or not 0.9 < w / h < 1.11:
        return None
    middle = labels[y + h // 4 : y + h - h // 4, x + w // 4 : x + w - w // 4]
    if 0.55 * w * h < area < 0.995 * w * h and (middle == i).mean() > 0.3:
        box = labels[y : y + h, x : x + w] == i
        band = max(1, round(0.02 * min(w, h)))
        rim = np.concatenate(
            [box[:band].ravel(), box[-band:].ravel(), box[:, :band].ravel(), box[:, -band:].ravel()]
        )
        if rim.mean() >= min_rim:
            return _Grid(x, y, w / SIZE, h / SIZE, plain=True)
    return None


def _parted(small: FloatImage, inside: Mask, p: Params) -> _Grid | None:
    """A plain board only a shade off the page around it (no edge parts them, so they make
    one flat region, ``inside``, a mask of ``small`` cut to the region's box): the part of
    the region nearer the colour of its middle than of its rim, if that is a board."""
    h, w = inside.shape
    middle = (slice(h // 4, h - h // 4, 3), slice(w // 4, w - w // 4, 3))
    rim = np.concatenate([inside[[0, -1], ::3].ravel(), inside[::3, [0, -1]].ravel()])
    if inside[middle].mean() < 0.3 or rim.sum() < 10:
        return None
    edge = np.concatenate([small[[0, -1], ::3].reshape(-1, 3), small[::3, [0, -1]].reshape(-1, 3)])
    inner, outer = _median(small[middle][inside[middle]]), _median(edge[rim])
    if float(np.linalg.norm(inner - outer)) < p.parted:
        return None
    # nearer ``inner`` than ``outer``: beyond the plane halfway between them (the picture
    # is projected on the axis first: resampling and blurring one channel is cheaper)
    along = np.asarray(cv2.transform(small, (inner - outer).reshape(1, 3)), np.float32)
    level = float(inner @ inner - outer @ outer) / 2
    least = 0.6 * min(h, w)
    # a quick look at a copy halved: the largest part must be a square there too
    halved = cv2.resize(along, ((w + 1) // 2, (h + 1) // 2), interpolation=cv2.INTER_AREA)
    coarse = inside[::2, ::2] & (halved > level)
    _, _, stats, _ = cv2.connectedComponentsWithStats(coarse.astype(np.uint8), connectivity=4)
    if len(stats) < 2:
        return None
    _, _, cw, ch, _ = stats[1 + int(np.argmax(stats[1:, 4]))]
    if min(cw, ch) < 0.45 * least or not 0.8 < cw / ch < 1.25:
        return None
    part = inside & (cv2.GaussianBlur(along, (0, 0), 1.5) > level)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(part.astype(np.uint8), connectivity=4)
    if len(stats) < 2:
        return None
    largest = 1 + int(np.argmax(stats[1:, 4]))
    return _plain_square(np.asarray(labels, np.int32), largest, stats[largest], least, p.plain_rim)


def _plain_boards(
    small: FloatImage, stats: NDArray[np.int32], labels: NDArray[np.int32], p: Params, part: bool
) -> Iterator[_Grid]:
    """Large flat squares with pieces on them (plain boards), largest first, divided into
    10 x 10 cells (:func:`_plain_square`); with ``part``, then a board parted by colour
    from the largest flat region (:func:`_parted`)."""
    least = 0.2 * min(small.shape[:2])
    order = np.argsort(-stats[1:, 4])[:4] + 1
    for i in order:
        square = _plain_square(labels, int(i), stats[i], least, p.plain_rim)
        if square is not None:
            yield square
    x, y, w, h, _ = (int(v) for v in stats[order[0]]) if len(order) else (0, 0, 0, 0, 0)
    if part and min(w, h) >= least:
        box = (slice(y, y + h), slice(x, x + w))
        parted = _parted(small[box], labels[box] == order[0], p)
        if parted is not None:
            yield replace(parted, left=parted.left + x, top=parted.top + y)


def _same_lattice(a: _Grid, b: _Grid, inset: float) -> bool:
    """Whether every side of lattice ``a`` lies within ``inset`` of a cell of ``b``'s."""
    sa, sb = (
        np.array([g.left, g.top, g.left + SIZE * g.pitch_x, g.top + SIZE * g.pitch_y])
        for g in (a, b)
    )
    return bool(np.all(np.abs(sa - sb) < inset * np.array([b.pitch_x, b.pitch_y] * 2)))


def _board_grids(reduced: RGBImage, p: Params) -> Iterator[_Grid | str]:
    """Candidate boards in the reduced picture (cell lattices, then plain squares), each once;
    a string names a lattice of the wrong size.

    A lattice is the same as one seen when each of its sides lies within a cell's inset
    (:attr:`Params.inset`) of that one's: beyond, its cells' windows take in what the other
    lattice's leave out (a page's ring joined to a plain board at its soft corners, then
    the board alone, parted by colour, a few pixels in).

    Where no threshold of :attr:`Params.flat_thresholds` shows a whole lattice of cells
    (10 x 10 or of another size: its cells are apart already; one a cell or two short of
    10 x 10 may be a board whose outer cells joined the page, :class:`_Short`), a finer one
    (:attr:`Params.fine_flat`) is tried for lattices alone: the cells of one colour on a
    checkered board meet at their corners, where the gradient between pale squares
    vanishes, so blur and a photo's light join them into one flat region (a lattice of
    flat squares in too few of its cells, or none)."""
    grad = _gradient(reduced, 0.7)
    small = reduced.astype(np.float32)
    seen: list[_Grid] = []
    lattices = 0
    for k, threshold in enumerate((*p.flat_thresholds, p.fine_flat)):
        fine = k == len(p.flat_thresholds)
        if fine and lattices:
            break
        flat = (grad < threshold).astype(np.uint8)
        _, labels, found, _ = cv2.connectedComponentsWithStats(flat, connectivity=4)
        stats = np.asarray(found, dtype=np.int32)
        cells = list(_cell_lattices(stats, flat.shape, p))
        lattices += sum(
            isinstance(g, _Grid | _OtherSize) and not isinstance(g, _Short) for g in cells
        )
        regions = np.asarray(labels, np.int32)
        plain = [] if fine else _plain_boards(small, stats, regions, p, k == 0)
        for grid in [*cells, *plain]:
            if isinstance(grid, _Grid):
                if any(_same_lattice(grid, g, p.inset) for g in seen):
                    continue
                seen.append(grid)
            yield grid


def _resampled(image: RGBImage, grid: _Grid, p: Params) -> tuple[FloatImage, _Grid]:
    """The board (``grid`` in ``image`` pixels) with half a cell around it, resampled to
    :attr:`Params.cell_px` pixels a cell and smoothed; and its grid there."""
    height, width = image.shape[:2]
    x0 = max(0, int(np.floor(grid.left - grid.pitch_x / 2)))
    y0 = max(0, int(np.floor(grid.top - grid.pitch_y / 2)))
    x1 = min(width, int(np.ceil(grid.left + (SIZE + 0.5) * grid.pitch_x)))
    y1 = min(height, int(np.ceil(grid.top + (SIZE + 0.5) * grid.pitch_y)))
    fx, fy = p.cell_px / grid.pitch_x, p.cell_px / grid.pitch_y
    size = (max(1, round((x1 - x0) * fx)), max(1, round((y1 - y0) * fy)))
    shrink = fx < 1 and fy < 1
    board = cv2.resize(
        image[y0:y1, x0:x1],
        size,
        interpolation=cv2.INTER_AREA if shrink else cv2.INTER_LINEAR,
    ).astype(np.float32)
    board = cv2.GaussianBlur(board, (0, 0), p.smooth).astype(np.float32)
    fx, fy = size[0] / (x1 - x0), size[1] / (y1 - y0)
    return board, _Grid(
        (grid.left - x0) * fx, (grid.top - y0) * fy, grid.pitch_x * fx, grid.pitch_y * fy
    )


@dataclass
class _Cells:
    """What the board reader measured in each cell."""

    fraction: dict[Cell, float]
    color: dict[Cell, NDArray[np.float32]]
    centroid: dict[Cell, tuple[float, float]]
    weak: dict[Cell, float]
    tinted: dict[Cell, float]  # fraction off the background by ``weak`` in hue, not only light
    pale: set[Cell]  # cells whose piece is short of ink but tints most of the cell
    strength: dict[Cell, float]  # distance from the background of the strongest marks
    extent: dict[Cell, float]  # fraction of the cell at over half that distance (a shape)
    hue: dict[Cell, float]  # and in hue alone (what light does not change)
    centre: dict[Cell, float]  # colour distance of the cell's middle (mean) from its rim (median)
    background: dict[Cell, NDArray[np.float32]]  # each cell's background colour


def _strongest(values: FloatImage, share: float) -> float:
    """The least of the largest ``share`` of ``values`` (a quantile, by partition)."""
    flat = values.ravel()
    k = min(flat.size - 1, int((1 - share) * flat.size))
    return float(np.partition(flat, k)[k])


def _median(pixels: FloatImage) -> NDArray[np.float32]:
    """The per-channel median colour of some pixels."""
    return np.median(pixels.reshape(-1, 3), axis=0).astype(np.float32)


def _background_colors(
    outers: dict[Cell, FloatImage], p: Params
) -> dict[Cell, NDArray[np.float32]]:
    """Each cell's background colour, under uneven light.

    A cell's own commonest colour is its background unless the snake fills it. Filled
    cells are told by a rim (the cell's edge) unlike the middle in another way than most
    cells' (on tiles every rim is the gap's colour), or by a colour far from most cells of
    their parity (within a block of the body, the rim is the body's too). A cell far from
    the median of the unfilled cells of its parity (checkered boards) around it takes that
    median instead, unless it is unfilled and only differs from it as light does
    (:func:`_relit`).
    """
    own = np.zeros((SIZE, SIZE, 3), np.float32)
    rims = np.zeros((SIZE, SIZE, 3), np.float32)
    for (r, c), win in outers.items():
        band = max(1, round(p.rim * win.shape[0]))
        edge = [win[:band], win[-band:], win[:, :band], win[:, -band:]]
        rims[r, c] = _median(np.concatenate([e.reshape(-1, 3)[::2] for e in edge]))
        own[r, c] = _dominant(win[::2, ::2].reshape(-1, 3))  # every fourth pixel will do
    inside = own - rims
    filled = np.linalg.norm(inside - np.median(inside.reshape(-1, 3), axis=0), axis=2) > p.ink
    rows, cols = np.mgrid[0:SIZE, 0:SIZE]
    for k in (0, 1):  # and cells far from all of their parity (a block of the body)
        parity = (rows + cols) % 2 == k
        typical = np.median(own[parity], axis=0)
        far = parity & (np.linalg.norm(own - typical, axis=2) > 2 * p.ink)
        filled |= far & ~_glared(own, typical, p)
    out = {}
    for (r, c), color in np.ndenumerate(own[..., 0]):
        color = own[r, c]
        usable = ~filled & ((rows + cols - r - c) % 2 == 0)
        reach = np.maximum(np.abs(rows - r), np.abs(cols - c))
        for radius in (2, 3, 5, SIZE):
            around = own[usable & (reach <= radius)]
            if len(around) >= 3:
                break
        local = np.median(around, axis=0) if len(around) else color
        near = float(np.linalg.norm(color - local)) < p.weak
        out[(r, c)] = color if near or (not filled[r, c] and _relit(color, local, p)) else local
    return out


def _glared(
    colors: NDArray[np.float32], reference: NDArray[np.float32], p: Params
) -> NDArray[np.bool_]:
    """Whether each of ``colors`` is ``reference`` with some white added (a glare spot):
    lighter by at most :attr:`Params.glare_light`, in grey only."""
    diff = colors - reference
    light = diff.mean(axis=-1)
    off_grey = np.linalg.norm(diff - light[..., None], axis=-1)
    return np.asarray((light > 0) & (light < p.glare_light) & (off_grey < p.weak))


def _whitened(color: NDArray[np.float32], base: NDArray[np.float32], p: Params) -> bool:
    """Whether ``color`` is ``base`` with white added or taken (a glare spot, or less of
    one): every channel lifted alike up to the sensor's top, where it stops (glare over a
    pale board turns it white: the channels already near the top gain less)."""
    below = color < p.clipped
    light = float((color - base)[below].mean()) if below.any() else float((color - base).max())
    return float(np.linalg.norm(color - np.minimum(base + light, 255))) < p.weak


def _relit(color: NDArray[np.float32], local: NDArray[np.float32], p: Params) -> bool:
    """Whether ``color`` is ``local`` in other light: with white added (a glare spot, on
    either: :func:`_whitened`) or scaled (a light gradient), rather than another colour."""
    if _whitened(color, local, p) or _whitened(local, color, p):
        return True
    factor = float(color @ local) / max(float(local @ local), 1.0)
    return 0.6 < factor < 1.6 and float(np.linalg.norm(color - factor * local)) < p.weak


@lru_cache(maxsize=8)
def _plane_coords(h: int, w: int) -> FloatImage:
    """``(1, x, y)`` at each pixel of an ``h`` x ``w`` window, ``x`` and ``y`` in -0.5..0.5."""
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    return np.stack([np.ones_like(xs), xs / w - 0.5, ys / h - 0.5], axis=-1)


def _background(outer: FloatImage, color: NDArray[np.float32], p: Params) -> FloatImage:
    """A cell's background under a light gradient or a glare spot: a colour plane fitted to
    the pixels of the cell window ``outer`` near its background ``color``."""
    coords = _plane_coords(*outer.shape[:2])
    plane = np.zeros((3, 3), np.float32)
    plane[0] = color
    for limit in (p.ink, p.weak):
        keep = _distance(outer, coords @ plane) < limit
        if keep.mean() < 0.3:
            break
        plane = np.linalg.lstsq(coords[keep], outer[keep], rcond=None)[0].astype(np.float32)
    return np.asarray(coords @ plane, dtype=np.float32)


@lru_cache(maxsize=8)
def _middle_and_rim(h: int, w: int, p: Params) -> tuple[Mask, Mask]:
    """The middle of an ``h`` x ``w`` cell window (inset by :attr:`Params.inset`), where a
    piece is drawn, and its rim around it, as masks (radii in cells)."""
    ys, xs = np.mgrid[0:h, 0:w]
    radius = np.hypot((ys + 0.5) / h - 0.5, (xs + 0.5) / w - 0.5) * (1 - 2 * p.inset)
    return radius < p.middle, radius > p.rim_from


def _measure(img: FloatImage, grid: _Grid, p: Params) -> _Cells:
    """Foreground fraction, dominant colour and centroid of every cell, against its own
    background: a flat colour (:func:`_background_colors`), or a fitted plane
    (:func:`_background`) where the flat colour leaves faint marks."""
    outers = {}
    for cell in ((r, c) for r in range(SIZE) for c in range(SIZE)):
        y0, y1, x0, x1 = grid.box(cell, p.outer)
        outers[cell] = img[y0:y1, x0:x1]
    colors = _background_colors(outers, p)
    out = _Cells({}, {}, {}, {}, {}, set(), {}, {}, {}, {}, colors)
    inset = (p.inset - p.outer) / (1 - 2 * p.outer)
    for cell, outer in outers.items():
        h, w = outer.shape[:2]
        inner = (
            slice(round(inset * h), h - round(inset * h)),
            slice(round(inset * w), w - round(inset * w)),
        )
        win = outer[inner]
        diff = win - colors[cell]
        for fitted in (False, True):
            dist = np.sqrt((diff**2).sum(axis=-1))
            marks = dist > p.weak
            hue = np.sqrt(((diff - diff.mean(axis=-1, keepdims=True)) ** 2).sum(axis=-1))
            tinted = float((marks & (hue > p.weak)).mean())
            fg = dist > p.ink
            # a piece tints most of its cell in hue, and no plane is fitted under it: light
            # spreads grey over part of a cell, and a plane fitted to a piece in a colour
            # near the board's (within the ink) takes the piece for its board; such a piece
            # short of ink is pale
            tints = tinted > p.solid
            pale = tints and fg.mean() < p.occupied
            if pale:
                fg = marks
                out.pale.add(cell)
            if fitted or tints or marks.mean() <= p.faint:
                break
            diff = win - _background(outer, colors[cell], p)[inner]
        out.fraction[cell] = float(fg.mean())
        out.weak[cell] = float(marks.mean())
        out.tinted[cell] = tinted
        out.strength[cell] = _strongest(dist, p.mark_share)
        out.extent[cell] = float((dist > out.strength[cell] / 2).mean())
        out.hue[cell] = _strongest(hue, p.mark_share)
        middle, rim = _middle_and_rim(*win.shape[:2], p)
        out.centre[cell] = float(np.linalg.norm(win[middle].mean(axis=0) - _median(win[rim])))
        # the piece's colour and centre (or a faint mark's, which may be a faint piece)
        shape = fg if fg.sum() >= 3 else marks
        if shape.sum() >= 3:
            # the piece's own colour is in its core: blur mixes its edges with the board
            core = shape & (dist >= np.median(dist[shape]))
            out.color[cell] = _dominant(win[core])
            ys, xs = np.nonzero(shape)
            out.centroid[cell] = (
                float(ys.mean()) / shape.shape[0] - 0.5,
                float(xs.mean()) / shape.shape[1] - 0.5,
            )
    return out


def _group_colors(
    cells: list[Cell], measured: _Cells, p: Params, saturation: bool = False
) -> list[list[Cell]]:
    """Occupied cells grouped by dominant colour (greedy, largest groups first); a colour
    (not a grey) that differs by grey only (a glare spot adds white, up to
    :attr:`Params.glare_light`: a pastel beside a dark shade of its hue is another piece)
    is the same colour.
    Dark colours lie close together however unlike their hues: two colours both off grey
    (:attr:`Params.hue_floor`) whose hues point apart (:attr:`Params.hue_apart`) are
    two, however near (a slate tree beside a plum body); light changes a colour's
    brightness and greyness, not where its hue points.
    White added stops at the sensor's top (:func:`_whitened`): a saturated colour under
    glare gains less in the channel already near it, so its offset from grey turns
    (a blue body's cells lit to 102,186,250 beside their own 31,109,205).
    A cell joins the nearest group whose colour is its own so (a body's cell may pass for
    its darker head's shade with white added, and for its own body's colour too).
    With ``saturation`` (where the colours found no body), two colours of which one is
    over :attr:`Params.saturation_apart` times as far from grey for its brightness
    (:func:`_saturation_apart`) are two, however near."""
    groups: list[tuple[NDArray[np.float32], list[Cell]]] = []
    boards = _board_light(measured)
    for cell in cells:
        color = measured.color[cell]
        takers = [
            (float(np.linalg.norm(centre - color)), members)
            for centre, members in groups
            if _one_color(centre, color, p, saturation, (boards[members[0]], boards[cell]))
        ]
        if takers:
            min(takers, key=lambda taker: taker[0])[1].append(cell)
        else:
            groups.append((color, [cell]))
    return sorted((members for _, members in groups), key=len, reverse=True)


def _board_light(measured: _Cells) -> dict[Cell, tuple[float, float]]:
    """Each cell's board: how much lighter its background is than the median of its
    parity's (checkered boards have two colours), and that median's brightness."""
    out = {}
    for k in (0, 1):
        cells = [c for c in measured.background if sum(c) % 2 == k]
        typical = np.median(np.array([measured.background[c] for c in cells]), axis=0)
        for c in cells:
            out[c] = (float(measured.background[c].mean() - typical.mean()), float(typical.mean()))
    return out


def _board_follows(
    centre: NDArray[np.float32],
    color: NDArray[np.float32],
    boards: tuple[tuple[float, float], tuple[float, float]],
    p: Params,
) -> bool:
    """Whether the boards under two pieces, one lighter than the other by grey only, are
    lit alike: light over a cell lifts its board with its piece, glare by as much (white
    added; up to the sensor's top) and a light gradient in proportion (it scales both), so
    the lighter piece's board is lighter too, relative to its parity's, by at least
    :attr:`Params.board_follows` of what either would lift it. Two pieces in shades of one
    hue on boards lit alike (dark trees and a paler body of their hue) are two colours."""
    (lift_a, base_a), (lift_b, base_b) = boards
    light = float(color.mean() - centre.mean())  # how much lighter ``color`` is
    if light < 0:
        light, lift_a, lift_b, base_b, piece = -light, lift_b, lift_a, base_a, float(color.mean())
    else:
        piece = float(centre.mean())
    # the lighter piece's board: room left under the sensor's top, and its share of a
    # gradient's lift (a board darker than the piece is lifted less)
    expected = min(light, p.clipped - base_b - lift_b, light * base_b / max(piece, 1.0))
    return lift_b - lift_a >= p.board_follows * expected


def _one_color(
    centre: NDArray[np.float32],
    color: NDArray[np.float32],
    p: Params,
    saturation: bool = False,
    boards: tuple[tuple[float, float], tuple[float, float]] | None = None,
) -> bool:
    """Whether ``color`` is a group's ``centre`` colour (:func:`_group_colors`; two colours
    unlike in ``saturation``, where asked, are two unless one is the other lit; with
    ``boards``, the two pieces' :func:`_board_light`, one is the other lit only where their
    boards are lit alike, :func:`_board_follows`)."""
    diff = centre - color
    lit = (
        float(np.linalg.norm(diff - diff.mean())) < p.glare_tint
        or _whitened(color, centre, p)
        or _whitened(centre, color, p)
    )
    glare = (
        lit
        and _chroma(color) > p.glare_tint
        and abs(float(diff.mean())) < p.glare_light
        and (boards is None or _board_follows(centre, color, boards, p))
    )
    return glare or (
        float(np.linalg.norm(diff)) < p.same_color
        and not _hues_apart(centre, color, p)
        and not (saturation and _saturation_apart(centre, color, p))
    )


def _saturation_apart(a: NDArray[np.float32], b: NDArray[np.float32], p: Params) -> bool:
    """Whether one of two colours is over :attr:`Params.saturation_apart` times as far from
    grey for its brightness as the other, the more saturated one off grey by twice
    :attr:`Params.hue_floor`: shade scales a colour's offset from grey with its brightness,
    so it keeps that ratio, and glare adds grey (:func:`_one_color` takes a colour lit so
    before this is asked), so neither makes a near-grey of a saturated colour (grey trees
    and a purple body brought within :attr:`Params.same_color` by a photo's veiling
    light)."""
    sa, sb = (_chroma(c) / max(float(c.mean()), 1.0) for c in (a, b))
    if max(_chroma(a), _chroma(b)) < 2 * p.hue_floor:
        return False
    return max(sa, sb) > p.saturation_apart * max(min(sa, sb), 1e-3)


def _drawn_groups(
    img: FloatImage,
    grid: _Grid,
    colored: list[list[Cell]],
    measured: _Cells,
    p: Params,
) -> tuple[list[list[Cell]], list[list[Cell]]]:
    """The colour groups of the occupied cells (``colored``, from :func:`_group_colors`),
    and those drawn across cell borders (a body); a drawn group in pieces is parted
    (:func:`_apart`)."""
    groups, drawn = [], []
    for group in colored:
        if len(group) < 2 or not _linked(img, grid, group, measured, p):
            groups.append(group)
            continue
        parts = _apart(group)
        groups += parts
        drawn += [part for part in parts if len(part) >= 2]
    return sorted(groups, key=len, reverse=True), drawn


def _clusters(group: list[Cell], measured: _Cells, p: Params) -> list[list[Cell]]:
    """A colour group as two where its colours fall in two tight clusters far apart: cut
    at the widest gap along the colours' main axis, the two sides' medians apart by
    :attr:`Params.weak` and :attr:`Params.cluster_gap` times as far as any cell of either
    side lies from its own median. Pieces of one kind are drawn in one colour and light
    varies it smoothly over the board, so it leaves no gap between two tight clusters
    (dark brown digits beside brown trees, 40 apart, each within 3 of its own)."""
    if len(group) < 4:
        return [group]
    colors = np.array([measured.color[c] for c in group], np.float64)
    centred = colors - colors.mean(axis=0)
    axis = np.linalg.svd(centred, full_matrices=False)[2][0]
    along = centred @ axis
    order = np.argsort(along)
    cut = int(np.argmax(np.diff(along[order]))) + 1
    sides = [order[:cut], order[cut:]]
    medians = [np.median(colors[side], axis=0) for side in sides]
    spread = max(
        float(np.linalg.norm(colors[side] - median, axis=1).max())
        for side, median in zip(sides, medians, strict=True)
    )
    gap = float(np.linalg.norm(medians[0] - medians[1]))
    if gap < max(p.weak, p.cluster_gap * spread):
        return [group]
    return [[group[i] for i in sorted(side)] for side in sides]


def _apart(members: list[Cell]) -> list[list[Cell]]:
    """A body's colour group as pieces: its chain of cells, and single cells in its
    colour over two steps from every cell of it, are pieces apart (a cherry or trees
    drawn in the body's colour); else the group as it is. A segment cut off the body by
    one lost between lies two steps from it, so it never parts."""
    parts: list[set[Cell]] = []
    for cell in members:
        if not any(cell in part for part in parts):
            parts.append(component(members, cell))
    parts.sort(key=len, reverse=True)
    chain, rest = parts[0], parts[1:]
    if not rest or len(chain) < 2 or any(len(part) > 1 for part in rest):
        return [members]
    far = all(abs(r - a) + abs(c - b) > 2 for part in rest for r, c in part for a, b in chain)
    return [sorted(chain), *([c] for part in rest for c in part)] if far else [members]


def _lift(cell: Cell, measured: _Cells) -> float:
    """How much lighter a cell's piece is than its background (grey levels, signed)."""
    return float(measured.color[cell].mean() - measured.background[cell].mean())


def _nearest(color: NDArray[np.float32], cells: list[Cell], measured: _Cells) -> float:
    """The distance from ``color`` to the nearest of ``cells``' measured colours."""
    return min(float(np.linalg.norm(measured.color[c] - color)) for c in cells)


def _chroma(color: NDArray[np.float32]) -> float:
    """How far a colour is from grey."""
    return float(np.linalg.norm(color - color.mean()))


def _hues_apart(
    a: NDArray[np.float32], b: NDArray[np.float32], p: Params, degrees: float | None = None
) -> bool:
    """Whether two colours, both off grey by :attr:`Params.hue_floor`, have hues over
    ``degrees`` (:attr:`Params.hue_apart` by default) apart (the angle between their
    offsets from grey)."""
    da, db = a - a.mean(), b - b.mean()
    na, nb = float(np.linalg.norm(da)), float(np.linalg.norm(db))
    if min(na, nb) < p.hue_floor:
        return False
    apart = p.hue_apart if degrees is None else degrees
    return float(da @ db) / (na * nb) < np.cos(np.radians(apart))


def _chromaticity(color: NDArray[np.float32]) -> NDArray[np.float32]:
    """A colour divided by its brightness: shades of one colour share it."""
    return np.asarray(color / max(float(color.sum()), 1.0), dtype=np.float32)


def _redness(color: NDArray[np.float32]) -> float:
    """How much red dominates a colour (cherries are red, orange or pink)."""
    return float(color[0] - max(color[1], color[2]))


def cell_list(cells: Sequence[Cell]) -> str:
    """Cells as the user reads them: ``(2, 3), (4, 1)``."""
    return ", ".join(f"({r}, {c})" for r, c in sorted(cells))


@dataclass(frozen=True)
class _Reading:
    """A board or text reading before the rules check.

    ``closeness`` is the confidence to report when the reading fails: 0 where no field was
    found, :attr:`Params.in_doubt` where a field with a snake was found but not read
    consistently (the doubts then name the cells in doubt).
    """

    field: tuple[str, ...] | None
    doubts: tuple[str, ...]
    lattice: Lattice | None = None
    closeness: float = 0.0


def _in_doubt(reason: str, cells: Sequence[Cell], p: Params) -> _Reading:
    """A refused reading of a field that was found: the reason and the cells in doubt."""
    return _Reading(None, (f"{reason}: cells {cell_list(cells)} in doubt",), None, p.in_doubt)


def _read_board(img: FloatImage, grid: _Grid, p: Params, magnified: float = 1.0) -> _Reading:
    """Read one candidate board lattice of the resampled board picture (``magnified`` times
    the picture's size)."""
    y0, _, x0, _ = grid.box((0, 0), p.outer)
    _, y1, _, x1 = grid.box((SIZE - 1, SIZE - 1), p.outer)
    if min(y0, x0) < 0 or y1 > img.shape[0] or x1 > img.shape[1]:
        return _Reading(None, ("the board runs off the picture",))
    # the cheap look: a snake, a cherry and at most a few trees make cells uneven or unlike
    # the cells of their parity
    boxes = [grid.box((r, c), p.inset) for r in range(SIZE) for c in range(SIZE)]
    pixels = [img[y0:y1:2, x0:x1:2].reshape(-1, 3) for y0, y1, x0, x1 in boxes]
    means = np.array([px.mean(axis=0) for px in pixels]).reshape(SIZE, SIZE, 3)
    uneven = np.array([px.std(axis=0).max() for px in pixels]).reshape(SIZE, SIZE) > p.weak
    parity = np.add.outer(np.arange(SIZE), np.arange(SIZE)) % 2
    unlike = np.zeros((SIZE, SIZE), bool)
    for k in (0, 1):
        typical = np.median(means[parity == k], axis=0)
        unlike |= (parity == k) & (np.linalg.norm(means - typical, axis=2) > p.ink)
    busy = int((uneven | unlike).sum())
    if not 3 <= busy <= 60:
        return _Reading(None, (f"{busy} occupied cells",))
    measured = _measure(img, grid, p)
    occupied = sorted(c for c, f in measured.fraction.items() if f >= p.occupied)
    if not 3 <= len(occupied) <= 60:
        return _Reading(None, (f"{len(occupied)} occupied cells",))
    groups, drawn = _drawn_groups(img, grid, _group_colors(occupied, measured, p), measured, p)
    faint = [
        c
        for c, f in measured.fraction.items()
        if f < p.occupied
        and (f > p.faint or measured.weak[c] > p.pale)
        # glare, shade and moire only add or take grey, but not over much of a cell
        # once a plane is fitted under them
        and (measured.tinted[c] > p.faint or measured.weak[c] > p.grey_pale)
    ]
    limits = _mark_limits(occupied, measured, p)
    faint = sorted(
        c
        for c in {*faint, *_marked(occupied, measured, limits)}
        if not _spilled(img, grid, c, occupied, measured, limits, p)
    )
    if _faint_pieces(faint, occupied, measured, p):
        for cell in faint:
            measured.fraction[cell] = measured.extent[cell]
        occupied, faint = sorted([*occupied, *faint]), []
        groups, drawn = _drawn_groups(img, grid, _group_colors(occupied, measured, p), measured, p)
    if faint:
        if not drawn:
            return _Reading(None, (f"faint marks in {len(faint)} cells",))
        return _in_doubt("faint marks on the board", faint, p)
    overlaid = _overlaid(img, grid, occupied, measured, p)
    if overlaid:
        return _in_doubt("pieces running on beyond the board", overlaid, p)
    chains = [g for g in groups if len(g) >= 2 and connected(g)]
    unsplit: list[list[Cell]] = []  # the groups :func:`_clusters` parted, where it did
    if not chains and not drawn:
        # no colour group is a chain: a body grouped with pieces of its brightness but
        # near grey (a photo's veiling light brings their colours together)
        by_saturation = _group_colors(occupied, measured, p, saturation=True)
        groups, drawn = _drawn_groups(img, grid, by_saturation, measured, p)
        chains = [g for g in groups if len(g) >= 2 and connected(g)]
        if not chains and not drawn:
            # nor then: a body in a colour near the trees', each kind drawn in its own
            unsplit = by_saturation
            parts = [part for group in unsplit for part in _clusters(group, measured, p)]
            groups, drawn = _drawn_groups(img, grid, parts, measured, p)
            chains = [g for g in groups if len(g) >= 2 and connected(g)]
    if len(chains) > 1:  # neighbouring trees: only the body is drawn across cell borders
        chains = [g for g in chains if g in drawn] or chains
    if len(chains) != 1:
        if not drawn:
            return _Reading(None, (f"{len(chains)} candidate snakes",))
        if len(chains) > 1:
            return _in_doubt("two bodies", [c for g in chains for c in g], p)
        return _in_doubt("the snake's body is broken", drawn[0], p)
    body = chains[0]
    if len(body) > SIZE:
        return _in_doubt(f"a body of {len(body)} cells, longer than {SIZE}", body, p)
    body_color = np.median(np.array([measured.color[c] for c in body]), axis=0)
    others = [g for g in groups if g is not body]
    # A neighbour of the body in another shade of its colour can only be its head (the chain
    # from it must then cover the body).
    # A cell in another shade of the body's colour can only be its head, beside it (the
    # chain from it must then cover the body); it may have been grouped with the trees.
    # (the shade of any body cell: glare on some of them makes them paler)
    # Away from the body, a cell whose hue points elsewhere (:attr:`Params.shade_hue`) is
    # no piece of it: shading scales a colour's offset from grey and glare adds grey, so
    # neither turns its hue, while a photo's veiling light pulls dark trees'
    # chromaticities toward a paler body's.
    # Away from the body, a piece darker than its board where the body is lighter than its
    # own (or the other way round) is no shade of it: light over a cell lifts or lowers its
    # piece and its board alike (white digits on a pale board, dark trees, all near grey).
    # Beside it, a head darker than the board may shade a body lighter than it.
    # Pieces drawn alike (two or more) in a tight cluster of colour that :func:`_clusters`
    # cut off the body's are no shade of it: light varies smoothly, leaving no such gap
    # (and a snake has one head).
    shades = np.array([_chromaticity(measured.color[c]) for c in body])
    beside_body = {n for c in body for n in _neighbours(c)}
    polarity = float(np.median([_lift(c, measured) for c in body]))
    parent = next((g for g in unsplit if body[0] in g), body)
    cut_off = {c for g in others if len(g) >= 2 and set(g) <= set(parent) for c in g}
    kin = [
        cell
        for g in others
        for cell in g
        if cell not in cut_off
        and float(np.linalg.norm(shades - _chromaticity(measured.color[cell]), axis=1).min()) < 0.06
        and (
            cell in beside_body or not _hues_apart(measured.color[cell], body_color, p, p.shade_hue)
        )
        and (
            cell in beside_body
            or abs(polarity) <= p.weak
            or _lift(cell, measured) * np.sign(polarity) >= -p.weak
        )
    ]
    heads = [cell for cell in kin if cell in beside_body]
    if len(heads) > 1 or len(kin) > len(heads):
        return _in_doubt("cells of the snake's colour outside its chain", kin, p)
    head = heads[0] if heads else None
    # A head told by its shade stands apart from the body by more than the body's own
    # segments differ (light across a photo, the ink of their numbers): nearer to one of
    # them than they are to their median, it may be a segment of the body.
    if head is not None and _nearest(measured.color[head], body, measured) <= max(
        float(np.linalg.norm(measured.color[c] - body_color)) for c in body
    ):
        return _in_doubt("a cell beside the snake in a shade no further from its own", [head], p)
    # A tail thinned out by blur can look like a shade of the body: a head is no smaller.
    if head is not None and measured.fraction[head] < 0.7 * float(
        np.median([measured.fraction[c] for c in body])
    ):
        return _in_doubt("a small cell of the snake's colour at its end", [head], p)
    snake_cells = [*body, head] if head else body
    # a pale piece is a shaded head; elsewhere it may be light on an empty cell
    pale = sorted(measured.pale - set(snake_cells))
    if pale:
        return _in_doubt("faint marks on the board", pale, p)
    others = [kept for g in others if (kept := [c for c in g if c != head])]
    singles = [g[0] for g in others if len(g) == 1]
    if not singles:
        return _in_doubt("no cherry beside the snake", snake_cells, p)
    singles.sort(key=lambda c: _redness(measured.color[c]), reverse=True)
    cherry = singles[0]
    if (
        len(singles) > 1
        and _redness(measured.color[singles[1]]) > _redness(measured.color[cherry]) - 20
    ):
        return _in_doubt("cannot tell the cherry from a tree", singles[:2], p)
    astray = [
        cell
        for cell in occupied
        if cell not in snake_cells and max(np.abs(measured.centroid[cell])) > p.off_centre
    ]
    if astray:
        return _in_doubt("pieces off their cells' centres", astray, p)
    odd = _odd_trees([g for g in others if cherry not in g], measured, p)
    if odd:
        return _in_doubt("pieces unlike the other trees", odd, p)
    # trees are drawn alike: a lone piece beside the snake may be a segment whose fill was
    # lost, its number left standing
    beside = {n for c in snake_cells for n in _neighbours(c)}
    numbered = [
        g[0]
        for g in others
        if len(g) == 1
        and g[0] != cherry
        and g[0] in beside
        and _digit(_glyph_ink(img, grid, g[0], measured.background[g[0]], p), magnified, p)
        is not None
    ]
    # (only a body that bears marks on its segments has numbers whose fill may be lost: a
    # body without them, a line or plain segments, leaves a tree beside it a tree)
    if numbered and any(
        _detail(img, grid, c, measured.color[c], measured.background[c], p) is not None
        for c in snake_cells
    ):
        return _in_doubt("a piece beside the snake reads as a digit", numbered, p)
    order = _order_board(img, grid, measured, snake_cells, head, body_color, p, magnified)
    if isinstance(order, str):
        return _in_doubt(order, snake_cells, p)
    rows = [["."] * SIZE for _ in range(SIZE)]
    for cell in occupied:
        rows[cell[0]][cell[1]] = "T"
    rows[cherry[0]][cherry[1]] = "C"
    for i, (r, c) in enumerate(order):
        rows[r][c] = str(i)
    return _Reading(tuple("".join(r) for r in rows), ())


def _marked(occupied: list[Cell], measured: _Cells, limits: tuple[float, float]) -> list[Cell]:
    """Cells read as empty whose marks stand out from the plain cells at a fraction of the
    pieces' contrast (:attr:`Params.mark_contrast`): a photo's light lowers every contrast
    alike, so a tree faded under it is a faint mark in doubt, never an empty cell. The
    marks are measured in hue: glare, shade and moire add or take grey (a glare spot
    stands out from a plane fitted under it as far as a faded tree does). A piece off the
    board in grey only is seen in its cell's middle, where pieces are drawn, against the
    cell's rim on average (:attr:`Params.centre_contrast`): light wider than a cell changes
    both alike, noise and moire, averaged, stay a fraction of what a piece at a twentieth
    of the pieces' contrast leaves, and the rim's median colour ignores a neighbouring
    square bled over one side of it (a slightly shifted lattice on a checkered board). A
    glare spot about a cell wide is no plane: its curvature lifts a middle off its rim by
    a few levels (:attr:`Params.centre_noise`) however faint the pieces are; a faded tree
    stands out twice that. ``limits`` are :func:`_mark_limits`'."""
    held = set(occupied)
    hue, middle = limits
    return [
        c
        for c in measured.hue
        if c not in held and (measured.hue[c] > hue or measured.centre[c] > middle)
    ]


def _mark_limits(occupied: list[Cell], measured: _Cells, p: Params) -> tuple[float, float]:
    """The strongest hue (:attr:`_Cells.hue`) and middle off the rim (:attr:`_Cells.centre`)
    an empty cell may show (:func:`_marked`)."""
    held = set(occupied)
    empty = [c for c in measured.hue if c not in held]
    pieces = float(np.median([measured.strength[c] for c in occupied]))
    plain = float(np.median([measured.hue[c] for c in empty]))
    centred = float(np.median([measured.centre[c] for c in empty]))
    return (
        max(p.mark_contrast * pieces, p.mark_plain * plain, plain + p.mark_noise),
        max(p.centre_contrast * pieces, p.centre_plain * centred, centred + p.centre_noise),
    )


def _spilled(
    img: FloatImage,
    grid: _Grid,
    cell: Cell,
    occupied: list[Cell],
    measured: _Cells,
    limits: tuple[float, float],
    p: Params,
) -> bool:
    """Whether the faint marks of an empty ``cell`` are its neighbouring pieces' edges: a
    piece drawn up to or over its cell's border (a rounded segment a little larger than
    its cell, blurred) tints the next cell along that border, and a small JPEG's halved
    chroma spreads a saturated piece's hue up to about half a cell into it. A piece of
    this cell stands in its middle, so it shows in the half away from each occupied
    neighbour too: beyond the strips (:attr:`Params.spill` of a cell deep) along its
    borders with occupied cells, the cell shows no mark (off its background colour by
    ``weak`` over at most :attr:`Params.faint` of it, and no stronger in hue than a plain
    cell may be), and its middle no further off its rim than a plain cell's may be (a piece
    in grey off the board shows there; a neighbour's tint on one side leaves the rim's
    median). A cell with no occupied neighbour is never spilled on. ``limits`` are
    :func:`_mark_limits`'."""
    hue_limit, middle = limits
    if measured.centre[cell] > middle:
        return False
    y0, y1, x0, x1 = grid.box(cell, p.inset)
    win = img[y0:y1, x0:x1]
    h, w = win.shape[:2]
    keep = np.ones((h, w), bool)
    depth = (p.spill - p.inset) / (1 - 2 * p.inset)
    dy, dx = round(depth * h), round(depth * w)
    r, c = cell
    sides = {
        (r - 1, c): (slice(0, dy), slice(None)),
        (r + 1, c): (slice(h - dy, h), slice(None)),
        (r, c - 1): (slice(None), slice(0, dx)),
        (r, c + 1): (slice(None), slice(w - dx, w)),
    }
    beside = [strip for n, strip in sides.items() if n in occupied]
    if not beside:
        return False
    for strip in beside:
        keep[strip] = False
    diff = win[keep] - measured.background[cell]
    marks = np.sqrt((diff**2).sum(axis=-1)) > p.weak
    hue = np.sqrt(((diff - diff.mean(axis=-1, keepdims=True)) ** 2).sum(axis=-1))
    return float(marks.mean()) <= p.faint and _strongest(hue, p.mark_share) <= hue_limit


def _span(edge: float, step: float, a: float, b: float) -> slice:
    """The pixels from ``a`` to ``b`` steps of ``step`` (either sign) from ``edge``."""
    ends = sorted((round(edge + a * step), round(edge + b * step)))
    return slice(ends[0], ends[1])


def _side_strips(
    grid: _Grid, cell: Cell
) -> Iterator[tuple[int, tuple[slice, slice], tuple[slice, slice]]]:
    """For each side of the board that ``cell`` lies on (0 top, 1 bottom, 2 left, 3 right):
    the side, a strip of the surround just beyond the board along the cell's middle, and a
    strip of the cell just inside the board's edge there (slices of the resampled board)."""
    r, c = cell
    rows = _span(grid.top, grid.pitch_y, r + 0.2, r + 0.8)
    cols = _span(grid.left, grid.pitch_x, c + 0.2, c + 0.8)
    bottom, right = grid.top + SIZE * grid.pitch_y, grid.left + SIZE * grid.pitch_x
    sides = (
        (r, grid.top, -grid.pitch_y),
        (SIZE - 1 - r, bottom, grid.pitch_y),
        (c, grid.left, -grid.pitch_x),
        (SIZE - 1 - c, right, grid.pitch_x),
    )
    for side, (index, edge, outwards) in enumerate(sides):
        if index == 0:
            beyond, inside = _span(edge, outwards, 0.1, 0.4), _span(edge, outwards, -0.2, -0.04)
            if side < 2:
                yield side, (beyond, cols), (inside, cols)
            else:
                yield side, (rows, beyond), (rows, inside)


def _overlaid(
    img: FloatImage, grid: _Grid, pieces: list[Cell], measured: _Cells, p: Params
) -> list[Cell]:
    """Pieces on the board's edge whose colour runs on beyond the board, where the surround
    beside the other cells of that side is another colour: pieces are drawn inside their
    cells, so ink continuing from a cell's edge into the surround is something laid over
    the board (a toast, a dialog, a finger), and the cell's reading is in doubt. Strips
    are left out where the picture ends; the surround along a side is the median of its
    strips beside all ten cells."""
    height, width = img.shape[:2]
    strips: dict[tuple[Cell, int], tuple[FloatImage, FloatImage]] = {}
    for cell in ((r, c) for r in range(SIZE) for c in range(SIZE)):
        for side, beyond, within in _side_strips(grid, cell):
            ys, xs = beyond
            if min(ys.start, xs.start) < 0 or ys.stop > height or xs.stop > width:
                continue
            strips[(cell, side)] = (img[beyond].reshape(-1, 3), img[within].reshape(-1, 3))
    surround = {
        side: _median(np.concatenate([o for (_, s), (o, _) in strips.items() if s == side]))
        for side in {s for _, s in strips}
    }
    odd = []
    for (cell, side), (out, inside) in strips.items():
        if cell not in pieces:
            continue
        color, there = measured.color[cell], _median(out)
        if (
            float(np.linalg.norm(there - surround[side])) > p.ink
            and float(np.linalg.norm(there - color)) < p.same_color
            and float(np.linalg.norm(_median(inside) - color)) < p.same_color
        ):
            odd.append(cell)
    return sorted(set(odd))


def _faint_pieces(faint: list[Cell], occupied: list[Cell], measured: _Cells, p: Params) -> bool:
    """Whether the cells with faint marks are pieces of one kind drawn in a colour near the
    board's (dark trees on a dark board) rather than pieces faded by light: marks in at
    least two cells, each off its cell's background in one direction of colour, as strong
    and as large as the others (within :attr:`Params.faint_alike`: every tree is drawn
    alike), standing out in hue (what light does not add) :attr:`Params.faint_gap` times
    as far as any other empty cell, which stay most of the board; and light even enough
    over the board (:func:`_even_light`) that it cannot have faded another piece of the
    kind by that factor into the plain cells."""
    if len(faint) < 2 or any(c not in measured.color for c in faint):
        return False
    held = {*faint, *occupied}
    plain = [c for c in measured.hue if c not in held]
    if len(plain) < SIZE * SIZE // 2 or not _even_light(measured.background, p.faint_gap):
        return False
    offsets = np.array([measured.color[c] - measured.background[c] for c in faint])
    alike = float(np.linalg.norm(offsets - np.median(offsets, axis=0), axis=1).max()) < p.weak
    for values in (
        np.array([measured.strength[c] for c in faint]),
        np.array([measured.extent[c] for c in faint]),
    ):
        typical = float(np.median(values))
        alike &= typical / p.faint_alike < float(values.min())
        alike &= float(values.max()) < typical * p.faint_alike
    around = max(max(measured.hue[c] for c in plain), p.mark_noise / p.faint_gap)
    return alike and min(measured.hue[c] for c in faint) > p.faint_gap * around


def _even_light(backgrounds: dict[Cell, NDArray[np.float32]], factor: float) -> bool:
    """Whether the light over the board changes no contrast by ``factor``: within each
    parity of cells (checkered boards have two colours), the backgrounds' lightness
    ``L`` varies less than a glare spot that leaves ``1 / factor`` of the contrast (it
    blends the board toward white, contrast going with ``255 - L``) or a shadow that
    does (contrast going with ``L``)."""
    for k in (0, 1):
        light = [float(v.mean()) for (r, c), v in backgrounds.items() if (r + c) % 2 == k]
        lo, hi = min(light), max(light)
        if (255 - hi) * factor < 255 - lo or hi > lo * factor:
            return False
    return True


def _odd_trees(groups: list[list[Cell]], measured: _Cells, p: Params) -> list[Cell]:
    """Trees unlike the others (every tree of a field is drawn alike): those outside the
    largest colour group but in its colour under other light (:func:`_relit`: a glare
    spot or a light gradient over one tree), or covering their cell far more or less
    than the typical tree (measured at half their own strength, as light that lowers a
    tree's contrast leaves its shape), or whose middle stands out from their rim by under
    half the typical tree's share of its strength (a glare spot or moire covers a cell
    evenly, where a tree is drawn in its middle)."""
    if not groups:
        return []
    largest = max(groups, key=len)
    typical_color = np.median(np.array([measured.color[c] for c in largest]), axis=0)
    others = [c for g in groups if g is not largest for c in g]
    odd = [c for c in others if not _relit(measured.color[c], typical_color, p)]
    alike = [c for c in [*largest, *others] if c not in odd]
    typical = float(np.median([measured.extent[c] for c in largest]))
    odd += [c for c in alike if not 0.5 < measured.extent[c] / typical < 2.0]

    def middle(cell: Cell) -> float:
        return measured.centre[cell] / max(measured.strength[cell], 1.0)

    centred = float(np.median([middle(c) for c in largest]))
    return sorted({*odd, *(c for c in alike if middle(c) < 0.5 * centred)})


def _body_colors(
    cells: Sequence[Cell], measured: _Cells, p: Params
) -> dict[Cell, NDArray[np.float32]]:
    """The colour of the body in each of its ``cells``: their median colour, or a cell's own
    where it differs from that by grey only (glare lightened one part or the other)."""
    median = np.median(np.array([measured.color[c] for c in cells]), axis=0).astype(np.float32)
    colors = {}
    for cell in cells:
        own = measured.color[cell]
        colors[cell] = own if _glared(own, median, p) or _glared(median, own, p) else median
    return colors


def _linked(img: FloatImage, grid: _Grid, cells: list[Cell], measured: _Cells, p: Params) -> bool:
    """Whether any two neighbouring ``cells`` are joined across their border by their colour."""
    colors = _body_colors(cells, measured, p)
    return any(
        _link(img, grid, (a, b), colors, measured.background, p)
        for a in cells
        for b in _neighbours(a)
        if b in cells
    )


def _link(
    img: FloatImage,
    grid: _Grid,
    pair: tuple[Cell, Cell],
    colors: dict[Cell, NDArray[np.float32]],
    backgrounds: dict[Cell, NDArray[np.float32]],
    p: Params,
    strict: bool = False,
) -> bool:
    """Whether the body's colour in cell ``a`` or ``b`` of ``pair`` (:func:`_body_colors`)
    crosses the middle of the border between them: pixels near it, and nearer it than the
    two cells' ``backgrounds`` (light marks on a light board are near the board too), over
    :attr:`Params.link` of a window on the border; ``strict``, over that share of the
    window along the border at every step across it (segments apart leave a gap across
    the window, which need not lie on the border: a lattice a few pixels off the pieces
    shows one segment's edge and the gap)."""
    a, b = pair
    (ra, ca), (rb, cb) = a, b
    my = grid.top + ((ra + rb) / 2 + 0.5) * grid.pitch_y
    mx = grid.left + ((ca + cb) / 2 + 0.5) * grid.pitch_x
    across, along = 0.07, 0.1
    hx = (across if ra == rb else along) * grid.pitch_x
    hy = (along if ra == rb else across) * grid.pitch_y
    win = img[round(my - hy) : round(my + hy) + 1, round(mx - hx) : round(mx + hx) + 1]
    dist = np.minimum(_distance(win, colors[a]), _distance(win, colors[b]))
    ground = np.minimum(_distance(win, backgrounds[a]), _distance(win, backgrounds[b]))
    body = (dist < p.near) & (dist < ground)
    if not strict:
        return bool(body.mean() >= p.link)
    # the window's columns run across a border between a row's cells, its rows across one
    # between a column's
    return bool(body.mean(axis=0 if ra == rb else 1).min() >= p.link)


def _order_board(
    img: FloatImage,
    grid: _Grid,
    measured: _Cells,
    cells: list[Cell],
    head: Cell | None,
    color: NDArray[np.float32],
    p: Params,
    magnified: float,
) -> list[Cell] | str:
    """The snake's cells head first, or why they cannot be ordered."""
    pairs = {frozenset((a, b)) for a in cells for b in _neighbours(a) if b in cells}
    colors = _body_colors(cells, measured, p)
    links = set(pairs)
    # links by the body's colour across a border, or where those make no chain (segments
    # apart under a lattice a few pixels off them), only those crossing it everywhere
    for strict in (False, True):
        links = {
            pair
            for pair in links
            if _link(img, grid, (min(pair), max(pair)), colors, measured.background, p, strict)
        }
        orders = snake_orders(cells, links or None)
        if head is not None:
            orders = [o for o in orders if o[0] == head]
        if orders or not links:
            break
    if not orders:
        return "the body is not a chain"
    # a body within the body's colour distance (``near``) of its board (white digits on
    # pale tiles) has no breadth to measure: the board would count as body
    pale = float(np.median([_distance(measured.background[c], color) for c in cells])) < p.near
    if not links and (pale or _thin_marks(orders[0], img, grid, measured, colors, p)):
        # a thin or pale body not drawn across the cell borders is marks apart (digits
        # alone): its ends' breadth, loops and shade are no head's, only the digits order it
        orders = _digit_orders(orders, img, grid, measured, p, magnified)
        if len(orders) != 1:
            return "the body is separate marks whose digits do not give one order"
        return orders[0]
    details = {
        c: _detail(img, grid, c, measured.color[c], measured.background[c], p) for c in cells
    }
    # a head told by its shade is the 0 (its digit may be faint on the shade)
    numbered = [c for c in cells if c != head]
    digits = [c for c in numbered if _digit(details[c], magnified, p) is not None]
    if len(digits) > 1 and any(details[c] is None for c in numbered):
        # numbers on some segments, lost on others (a photo's blur), decide nothing (one
        # mark that reads as a digit may be a head's eyes)
        return "numbers on some of the body's segments and none on others"
    scores = {c: classify_glyph(d, magnified) for c in numbered if (d := details[c]) is not None}
    # marks on every segment of which none reads as a glyph (a tiled board's gaps under a
    # thin body) are no numbers: the head's cues order the body
    glyphs = any(max(s.values()) >= p.glyph_score for s in scores.values())
    if len(scores) == len(numbered) and glyphs:
        unread = [c for c in numbered if max(scores[c].values()) < p.glyph_score]
        if head is None and len(unread) == 1 and len(scores) > 2:
            # a head's eyes beside its 0 make no glyph: the only unreadable cell may be the
            # head, when the others' numbers run from it
            head = unread[0]
            orders = [o for o in orders if o[0] == head]
            del scores[head]
        orders = _numbered_orders(orders, scores, head, p)
        if not orders:
            return "the numbers on the body disagree with its shape"
    elif head is None:
        # the head's cues tell which end is the head, not which way round the body goes
        if len({min(tuple(o), tuple(reversed(o))) for o in orders}) > 1:
            return "the body's shape allows several paths and no numbers tell them apart"
        # eyes are on the head; a mark half beside an end, none on the other segments, is
        # a number
        ends = (orders[0][0], orders[0][-1])
        if any(details[c] is not None for c in cells if c not in ends) and any(
            details[c] is None for c in cells
        ):
            # marks on a segment between the ends are numbers, lost on others (a photo's
            # blur): a mark at one end only is no head's eyes
            return "marks on some of the body's segments and none on others"
        if all(details[c] is None for c in cells if c not in ends) and any(
            details[c] is not None
            and _detail(img, grid, c, measured.color[c], measured.background[c], p, False) is None
            for c in ends
        ):
            return "a number at one end of the body and none on its other segments"
        orders = [o for o in orders if _looks_like_head(o, details, measured, img, grid, color, p)]
    if len(orders) != 1:
        return "the body order is ambiguous"
    if _shaded_end(orders[0], measured, color, p) == orders[0][-1]:
        return "the numbers and the head's shade put the head at opposite ends"
    if _shaded_end(orders[0], measured, color, p) == orders[0][0]:
        # a head drawn in its own shade is as broad as it is in that shade
        colors = {**colors, orders[0][0]: measured.color[orders[0][0]]}
    thin, head_breadth, tail_breadth = _ends(orders[0], img, grid, colors, p)
    if thin and tail_breadth > p.head_ratio * head_breadth:
        return "the tail end of the body looks like a head"
    return orders[0]


def _thin_marks(
    order: list[Cell],
    img: FloatImage,
    grid: _Grid,
    measured: _Cells,
    colors: dict[Cell, NDArray[np.float32]],
    p: Params,
) -> bool:
    """Whether a body of marks apart is thin marks (digits alone), not shapes carrying
    numbers: thin by :func:`_ends`, unless every cell's mark encloses ink of another colour
    (a disc round its number, a head round its eyes). A photo's blur eats a disc's edge
    and its number's ink, leaving under half its cell in the body's colour, but it still
    surrounds its number; a body of digits alone holds a 1 (and a 2, 3, 5 or 7), which
    surrounds nothing."""
    if not _ends(order, img, grid, colors, p)[0]:
        return False
    return not all(
        _detail(img, grid, c, measured.color[c], measured.background[c], p, False) is not None
        for c in order
    )


def _digit_orders(
    orders: list[list[Cell]],
    img: FloatImage,
    grid: _Grid,
    measured: _Cells,
    p: Params,
    magnified: float,
) -> list[list[Cell]]:
    """The body orders whose every cell holds its own index as a digit: each cell's whole
    mark (against its background) read as a glyph, the index among its clear readings."""
    readings = {
        cell: _readings(
            classify_glyph(_glyph_ink(img, grid, cell, measured.background[cell], p), magnified),
            p,
        )
        for cell in orders[0]
    }
    return [o for o in orders if all(str(i) in readings[c] for i, c in enumerate(o))]


def _numbered_orders(
    orders: list[list[Cell]], scores: dict[Cell, dict[str, float]], head: Cell | None, p: Params
) -> list[list[Cell]]:
    """The body orders (all the shape allows) that the numbers on the segments agree with.

    The shape already orders the body: the numbers need only agree, not decide alone. An
    order's numbers agree when each is within :attr:`Params.digit_slack` of its glyph's
    best reading (bold digits drawn small on a segment close their holes: 0, 6, 8, 9 stand
    for one another); of several such orders, one whose summed shortfall is less by
    :attr:`Params.digit_margin` than every other's is the one (a blurred ``0`` that reads
    nearly as a ``3`` still orders a body of clear ``1`` to ``4``). Where several are that
    close, two looped digits may have swapped places (an ``8`` read as a ``0``, the ``6``
    beside it, both fit as either): their own glyphs' readings, each digit's shortfall
    without standing for another, then choose by the same margin, or nothing does.
    """
    if any(max(s.values()) < p.glyph_score for s in scores.values()):
        return []

    def shortfall(cell: Cell, digit: str, looped: bool) -> float:
        s = scores[cell]
        read = max(s[d] for d in LOOPED) if looped and digit in LOOPED else s[digit]
        return max(s.values()) - read

    fitting = []
    for order in orders:
        numbered = [(c, str(i)) for i, c in enumerate(order) if c != head]
        gaps = [shortfall(c, digit, True) for c, digit in numbered]
        if max(gaps, default=0.0) <= p.digit_slack:
            own = sum(shortfall(c, digit, False) for c, digit in numbered)
            fitting.append((sum(gaps), own, order))
    fitting.sort(key=lambda f: f[0])
    close = [f for f in fitting if f[0] - fitting[0][0] < p.digit_margin]
    close.sort(key=lambda f: f[1])
    if len(close) > 1 and close[1][1] - close[0][1] < p.digit_margin:
        return [order for _, _, order in close]
    return [order for _, _, order in close[:1]]


def _digit(ink: FloatImage | None, magnified: float, p: Params) -> str | None:
    """The digit some ink reads best, and readably, as; None if it reads as none."""
    if ink is None:
        return None
    scores = classify_glyph(ink, magnified)
    best = max(scores, key=lambda ch: scores[ch])
    return best if best.isdigit() and scores[best] >= p.glyph_score else None


def _glyph_ink(
    img: FloatImage, grid: _Grid, cell: Cell, background: NDArray[np.float32], p: Params
) -> FloatImage:
    """0..1 ink of a cell's piece against its ``background`` colour. Ink reaching the
    window's edge (a tile's rounded corners, the gaps between tiles) is left out where other
    ink stands apart from it: a piece or a digit is drawn inside its cell."""
    y0, y1, x0, x1 = grid.box(cell, p.inset / 2)
    dist = _distance(img[y0:y1, x0:x1], background)
    ink = np.asarray(np.clip(dist / (2 * p.near), 0.0, 1.0), dtype=np.float32)
    # strokes as the glyph reader takes them (over 0.35 of the strongest ink)
    _, labels = cv2.connectedComponents((ink > 0.35 * float(ink.max())).astype(np.uint8))
    edge = np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    rim = np.isin(labels, edge[edge > 0])
    if rim.any() and (labels[~rim] > 0).any():
        ink[rim] = 0.0
    return ink


def _enclosed(mask: Mask) -> Mask:
    """Pixels outside ``mask`` that ``mask`` surrounds (not 4-connected to the border)."""
    _, labels = cv2.connectedComponents((~mask).astype(np.uint8), connectivity=4)
    border = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return np.asarray(~mask & ~np.isin(labels, border))


def _detail(
    img: FloatImage,
    grid: _Grid,
    cell: Cell,
    color: NDArray[np.float32],
    ground: NDArray[np.float32],
    p: Params,
    beside: bool = True,
) -> FloatImage | None:
    """Ink in a third colour on the body in a cell (eyes, a number), or None if there is
    little: ink the body's ``color`` encloses, or else, with ``beside`` (a number at the
    end of a body drawn as a path, half on the path, half on the board), ink off both the
    body's colour and the cell's ``ground`` and off their blends."""
    y0, y1, x0, x1 = grid.box(cell, p.inset / 2)
    win = img[y0:y1, x0:x1]
    dist = _distance(win, color)
    ink = _enclosed(dist < p.near)
    if ink.mean() < p.detail:
        if not beside:
            return None
        axis = color - ground
        t = np.clip((win - ground) @ axis / max(float(axis @ axis), 1.0), 0.0, 1.0)
        ink = _distance(win - t[..., None] * axis, ground) > p.near
        if ink.mean() < p.detail:
            return None
    if _specks(ink):
        return None
    return np.asarray(np.where(ink, np.clip(dist / (2 * p.near), 0.0, 1.0), 0.0), np.float32)


def _specks(ink: Mask) -> bool:
    """Whether ``ink`` is scattered specks (a photo's grain on a pale body), not a mark: its
    two largest connected pieces hold under two thirds of it, while eyes are two dots and
    a digit one stroke (two, blurred apart)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    areas = np.sort(stats[1:count, cv2.CC_STAT_AREA])
    return 3 * int(areas[-2:].sum()) < 2 * int(areas.sum())


def _ends(
    order: list[Cell],
    img: FloatImage,
    grid: _Grid,
    colors: dict[Cell, NDArray[np.float32]],
    p: Params,
) -> tuple[bool, float, float]:
    """Whether the body is thin (a line), and its breadth in the first and last cells.

    The breadth is measured across the body's own direction, so an arrowhead or a round
    head stands out from a line's tail; in each cell's colour of the body
    (:func:`_body_colors`).
    """

    def body(cell: Cell) -> Mask:
        """Pixels of the body's colour in a cell."""
        y0, y1, x0, x1 = grid.box(cell, 0.04)
        return np.asarray(_distance(img[y0:y1, x0:x1], colors[cell]) < p.near)

    def breadth(end: Cell, neighbour: Cell) -> float:
        """Widest cross-section of the body in an end cell, as a fraction of the cell."""
        across = 1 if end[1] == neighbour[1] else 0  # a vertical body is measured along x
        widths = np.sort(body(end).sum(axis=across))
        return float(widths[-2]) / body(end).shape[across]  # the widest but one: noise-proof

    thin = float(np.median([body(c).mean() for c in order])) < 0.5
    return thin, breadth(order[0], order[1]), breadth(order[-1], order[-2])


def _looks_like_head(
    order: list[Cell],
    details: dict[Cell, FloatImage | None],
    measured: _Cells,
    img: FloatImage,
    grid: _Grid,
    color: NDArray[np.float32],
    p: Params,
) -> bool:
    """Whether the first rather than the last cell of ``order`` is the head."""
    first, last = order[0], order[-1]
    if (details[first] is None) != (details[last] is None):
        return details[first] is not None
    thin, head, tail = _ends(order, img, grid, _body_colors(order, measured, p), p)
    if thin:
        # On a line, blur shades a thin tail too: only a wider head tells.
        return head > p.head_ratio * tail
    # On full segments a head with eyes covers less than the tail; only its shade tells.
    return _shaded_end(order, measured, color, p) == first


def _shaded_end(
    order: list[Cell], measured: _Cells, color: NDArray[np.float32], p: Params
) -> Cell | None:
    """The end of ``order`` in another shade than the body's ``color`` while the other end
    is in the body's (a head drawn in its own shade), or None. An end only lighter by
    white added alike to every channel is under a glare spot (:func:`_whitened`), no
    shade: a paler shade drawn is the colour mixed with white, which lifts the darker
    channels more."""
    first, last = order[0], order[-1]
    shade = {c: float(np.linalg.norm(measured.color[c] - color)) for c in (first, last)}
    if max(shade.values()) > 2 * p.weak and min(shade.values()) < p.weak:
        end = first if shade[first] > shade[last] else last
        return None if _whitened(measured.color[end], color, p) else end
    return None


def _board_edges(image: RGBImage, grid: _Grid, reach: float, p: Params) -> _Grid:
    """A plain board's lattice (``grid``, in ``image`` pixels) with each side moved out to
    where the board's colour ends, within ``reach`` pixels: a flat region stops short of
    its board's edge by the gradient's own reach (a pixel or so of the reduced picture where
    it was found, several of the picture's), a few hundredths of a small board's side that
    may put its far cells' pieces off their centres (where a photo blurs an outline into
    the board, the region's box may be the better one: both are read). A side moves only
    where the board's colour (along it, just inside: a median, as pieces stand in the
    cells' middles) ends within ``reach``, off it by :attr:`Params.weak`: on a page of
    nearly its colour it stays."""
    height, width = image.shape[:2]
    x0, y0 = grid.left, grid.top
    x1, y1 = x0 + SIZE * grid.pitch_x, y0 + SIZE * grid.pitch_y
    steps = np.arange(int(reach) + 2)  # and the pixel beyond, where the colour may end
    sides = []
    for edge, outward, vertical in ((x0, -1, True), (y0, -1, False), (x1, 1, True), (y1, 1, False)):
        # the pixel rows or columns from the side's last one inside the board outwards
        start = round(edge) - (1 if outward > 0 else 0)
        at = start + outward * steps
        lo, hi = (y0, y1) if vertical else (x0, x1)
        along = slice(round(lo + 0.05 * (hi - lo)), round(hi - 0.05 * (hi - lo)))
        if at.min() < 0 or at.max() >= (width if vertical else height):
            sides.append(float(edge))
            continue
        strip = image[along, at] if vertical else image[at, along].transpose(1, 0, 2)
        profile = np.median(strip.astype(np.float32), axis=0)
        off = np.flatnonzero(_distance(profile, profile[0]) > p.weak)
        sides.append(
            float(start + outward * (off[0] - 1) + (1 if outward > 0 else 0))
            if len(off)
            else float(edge)
        )
    left, top, right, bottom = sides
    return _Grid(left, top, (right - left) / SIZE, (bottom - top) / SIZE, plain=True)


def _board_readings(
    image: RGBImage, small: RGBImage, scale: float, p: Params
) -> Iterator[_Reading]:
    """Readings of every candidate board, found in ``small`` (the picture reduced by
    ``scale``) and read resampled from the picture itself; the lattice is in the picture's
    pixels. A plain board refused as found is read again with its sides moved out to its
    colour's end (:func:`_board_edges`), when that moves them."""
    for found in _board_grids(small, p):
        if isinstance(found, str):
            yield _Reading(None, (found,))
            continue
        grid = _Grid(
            found.left / scale, found.top / scale, found.pitch_x / scale, found.pitch_y / scale
        )
        grids = [grid]
        if found.plain:
            edges = _board_edges(image, grid, 2 / scale, p)
            grids += [edges] if edges != grid else []
        for grid in grids:
            board, local = _resampled(image, grid, p)
            reading = _read_board(board, local, p, max(1.0, local.pitch_y / grid.pitch_y))
            lattice = Lattice.axis_aligned(
                SIZE, SIZE, grid.left, grid.top, grid.pitch_x, grid.pitch_y
            )
            yield _Reading(reading.field, reading.doubts, lattice, reading.closeness)
            if reading.field is not None:
                return


# ------------------------------------------------------------------------- text maps


def _channel_max(image: RGBImage) -> NDArray[np.uint8]:
    """The largest of each pixel's three channels."""
    return np.asarray(cv2.max(cv2.max(image[..., 0], image[..., 1]), image[..., 2]), np.uint8)


def _text_contrast(
    image: RGBImage, p: Params, whole: bool = False
) -> tuple[NDArray[np.uint8], int] | None:
    """Each pixel's distance from the page around it (the largest channel difference) and
    the strongest ink's; None when the picture has no text's contrast.

    The page under uneven light (a gradient, glare, moire) is a copy of the picture
    :attr:`Params.page_side` long (``whole``: the picture itself, a quicker look, with a
    wider brush), opened on a dark page or closed on a light one (the most common colour's
    luminance tells which) to take the text out, and enlarged again.
    """
    sample = image.reshape(-1, 3)[:: max(1, image.size // 20000)].astype(np.float32)
    common = np.clip(np.round(_dominant(sample)), 0, 255).astype(np.uint8)
    small = image if whole else reduce(image, p.page_side)[0]
    # light or dark by luminance, as text is drawn to be seen (a saturated green page is a
    # light one however low its blue and red)
    luma = float(common @ np.array([0.299, 0.587, 0.114]))
    shape = cv2.MORPH_OPEN if luma < 128 else cv2.MORPH_CLOSE
    # five pixels of the page copy, wider on the whole picture
    side = 5 * max(1, round(max(image.shape[:2]) / p.page_side)) if whole else 5
    page = cv2.morphologyEx(small, shape, np.ones((side, side), np.uint8))
    # where the light leaves the page as it is, the most common colour is the page
    scalar = np.append(common.astype(np.float64), 0.0)  # a scalar to OpenCV: no filled copy
    off_page = _channel_max(np.asarray(cv2.absdiff(page, scalar), np.uint8))
    flat = np.asarray(cv2.add(np.zeros_like(page), scalar), np.uint8)  # OpenCV: no indexing
    cv2.copyTo(flat, cv2.inRange(off_page, 0, p.page_noise), page)
    if not whole:
        page = cv2.resize(page, image.shape[1::-1], interpolation=cv2.INTER_LINEAR)
    # |pixel - page| in the furthest channel
    dist = _channel_max(np.asarray(cv2.absdiff(image, page), np.uint8))
    hist = cv2.calcHist([dist], [0], None, [256], [0, 256]).ravel()[31:]
    if hist.sum() == 0:
        return None
    top = 31 + int(np.searchsorted(np.cumsum(hist), 0.995 * hist.sum()))
    return (dist, top) if top >= 60 else None


def _ink_boxes(image: RGBImage, p: Params, whole: bool = False) -> NDArray[np.int32]:
    """Boxes ``(x, y, w, h)`` of the pieces of ink in a picture (pixels off the page around
    by a third of the strongest ink's contrast, :func:`_text_contrast`, where ``whole``
    is passed on); none when the picture has no text's contrast."""
    contrast = _text_contrast(image, p, whole)
    if contrast is None:
        return np.zeros((0, 4), np.int32)
    dist, top = contrast
    _, _, stats, _ = cv2.connectedComponentsWithStats((dist > 0.3 * top).astype(np.uint8))
    return np.asarray(stats[1:, :4], np.int32)


def _may_hold_text(small: RGBImage, p: Params) -> bool:
    """The cheapest look for a text map, on a copy smaller than the look: lines of dots
    (:func:`_dot_sizes`, a pixel wide will do), or, for text too small for that, the specks
    of ink its dots leave (a pixel or two wide)."""
    boxes = _ink_boxes(small, p, whole=True)
    specks = int((np.maximum(boxes[:, 2], boxes[:, 3]) <= 2).sum())
    return specks >= 2 * SIZE or bool(_dot_sizes(boxes, 1))


def _dot_sizes(boxes: NDArray[np.int32], smallest: int) -> list[tuple[float, float]]:
    """The cheap look for a text map, over the boxes of its pieces of ink
    (:func:`_ink_boxes`): the sizes its dots may have, each with the character pitch they
    follow one another at, likeliest first (none when it is no text map): sizes of small
    round blobs (at least ``smallest`` pixels; each common size is tried, as prose around
    a map has round letters too) that fill ten rows, on lines of at least three, following
    one another at one pitch, wide beside a blob."""
    w, h = boxes[:, 2], boxes[:, 3]
    size = np.maximum(w, h)
    round_ = (size >= smallest) & (size <= 40) & (np.abs(w - h) <= np.maximum(1, 0.35 * size))
    counts = np.bincount(size[round_], minlength=41)
    found: list[tuple[int, float, float]] = []
    for mode in np.argsort(-counts, kind="stable"):
        if counts[mode] < 2 * SIZE:
            break
        dots = round_ & (np.abs(size - mode) <= max(1.0, mode / 6))
        if dots.sum() < 6 * SIZE:
            continue
        blobs = [_Blob(int(x), int(y), int(x + a), int(y + b)) for x, y, a, b in boxes[dots]]
        dot = float(mode)
        lines = [line for _, line in _baselines(blobs, dot) if len(line) >= 3]
        if len(lines) < SIZE - 2:
            continue
        # dots follow one another at the characters' pitch (unlike the round letters of
        # prose), which is wide beside a dot (unlike tiles or squares in rows): the sizes
        # with the most gaps of one pitch are likeliest the dots'
        gaps = np.concatenate([np.diff(sorted(b.cx for b in line)) for line in lines])
        pitch = int(np.argmax(np.bincount(np.round(gaps).astype(np.int64))))
        regular = int(np.sum(np.abs(gaps - pitch) <= max(1.0, 0.1 * pitch)))
        if pitch >= 2 * dot and regular >= 3 * SIZE:
            found.append((-regular, dot, float(pitch)))
    return [(dot, pitch) for _, dot, pitch in sorted(found)]


def _ink_map(image: RGBImage, p: Params) -> FloatImage | None:
    """0..1 ink strength: distance from the page around, scaled by the text's."""
    contrast = _text_contrast(image, p)
    if contrast is None:
        return None
    dist, top = contrast
    return np.asarray(np.clip(dist / np.float32(0.6 * top), 0, 1), dtype=np.float32)


@dataclass(frozen=True)
class _Blob:
    """A connected piece of ink: its bounding box."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def cx(self) -> float:
        """Horizontal centre."""
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        """Vertical centre."""
        return (self.y0 + self.y1) / 2

    @property
    def size(self) -> int:
        """The longer side."""
        return max(self.x1 - self.x0, self.y1 - self.y0)


def _dots(blobs: list[_Blob], expected: float, slack: float) -> tuple[list[_Blob], float]:
    """The ``.`` dots (the most common small round blobs of about the ``expected`` size,
    give or take a sixth and ``slack`` pixels) and their typical size."""
    round_ = [
        b
        for b in blobs
        if 2 <= b.size <= 40
        and abs(b.size - expected) <= max(1.0, expected / 6) + slack
        and abs((b.x1 - b.x0) - (b.y1 - b.y0)) <= max(1, 0.35 * b.size)
    ]
    if len(round_) < 30:
        return [], 0.0
    counts = np.bincount([b.size for b in round_])
    mode = int(np.argmax(counts))
    dots = [b for b in round_ if abs(b.size - mode) <= max(1, 0.35 * mode)]
    return dots, float(np.median([b.size for b in dots]))


def _baselines(dots: list[_Blob], size: float) -> list[tuple[float, list[_Blob]]]:
    """Text lines holding dots: the baseline (median dot bottom) and the line's dots."""
    lines: list[list[_Blob]] = []
    for dot in sorted(dots, key=lambda b: b.y1):
        if lines and dot.y1 - lines[-1][-1].y1 <= size:
            lines[-1].append(dot)
        else:
            lines.append([dot])
    found = [(float(np.median([d.y1 for d in line])), line) for line in lines]
    # At small sizes quote marks look like dots too: drop sparser "lines" hugging fuller ones.
    full = [base for base, line in found if len(line) >= 6]
    if len(full) < 2:
        return found
    pitch = float(np.median(np.diff(full)))
    return [
        (base, line)
        for base, line in found
        if all(
            abs(base - other) > 0.7 * pitch or len(line) >= len(other_line)
            for other, other_line in found
        )
    ]


TextCell = str | frozenset[str]
#: A field row found in a text map: line index, ten cells, x of the first cell's centre,
#: baseline y.
_TextRow = tuple[int, list[TextCell], float, float]


def _char_kind(blobs: list[_Blob], base: float, dot: float, cap: float) -> str:
    """What one character cell holds: ``.``, ``q`` (a quote), `` ``, ``,`` or ``g`` (a glyph,
    read by :func:`_glyph_cell` only where a field row may be, as most text is none).

    ``dot`` is the dots' size and ``cap`` the line's capital height (from its baseline to
    its quotes' tops): a glyph is three dots tall or reaches nearly as high as the quotes
    (a bold face's dots are large), unlike the lower-case letters and signs of code."""
    if not blobs:
        return " "
    top, bottom = min(b.y0 for b in blobs), max(b.y1 for b in blobs)
    left, right = min(b.x0 for b in blobs), max(b.x1 for b in blobs)
    if bottom < base - 1.3 * dot:
        return "q"
    if bottom - top <= 1.7 * dot and right - left <= 1.7 * dot and abs(bottom - base) <= dot:
        return "."
    if bottom > base + 0.8 * dot or bottom - top < min(3 * dot, 0.85 * cap):
        return ","
    return "g"


def _glyph_cell(blobs: list[_Blob], ink: FloatImage, p: Params) -> frozenset[str]:
    """The readings of the glyph a character cell's ``blobs`` make."""
    top, bottom = min(b.y0 for b in blobs), max(b.y1 for b in blobs)
    left, right = min(b.x0 for b in blobs), max(b.x1 for b in blobs)
    glyph = ink[top:bottom, left:right]
    scores = classify_glyph(glyph)
    # a C drawn small reads nearly as a digit (a 5), and its ends, curving away from the
    # left, may take a blurred row or two off its wall: the rules choose, as a field has
    # one cherry (a T read so would be as likely as the tail's digit)
    readings = _readings(scores, p)
    shape = _shape(glyph)
    c = scores["C"] + (0.0 if _strokes_fit("C", shape) else _STROKES_OFF)
    cherry = {"C"} if c >= max(scores.values()) - p.cherry_margin else set()
    # (where no hole shows, a thin stroke may close one only at a third of the ink: a
    # small italic 0 barred across, own screenshot 4000006, read as a 5)
    holes = shape.holes or _holes(glyph, _THIN_STROKES)
    if readings and not _holes_fit(max(readings, key=scores.__getitem__), holes):
        # a hole the best reading has none of is a looped digit's, whose other strokes a
        # small glyph blurs (a 6 with its top closed like a 5's, own screenshot 3900001):
        # the best looped digit the hole fits stands too, and the body's chain chooses
        fits = [d for d in LOOPED if _holes_fit(d, holes) and scores[d] >= p.glyph_score]
        if fits:
            readings.add(max(fits, key=scores.__getitem__))
    return frozenset(readings | cherry if readings else readings)


def _split_blob(blob: _Blob, inked: Mask, phase: float, pitch: float) -> list[_Blob]:
    """A blob cut at character cell borders when it spans several cells (touching glyphs);
    ``inked`` is the ink it is a piece of."""
    if blob.x1 - blob.x0 <= 1.2 * pitch:
        return [blob]
    pieces = []
    k = np.floor((blob.x0 - phase) / pitch + 0.5)
    while phase + (k - 0.5) * pitch < blob.x1:
        x0 = max(blob.x0, round(phase + (k - 0.5) * pitch))
        x1 = min(blob.x1, round(phase + (k + 0.5) * pitch))
        rows = np.flatnonzero(inked[blob.y0 : blob.y1, x0:x1].any(axis=1))
        if x1 > x0 and len(rows):
            pieces.append(_Blob(x0, blob.y0 + int(rows[0]), x1, blob.y0 + int(rows[-1]) + 1))
        k += 1
    return pieces


def _on_pitch(line: list[_Blob], pitch: float) -> bool:
    """Whether most dots of a text line are whole character pitches apart (a field row's
    are; the round letters of prose are not): most gaps between neighbours, or all dots
    but one, four at least, counted from one of them (a stray dot-like blob, the foot of
    an italic digit, breaks two gaps of a sparse row, own screenshot 4000006; three dots
    of prose fall on some pitch by chance)."""
    xs = np.sort([d.cx for d in line])
    gaps = np.diff(xs)
    steps = np.round(gaps / pitch)
    fits = (steps >= 1) & (np.abs(gaps - steps * pitch) <= 0.12 * pitch)
    if len(gaps) == 0:
        return False
    offsets = (xs[None, :] - xs[:, None]) / pitch
    on = np.abs(offsets - np.round(offsets)) <= 0.12
    return float(fits.mean()) >= 0.7 or int(on.sum(axis=1).max()) >= max(4, len(xs) - 1)


@dataclass(frozen=True)
class _Inked:
    """A text's ink at one level of the ink map: the mask, its 8-connected blobs and each
    pixel's blob (0 off the ink; blob ``i`` is label ``i + 1``)."""

    mask: Mask
    blobs: list[_Blob]
    labels: NDArray[np.int32]

    @classmethod
    def at(cls, ink: FloatImage, level: float) -> _Inked:
        """The ink over ``level``."""
        mask = ink > level
        _, labels, stats, _ = cv2.connectedComponentsWithStats(
            mask.astype(np.uint8), connectivity=8
        )
        blobs = [_Blob(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, _ in stats[1:]]
        return cls(mask, blobs, np.asarray(labels, np.int32))


def _row_cells(
    inked: _Inked,
    line: tuple[float, float, float],
    grid: tuple[float, float],
    ink: FloatImage,
    p: Params,
) -> tuple[list[TextCell], float] | None:
    """The ten cells of a quoted field row on a text ``line`` (its dots' baseline and size,
    and the line pitch; character cells ``grid``: phase and pitch) in the ``inked`` ink,
    and the x of its first cell's centre; None when the line holds no one such row."""
    base, dot, line_pitch = line
    phase, pitch = grid
    boxes = np.array([(b.y0, b.y1) for b in inked.blobs], np.float64).reshape(-1, 2)
    centres, heights = boxes.mean(axis=1), boxes[:, 1] - boxes[:, 0]
    on_line = (base - 0.85 * line_pitch <= centres) & (centres <= base + 0.15 * line_pitch)
    on_line &= heights < 1.5 * line_pitch  # not a frame or a rule across lines
    mine = [
        piece
        for i in np.flatnonzero(on_line)
        for piece in _split_blob(inked.blobs[i], inked.mask, phase, pitch)
    ]
    if not mine:
        return None
    quotes = [b.y0 for b in mine if b.y1 < base - 1.3 * dot]
    cap = base - float(np.median(quotes)) if quotes else np.inf
    # each piece in the character cell its centre is in
    at = [(b.x0, b.cx, b.x1) for b in mine]
    k = np.floor((np.array(at).reshape(-1, 3) - phase) / pitch + 0.5).astype(np.int64)
    first, last = int(k[:, 0].min()), int(k[:, 2].max())
    held: list[list[_Blob]] = [[] for _ in range(first, last + 1)]
    for b, i in zip(mine, k[:, 1], strict=True):
        held[i - first].append(b)
    kinds = [_char_kind(cell, base, dot, cap) for cell in held]
    # between a field row's quotes, a low small mark is no comma but a glyph's pieces (a
    # photo's blur and light broke a 0 into two, own photo 4000011): read as a glyph
    starts = [
        i
        for i in range(len(kinds) - SIZE - 1)
        if kinds[i] == kinds[i + SIZE + 1] == "q"
        and set(inside := kinds[i + 1 : i + SIZE + 1]) <= {".", "g", ","}
        and inside.count(",") <= p.broken_glyphs
    ]
    if len(starts) != 1:
        return None
    row = slice(starts[0] + 1, starts[0] + SIZE + 1)
    cells: list[TextCell] = [
        _glyph_cell(cell, ink, p) if kind in "g," else kind
        for kind, cell in zip(kinds[row], held[row], strict=True)
    ]
    return cells, phase + (first + row.start) * pitch


def _dot_lines(
    inked: _Inked, expected: float, slack: float, pitch: float
) -> tuple[list[tuple[float, list[_Blob]]], float, float] | None:
    """The text lines of the ``inked`` dots (about ``expected`` pixels, give or take
    ``slack``, and about ``pitch`` pixels apart) that follow the dots' pitch (not prose),
    the dots' size and that pitch; None when under ``SIZE - 2`` lines do."""
    dots, dot = _dots(inked.blobs, expected, slack)
    if not dots:
        return None
    lines = _baselines(dots, dot)
    gaps = np.concatenate([np.diff(sorted(d.cx for d in line)) for _, line in lines])
    regular = gaps[np.abs(gaps - pitch) <= 0.15 * pitch + slack]
    if len(regular) == 0:
        return None
    # the mean, as centres lie on whole or half pixels: small text's gaps are whole pixels
    # either side of its pitch (7 and 8 apart at 7.8), of which a median keeps one, and
    # dots two or three pitches apart then fall off it (_on_pitch)
    pitch = float(np.mean(regular))
    lines = [(base, line) for base, line in lines if _on_pitch(line, pitch)]
    return (lines, dot, pitch) if len(lines) >= SIZE - 2 else None


def _text_rows(
    ink: FloatImage, expected: float, slack: float, pitch: float, p: Params
) -> tuple[list[_TextRow], float, float] | str:
    """Quoted rows of ten in the text (whose dots are about ``expected`` pixels, give or
    take ``slack``, and about ``pitch`` pixels apart), with the character pitch and the
    line pitch, both measured on the lines whose dots follow that pitch (not on prose)."""
    strong = _Inked.at(ink, 0.5)
    fainter: _Inked | None = None
    dotted = _dot_lines(strong, expected, slack, pitch)
    if dotted is None:
        # small text's dots, under two pixels wide, fall across pixel columns: their
        # antialiased ink may pass half strength in one column only (too thin to be
        # round), so they are looked for at a quarter of it too
        strong = fainter = _Inked.at(ink, 0.25)
        dotted = _dot_lines(strong, expected, slack, pitch)
    if dotted is None:
        return "no text map"
    lines, dot, pitch = dotted
    line_pitch = float(np.median(np.diff([base for base, _ in lines])))
    rows = []
    for index, (base, line_dots) in enumerate(lines):
        xs = np.array([d.cx for d in line_dots])
        phase = float(np.angle(np.exp(2j * np.pi * xs / pitch).mean()) / (2 * np.pi) * pitch)
        found = _row_cells(strong, (base, dot, line_pitch), (phase, pitch), ink, p)
        if found is None:
            # a photo's blur fades some of the text below half strength (dots lost, a
            # glyph broken into pieces): the line is read again at a quarter, its dots'
            # baseline and size measured at that level too
            fainter = fainter or _Inked.at(ink, 0.25)
            held = [fainter.labels[int(d.cy), int(d.cx)] for d in line_dots]
            grown = [fainter.blobs[label - 1] for label in held if label]
            if grown:
                line = (
                    float(np.median([b.y1 for b in grown])),
                    float(np.median([b.size for b in grown])),
                    line_pitch,
                )
                found = _row_cells(fainter, line, (phase, pitch), ink, p)
        if found is not None:
            rows.append((index, found[0], found[1], base))
    return rows, pitch, line_pitch


def _text_reading(
    image: RGBImage, look: RGBImage, look_scale: float, small: RGBImage, p: Params
) -> _Reading:
    """The field from a text map, if the picture holds one (read at most
    :attr:`Params.text_side` pixels long, when ``look``, the picture reduced by
    ``look_scale``, shows lines of dots); the lattice is in the picture's pixels.

    ``small``, a smaller copy of the look, is looked at first (:func:`_may_hold_text`). A
    picture under :attr:`Params.small_text` long that shows no text map is looked at again
    at twice its size: glyphs whose strokes and holes are a pixel or two wide part there
    (own screenshot 4040004, a 291x274 window).
    """
    found = _text_reading_at(image, look, look_scale, small, p)
    if max(image.shape[:2]) >= p.small_text or found.field is not None or found.closeness > 0:
        return found
    large = np.asarray(
        cv2.resize(image, None, fx=2.0, fy=2.0, interpolation=cv2.INTER_CUBIC), np.uint8
    )
    found = _text_reading_at(large, large, 1.0, large, p)
    if found.lattice is None:
        return found
    return replace(found, lattice=found.lattice.transformed(np.diag([0.5, 0.5, 1.0])))


def _text_reading_at(
    image: RGBImage, look: RGBImage, look_scale: float, small: RGBImage, p: Params
) -> _Reading:
    """The field from a text map in ``image`` (see :func:`_text_reading`)."""
    if small.shape != look.shape and not _may_hold_text(small, p):
        return _Reading(None, ("no text map",))
    dots = _dot_sizes(_ink_boxes(look, p), 1 if look_scale < 0.75 else 2)
    if not dots:
        return _Reading(None, ("no text map",))
    # large text is read in the look itself
    large = min(dot for dot, _ in dots) >= p.look_dot
    img, scale = (look, look_scale) if large else reduce(image, p.text_side)
    ink = _ink_map(img, p)
    if ink is None:
        return _Reading(None, ("no text map",))
    # the rows of the likeliest dot size that gives ten, or else the most (a dot in the look
    # is a pixel or so off when the text is read larger)
    slack, factor = scale / look_scale - 1, scale / look_scale
    readings = [
        found
        for dot, pitch in dots
        if not isinstance(found := _text_rows(ink, dot * factor, slack, pitch * factor, p), str)
    ]
    if not readings:
        return _Reading(None, ("no text map",))
    rows, pitch, line_pitch = max(readings, key=lambda f: (len(f[0]) == SIZE, len(f[0])))
    if not rows:
        return _Reading(None, ("no text map",))
    steps = np.diff([row[3] for row in rows]) if len(rows) > 1 else np.zeros(1)
    if len(rows) != SIZE or np.any(np.abs(steps - line_pitch) > 0.25 * line_pitch):
        closeness = p.in_doubt if len(rows) >= SIZE - 2 else 0.0
        doubt = f"{len(rows)} quoted rows of ten in the text, not {SIZE}"
        return _Reading(None, (doubt,), None, closeness)
    lefts = np.array([row[2] for row in rows])
    if np.ptp(lefts) > 0.3 * pitch:
        return _Reading(None, ("the text rows are not aligned",), None, p.in_doubt)
    read: dict[Cell, frozenset[str]] = {
        (r, c): cell
        for r, (_, cells, _, _) in enumerate(rows)
        for c, cell in enumerate(cells)
        if not isinstance(cell, str)
    }
    field = _text_field(read, p)
    if isinstance(field, _Reading):
        return field
    left = float(np.median(lefts)) - pitch / 2
    top = rows[0][3] - 0.8 * line_pitch
    lattice = Lattice.axis_aligned(
        SIZE, SIZE, left / scale, top / scale, pitch / scale, line_pitch / scale
    )
    return _Reading(field, (), lattice)


def _text_field(read: dict[Cell, frozenset[str]], p: Params) -> tuple[str, ...] | _Reading:
    """The field from the readings of a text map's glyphs, or the refused reading.

    A glyph read as a letter or a digit (a ``C`` like a ``5``) is resolved by the rules
    when only one choice gives one cherry and digits in one chain from the head.
    """
    digit = frozenset("0123456789")
    unclear = [cell for cell, chars in read.items() if len(chars - digit) and len(chars) > 1]
    unreadable = [cell for cell, chars in read.items() if not chars]
    if unreadable or len(unclear) > p.max_unclear:
        return _in_doubt("unreadable characters in the text map", unreadable + unclear, p)
    letters = {c: next(iter(chars)) for c, chars in read.items() if chars in ({"T"}, {"C"})}
    options = [[*sorted(read[c] - digit), *(["digit"] if read[c] & digit else [])] for c in unclear]
    found: set[tuple[str, ...]] = set()
    refused: list[_Reading] = []
    for choice in itertools.product(*options):
        chosen = {
            **letters,
            **{c: ch for c, ch in zip(unclear, choice, strict=True) if ch != "digit"},
        }
        digits = {c: chars & digit for c, chars in read.items() if c not in chosen}
        field = _text_choice(chosen, digits, p)
        if isinstance(field, tuple):
            found.add(field)
        else:
            refused.append(field)
    if len(found) == 1:
        return found.pop()
    return _in_doubt("unreadable characters in the text map", unclear, p) if found else refused[0]


def _text_choice(
    letters: dict[Cell, str], digits: dict[Cell, frozenset[str]], p: Params
) -> tuple[str, ...] | _Reading:
    """The field with ``letters`` (``T``, ``C``) and the snake's ``digits`` (each cell's
    possible digits), or the refused reading."""
    if not 2 <= len(digits) <= SIZE:
        return _in_doubt(f"{len(digits)} snake digits, not 2 to {SIZE}", list(digits), p)
    if not connected(list(digits)):
        return _in_doubt("the snake's body is not a chain", list(digits), p)
    chains = snake_orders(list(digits), None)
    orders = [o for o in chains if all(str(i) in digits[cell] for i, cell in enumerate(o))]
    if not orders:
        # small code closes the holes of looped digits (0, 6, 8, 9 read as one another): when
        # the readings fit no chain, a looped digit may stand for any looped one, and the
        # other digits must still give one order
        looped = {c: ch | frozenset(LOOPED) if ch & set(LOOPED) else ch for c, ch in digits.items()}
        orders = [o for o in chains if all(str(i) in looped[cell] for i, cell in enumerate(o))]
    if len(orders) != 1:
        ambiguous = "do not give one body order" if orders else "disagree with every chain"
        return _in_doubt(f"the snake's digits {ambiguous}", list(digits), p)
    cherries = [c for c, ch in letters.items() if ch == "C"]
    if not cherries:
        return _Reading(None, ("no cherry in the text map",), None, p.in_doubt)
    if len(cherries) > 1:
        return _in_doubt(f"{len(cherries)} cherries in the text map", cherries, p)
    grid = [["."] * SIZE for _ in range(SIZE)]
    for (r, c), ch in letters.items():
        grid[r][c] = ch
    for i, (r, c) in enumerate(orders[0]):
        grid[r][c] = str(i)
    return tuple("".join(r) for r in grid)


# ------------------------------------------------------------------------ entry points


def _checked(reading: _Reading, look: str, p: Params) -> Recognition | _Reading:
    """A confident recognition when the reading obeys the rules, else the refused reading."""
    if reading.field is None:
        return reading
    try:
        puzzle = Puzzle(field=reading.field)
    except SolveShotError as exc:
        log.debug("%s reading rejected: %s", look, exc)
        return _Reading(None, (f"the {look} breaks the rules: {exc}",), None, p.in_doubt)
    return Recognition(GAME, puzzle, p.confidence, reading.lattice, ())


def recognize(image: RGBImage, params: Params = PARAMS) -> Recognition:
    """Read a CheckiO Snake field from a drawn board or a text map.

    Parameters
    ----------
    image : (H, W, 3) uint8 array
        The picture.
    params : Params
        Tuning.

    Returns
    -------
    Recognition
        ``game="snake"``; the puzzle is a :class:`solvers.snake.Puzzle` and the geometry a
        :class:`~recognizer.lattice.Lattice` over the field's cells (board cells or
        character cells). Refused with doubts when any part of the reading is in doubt:
        confidence 0 when no field was found, :attr:`Params.in_doubt` when one was found
        but read inconsistently (the first doubt then names the cells in doubt).
    """
    look, look_scale = halve(image, max(image.shape[:2]), params.look_side)
    small, small_scale = halve(look, max(look.shape[:2]), params.find_side)
    refused: list[_Reading] = []
    for reading in _board_readings(image, small, look_scale * small_scale, params):
        found = _checked(reading, "board", params)
        if isinstance(found, Recognition):
            return found
        refused.append(found)
    text = _text_reading(image, look, look_scale, small, params)
    found = _checked(text, "text map", params)
    if isinstance(found, Recognition):
        return found
    refused.append(found)
    refused.sort(key=lambda r: -r.closeness)  # stable: the closest, then in the order read
    doubts = tuple(dict.fromkeys(d for r in refused for d in r.doubts))
    return Recognition(GAME, None, refused[0].closeness, None, doubts or ("no snake field",))


# --------------------------------------------------------------------------- overlay


def final_body(puzzle: Puzzle, solution: Solution) -> tuple[Cell, ...]:
    """The snake's cells after the solution's moves, head first (grown if it ate)."""
    grown = 1 if solution.path and solution.path[-1] == puzzle.cherry else 0
    trail = (*reversed(solution.path), *puzzle.snake)
    return trail[: len(puzzle.snake) + grown]


def draw(image: RGBImage, recognition: Recognition, solution: Solution) -> RGBImage:
    """The picture with the route drawn: arrows from the head through each step, numbered,
    and the snake's cells after the route outlined (its safe final position).

    Works for both looks: the geometry maps cells to board squares or to the characters of
    a text map.
    """
    lattice = recognition.geometry
    puzzle = recognition.puzzle
    if not isinstance(lattice, Lattice) or not isinstance(puzzle, Puzzle):
        return image.copy()
    corners = lattice.corners((0, 0))
    sides = sorted(
        (
            float(np.linalg.norm(corners[1] - corners[0])),
            float(np.linalg.norm(corners[3] - corners[0])),
        )
    )
    # Square board cells scale the drawing; tall narrow text cells scale it by their height.
    size = sides[0] if sides[1] < 1.5 * sides[0] else 0.6 * sides[1]
    ov = Overlay(image)
    for cell in final_body(puzzle, solution):
        quad = lattice.corners(cell)
        centre = quad.mean(axis=0)
        ring = [(float(x), float(y)) for x, y in centre + 0.88 * (quad - centre)]
        ov.line([*ring, ring[0]], width=max(1.5, size * 0.07), color=END_COLOR)
    centres = [lattice.center(c) for c in (puzzle.snake[0], *solution.path)]
    ov.disc(centres[0], size * 0.22, fill=START_COLOR)
    for (x0, y0), (x1, y1) in itertools.pairwise(centres):
        # from the edge of one step's number to the edge of the next, so both stay legible
        tail = (x0 + 0.25 * (x1 - x0), y0 + 0.25 * (y1 - y0))
        head = (x0 + 0.78 * (x1 - x0), y0 + 0.78 * (y1 - y0))
        ov.arrow(tail, head, width=max(1.5, size * 0.1), color=PATH_COLOR)
    for i, centre in enumerate(centres[1:], start=1):
        ov.label(centre, str(i), size=size * (0.5 if i < 10 else 0.4))
    return ov.render()
