"""Seeded renderer of CheckiO Snake fields: drawn boards and text maps.

``render(puzzle, style, rng)`` draws one field in one of two looks:

* a drawn board (:class:`BoardStyle`): plain, gridded, checkered or tiled boards, pine or
  round trees, a cherry disc or pair, the snake as CheckiO's thick line with a diamond
  arrowhead or as rounded segments (linked or numbered) whose head has eyes or another shade;
* a text map (:class:`TextStyle`): the ten strings as code in a monospaced font (or a
  proportional one set on a fixed advance, as a printed page or a chat does), light or dark,
  optionally inside ``checkio([...])``, with a line-number gutter.

Both go through :class:`Capture`: UI chrome around (a title bar and buttons, or a phone's
status bar and the mission's prose above and below), rescaling, blur, noise and JPEG.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from solvers.snake import Puzzle
from tests.render.degrade import noise_and_jpeg

Cell = tuple[int, int]
RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

SIZE = 10
FONT_DIR = Path("/usr/share/fonts")
#: Supersampling factor of board drawings (smooth edges after the downscale).
_SS = 2


@dataclass(frozen=True)
class Capture:
    """How the drawn picture is captured: chrome around it and image degradations."""

    page: RGB
    chrome: bool
    margin: float
    scale: float
    blur: float
    noise: float
    jpeg: int | None
    prose: bool = False  # a status bar and paragraphs of text around the picture


@dataclass(frozen=True)
class BoardStyle:
    """A drawn board: geometry, palette and the shapes of the pieces."""

    cell: int
    board: str  # "plain", "grid", "checker" or "tiles"
    background: RGB
    alternate: RGB
    lines: RGB
    border: int
    tree: str  # "pine" or "round"
    tree_color: RGB
    cherry: str  # "disc" or "pair"
    cherry_color: RGB
    snake: str  # "line" or "segments"
    snake_color: RGB
    head: str  # "arrow", "eyes", "shade" or "plain" (numbered segments only)
    head_color: RGB
    links: bool
    numbers: bool
    capture: Capture


@dataclass(frozen=True)
class TextStyle:
    """A text map: font, size, colours and the code around the ten strings."""

    font: str | None
    size: int
    background: RGB
    ink: RGB
    string_ink: RGB
    quote: str
    wrapped: bool
    indent: int
    gutter: bool
    capture: Capture


Style = BoardStyle | TextStyle


def _cells(field: tuple[str, ...]) -> dict[str, list[Cell]]:
    """Cells of each character of a field."""
    out: dict[str, list[Cell]] = {}
    for r, row in enumerate(field):
        for c, ch in enumerate(row):
            out.setdefault(ch, []).append((r, c))
    return out


def _neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    ]


def random_snake(rng: np.random.Generator, length: int) -> list[Cell]:
    """A random self-avoiding walk of ``length`` cells, head first."""
    while True:
        body = [(int(rng.integers(SIZE)), int(rng.integers(SIZE)))]
        while len(body) < length:
            free = [n for n in _neighbours(body[-1]) if n not in body]
            if not free:
                break
            body.append(free[int(rng.integers(len(free)))])
        if len(body) == length:
            return body


def field_of(snake: list[Cell], trees: list[Cell], cherry: Cell) -> tuple[str, ...]:
    """The ten strings of a field with these pieces."""
    grid = [["."] * SIZE for _ in range(SIZE)]
    for r, c in trees:
        grid[r][c] = "T"
    grid[cherry[0]][cherry[1]] = "C"
    for i, (r, c) in enumerate(snake):
        grid[r][c] = str(i)
    return tuple("".join(row) for row in grid)


def random_puzzle(rng: np.random.Generator) -> Puzzle:
    """A random legal field: a snake of 3 to 10 cells, 0 to 15 trees and a cherry."""
    snake = random_snake(rng, int(rng.choice([3, 4, 5, 5, 5, 6, 7, 8, 9, 10])))
    free = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in snake]
    picks = rng.permutation(len(free))[: int(rng.integers(0, 16)) + 1]
    cherry, trees = free[picks[0]], [free[i] for i in picks[1:]]
    return Puzzle(field=field_of(snake, trees, cherry))


# ---------------------------------------------------------------------------- styles


def _hsv(h: float, s: float, v: float) -> RGB:
    """An RGB colour from hue in turns, saturation and value in [0, 1]."""
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    rgb = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (round(rgb[0] * 255), round(rgb[1] * 255), round(rgb[2] * 255))


def _shade(color: RGB, factor: float) -> RGB:
    """``color`` darker (factor < 1) or blended toward white (factor > 1)."""
    if factor <= 1:
        return (round(color[0] * factor), round(color[1] * factor), round(color[2] * factor))
    t = factor - 1
    return (
        round(color[0] + (255 - color[0]) * t),
        round(color[1] + (255 - color[1]) * t),
        round(color[2] + (255 - color[2]) * t),
    )


def _distance(a: RGB, b: RGB) -> float:
    """Euclidean distance between two colours."""
    return float(np.linalg.norm(np.subtract(a, b)))


def _capture(rng: np.random.Generator, page: RGB) -> Capture:
    capture = Capture(
        page=page,
        chrome=bool(rng.random() < 0.5),
        margin=float(rng.uniform(0.0, 0.25)),
        scale=float(rng.choice([1.0, 1.0, rng.uniform(0.6, 1.5)])),
        blur=float(rng.choice([0.0, 0.0, rng.uniform(0.3, 1.0)])),
        noise=float(rng.choice([0.0, 0.0, rng.uniform(1.0, 5.0)])),
        jpeg=int(rng.integers(60, 95)) if rng.random() < 0.4 else None,
    )
    # drawn last, so the earlier choices of a seed stay those of the first styles
    return replace(capture, prose=bool(rng.random() < 0.3))


def checkio_style(cell: int = 60) -> BoardStyle:
    """CheckiO's own illustration: light-blue grid, dark-blue pines, orange cherry, arrow."""
    return BoardStyle(
        cell=cell,
        board="grid",
        background=(255, 255, 255),
        alternate=(255, 255, 255),
        lines=(150, 190, 215),
        border=max(2, cell // 20),
        tree="pine",
        tree_color=(52, 86, 135),
        cherry="disc",
        cherry_color=(245, 145, 35),
        snake="line",
        snake_color=(5, 130, 185),
        head="arrow",
        head_color=(5, 130, 185),
        links=True,
        numbers=False,
        capture=Capture((255, 255, 255), False, 0.03, 1.0, 0.0, 0.0, None),
    )


def random_board_style(rng: np.random.Generator) -> BoardStyle:
    """A random drawn look that still shows the body order (a line, links or numbers)."""
    dark = bool(rng.random() < 0.35)
    base_hue = float(rng.random())
    if dark:
        background = _hsv(base_hue, rng.uniform(0, 0.4), rng.uniform(0.1, 0.25))
        alternate = _shade(background, 1.12)
        lines = _shade(background, 1.35)
    else:
        background = _hsv(base_hue, rng.uniform(0, 0.25), rng.uniform(0.85, 1.0))
        alternate = _shade(background, rng.uniform(0.8, 0.9))
        lines = _shade(background, rng.uniform(0.55, 0.8))
    snake_hue = float(rng.choice([0.58, 0.62, 0.72, 0.8, 0.5]) + rng.uniform(-0.03, 0.03))
    snake_color = _hsv(snake_hue, rng.uniform(0.6, 1.0), rng.uniform(0.55, 0.9))
    tree_hue = float(rng.choice([0.3, 0.36, 0.6, 0.1]))
    tree_color = _hsv(tree_hue, rng.uniform(0.5, 0.9), rng.uniform(0.3, 0.55))
    if tree_hue == 0.6 and abs(snake_hue - 0.6) < 0.1:
        tree_color = _hsv(0.33, 0.7, 0.4)
    cherry_color = _hsv(float(rng.choice([0.0, 0.02, 0.08, 0.95])), rng.uniform(0.75, 1), 0.9)
    snake = str(rng.choice(["line", "segments", "segments"]))
    numbers = snake == "segments" and bool(rng.random() < 0.4)
    heads = ["shade", "plain"] if numbers else ["eyes", "shade"]
    head = "arrow" if snake == "line" else str(rng.choice(heads))
    style = BoardStyle(
        cell=int(rng.integers(22, 72)),
        board=str(rng.choice(["plain", "grid", "grid", "checker", "tiles"])),
        background=background,
        alternate=alternate,
        lines=lines,
        border=int(rng.choice([0, 2, 4])),
        tree=str(rng.choice(["pine", "round"])),
        tree_color=tree_color,
        cherry=str(rng.choice(["disc", "pair"])),
        cherry_color=cherry_color,
        snake=snake,
        snake_color=snake_color,
        head=head,
        head_color=_shade(snake_color, 0.55) if head == "shade" else snake_color,
        links=snake == "line" or not numbers or bool(rng.random() < 0.5),
        numbers=numbers,
        capture=_capture(rng, _hsv(float(rng.random()), 0.1, 0.15 if dark else 0.95)),
    )
    page = style.capture.page
    if style.board == "plain" and style.border == 0 and _distance(page, background) < 20:
        # a plain board without an outline is told from its page by colour alone: on a page
        # of nearly its own colour no board shows, and where its cells lie is a guess
        page = _shade(background, 1.1 if dark else 0.85)
        style = replace(style, capture=replace(style.capture, page=page))
    return style


@lru_cache(maxsize=1)
def monospace_fonts() -> tuple[str, ...]:
    """The monospaced TrueType fonts installed under ``/usr/share/fonts`` (maybe none)."""
    if not FONT_DIR.is_dir():
        return ()
    return tuple(sorted(str(p) for p in FONT_DIR.rglob("*Mono*.ttf")))


@lru_cache(maxsize=1)
def proportional_fonts() -> tuple[str, ...]:
    """The other TrueType text fonts installed (sans, serif, condensed; maybe none)."""
    if not FONT_DIR.is_dir():
        return ()
    fonts = sorted(str(p) for p in FONT_DIR.rglob("*.ttf"))
    return tuple(f for f in fonts if "Mono" not in f and "Math" not in f and "Light" not in f)


def plain_text_style(size: int = 22) -> TextStyle:
    """Black code on white in the first system monospaced font (or Pillow's own)."""
    return TextStyle(
        font=next(iter(monospace_fonts()), None),
        size=size,
        background=(255, 255, 255),
        ink=(20, 20, 20),
        string_ink=(20, 20, 20),
        quote='"',
        wrapped=True,
        indent=4,
        gutter=False,
        capture=Capture((255, 255, 255), False, 0.05, 1.0, 0.0, 0.0, None),
    )


def random_text_style(rng: np.random.Generator) -> TextStyle:
    """A random text map look: a system monospaced font if any, else Pillow's own."""
    fonts = [*monospace_fonts(), None]
    dark = bool(rng.random() < 0.5)
    background = _hsv(float(rng.random()), rng.uniform(0, 0.2), 0.12 if dark else 0.98)
    ink = (220, 220, 220) if dark else (30, 30, 30)
    string_ink = (
        _hsv(float(rng.random()), rng.uniform(0.4, 0.8), 0.85 if dark else 0.45)
        if rng.random() < 0.5
        else ink
    )
    style = TextStyle(
        font=fonts[int(rng.integers(len(fonts)))],
        size=int(rng.integers(12, 40)),
        background=background,
        ink=ink,
        string_ink=string_ink,
        quote=str(rng.choice(['"', '"', "'"])),
        wrapped=bool(rng.random() < 0.6),
        indent=int(rng.choice([0, 4, 8])),
        gutter=bool(rng.random() < 0.3),
        capture=_capture(rng, background),
    )
    others = proportional_fonts()
    if others and rng.random() < 0.25:  # a printed page, a chat or a slide
        style = replace(style, font=others[int(rng.integers(len(others)))])
    return style


def random_style(rng: np.random.Generator) -> Style:
    """A random style of either look (drawn boards twice as often as text maps)."""
    return random_text_style(rng) if rng.random() < 1 / 3 else random_board_style(rng)


# --------------------------------------------------------------------------- drawing


@lru_cache(maxsize=32)
def _font(path: str | None, size: int) -> Font:
    """The font at ``path`` (falling back to Pillow's own) at ``size`` pixels."""
    if path is not None:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass
    return ImageFont.load_default(size=size)


def _rounded_cell(draw: ImageDraw.ImageDraw, box: tuple[float, ...], fill: RGB) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), radius=(x1 - x0) * 0.25, fill=fill)


