"""Seeded renderer of tic-tac-toe boards: app screens and hand-drawn boards.

``render(puzzle, style, rng)`` draws a 3x3 position in one of three looks:

* ``app``: a flat phone screen, web page or square picture, any background (light, dark,
  coloured or a gradient), thin or thick lines with round or square ends and no outer
  border, X and O in their own colours, drawn as strokes or as letters of a font, the
  board anywhere from 0.4 to 0.95 of the short side and off the middle, with clutter (a
  title, a score line, buttons) and phone chrome (a status bar, score pills, a turn line,
  an ad banner) around; some in neon (saturated strokes with a glow on a dark screen),
  some with a keyboard or a score table (other grids) beside the board;
* ``hand``: a board drawn with a marker on paper or a whiteboard: wobbly, bowed lines with
  uneven arms, marks of varied size and slant, one marker colour or two, rotated and seen
  at an angle, with uneven light, glare and sensor noise, the marker's width swelling and
  thinning along a stroke;
* ``sheet``: a printed table (outer frame and a title above it) with hand-drawn marks,
  photographed or scanned.

A finished game may have its winning run struck through, as apps and players do.

Every stroke is a polyline in board units (cell ``(r, c)`` spans ``[r, r+1] x [c, c+1]``)
mapped to pixels by one homography, so perspective applies to lines and marks alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from solvers.errors import InvalidPuzzleError
from solvers.tictactoe import Puzzle, winners
from tests.render.degrade import noise_and_jpeg

RGB = tuple[int, int, int]
Picture = NDArray[np.uint8]
Stroke = NDArray[np.float64]  # (N, 2) board points as (x, y) = (col, row)

#: Supersampling factor of the drawing (smooth strokes after the downscale).
_SS = 2


@dataclass(frozen=True)
class Style:
    """One look: the picture, the board's placement, its strokes and the capture."""

    kind: str  # "app", "hand" or "sheet"
    width: int
    height: int
    background: RGB
    line_color: RGB
    x_color: RGB
    o_color: RGB
    line_width: float  # stroke widths, in cells
    mark_width: float
    board_share: float  # board side / the picture's short side (0.4..0.95: 16%..90% of its square)
    rotation: float  # degrees
    tilt: tuple[float, float]  # perspective terms, in 1/board units
    arms: tuple[float, float, float, float, float, float, float, float]  # in cells
    wobble: float  # waviness of hand strokes, in cells
    bow: float  # bend of the lines, in cells
    mark_size: float  # mark half-size, in cells
    jitter: float  # mark placement and shape jitter, in cells
    clutter: bool
    light: float  # uneven light amplitude (0..1)
    glare: float  # glare strength (0..1)
    noise: float  # sensor noise sigma
    blur: float  # Gaussian sigma in pixels
    jpeg: int | None
    font: int | None = None  # app screens: X and O as letters of this OpenCV font
    backdrop: RGB | None = None  # app screens: the background fades to this colour downwards
    offset: tuple[float, float] = (0.0, 0.0)  # board centre off the middle, share of the room
    chrome: bool = False  # app screens: status bar, turn indicator, score pills, an ad banner
    glow: float = 0.0  # neon: a halo of the strokes' own colour, its sigma in cells
    win_line: bool = False  # a finished game's winning run struck through
    panel: str | None = (
        None  # app screens: a "keyboard" or a score "table" (two rows) beside the board
    )
    pressure: float = 0.0  # hand strokes: relative swing of a marker's width along a stroke


def _rgb(rng: np.random.Generator, low: int, high: int) -> RGB:
    r, g, b = (int(v) for v in rng.integers(low, high, 3))
    return r, g, b


def _contrasting(rng: np.random.Generator, background: RGB, dark_ok: bool = True) -> RGB:
    """A colour far from ``background`` (light on dark, dark or saturated on light)."""
    light_bg = sum(background) > 3 * 128
    for _ in range(50):
        color = _rgb(rng, 0, 120) if light_bg else _rgb(rng, 150, 256)
        if not dark_ok and max(color) < 60:
            continue
        if np.abs(np.subtract(color, background)).max() > 110:
            return color
    return (20, 20, 20) if light_bg else (240, 240, 240)


#: Fonts for X and O written as letters.
FONTS = (
    cv2.FONT_HERSHEY_SIMPLEX,
    cv2.FONT_HERSHEY_DUPLEX,
    cv2.FONT_HERSHEY_COMPLEX,
    cv2.FONT_HERSHEY_TRIPLEX,
    cv2.FONT_HERSHEY_PLAIN,
)


