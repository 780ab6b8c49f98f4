"""Seeded pictures with no puzzle in them, which every recognizer must refuse.

Several are grids on purpose (a calendar, a photo gallery, a keyboard, a home
screen of app icons, a spreadsheet, an empty checkerboard), and some are other
grid games (sudoku, 2048, a word game, a chess position, match-three, minesweeper,
a crossword, a flow puzzle, connect four), colour swatches, a QR code and source code,
since grids, flat colours and text fields are what the recognizers look for.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from tests.render.degrade import jpeg_round_trip

Rng = np.random.Generator
RGB = tuple[int, int, int]
Picture = NDArray[np.uint8]


def _color(rng: Rng, low: int = 0, high: int = 256) -> RGB:
    r, g, b = (int(v) for v in rng.integers(low, high, 3))
    return r, g, b


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=max(8, size))


def _canvas(rng: Rng) -> tuple[Image.Image, bool]:
    width = int(rng.choice([720, 1080, 1170, 1440]))
    height = int(width * rng.uniform(1.75, 2.2))
    dark = bool(rng.random() < 0.4)
    background = _color(rng, 10, 40) if dark else _color(rng, 235, 256)
    return Image.new("RGB", (width, height), background), dark


def _ink(dark: bool) -> RGB:
    return (230, 230, 230) if dark else (30, 30, 30)


def calendar(rng: Rng) -> Image.Image:
    """A month view: a 7-column grid of day numbers, one day circled."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    cell = w / 7.5
    top = h * rng.uniform(0.15, 0.3)
    draw.text((w * 0.05, top - cell), "November 2026", fill=_ink(dark), font=_font(int(cell * 0.4)))
    lines = bool(rng.random() < 0.5)
    accent = _color(rng, 40, 220)
    first = int(rng.integers(0, 7))
    for day in range(1, 31):
        i = first + day - 1
        r, c = divmod(i, 7)
        x0, y0 = w * 0.04 + c * cell, top + r * cell
        if lines:
            draw.rectangle((x0, y0, x0 + cell, y0 + cell), outline=(128, 128, 128))
        if day == 22:
            draw.ellipse((x0 + 6, y0 + 6, x0 + cell - 6, y0 + cell - 6), fill=accent)
        draw.text(
            (x0 + cell / 2, y0 + cell / 2),
            str(day),
            fill=_ink(dark),
            font=_font(int(cell * 0.35)),
            anchor="mm",
        )
    return img


def gallery(rng: Rng) -> Image.Image:
    """A photo gallery: a grid of square thumbnails of random scenes."""
    img, _ = _canvas(rng)
    w, h = img.size
    cols = int(rng.integers(3, 5))
    gap = int(rng.integers(2, 10))
    side = (w - gap * (cols + 1)) // cols
    y = int(h * 0.1)
    while y + side < h * 0.95:
        for c in range(cols):
            x = gap + c * (side + gap)
            img.paste(_scene(rng, side, side), (x, y))
        y += side + gap
    return img


def _scene(rng: Rng, width: int, height: int) -> Image.Image:
    """A random natural-looking picture: sky and ground gradients and blobs."""
    yy = np.linspace(0, 1, height)[:, None, None]
    top, bottom = np.array(_color(rng)), np.array(_color(rng))
    arr = np.broadcast_to(top * (1 - yy) + bottom * yy, (height, width, 3)).copy()
    img = Image.fromarray(arr.astype(np.uint8))
    draw = ImageDraw.Draw(img)
    for _ in range(int(rng.integers(2, 8))):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        r = rng.uniform(0.05, 0.3) * width
        draw.ellipse((x - r, y - r, x + r, y + r), fill=_color(rng))
    return img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 3)))


def settings(rng: Rng) -> Image.Image:
    """A settings list: rows with a coloured icon, a label and a toggle."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    row = h / rng.uniform(12, 18)
    y = h * 0.12
    words = ["Wi-Fi", "Bluetooth", "Display", "Sound", "Battery", "Privacy", "Storage", "About"]
    while y + row < h * 0.97:
        icon = row * 0.6
        draw.rounded_rectangle(
            (w * 0.05, y + row * 0.2, w * 0.05 + icon, y + row * 0.2 + icon),
            radius=icon * 0.25,
            fill=_color(rng, 40, 230),
        )
        draw.text(
            (w * 0.2, y + row / 2),
            str(rng.choice(words)),
            fill=_ink(dark),
            font=_font(int(row * 0.35)),
            anchor="lm",
        )
        if rng.random() < 0.5:
            on = rng.random() < 0.5
            x0 = w * 0.8
            draw.rounded_rectangle(
                (x0, y + row * 0.3, x0 + row, y + row * 0.7),
                radius=row * 0.2,
                fill=(52, 199, 89) if on else (120, 120, 120),
            )
        draw.line((w * 0.2, y + row, w, y + row), fill=(128, 128, 128), width=1)
        y += row
    return img


def keyboard(rng: Rng) -> Image.Image:
    """A chat screen with a keyboard: rows of rounded key tiles with letters."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    for i in range(int(rng.integers(3, 7))):
        y = h * (0.1 + 0.08 * i)
        x0 = w * (0.05 if i % 2 else 0.35)
        draw.rounded_rectangle(
            (x0, y, x0 + w * 0.6, y + h * 0.05), radius=h * 0.02, fill=_color(rng, 60, 230)
        )
    top = h * rng.uniform(0.6, 0.68)
    key_bg = (70, 70, 70) if dark else (255, 255, 255)
    draw.rectangle((0, top, w, h), fill=(40, 40, 40) if dark else (210, 212, 218))
    rows = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
    key_w = w / 10.5
    key_h = key_w * 1.35
    for r, letters in enumerate(rows):
        left = (w - len(letters) * key_w) / 2
        for c, ch in enumerate(letters):
            x0, y0 = left + c * key_w + 3, top + 20 + r * (key_h + 12)
            draw.rounded_rectangle((x0, y0, x0 + key_w - 6, y0 + key_h), radius=8, fill=key_bg)
            draw.text(
                (x0 + key_w / 2 - 3, y0 + key_h / 2),
                ch,
                fill=_ink(dark),
                font=_font(int(key_h * 0.45)),
                anchor="mm",
            )
    return img