def _draw_tree(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, st: BoardStyle) -> None:
    color = st.tree_color
    if st.tree == "pine":
        for top, half, bottom in ((-0.38, 0.2, -0.05), (-0.22, 0.28, 0.12)):
            draw.polygon(
                [
                    (cx, cy + top * s),
                    (cx - half * s, cy + bottom * s),
                    (cx + half * s, cy + bottom * s),
                ],
                fill=color,
            )
        draw.rectangle((cx - 0.07 * s, cy + 0.1 * s, cx + 0.07 * s, cy + 0.3 * s), fill=color)
    else:
        draw.rectangle((cx - 0.06 * s, cy, cx + 0.06 * s, cy + 0.34 * s), fill=_shade(color, 0.7))
        draw.ellipse((cx - 0.3 * s, cy - 0.34 * s, cx + 0.3 * s, cy + 0.18 * s), fill=color)


def _draw_cherry(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, st: BoardStyle) -> None:
    if st.cherry == "disc":
        draw.ellipse(
            (cx - 0.25 * s, cy - 0.25 * s, cx + 0.25 * s, cy + 0.25 * s), fill=st.cherry_color
        )
        return
    stem = (60, 140, 50)
    for dx in (-0.15, 0.15):
        draw.line(
            [(cx + dx * s, cy + 0.1 * s), (cx + 0.05 * s, cy - 0.3 * s)],
            fill=stem,
            width=max(1, round(0.05 * s)),
        )
        draw.ellipse(
            (cx + (dx - 0.16) * s, cy - 0.02 * s, cx + (dx + 0.16) * s, cy + 0.3 * s),
            fill=st.cherry_color,
        )