def _shade(rng: np.random.Generator, color: RGB) -> RGB:
    """``color`` made somewhat lighter or darker (the far end of a background gradient)."""
    factor = float(rng.uniform(0.7, 1.3))
    r, g, b = (int(np.clip(v * factor, 0, 255)) for v in color)
    return r, g, b


def _neon(rng: np.random.Generator) -> RGB:
    """A saturated bright colour: one channel full, one low, one anywhere."""
    channels = rng.permutation(3)
    color = [0, 0, 0]
    color[channels[0]] = 255
    color[channels[1]] = int(rng.integers(0, 90))
    color[channels[2]] = int(rng.integers(0, 256))
    return color[0], color[1], color[2]


def _picture_size(rng: np.random.Generator, kind: str) -> tuple[int, int]:
    """``(width, height)``: a phone screen, a web page or, for paper, a photo or a scan."""
    if kind == "app" and rng.random() < 0.7:
        width = int(rng.integers(480, 800))
        if rng.random() < 0.75:  # a phone, portrait
            return width, round(width * rng.uniform(1.6, 2.2))
        return round(width * rng.uniform(1.3, 1.8)), width  # a web page or a tablet
    long_side = int(rng.integers(560, 1100))
    short = max(400, round(long_side * rng.uniform(0.45, 1.0)))
    return (long_side, short) if rng.random() < 0.5 else (short, long_side)


def random_style(rng: np.random.Generator, kind: str | None = None) -> Style:
    """A random look; ``kind`` picks ``app``, ``hand`` or ``sheet`` (default: any)."""
    kind = kind or str(rng.choice(["app", "hand", "sheet"], p=[0.4, 0.4, 0.2]))
    width, height = _picture_size(rng, kind)
    offset = (float(rng.uniform(-1, 1)), float(rng.uniform(-1, 1)))
    extras = rng.spawn(1)[0]  # the later looks: rng's own draws are as before
    win_line = bool(extras.random() < 0.5)
    if kind == "app":
        background = (
            _rgb(rng, 0, 60)
            if rng.random() < 0.4
            else _rgb(rng, 190, 256)
            if rng.random() < 0.6
            else _rgb(rng, 0, 256)
        )
        line = _contrasting(rng, background)
        same = rng.random() < 0.4
        x_color = line if same else _contrasting(rng, background)
        o_color = line if same else _contrasting(rng, background)
        glow = float(extras.uniform(0.02, 0.06)) if extras.random() < 0.2 else 0.0
        if glow:
            background = _rgb(extras, 0, 40)
            line, x_color, o_color = (_neon(extras) for _ in range(3))
        panel = str(extras.choice(["keyboard", "table"])) if extras.random() < 0.3 else None
        share = float(extras.uniform(0.25, 0.95)) if extras.random() < 0.3 else None
        arm = float(rng.choice([1.0, 1.0, 0.8, 0.6]))
        line_width = float(rng.uniform(0.02, 0.12))
        mark_width = float(rng.uniform(0.05, 0.18))
        # apps leave a margin of at least 0.06 cells between a mark and the lines
        mark_size = min(float(rng.uniform(0.25, 0.36)), 0.44 - (line_width + mark_width) / 2)
        if glow:  # neon marks leave room for their glow
            mark_size = min(mark_size, 0.4 - (line_width + mark_width) / 2 - 2 * glow)
        return Style(
            kind=kind,
            width=width,
            height=height,
            background=background,
            line_color=line,
            x_color=x_color,
            o_color=o_color,
            line_width=line_width,
            mark_width=mark_width,
            board_share=max(share or float(rng.uniform(0.4, 0.95)), 240 / min(width, height)),
            rotation=0.0,
            tilt=(0.0, 0.0),
            arms=(arm,) * 8,
            wobble=0.0,
            bow=0.0,
            mark_size=mark_size,
            jitter=0.0,
            clutter=bool(rng.random() < 0.7),
            light=0.0,
            glare=0.0,
            noise=float(rng.choice([0.0, 0.0, 2.0])),
            blur=float(rng.choice([0.0, 0.0, 0.6])),
            jpeg=int(rng.integers(60, 95)) if rng.random() < 0.5 else None,
            font=int(rng.choice(FONTS)) if rng.random() < 0.3 and not glow else None,
            backdrop=_shade(rng, background) if rng.random() < 0.25 else None,
            offset=offset,
            chrome=bool(rng.random() < 0.6),
            glow=glow,
            win_line=win_line,
            panel=panel,
        )
    whiteboard = rng.random() < 0.5
    paper = _rgb(rng, 200, 250) if whiteboard else _rgb(rng, 225, 256)
    marker = _contrasting(rng, paper, dark_ok=True)
    two_colors = rng.random() < 0.5
    sheet = kind == "sheet"
    return Style(
        kind=kind,
        width=width,
        height=height,
        background=paper,
        line_color=(15, 15, 15) if sheet else marker,
        x_color=marker,
        o_color=_contrasting(rng, paper) if two_colors else marker,
        line_width=float(rng.uniform(0.015, 0.045)),
        mark_width=float(rng.uniform(0.03, 0.08)),
        board_share=max(float(rng.uniform(0.4, 0.85)), 300 / min(width, height)),
        rotation=float(rng.uniform(-8, 8) if sheet else rng.uniform(-32, 32)),
        tilt=(float(rng.uniform(-0.08, 0.08)), float(rng.uniform(-0.08, 0.08))),
        arms=tuple(float(v) for v in rng.uniform(0.4, 1.0, 8)),  # type: ignore[arg-type]
        wobble=0.0 if sheet else float(rng.uniform(0.0, 0.025)),
        bow=0.0 if sheet else float(rng.uniform(-0.12, 0.12)),
        mark_size=float(rng.uniform(0.22, 0.34)),
        jitter=float(rng.uniform(0.0, 0.06)),
        clutter=sheet,
        light=float(rng.uniform(0.0, 0.25)),
        glare=float(rng.uniform(0.0, 0.5)) if whiteboard else 0.0,
        noise=float(rng.uniform(1.0, 5.0)),
        blur=float(rng.uniform(0.0, 1.2)),
        jpeg=int(rng.integers(55, 92)) if rng.random() < 0.8 else None,
        offset=offset,
        win_line=win_line,
        pressure=float(extras.uniform(0.2, 0.6)) if extras.random() < 0.5 else 0.0,
    )


