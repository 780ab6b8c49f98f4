"""Seeded renderer of James Bond Jr. missile puzzle screens, in many styles.

A screen is drawn at the NES's own resolution (one array pixel per console pixel): the
board of flat cells in a gold frame with pipe joints, the tiny target icon beside it (or a
target as large as the board), the rocket panel, a HUD with digits, a timer bar and a
portrait, optionally a selection cursor. It is then scaled (any factor, pixels square or
not, sharp or smoothed), given CRT scanlines, put in an emulator window or letterboxed on a
phone above a virtual gamepad, blurred, noised and JPEG-compressed. Other emulators'
palettes (gamma, saturation), overscan crops, wide pixels and coloured separators vary
the look further.

``render(puzzle, style, rng)``, ``random_style(rng)`` and ``random_puzzle(rng)`` are all
that the tests and the bench use.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.image import RGBImage
from solvers.bond import Grid, Puzzle
from tests.render.degrade import noise_and_jpeg

RGB = tuple[int, int, int]
Rng = np.random.Generator

#: The real game's four cell colours: light blue, dark blue, light grey, dark grey.
GAME_PALETTE: tuple[RGB, ...] = ((126, 171, 190), (0, 83, 176), (188, 188, 188), (87, 87, 87))
#: NES-like colours for other palettes (all far from black).
NES_COLORS: tuple[RGB, ...] = (
    (252, 252, 252),
    (188, 188, 188),
    (124, 124, 124),
    (0, 88, 248),
    (104, 136, 252),
    (60, 188, 252),
    (0, 168, 0),
    (88, 216, 84),
    (184, 248, 24),
    (248, 56, 0),
    (228, 0, 88),
    (248, 120, 88),
    (252, 160, 68),
    (248, 184, 0),
    (216, 0, 204),
    (152, 120, 248),
    (0, 136, 136),
    (172, 124, 0),
    (248, 216, 120),
    (164, 228, 252),
)
#: Separator colours other than black.
SEPARATOR_COLORS: tuple[RGB, ...] = ((48, 48, 48), (0, 0, 112), (200, 160, 96), (252, 252, 252))
GOLD: RGB = (200, 160, 96)
PALE_GOLD: RGB = (236, 212, 160)
BLACK: RGB = (0, 0, 0)


@dataclass(frozen=True)
class Style:
    """How one screen looks. Sizes are in console pixels unless said otherwise."""

    palette: tuple[RGB, ...]
    background: RGB
    board_cell: int
    board_separator: int
    separator_color: RGB
    bevel: int
    target_cell: int
    target_separator: int
    #: "right", "left" or "below" the board.
    target_side: str
    #: The target drawn as large as the board instead of as a small icon.
    target_full_size: bool
    frame: bool
    hud: bool
    #: "none", "outline" (around a board cell) or "arrows" (beside a row).
    cursor: str
    #: Crop the capture through the target icon's frame (its cells stay whole).
    cut_target: bool
    #: Output pixels per console pixel, across and down.
    scale_x: float
    scale_y: float
    smooth: bool
    #: 0 for none, else how much the scanlines darken (0..1).
    scanlines: float
    #: "none", "emulator" or "phone".
    chrome: str
    blur: float
    noise: float
    #: 0 for PNG-like, else the JPEG quality.
    jpeg_quality: int
    #: Another emulator's palette: a gamma on every channel, and a saturation factor.
    gamma: float = 1.0
    saturation: float = 1.0
    #: Console pixels cropped at the top and bottom (a TV's overscan, as some emulators do).
    overscan: int = 0


def random_puzzle(rng: Rng) -> Puzzle:
    """A random board and a random rearrangement of it (never the board itself), mostly 4x4,
    2 to 6 colours.

    Classes are numbered by first appearance, reading the source then the target.
    """
    if rng.random() < 0.6:
        rows = cols = 4
    else:
        rows, cols = (int(v) for v in rng.integers(2, 7, size=2))
    cells = rows * cols
    count = int(rng.integers(2, min(6, cells) + 1))
    values = np.concatenate([np.arange(count), rng.integers(0, count, cells - count)])
    source = rng.permutation(values)
    target = rng.permutation(source)
    while np.array_equal(source, target):  # no level starts solved
        target = rng.permutation(source)
    order: dict[int, int] = {}
    for v in np.concatenate([source, target]):
        order.setdefault(int(v), len(order) + 1)

    def grid(flat: NDArray[np.int64]) -> Grid:
        return tuple(
            tuple(order[int(v)] for v in flat[r * cols : (r + 1) * cols]) for r in range(rows)
        )

    return Puzzle(grid(source), grid(target))


def _palette(rng: Rng, count: int = 6) -> tuple[RGB, ...]:
    """The game's palette (extended), or distinct NES colours far apart from each other."""
    if rng.random() < 0.35:
        base = list(GAME_PALETTE)
        rest = [c for c in NES_COLORS if min(_distance(c, b) for b in base) > 80]
        extra = [rest[i] for i in rng.permutation(len(rest))]
    else:
        base, extra = [], [NES_COLORS[i] for i in rng.permutation(len(NES_COLORS))]
    for color in extra:
        if len(base) == count:
            break
        if all(_distance(color, b) > 80 for b in base):
            base.append(color)
    return tuple(base[:count])