def _draw_snake(
    draw: ImageDraw.ImageDraw,
    snake: list[Cell],
    center: tuple[float, float],
    s: float,
    st: BoardStyle,
) -> None:
    """Draw the snake (head first) with cell ``(0, 0)``'s centre at ``center`` and pitch ``s``."""

    def at(cell: Cell) -> tuple[float, float]:
        return center[0] + cell[1] * s, center[1] + cell[0] * s

    pts = [at(c) for c in snake]
    hx, hy = pts[0]
    nx, ny = pts[1]
    ux, uy = (hx - nx) / s, (hy - ny) / s
    if st.snake == "line":
        width = round(0.26 * s)
        draw.line(pts, fill=st.snake_color, width=width, joint="curve")
        tx, ty = pts[-1]
        draw.ellipse(
            (tx - width / 2, ty - width / 2, tx + width / 2, ty + width / 2), fill=st.snake_color
        )
        tip, back, half = 0.36 * s, 0.1 * s, 0.34 * s
        bx, by = hx - ux * back, hy - uy * back
        mx, my = hx + ux * (tip - back) / 2, hy + uy * (tip - back) / 2
        draw.polygon(
            [
                (hx + ux * tip, hy + uy * tip),
                (mx - uy * half, my + ux * half),
                (bx, by),
                (mx + uy * half, my - ux * half),
            ],
            fill=st.head_color,
        )
        return
    inset = 0.1 * s
    if st.links:
        half = 0.2 * s
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            draw.rectangle(
                (min(x0, x1) - half, min(y0, y1) - half, max(x0, x1) + half, max(y0, y1) + half),
                fill=st.snake_color,
            )
    for i, (x, y) in enumerate(pts):
        color = st.head_color if i == 0 else st.snake_color
        _rounded_cell(
            draw,
            (x - s / 2 + inset, y - s / 2 + inset, x + s / 2 - inset, y + s / 2 - inset),
            color,
        )
    if st.head == "eyes":
        for side in (-1, 1):
            ex, ey = (
                hx + ux * 0.12 * s - uy * side * 0.17 * s,
                hy + uy * 0.12 * s + ux * side * 0.17 * s,
            )
            draw.ellipse(
                (ex - 0.1 * s, ey - 0.1 * s, ex + 0.1 * s, ey + 0.1 * s), fill=(255, 255, 255)
            )
            draw.ellipse(
                (ex - 0.045 * s, ey - 0.045 * s, ex + 0.045 * s, ey + 0.045 * s), fill=(0, 0, 0)
            )
    if st.numbers:
        font = _font(next(iter(monospace_fonts()), None), max(6, round(0.5 * s)))
        ink = (255, 255, 255) if sum(st.snake_color) < 450 else (0, 0, 0)
        for i, (x, y) in enumerate(pts):
            draw.text((x, y), str(i), font=font, fill=ink, anchor="mm")