def home_screen(rng: Rng) -> Image.Image:
    """A home screen: a 4-column grid of colourful rounded app icons with labels."""
    img, _ = _canvas(rng)
    if rng.random() < 0.5:
        img.paste(_scene(rng, *img.size))
    draw = ImageDraw.Draw(img)
    w, h = img.size
    cols = 4
    pitch = w / cols
    icon = pitch * rng.uniform(0.55, 0.7)
    for r in range(int(rng.integers(4, 7))):
        for c in range(cols):
            cx, cy = pitch * (c + 0.5), h * 0.1 + r * pitch * 1.1
            draw.rounded_rectangle(
                (cx - icon / 2, cy - icon / 2, cx + icon / 2, cy + icon / 2),
                radius=icon * 0.22,
                fill=_color(rng, 20, 240),
            )
            draw.text(
                (cx, cy + icon * 0.7),
                "App",
                fill=(255, 255, 255),
                font=_font(int(icon * 0.2)),
                anchor="mm",
            )
    return img


def spreadsheet(rng: Rng) -> Image.Image:
    """A table of numbers with grid lines."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    cols = int(rng.integers(4, 8))
    cw = w / cols
    ch = cw * rng.uniform(0.3, 0.6)
    y = h * 0.1
    while y + ch < h * 0.95:
        for c in range(cols):
            draw.rectangle((c * cw, y, (c + 1) * cw, y + ch), outline=(150, 150, 150))
            draw.text(
                (c * cw + 6, y + ch / 2),
                f"{rng.integers(0, 9999)}",
                fill=_ink(dark),
                font=_font(int(ch * 0.4)),
                anchor="lm",
            )
        y += ch
    return img


def checkerboard(rng: Rng) -> Image.Image:
    """An empty checkerboard, as on a tablecloth or a board with no pieces."""
    img, _ = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    n = int(rng.integers(5, 11))
    side = w * rng.uniform(0.7, 0.95) / n
    x0, y0 = (w - n * side) / 2, (h - n * side) / 2
    light, dark_sq = _color(rng, 150, 256), _color(rng, 0, 120)
    for r in range(n):
        for c in range(n):
            draw.rectangle(
                (x0 + c * side, y0 + r * side, x0 + (c + 1) * side, y0 + (r + 1) * side),
                fill=light if (r + c) % 2 == 0 else dark_sq,
            )
    return img


def _board_box(rng: Rng, img: Image.Image, cells: int) -> tuple[float, float, float]:
    """Where a square board of ``cells`` per side goes: left, top and cell side."""
    w, h = img.size
    side = w * rng.uniform(0.8, 0.95) / cells
    return (w - cells * side) / 2, h * rng.uniform(0.2, 0.35), side


Box = tuple[float, float, float, float]
Origin = tuple[float, float, float]


def _board_page(
    rng: Rng, low: int, high: int
) -> tuple[Image.Image, ImageDraw.ImageDraw, int, Origin]:
    """A page and the place of an ``n`` x ``n`` board on it, ``n`` from ``low`` to ``high - 1``."""
    img, _ = _canvas(rng)
    n = int(rng.integers(low, high))
    return img, ImageDraw.Draw(img), n, _board_box(rng, img, n)


def _cell(origin: tuple[float, float, float], row: int, col: int, inset: float = 0.0) -> Box:
    """The box of cell (row, col) of a board at ``origin`` (left, top, cell side)."""
    x0, y0, side = origin
    return (
        x0 + col * side + inset,
        y0 + row * side + inset,
        x0 + (col + 1) * side - inset,
        y0 + (row + 1) * side - inset,
    )


def _write(draw: ImageDraw.ImageDraw, box: Box, text: str, fill: RGB, size: float) -> None:
    """``text`` centred in ``box``."""
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, text, fill=fill, font=_font(int(size)), anchor="mm")


def sudoku(rng: Rng) -> Image.Image:
    """A sudoku: a 9x9 grid, thick lines every three cells, some digits given."""
    return _sudoku(rng)[0]


def _sudoku(rng: Rng) -> tuple[Image.Image, Origin]:
    """A sudoku page and its board's place."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    origin = x0, y0, side = _board_box(rng, img, 9)
    ink = _ink(dark)
    for i in range(10):
        width = 4 if i % 3 == 0 else 1
        draw.line((x0 + i * side, y0, x0 + i * side, y0 + 9 * side), fill=ink, width=width)
        draw.line((x0, y0 + i * side, x0 + 9 * side, y0 + i * side), fill=ink, width=width)
    for r in range(9):
        for c in range(9):
            if rng.random() < 0.4:
                _write(draw, _cell(origin, r, c), str(rng.integers(1, 10)), ink, side * 0.6)
    return img, origin


def tiles_2048(rng: Rng) -> Image.Image:
    """A 2048 game: numbered rounded tiles of several colours on a 4x4 board of empty slots."""
    img, _ = _canvas(rng)
    draw = ImageDraw.Draw(img)
    origin = x0, y0, side = _board_box(rng, img, 4)
    gap = side * rng.uniform(0.06, 0.14)
    draw.rounded_rectangle(
        (x0, y0, x0 + 4 * side, y0 + 4 * side), radius=gap * 2, fill=_color(rng, 120, 200)
    )
    empty = _color(rng, 170, 230)
    for r in range(4):
        for c in range(4):
            box = _cell(origin, r, c, gap)
            power = int(rng.integers(0, 8))
            fill = empty if power == 0 else _color(rng, 100, 256)
            draw.rounded_rectangle(box, radius=side * 0.08, fill=fill)
            if power:
                ink = (250, 246, 240) if power > 2 else (118, 110, 101)
                _write(draw, box, str(2**power), ink, side * 0.35)
    return img


