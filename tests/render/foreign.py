"""Foreign renderers: every game drawn in looks nobody on the team drew, for the red team.

Each game's own renderer was written beside its recognizer; these draw the same puzzles the
way other implementations of the games could look (other themes, page textures, fonts,
glyphs, tile shapes, grid lines, UI chrome, device sizes and aspects, JPEG), so tests and
hunts can check that a confident reading is always the drawn puzzle. ``screen(game, rng)``
has the contract of :func:`tests.render.mixed.screen`. ``novel(game, rng)`` (same contract;
``"none"`` for a non-puzzle) draws the looks added in session 7, after the games' helpers had
read ``screen``'s: other devices, wallpapers, chrome and things over the page, other tiles,
marks and boards, games already begun, and grids that look like games and are none of ours.
Nothing here shares drawing code with the games' renderers; only their ``random_puzzle`` is
used, for the puzzles.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

from solvers.bond import Puzzle as BondPuzzle
from solvers.knight import Puzzle as KnightPuzzle
from solvers.onestroke import Puzzle as OnestrokePuzzle
from solvers.snake import Puzzle as SnakePuzzle
from solvers.tictactoe import Puzzle as TictactoePuzzle
from tests.render.degrade import jpeg_round_trip

Rng = np.random.Generator
RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

GAMES = ("onestroke", "bond", "snake", "tictactoe", "knight")
FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSerif.ttf", "DejaVuSansCondensed.ttf")
MONO = ("DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf")
DEVICES = (
    (1080, 1920),
    (1080, 2340),
    (1080, 2520),
    (720, 1600),
    (1170, 2532),
    (828, 1792),
    (1536, 2048),
    (1200, 1600),
    (1920, 1080),
    (1600, 900),
    (1280, 800),
)
PALETTES = (
    ((231, 76, 60), (46, 204, 113), (52, 152, 219), (241, 196, 15), (155, 89, 182), (26, 188, 156)),
    (
        (255, 179, 186),
        (255, 223, 186),
        (186, 255, 201),
        (186, 225, 255),
        (220, 190, 255),
        (250, 250, 160),
    ),
    ((188, 0, 0), (0, 88, 248), (0, 168, 0), (248, 184, 0), (104, 68, 252), (120, 120, 120)),
    ((38, 70, 83), (42, 157, 143), (233, 196, 106), (244, 162, 97), (231, 111, 81), (140, 60, 120)),
)


@dataclass(frozen=True)
class Theme:
    """A page's colours, texture and font."""

    page: RGB
    page2: RGB  # the other end of a gradient or texture
    ink: RGB
    panel: RGB  # bars and buttons
    accent: RGB
    texture: str  # flat, vertical, diagonal, radial, noise, stripes, ruled, squared (paper)
    font: str
    dark: bool


def _rgb(rng: Rng, low: int, high: int) -> RGB:
    r, g, b = (int(v) for v in rng.integers(low, high, 3))
    return r, g, b


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return r, g, bl


@lru_cache(maxsize=64)
def font(name: str, size: int) -> Font:
    """A TrueType font by file name (Pillow's scalable default when it is missing)."""
    try:
        return ImageFont.truetype(name, max(size, 6))
    except OSError:
        return ImageFont.load_default(max(size, 6))


def random_theme(rng: Rng) -> Theme:
    """A light, dark or colourful theme."""
    kind = str(rng.choice(["light", "dark", "colourful"]))
    if kind == "light":
        page, ink = _rgb(rng, 215, 256), _rgb(rng, 20, 80)
    elif kind == "dark":
        page, ink = _rgb(rng, 10, 55), _rgb(rng, 200, 256)
    else:
        r, g, b = rng.permutation(
            [int(rng.integers(150, 256)), int(rng.integers(60, 160)), int(rng.integers(0, 120))]
        )
        page = (int(r), int(g), int(b))  # one channel strong, one middling, one weak
        ink = (255, 255, 255) if sum(page) < 450 else (30, 30, 40)
    page2 = _mix(page, _rgb(rng, 0, 256), float(rng.uniform(0.1, 0.45)))
    panel = _mix(page, ink, float(rng.uniform(0.08, 0.25)))
    textures = ["flat", "vertical", "diagonal", "radial", "noise", "stripes", "ruled", "squared"]
    return Theme(
        page,
        page2,
        ink,
        panel,
        _rgb(rng, 30, 256),
        str(rng.choice(textures)),
        str(rng.choice(FONTS)),
        kind == "dark",
    )