def _homography(style: Style) -> NDArray[np.float64]:
    """Board units to pixels: rotate and tilt about the centre, then fit the picture."""
    theta = np.radians(style.rotation)
    centre = np.array([[1, 0, -1.5], [0, 1, -1.5], [0, 0, 1]], dtype=np.float64)
    rotate = np.array(
        [[np.cos(theta), -np.sin(theta), 0], [np.sin(theta), np.cos(theta), 0], [0, 0, 1]]
    )
    tilt = np.array([[1, 0, 0], [0, 1, 0], [style.tilt[0], style.tilt[1], 1]], dtype=np.float64)
    h = tilt @ rotate @ centre
    reach = 1.5 + max(style.arms)
    corners = np.array(
        [[x, y, 1.0] for x in (1.5 - reach, 1.5 + reach) for y in (1.5 - reach, 1.5 + reach)]
    )
    mapped = corners @ h.T
    mapped = mapped[:, :2] / mapped[:, 2:]
    span = mapped.max(axis=0) - mapped.min(axis=0)
    scale = style.board_share * min(style.width, style.height) / float(span.max())
    scale = min(scale, 0.92 * style.width / span[0], 0.8 * style.height / span[1])
    size = np.array([style.width, style.height])
    room = np.maximum(0.0, 0.92 * size - scale * span) / 2  # the board stays inside 4% margins
    centre_at = size / 2 + np.array(style.offset) * room
    offset = centre_at - scale * (mapped.max(0) + mapped.min(0)) / 2
    fit = np.array([[scale, 0, offset[0]], [0, scale, offset[1]], [0, 0, 1]])
    return fit @ h


def _wavy(points: Stroke, style: Style, rng: np.random.Generator) -> Stroke:
    """``points`` resampled densely with a smooth random wobble across the stroke."""
    seg = np.linalg.norm(np.diff(points, axis=0), axis=1)
    t = np.concatenate([[0.0], np.cumsum(seg)])
    dense = np.linspace(0.0, t[-1], max(8, int(t[-1] * 40)))
    out = np.column_stack([np.interp(dense, t, points[:, i]) for i in (0, 1)])
    if style.wobble == 0.0:
        return out
    direction = points[-1] - points[0]
    normal = np.array([-direction[1], direction[0]]) / max(1e-9, float(np.linalg.norm(direction)))
    wave = np.zeros(len(dense))
    for _ in range(2):
        freq = rng.uniform(0.5, 2.0)
        wave += style.wobble * np.sin(
            2 * np.pi * freq * dense / max(t[-1], 1e-9) + rng.uniform(0, 6.3)
        )
    return out + wave[:, None] * normal[None, :]


