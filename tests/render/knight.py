"""Seeded renderer of knight's-tour board screenshots, for round trips and the benchmark.

A board of any size in one of many themes (flat squares, blotchy marble or wood grain,
3D-ish lit and shaded edges), optionally with a frame, coordinates in the margin, in a
wide frame or inside the edge squares (as chess sites draw them), the last move
highlighted, translucent arrows and move dots; desktop-window, phone-app or chess-site
chrome (players' bars with clocks, a move list, light or dark page, the board small on a
large page); the knight as a Unicode glyph (DejaVu Sans, when installed), a hollow glyph,
a bold letter N, a flat silhouette or a shaded piece picture with a shadow, white, black
or coloured, at several sizes; distractor marks (numbers, dots, crosses) on other squares;
then rescaled, blurred, noised and JPEG-compressed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from recognizer.image import RGBImage
from solvers.knight import Cell, Puzzle
from tests.render.degrade import noise_and_jpeg

RGB = tuple[int, int, int]

#: (light, dark) square colours of common board themes.
THEMES: dict[str, tuple[RGB, RGB]] = {
    "brown": ((240, 217, 181), (181, 136, 99)),
    "green": ((238, 238, 210), (118, 150, 86)),
    "blue": ((222, 227, 230), (140, 162, 173)),
    "grey": ((220, 220, 220), (150, 150, 150)),
    "marble": ((246, 246, 246), (90, 90, 90)),
    "purple": ((232, 222, 240), (138, 110, 170)),
    "wood": ((226, 190, 140), (150, 100, 60)),
    "coral": ((250, 240, 230), (200, 110, 100)),
    "tournament": ((255, 255, 255), (80, 140, 90)),
    "newspaper": ((235, 235, 235), (110, 110, 110)),
    "sky": ((240, 248, 255), (100, 150, 200)),
    "dusk": ((120, 130, 150), (70, 80, 100)),
    "sand": ((238, 226, 198), (196, 170, 126)),
    "pink": ((245, 225, 230), (225, 140, 165)),
    "night": ((90, 90, 100), (45, 45, 55)),
    "walnut": ((205, 165, 120), (120, 78, 48)),
    "olive": ((222, 226, 192), (128, 140, 78)),
    "ocean": ((172, 200, 222), (62, 100, 142)),
    "slate": ((172, 177, 188), (96, 101, 116)),
    "midnight": ((112, 122, 142), (42, 52, 72)),
    "cherry": ((240, 222, 212), (168, 62, 62)),
    "ice": ((236, 242, 248), (150, 176, 204)),
}

#: Colours of coloured piece sets (a red, blue, gold, green or purple knight).
PIECE_COLOURS: tuple[RGB, ...] = (
    (200, 40, 40), (40, 80, 200), (212, 175, 55), (40, 150, 70), (130, 60, 170),
)  # fmt: skip

#: Tints of a highlighted square (the last move), blended half over the square's colour.
HIGHLIGHTS: tuple[RGB, ...] = ((255, 255, 0), (120, 200, 255), (255, 170, 80))

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")

#: A knight's head in profile on a base, in unit cell coordinates (x right, y down).
KNIGHT_OUTLINE: tuple[tuple[float, float], ...] = (
    (0.22, 0.88), (0.78, 0.88), (0.78, 0.80), (0.70, 0.76), (0.66, 0.60), (0.70, 0.44),
    (0.68, 0.30), (0.60, 0.20), (0.50, 0.14), (0.46, 0.06), (0.40, 0.14), (0.34, 0.16),
    (0.26, 0.28), (0.18, 0.40), (0.16, 0.48), (0.22, 0.54), (0.30, 0.50), (0.38, 0.46),
    (0.44, 0.46), (0.36, 0.58), (0.30, 0.70), (0.30, 0.76), (0.22, 0.80),
)  # fmt: skip


@dataclass(frozen=True)
class Style:
    """Everything that varies between rendered screenshots."""

    theme: str
    texture: float
    """Texture amplitude as a fraction of the grey contrast between the squares."""
    grain: bool
    """Wood grain (streaks along the rows) instead of marble blotches."""
    cell: int
    top_left_light: bool
    frame: int
    frame_color: RGB
    coords: str
    """"none", "margin" (files and ranks beside the board), "inside" (in the edge squares)
    or "frame" (in a wide frame around the board)."""
    highlight: bool
    """The knight's square and one a knight move away tinted, as a last move."""
    margin_color: RGB
    background: RGB
    chrome: str
    """"none", "window" (a desktop window), "app" (a phone app) or "site" (a chess site's
    page: players' bars with clocks, a move list, the board small on a large page)."""
    piece: str
    """"glyph", "silhouette", "shaded", "letter" (a bold N) or "outline" (the hollow
    glyph in one ink)."""
    piece_size: float
    """The piece's size relative to the square (1: the set's usual size)."""
    knight_white: bool
    marks: int
    scale: float
    blur: float
    noise: float
    jpeg: int | None
    piece_colour: RGB | None = None
    """A coloured piece set's colour, or ``None`` for white and black pieces."""
    bevel: float = 0.0
    """Width of a 3D-ish square's lit and shaded edges, as a fraction of the square."""
    arrows: int = 0
    """Translucent arrows drawn between squares (as analysis boards show plans)."""
    hints: bool = False
    """Dots on the squares the knight can reach (as a selected piece shows its moves)."""
    dark_page: bool = False
    """A site's page in dark mode."""