def _rgb(values: NDArray[np.integer]) -> RGB:
    r, g, b = (int(v) for v in values)
    return (r, g, b)


def _distance(a: RGB, b: RGB) -> float:
    return float(np.linalg.norm(np.subtract(a, b)))


def random_style(rng: Rng) -> Style:
    """A random style: palette, layout, scale, smoothing, scanlines, chrome, compression."""
    chrome = str(rng.choice(["none", "none", "emulator", "phone"]))
    scale = float(rng.uniform(1.25, 4.0)) if chrome != "phone" else float(rng.uniform(2.2, 4.2))
    # the pixels' shape: square, an emulator's 8:7, or stretched to a wide window (the real
    # capture's cells are 1.59 times as wide as high)
    aspect = float(rng.choice([1.0, 1.0, 8 / 7, 7 / 8, 0.76, 1.3, 1.45, 1.6]))
    full = bool(rng.random() < 0.12)
    target_cell = int(rng.integers(4, 7))
    if scale < 1.6:
        target_cell = max(target_cell, 5)
    style = Style(
        palette=_palette(rng),
        background=BLACK if rng.random() < 0.7 else _rgb(rng.integers(0, 40, 3)),
        board_cell=int(rng.integers(14, 27)),
        board_separator=int(rng.choice([0, 1, 1, 2])),
        separator_color=BLACK,
        bevel=int(rng.choice([0, 0, 0, 1, 2])),
        target_cell=target_cell,
        target_separator=int(rng.choice([1, 1, 2, 0])) if target_cell >= 5 else 1,
        target_side=str(
            rng.choice(["right", "below"] if full else ["right", "right", "left", "below"])
        ),
        target_full_size=full,
        frame=bool(rng.random() < 0.8),
        hud=bool(rng.random() < 0.8),
        cursor=str(rng.choice(["none", "none", "outline", "arrows"])),
        cut_target=bool(rng.random() < 0.2) and not full,
        scale_x=scale * aspect,
        scale_y=scale,
        smooth=bool(rng.random() < 0.5),
        scanlines=float(rng.uniform(0.15, 0.45)) if rng.random() < 0.25 and scale >= 2 else 0.0,
        chrome=chrome,
        blur=float(rng.uniform(0.3, 1.0)) if rng.random() < 0.2 else 0.0,
        noise=float(rng.uniform(1.0, 5.0)) if rng.random() < 0.3 else 0.0,
        jpeg_quality=int(rng.integers(45, 96)) if rng.random() < 0.6 else 0,
    )
    separators = _separator_color(rng, style.palette)
    other_palette = rng.random() < 0.3
    return replace(
        style,
        separator_color=separators,
        gamma=float(rng.uniform(0.8, 1.25)) if other_palette else 1.0,
        saturation=float(rng.uniform(0.75, 1.2)) if other_palette else 1.0,
        # below the HUD, never through a cut target
        overscan=8 if rng.random() < 0.2 and style.hud and not style.cut_target else 0,
    )


