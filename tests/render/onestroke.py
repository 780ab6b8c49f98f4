"""Seeded renderer of 一笔画完 (one-stroke) screenshots.

``render(puzzle, style, rng)`` draws a full phone (or tablet) screenshot: status bar,
level title, back button and menu pill, avatar and coin pill, the board of equal
rounded tiles on a regular lattice (plain, bevelled, outlined or shaded top to bottom),
the cat sprite on the start tile (ears, tail and feet overflowing its cell), and the round
coloured buttons at the bottom; sometimes a dark status bar and an ad banner. The capture
may be framed (letterboxed in a dark frame, as a screen inside a bezel), then degraded:
blur, noise, JPEG, or the look of a screen-recording frame (the phone downscaled and
pillarboxed in black, heavy compression).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from recognizer.colors import color_distance, lab_of
from solvers.onestroke import Puzzle, random_level
from tests.render.degrade import noise_and_jpeg

Cell = tuple[int, int]
RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

#: Screen sizes (width, height) of phones and tablets, portrait.
SCREENS: tuple[tuple[int, int], ...] = (
    (720, 1280),
    (750, 1334),
    (828, 1792),
    (1080, 1920),
    (1080, 2340),
    (1080, 2400),
    (1080, 2520),
    (1170, 2532),
    (1284, 2778),
    (1440, 2560),
    (1440, 3200),
    (1200, 1920),
    (1536, 2048),
    (1620, 2160),
    (1668, 2388),
    (2048, 2732),
)
#: Cat colours seen in the game (the pale cream is derived from the tile colour).
CAT_COLORS: tuple[RGB, ...] = (
    (250, 150, 185),
    (80, 215, 228),
    (250, 210, 60),
    (240, 100, 60),
    (217, 173, 151),
)
BUTTON_COLORS: tuple[RGB, ...] = ((30, 160, 240), (150, 210, 20), (250, 120, 160), (250, 170, 0))


@dataclass(frozen=True)
class Style:
    """Everything about one screenshot's look.

    ``cat`` is ``None`` for a board without the cat (which must be refused);
    ``video`` renders a 852x480 screen-recording frame of the phone; ``frame`` shrinks the
    screen into a dark frame this wide (a fraction of the width on each side).
    """

    width: int
    height: int
    background: RGB
    tile: RGB
    ink: RGB
    corner: float  # corner radius, fraction of the tile side
    gap: float  # gap between tiles, fraction of the pitch
    shadow: bool
    cat: RGB | None
    cat_scale: float  # cat body side, fraction of the tile side
    tile_under_cat: bool
    board_width: float  # widest board, fraction of the screen width
    blur: float
    noise: float
    jpeg: int | None
    video: bool
    tile_look: str = "plain"  # "plain", "bevel", "outline" or "shaded"
    status_bar: bool = False  # a dark status bar across the top
    ad: bool = False  # an ad banner over the bottom buttons
    frame: float = 0.0
    frame_color: RGB = (0, 0, 0)

    @property
    def group(self) -> str:
        """A short name of the style family, for benchmark tables."""
        if self.video:
            return "video"
        theme = "dark" if sum(self.background) < 3 * 128 else "light"
        tiles = "grey" if max(self.tile) - min(self.tile) < 12 else "colour"
        return f"{theme}/{tiles}"


@lru_cache(maxsize=32)
def _font(size: int) -> Font:
    return ImageFont.load_default(size=max(6, size))


def _rgb(rng: np.random.Generator, low: int, high: int) -> RGB:
    level = int(rng.integers(low, high + 1))
    return (level, level, level)


def _tint(rng: np.random.Generator, light: bool) -> RGB:
    """A soft coloured tile colour."""
    hue = rng.uniform(0, 2 * np.pi)
    base = 200 if light else 95
    amp = rng.uniform(25, 45)
    r, g, b = (base + amp * np.cos(hue + k * 2 * np.pi / 3) for k in range(3))
    return _shade((int(r), int(g), int(b)), 1.0)


def _cream(tile: RGB) -> RGB:
    """A pale cream barely more saturated than ``tile``."""
    r, g, b = tile
    return (min(255, r + 18), min(255, g + 8), max(0, b - 16))


def random_style(rng: np.random.Generator, video: bool | None = None) -> Style:
    """A random plausible look: screen, theme, tiles, cat, degradations."""
    if video is None:
        video = bool(rng.random() < 0.15)
    screens = [s for s in SCREENS if not video or s[1] * 9 == s[0] * 16]
    width, height = screens[int(rng.integers(len(screens)))]
    light = bool(rng.random() < 0.65)
    coloured = bool(rng.random() < 0.35)
    if light:
        pastel = _shade(_tint(rng, True), 1.0, lift=50)
        background = _rgb(rng, 238, 252) if rng.random() < 0.7 else pastel
        darkest = min(background) - 28
        tile = _tint(rng, True) if coloured else _rgb(rng, min(190, darkest), darkest)
        ink = (90, 90, 90)
    else:
        background = _rgb(rng, 18, 45)
        tile = _tint(rng, False) if coloured else _rgb(rng, 75, 120)
        ink = (220, 220, 220)
    while color_distance(lab_of(tile), lab_of(background)) < 12:
        tile = _shade(tile, 0.9 if light else 1.15)
    cream = _cream(tile)
    choices = [c for c in CAT_COLORS if color_distance(lab_of(c), lab_of(tile)) > 25]
    cat = cream if rng.random() < 0.25 or not choices else choices[int(rng.integers(len(choices)))]
    style = Style(
        width=width,
        height=height,
        background=background,
        tile=tile,
        ink=ink,
        corner=float(rng.uniform(0.0, 0.25)),
        gap=float(rng.uniform(0.07, 0.2)),
        shadow=bool(rng.random() < 0.35),
        cat=cat,
        cat_scale=float(rng.uniform(0.85, 1.0)),
        tile_under_cat=bool(rng.random() < 0.4),
        board_width=float(rng.uniform(0.72, 0.92)),
        blur=float(rng.uniform(0.0, 1.0)) if rng.random() < 0.5 else 0.0,
        noise=float(rng.uniform(0.0, 3.0)) if rng.random() < 0.4 else 0.0,
        jpeg=int(rng.integers(35, 60))
        if video
        else (int(rng.integers(60, 96)) if rng.random() < 0.5 else None),
        video=video,
    )
    return _with_extras(style, np.random.default_rng(int(rng.integers(2**32))))


def _with_extras(style: Style, rng: np.random.Generator) -> Style:
    """``style`` with the newer fields drawn from their own generator (the older fields
    keep their draws)."""
    looks = ("plain", "plain", "bevel", "outline", "shaded")
    return replace(
        style,
        tile_look=looks[int(rng.integers(len(looks)))],
        status_bar=bool(rng.random() < 0.2),
        ad=bool(rng.random() < 0.2),
        frame=0.0 if style.video or rng.random() < 0.8 else float(rng.uniform(0.02, 0.1)),
        frame_color=_rgb(rng, 0, 40),
    )


def random_puzzle(rng: np.random.Generator) -> Puzzle:
    """A solvable level of 3x3 to 10x10 with 0-30% holes, as the game only has solvable ones.

    The level is cut from a random path (:func:`solvers.onestroke.random_level`), so it may
    come out smaller than its box; the start (the cat's tile) is an end of that path.
    """
    rows, cols = int(rng.integers(3, 11)), int(rng.integers(3, 11))
    holes = float(rng.uniform(0.0, 0.3))
    puzzle, _ = random_level(rows, cols, holes, random.Random(int(rng.integers(2**32))))
    return puzzle


def _shade(color: RGB, factor: float, lift: int = 0) -> RGB:
    """``color`` scaled by ``factor`` and raised by ``lift``, clipped to 0..255."""
    r, g, b = (int(np.clip(v * factor + lift, 0, 255)) for v in color)
    return (r, g, b)


def _draw_chrome(draw: ImageDraw.ImageDraw, style: Style, rng: np.random.Generator) -> None:
    """Status bar, title, back button, menu pill, avatar, coin pill, bottom buttons."""
    w, h = style.width, style.height
    u = w / 100.0
    bar = _font(round(2.2 * u))
    ink = style.ink
    if style.status_bar:
        draw.rectangle((0, 0, w, 5 * u), fill=(20, 20, 24))
        ink = (235, 235, 235)
    draw.text((4 * u, 1.2 * u), "9:41", fill=ink, font=bar)
    draw.rounded_rectangle((88 * u, 1.4 * u, 95 * u, 3.6 * u), radius=0.6 * u, outline=ink)
    top = 0.045 * h
    draw.ellipse((6 * u, top, 19 * u, top + 13 * u), fill=(0, 200, 215))
    title = f"Level {int(rng.integers(1, 999))}"
    draw.text((50 * u, top + 6.5 * u), title, fill=style.ink, font=_font(round(6 * u)), anchor="mm")
    pill = _shade(style.background, 0.8) if sum(style.background) > 384 else (70, 70, 70)
    draw.rounded_rectangle((68 * u, top + 2 * u, 95 * u, top + 11 * u), radius=4.5 * u, fill=pill)
    row = top + 16 * u
    draw.ellipse((14 * u, row, 24 * u, row + 10 * u), fill=(120, 90, 70))
    draw.rounded_rectangle(
        (38 * u, row + 1.5 * u, 62 * u, row + 8.5 * u), radius=3.5 * u, fill=pill
    )
    draw.ellipse((39 * u, row + 2 * u, 45 * u, row + 8 * u), fill=(250, 200, 40))
    coins = str(int(rng.integers(0, 9999)))
    draw.text((54 * u, row + 5 * u), coins, fill=style.ink, font=_font(round(4 * u)), anchor="mm")
    draw.ellipse((78 * u, row, 88 * u, row + 10 * u), fill=(240, 90, 80))
    radius = 6.5 * u
    y = h - 2.4 * radius
    for i, color in enumerate(BUTTON_COLORS):
        x = w * (0.2 + 0.2 * i)
        draw.rounded_rectangle(
            (x - radius, y, x + radius, h), radius=radius, fill=_shade(color, 1.1)
        )
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=color)
        draw.text(
            (x, y + 0.9 * radius), "OK", fill=(255, 255, 255), font=_font(round(3 * u)), anchor="mm"
        )
    if style.ad:
        top = h - 2.6 * radius
        draw.rectangle((0, top, w, h), fill=_rgb(rng, 230, 255))
        draw.rectangle((2 * u, top + 1.5 * u, 20 * u, h - 1.5 * u), fill=_tint(rng, False))
        draw.text((24 * u, top + 3 * u), "Play the best puzzle game!", fill=(40, 40, 40), font=bar)
        draw.rounded_rectangle(
            (74 * u, top + 4 * u, 96 * u, top + 10 * u), radius=3 * u, fill=(30, 120, 240)
        )
        draw.text((85 * u, top + 7 * u), "INSTALL", fill=(255, 255, 255), font=bar, anchor="mm")


def _draw_tile(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    radius: float,
    style: Style,
) -> None:
    """One tile in the style's look: plain, bevelled, outlined, or shaded top to bottom."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    if style.tile_look == "bevel":
        edge = 0.08 * side
        draw.rounded_rectangle(box, radius=radius, fill=_shade(style.tile, 0.85))
        draw.rounded_rectangle(
            (x0, y0, x1, y1 - edge), radius=radius, fill=_shade(style.tile, 1.08)
        )
        draw.rounded_rectangle(
            (x0 + edge, y0 + edge, x1 - edge, y1 - edge), radius=radius, fill=style.tile
        )
    elif style.tile_look == "outline":
        width = max(1, round(0.03 * side))
        draw.rounded_rectangle(
            box, radius=radius, fill=style.tile, outline=_shade(style.tile, 0.75), width=width
        )
    elif style.tile_look == "shaded":
        height = max(1, round(y1 - y0))
        ramp = np.linspace(1.03, 0.97, height)[:, None, None]
        strip = np.clip(np.asarray(style.tile, np.float64) * ramp, 0, 255).astype(np.uint8)
        patch = Image.fromarray(np.repeat(strip, max(1, round(side)), axis=1))
        mask = Image.new("L", patch.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(
            (0, 0, patch.width - 1, patch.height - 1), radius=radius, fill=255
        )
        img.paste(patch, (round(x0), round(y0)), mask)
    else:
        draw.rounded_rectangle(box, radius=radius, fill=style.tile)


def _draw_cat(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    style: Style,
    rng: np.random.Generator,
) -> None:
    """The cat: body, ears and tail above, feet below, face and eyes."""
    assert style.cat is not None
    x0, y0, x1, y1 = box
    side = x1 - x0
    cx = (x0 + x1) / 2
    body = style.cat
    dark = (45, 16, 34)
    feet_h = 0.1 * side
    for fx in (x0 + 0.22 * side, x1 - 0.22 * side):
        draw.rounded_rectangle(
            (fx - 0.08 * side, y1 - 0.05 * side, fx + 0.08 * side, y1 + feet_h),
            radius=0.05 * side,
            fill=_shade(body, 0.9),
        )
    for sign in (-1, 1):
        ex = cx + sign * 0.3 * side
        draw.polygon(
            [
                (ex - 0.13 * side, y0 + 0.1 * side),
                (ex + 0.13 * side, y0 + 0.1 * side),
                (ex + sign * 0.05 * side, y0 - 0.14 * side),
            ],
            fill=body,
        )
    tail_x = cx + rng.uniform(-0.15, 0.15) * side
    draw.line(
        [
            (tail_x, y0 + 0.1 * side),
            (tail_x + 0.06 * side, y0 - 0.16 * side),
            (tail_x, y0 - 0.28 * side),
        ],
        fill=body,
        width=max(2, round(0.09 * side)),
    )
    draw.rounded_rectangle(box, radius=style.corner * side, fill=body)
    if rng.random() < 0.5:
        face = (x0 + 0.06 * side, y0 + 0.45 * side, x1 - 0.06 * side, y1 - 0.06 * side)
        draw.rounded_rectangle(face, radius=0.12 * side, fill=(255, 252, 250))
    eye = 0.07 * side
    for ex in (cx - 0.22 * side, cx + 0.22 * side):
        draw.ellipse(
            (ex - eye, y0 + 0.62 * side - eye, ex + eye, y0 + 0.62 * side + eye), fill=dark
        )
    draw.arc(
        (cx - 0.08 * side, y0 + 0.66 * side, cx + 0.08 * side, y0 + 0.78 * side),
        20,
        160,
        fill=dark,
        width=max(1, round(0.025 * side)),
    )


def render(
    puzzle: Puzzle, style: Style, rng: np.random.Generator
) -> tuple[np.ndarray, dict[str, object]]:
    """Draw ``puzzle`` as a screenshot in ``style``; return the RGB array and its truth.

    The truth is the contract's puzzle object with ``"game": "onestroke"``
    (``{"game": None}`` when the style has no cat: such a picture is no puzzle).
    """
    w, h = style.width, style.height
    img = Image.new("RGB", (w, h), style.background)
    draw = ImageDraw.Draw(img)
    _draw_chrome(draw, style, rng)
    pitch = min(style.board_width * w / puzzle.cols, 0.2 * w, 0.55 * h / (puzzle.rows + 2))
    left = (w - pitch * puzzle.cols) / 2
    top = 0.5 * h - pitch * puzzle.rows / 2
    side = pitch * (1 - style.gap)

    def box(cell: Cell, size: float) -> tuple[float, float, float, float]:
        r, c = cell
        x = left + c * pitch + pitch / 2
        y = top + r * pitch + pitch / 2
        return (x - size / 2, y - size / 2, x + size / 2 - 1, y + size / 2 - 1)

    radius = style.corner * side
    for cell in sorted(puzzle.tiles):
        if cell == puzzle.start and style.cat is not None and not style.tile_under_cat:
            continue
        x0, y0, x1, y1 = box(cell, side)
        if style.shadow:
            drop = max(2.0, 0.06 * side)
            draw.rounded_rectangle(
                (x0, y0 + drop, x1, y1 + drop), radius=radius, fill=_shade(style.tile, 0.8)
            )
        _draw_tile(img, draw, (x0, y0, x1, y1), radius, style)
    if style.cat is not None:
        _draw_cat(draw, box(puzzle.start, side * style.cat_scale), style, rng)
    picture = _degrade(img, style, rng)
    truth: dict[str, object] = (
        {"game": "onestroke", **puzzle.to_json()} if style.cat is not None else {"game": None}
    )
    return picture, truth


def _degrade(img: Image.Image, style: Style, rng: np.random.Generator) -> np.ndarray:
    """The frame, blur, noise, the video-frame look, and JPEG."""
    if style.frame > 0:
        border = round(style.frame * style.width)
        inner = (style.width - 2 * border, round(style.height * (1 - 2 * border / style.width)))
        framed = Image.new("RGB", img.size, style.frame_color)
        framed.paste(
            img.resize(inner, Image.Resampling.LANCZOS),
            (border, (style.height - inner[1]) // 2),
        )
        img = framed
    if style.blur > 0:
        img = img.filter(ImageFilter.GaussianBlur(style.blur))
    if style.video:
        scale = 480 / style.height
        phone = img.resize((max(1, round(style.width * scale)), 480), Image.Resampling.BILINEAR)
        frame = Image.new("RGB", (852, 480), (0, 0, 0))
        frame.paste(phone, ((852 - phone.width) // 2, 0))
        img = frame
    return noise_and_jpeg(img, rng, style.noise, style.jpeg)