def _draw_board(puzzle: Puzzle, st: BoardStyle) -> Image.Image:
    s = st.cell * _SS
    border = st.border * _SS
    rows, cols = len(puzzle.field), len(puzzle.field[0])
    width, height = cols * s + 2 * border, rows * s + 2 * border
    img = Image.new("RGB", (width, height), st.lines)
    draw = ImageDraw.Draw(img)
    line = max(1, round(s / 30)) if st.board == "grid" else 0
    for r in range(rows):
        for c in range(cols):
            x0, y0 = border + c * s, border + r * s
            color = st.alternate if st.board == "checker" and (r + c) % 2 else st.background
            if st.board == "tiles":
                g = 0.06 * s
                draw.rounded_rectangle(
                    (x0 + g, y0 + g, x0 + s - g, y0 + s - g), radius=0.15 * s, fill=color
                )
            else:
                draw.rectangle((x0 + line, y0 + line, x0 + s - 1, y0 + s - 1), fill=color)
    if st.board == "grid":
        draw.rectangle(
            (border - line, border - line, border + cols * s, border + rows * s),
            outline=st.lines,
            width=line,
        )
    cells = _cells(puzzle.field)
    for r, c in cells.get("T", []):
        _draw_tree(draw, border + (c + 0.5) * s, border + (r + 0.5) * s, s, st)
    for r, c in cells.get("C", []):
        _draw_cherry(draw, border + (c + 0.5) * s, border + (r + 0.5) * s, s, st)
    _draw_snake(draw, list(puzzle.snake), (border + 0.5 * s, border + 0.5 * s), s, st)
    return img.resize((width // _SS, height // _SS), Image.Resampling.LANCZOS)


def text_lines(puzzle: Puzzle, st: TextStyle) -> list[tuple[str, bool]]:
    """The code lines of a text map, each with whether it is one of the field's strings."""
    pad = " " * st.indent
    last = len(puzzle.field) - 1
    rows = [
        (f"{pad}{st.quote}{row}{st.quote}" + ("," if i < last else ""), True)
        for i, row in enumerate(puzzle.field)
    ]
    return [("checkio([", False), *rows, ("])", False)] if st.wrapped else rows


def _draw_text(lines: list[tuple[str, bool]], st: TextStyle) -> Image.Image:
    """Code lines in a monospaced grid (each character placed at a fixed advance)."""
    font = _font(st.font, st.size)
    # a proportional fallback font gets an advance its widest field glyph fits in
    advance = max(round(st.size * 0.6), 1 + round(max(font.getlength(ch) for ch in "TC0123456789")))
    leading = round(st.size * 1.4)
    gutter = 4 * advance if st.gutter else 0
    width = gutter + advance * (max(len(t) for t, _ in lines) + 2)
    img = Image.new("RGB", (width, leading * (len(lines) + 1)), st.background)
    draw = ImageDraw.Draw(img)
    for i, (text, is_row) in enumerate(lines):
        y = leading * (i + 0.5)
        if st.gutter:
            draw.text((advance, y), f"{i + 1:>2}", font=font, fill=_shade(st.ink, 0.6))
        for j, ch in enumerate(text):
            ink = st.string_ink if is_row and ch not in " ," else st.ink
            draw.text(
                (gutter + advance * (j + 1.5), y + st.size * 0.8),
                ch,
                font=font,
                fill=ink,
                anchor="ms",
            )
    return img


#: The mission's prose, set around a picture of its field.
PROSE = (
    "Snake. Your task is to eat five cherries and not to crash into trees,",
    "walls or yourself. The snake moves forward, left or right: write a",
    "function that returns the actions. The field is a list of strings:",
    "'.' is empty, 'T' a tree, 'C' the cherry, digits are the snake, 0 its head.",
    "Input: the field. Output: a string of actions (F, L, R).",
)


def _prose(page: Image.Image, color: RGB, top: int, bottom: int, rng: np.random.Generator) -> None:
    """Write a status bar and paragraphs of the mission's text on a page of ``color``, in
    its bands above ``top`` and below ``bottom``."""
    draw = ImageDraw.Draw(page)
    ink = (230, 230, 230) if sum(color) < 384 else (40, 40, 40)
    fonts = proportional_fonts()
    size = max(8, page.width // 40)
    font = _font(fonts[int(rng.integers(len(fonts)))] if fonts else None, size)
    draw.text((size, size // 3), "9:41", font=font, fill=ink)
    draw.rectangle((page.width - 3 * size, size // 2, page.width - size, size), outline=ink)
    lines = itertools.islice(itertools.cycle(PROSE), int(rng.integers(len(PROSE))), None)
    for y0, y1 in ((2 * size, top), (bottom, page.height)):
        y = y0 + size // 2
        while y + 1.4 * size < y1:
            draw.text((size, y), next(lines), font=font, fill=ink)
            y += round(1.5 * size)


def _chrome(img: Image.Image, cap: Capture, rng: np.random.Generator) -> Image.Image:
    """Put the picture on a page, with a title bar and buttons, or a status bar and prose,
    when asked."""
    w, h = img.size
    m = round(cap.margin * max(w, h))
    bar = round(0.12 * h) if cap.chrome else 0
    band = round(0.3 * h) if cap.prose else 0
    page = Image.new("RGB", (w + 2 * m, h + 2 * m + 2 * bar + 2 * band), cap.page)
    page.paste(img, (m, m + bar + band))
    if cap.prose:
        _prose(page, cap.page, m + bar + band, m + bar + band + h, rng)
    if cap.chrome:
        draw = ImageDraw.Draw(page)
        accent = _hsv(float(rng.random()), 0.5, 0.6)
        draw.rectangle((0, 0, page.width, int(bar * 0.8)), fill=accent)
        font = _font(None, max(8, bar // 3))
        draw.text((bar // 3, bar // 5), "Snake  score 3", font=font, fill=(255, 255, 255))
        for k in range(3):
            x = page.width * (0.2 + 0.25 * k)
            draw.rounded_rectangle(
                (x, page.height - bar * 0.9, x + bar * 1.6, page.height - bar * 0.2),
                radius=bar // 4,
                fill=accent,
            )
    return page


def _degrade(img: Image.Image, cap: Capture, rng: np.random.Generator) -> np.ndarray:
    if cap.scale != 1.0:
        size = (max(8, round(img.width * cap.scale)), max(8, round(img.height * cap.scale)))
        img = img.resize(size, Image.Resampling.BILINEAR)
    if cap.blur > 0:
        img = img.filter(ImageFilter.GaussianBlur(cap.blur))
    return noise_and_jpeg(img, rng, cap.noise, cap.jpeg)


def render(puzzle: Puzzle, style: Style, rng: np.random.Generator) -> np.ndarray:
    """Draw ``puzzle`` in ``style``; ``rng`` drives the chrome details and the noise."""
    if isinstance(style, TextStyle):
        return render_lines(text_lines(puzzle, style), style, rng)
    return _degrade(_chrome(_draw_board(puzzle, style), style.capture, rng), style.capture, rng)


def render_lines(
    lines: list[tuple[str, bool]], style: TextStyle, rng: np.random.Generator
) -> np.ndarray:
    """A text map of arbitrary code lines (each flagged when it is a field string)."""
    return _degrade(_chrome(_draw_text(lines, style), style.capture, rng), style.capture, rng)