def word_game(rng: Rng) -> Image.Image:
    """A word game: rows of letter squares coloured by hint, above a keyboard."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    x0, y0, side = _board_box(rng, img, 5)
    origin = x0, y0, side * 0.85
    hints = [_color(rng, 40, 200) for _ in range(3)]
    for r in range(6):
        for c in range(5):
            box = _cell(origin, r, c, 4)
            if r < int(rng.integers(2, 6)):
                draw.rectangle(box, fill=hints[int(rng.integers(3))])
                _write(draw, box, chr(int(rng.integers(65, 91))), (255, 255, 255), side * 0.42)
            else:
                draw.rectangle(box, outline=(128, 128, 128), width=2)
    return keyboard_below(img, dark, rng)


def keyboard_below(img: Image.Image, dark: bool, rng: Rng) -> Image.Image:
    """Rows of key caps across the bottom of ``img``."""
    draw = ImageDraw.Draw(img)
    w, h = img.size
    key = w / 10.5
    for r, count in enumerate((10, 9, 7)):
        left = (w - count * key) / 2
        top = h - (3.5 - r) * key * 1.3
        for i in range(count):
            draw.rounded_rectangle(
                (left + i * key + 3, top, left + (i + 1) * key - 3, top + key * 1.15),
                radius=6,
                fill=(90, 90, 90) if dark else (210, 212, 216),
            )
    return img


def chess_position(rng: Rng) -> Image.Image:
    """A chess game in progress: a checkered board with many pieces of both sides."""
    img = checkerboard(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    # find the board again from the checkerboard's own arithmetic: centred, square cells
    arr = np.asarray(img.convert("L"), np.int16)
    rows = np.flatnonzero(np.abs(np.diff(arr[:, w // 2])) > 20)
    cols = np.flatnonzero(np.abs(np.diff(arr[h // 2])) > 20)
    if len(rows) < 3 or len(cols) < 3:
        return img
    top, bottom, left, right = rows[0], rows[-1], cols[0], cols[-1]
    n = len(cols) - 1
    side = (right - left) / n
    for _ in range(int(rng.integers(6, 20))):
        r, c = int(rng.integers(0, round((bottom - top) / side))), int(rng.integers(0, n))
        cx, cy = left + (c + 0.5) * side, top + (r + 0.5) * side
        colour = (245, 245, 245) if rng.random() < 0.5 else (20, 20, 20)
        outline = (20, 20, 20) if colour[0] > 128 else (230, 230, 230)
        draw.ellipse(
            (cx - side * 0.3, cy - side * 0.1, cx + side * 0.3, cy + side * 0.38),
            fill=colour,
            outline=outline,
        )
        draw.ellipse(
            (cx - side * 0.16, cy - side * 0.38, cx + side * 0.16, cy - side * 0.06),
            fill=colour,
            outline=outline,
        )
    return img


def chat(rng: Rng) -> Image.Image:
    """A messaging screen: speech bubbles of text on both sides, and a keyboard."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    words = ("ok", "see", "you", "at", "the", "station", "is", "level", "643", "hard", "stuck")
    y = h * 0.1
    size = int(w / rng.uniform(22, 30))
    while y < h * 0.6:
        mine = bool(rng.random() < 0.5)
        text = " ".join(str(v) for v in rng.choice(words, int(rng.integers(2, 7))))
        width = draw.textlength(text, font=_font(size)) + size
        x = w - width - w * 0.05 if mine else w * 0.05
        fill = _color(rng, 40, 200) if mine else ((60, 60, 60) if dark else (230, 230, 234))
        draw.rounded_rectangle((x, y, x + width, y + size * 1.8), radius=size * 0.8, fill=fill)
        draw.text(
            (x + size / 2, y + size * 0.9), text, fill=_ink(dark), font=_font(size), anchor="lm"
        )
        y += size * 2.4
    return keyboard_below(img, dark, rng)


def blurry_photo(rng: Rng) -> Image.Image:
    """An out-of-focus photo of a scene."""
    w = int(rng.choice([1200, 1600, 2000]))
    h = int(w * rng.uniform(0.6, 1.4))
    return _scene(rng, w, h).filter(ImageFilter.GaussianBlur(rng.uniform(4, 15)))