def _separator_color(rng: Rng, palette: tuple[RGB, ...]) -> RGB:
    """Black mostly; else dark grey, navy, gold or white, when far from every cell colour."""
    if rng.random() < 0.6:
        return BLACK
    color = SEPARATOR_COLORS[int(rng.integers(len(SEPARATOR_COLORS)))]
    return color if min(_distance(color, c) for c in palette) > 80 else BLACK


# --------------------------------------------------------------------------- console screen


class _Canvas:
    """A console-resolution picture with rectangle and disc primitives."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.pixels = np.empty((height, width, 3), np.uint8)
        self.pixels[:] = background

    def rect(self, x0: int, y0: int, x1: int, y1: int, color: RGB) -> None:
        """Fill ``[x0, x1) x [y0, y1)``, clipped."""
        h, w = self.pixels.shape[:2]
        self.pixels[max(0, y0) : max(0, min(h, y1)), max(0, x0) : max(0, min(w, x1))] = color

    def ring(self, x0: int, y0: int, x1: int, y1: int, width: int, color: RGB) -> None:
        """The outline of a rectangle, ``width`` thick, inside ``[x0, x1) x [y0, y1)``."""
        self.rect(x0, y0, x1, y0 + width, color)
        self.rect(x0, y1 - width, x1, y1, color)
        self.rect(x0, y0, x0 + width, y1, color)
        self.rect(x1 - width, y0, x1, y1, color)

    def disc(self, cx: float, cy: float, radius: float, color: RGB) -> None:
        h, w = self.pixels.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w]
        self.pixels[(xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2 <= radius**2] = color


def _mix(color: RGB, other: RGB, amount: float) -> RGB:
    r, g, b = (round(c + (o - c) * amount) for c, o in zip(color, other, strict=True))
    return (r, g, b)


def _grid_size(rows: int, cols: int, cell: int, separator: int) -> tuple[int, int]:
    return cols * cell + (cols - 1) * separator, rows * cell + (rows - 1) * separator


def _draw_grid(
    canvas: _Canvas,
    grid: Grid,
    x: int,
    y: int,
    cell: int,
    separator: int,
    bevel: int,
    style: Style,
) -> None:
    """Cells of ``grid`` with their top-left at ``(x, y)``, separators drawn in their colour."""
    width, height = _grid_size(len(grid), len(grid[0]), cell, separator)
    canvas.rect(x, y, x + width, y + height, style.separator_color)
    for r, row in enumerate(grid):
        for c, value in enumerate(row):
            color = style.palette[value - 1]
            x0, y0 = x + c * (cell + separator), y + r * (cell + separator)
            canvas.rect(x0, y0, x0 + cell, y0 + cell, color)
            if bevel:
                canvas.rect(x0, y0, x0 + cell, y0 + bevel, _mix(color, (255, 255, 255), 0.45))
                canvas.rect(x0, y0, x0 + bevel, y0 + cell, _mix(color, (255, 255, 255), 0.45))
                canvas.rect(x0, y0 + cell - bevel, x0 + cell, y0 + cell, _mix(color, BLACK, 0.45))
                canvas.rect(x0 + cell - bevel, y0, x0 + cell, y0 + cell, _mix(color, BLACK, 0.45))


def _draw_pipes(canvas: _Canvas, x: int, y: int, w: int, h: int, rows: int, cols: int) -> None:
    """A gold frame around ``(x, y, w, h)`` with a pipe joint at each row and column."""
    canvas.ring(x - 4, y - 4, x + w + 4, y + h + 4, 2, GOLD)
    canvas.ring(x - 2, y - 2, x + w + 2, y + h + 2, 1, (124, 124, 124))
    for c in range(cols):
        cx = x + (c + 0.5) * w / cols
        for cy in (y - 8.0, y + h + 8.0):
            canvas.disc(cx, cy, 4, PALE_GOLD)
            canvas.disc(cx - 1, cy - 1, 1.5, (252, 252, 252))
    for r in range(rows):
        row_y = y + (r + 0.5) * h / rows
        for row_x in (x - 8.0, x + w + 8.0):
            canvas.disc(row_x, row_y, 4, PALE_GOLD)
            canvas.disc(row_x - 1, row_y - 1, 1.5, (252, 252, 252))


def _draw_digits(canvas: _Canvas, x: int, y: int, text: str, color: RGB) -> None:
    """Blocky 3x5 digits, 4 px apart."""
    glyphs = {
        "0": "111101101101111",
        "1": "010110010010111",
        "2": "111001111100111",
        "3": "111001111001111",
        "4": "101101111001001",
        "5": "111100111001111",
        "6": "111100111101111",
        "7": "111001010010010",
        "8": "111101111101111",
        "9": "111101111001111",
        ":": "000010000010000",
    }
    for k, char in enumerate(text):
        bits = glyphs[char]
        for i, bit in enumerate(bits):
            if bit == "1":
                px, py = x + 4 * k + i % 3, y + i // 3
                canvas.rect(px, py, px + 1, py + 1, color)


def _draw_hud(canvas: _Canvas, y: int, rng: Rng) -> None:
    """Boxed counters, a score, a clock, a portrait and the timer bar of small squares."""
    x = 8
    for text in (f"{rng.integers(0, 100):02d}", f"{rng.integers(0, 1000000):06d}", "43:43"):
        width = 4 * len(text) + 5
        canvas.ring(x, y, x + width, y + 10, 1, GOLD)
        _draw_digits(canvas, x + 3, y + 3, text, PALE_GOLD)
        portrait = rng.integers(0, 2, (8, 6)).astype(bool)
        for py, px in zip(*np.nonzero(portrait), strict=True):
            canvas.rect(x + width + 4 + 2 * px, y + py, x + width + 6 + 2 * px, y + py + 1, GOLD)
        x += width + 20
    for k in range(10):
        canvas.rect(30 + 7 * k, y + 14, 35 + 7 * k, y + 19, GOLD if k < 8 else (252, 252, 252))


def _draw_rocket_panel(canvas: _Canvas, x: int, y: int, w: int, h: int) -> None:
    """The missile picture under the target: an orange panel with a line drawing."""
    canvas.ring(x, y, x + w, y + h, 2, GOLD)
    canvas.rect(x + 2, y + 2, x + w - 2, y + h - 2, (196, 112, 40))
    cx = x + w // 2
    for k in range(h - 10):
        half = max(1, k // 3)
        canvas.rect(cx - half, y + 5 + k, cx - half + 1, y + 6 + k, BLACK)
        canvas.rect(cx + half, y + 5 + k, cx + half + 1, y + 6 + k, BLACK)
    for k in range(4):
        canvas.rect(cx - 4 + 2 * k, y + h // 2, cx - 3 + 2 * k, y + h // 2 + 1, BLACK)


def _console_screen(puzzle: Puzzle, style: Style, rng: Rng) -> tuple[NDArray[np.uint8], int]:
    """The screen at console resolution, and where a cut through the target falls (or -1)."""
    rows, cols = puzzle.rows, puzzle.cols
    cell = style.board_cell
    bw, bh = _grid_size(rows, cols, cell, style.board_separator)
    while max(bw, bh) > 150 and cell > 10:
        cell -= 1
        bw, bh = _grid_size(rows, cols, cell, style.board_separator)
    if style.target_full_size:
        t_cell, t_sep = cell, style.board_separator
    else:
        t_cell, t_sep = style.target_cell, style.target_separator
    tw, th = _grid_size(rows, cols, t_cell, t_sep)
    pad = 16 if style.frame else 6
    gap = pad + 12
    if style.target_side == "below":
        bx, by = 24 + pad, 16 + pad
        tx, ty = bx + (bw - tw) // 2, by + bh + gap
        content_w, content_h = bx + max(bw, tw) + pad, ty + th + pad
    elif style.target_side == "left":
        tx, ty = 12, 16 + pad
        bx, by = tx + tw + gap, 16 + pad
        content_w, content_h = bx + bw + pad, by + max(bh, th) + pad
    else:
        bx, by = 24 + pad, 16 + pad
        tx, ty = bx + bw + gap, by
        content_w, content_h = tx + tw + 12, by + max(bh, th) + pad
    hud_y = content_h + 8
    width = max(256, content_w + 8)
    height = max(240, hud_y + 24 if style.hud else content_h)
    canvas = _Canvas(width, height, style.background)
    if style.frame:
        _draw_pipes(canvas, bx, by, bw, bh, rows, cols)
        canvas.ring(tx - 4, ty - 4, tx + tw + 4, ty + th + 4, 2, GOLD)
        if style.target_side != "below" and not style.target_full_size:
            _draw_rocket_panel(canvas, tx - 4, ty + th + 12, max(tw + 8, 28), 40)
    _draw_grid(canvas, puzzle.source, bx, by, cell, style.board_separator, style.bevel, style)
    bevel = style.bevel if style.target_full_size else 0
    _draw_grid(canvas, puzzle.target, tx, ty, t_cell, t_sep, bevel, style)
    if style.cursor == "outline":
        r, c = int(rng.integers(rows)), int(rng.integers(cols))
        x0, y0 = bx + c * (cell + style.board_separator), by + r * (cell + style.board_separator)
        canvas.ring(x0, y0, x0 + cell, y0 + cell, 1, (252, 252, 252))
    elif style.cursor == "arrows":
        r = int(rng.integers(rows))
        cy = by + r * (cell + style.board_separator) + cell // 2
        for x0, step in ((bx - 14, 1), (bx + bw + 13, -1)):
            for k in range(4):
                canvas.rect(x0 + step * k, cy - 3 + k, x0 + step * k + 1, cy + 4 - k, (252, 40, 40))
    if style.hud:
        _draw_hud(canvas, hud_y, rng)
    cut = -1
    if style.cut_target:
        cut = {"right": tx + tw + 3, "left": tx - 3, "below": ty + th + 3}[style.target_side]
    return canvas.pixels, cut


# --------------------------------------------------------------------------- capture


def _scale(screen: NDArray[np.uint8], style: Style) -> NDArray[np.uint8]:
    """Scale by (scale_x, scale_y): nearest neighbour or smoothed."""
    h, w = screen.shape[:2]
    size = (round(w * style.scale_x), round(h * style.scale_y))
    method = cv2.INTER_LINEAR if style.smooth else cv2.INTER_NEAREST
    out = np.asarray(cv2.resize(screen, size, interpolation=method), dtype=np.uint8)
    if style.scanlines > 0:
        rows = (np.arange(size[1]) + 0.5) / style.scale_y
        dark = (rows - np.floor(rows)) > 0.55
        out[dark] = (out[dark] * (1 - style.scanlines)).astype(np.uint8)
    return out


def _cut(screen: NDArray[np.uint8], cut: int, side: str) -> NDArray[np.uint8]:
    if cut < 0:
        return screen
    if side == "right":
        return screen[:, :cut]
    if side == "left":
        return screen[:, cut:]
    return screen[:cut]


def _emulator(picture: NDArray[np.uint8], rng: Rng) -> NDArray[np.uint8]:
    """A desktop window: blue title bar, grey menu bar with words, a thin border."""
    h, w = picture.shape[:2]
    title, menu, border = int(rng.integers(14, 28)), int(rng.integers(12, 22)), 3
    out = np.full((h + title + menu + 2 * border, w + 2 * border, 3), 212, np.uint8)
    ramp = np.linspace(0, 1, out.shape[1])[:, None]
    out[:title] = ((1 - ramp) * np.array([10, 36, 106]) + ramp * np.array([166, 202, 240]))[None]
    for k in range(int(rng.integers(3, 6))):
        x0 = 8 + 40 * k
        out[title + menu // 3 : title + 2 * menu // 3, x0 : x0 + 22] = 40
    out[title + menu + border : title + menu + border + h, border : border + w] = picture
    return out


def _phone(picture: NDArray[np.uint8], rng: Rng) -> NDArray[np.uint8]:
    """A portrait phone screen: status bar, the game letterboxed, a virtual gamepad below."""
    h, w = picture.shape[:2]
    width = w + 2 * int(rng.integers(0, 12))
    top = round(width * rng.uniform(0.12, 0.25))
    height = max(round(width * rng.uniform(1.9, 2.2)), top + h + width // 2)
    out = np.full((height, width, 3), int(rng.integers(0, 30)), np.uint8)
    out[: height // 30] = 20
    for k in range(3):
        x0 = width - 30 * (k + 1)
        out[height // 90 : height // 45, x0 : x0 + 14] = 230
    x = (width - w) // 2
    out[top : top + h, x : x + w] = picture
    pad = _Canvas(width, height - top - h, _rgb(out[-1, -1]))
    ph, unit = pad.pixels.shape[0], width / 12
    cx, cy = 3 * unit, ph * 0.45
    pad.rect(
        round(cx - 2.4 * unit),
        round(cy - 0.7 * unit),
        round(cx + 2.4 * unit),
        round(cy + 0.7 * unit),
        (90, 90, 90),
    )
    pad.rect(
        round(cx - 0.7 * unit),
        round(cy - 2.4 * unit),
        round(cx + 0.7 * unit),
        round(cy + 2.4 * unit),
        (90, 90, 90),
    )
    pad.disc(9.5 * unit, cy - unit, unit, (200, 40, 40))
    pad.disc(7.5 * unit, cy + unit, unit, (200, 40, 40))
    for k in range(2):
        pad.rect(
            round((4.5 + 2 * k) * unit),
            round(ph * 0.8),
            round((5.8 + 2 * k) * unit),
            round(ph * 0.8 + 0.4 * unit),
            (120, 120, 120),
        )
    out[top + h :] = pad.pixels
    return out


def _degrade(picture: NDArray[np.uint8], style: Style, rng: Rng) -> NDArray[np.uint8]:
    """Blur, sensor noise and JPEG compression."""
    out = picture
    if style.blur > 0:
        out = np.asarray(cv2.GaussianBlur(out, (0, 0), style.blur), dtype=np.uint8)
    return noise_and_jpeg(out, rng, style.noise, style.jpeg_quality)


def _emulator_palette(screen: NDArray[np.uint8], style: Style) -> NDArray[np.uint8]:
    """The screen in another emulator's palette: ``style.gamma`` on each channel, then the
    colours pushed from (or pulled towards) their grey by ``style.saturation``."""
    if style.gamma == 1.0 and style.saturation == 1.0:
        return screen
    level = 255 * (screen / 255.0) ** style.gamma
    grey = level.mean(axis=2, keepdims=True)
    return np.clip(grey + style.saturation * (level - grey), 0, 255).round().astype(np.uint8)


def render(puzzle: Puzzle, style: Style, rng: Rng) -> RGBImage:
    """Draw ``puzzle`` as a captured James Bond Jr. puzzle screen in ``style``.

    Parameters
    ----------
    puzzle : Puzzle
        The board (source) and the target; classes index ``style.palette``.
    style : Style
    rng : numpy Generator
        Drives the HUD contents, the cursor's place, chrome details and noise.

    Returns
    -------
    (H, W, 3) uint8 array
    """
    screen, cut = _console_screen(puzzle, style, rng)
    screen = _cut(_emulator_palette(screen, style), cut, style.target_side)
    screen = screen[style.overscan : len(screen) - style.overscan]
    picture = _scale(screen, style)
    if style.chrome == "emulator":
        picture = _emulator(picture, rng)
    elif style.chrome == "phone":
        picture = _phone(picture, rng)
    return _degrade(picture, style, rng)