def random_style(rng: np.random.Generator) -> Style:
    """A random style (seeded by ``rng``)."""
    theme = str(rng.choice(sorted(THEMES)))
    dark_margin = bool(rng.random() < 0.4)
    coloured = rng.random() < 0.25
    return Style(
        theme=theme,
        texture=float(rng.choice([0.0, 0.0, 0.0, 0.2, 0.35])),
        grain=bool(rng.random() < 0.4),
        cell=int(rng.integers(26, 72)),
        top_left_light=bool(rng.random() < 0.75),
        frame=int(rng.choice([0, 0, 2, 6, 12])),
        frame_color=tuple(int(v) for v in rng.integers(0, 120, 3)),  # type: ignore[arg-type]
        coords=str(rng.choice(["none", "margin", "margin", "inside", "frame"])),
        highlight=bool(rng.random() < 0.3),
        margin_color=(20, 20, 24) if dark_margin else (250, 250, 250),
        background=tuple(int(v) for v in rng.integers(30, 250, 3)),  # type: ignore[arg-type]
        chrome=str(rng.choice(["none", "window", "app", "site"])),
        piece=str(rng.choice(["glyph", "glyph", "silhouette", "shaded", "letter", "outline"])),
        piece_size=float(rng.uniform(0.8, 1.0)),
        knight_white=bool(rng.random() < 0.5),
        marks=int(rng.choice([0, 0, 1, 2, 4])),
        scale=float(rng.uniform(0.7, 1.3)),
        blur=float(rng.choice([0.0, 0.0, 0.5, 0.9])),
        noise=float(rng.choice([0.0, 0.0, 2.0, 5.0])),
        jpeg=None if rng.random() < 0.5 else int(rng.integers(60, 95)),
        piece_colour=PIECE_COLOURS[int(rng.integers(len(PIECE_COLOURS)))] if coloured else None,
        bevel=float(rng.choice([0.0] * 6 + [0.03, 0.05])),
        arrows=int(rng.choice([0, 0, 0, 1, 2])),
        hints=bool(rng.random() < 0.2),
        dark_page=bool(rng.random() < 0.5),
    )


@lru_cache(maxsize=8)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if path.exists():
        return ImageFont.truetype(str(path), size)
    return ImageFont.load_default(size=size)