def _grid_strokes(style: Style, rng: np.random.Generator) -> list[Stroke]:
    """The board's lines (and the frame of a printed sheet), in board units."""
    strokes = []
    framed = style.kind == "sheet"
    positions = (0, 1, 2, 3) if framed else (1, 2)
    for axis in (0, 1):
        for i, pos in enumerate(positions):
            lo, hi = (
                (0.0, 3.0)
                if framed
                else (-style.arms[4 * axis + 2 * i], 3 + style.arms[4 * axis + 2 * i + 1])
            )
            ts = np.linspace(lo, hi, 24)
            bend = style.bow * rng.uniform(0.5, 1.0) * np.sin(np.pi * (ts - lo) / (hi - lo))
            across = pos + bend + rng.uniform(-1, 1) * 0.03 * (style.kind == "hand")
            line = np.column_stack([ts, across]) if axis == 0 else np.column_stack([across, ts])
            strokes.append(_wavy(line, style, rng))
    return strokes


def _mark_strokes(
    mark: str, cell: tuple[int, int], style: Style, rng: np.random.Generator
) -> list[Stroke]:
    """An X (two strokes) or an O (one closed loop) in ``cell``, in board units."""
    j = style.jitter
    cx = cell[1] + 0.5 + rng.uniform(-j, j)
    cy = cell[0] + 0.5 + rng.uniform(-j, j)
    s = style.mark_size * rng.uniform(0.85, 1.1) if j else style.mark_size
    if mark == "x":
        ends = []
        for sign in (1, -1):
            a = np.array([cx - s, cy - sign * s]) + rng.uniform(-j, j, 2)
            b = np.array([cx + s, cy + sign * s]) + rng.uniform(-j, j, 2)
            ends.append(_wavy(np.array([a, b]), style, rng))
        return ends
    rx, ry = s * rng.uniform(0.85, 1.1) if j else s, s * rng.uniform(0.85, 1.1) if j else s
    start = rng.uniform(0, 2 * np.pi)
    sweep = 2 * np.pi + (rng.uniform(0.1, 0.5) if j else 0.05)
    angles = start + np.linspace(0.0, sweep, 64)
    loop = np.column_stack([cx + rx * np.cos(angles), cy + ry * np.sin(angles)])
    if j:
        loop += style.wobble * 0.5 * np.sin(angles[:, None] * 3 + rng.uniform(0, 6.3))
    return [loop]


def _letter(
    canvas: Picture,
    text: str,
    font: int,
    centre: NDArray[np.float64],
    height: float,
    thickness: int,
    color: RGB,
) -> None:
    """``text`` in ``font``, its capitals ``height`` pixels tall, centred on ``centre``."""
    (_, cap), _ = cv2.getTextSize(text, font, 1.0, thickness)
    scale = height / cap
    (width, cap), _ = cv2.getTextSize(text, font, scale, thickness)
    org = (round(centre[0] - width / 2), round(centre[1] + cap / 2))
    cv2.putText(
        canvas, text, org, font, scale, tuple(float(v) for v in color), thickness, cv2.LINE_AA
    )


def _background(style: Style, rng: np.random.Generator) -> Picture:
    h, w = style.height * _SS, style.width * _SS
    img = np.empty((h, w, 3), np.float32)
    img[:] = style.background
    if style.backdrop is not None:
        fade = np.linspace(0.0, 1.0, h, dtype=np.float32)[:, None, None]
        img += fade * (np.array(style.backdrop, np.float32) - img)
    if style.light:
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        angle = rng.uniform(0, 2 * np.pi)
        ramp = (np.cos(angle) * xx / w + np.sin(angle) * yy / h) - 0.5
        img *= (1 + style.light * ramp)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)