def swatches(rng: Rng) -> Image.Image:
    """A colour picker: one grid of flat colour swatches, touching or with gaps."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    rows, cols = int(rng.integers(3, 9)), int(rng.integers(4, 9))
    x0, y0, side = _board_box(rng, img, cols)
    gap = 0.0 if rng.random() < 0.5 else side * rng.uniform(0.04, 0.15)
    for r in range(rows):
        for c in range(cols):
            draw.rectangle(_cell((x0, y0, side), r, c, gap / 2), fill=_color(rng))
    chosen = _cell((x0, y0, side), int(rng.integers(rows)), int(rng.integers(cols)), gap / 2)
    draw.rectangle(chosen, outline=_ink(dark), width=max(2, int(side * 0.06)))
    return img


def match_three(rng: Rng) -> Image.Image:
    """A match-three game: a board of gems of five or six colours and shapes."""
    img, draw, n, origin = _board_page(rng, 6, 10)
    x0, y0, side = origin
    draw.rounded_rectangle(
        (x0, y0, x0 + n * side, y0 + n * side), radius=side * 0.2, fill=_color(rng, 20, 90)
    )
    gems = [
        (_color(rng, 60, 256), str(rng.choice(["disc", "square", "diamond"]))) for _ in range(6)
    ]
    for r in range(n):
        for c in range(n):
            colour, shape = gems[int(rng.integers(len(gems)))]
            box = _cell(origin, r, c, side * 0.12)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if shape == "disc":
                draw.ellipse(box, fill=colour)
            elif shape == "square":
                draw.rounded_rectangle(box, radius=side * 0.12, fill=colour)
            else:
                half = (box[2] - box[0]) / 2
                draw.polygon(
                    [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)],
                    fill=colour,
                )
    return img


def minesweeper(rng: Rng) -> Image.Image:
    """Minesweeper: raised grey tiles, some opened with coloured counts and flags."""
    img, draw, n, origin = _board_page(rng, 8, 13)
    side = origin[2]
    counts = [(0, 0, 255), (0, 128, 0), (255, 0, 0), (0, 0, 128)]
    raised, opened = _color(rng, 150, 200), _color(rng, 200, 235)
    for r in range(int(n * rng.uniform(1.0, 1.5))):
        for c in range(n):
            box = _cell(origin, r, c, 1)
            if rng.random() < 0.45:
                draw.rectangle(box, fill=opened)
                k = int(rng.integers(0, 5))
                if k:
                    _write(draw, box, str(k), counts[k - 1], side * 0.6)
            else:
                draw.rectangle(
                    box, fill=raised, outline=(255, 255, 255), width=max(1, int(side / 12))
                )
                if rng.random() < 0.1:
                    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                    draw.polygon(
                        [
                            (cx - side * 0.2, cy - side * 0.25),
                            (cx + side * 0.25, cy),
                            (cx - side * 0.2, cy + side * 0.05),
                        ],
                        fill=(230, 30, 30),
                    )
    return img


def crossword(rng: Rng) -> Image.Image:
    """A crossword: white squares and black blocks in a lined grid, small clue numbers."""
    img, draw, n, origin = _board_page(rng, 5, 16)
    side = origin[2]
    clue = 1
    for r in range(n):
        for c in range(n):
            box = _cell(origin, r, c)
            block = rng.random() < 0.18
            draw.rectangle(
                box, fill=(15, 15, 15) if block else (250, 250, 250), outline=(40, 40, 40)
            )
            if not block and rng.random() < 0.25:
                draw.text(
                    (box[0] + 3, box[1] + 2),
                    str(clue),
                    fill=(20, 20, 20),
                    font=_font(int(side * 0.28)),
                )
                clue += 1
    return img


def qr_code(rng: Rng) -> Image.Image:
    """A QR-like code: random dark modules with three square finder patterns."""
    img, _ = _canvas(rng)
    w, h = img.size
    n = int(rng.choice([21, 25, 29, 33]))
    modules = rng.random((n, n)) < 0.5
    for r0, c0 in ((0, 0), (0, n - 7), (n - 7, 0)):
        modules[r0 : r0 + 7, c0 : c0 + 7] = False
        modules[r0 : r0 + 7, c0] = modules[r0 : r0 + 7, c0 + 6] = True
        modules[r0, c0 : c0 + 7] = modules[r0 + 6, c0 : c0 + 7] = True
        modules[r0 + 2 : r0 + 5, c0 + 2 : c0 + 5] = True
    side = int(w * rng.uniform(0.4, 0.8) / (n + 8))
    code = np.where(np.pad(modules, 4), 0, 255).astype(np.uint8)
    tile = Image.fromarray(np.kron(code, np.ones((side, side), np.uint8))).convert("RGB")
    img.paste(tile, ((w - tile.width) // 2, int(h * rng.uniform(0.2, 0.5))))
    return img


def code_editor(rng: Rng) -> Image.Image:
    """Source code in a monospace-looking editor, with line numbers and highlighted words."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    size = int(w / rng.uniform(28, 45))
    words = ("def", "return", "if", "for", "in", "x", "0", "1", "field", "snake", "'.'", "==", "+")
    y = h * 0.08
    while y < h * 0.92:
        indent = int(rng.integers(0, 4))
        draw.text((w * 0.02, y), f"{int(y // size):>3}", fill=(128, 128, 128), font=_font(size))
        x = w * 0.12 + indent * size * 2
        for word in rng.choice(words, int(rng.integers(1, 7))):
            colour = _color(rng, 80, 230) if rng.random() < 0.4 else _ink(dark)
            draw.text((x, y), str(word), fill=colour, font=_font(size))
            x += draw.textlength(str(word) + " ", font=_font(size))
        y += size * 1.5
    return img


