"""Foreign renderers: every game drawn in looks nobody on the team drew, for the red team.

Each game's own renderer was written beside its recognizer; these draw the same puzzles the
way other implementations of the games could look (other themes, page textures, fonts,
glyphs, tile shapes, grid lines, UI chrome, device sizes and aspects, JPEG), so tests and
hunts can check that a confident reading is always the drawn puzzle. ``screen(game, rng)``
has the contract of :func:`tests.render.mixed.screen`. Nothing here shares drawing code with
the games' renderers; only their ``random_puzzle`` is used, for the puzzles.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
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
        page, page2, ink, panel, _rgb(rng, 30, 256), str(rng.choice(textures)),
        str(rng.choice(FONTS)), kind == "dark",
    )  # fmt: skip


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
    snake = sorted(
        (
            (int(ch), (r, c))
            for r, row in enumerate(puzzle.field)
            for c, ch in enumerate(row)
            if ch.isdigit()
        )
    )
    centres = [
        ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
        for b in (_cell_box(board, n, n, r, c) for _, (r, c) in snake)
    ]
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