def _draw_clutter(
    canvas: Picture, style: Style, h: NDArray[np.float64], rng: np.random.Generator
) -> None:
    """A title above the board, and for app screens a score line and buttons around it."""
    top = h @ np.array([1.5, -max(style.arms) - 0.15, 1.0])
    bottom = h @ np.array([1.5, 3 + max(style.arms) + 0.5, 1.0])
    (tx, ty), (bx, by) = top[:2] / top[2], bottom[:2] / bottom[2]
    color = tuple(float(v) for v in style.line_color)
    scale = 0.9 * _SS * min(style.width, style.height) / 600
    title = (
        "TIC TAC TOE"
        if style.kind == "sheet"
        else str(rng.choice(["Tic Tac Toe", "Your turn", "Player X"]))
    )
    size = cv2.getTextSize(title, cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, round(2 * scale)))[0]
    org = (round(tx * _SS - size[0] / 2), round(ty * _SS - size[1] * 0.6))
    cv2.putText(
        canvas,
        title,
        org,
        cv2.FONT_HERSHEY_SIMPLEX,
        scale,
        color,
        max(1, round(2 * scale)),
        cv2.LINE_AA,
    )
    if style.kind != "app":
        return
    score = "X  0  -  0  O"
    size = cv2.getTextSize(score, cv2.FONT_HERSHEY_SIMPLEX, scale * 0.7, 1)[0]
    org = (round(bx * _SS - size[0] / 2), round(by * _SS + size[1]))
    cv2.putText(
        canvas,
        score,
        org,
        cv2.FONT_HERSHEY_SIMPLEX,
        scale * 0.7,
        color,
        max(1, round(scale)),
        cv2.LINE_AA,
    )
    r = round(0.04 * _SS * min(style.width, style.height))
    for x in (2 * r, style.width * _SS - 2 * r):
        cv2.circle(canvas, (x, 2 * r), r, color, max(1, r // 4), cv2.LINE_AA)


def _draw_mark(
    canvas: Picture,
    stroke: Callable[[Picture, Stroke, RGB, float], None],
    mark: str,
    cell: tuple[int, int],
    style: Style,
    h: NDArray[np.float64],
    unit: float,
    rng: np.random.Generator,
) -> None:
    """An X or an O in ``cell``: a letter of the style's font, or strokes."""
    color = style.x_color if mark == "x" else style.o_color
    r, c = cell
    if style.font is None:
        for part in _mark_strokes(mark, cell, style, rng):
            stroke(canvas, part, color, style.mark_width)
        return
    ends = np.array([[c + 0.5, r + 0.5, 1.0], [c + 1.5, r + 0.5, 1.0]]) @ h.T
    centre, right = ends[:, :2] / ends[:, 2:] * _SS
    height = 2 * style.mark_size * float(np.linalg.norm(right - centre))
    thickness = max(1, round(min(style.mark_width * unit, 0.16 * height)))
    _letter(canvas, mark.upper(), style.font, centre, height, thickness, color)


def _board_box(style: Style, h: NDArray[np.float64], margin: float) -> tuple[int, int, int, int]:
    """The supersampled pixel box ``(x0, y0, x1, y1)`` of the board's lines plus ``margin``
    cells (app boards are upright, so the box is the board's)."""
    reach = max(style.arms) + margin
    corners = np.array([[-reach, -reach, 1.0], [3 + reach, 3 + reach, 1.0]]) @ h.T
    (x0, y0), (x1, y1) = np.round(corners[:, :2] / corners[:, 2:] * _SS).astype(int)
    return int(x0), int(y0), int(x1), int(y1)


def _draw_chrome(
    canvas: Picture, style: Style, h: NDArray[np.float64], rng: np.random.Generator
) -> None:
    """A phone's status bar, score pills and a turn line near the board, and an ad banner at
    the bottom when the board leaves room for it."""
    height, width = canvas.shape[:2]
    color = tuple(float(v) for v in style.line_color)
    font = cv2.FONT_HERSHEY_SIMPLEX
    small = 0.6 * _SS * min(style.width, style.height) / 600
    bar = round(0.035 * height)
    thick = max(1, round(1.5 * small))
    cv2.putText(canvas, "9:41", (bar, round(0.75 * bar)), font, small, color, thick, cv2.LINE_AA)
    cv2.rectangle(canvas, (width - 3 * bar, bar // 4), (width - bar, 3 * bar // 4), color, thick)
    x0, y0, x1, y1 = _board_box(style, h, 0.3)
    turn = str(rng.choice(["X's turn", "O's turn", "Player O", "Next: X", "Winner: X"]))
    size = cv2.getTextSize(turn, font, small, thick)[0]
    cv2.putText(
        canvas, turn, ((x0 + x1 - size[0]) // 2, y1 + 5 * size[1]), font, small, color, thick,
        cv2.LINE_AA,
    )  # fmt: skip
    for k, label in enumerate(("X  2", "O  1")):
        px = x0 + (x1 - x0) * (1 + 2 * k) // 4
        size = cv2.getTextSize(label, font, small, thick)[0]
        py = y0 - 2 * size[1]
        cv2.rectangle(
            canvas, (px - size[0], py - size[1]), (px + size[0], py + size[1]), color, thick
        )
        org = (px - size[0] // 2, py + size[1] // 2)
        cv2.putText(canvas, label, org, font, small, color, thick, cv2.LINE_AA)
    top = round(0.9 * height)
    if y1 + 4 * size[1] < top:
        ad = tuple(float(v) for v in rng.integers(0, 256, 3))
        cv2.rectangle(canvas, (0, top), (width, height), ad, -1)
        ink = (255.0, 255.0, 255.0) if sum(ad) < 3 * 128 else (0.0, 0.0, 0.0)
        org = (bar, round(top + 0.06 * height))
        cv2.putText(canvas, "Ad  Install now  >", org, font, small, ink, thick, cv2.LINE_AA)


def _draw_panel(
    canvas: Picture, style: Style, h: NDArray[np.float64], rng: np.random.Generator
) -> None:
    """Another grid beside the board, below it or else above: a keyboard (rows of keys)
    or a score table (ruled cells of names and numbers)."""
    height, width = canvas.shape[:2]
    _, y0, _, y1 = _board_box(style, h, 0.3)
    room_below, room_above = height - y1, y0
    tall = min(0.3 * height, max(room_below, room_above) - 0.03 * height)
    if tall < 0.1 * height:
        return
    top = y1 + 0.02 * height if room_below >= room_above else y0 - 0.02 * height - tall
    color = tuple(float(v) for v in style.line_color)
    font = cv2.FONT_HERSHEY_SIMPLEX
    margin = 0.04 * width
    if style.panel == "keyboard":
        shade = np.array(style.background, np.float64)
        key = tuple(float(v) for v in (shade + (40 if shade.sum() < 3 * 128 else -40)).clip(0, 255))
        keys = ("QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM")
        pitch = (width - 2 * margin) / 10
        key_h = min(tall / 3, 1.4 * pitch)
        for r, letters in enumerate(keys):
            left = margin + (10 - len(letters)) * pitch / 2
            for i, letter in enumerate(letters):
                x0, y = round(left + i * pitch + 0.08 * pitch), round(top + r * key_h)
                box = ((x0, y + round(0.08 * key_h)), (round(x0 + 0.84 * pitch), round(y + key_h)))
                cv2.rectangle(canvas, *box, key, -1, cv2.LINE_AA)
                scale = 0.4 * key_h / 22
                org = (x0 + round(0.25 * pitch), y + round(0.7 * key_h))
                cv2.putText(canvas, letter, org, font, scale, color, max(1, round(2 * scale)))
        return
    rows, cols = 2, 3  # a header and the scores: one inner rule across, no #
    cell_w, cell_h = (width - 2 * margin) / cols, min(tall / rows, 0.1 * height)
    thick = max(1, round(0.004 * width))
    for i in range(rows + 1):
        y = round(top + i * cell_h)
        cv2.line(canvas, (round(margin), y), (round(width - margin), y), color, thick)
    for j in range(cols + 1):
        x = round(margin + j * cell_w)
        cv2.line(canvas, (x, round(top)), (x, round(top + rows * cell_h)), color, thick)
    texts = [["Player X", "Draws", "Player O"], [str(v) for v in rng.integers(0, 20, 3)]]
    scale = 0.3 * cell_h / 22
    for i, row in enumerate(texts):
        for j, text in enumerate(row):
            org = (round(margin + j * cell_w + 0.1 * cell_w), round(top + (i + 0.65) * cell_h))
            cv2.putText(canvas, text, org, font, scale, color, max(1, round(2 * scale)))


def render(puzzle: Puzzle | str, style: Style, rng: np.random.Generator) -> Picture:
    """Draw ``puzzle``'s board (3x3) in ``style``; the picture as an ``(H, W, 3)`` uint8 array.

    A bare board string may be given instead, to draw positions no game reaches.
    """
    board = puzzle if isinstance(puzzle, str) else puzzle.board
    h = _homography(style)
    canvas = _background(style, rng)
    middle = np.array([[1.5, 1.5, 1.0], [2.5, 1.5, 1.0]]) @ h.T
    middle = middle[:, :2] / middle[:, 2:]
    unit = _SS * float(np.linalg.norm(middle[1] - middle[0]))  # a cell, supersampled pixels

    def stroke(canvas: Picture, points: Stroke, color: RGB, width: float) -> None:
        homog = np.column_stack([points, np.ones(len(points))]) @ h.T
        pixels = np.round(homog[:, :2] / homog[:, 2:] * _SS * 8).astype(np.int32)
        bgr = tuple(float(v) for v in color)
        if not style.pressure:
            cv2.polylines(canvas, [pixels], False, bgr, max(1, round(width * unit)), cv2.LINE_AA, 3)
            return
        # a marker pressed harder and softer: the width swells and thins along the stroke
        phase, turns = rng.uniform(0, 2 * np.pi), rng.uniform(0.5, 1.5)
        swing = 1 + style.pressure * np.sin(phase + turns * np.linspace(0, 2 * np.pi, len(pixels)))
        for a, b, factor in zip(pixels[:-1], pixels[1:], swing[1:], strict=True):
            thick = max(1, round(width * factor * unit))
            cv2.line(
                canvas, (int(a[0]), int(a[1])), (int(b[0]), int(b[1])), bgr, thick, cv2.LINE_AA, 3
            )

    base = canvas.copy()
    for line in _grid_strokes(style, rng):
        stroke(canvas, line, style.line_color, style.line_width)
    marks = [(divmod(i, 3), mark) for i, mark in enumerate(board) if mark != "-"]
    for cell, mark in marks:
        _draw_mark(canvas, stroke, mark, cell, style, h, unit, rng)
    won = [(mark, runs[0]) for mark, runs in winners(board, 3).items() if runs]
    if style.win_line and won:
        mark, run = won[0]
        ends = np.array([divmod(run[0], 3), divmod(run[-1], 3)], dtype=np.float64)[:, ::-1] + 0.5
        reach = 0.4 * (ends[1] - ends[0]) / np.linalg.norm(ends[1] - ends[0])
        strike = _wavy(np.array([ends[0] - reach, ends[1] + reach]), style, rng)
        color = style.x_color if mark == "x" else style.o_color
        stroke(canvas, strike, color, min(0.8 * style.mark_width, 0.1))
    if style.glow:
        halo = cv2.GaussianBlur(cv2.subtract(canvas, base), (0, 0), style.glow * unit)
        canvas = np.asarray(cv2.add(canvas, halo), np.uint8)
    if style.panel is not None:
        _draw_panel(canvas, style, h, rng)
    if style.clutter:
        _draw_clutter(canvas, style, h, rng)
    if style.chrome:
        _draw_chrome(canvas, style, h, rng)
    small = cv2.resize(canvas, (style.width, style.height), interpolation=cv2.INTER_AREA)
    small = small.astype(np.float32)
    if style.glare:
        yy, xx = np.mgrid[0 : style.height, 0 : style.width].astype(np.float32)
        cx, cy = rng.uniform(0.2, 0.8) * style.width, rng.uniform(0.2, 0.8) * style.height
        spot = np.exp(
            -(((xx - cx) / (0.25 * style.width)) ** 2 + ((yy - cy) / (0.18 * style.height)) ** 2)
        )
        small += (style.glare * 70 * spot)[..., None]
    if style.blur:
        small = cv2.GaussianBlur(small, (0, 0), style.blur)
    return noise_and_jpeg(small, rng, style.noise, style.jpeg)


def random_puzzle(rng: np.random.Generator) -> Puzzle:
    """A position of a random game (either side opening), stopped at a random point."""
    puzzle = Puzzle("-" * 9, str(rng.choice(["x", "o"])))
    for _ in range(int(rng.integers(0, 10))):
        if puzzle.result() is not None:
            break
        empty = puzzle.empty_cells()
        puzzle = puzzle.play(empty[int(rng.integers(len(empty)))])
    return reading(puzzle.board)


def reading(board: str) -> Puzzle:
    """The position a picture of ``board`` shows: x moves on equal counts unless x has won."""
    try:
        return Puzzle.from_board(board)
    except InvalidPuzzleError:
        return Puzzle.from_board(board, first="o")