def flow_puzzle(rng: Rng) -> Image.Image:
    """A connect-the-dots flow puzzle: pairs of coloured dots on a lined dark grid."""
    img, draw, n, origin = _board_page(rng, 5, 10)
    x0, y0, side = origin
    draw.rectangle((x0, y0, x0 + n * side, y0 + n * side), fill=(0, 0, 0))
    for i in range(n + 1):
        draw.line((x0 + i * side, y0, x0 + i * side, y0 + n * side), fill=(120, 120, 40), width=2)
        draw.line((x0, y0 + i * side, x0 + n * side, y0 + i * side), fill=(120, 120, 40), width=2)
    cells = rng.permutation(n * n)[: 2 * int(rng.integers(3, n + 1))]
    for pair in cells.reshape(-1, 2):
        colour = _color(rng, 60, 256)
        for cell in pair:
            draw.ellipse(_cell(origin, int(cell) // n, int(cell) % n, side * 0.15), fill=colour)
    return img


def connect_four(rng: Rng) -> Image.Image:
    """Connect four: a blue board of round holes, some filled with red and yellow discs."""
    img, _ = _canvas(rng)
    draw = ImageDraw.Draw(img)
    rows, cols = 6, 7
    origin = x0, y0, side = _board_box(rng, img, cols)
    draw.rounded_rectangle(
        (x0, y0, x0 + cols * side, y0 + rows * side), radius=side * 0.2, fill=_color(rng, 0, 120)
    )
    hole = img.getpixel((0, 0))
    for c in range(cols):
        height = int(rng.integers(0, rows + 1))
        for r in range(rows):
            filled = rows - r <= height
            fill = ((220, 30, 30) if rng.random() < 0.5 else (250, 210, 30)) if filled else hole
            draw.ellipse(_cell(origin, r, c, side * 0.1), fill=fill)
    return img


GLYPHS = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _glyph_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans (it has the chess glyphs) when installed, else the default font."""
    if GLYPHS.exists():
        return ImageFont.truetype(str(GLYPHS), max(8, size))
    return _font(size)


def _lines(
    draw: ImageDraw.ImageDraw, origin: Origin, rows: int, cols: int, fill: RGB, width: int
) -> None:
    """The lines of a ``rows`` x ``cols`` grid at ``origin``."""
    x0, y0, side = origin
    for i in range(cols + 1):
        draw.line((x0 + i * side, y0, x0 + i * side, y0 + rows * side), fill=fill, width=width)
    for i in range(rows + 1):
        draw.line((x0, y0 + i * side, x0 + cols * side, y0 + i * side), fill=fill, width=width)


def _checkers(draw: ImageDraw.ImageDraw, origin: Origin, n: int, light: RGB, dark: RGB) -> None:
    """An ``n`` x ``n`` checkered board at ``origin``."""
    for r in range(n):
        for c in range(n):
            draw.rectangle(_cell(origin, r, c), fill=light if (r + c) % 2 == 0 else dark)


def go_board(rng: Rng) -> Image.Image:
    """A go game: a wooden board of 9, 13 or 19 lines with black and white stones on crossings."""
    img, _ = _canvas(rng)
    draw = ImageDraw.Draw(img)
    n = int(rng.choice([9, 13, 19]))
    x0, y0, side = _board_box(rng, img, n)
    r, g, b = _color(rng, 190, 236)
    draw.rectangle((x0, y0, x0 + n * side, y0 + n * side), fill=(r, int(g * 0.8), int(b * 0.45)))
    origin = x0 + side / 2, y0 + side / 2, side
    _lines(draw, origin, n - 1, n - 1, (40, 30, 20), max(1, int(side / 20)))
    for _ in range(int(rng.integers(4, n * 3))):
        row, col = (int(v) for v in rng.integers(0, n, 2))
        cx, cy = origin[0] + col * side, origin[1] + row * side
        draw.ellipse(
            (cx - side * 0.47, cy - side * 0.47, cx + side * 0.47, cy + side * 0.47),
            fill=(20, 20, 20) if rng.random() < 0.5 else (240, 240, 236),
            outline=(10, 10, 10),
        )
    return img


def nonogram(rng: Rng) -> Image.Image:
    """A nonogram: clue numbers above and left of a grid, some cells filled, some crossed."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    n = int(rng.choice([5, 10, 15]))
    origin = x0, y0, side = w * 0.26, h * rng.uniform(0.25, 0.35), w * 0.7 / n
    ink = _ink(dark)
    fill = _color(rng, 160, 256) if dark else _color(rng, 0, 90)
    for r in range(n):
        for c in range(n):
            box = _cell(origin, r, c, side * 0.1)
            state = rng.random()
            if state < 0.4:
                draw.rectangle(_cell(origin, r, c), fill=fill)
            elif state < 0.5:
                draw.line(box, fill=(150, 150, 150), width=2)
                draw.line((box[0], box[3], box[2], box[1]), fill=(150, 150, 150), width=2)
    for i in range(n + 1):
        width = 3 if i % 5 == 0 else 1
        draw.line((x0 + i * side, y0, x0 + i * side, y0 + n * side), fill=ink, width=width)
        draw.line((x0, y0 + i * side, x0 + n * side, y0 + i * side), fill=ink, width=width)
    font = _font(int(side * 0.55))
    for i in range(n):
        clues = [str(v) for v in rng.integers(1, n, int(rng.integers(1, 4)))]
        draw.text((x0 - 6, y0 + (i + 0.5) * side), " ".join(clues), ink, font, "rm")
        for k, clue in enumerate(reversed(clues)):
            draw.text((x0 + (i + 0.5) * side, y0 - 6 - k * side * 0.6), clue, ink, font, "md")
    return img


def sliding_tiles(rng: Rng) -> Image.Image:
    """A 15-puzzle (4x4) or 8-puzzle (3x3): numbered rounded tiles with gaps, one slot empty."""
    img, draw, n, origin = _board_page(rng, 3, 5)
    x0, y0, side = origin
    draw.rounded_rectangle(
        (x0, y0, x0 + n * side, y0 + n * side), radius=side * 0.1, fill=_color(rng, 30, 120)
    )
    tile, ink = _color(rng, 150, 256), _color(rng, 0, 80)
    gap = side * rng.uniform(0.03, 0.08)
    for i, number in enumerate(rng.permutation(n * n)):
        if number:
            box = _cell(origin, i // n, i % n, gap)
            draw.rounded_rectangle(box, radius=side * 0.12, fill=tile)
            _write(draw, box, str(number), ink, side * 0.45)
    return img


STICKERS = ((255, 255, 255), (255, 213, 0), (200, 16, 46), (255, 88, 0), (0, 70, 173), (0, 155, 72))


def cube_face(rng: Rng) -> Image.Image:
    """A twisty-cube face (3x3 to 5x5): rounded stickers of the six cube colours on black."""
    img, draw, n, origin = _board_page(rng, 3, 6)
    x0, y0, side = origin
    draw.rounded_rectangle(
        (x0 - side * 0.1, y0 - side * 0.1, x0 + (n + 0.1) * side, y0 + (n + 0.1) * side),
        radius=side * 0.2,
        fill=(15, 15, 15),
    )
    for r in range(n):
        for c in range(n):
            sticker = STICKERS[int(rng.integers(len(STICKERS)))]
            draw.rounded_rectangle(
                _cell(origin, r, c, side * 0.06), radius=side * 0.15, fill=sticker
            )
    return img


def flood_it(rng: Rng) -> Image.Image:
    """A flood-it game: touching flat cells of a few colours in blobs, and colour buttons."""
    img, draw, n, origin = _board_page(rng, 4, 15)
    x0, y0, side = origin
    palette = [_color(rng, 30, 256) for _ in range(int(rng.integers(3, 7)))]
    cells = rng.integers(0, len(palette), (n, n))
    for _ in range(n * n // 2):  # blobs, as after some moves
        r, c = (int(v) for v in rng.integers(0, n - 1, 2))
        cells[r + 1, c] = cells[r, c + 1] = cells[r, c]
    for r in range(n):
        for c in range(n):
            draw.rectangle(_cell(origin, r, c), fill=palette[int(cells[r, c])])
    button = n * side / len(palette)
    for i, colour in enumerate(palette):
        left, top = x0 + (i + 0.15) * button, y0 + (n + 1) * side
        draw.ellipse((left, top, left + button * 0.7, top + button * 0.7), fill=colour)
    return img


def lights_out(rng: Rng) -> Image.Image:
    """Lights out: a board of 4x4 to 7x7 rounded tiles with gaps, each lit or dark."""
    img, draw, n, origin = _board_page(rng, 4, 8)
    lit, unlit = _color(rng, 150, 256), _color(rng, 40, 140)
    gap = origin[2] * rng.uniform(0.05, 0.1)
    for r in range(n):
        for c in range(n):
            fill = lit if rng.random() < 0.4 else unlit
            draw.rounded_rectangle(_cell(origin, r, c, gap), radius=origin[2] * 0.15, fill=fill)
    return img


def app_folder(rng: Rng) -> Image.Image:
    """An open app folder: a light rounded panel with a 3x3 grid of icons, over a blurred home."""
    img, _ = _canvas(rng)
    w, h = img.size
    img.paste(_scene(rng, w // 8, h // 8).resize((w, h), Image.Resampling.BICUBIC))
    draw = ImageDraw.Draw(img)
    origin = x0, y0, side = w * 0.12, h * rng.uniform(0.3, 0.4), w * 0.76 / 3
    r, g, b = _color(rng, 140, 240)
    draw.rounded_rectangle(
        (x0, y0, x0 + 3 * side, y0 + 3 * side), radius=side * 0.3, fill=(r, g, b)
    )
    title = _font(int(side * 0.25))
    draw.text((w / 2, y0 - side * 0.3), "Games", fill=(255, 255, 255), font=title, anchor="mm")
    for i in range(int(rng.integers(5, 10))):
        box = _cell(origin, i // 3, i % 3, side * 0.2)
        draw.rounded_rectangle(box, radius=side * 0.14, fill=_color(rng, 20, 240))
    return img


def phone_keypad(rng: Rng) -> Image.Image:
    """A phone dialler: a 3x4 grid of round keys with digits and letters, and a call button."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    origin = _, y0, pitch = w * 0.125, h * rng.uniform(0.3, 0.4), w * 0.25
    key, ink = ((60, 60, 64) if dark else (225, 225, 230)), _ink(dark)
    letters = ("", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ", "", "+", "")
    number = "".join(str(v) for v in rng.integers(0, 10, 7))
    draw.text((w / 2, y0 - pitch * 0.6), number, ink, _font(int(pitch * 0.3)), "mm")
    for i, label in enumerate("123456789*0#"):
        box = _cell(origin, i // 3, i % 3, pitch * rng.uniform(0.08, 0.14))
        draw.ellipse(box, fill=key)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        draw.text((cx, cy - pitch * 0.06), label, ink, _font(int(pitch * 0.32)), "mm")
        draw.text((cx, cy + pitch * 0.22), letters[i], ink, _font(int(pitch * 0.1)), "mm")
    cx, cy, r = w / 2, y0 + 4.6 * pitch, pitch * 0.4
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(52, 199, 89))
    return img


def bingo(rng: Rng) -> Image.Image:
    """A bingo card: B I N G O over a 5x5 grid of numbers, a free centre, some daubed."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    origin = x0, y0, side = _board_box(rng, img, 5)
    header, daub, ink = _color(rng, 20, 200), _color(rng, 0, 256), _ink(dark)
    for c, letter in enumerate("BINGO"):
        box = (x0 + c * side, y0 - side, x0 + (c + 1) * side, y0)
        draw.rectangle(box, fill=header)
        _write(draw, box, letter, (255, 255, 255), side * 0.6)
    for r in range(5):
        for c in range(5):
            box = _cell(origin, r, c)
            draw.rectangle(box, outline=ink, width=2)
            text = "FREE" if (r, c) == (2, 2) else str(int(rng.integers(1, 16)) + 15 * c)
            _write(draw, box, text, ink, side * (0.25 if text == "FREE" else 0.45))
            if rng.random() < 0.3:
                draw.ellipse(_cell(origin, r, c, side * 0.12), outline=daub, width=int(side / 12))
    return img


def grid_paper(rng: Rng) -> Image.Image:
    """A grid-paper notebook page: fine lines, a red margin, and handwritten strokes."""
    img, _ = _canvas(rng)
    w, h = img.size
    img.paste(_color(rng, 225, 256), (0, 0, w, h))
    draw = ImageDraw.Draw(img)
    step = w / rng.uniform(18, 40)
    line = _color(rng, 150, 220)
    for x in np.arange(0, w, step):
        draw.line((x, 0, x, h), fill=line, width=1)
    for y in np.arange(0, h, step):
        draw.line((0, y, w, y), fill=line, width=1)
    draw.line((w * 0.12, 0, w * 0.12, h), fill=(220, 80, 80), width=2)
    pen = _color(rng, 0, 90)
    for _ in range(int(rng.integers(3, 12))):
        x, y = rng.uniform(0.15, 0.9) * w, rng.uniform(0.05, 0.95) * h
        count = int(rng.integers(4, 20))
        points = [(x + k * step * 0.4, y + rng.normal(0, step * 0.3)) for k in range(count)]
        draw.line(points, fill=pen, width=max(2, int(step / 8)), joint="curve")
    return img.filter(ImageFilter.GaussianBlur(rng.uniform(0, 1.2)))


def tiled_floor(rng: Rng) -> Image.Image:
    """A photo of a tiled floor or wall: square tiles with grout, mottled and unevenly lit."""
    w = int(rng.choice([1200, 1600]))
    h = int(w * rng.uniform(0.75, 1.8))
    tile = rng.uniform(w / 12, w / 4)
    grout = tile * rng.uniform(0.03, 0.08)
    ys, xs = np.arange(h, dtype=np.float32), np.arange(w, dtype=np.float32)
    shades = rng.uniform(-15, 15, (int(h // tile) + 1, int(w // tile) + 1)).astype(np.float32)
    shade = shades[(ys // tile).astype(int)[:, None], (xs // tile).astype(int)[None, :]]
    arr = np.array(_color(rng, 60, 240), np.float32) + shade[..., None]
    arr[((ys % tile) < grout)[:, None] | ((xs % tile) < grout)[None, :]] = _color(rng, 100, 230)
    arr *= (0.7 + 0.5 * xs / w)[None, :, None]
    arr += rng.standard_normal(arr.shape, dtype=np.float32) * 6
    img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    return img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 2)))


def lcd_snake(rng: Rng) -> Image.Image:
    """A classic phone snake game: a snake of pixel blocks and a food dot on a green LCD."""
    img, _ = _canvas(rng)
    w, h = img.size
    draw = ImageDraw.Draw(img)
    lcd, pixel = (int(rng.integers(150, 200)), int(rng.integers(190, 220)), 90), (30, 45, 20)
    cols = int(rng.integers(16, 30))
    rows = int(cols * rng.uniform(0.7, 1.4))
    origin = x0, y0, block = w * 0.07, h * 0.25, w * 0.86 / cols
    right, bottom = x0 + cols * block, y0 + rows * block
    draw.rectangle((x0 - block, y0 - 2 * block, right + block, bottom + block), fill=lcd)
    frame = (x0 - block / 2, y0 - block / 2, right + block / 2, bottom + block / 2)
    draw.rectangle(frame, outline=pixel, width=max(2, int(block / 3)))
    score = f"{int(rng.integers(0, 999)):04d}"
    draw.text((x0, y0 - 1.8 * block), score, pixel, _font(int(block * 1.2)))
    r, c = int(rng.integers(rows)), int(rng.integers(cols))
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    for _ in range(int(rng.integers(5, 40))):
        draw.rectangle(_cell(origin, r, c, block * 0.08), fill=pixel)
        dr, dc = steps[int(rng.integers(4))]
        r, c = min(rows - 1, max(0, r + dr)), min(cols - 1, max(0, c + dc))
    draw.ellipse(
        _cell(origin, int(rng.integers(rows)), int(rng.integers(cols)), block * 0.2), pixel
    )
    return img


def battleship(rng: Rng) -> Image.Image:
    """A battleship board: a 10x10 sea grid with letters and numbers, ships, hits and misses."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    side = w * 0.85 / 11
    origin = x0, y0, _ = w * 0.075 + side, h * rng.uniform(0.2, 0.35), side
    r, g, _ = _color(rng, 20, 140)
    draw.rectangle((x0, y0, x0 + 10 * side, y0 + 10 * side), fill=(r, g, 210))
    _lines(draw, origin, 10, 10, (230, 230, 240), 1)
    font = _font(int(side * 0.5))
    for i in range(10):
        draw.text((x0 + (i + 0.5) * side, y0 - side / 2), "ABCDEFGHIJ"[i], _ink(dark), font, "mm")
        draw.text((x0 - side / 2, y0 + (i + 0.5) * side), str(i + 1), _ink(dark), font, "mm")
    for length in (5, 4, 3, 3, 2):
        along, across = int(rng.integers(0, 11 - length)), int(rng.integers(0, 10))
        first = _cell(origin, across, along, side * 0.1)
        last = _cell(origin, across, along + length - 1, side * 0.1)
        if rng.random() < 0.5:  # vertical: the same cells transposed
            first = _cell(origin, along, across, side * 0.1)
            last = _cell(origin, along + length - 1, across, side * 0.1)
        hull = (first[0], first[1], last[2], last[3])
        draw.rounded_rectangle(hull, radius=side * 0.4, fill=(140, 140, 150))
    for _ in range(int(rng.integers(5, 30))):
        box = _cell(origin, int(rng.integers(10)), int(rng.integers(10)), side * 0.3)
        draw.ellipse(box, fill=(230, 40, 40) if rng.random() < 0.4 else (250, 250, 250))
    return img


#: Every chess piece but a knight, white and black.
PIECES = "\u2654\u2655\u2656\u2657\u2659\u265a\u265b\u265c\u265d\u265f"


def chess_problem(rng: Rng) -> Image.Image:
    """A chess problem: a checkered board with one to three pieces, none of them a knight."""
    img, draw, n, origin = _board_page(rng, 8, 9)
    side = origin[2]
    _checkers(draw, origin, n, _color(rng, 170, 256), _color(rng, 60, 160))
    for _ in range(int(rng.integers(1, 4))):
        box = _cell(origin, int(rng.integers(n)), int(rng.integers(n)))
        _write_glyph(draw, box, str(rng.choice(list(PIECES))), side * 0.85)
    caption = "White to move" if rng.random() < 0.5 else "Mate in 2"
    draw.text(
        (img.width / 2, origin[1] - side * 0.7), caption, (30, 30, 30), _font(int(side * 0.4)), "mm"
    )
    return img


def _write_glyph(draw: ImageDraw.ImageDraw, box: Box, glyph: str, size: float) -> None:
    """A chess glyph centred in ``box``."""
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    draw.text(centre, glyph, fill=(10, 10, 10), font=_glyph_font(int(size)), anchor="mm")


def checkers(rng: Rng) -> Image.Image:
    """A draughts game: an 8x8 or 10x10 board with ringed round men of two colours."""
    img, draw, n, origin = _board_page(rng, 8, 11)
    side = origin[2]
    _checkers(draw, origin, n, _color(rng, 180, 256), _color(rng, 30, 130))
    men = (_color(rng, 150, 256), _color(rng, 0, 80))
    for r in range(n):
        for c in range(n):
            if (r + c) % 2 and rng.random() < 0.45:
                man = men[int(rng.integers(2))]
                draw.ellipse(_cell(origin, r, c, side * 0.12), fill=man, outline=(0, 0, 0), width=2)
                draw.ellipse(_cell(origin, r, c, side * 0.25), outline=(90, 90, 90), width=2)
    return img


def sudoku_notes(rng: Rng) -> Image.Image:
    """A sudoku being solved: given digits, pencil marks in small print, a highlighted cell."""
    img, origin = _sudoku(rng)
    draw = ImageDraw.Draw(img)
    side = origin[2]
    r, c = (int(v) for v in rng.integers(0, 9, 2))
    draw.rectangle(
        _cell(origin, r, c, 3), outline=_color(rng, 40, 220), width=max(2, int(side / 15))
    )
    mark, font = _color(rng, 90, 180), _font(int(side * 0.25))
    for r in range(9):
        for c in range(9):
            if rng.random() < 0.35:
                for d in rng.choice(9, int(rng.integers(1, 5)), replace=False):
                    x = origin[0] + (c + (d % 3 + 0.5) / 3) * side
                    y = origin[1] + (r + (d // 3 + 0.5) / 3) * side
                    draw.text((x, y), str(d + 1), mark, font, "mm")
    return img


def pattern_lock(rng: Rng) -> Image.Image:
    """A lock screen's pattern: a 3x3 grid of dots, some joined by a drawn line."""
    img, dark = _canvas(rng)
    draw = ImageDraw.Draw(img)
    w, h = img.size
    origin = x0, y0, pitch = w * 0.15, h * rng.uniform(0.45, 0.55), w * 0.7 / 3
    dot, line = _ink(dark), _color(rng, 40, 230)
    path = [(int(i) // 3, int(i) % 3) for i in rng.permutation(9)[: int(rng.integers(4, 10))]]
    centres = [(x0 + (c + 0.5) * pitch, y0 + (r + 0.5) * pitch) for r, c in path]
    draw.line(centres, fill=line, width=int(pitch * rng.uniform(0.05, 0.15)), joint="curve")
    for r in range(3):
        for c in range(3):
            draw.ellipse(_cell(origin, r, c, pitch * 0.42), fill=dot)
    draw.text(
        (w / 2, y0 - pitch * 0.5), "Draw your unlock pattern", dot, _font(int(pitch * 0.13)), "mm"
    )
    return img


KINDS: dict[str, Callable[[Rng], Image.Image]] = {
    "calendar": calendar,
    "gallery": gallery,
    "settings": settings,
    "keyboard": keyboard,
    "home_screen": home_screen,
    "spreadsheet": spreadsheet,
    "checkerboard": checkerboard,
    "blurry_photo": blurry_photo,
    "sudoku": sudoku,
    "2048": tiles_2048,
    "word_game": word_game,
    "chess_position": chess_position,
    "chat": chat,
    "swatches": swatches,
    "match_three": match_three,
    "minesweeper": minesweeper,
    "crossword": crossword,
    "qr_code": qr_code,
    "code_editor": code_editor,
    "flow_puzzle": flow_puzzle,
    "connect_four": connect_four,
    "go_board": go_board,
    "nonogram": nonogram,
    "sliding_tiles": sliding_tiles,
    "cube_face": cube_face,
    "flood_it": flood_it,
    "lights_out": lights_out,
    "app_folder": app_folder,
    "phone_keypad": phone_keypad,
    "bingo": bingo,
    "grid_paper": grid_paper,
    "tiled_floor": tiled_floor,
    "lcd_snake": lcd_snake,
    "battleship": battleship,
    "chess_problem": chess_problem,
    "checkers": checkers,
    "sudoku_notes": sudoku_notes,
    "pattern_lock": pattern_lock,
}


def render(kind: str, rng: Rng) -> Picture:
    """A picture of ``kind``, JPEG-compressed half the time."""
    img = KINDS[kind](rng)
    if rng.random() < 0.5:
        return jpeg_round_trip(img, int(rng.integers(60, 95)))
    return np.asarray(img, dtype=np.uint8)


def random_picture(rng: Rng) -> tuple[str, Picture]:
    """A picture of a random kind, and the kind."""
    kind = str(rng.choice(list(KINDS)))
    return kind, render(kind, rng)