def _texture(
    height: int, width: int, amplitude: float, grain: bool, rng: np.random.Generator
) -> np.ndarray:
    """Zero-mean texture of roughly ``amplitude`` grey levels: smooth blotches plus fine
    streaks (marble), or streaks stretched along the rows (wood grain)."""
    streak = cv2.GaussianBlur(rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), 0.8)
    if grain:
        lines = rng.normal(0, 1, (height, max(2, width // 40))).astype(np.float32)
        stretched = cv2.resize(lines, (width, height), interpolation=cv2.INTER_CUBIC)
        return amplitude * (cv2.GaussianBlur(stretched, (0, 0), 1.2) + 0.4 * streak)
    coarse = rng.normal(0, 1, (max(2, height // 12), max(2, width // 12)))
    blotch = np.asarray(
        Image.fromarray(coarse.astype(np.float32)).resize((width, height), Image.Resampling.BICUBIC)
    )
    return amplitude * (blotch + 0.8 * streak)


def _board(puzzle: Puzzle, style: Style, rng: np.random.Generator) -> Image.Image:
    """The squares (with texture and the last move's highlight), without frame or pieces."""
    light, dark = THEMES[style.theme]
    size = style.cell
    height, width = puzzle.rows * size, puzzle.cols * size
    rr, cc = np.mgrid[0:height, 0:width] // size
    is_light = ((rr + cc) % 2 == 0) == style.top_left_light
    pixels = np.where(is_light[..., None], np.array(light), np.array(dark)).astype(np.float32)
    contrast = abs(sum(light) - sum(dark)) / 3
    if style.texture:
        pixels += (
            _texture(height, width, style.texture * contrast, style.grain, rng)[..., None]
            * np.where(is_light, 0.3, 1.0)[..., None]
        )
    if style.highlight:
        tint = np.array(HIGHLIGHTS[int(rng.integers(len(HIGHLIGHTS)))], np.float32)
        for r, c in (puzzle.start, _knight_move_from(puzzle, rng)):
            square = pixels[r * size : (r + 1) * size, c * size : (c + 1) * size]
            square[:] = 0.55 * square + 0.45 * tint
    if style.bevel:
        # 3D-ish squares: lit along the top and left edges, shaded along the bottom and
        # right, subtly (a fraction of the squares' contrast)
        y, x = np.mgrid[0:height, 0:width] % size
        band = max(1, round(style.bevel * size))
        lit = ((y < band) | (x < band)) & (x < size - band) & (y < size - band)
        shaded = (y >= size - band) | (x >= size - band)
        pixels[lit] += 0.15 * contrast
        pixels[shaded] -= 0.15 * contrast
    return Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))


def _knight_move_from(puzzle: Puzzle, rng: np.random.Generator) -> Cell:
    """A square a knight move from the start (where the last move came from)."""
    cells = _knight_targets(puzzle)
    return cells[int(rng.integers(len(cells)))]


def _piece_inks(style: Style) -> tuple[RGB, RGB]:
    """The knight's fill and outline colours."""
    if style.piece_colour is not None:
        darker = tuple(int(0.4 * v) for v in style.piece_colour)
        return style.piece_colour, darker  # type: ignore[return-value]
    if style.knight_white:
        return (250, 250, 250), (20, 20, 20)
    return (25, 25, 25), (235, 235, 235)


def _draw_knight(img: Image.Image, box: tuple[int, int, int], style: Style) -> None:
    """The knight in the square whose top-left is ``box[:2]`` and side ``box[2]``."""
    x0, y0, size = box
    fill, line = _piece_inks(style)
    draw = ImageDraw.Draw(img)
    glyph_font = FONT_DIR / "DejaVuSans.ttf"
    centre = (x0 + size / 2, y0 + size / 2)
    if style.piece in ("glyph", "outline") and glyph_font.exists():
        font = ImageFont.truetype(str(glyph_font), int(size * 0.95 * style.piece_size))
        if style.piece == "glyph":
            draw.text(centre, "\u265e", font=font, fill=fill, anchor="mm")
            draw.text(centre, "\u2658", font=font, fill=line, anchor="mm")
            return
        # one ink that stands out from the square, as in a text diagram
        square = np.asarray(img.crop((x0, y0, x0 + size, y0 + size))).reshape(-1, 3)
        dark_square = float(np.median(square.mean(axis=1))) < 110
        ink = (235, 235, 235) if dark_square else (20, 20, 20)
        glyph = "\u2658" if style.knight_white else "\u265e"
        draw.text(
            centre, glyph, font=font, fill=ink, anchor="mm",
            stroke_width=max(1, size // 40), stroke_fill=ink,
        )  # fmt: skip
        return
    if style.piece == "letter":
        letter = _font(int(size * 0.9 * style.piece_size), True)
        draw.text(
            centre, "N", font=letter, fill=fill, anchor="mm",
            stroke_width=max(1, size // 28), stroke_fill=line,
        )  # fmt: skip
        return
    k = style.piece_size
    points = [
        (centre[0] + (u - 0.5) * size * k, centre[1] + (v - 0.5) * size * k)
        for u, v in KNIGHT_OUTLINE
    ]
    if style.piece != "shaded":
        draw.polygon(points, fill=fill, outline=line, width=max(1, size // 24))
        return
    # a piece picture: a soft shadow, a darker outline, a shaded body, an eye and a mane
    shadow = Image.new("L", img.size, 0)
    ImageDraw.Draw(shadow).polygon([(x + size * 0.04, y + size * 0.04) for x, y in points], 110)
    shadow = shadow.filter(ImageFilter.GaussianBlur(max(1.0, size / 30)))
    img.paste((0, 0, 0), (0, 0), shadow)
    width = max(2, size // 16)
    draw.polygon(points, fill=fill)
    inner = [
        (centre[0] + (x - centre[0]) * 0.9, centre[1] + (y - centre[1]) * 0.9) for x, y in points
    ]
    shade = tuple(int(0.8 * f + 0.2 * g) for f, g in zip(fill, line, strict=True))
    draw.polygon(inner[:6], fill=shade)
    draw.line([*points, points[0]], fill=line, width=width, joint="curve")
    eye = (centre[0] - 0.02 * size * k, centre[1] - 0.22 * size * k)
    r = max(1.0, 0.03 * size * k)
    draw.ellipse((eye[0] - r, eye[1] - r, eye[0] + r, eye[1] + r), fill=line)
    mane = [
        (centre[0] + 0.12 * size * k, centre[1] + (t - 0.3) * size * k) for t in (0.0, 0.1, 0.2)
    ]
    draw.line(mane, fill=line, width=max(1, size // 30))


def _draw_mark(
    img: Image.Image, box: tuple[int, int, int], kind: int, rng: np.random.Generator
) -> None:
    """A distractor: a move number, a dot or a small cross."""
    x0, y0, size = box
    draw = ImageDraw.Draw(img)
    colour = tuple(int(v) for v in rng.integers(0, 256, 3))
    cx, cy = x0 + size / 2, y0 + size / 2
    if kind == 0:
        text = str(int(rng.integers(1, 150)))
        draw.text(
            (cx, cy),
            text,
            font=_font(int(size * rng.uniform(0.25, 0.4)), True),
            fill=colour,
            anchor="mm",
        )
    elif kind == 1:
        r = size * rng.uniform(0.07, 0.14)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    else:
        r, w = size * 0.18, max(1, size // 16)
        draw.line((cx - r, cy - r, cx + r, cy + r), fill=colour, width=w)
        draw.line((cx - r, cy + r, cx + r, cy - r), fill=colour, width=w)


def _cells_of(puzzle: Puzzle) -> list[Cell]:
    return [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols)]


def render_board(puzzle: Puzzle, style: Style, rng: np.random.Generator) -> Image.Image:
    """The board with frame, coordinates, knight and marks, before chrome and degradation."""
    size = style.cell
    board = _board(puzzle, style, rng)
    # a number or a cross a knight's move from the knight marks a tour in progress: the
    # distractors keep off those squares (the move hints are dots)
    targets = {puzzle.start, *_knight_targets(puzzle)}
    for _ in range(style.marks):
        cells = [c for c in _cells_of(puzzle) if c not in targets]
        r, c = cells[int(rng.integers(len(cells)))]
        _draw_mark(board, (c * size, r * size, size), int(rng.integers(3)), rng)
    if style.hints:
        _move_hints(board, puzzle, size, rng)
    r, c = puzzle.start
    _draw_knight(board, (c * size, r * size, size), style)
    for _ in range(style.arrows):
        _arrow(board, puzzle, size, rng)
    frame = max(style.frame, round(0.45 * size)) if style.coords == "frame" else style.frame
    framed = Image.new(
        "RGB", (board.width + 2 * frame, board.height + 2 * frame), style.frame_color
    )
    framed.paste(board, (frame, frame))
    if style.coords == "inside":
        _inside_coordinates(framed, puzzle, style)
    elif style.coords == "frame":
        _outside_coordinates(framed, puzzle, size, frame, (235, 225, 200))
    margin = int(size * 0.6) if style.coords == "margin" else int(size * 0.3)
    out = Image.new(
        "RGB", (framed.width + 2 * margin, framed.height + 2 * margin), style.margin_color
    )
    out.paste(framed, (margin, margin))
    if style.coords == "margin":
        red, green, blue = style.margin_color
        _outside_coordinates(
            out, puzzle, size, margin + frame, (255 - red, 255 - green, 255 - blue)
        )
    return out


def _outside_coordinates(
    img: Image.Image, puzzle: Puzzle, size: int, offset: int, ink: RGB
) -> None:
    """Files under the board and ranks left of it, centred in the band of ``offset`` pixels
    around the board (a margin or a frame)."""
    draw = ImageDraw.Draw(img)
    font = _font(max(8, int(min(size * 0.3, offset * 0.7))))
    band = offset - (img.width - puzzle.cols * size - 2 * offset) // 2
    for col in range(puzzle.cols):
        x = offset + (col + 0.5) * size
        draw.text((x, img.height - band / 2), _file_name(col), font=font, fill=ink, anchor="mm")
    for row in range(puzzle.rows):
        y = offset + (row + 0.5) * size
        draw.text((band / 2, y), str(puzzle.rows - row), font=font, fill=ink, anchor="mm")


def _knight_targets(puzzle: Puzzle) -> list[Cell]:
    """The squares a knight move away from the start."""
    r, c = puzzle.start
    steps = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
    return [
        (r + dr, c + dc)
        for dr, dc in steps
        if 0 <= r + dr < puzzle.rows and 0 <= c + dc < puzzle.cols
    ]


def _translucent(img: Image.Image, shape: Image.Image, colour: RGB, alpha: float) -> None:
    """Blend ``colour`` into ``img`` where the mask ``shape`` is drawn, at ``alpha``."""
    mask = np.asarray(shape, np.float32)[..., None] / 255 * alpha
    pixels = np.asarray(img, np.float32)
    blended = pixels * (1 - mask) + np.array(colour, np.float32) * mask
    img.paste(Image.fromarray(np.clip(blended, 0, 255).astype(np.uint8)))


def _move_hints(img: Image.Image, puzzle: Puzzle, size: int, rng: np.random.Generator) -> None:
    """Translucent dots on the squares the knight can go to (as a selected piece shows)."""
    shape = Image.new("L", img.size, 0)
    draw = ImageDraw.Draw(shape)
    radius = size * rng.uniform(0.12, 0.18)
    for r, c in _knight_targets(puzzle):
        cx, cy = (c + 0.5) * size, (r + 0.5) * size
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=255)
    colour = ((0, 0, 0), (20, 85, 30))[int(rng.integers(2))]
    _translucent(img, shape, colour, float(rng.uniform(0.15, 0.5)))


#: Colours of analysis arrows (green, orange, blue, red).
ARROWS: tuple[RGB, ...] = ((21, 120, 27), (255, 170, 0), (0, 48, 136), (136, 32, 32))


def _arrow(img: Image.Image, puzzle: Puzzle, size: int, rng: np.random.Generator) -> None:
    """A translucent arrow between two other squares, clear of the knight."""
    knight = np.array(puzzle.start[::-1], np.float64) + 0.5
    for _ in range(20):
        a, b = (np.array([rng.integers(puzzle.cols), rng.integers(puzzle.rows)]) + 0.5
                for _ in range(2))  # fmt: skip
        length = float(np.hypot(*(b - a)))
        if length < 1:
            continue
        t = np.clip(np.dot(knight - a, b - a) / length**2, 0, 1)
        if np.hypot(*(a + t * (b - a) - knight)) > 0.9:
            break
    else:
        return
    unit = (b - a) / length
    normal = np.array([-unit[1], unit[0]])
    shaft, head, wide = 0.08, 0.4, 0.24
    neck = b - head * unit
    polygon = [
        a + shaft * normal, neck + shaft * normal, neck + wide * normal, b,
        neck - wide * normal, neck - shaft * normal, a - shaft * normal,
    ]  # fmt: skip
    shape = Image.new("L", img.size, 0)
    ImageDraw.Draw(shape).polygon([tuple(p * size) for p in polygon], fill=255)
    _translucent(img, shape, ARROWS[int(rng.integers(len(ARROWS)))], 0.75)


def _inside_coordinates(img: Image.Image, puzzle: Puzzle, style: Style) -> None:
    """Files along the bottom row and ranks down the left column, small, in the corners of
    the squares, in the other square colour (as chess sites draw them)."""
    light, dark = THEMES[style.theme]
    draw = ImageDraw.Draw(img)
    size, f = style.cell, style.frame
    font = _font(max(7, int(size * 0.22)), True)
    for col in range(puzzle.cols):
        light_square = ((puzzle.rows - 1 + col) % 2 == 0) == style.top_left_light
        x, y = f + (col + 1) * size - 2, f + puzzle.rows * size - 1
        ink = dark if light_square else light
        draw.text((x, y), _file_name(col).lower(), font=font, fill=ink, anchor="rd")
    for row in range(puzzle.rows):
        light_square = (row % 2 == 0) == style.top_left_light
        ink = dark if light_square else light
        draw.text(
            (f + 2, f + row * size + 1), str(puzzle.rows - row), font=font, fill=ink, anchor="la"
        )


def _file_name(col: int) -> str:
    return chr(ord("A") + col) if col < 26 else "A" + chr(ord("A") + col - 26)


def _chrome(board: Image.Image, style: Style, rng: np.random.Generator) -> Image.Image:
    """Put the board inside a desktop window, a phone app screen, a chess site's page, or
    plain background."""
    if style.chrome == "site":
        return _site(board, style, rng)
    pad = int(rng.integers(8, 40))
    if style.chrome == "none":
        out = Image.new("RGB", (board.width + 2 * pad, board.height + 2 * pad), style.background)
        out.paste(board, (pad, pad))
        return out
    font = _font(max(10, board.width // 36))
    if style.chrome == "window":
        title, menu, status = 28, 22, 24
        width, height = board.width + 2 * pad, board.height + title + menu + status + 2 * pad
        out = Image.new("RGB", (width + 8, height + 8), (200, 210, 225))
        draw = ImageDraw.Draw(out)
        draw.rectangle((0, 0, width + 7, title), fill=(90, 130, 190))
        draw.text((34, title // 2), "Knight's Tour", font=font, fill=(255, 255, 255), anchor="lm")
        draw.rectangle((8, 5, 26, title - 5), fill=(40, 40, 40))
        draw.rectangle(
            (width - 40, 4, width - 4, title - 4), fill=(200, 70, 60), outline=(90, 20, 20)
        )
        draw.rectangle((4, title, width + 3, title + menu), fill=(240, 240, 240))
        for i, word in enumerate(("File", "Tools", "Help")):
            draw.text(
                (12 + 60 * i, title + menu // 2), word, font=font, fill=(0, 0, 0), anchor="lm"
            )
        draw.rectangle((4, title + menu, width + 3, height - status), fill=style.background)
        draw.rectangle((4, height - status, width + 3, height + 3), fill=(235, 235, 235))
        draw.text(
            (10, height - status // 2),
            "Drag the knight to set its square.",
            font=font,
            fill=(0, 0, 0),
            anchor="lm",
        )
        out.paste(board, (4 + pad, title + menu + pad))
        return out
    header, footer = board.width // 5 + 20, board.width // 3 + 20
    width, height = board.width + 2 * pad, board.height + header + footer
    out = Image.new("RGB", (width, height), style.background)
    draw = ImageDraw.Draw(out)
    ink = (255, 255, 255) if sum(style.background) < 380 else (20, 20, 20)
    draw.text(
        (width / 2, header / 2),
        "Knight's Tour",
        font=_font(max(12, board.width // 14), True),
        fill=ink,
        anchor="mm",
    )
    draw.text((8, 8), "12:34", font=font, fill=ink)
    button_y = header + board.height + footer / 3
    for i, word in enumerate(("New", "Solve", "Undo")):
        bx = pad + i * board.width / 3
        draw.rounded_rectangle(
            (bx + 6, button_y, bx + board.width / 3 - 6, button_y + footer / 3),
            radius=8,
            fill=(70, 120, 200),
        )
        draw.text(
            (bx + board.width / 6, button_y + footer / 6),
            word,
            font=font,
            fill=(255, 255, 255),
            anchor="mm",
        )
    out.paste(board, (pad, header))
    return out


#: Moves for a site's move list.
MOVES = ("Nf3", "Nc6", "e4", "e5", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5")


def _site(board: Image.Image, style: Style, rng: np.random.Generator) -> Image.Image:
    """A chess site's phone page: status bar, header, the players' bars with clocks around
    the board (which may fill only part of the page's width), a move list and a tab bar."""
    width = round(board.width / rng.uniform(0.45, 1.0))
    unit = max(14, width // 24)
    page, panel, ink, dim = (
        ((22, 21, 18), (38, 36, 33), (200, 200, 200), (130, 130, 130))
        if style.dark_page
        else ((240, 240, 238), (255, 255, 255), (30, 30, 30), (120, 120, 120))
    )
    font, bold = _font(unit), _font(unit, True)
    bar = 3 * unit
    heights = [2 * unit, 3 * unit, bar, board.height, bar, 6 * unit, 4 * unit]
    height = max(sum(heights), round(2.1 * width))
    out = Image.new("RGB", (width, height), page)
    draw = ImageDraw.Draw(out)
    draw.text((unit, unit), "9:41", font=bold, fill=ink, anchor="lm")
    draw.rectangle((width - 3 * unit, unit * 0.6, width - unit, unit * 1.4), outline=ink, width=2)
    y = 2 * unit
    draw.rectangle((0, y, width, y + 3 * unit), fill=panel)
    draw.text((width / 2, y + 1.5 * unit), "Analysis", font=bold, fill=ink, anchor="mm")
    left = (width - board.width) // 2
    y += 3 * unit
    for name, clock, top in (("Opponent (1500)", "04:59", y), ("You (1480)", "05:00", None)):
        at = top if top is not None else y + bar + board.height
        avatar = tuple(int(v) for v in rng.integers(60, 220, 3))
        draw.rectangle((left, at + 0.5 * unit, left + 2 * unit, at + 2.5 * unit), fill=avatar)
        draw.text((left + 2.6 * unit, at + 1.5 * unit), name, font=font, fill=ink, anchor="lm")
        box = (left + board.width - 5 * unit, at + 0.4 * unit, left + board.width, at + 2.6 * unit)
        draw.rounded_rectangle(box, radius=unit // 3, fill=panel, outline=dim)
        draw.text((box[0] + 2.5 * unit, at + 1.5 * unit), clock, font=bold, fill=ink, anchor="mm")
    out.paste(board, (left, y + bar))
    y += 2 * bar + board.height + unit
    moves = list(MOVES[: int(rng.integers(2, len(MOVES)))])
    for i in range(0, len(moves), 2):
        line = f"{i // 2 + 1}. " + " ".join(moves[i : i + 2])
        column, row = divmod(i // 2, 3)
        draw.text((unit + column * 8 * unit, y + row * 1.6 * unit), line, font=font, fill=dim)
    tabs = height - 4 * unit
    draw.rectangle((0, tabs, width, height), fill=panel)
    for i in range(4):
        cx = (i + 0.5) * width / 4
        draw.ellipse((cx - unit, tabs + unit, cx + unit, tabs + 3 * unit), outline=dim, width=2)
    return out


def render(puzzle: Puzzle, style: Style, rng: np.random.Generator) -> RGBImage:
    """A screenshot of ``puzzle`` drawn in ``style`` (randomness from ``rng``)."""
    img = _chrome(render_board(puzzle, style, rng), style, rng)
    if style.scale != 1.0:
        img = img.resize(
            (max(1, round(img.width * style.scale)), max(1, round(img.height * style.scale))),
            Image.Resampling.LANCZOS,
        )
    if style.blur:
        img = img.filter(ImageFilter.GaussianBlur(style.blur))
    return noise_and_jpeg(img, rng, style.noise, style.jpeg)


def random_puzzle(rng: np.random.Generator, low: int = 5, high: int = 12) -> Puzzle:
    """A random board of ``low``..``high`` squares a side with a random start."""
    rows, cols = (int(v) for v in rng.integers(low, high + 1, 2))
    return Puzzle(rows, cols, (int(rng.integers(rows)), int(rng.integers(cols))))