def _background(size: tuple[int, int], theme: Theme, rng: Rng) -> Image.Image:
    """The page behind everything: flat, a gradient, noise, soft stripes, or ruled or squared
    paper (thin lines every few percent of the width)."""
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if theme.texture == "vertical":
        t = yy / h
    elif theme.texture == "diagonal":
        t = (xx + yy) / (w + h)
    elif theme.texture == "radial":
        t = np.hypot(xx - w / 2, yy - h / 2) / np.hypot(w / 2, h / 2)
    elif theme.texture == "stripes":
        angle, period = rng.uniform(0, np.pi), rng.uniform(0.02, 0.08) * w
        t = 0.15 * (np.sin(2 * np.pi * (np.cos(angle) * xx + np.sin(angle) * yy) / period) > 0)
    elif theme.texture == "noise":
        cells = rng.random((h // 16 + 2, w // 16 + 2)).astype(np.float32)
        t = 0.3 * np.asarray(Image.fromarray(cells).resize((w, h), Image.Resampling.BICUBIC))
    elif theme.texture in ("ruled", "squared"):
        period = int(rng.integers(20, 60)) * max(1, w // 1000)
        t = 0.6 * (yy % period < max(1, period // 25))
        if theme.texture == "squared":
            t = np.maximum(t, 0.6 * (xx % period < max(1, period // 25)))
    else:
        t = np.zeros((h, w), np.float32)
    a, b = np.asarray(theme.page, np.float32), np.asarray(theme.page2, np.float32)
    pixels = a + (b - a) * np.clip(t, 0, 1)[..., None]
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def _text(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: Font, fill: RGB
) -> None:
    draw.text(xy, text, font=f, fill=fill, anchor="mm")


def _chrome(draw: ImageDraw.ImageDraw, size: tuple[int, int], theme: Theme, rng: Rng) -> Box:
    """Status bar, title, score, buttons and maybe an ads banner; the free box for the game."""
    w, h = size
    unit = min(w, h) / 20
    top, bottom = 0.0, float(h)
    if w < h and rng.random() < 0.8:  # a phone's status bar
        bar = 1.1 * unit
        if rng.random() < 0.5:
            draw.rectangle((0, 0, w, bar), fill=theme.panel)
        f = font("DejaVuSans.ttf", int(0.6 * unit))
        _text(
            draw,
            (2 * unit, bar / 2),
            f"{int(rng.integers(1, 13))}:{int(rng.integers(0, 60)):02d}",
            f,
            theme.ink,
        )
        draw.rectangle(
            (w - 3 * unit, 0.3 * bar, w - 1.5 * unit, 0.7 * bar), outline=theme.ink, width=2
        )
        top = bar
    elif w >= h:  # a desktop window's title bar
        bar = 1.2 * unit
        draw.rectangle((0, 0, w, bar), fill=_mix(theme.panel, (128, 128, 128), 0.3))
        for i, colour in enumerate(((255, 95, 86), (255, 189, 46), (39, 201, 63))):
            cx = (0.8 + 0.8 * i) * unit
            draw.ellipse(
                (cx - 0.25 * unit, bar / 2 - 0.25 * unit, cx + 0.25 * unit, bar / 2 + 0.25 * unit),
                fill=colour,
            )
        top = bar
    f = font(theme.font, int(rng.uniform(0.8, 1.4) * unit))
    title = str(rng.choice(["Level", "Puzzle", "Stage", "Game", "Round", "Daily"]))
    if rng.random() < 0.85:
        _text(draw, (w / 2, top + 1.2 * unit), f"{title} {int(rng.integers(1, 999))}", f, theme.ink)
        top += 2.4 * unit
    if rng.random() < 0.6:
        small = font(theme.font, int(0.7 * unit))
        draw.rounded_rectangle(
            (unit, top, 6 * unit, top + 1.3 * unit), 0.6 * unit, fill=theme.panel
        )
        _text(
            draw,
            (3.5 * unit, top + 0.65 * unit),
            f"Score {int(rng.integers(0, 99999))}",
            small,
            theme.ink,
        )
        top += 1.8 * unit
    if rng.random() < 0.4:  # an ads banner at the bottom
        band = 2.5 * unit
        draw.rectangle((0, h - band, w, h), fill=_rgb(rng, 0, 256))
        _text(
            draw,
            (w / 2, h - band / 2),
            "Ad · Install now",
            font("DejaVuSans-Bold.ttf", int(0.8 * unit)),
            (255, 255, 255),
        )
        bottom -= band
    if rng.random() < 0.7:  # a row of buttons
        labels = ["Undo", "Hint", "Reset", "Menu", "⟲", "?"]
        count = int(rng.integers(2, 5))
        y1, y0 = bottom - 0.8 * unit, bottom - 2.8 * unit
        small = font(theme.font, int(0.7 * unit))
        for i in range(count):
            x0 = w * (i + 0.15) / count
            x1 = w * (i + 0.85) / count
            draw.rounded_rectangle(
                (x0, y0, x1, y1), float(rng.uniform(0.2, 1.0)) * unit, fill=theme.accent
            )
            _text(
                draw,
                ((x0 + x1) / 2, (y0 + y1) / 2),
                labels[int(rng.integers(len(labels)))],
                small,
                theme.ink,
            )
        bottom = y0 - 0.5 * unit
    return unit * 0.5, top + 0.5 * unit, w - unit * 0.5, bottom


def _place(free: Box, aspect: float, rng: Rng, low: float = 0.6) -> Box:
    """A box of width/height ``aspect`` somewhere in ``free``, filling ``low``..0.97 of it."""
    x0, y0, x1, y1 = free
    scale = min((x1 - x0) / aspect, y1 - y0) * float(rng.uniform(low, 0.97))
    bw, bh = scale * aspect, scale
    left = x0 + float(rng.uniform(0, x1 - x0 - bw))
    top = y0 + float(rng.uniform(0, y1 - y0 - bh))
    return left, top, left + bw, top + bh


@dataclass(frozen=True)
class Tiles:
    """How the cells of a board are drawn."""

    shape: str  # square, rounded, circle, bevel, shadow, outline
    gap: float  # fraction of the pitch between tiles
    radius: float  # corner radius, fraction of the tile


def random_tiles(rng: Rng) -> Tiles:
    """A tile shape with a gap and rounding."""
    shape = str(rng.choice(["square", "rounded", "circle", "bevel", "shadow", "outline"]))
    return Tiles(
        shape, float(rng.choice([0.0, rng.uniform(0.03, 0.2)])), float(rng.uniform(0.1, 0.35))
    )


def _tile(draw: ImageDraw.ImageDraw, box: Box, color: RGB, tiles: Tiles) -> None:
    """One tile in ``box`` (a cell's box less the gap)."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    radius = tiles.radius * size
    if tiles.shape == "circle":
        draw.ellipse(box, fill=color)
    elif tiles.shape == "bevel":
        edge = max(2.0, 0.1 * size)
        draw.rectangle(box, fill=_mix(color, (0, 0, 0), 0.35))
        draw.polygon(
            [(x0, y0), (x1, y0), (x1 - edge, y0 + edge), (x0 + edge, y1 - edge), (x0, y1)],
            fill=_mix(color, (255, 255, 255), 0.4),
        )
        draw.rectangle((x0 + edge, y0 + edge, x1 - edge, y1 - edge), fill=color)
    elif tiles.shape == "shadow":
        drop = max(2.0, 0.07 * size)
        draw.rounded_rectangle(
            (x0 + drop, y0 + drop, x1, y1), radius, fill=_mix(color, (0, 0, 0), 0.5)
        )
        draw.rounded_rectangle((x0, y0, x1 - drop, y1 - drop), radius, fill=color)
    elif tiles.shape == "outline":
        draw.rounded_rectangle(
            box,
            radius,
            fill=color,
            outline=_mix(color, (0, 0, 0), 0.45),
            width=max(2, round(0.06 * size)),
        )
    else:
        draw.rounded_rectangle(box, radius if tiles.shape == "rounded" else 0, fill=color)


def _cell_box(board: Box, rows: int, cols: int, r: int, c: int, gap: float = 0.0) -> Box:
    """The box of cell ``(r, c)`` of a board, less ``gap`` (a fraction of the pitch)."""
    x0, y0, x1, y1 = board
    pw, ph = (x1 - x0) / cols, (y1 - y0) / rows
    inset = gap * min(pw, ph) / 2
    return (
        x0 + c * pw + inset,
        y0 + r * ph + inset,
        x0 + (c + 1) * pw - inset,
        y0 + (r + 1) * ph - inset,
    )


def _inset(box: Box, fraction: float) -> Box:
    x0, y0, x1, y1 = box
    dx, dy = fraction * (x1 - x0), fraction * (y1 - y0)
    return x0 + dx, y0 + dy, x1 - dx, y1 - dy


def _glyph(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    name: str,
    color: RGB,
    scale: float = 0.8,
    stroke: RGB | None = None,
) -> None:
    """``text`` centred in ``box`` at ``scale`` of its height."""
    x0, y0, x1, y1 = box
    f = font(name, int(scale * min(x1 - x0, y1 - y0)))
    width = max(1, int(0.04 * (y1 - y0))) if stroke is not None else 0
    draw.text(
        ((x0 + x1) / 2, (y0 + y1) / 2),
        text,
        font=f,
        fill=color,
        anchor="mm",
        stroke_width=width,
        stroke_fill=stroke,
    )


def _cat(draw: ImageDraw.ImageDraw, box: Box, fur: RGB, ink: RGB) -> None:
    """A simple cat face: a round head, two ears, eyes and a nose."""
    x0, y0, x1, y1 = _inset(box, 0.1)
    s = x1 - x0
    draw.polygon(
        [(x0, y0 + 0.45 * s), (x0 + 0.1 * s, y0), (x0 + 0.45 * s, y0 + 0.25 * s)], fill=fur
    )
    draw.polygon(
        [(x1, y0 + 0.45 * s), (x1 - 0.1 * s, y0), (x1 - 0.45 * s, y0 + 0.25 * s)], fill=fur
    )
    draw.ellipse((x0, y0 + 0.15 * s, x1, y1), fill=fur)
    for ex in (0.32, 0.68):
        draw.ellipse(
            (x0 + (ex - 0.06) * s, y0 + 0.45 * s, x0 + (ex + 0.06) * s, y0 + 0.6 * s), fill=ink
        )
    draw.polygon(
        [
            (x0 + 0.45 * s, y0 + 0.7 * s),
            (x0 + 0.55 * s, y0 + 0.7 * s),
            (x0 + 0.5 * s, y0 + 0.77 * s),
        ],
        fill=ink,
    )


def draw_onestroke(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: OnestrokePuzzle, rng: Rng
) -> None:
    """Tiles and holes of a one-stroke level, the start tile marked (a cat, a dot, a star...)."""
    rows, cols = len(puzzle.grid), len(puzzle.grid[0])
    board = _place(free, cols / rows, rng, 0.5)
    tiles = random_tiles(rng)
    tile = _rgb(rng, 150, 235) if not theme.dark else _rgb(rng, 60, 140)
    if rng.random() < 0.4:  # a panel behind the board
        pad = 0.3 * (board[2] - board[0]) / cols
        draw.rounded_rectangle(
            (board[0] - pad, board[1] - pad, board[2] + pad, board[3] + pad),
            pad,
            fill=_mix(theme.page, theme.ink, 0.07),
        )
    marker = str(rng.choice(["cat", "dot", "ring", "star", "filled", "arrow"]))
    sockets = rng.random() < 0.2
    accent = (
        theme.accent
        if sum(abs(a - b) for a, b in zip(theme.accent, tile, strict=True)) > 150
        else _mix(tile, (0, 0, 0), 0.6)
    )
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            box = _cell_box(board, rows, cols, r, c, tiles.gap)
            if ch != "1":
                if sockets:  # some games outline the holes
                    draw.rounded_rectangle(
                        _inset(box, 0.08),
                        0.2 * (box[2] - box[0]),
                        outline=_mix(theme.page, theme.ink, 0.2),
                        width=2,
                    )
                continue
            start = (r, c) == puzzle.start
            _tile(draw, box, accent if start and marker == "filled" else tile, tiles)
            if not start:
                continue
            if marker == "cat":
                _cat(draw, box, _rgb(rng, 200, 256), (40, 30, 30))
            elif marker == "dot":
                draw.ellipse(_inset(box, 0.28), fill=accent)
            elif marker == "ring":
                draw.ellipse(
                    _inset(box, 0.2), outline=accent, width=max(2, round(0.08 * (box[2] - box[0])))
                )
            elif marker in ("star", "arrow"):
                _glyph(draw, box, "★" if marker == "star" else "▶", "DejaVuSans.ttf", accent, 0.6)


def _colour_grid(
    draw: ImageDraw.ImageDraw,
    board: Box,
    grid: tuple[tuple[int, ...], ...],
    colours: dict[int, RGB],
    tiles: Tiles,
) -> None:
    rows, cols = len(grid), len(grid[0])
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            _tile(draw, _cell_box(board, rows, cols, r, c, tiles.gap), colours[value], tiles)


def draw_bond(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: BondPuzzle, rng: Rng
) -> None:
    """A big board of coloured tiles and a smaller target in the same colours beside it."""
    rows, cols = len(puzzle.source), len(puzzle.source[0])
    palette = PALETTES[int(rng.integers(len(PALETTES)))]
    picks = rng.permutation(len(palette))
    classes = sorted({v for row in (*puzzle.source, *puzzle.target) for v in row})
    colours = {v: palette[int(picks[i])] for i, v in enumerate(classes)}
    ratio = float(rng.uniform(0.28, 0.55))
    side = str(rng.choice(["right", "below", "above", "left"]))
    across = side in ("right", "left")
    aspect = cols * (1 + ratio + 0.15) / rows if across else cols / (rows * (1 + ratio + 0.15))
    whole = _place(free, aspect, rng, 0.55)
    x0, y0, x1, y1 = whole
    if across:
        bw = (x1 - x0) / (1 + ratio + 0.15)
        big_x = x0 if side == "right" else x1 - bw
        big = (big_x, y0, big_x + bw, y1)
        tw, th = ratio * bw, ratio * (y1 - y0)
        tx = x1 - tw if side == "right" else x0
        ty = y0 + float(rng.uniform(0, 1 - ratio)) * (y1 - y0)
    else:
        bh = (y1 - y0) / (1 + ratio + 0.15)
        big_y = y0 if side == "below" else y1 - bh
        big = (x0, big_y, x1, big_y + bh)
        tw, th = ratio * (x1 - x0), ratio * bh
        ty = y1 - th if side == "below" else y0
        tx = x0 + float(rng.uniform(0, 1 - ratio)) * (x1 - x0)
    target = (tx, ty, tx + tw, ty + th)
    frame = _mix(theme.page, theme.ink, float(rng.uniform(0.2, 0.8)))
    for box, pad in ((big, 0.04), (target, 0.06)):
        if rng.random() < 0.6:
            p = pad * (box[2] - box[0])
            draw.rounded_rectangle(
                (box[0] - p, box[1] - p, box[2] + p, box[3] + p),
                p,
                outline=frame,
                width=max(2, round(p / 3)),
            )
    tiles = random_tiles(rng)
    _colour_grid(draw, big, puzzle.source, colours, tiles)
    _colour_grid(
        draw, target, puzzle.target, colours, tiles if rng.random() < 0.5 else random_tiles(rng)
    )
    if rng.random() < 0.5:
        label = str(rng.choice(["Target", "GOAL", "Make this", "Aim"]))
        f = font(theme.font, int(0.18 * th))
        ly = ty - 0.15 * th if ty - 0.15 * th > free[1] else ty + 1.15 * th
        _text(draw, (tx + tw / 2, ly), label, f, theme.ink)


def _tree(draw: ImageDraw.ImageDraw, box: Box, kind: str, leaf: RGB, trunk: RGB) -> None:
    """A tree: stacked triangles, a round crown, or a glyph."""
    x0, y0, x1, y1 = _inset(box, 0.12)
    s, cx = x1 - x0, (x0 + x1) / 2
    if kind == "pine":
        draw.rectangle((cx - 0.08 * s, y0 + 0.75 * s, cx + 0.08 * s, y1), fill=trunk)
        for top, base in ((0.0, 0.5), (0.25, 0.8)):
            draw.polygon(
                [
                    (cx, y0 + top * s),
                    (x0 + 0.05 * s, y0 + base * s),
                    (x1 - 0.05 * s, y0 + base * s),
                ],
                fill=leaf,
            )
    elif kind == "round":
        draw.rectangle((cx - 0.09 * s, y0 + 0.5 * s, cx + 0.09 * s, y1), fill=trunk)
        draw.ellipse((x0 + 0.1 * s, y0, x1 - 0.1 * s, y0 + 0.7 * s), fill=leaf)
    else:
        _glyph(draw, box, "♣" if kind == "club" else "T", "DejaVuSans-Bold.ttf", leaf, 0.75)


def _cherry(draw: ImageDraw.ImageDraw, box: Box, kind: str, red: RGB) -> None:
    """A cherry: a pair on stems, one disc, or a letter."""
    x0, y0, x1, y1 = _inset(box, 0.12)
    s = x1 - x0
    if kind == "pair":
        for cx in (0.3, 0.7):
            draw.line(
                [(x0 + cx * s, y0 + 0.55 * s), (x0 + 0.55 * s, y0 + 0.05 * s)],
                fill=(60, 120, 40),
                width=max(1, round(0.06 * s)),
            )
            draw.ellipse(
                (x0 + (cx - 0.22) * s, y0 + 0.5 * s, x0 + (cx + 0.22) * s, y0 + 0.94 * s), fill=red
            )
    elif kind == "disc":
        draw.ellipse(_inset((x0, y0, x1, y1), 0.12), fill=red)
    else:
        _glyph(draw, box, "C", "DejaVuSans-Bold.ttf", red, 0.75)


def _body(puzzle: SnakePuzzle, board: Box, n: int) -> list[tuple[float, float]]:
    """The centres of the snake's cells, head first."""
    body = sorted(
        (int(ch), (r, c))
        for r, row in enumerate(puzzle.field)
        for c, ch in enumerate(row)
        if ch.isdigit()
    )
    boxes = [_cell_box(board, n, n, *rc) for _, rc in body]
    return [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]


def _snake_board(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: SnakePuzzle, rng: Rng
) -> None:
    """A drawn 10x10 field: trees, a cherry, and the snake's cells numbered 0 (head) to 9."""
    n = len(puzzle.field)
    board = _place(free, 1.0, rng, 0.6)
    ground = _rgb(rng, 170, 240) if not theme.dark else _rgb(rng, 20, 70)
    line = _mix(ground, theme.ink, float(rng.uniform(0.15, 0.5)))
    look = str(rng.choice(["lines", "checker", "tiles", "plain"]))
    draw.rectangle(board, fill=ground if look != "tiles" else _mix(ground, theme.ink, 0.3))
    for r in range(n):
        for c in range(n):
            box = _cell_box(board, n, n, r, c)
            if look == "checker" and (r + c) % 2:
                draw.rectangle(box, fill=_mix(ground, (0, 0, 0), 0.08))
            elif look == "tiles":
                draw.rounded_rectangle(_inset(box, 0.05), 0.15 * (box[2] - box[0]), fill=ground)
    if look == "lines":
        width = max(1, round(float(rng.uniform(0.01, 0.05)) * (board[2] - board[0]) / n))
        for i in range(n + 1):
            x = board[0] + i * (board[2] - board[0]) / n
            y = board[1] + i * (board[3] - board[1]) / n
            draw.line([(x, board[1]), (x, board[3])], fill=line, width=width)
            draw.line([(board[0], y), (board[2], y)], fill=line, width=width)
    draw.rectangle(board, outline=line, width=max(2, round(0.006 * (board[2] - board[0]))))
    tree, cherry = (
        str(rng.choice(["pine", "round", "club", "letter"])),
        str(rng.choice(["pair", "disc", "letter"])),
    )
    leaf, body = _rgb(rng, 0, 120), str(rng.choice(["fill", "path", "digits"]))
    skin = _rgb(rng, 40, 200)
    centres = _body(puzzle, board, n)
    pitch = (board[2] - board[0]) / n
    if body == "path":
        draw.line(centres, fill=skin, width=round(0.6 * pitch), joint="curve")
    digit_font = str(rng.choice([*FONTS, *MONO]))
    for r, row in enumerate(puzzle.field):
        for c, ch in enumerate(row):
            box = _cell_box(board, n, n, r, c)
            if ch == "T":
                _tree(draw, box, tree, leaf, (110, 70, 40))
            elif ch == "C":
                _cherry(draw, box, cherry, (220, 20, 40))
            elif ch.isdigit():
                if body == "fill":
                    draw.rounded_rectangle(
                        _inset(box, 0.06),
                        0.25 * pitch,
                        fill=_mix(skin, (0, 0, 0), 0.3) if ch == "0" else skin,
                    )
                ink = (
                    theme.ink
                    if body == "digits"
                    else ((255, 255, 255) if sum(skin) < 400 else (0, 0, 0))
                )
                _glyph(draw, box, ch, digit_font, ink, 0.65)


def _snake_text(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: SnakePuzzle, rng: Rng
) -> None:
    """The field as code: ten quoted strings in a monospaced font, in an editor's colours."""
    lines = ["checkio(["] if rng.random() < 0.5 else ["field = ["]
    quote = str(rng.choice(['"', "'"]))
    lines += [f"    {quote}{row}{quote}," for row in puzzle.field]
    lines.append("])" if lines[0].startswith("checkio") else "]")
    x0, y0, x1, y1 = free
    size = int(min((x1 - x0) / 24, (y1 - y0) / (len(lines) * 1.6)) * float(rng.uniform(0.6, 1.0)))
    f = font(str(rng.choice(MONO)), size)
    string = _rgb(rng, 150, 256) if theme.dark else _rgb(rng, 0, 140)
    top = y0 + float(rng.uniform(0, (y1 - y0) - len(lines) * 1.5 * size))
    left = x0 + float(rng.uniform(0, 0.3)) * (x1 - x0)
    for i, text in enumerate(lines):
        draw.text(
            (left, top + i * 1.5 * size), text, font=f, fill=string if quote in text else theme.ink
        )


def draw_snake(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: SnakePuzzle, rng: Rng
) -> None:
    """A snake field, drawn (most often) or written as code."""
    (_snake_text if rng.random() < 0.25 else _snake_board)(draw, free, theme, puzzle, rng)


def _wobbly(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], color: RGB, width: int, rng: Rng
) -> None:
    """A hand-drawn stroke through ``points``: resampled and jittered."""
    pts = np.asarray(points, np.float64)
    t = np.linspace(0, len(pts) - 1, 8 * len(pts))
    path = np.stack([np.interp(t, np.arange(len(pts)), pts[:, i]) for i in (0, 1)], -1)
    path += rng.normal(0, 0.15 * width, path.shape).cumsum(0) * 0.3
    draw.line([tuple(p) for p in path], fill=color, width=width, joint="curve")


def _mark(
    draw: ImageDraw.ImageDraw,
    box: Box,
    mark: str,
    style: str,
    face: str,
    color: RGB,
    width: int,
    rng: Rng,
) -> None:
    """An X or an O in ``box``: strokes, hand-drawn, rings, or a one-character glyph
    (``face`` for the letters X and O; the symbols are DejaVu Sans's, which has them all)."""
    x0, y0, x1, y1 = box
    if len(style) == 1:
        name = face if style in "XO" else "DejaVuSans.ttf"
        _glyph(draw, box, style, name, color, 1.0 if style in "○◯" else 0.85)
    elif mark == "x":
        strokes = [[(x0, y0), (x1, y1)], [(x1, y0), (x0, y1)]]
        for stroke in strokes:
            if style == "hand":
                _wobbly(draw, stroke, color, width, rng)
            else:
                draw.line(stroke, fill=color, width=width)
    elif style == "hand":
        angle = np.linspace(0, 2 * np.pi * 1.05, 40) + rng.uniform(0, 6)
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        _wobbly(
            draw,
            list(zip(cx + rx * np.cos(angle), cy + ry * np.sin(angle), strict=True)),
            color,
            width,
            rng,
        )
    else:
        draw.ellipse(box, outline=color, width=width)
        if style == "double":
            draw.ellipse(_inset(box, 0.22), outline=color, width=max(1, width // 2))


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def draw_tictactoe(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: TictactoePuzzle, rng: Rng
) -> None:
    """A # (or framed, or tiled) 3x3 board with X and O marks, a win maybe struck through."""
    board = _place(free, 1.0, rng, 0.55)
    side = board[2] - board[0]
    look = str(rng.choice(["hash", "framed", "tiles"]))
    line = theme.ink if rng.random() < 0.5 else _mix(theme.page, theme.ink, 0.5)
    width = max(2, round(float(rng.uniform(0.008, 0.04)) * side))
    if look == "tiles":
        for i in range(9):
            _tile(
                draw,
                _cell_box(board, 3, 3, i // 3, i % 3, 0.08),
                _mix(theme.page, theme.ink, 0.12),
                Tiles("rounded", 0, 0.15),
            )
    else:
        for i in (1, 2):
            x, y = board[0] + i * side / 3, board[1] + i * side / 3
            draw.line([(x, board[1]), (x, board[3])], fill=line, width=width)
            draw.line([(board[0], y), (board[2], y)], fill=line, width=width)
        if look == "framed":
            draw.rectangle(board, outline=line, width=width)
    x_style = str(rng.choice(["strokes", "hand", "X", "✕", "✖", "✗"]))
    o_style, face = (
        str(rng.choice(["ring", "hand", "double", "O", "○", "◯"])),
        str(rng.choice(FONTS)),
    )
    x_colour, o_colour = (theme.accent, _rgb(rng, 0, 256)) if rng.random() < 0.6 else (line, line)
    size, mark_width = (
        float(rng.uniform(0.18, 0.32)),
        max(2, round(float(rng.uniform(0.015, 0.05)) * side)),
    )
    for i, ch in enumerate(puzzle.board):
        if ch != "-":
            box = _inset(_cell_box(board, 3, 3, i // 3, i % 3), size)
            _mark(
                draw,
                box,
                ch,
                x_style if ch == "x" else o_style,
                face,
                x_colour if ch == "x" else o_colour,
                mark_width,
                rng,
            )
    won = [
        ln for ln in LINES if puzzle.board[ln[0]] != "-" and len({puzzle.board[j] for j in ln}) == 1
    ]
    if won and rng.random() < 0.4:
        a, b = (_cell_box(board, 3, 3, j // 3, j % 3) for j in (won[0][0], won[0][2]))
        ends = [((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)]
        draw.line(ends, fill=_rgb(rng, 0, 256), width=mark_width)
    if rng.random() < 0.6:
        mover = "X" if puzzle.to_move == "x" else "O"
        _text(
            draw,
            ((free[0] + free[2]) / 2, max(free[1], board[1] - 0.08 * side)),
            f"{mover}'s turn",
            font(theme.font, int(0.06 * side)),
            theme.ink,
        )


SQUARES = (
    ((240, 217, 181), (181, 136, 99)),
    ((238, 238, 210), (118, 150, 86)),
    ((222, 227, 230), (140, 162, 173)),
    ((255, 255, 255), (40, 40, 40)),
    ((232, 220, 250), (150, 110, 200)),
    ((250, 235, 200), (200, 80, 60)),
)


def _horse(draw: ImageDraw.ImageDraw, box: Box, color: RGB, edge: RGB) -> None:
    """A simple drawn horse head (a polygon with an eye) on a base."""
    x0, y0, x1, y1 = _inset(box, 0.12)
    s = x1 - x0
    head = [
        (0.3, 0.95),
        (0.35, 0.55),
        (0.1, 0.5),
        (0.15, 0.35),
        (0.45, 0.1),
        (0.5, 0.0),
        (0.6, 0.1),
        (0.8, 0.35),
        (0.8, 0.95),
    ]
    draw.polygon(
        [(x0 + u * s, y0 + v * s) for u, v in head],
        fill=color,
        outline=edge,
        width=max(1, round(0.04 * s)),
    )
    draw.rectangle((x0 + 0.15 * s, y0 + 0.88 * s, x0 + 0.95 * s, y1), fill=color, outline=edge)
    draw.ellipse((x0 + 0.4 * s, y0 + 0.27 * s, x0 + 0.48 * s, y0 + 0.35 * s), fill=edge)


def draw_knight(
    draw: ImageDraw.ImageDraw, free: Box, theme: Theme, puzzle: KnightPuzzle, rng: Rng
) -> None:
    """An N x M chequered board, maybe with coordinates, and a knight on the start square."""
    rows, cols = puzzle.rows, puzzle.cols
    light, dark = SQUARES[int(rng.integers(len(SQUARES)))]
    if rng.random() < 0.3:
        light, dark = dark, light
    margin = 0.06 if rng.random() < 0.5 else 0.0
    whole = _place(free, (cols + 2 * margin * cols) / (rows + 2 * margin * rows), rng, 0.55)
    board = _inset(whole, margin / (1 + 2 * margin)) if margin else whole
    if margin:
        draw.rectangle(whole, fill=_mix(dark, (0, 0, 0), 0.4))
        f = font(
            theme.font,
            int(0.5 * margin * (whole[2] - whole[0]) / (1 + 2 * margin) * 10 / max(rows, cols)),
        )
        for c in range(cols):
            b = _cell_box(board, rows, cols, rows - 1, c)
            _text(draw, ((b[0] + b[2]) / 2, (board[3] + whole[3]) / 2), "abcdefghijkl"[c], f, light)
        for r in range(rows):
            b = _cell_box(board, rows, cols, r, 0)
            _text(draw, ((whole[0] + board[0]) / 2, (b[1] + b[3]) / 2), str(rows - r), f, light)
    for r in range(rows):
        for c in range(cols):
            draw.rectangle(
                _cell_box(board, rows, cols, r, c), fill=light if (r + c) % 2 == 0 else dark
            )
    box = _cell_box(board, rows, cols, *puzzle.start)
    if rng.random() < 0.3:
        draw.rectangle(box, fill=_mix(theme.accent, (255, 255, 0), 0.4))
    piece = str(rng.choice(["black", "white", "drawn", "letter"]))
    if piece == "drawn":
        _horse(draw, box, _rgb(rng, 0, 256), (20, 20, 20))
    elif piece == "letter":
        _glyph(draw, box, "N", "DejaVuSerif-Bold.ttf", (200, 20, 20), 0.7)
    else:
        fill, stroke = (
            ((20, 20, 20), (235, 235, 235)) if piece == "black" else ((250, 250, 250), (20, 20, 20))
        )
        _glyph(draw, box, str(rng.choice(["♞", "♘"])), "DejaVuSans.ttf", fill, 0.85, stroke)


DRAWERS: dict[str, Callable[..., None]] = {
    "onestroke": draw_onestroke,
    "bond": draw_bond,
    "snake": draw_snake,
    "tictactoe": draw_tictactoe,
    "knight": draw_knight,
}


def render(game: str, puzzle: Any, rng: Rng) -> NDArray[np.uint8]:
    """A foreign screen of ``game`` showing ``puzzle``: a random device, theme and chrome."""
    w, h = DEVICES[int(rng.integers(len(DEVICES)))]
    scale = 2 if rng.random() < 0.5 else 1  # drawn larger and shrunk: smooth edges
    theme = random_theme(rng)
    page = _background((w * scale, h * scale), theme, rng)
    draw = ImageDraw.Draw(page)
    free = _chrome(draw, page.size, theme, rng)
    DRAWERS[game](draw, free, theme, puzzle, rng)
    if scale > 1:
        page = page.resize((w, h), Image.Resampling.LANCZOS)
    image = np.asarray(page, np.uint8)
    if rng.random() < 0.3:
        image = jpeg_round_trip(image, int(rng.integers(60, 95)))
    return image


def screen(game: str, rng: Rng) -> tuple[NDArray[np.uint8], Any]:
    """A foreign screen of ``game`` and its puzzle (a random level from the game's renderer)."""
    puzzle = importlib.import_module(f"tests.render.{game}").random_puzzle(rng)
    return render(game, puzzle, rng), puzzle


# --- session 7: novel looks ------------------------------------------------------------------
# Devices, wallpapers, chrome and game looks added after the games' helpers had read the looks
# above: ``novel(game, rng)`` draws them and ``nonpuzzle(rng)`` draws grids that look like
# games and are not, so ``screen``'s seeds keep drawing the same pictures.

NOVEL_DEVICES = (
    (720, 1280),
    (720, 1520),
    (1440, 3200),
    (1440, 2560),
    (1536, 2048),
    (1668, 2224),
    (2340, 1080),
    (2048, 1536),
    (1366, 768),
)
WALLPAPERS = ("bokeh", "wood", "paper", "fabric", "photo", "flat")
TILE_LOOKS = ("glossy", "neon", "gem", "sticker", "button", "flat")


def _smooth_noise(rng: Rng, size: tuple[int, int], cells: int) -> NDArray[np.float32]:
    """Noise in 0..1 smoothed over about ``cells`` blobs across the width."""
    w, h = size
    grid = rng.random((max(2, cells * h // w), cells)).astype(np.float32)
    return np.asarray(Image.fromarray(grid).resize((w, h), Image.Resampling.BICUBIC), np.float32)


def _wallpaper(size: tuple[int, int], kind: str, rng: Rng) -> Image.Image:
    """A page that is not a flat colour: bokeh, wood grain, paper, fabric, a blurry photo."""
    w, h = size
    base = np.asarray(_rgb(rng, 0, 256), np.float32)
    other = np.asarray(_rgb(rng, 0, 256), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == "wood":
        base, other = np.array([150, 100, 55], np.float32), np.array([105, 65, 35], np.float32)
        t = 0.5 + 0.5 * np.sin(xx / w * 60 + 6 * _smooth_noise(rng, size, 6))
    elif kind == "paper":
        base, other = np.array([246, 242, 230], np.float32), np.array([225, 218, 200], np.float32)
        t = 0.4 * _smooth_noise(rng, size, 40) + 0.2 * rng.random((h, w), np.float32)
    elif kind == "fabric":
        period = max(3.0, w / 200)
        t = 0.25 * (np.sin(xx / period) * np.sin(yy / period) + 1)
    elif kind == "photo":
        t = _smooth_noise(rng, size, 5)
        other = np.asarray(_rgb(rng, 0, 256), np.float32) * 0.6
    elif kind == "bokeh":
        t = np.zeros((h, w), np.float32)
        for _ in range(int(rng.integers(8, 25))):
            cx, cy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.03, 0.15) * w
            t = np.maximum(t, 0.8 * np.clip(1.2 - np.hypot(xx - cx, yy - cy) / r, 0, 1))
        t = 0.3 * yy / h + t
    else:
        t = np.zeros((h, w), np.float32)
    pixels = base + (other - base) * np.clip(t, 0, 1)[..., None]
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def _page_colour(page: Image.Image, box: Box) -> RGB:
    """The mean colour of ``page`` in ``box``."""
    x0, y0, x1, y1 = (int(v) for v in box)
    r, g, b = (int(v) for v in np.asarray(page)[y0:y1, x0:x1].reshape(-1, 3).mean(0))
    return r, g, b


def _device_chrome(draw: ImageDraw.ImageDraw, size: tuple[int, int], dark: bool, rng: Rng) -> Box:
    """A phone's status bar with a notch or a punch hole, an app bar, a navigation bar and
    maybe an ad card; the free box for the game."""
    w, h = size
    unit = min(w, h) / 20
    ink: RGB = (240, 240, 240) if dark else (20, 20, 20)
    top, bottom = 1.3 * unit, h - 1.4 * unit
    if w < h:
        if rng.random() < 0.5:
            draw.rounded_rectangle(
                (w / 2 - 3 * unit, -unit, w / 2 + 3 * unit, 1.1 * unit), 0.8 * unit, fill=(0, 0, 0)
            )
        else:
            draw.ellipse(
                (w / 2 - 0.4 * unit, 0.25 * unit, w / 2 + 0.4 * unit, 1.05 * unit), fill=(0, 0, 0)
            )
        _text(
            draw,
            (1.8 * unit, 0.65 * unit),
            "9:41",
            font("DejaVuSans-Bold.ttf", int(0.55 * unit)),
            ink,
        )
        for i in range(4):  # signal bars and a battery
            x = w - 5 * unit + 0.35 * i * unit
            draw.rectangle(
                (x, 0.9 * unit - 0.15 * (i + 1) * unit, x + 0.2 * unit, 0.9 * unit), fill=ink
            )
        draw.rounded_rectangle(
            (w - 3 * unit, 0.4 * unit, w - 1.4 * unit, 0.9 * unit), 0.1 * unit, outline=ink, width=2
        )
    if rng.random() < 0.6:  # an app bar: back arrow, title, menu dots
        bar = _mix((30, 30, 40) if dark else (250, 250, 250), _rgb(rng, 0, 256), 0.3)
        draw.rectangle((0, top, w, top + 2 * unit), fill=bar)
        f = font("DejaVuSans.ttf", int(0.8 * unit))
        _text(draw, (1.2 * unit, top + unit), "←", f, ink)
        _text(
            draw,
            (w / 2, top + unit),
            str(rng.choice(["Classic", "Puzzles", "Brain Games"])),
            f,
            ink,
        )
        _text(draw, (w - 1.2 * unit, top + unit), "⋮", f, ink)
        top += 2 * unit
    if rng.random() < 0.3:  # an ad card under the app bar: a picture and two lines of text
        draw.rounded_rectangle(
            (unit, top + 0.3 * unit, w - unit, top + 3.3 * unit),
            0.4 * unit,
            fill=_rgb(rng, 200, 256),
        )
        draw.rectangle(
            (1.4 * unit, top + 0.7 * unit, 4.4 * unit, top + 2.9 * unit), fill=_rgb(rng, 0, 256)
        )
        _text(
            draw,
            (w / 2 + 1.5 * unit, top + 1.4 * unit),
            "Sponsored · Try it free",
            font("DejaVuSans.ttf", int(0.6 * unit)),
            (40, 40, 40),
        )
        top += 3.6 * unit
    if rng.random() < 0.7:  # a navigation bar: three buttons or a gesture pill
        if rng.random() < 0.5:
            for i, glyph in enumerate("◀●■"):
                _text(
                    draw,
                    (w * (0.25 + 0.25 * i), h - 0.7 * unit),
                    glyph,
                    font("DejaVuSans.ttf", int(0.6 * unit)),
                    ink,
                )
        else:
            draw.rounded_rectangle(
                (w / 2 - 2.5 * unit, h - 0.6 * unit, w / 2 + 2.5 * unit, h - 0.4 * unit),
                0.1 * unit,
                fill=ink,
            )
    return unit * 0.4, top + 0.4 * unit, w - unit * 0.4, bottom


def _overlay(page: Image.Image, rng: Rng) -> tuple[Image.Image, Box | None]:
    """Maybe something over the page (a dimmed page under a dialog, a toast, an ad strip) and
    the box it hides (``None``: nothing hidden). Only a dialog hides what is under it: the
    dimming around it, a toast and an ad strip are translucent, and a reader may see
    through them (a toast leaves 14% of the page's contrast, a strip 6%)."""
    w, h = page.size
    unit = min(w, h) / 20
    kind = str(rng.choice(["none", "none", "none", "none", "dialog", "toast", "strip"]))
    if kind == "none":
        return page, None
    hidden: Box | None = None
    layer = Image.new(
        "RGBA", page.size, (0, 0, 0, int(rng.integers(90, 160)) if kind == "dialog" else 0)
    )
    draw = ImageDraw.Draw(layer)
    f = font("DejaVuSans.ttf", int(0.7 * unit))
    if kind == "dialog":
        y = float(rng.uniform(0.25, 0.65)) * h
        hidden = (2 * unit, y, w - 2 * unit, y + 6 * unit)
        draw.rounded_rectangle(hidden, unit, fill=(255, 255, 255, 255))
        draw.text(
            (w / 2, y + 2 * unit),
            "Watch a video for a hint?",
            font=f,
            fill=(30, 30, 30),
            anchor="mm",
        )
        draw.rounded_rectangle(
            (w / 2 - 3 * unit, y + 3.6 * unit, w / 2 + 3 * unit, y + 5.2 * unit),
            0.8 * unit,
            fill=(40, 120, 240, 255),
        )
    elif kind == "toast":
        y = float(rng.uniform(0.5, 0.85)) * h
        draw.rounded_rectangle(
            (w / 2 - 6 * unit, y, w / 2 + 6 * unit, y + 1.6 * unit),
            0.8 * unit,
            fill=(50, 50, 50, 220),
        )
        draw.text(
            (w / 2, y + 0.8 * unit), "Saved to gallery", font=f, fill=(255, 255, 255), anchor="mm"
        )
    else:
        y = float(rng.uniform(0.3, 0.9)) * h
        draw.rectangle((0, y, w, y + 2.2 * unit), fill=(*_rgb(rng, 0, 256), 240))
        draw.text(
            (w / 2, y + 1.1 * unit), "AD  Download ▸", font=f, fill=(255, 255, 255), anchor="mm"
        )
    return Image.alpha_composite(page.convert("RGBA"), layer).convert("RGB"), hidden


def _fancy_tile(draw: ImageDraw.ImageDraw, box: Box, color: RGB, look: str) -> None:
    """A tile in a look the plain ``_tile`` has not: glossy, neon, gem, sticker, button."""
    x0, y0, x1, y1 = box
    s = x1 - x0
    if look == "glossy":
        steps = 8
        for i in range(steps):  # a vertical gradient, lighter at the top
            band = (x0, y0 + i * (y1 - y0) / steps, x1, y0 + (i + 1) * (y1 - y0) / steps)
            draw.rectangle(band, fill=_mix(color, (255, 255, 255), 0.35 * (1 - i / steps)))
        draw.ellipse(
            (x0 + 0.15 * s, y0 + 0.06 * s, x1 - 0.15 * s, y0 + 0.3 * s),
            fill=_mix(color, (255, 255, 255), 0.6),
        )
    elif look == "neon":
        for i, width in enumerate((0.16, 0.1, 0.05)):  # a glow fading outwards
            draw.rounded_rectangle(
                _inset(box, 0.08 - width / 3),
                0.2 * s,
                outline=_mix((10, 10, 20), color, 0.35 + 0.3 * i),
                width=max(1, round(width * s)),
            )
    elif look == "gem":
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        pts = [
            (cx + 0.48 * s * np.cos(a), cy + 0.48 * s * np.sin(a)) for a in np.arange(6) * np.pi / 3
        ]
        draw.polygon(pts, fill=color, outline=_mix(color, (0, 0, 0), 0.4))
        draw.polygon([pts[3], pts[4], (cx, cy)], fill=_mix(color, (255, 255, 255), 0.45))
    elif look == "sticker":
        drop = 0.06 * s
        draw.rounded_rectangle(
            (x0 + drop, y0 + drop, x1 + drop, y1 + drop), 0.2 * s, fill=(60, 60, 60)
        )
        draw.rounded_rectangle(box, 0.2 * s, fill=(255, 255, 255))
        draw.rounded_rectangle(_inset(box, 0.08), 0.15 * s, fill=color)
    elif look == "button":
        lip = 0.12 * s
        draw.rounded_rectangle((x0, y0 + lip, x1, y1), 0.2 * s, fill=_mix(color, (0, 0, 0), 0.4))
        draw.rounded_rectangle((x0, y0, x1, y1 - lip), 0.2 * s, fill=color)
    else:
        draw.rectangle(box, fill=color)


def _levels_path(
    puzzle: OnestrokePuzzle, rng: Rng
) -> tuple[list[tuple[int, int]], OnestrokePuzzle]:
    """A start of a solution (the player has begun: at least 2 tiles) and the level left to
    play from its end (the visited tiles are holes); no path when the level has none to cut."""
    from solvers.onestroke import from_rows, solve

    solution = solve(puzzle)
    if solution is None or len(solution.path) < 5:
        return [], puzzle
    done = solution.path[: int(rng.integers(2, len(solution.path) - 2))]
    rows = [
        "".join("0" if (r, c) in done[:-1] else ch for c, ch in enumerate(row))
        for r, row in enumerate(puzzle.grid)
    ]
    return list(done), from_rows(rows, done[-1])


def _novel_onestroke(
    draw: ImageDraw.ImageDraw, free: Box, dark: bool, puzzle: OnestrokePuzzle, rng: Rng
) -> tuple[OnestrokePuzzle, list[Box]]:
    """Tiles in a novel look, holes drawn (darker wells, crosses, dots) or not, a cat on the
    start; often a stroke already begun (visited tiles recoloured, a line through them, the cat
    at its end): the level left to play is then the truth."""
    rows, cols = len(puzzle.grid), len(puzzle.grid[0])
    board = _place(free, cols / rows, rng, 0.5)
    look, holes = str(rng.choice(TILE_LOOKS)), str(rng.choice(["none", "well", "cross", "dot"]))
    tile = _rgb(rng, 140, 240) if not dark else _rgb(rng, 50, 150)
    done, truth = _levels_path(puzzle, rng) if rng.random() < 0.4 else ([], puzzle)
    visited = _mix(tile, _rgb(rng, 0, 256), 0.7)
    gap = float(rng.uniform(0.04, 0.16))
    for r, row in enumerate(puzzle.grid):
        for c, ch in enumerate(row):
            box = _cell_box(board, rows, cols, r, c, gap)
            if ch == "1":
                _fancy_tile(draw, box, visited if (r, c) in done[:-1] else tile, look)
            elif holes == "well":
                draw.rounded_rectangle(
                    _inset(box, 0.05), 0.15 * (box[2] - box[0]), fill=_mix(tile, (0, 0, 0), 0.55)
                )
            elif holes != "none":
                _glyph(
                    draw,
                    box,
                    "✕" if holes == "cross" else "•",
                    "DejaVuSans.ttf",
                    _mix(tile, (128, 128, 128), 0.5),
                    0.4,
                )
    pitch = (board[2] - board[0]) / cols
    if done:
        centres = [
            ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            for b in (_cell_box(board, rows, cols, r, c) for r, c in done)
        ]
        draw.line(
            centres,
            fill=_mix(visited, (0, 0, 0), 0.5),
            width=max(2, round(0.25 * pitch)),
            joint="curve",
        )
    r, c = done[-1] if done else puzzle.start
    _cat(draw, _cell_box(board, rows, cols, r, c, gap), _rgb(rng, 200, 256), (40, 30, 30))
    return truth, [board]


def _novel_bond(
    draw: ImageDraw.ImageDraw, free: Box, dark: bool, puzzle: BondPuzzle, rng: Rng
) -> tuple[BondPuzzle, list[Box]]:
    """The board in a novel tile look and the target as a small card ("GOAL") above or
    below it, the card's tiles flat."""
    rows, cols = len(puzzle.source), len(puzzle.source[0])
    classes = sorted({v for row in (*puzzle.source, *puzzle.target) for v in row})
    palette = PALETTES[int(rng.integers(len(PALETTES)))]
    colours = {
        v: palette[int(i)] for v, i in zip(classes, rng.permutation(len(palette)), strict=False)
    }
    x0, y0, x1, y1 = free
    card_h = 0.3 * (y1 - y0)
    above = rng.random() < 0.5
    board = _place(
        (x0, y0 + card_h, x1, y1) if above else (x0, y0, x1, y1 - card_h), cols / rows, rng, 0.6
    )
    ch = min(card_h * 0.7, 0.45 * (board[3] - board[1]))
    cw = ch * cols / rows
    cy = y0 + 0.15 * card_h if above else y1 - 0.85 * card_h
    cx = float(rng.uniform(x0, x1 - cw))
    card = (cx - 0.1 * cw, cy - 0.25 * ch, cx + 1.1 * cw, cy + 1.1 * ch)
    draw.rounded_rectangle(card, 0.1 * cw, fill=(30, 30, 40) if dark else (255, 255, 255))
    _text(
        draw,
        (cx + cw / 2, cy - 0.12 * ch),
        "GOAL",
        font("DejaVuSans-Bold.ttf", int(0.1 * ch)),
        (230, 230, 230) if dark else (30, 30, 30),
    )
    look = str(rng.choice(TILE_LOOKS))
    gap = float(rng.uniform(0.0, 0.15))
    for grid, box, tile_look in (
        (puzzle.source, board, look),
        (puzzle.target, (cx, cy, cx + cw, cy + ch), "flat"),
    ):
        for r, row in enumerate(grid):
            for c, value in enumerate(row):
                _fancy_tile(draw, _cell_box(box, rows, cols, r, c, gap), colours[value], tile_look)
    return puzzle, [board, card]


def _fruit(draw: ImageDraw.ImageDraw, box: Box, kind: str) -> None:
    """An emoji-like fruit on the cherry's cell: an apple with a leaf or a strawberry."""
    x0, y0, x1, y1 = _inset(box, 0.12)
    s = x1 - x0
    if kind == "apple":
        draw.ellipse((x0, y0 + 0.15 * s, x1, y1), fill=(210, 30, 40))
        draw.ellipse(
            (x0 + 0.2 * s, y0 + 0.3 * s, x0 + 0.4 * s, y0 + 0.45 * s), fill=(250, 140, 140)
        )
        draw.ellipse((x0 + 0.5 * s, y0, x0 + 0.85 * s, y0 + 0.2 * s), fill=(60, 160, 50))
    else:
        draw.polygon(
            [(x0, y0 + 0.3 * s), (x1, y0 + 0.3 * s), ((x0 + x1) / 2, y1)], fill=(220, 30, 60)
        )
        draw.rectangle((x0 + 0.1 * s, y0 + 0.1 * s, x1 - 0.1 * s, y0 + 0.3 * s), fill=(50, 150, 40))
        for i in range(6):
            dx, dy = 0.25 + 0.25 * (i % 3), 0.45 + 0.2 * (i // 3)
            draw.ellipse(
                (x0 + dx * s - 2, y0 + dy * s - 2, x0 + dx * s + 2, y0 + dy * s + 2),
                fill=(255, 230, 120),
            )


def _plant(draw: ImageDraw.ImageDraw, box: Box, kind: str) -> None:
    """An emoji-like obstacle on a tree's cell: a leafy tree, a cactus or a bush."""
    x0, y0, x1, y1 = _inset(box, 0.1)
    s, cx = x1 - x0, (x0 + x1) / 2
    green = (40, 140, 60)
    if kind == "cactus":
        draw.rounded_rectangle((cx - 0.12 * s, y0, cx + 0.12 * s, y1), 0.1 * s, fill=green)
        draw.rounded_rectangle(
            (x0 + 0.1 * s, y0 + 0.3 * s, x0 + 0.25 * s, y0 + 0.6 * s), 0.07 * s, fill=green
        )
        draw.rounded_rectangle(
            (x1 - 0.25 * s, y0 + 0.2 * s, x1 - 0.1 * s, y0 + 0.5 * s), 0.07 * s, fill=green
        )
    elif kind == "bush":
        for dx, dy in ((0.3, 0.6), (0.7, 0.6), (0.5, 0.35)):
            draw.ellipse(
                (
                    x0 + (dx - 0.28) * s,
                    y0 + (dy - 0.28) * s,
                    x0 + (dx + 0.28) * s,
                    y0 + (dy + 0.28) * s,
                ),
                fill=_mix(green, (0, 0, 0), 0.2 * dy),
            )
    else:
        draw.rectangle((cx - 0.07 * s, y0 + 0.6 * s, cx + 0.07 * s, y1), fill=(120, 80, 40))
        draw.ellipse((x0, y0, x1, y0 + 0.7 * s), fill=green)
        draw.ellipse(
            (x0 + 0.2 * s, y0 + 0.1 * s, x0 + 0.45 * s, y0 + 0.3 * s), fill=(110, 200, 110)
        )


def _novel_snake(
    draw: ImageDraw.ImageDraw, free: Box, dark: bool, puzzle: SnakePuzzle, rng: Rng
) -> tuple[SnakePuzzle, list[Box]]:
    """A grass field of two greens, emoji-like trees and fruit, the body as numbered discs
    (or numbered squares joined by a band), the head with eyes."""
    n = len(puzzle.field)
    board = _place(free, 1.0, rng, 0.6)
    grass = (
        ((170, 215, 81), (162, 209, 73))
        if rng.random() < 0.6
        else (_rgb(rng, 40, 90), _rgb(rng, 30, 80))
    )
    plant, fruit = (
        str(rng.choice(["tree", "cactus", "bush"])),
        str(rng.choice(["apple", "strawberry"])),
    )
    skin, disc = _rgb(rng, 40, 220), rng.random() < 0.6
    pitch = (board[2] - board[0]) / n
    for r in range(n):
        for c in range(n):
            draw.rectangle(_cell_box(board, n, n, r, c), fill=grass[(r + c) % 2])
    centres = _body(puzzle, board, n)
    if not disc:
        draw.line(centres, fill=skin, width=round(0.45 * pitch), joint="curve")
    face = str(rng.choice(FONTS))
    for r, row in enumerate(puzzle.field):
        for c, ch in enumerate(row):
            box = _cell_box(board, n, n, r, c)
            if ch == "T":
                _plant(draw, box, plant)
            elif ch == "C":
                _fruit(draw, box, fruit)
            elif ch.isdigit():
                shape = _inset(box, 0.1)
                (draw.ellipse if disc else draw.rectangle)(
                    shape, fill=_mix(skin, (0, 0, 0), 0.3) if ch == "0" else skin
                )
                ink = (255, 255, 255) if sum(skin) < 400 else (0, 0, 0)
                if ch == "0":
                    for ex in (0.3, 0.7):
                        draw.ellipse(
                            _inset(
                                (
                                    box[0] + (ex - 0.12) * pitch,
                                    box[1] + 0.15 * pitch,
                                    box[0] + (ex + 0.12) * pitch,
                                    box[1] + 0.39 * pitch,
                                ),
                                0.1,
                            ),
                            fill=(255, 255, 255),
                            outline=(0, 0, 0),
                        )
                _glyph(
                    draw,
                    _inset(box, 0.1)
                    if ch != "0"
                    else (box[0], box[1] + 0.2 * pitch, box[2], box[3]),
                    ch,
                    face,
                    ink,
                    0.55,
                )
    return puzzle, [board]


def _chalk(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], color: RGB, width: int, rng: Rng
) -> None:
    """A chalk stroke: a wobbly line with gaps and specks along it."""
    _wobbly(draw, points, color, width, rng)
    (ax, ay), (bx, by) = points[0], points[-1]
    for t in rng.random(int(20 + 0.05 * np.hypot(bx - ax, by - ay))):
        x, y = ax + t * (bx - ax) + rng.normal(0, width), ay + t * (by - ay) + rng.normal(0, width)
        draw.ellipse((x - 1, y - 1, x + 1, y + 1), fill=_mix(color, (0, 0, 0), 0.6))


def _novel_tictactoe(
    draw: ImageDraw.ImageDraw, free: Box, dark: bool, puzzle: TictactoePuzzle, rng: Rng
) -> tuple[TictactoePuzzle, list[Box]]:
    """Ink on paper, chalk on a blackboard, neon, or coloured cards with letter marks; a thin
    grey hover preview of the next mark in an empty cell, and a score line with an X and an O
    beside the board, sometimes."""
    board = _place(free, 1.0, rng, 0.5)
    side = board[2] - board[0]
    look = str(rng.choice(["ink", "chalk", "neon", "cards"]))
    width = max(2, round(float(rng.uniform(0.012, 0.035)) * side))
    line: RGB = {"ink": (30, 40, 120), "chalk": (235, 235, 225), "neon": (0, 240, 255)}.get(
        look, (90, 90, 90)
    )
    if look == "chalk":
        draw.rectangle(_inset(board, -0.08), fill=(35, 70, 50))
    if look == "cards":
        for i in range(9):
            _fancy_tile(
                draw, _cell_box(board, 3, 3, i // 3, i % 3, 0.1), _rgb(rng, 160, 250), "button"
            )
    else:
        stroke = _chalk if look == "chalk" else _wobbly
        for i in (1, 2):
            x, y = board[0] + i * side / 3, board[1] + i * side / 3
            if look == "neon":
                for w, t in ((3 * width, 0.3), (2 * width, 0.6), (width, 1.0)):
                    draw.line(
                        [(x, board[1]), (x, board[3])], fill=_mix((10, 10, 30), line, t), width=w
                    )
                    draw.line(
                        [(board[0], y), (board[2], y)], fill=_mix((10, 10, 30), line, t), width=w
                    )
            else:
                stroke(draw, [(x, board[1]), (x, board[3])], line, width, rng)
                stroke(draw, [(board[0], y), (board[2], y)], line, width, rng)
    colours: dict[str, RGB] = {"x": (230, 60, 60), "o": (40, 110, 230)}
    if look in ("ink", "chalk"):
        colours = {"x": line, "o": line} if rng.random() < 0.5 else {"x": (200, 30, 30), "o": line}
    for i, ch in enumerate(puzzle.board):
        if ch == "-":
            continue
        box = _inset(_cell_box(board, 3, 3, i // 3, i % 3), float(rng.uniform(0.18, 0.28)))
        if look == "cards":
            _glyph(draw, _inset(box, -0.05), ch.upper(), "DejaVuSans-Bold.ttf", (60, 60, 60), 0.9)
        elif look in ("ink", "chalk"):
            _mark(draw, box, ch, "hand", "", colours[ch], max(2, round(0.7 * width)), rng)
        else:
            _mark(
                draw, box, ch, "strokes" if ch == "x" else "ring", "", colours[ch], 2 * width, rng
            )
    empty = [i for i, ch in enumerate(puzzle.board) if ch == "-"]
    if empty and rng.random() < 0.3:  # a hover preview: the mover's mark, thin and grey
        i = empty[int(rng.integers(len(empty)))]
        box = _inset(_cell_box(board, 3, 3, i // 3, i % 3), 0.25)
        _mark(
            draw,
            box,
            puzzle.to_move,
            "strokes" if puzzle.to_move == "x" else "ring",
            "",
            (170, 170, 170),
            max(1, width // 3),
            rng,
        )
    y = board[3] + 0.12 * side
    if y < free[3] - 0.05 * side and rng.random() < 0.5:  # a score line: marks off the board
        small = 0.05 * side
        for k, ch in enumerate("xo"):
            x = board[0] + (0.25 + 0.5 * k) * side
            _mark(
                draw,
                (x - small, y - small, x + small, y + small),
                ch,
                "strokes" if ch == "x" else "ring",
                "",
                colours[ch],
                max(2, width // 2),
                rng,
            )
            _text(
                draw,
                (x + 3 * small, y),
                str(int(rng.integers(0, 9))),
                font("DejaVuSans.ttf", int(2 * small)),
                (128, 128, 128),
            )
    return puzzle, [board]


def _knight_moves(puzzle: KnightPuzzle, cell: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares a knight on ``cell`` can move to."""
    r, c = cell
    steps = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
    return [
        (r + a, c + b) for a, b in steps if 0 <= r + a < puzzle.rows and 0 <= c + b < puzzle.cols
    ]


def _knight_walk(puzzle: KnightPuzzle, rng: Rng) -> list[tuple[int, int]]:
    """A tour begun from the start: 2 to 9 squares, no square twice."""
    walk = [puzzle.start]
    for _ in range(int(rng.integers(1, 9))):
        moves = [m for m in _knight_moves(puzzle, walk[-1]) if m not in walk]
        if not moves:
            break
        walk.append(moves[int(rng.integers(len(moves)))])
    return walk


def _novel_knight(
    draw: ImageDraw.ImageDraw, free: Box, dark: bool, puzzle: KnightPuzzle, rng: Rng
) -> tuple[KnightPuzzle | None, list[Box]]:
    """A board with coordinates on all four sides, wood or flat squares, the knight's moves
    hinted by dots, a last-move highlight; or a tour in progress (the squares visited carry
    their move numbers, the knight stands on the last: not the contract's puzzle, so ``None``:
    it must be refused)."""
    rows, cols = puzzle.rows, puzzle.cols
    light, darker = SQUARES[int(rng.integers(len(SQUARES)))]
    whole = _place(free, (cols + 1.2) / (rows + 1.2), rng, 0.55)
    pw = (whole[2] - whole[0]) / (cols + 1.2)
    board = (whole[0] + 0.6 * pw, whole[1] + 0.6 * pw, whole[2] - 0.6 * pw, whole[3] - 0.6 * pw)
    draw.rectangle(whole, fill=(60, 40, 30) if rng.random() < 0.5 else (230, 230, 230))
    f = font("DejaVuSans.ttf", int(0.35 * pw))
    edge = (230, 220, 200)
    for c in range(cols):
        x = board[0] + (c + 0.5) * pw
        for y in (whole[1] + 0.3 * pw, whole[3] - 0.3 * pw):
            _text(draw, (x, y), "abcdefghijkl"[c], f, edge)
    for r in range(rows):
        y = board[1] + (r + 0.5) * pw
        for x in (whole[0] + 0.3 * pw, whole[2] - 0.3 * pw):
            _text(draw, (x, y), str(rows - r), f, edge)
    wood = rng.random() < 0.5
    for r in range(rows):
        for c in range(cols):
            base = light if (r + c) % 2 == 0 else darker
            draw.rectangle(
                _cell_box(board, rows, cols, r, c),
                fill=_mix(base, (90, 60, 30), float(rng.uniform(0, 0.15))) if wood else base,
            )
    walk = _knight_walk(puzzle, rng) if rng.random() < 0.3 else [puzzle.start]
    hints = _knight_moves(puzzle, walk[-1])
    if len(walk) > 1:  # a tour in progress
        for k, (r, c) in enumerate(walk[:-1], start=1):
            box = _cell_box(board, rows, cols, r, c)
            _glyph(draw, box, str(k), "DejaVuSans-Bold.ttf", (200, 40, 40), 0.45)
    else:
        if rng.random() < 0.5:
            r, c = hints[int(rng.integers(len(hints)))] if hints else puzzle.start
            draw.rectangle(_cell_box(board, rows, cols, r, c), fill=(246, 246, 105))
        for r, c in hints if rng.random() < 0.6 else []:
            draw.ellipse(_inset(_cell_box(board, rows, cols, r, c), 0.38), fill=(90, 90, 90))
    box = _cell_box(board, rows, cols, *walk[-1])
    draw.rectangle(box, fill=_mix((246, 246, 105), light, 0.3))
    _glyph(draw, box, "♞", "DejaVuSans.ttf", (30, 30, 30), 0.85, (240, 240, 240))
    return None if len(walk) > 1 else puzzle, [board]


# Non-puzzles: grids that look like a game and are none of ours; each must be refused.


def _grid(free: Box, rows: int, cols: int, rng: Rng) -> tuple[Box, float]:
    """A board's box for ``rows`` x ``cols`` square cells in ``free``, and its pitch."""
    board = _place(free, cols / rows, rng, 0.6)
    return board, (board[2] - board[0]) / cols


def _crossword(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    n = int(rng.integers(9, 16))
    board, pitch = _grid(free, n, n, rng)
    black = rng.random((n, n)) < 0.18
    black |= black[::-1, ::-1]  # crosswords are symmetric
    f = font("DejaVuSans.ttf", int(0.3 * pitch))
    for r in range(n):
        for c in range(n):
            box = _cell_box(board, n, n, r, c)
            draw.rectangle(
                box, fill=(0, 0, 0) if black[r, c] else (255, 255, 255), outline=(0, 0, 0), width=2
            )
            if not black[r, c] and (r == 0 or c == 0 or black[r - 1, c] or black[r, c - 1]):
                draw.text(
                    (box[0] + 3, box[1] + 2), str(int(rng.integers(1, 80))), font=f, fill=(0, 0, 0)
                )


def _minesweeper(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    rows, cols = int(rng.integers(8, 17)), int(rng.integers(8, 12))
    board, pitch = _grid(free, rows, cols, rng)
    colours = ((0, 0, 255), (0, 128, 0), (255, 0, 0), (0, 0, 128), (128, 0, 0))
    f = font("DejaVuSans-Bold.ttf", int(0.6 * pitch))
    open_ = _smooth_noise(rng, (cols, rows), 3) > 0.5
    for r in range(rows):
        for c in range(cols):
            box = _cell_box(board, rows, cols, r, c)
            if open_[r, c]:
                draw.rectangle(box, fill=(198, 198, 198), outline=(128, 128, 128))
                k = int(rng.integers(0, 6))
                if k:
                    _glyph(draw, box, str(k), "DejaVuSans-Bold.ttf", colours[k - 1], 0.6)
            else:
                _tile(draw, box, (190, 190, 190), Tiles("bevel", 0, 0))
                if rng.random() < 0.08:
                    _text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "⚑", f, (220, 0, 0))


def _periodic(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    board, _ = _grid(free, 7, 18, rng)
    groups = [_rgb(rng, 120, 250) for _ in range(6)]
    symbols = [
        "H",
        "He",
        "Li",
        "Be",
        "B",
        "C",
        "N",
        "O",
        "F",
        "Ne",
        "Na",
        "Mg",
        "Al",
        "Si",
        "P",
        "S",
    ]
    for r in range(7):
        for c in range(18):
            if (r == 0 and 0 < c < 17) or (r in (1, 2) and 1 < c < 12):
                continue  # the table's gaps
            box = _cell_box(board, 7, 18, r, c, 0.08)
            draw.rectangle(box, fill=groups[min(5, c // 3)])
            _glyph(
                draw,
                box,
                symbols[(r * 18 + c) % len(symbols)],
                "DejaVuSans-Bold.ttf",
                (20, 20, 20),
                0.4,
            )


def _palette(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    rows, cols = int(rng.integers(3, 8)), int(rng.integers(3, 7))
    board, pitch = _grid(free, rows, cols, rng)
    f = font("DejaVuSansMono.ttf", int(0.14 * pitch))
    for r in range(rows):
        for c in range(cols):
            box = _cell_box(board, rows, cols, r, c, 0.1)
            colour = _rgb(rng, 0, 256)
            draw.rounded_rectangle(
                (box[0], box[1], box[2], box[3] - 0.2 * pitch), 0.1 * pitch, fill=colour
            )
            _text(
                draw,
                ((box[0] + box[2]) / 2, box[3] - 0.1 * pitch),
                "#{:02x}{:02x}{:02x}".format(*colour),
                f,
                (90, 90, 90),
            )


def _emoji_keyboard(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    rows, cols = int(rng.integers(4, 7)), 8
    board, _ = _grid(free, rows, cols, rng)
    for r in range(rows):
        for c in range(cols):
            x0, y0, x1, y1 = _inset(_cell_box(board, rows, cols, r, c), 0.12)
            s = x1 - x0
            draw.ellipse((x0, y0, x1, y1), fill=_mix((255, 205, 60), _rgb(rng, 0, 256), 0.2))
            for ex in (0.33, 0.67):
                draw.ellipse(
                    (x0 + (ex - 0.06) * s, y0 + 0.3 * s, x0 + (ex + 0.06) * s, y0 + 0.45 * s),
                    fill=(60, 40, 20),
                )
            draw.arc(
                (x0 + 0.25 * s, y0 + 0.4 * s, x1 - 0.25 * s, y1 - 0.15 * s),
                20,
                160,
                fill=(60, 40, 20),
                width=3,
            )


def _match3(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    n = int(rng.integers(6, 10))
    board, _ = _grid(free, n, n, rng)
    palette = PALETTES[int(rng.integers(len(PALETTES)))]
    look = str(rng.choice(["gem", "glossy", "sticker"]))
    for r in range(n):
        for c in range(n):
            _fancy_tile(
                draw, _cell_box(board, n, n, r, c, 0.1), palette[int(rng.integers(5))], look
            )


def _discs(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """Reversi (black and white on green) or connect four (red and yellow in a blue frame)."""
    reversi = rng.random() < 0.5
    rows, cols = (8, 8) if reversi else (6, 7)
    board, _ = _grid(free, rows, cols, rng)
    draw.rectangle(board, fill=(0, 120, 60) if reversi else (20, 70, 200))
    sides = ((20, 20, 20), (245, 245, 245)) if reversi else ((220, 30, 30), (250, 210, 0))
    for r in range(rows):
        for c in range(cols):
            box = _cell_box(board, rows, cols, r, c)
            if reversi:
                draw.rectangle(box, outline=(0, 60, 30), width=2)
            k = int(rng.integers(3))
            fill = sides[k - 1] if k else ((0, 120, 60) if reversi else (255, 255, 255))
            draw.ellipse(_inset(box, 0.1), fill=fill)


def _fifteen(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    n = int(rng.integers(3, 6))
    board, _ = _grid(free, n, n, rng)
    order = rng.permutation(n * n)
    colour = _rgb(rng, 100, 230)
    for i, v in enumerate(order):
        if v:
            box = _cell_box(board, n, n, i // n, i % n, 0.06)
            _tile(draw, box, colour, Tiles("rounded", 0, 0.15))
            _glyph(draw, box, str(int(v)), "DejaVuSans-Bold.ttf", (255, 255, 255), 0.5)


def _nonogram(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    n = int(rng.integers(5, 16))
    x0, y0, x1, y1 = free
    board, pitch = _grid((x0 + 0.2 * (x1 - x0), y0 + 0.2 * (y1 - y0), x1, y1), n, n, rng)
    filled = rng.random((n, n)) < 0.5
    f = font("DejaVuSans.ttf", int(0.5 * pitch))
    for r in range(n):
        for c in range(n):
            draw.rectangle(
                _cell_box(board, n, n, r, c),
                fill=(30, 30, 30) if filled[r, c] else (255, 255, 255),
                outline=(120, 120, 120),
            )
        _text(
            draw,
            (board[0] - 1.2 * pitch, board[1] + (r + 0.5) * pitch),
            str(int(filled[r].sum())),
            f,
            (30, 30, 30),
        )
        _text(
            draw,
            (board[0] + (r + 0.5) * pitch, board[1] - 0.6 * pitch),
            str(int(filled[:, r].sum())),
            f,
            (30, 30, 30),
        )


def _contributions(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    rows, cols = 7, int(rng.integers(12, 30))
    board, _ = _grid(free, rows, cols, rng)
    greens = ((235, 237, 240), (155, 233, 168), (64, 196, 99), (48, 161, 78), (33, 110, 57))
    for r in range(rows):
        for c in range(cols):
            _tile(
                draw,
                _cell_box(board, rows, cols, r, c, 0.2),
                greens[int(rng.integers(5))],
                Tiles("rounded", 0, 0.2),
            )


def _ultimate(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """Ultimate tic-tac-toe: nine small boards in a big one; no single 3x3 position."""
    board, pitch = _grid(free, 3, 3, rng)
    ink = (40, 40, 40)
    for i in (1, 2):
        x, y = board[0] + i * pitch, board[1] + i * pitch
        draw.line([(x, board[1]), (x, board[3])], fill=ink, width=max(3, round(0.03 * pitch)))
        draw.line([(board[0], y), (board[2], y)], fill=ink, width=max(3, round(0.03 * pitch)))
    for k in range(9):
        small = _inset(_cell_box(board, 3, 3, k // 3, k % 3), 0.1)
        side = (small[2] - small[0]) / 3
        for i in (1, 2):
            x, y = small[0] + i * side, small[1] + i * side
            draw.line([(x, small[1]), (x, small[3])], fill=(120, 120, 120), width=2)
            draw.line([(small[0], y), (small[2], y)], fill=(120, 120, 120), width=2)
        for j in range(9):
            ch = str(rng.choice(["x", "o", "-", "-"]))
            if ch != "-":
                box = _inset(_cell_box(small, 3, 3, j // 3, j % 3), 0.2)
                colour = (220, 50, 50) if ch == "x" else (50, 90, 220)
                _mark(draw, box, ch, "strokes" if ch == "x" else "ring", "", colour, 3, rng)


def _gomoku(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    n = int(rng.integers(10, 16))
    board, pitch = _grid(free, n, n, rng)
    for i in range(n + 1):
        x, y = board[0] + i * pitch, board[1] + i * pitch
        draw.line([(x, board[1]), (x, board[3])], fill=(110, 110, 110), width=2)
        draw.line([(board[0], y), (board[2], y)], fill=(110, 110, 110), width=2)
    for _ in range(int(rng.integers(5, 30))):
        r, c = (int(v) for v in rng.integers(0, n, 2))
        ch = str(rng.choice(["x", "o"]))
        box = _inset(_cell_box(board, n, n, r, c), 0.2)
        _mark(
            draw,
            box,
            ch,
            "strokes" if ch == "x" else "ring",
            "",
            (200, 40, 40) if ch == "x" else (40, 40, 200),
            3,
            rng,
        )


def _seat_map(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """A cinema's seat map: rows of seat tiles, aisles, taken seats greyed, and the user's
    seat showing an avatar (a cat face)."""
    rows, cols = int(rng.integers(5, 11)), int(rng.integers(6, 13))
    board, _ = _grid(free, rows, cols, rng)
    aisle = {int(rng.integers(1, cols - 1))}
    seat, taken = _rgb(rng, 60, 200), (150, 150, 150)
    mine = (int(rng.integers(rows)), int(rng.integers(cols)))
    for r in range(rows):
        for c in range(cols):
            box = _cell_box(board, rows, cols, r, c, 0.15)
            if c in aisle:
                continue
            _tile(draw, box, taken if rng.random() < 0.3 else seat, Tiles("rounded", 0, 0.25))
            if (r, c) == mine:
                _cat(draw, box, (250, 220, 180), (40, 30, 30))
    _text(
        draw,
        ((board[0] + board[2]) / 2, board[1] - 0.05 * (board[3] - board[1])),
        "SCREEN",
        font("DejaVuSans.ttf", int(0.04 * (board[2] - board[0]))),
        (120, 120, 120),
    )


def _dialer(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """A phone's dial pad: digits in rings, three columns."""
    board, pitch = _grid(free, 4, 3, rng)
    ring = _rgb(rng, 100, 230)
    for i, key in enumerate("123456789*0#"):
        box = _inset(_cell_box(board, 4, 3, i // 3, i % 3), 0.12)
        draw.ellipse(box, outline=ring, width=max(2, round(0.03 * pitch)))
        _glyph(draw, box, key, "DejaVuSans.ttf", ring, 0.45)


def _pattern_lock(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """A pattern lock: a 3x3 grid of dots in rings, some joined by a drawn line."""
    board, pitch = _grid(free, 3, 3, rng)
    colour = _rgb(rng, 120, 256)
    centres = [
        (board[0] + (i % 3 + 0.5) * pitch, board[1] + (i // 3 + 0.5) * pitch) for i in range(9)
    ]
    path = [centres[int(i)] for i in rng.permutation(9)[: int(rng.integers(0, 7))]]
    if len(path) > 1:
        draw.line(path, fill=colour, width=max(2, round(0.05 * pitch)), joint="curve")
    for x, y in centres:
        draw.ellipse(
            (x - 0.08 * pitch, y - 0.08 * pitch, x + 0.08 * pitch, y + 0.08 * pitch), fill=colour
        )
        if (x, y) in path:
            draw.ellipse(
                (x - 0.3 * pitch, y - 0.3 * pitch, x + 0.3 * pitch, y + 0.3 * pitch),
                outline=colour,
                width=3,
            )


def _endgame(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """A chess problem: an 8x8 board with a knight and two to four other pieces."""
    board, _ = _grid(free, 8, 8, rng)
    light, dark = SQUARES[int(rng.integers(len(SQUARES)))]
    for r in range(8):
        for c in range(8):
            draw.rectangle(_cell_box(board, 8, 8, r, c), fill=light if (r + c) % 2 == 0 else dark)
    squares = rng.permutation(64)[: int(rng.integers(3, 6))]
    for k, i in enumerate(squares):
        glyph = "♞" if k == 0 else str(rng.choice(list("♚♔♛♜♝♟♙")))
        _glyph(
            draw,
            _cell_box(board, 8, 8, int(i) // 8, int(i) % 8),
            glyph,
            "DejaVuSans.ttf",
            (20, 20, 20),
            0.85,
            (235, 235, 235),
        )


def _classic_snake(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """The old phone snake game: a chain of green cells with no numbers and an apple on a
    grid; not the puzzle (whose body is numbered)."""
    n = 10
    board, _ = _grid(free, n, n, rng)
    draw.rectangle(board, fill=(150, 190, 90), outline=(40, 60, 20), width=3)
    r, c = (int(v) for v in rng.integers(2, 8, 2))
    body = [(r, c)]
    for _ in range(int(rng.integers(3, 12))):
        moves = [(r + a, c + b) for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        free_moves = [m for m in moves if m not in body and 0 <= m[0] < n and 0 <= m[1] < n]
        if not free_moves:
            break
        r, c = free_moves[int(rng.integers(len(free_moves)))]
        body.append((r, c))
    for cell in body:
        draw.rectangle(_cell_box(board, n, n, *cell, 0.1), fill=(40, 60, 20))
    apple = (int(rng.integers(n)), int(rng.integers(n)))
    if apple not in body:
        draw.ellipse(_cell_box(board, n, n, *apple, 0.2), fill=(40, 60, 20))


def _pixel_editor(draw: ImageDraw.ImageDraw, free: Box, rng: Rng) -> None:
    """A pixel-art editor: a canvas of coloured cells, its small preview, and a palette."""
    rows, cols = (int(v) for v in rng.integers(4, 9, 2))
    x0, y0, x1, y1 = free
    canvas, _ = _grid((x0, y0 + 0.25 * (y1 - y0), x1, y1), rows, cols, rng)
    palette = PALETTES[int(rng.integers(len(PALETTES)))][: int(rng.integers(2, 5))]
    picture = rng.integers(len(palette), size=(rows, cols))
    side = 0.2 * (y1 - y0)
    preview = (x0, y0, x0 + side * cols / rows, y0 + side)
    for box, gap in ((canvas, 0.06), (preview, 0.0)):
        for r in range(rows):
            for c in range(cols):
                draw.rectangle(_cell_box(box, rows, cols, r, c, gap), fill=palette[picture[r, c]])
    for i, colour in enumerate(palette):
        x = x1 - (i + 1) * 0.12 * (x1 - x0)
        draw.ellipse((x, y0, x + 0.1 * (x1 - x0), y0 + 0.1 * (x1 - x0)), fill=colour)


NONPUZZLES: dict[str, Callable[[ImageDraw.ImageDraw, Box, Rng], None]] = {
    "crossword": _crossword,
    "minesweeper": _minesweeper,
    "periodic": _periodic,
    "palette": _palette,
    "emoji_keyboard": _emoji_keyboard,
    "match3": _match3,
    "discs": _discs,
    "fifteen": _fifteen,
    "nonogram": _nonogram,
    "contributions": _contributions,
    "ultimate": _ultimate,
    "gomoku": _gomoku,
    "seat_map": _seat_map,
    "dialer": _dialer,
    "pattern_lock": _pattern_lock,
    "endgame": _endgame,
    "classic_snake": _classic_snake,
    "pixel_editor": _pixel_editor,
}
NOVEL_DRAWERS: dict[str, Callable[..., Any]] = {
    "onestroke": _novel_onestroke,
    "bond": _novel_bond,
    "snake": _novel_snake,
    "tictactoe": _novel_tictactoe,
    "knight": _novel_knight,
}


def _novel_page(
    rng: Rng, draw_game: Callable[[ImageDraw.ImageDraw, Box, bool], tuple[Any, list[Box]]]
) -> tuple[NDArray[np.uint8], Any]:
    """A novel device, wallpaper and chrome around ``draw_game`` (given the free box and
    whether the page is dark, it draws and gives its truth and the boxes a reader must see:
    the board, a target); maybe pixelated (drawn small, scaled up without smoothing) or
    smoothed, something over it, JPEG. The truth is ``None`` (refuse) when what is over the
    page hides part of a box the game must show."""
    w, h = NOVEL_DEVICES[int(rng.integers(len(NOVEL_DEVICES)))]
    pixel = int(rng.choice([1, 1, 1, 2, 4])) if rng.random() < 0.25 else 1
    size = (w // pixel, h // pixel)
    page = _wallpaper(size, str(rng.choice(WALLPAPERS)), rng)
    dark = sum(_page_colour(page, (0, 0, size[0], size[1]))) < 380
    draw = ImageDraw.Draw(page)
    free = _device_chrome(draw, size, dark, rng)
    truth, shown = draw_game(draw, free, dark)
    page, hidden = _overlay(
        page.resize((w, h), Image.Resampling.NEAREST) if pixel > 1 else page, rng
    )
    if hidden is not None and any(_hides(hidden, [v * pixel for v in box]) for box in shown):
        truth = None
    image = np.asarray(page, np.uint8)
    if rng.random() < 0.4:
        image = jpeg_round_trip(image, int(rng.integers(55, 95)))
    return image, truth


def _hides(over: Box, box: Sequence[float]) -> bool:
    """Whether ``over`` hides over 2% of ``box`` (a dialog's corner on a board's margin
    leaves every cell seen)."""
    across = min(over[2], box[2]) - max(over[0], box[0])
    down = min(over[3], box[3]) - max(over[1], box[1])
    hidden = max(across, 0) * max(down, 0)
    return hidden > 0.02 * (box[2] - box[0]) * (box[3] - box[1])


def novel(game: str, rng: Rng) -> tuple[NDArray[np.uint8], Any]:
    """A screen of ``game`` in a session-7 look and its truth: the puzzle a reader must find,
    or ``None`` when the picture is not the contract's puzzle (a knight's tour in progress, a
    board partly hidden by a dialog) and must be refused. A one-stroke level
    already begun has the level left as its truth. ``game`` ``"none"`` draws a
    :func:`nonpuzzle` (truth ``None``), so ``novel`` has the contract of
    :func:`tests.render.mixed.screen`."""
    if game == "none":
        return nonpuzzle(rng)[1], None
    puzzle = importlib.import_module(f"tests.render.{game}").random_puzzle(rng)
    return _novel_page(
        rng, lambda draw, free, dark: NOVEL_DRAWERS[game](draw, free, dark, puzzle, rng)
    )


def nonpuzzle(rng: Rng) -> tuple[str, NDArray[np.uint8]]:
    """A grid that is no puzzle of ours (a crossword, a minesweeper ...) and its kind."""
    kind = str(rng.choice(sorted(NONPUZZLES)))
    image, _ = _novel_page(rng, lambda draw, free, dark: (NONPUZZLES[kind](draw, free, rng), []))
    return kind, image
