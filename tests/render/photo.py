"""A seeded simulator of phone photos of a screen, for tests and benchmarks.

``photograph(screen, style, rng)`` puts a rendered screen in a phone bezel on a
desk, views it through a pinhole camera tilted and rolled by the style's
angles, and adds uneven light, glare, colour cast, moire, blur, sensor noise
and JPEG compression. Some photos also have rounded corners, a notch, a screen
whose emitted light lifts its blacks and dulls its colours, vignetting, a thumb
over the phone's edge, or a camera's full resolution. It returns the photo and
the true homography from screen pixels to photo pixels, so tests can check
rectification and overlays; ``rectified`` takes the screen back out through it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from tests.render.degrade import jpeg_round_trip

RGB = NDArray[np.uint8]


@dataclass(frozen=True)
class PhotoStyle:
    """How one photo is taken."""

    tilt_x: float  # degrees, rotation about the horizontal axis (top away from the camera)
    tilt_y: float  # degrees, rotation about the vertical axis
    roll: float  # degrees, in-plane rotation
    focal: float  # focal length in units of the photo's long side
    fill: float  # fraction of the photo's short side the phone spans
    photo_long_side: int
    bezel: float  # bezel width as a fraction of the screen's short side
    bezel_color: tuple[int, int, int]
    desk_color: tuple[int, int, int]
    light_gradient: float  # 0 (even) .. 0.5
    glare: int  # number of glare spots
    cast: tuple[float, float, float]  # per-channel gains
    moire: float  # amplitude of a moire pattern, 0 .. 12 grey levels
    blur: float  # Gaussian sigma in photo pixels
    noise: float  # Gaussian sensor noise sigma
    jpeg_quality: int
    corner_radius: float = 0.0  # the phone's corner radius, a fraction of its short side
    notch: bool = False  # a camera notch at the top of the screen
    screen_black: float = 0.0  # grey level of the screen's black (emitted light, 0 .. 40)
    screen_saturation: float = 1.0  # the screen's colour saturation as photographed
    vignette: float = 0.0  # darkening towards the photo's corners, 0 .. 0.35
    thumb: float | None = None  # where along a long side a thumb covers the edge (0 .. 1)


def _rgb(rng: np.random.Generator, low: int, high: int) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in rng.integers(low, high, 3))
    return r, g, b


def random_photo_style(rng: np.random.Generator) -> PhotoStyle:
    """A photo held at up to ~25 degrees of tilt and 15 of roll, in varied light.

    The later additions (corners, notch, emitted light, vignetting, thumb, full
    resolution) are drawn from a spawned generator, so ``rng``'s own sequence is the same
    as before they existed.
    """
    dark = rng.random() < 0.7
    style = PhotoStyle(
        tilt_x=float(rng.uniform(-25, 25)),
        tilt_y=float(rng.uniform(-20, 20)),
        roll=float(rng.uniform(-15, 15)),
        focal=float(rng.uniform(0.7, 1.3)),
        fill=float(rng.uniform(0.6, 0.9)),
        photo_long_side=int(rng.integers(1000, 1700)),
        bezel=float(rng.uniform(0.03, 0.12)),
        bezel_color=_rgb(rng, 5, 40) if dark else _rgb(rng, 190, 240),
        desk_color=_rgb(rng, 60, 200),
        light_gradient=float(rng.uniform(0, 0.35)),
        glare=int(rng.integers(0, 3)),
        cast=(float(rng.uniform(0.88, 1.1)), float(rng.uniform(0.88, 1.1)), 1.0),
        moire=float(rng.choice([0.0, rng.uniform(2, 8)])),
        blur=float(rng.uniform(0, 1.6)),
        noise=float(rng.uniform(0, 6)),
        jpeg_quality=int(rng.integers(50, 91)),
    )
    extra = rng.spawn(1)[0]
    full_resolution = extra.random() < 0.15
    return replace(
        style,
        photo_long_side=int(extra.integers(3000, 4033))
        if full_resolution
        else style.photo_long_side,
        corner_radius=float(extra.choice([0.0, extra.uniform(0.02, 0.12)])),
        notch=bool(extra.random() < 0.3),
        screen_black=float(extra.choice([0.0, extra.uniform(5, 40)])),
        screen_saturation=float(extra.uniform(0.75, 1.0)),
        vignette=float(extra.choice([0.0, extra.uniform(0.05, 0.35)])),
        thumb=float(extra.uniform(0.2, 0.8)) if extra.random() < 0.2 else None,
    )


def _rounded_mask(height: int, width: int, radius: float) -> NDArray[np.uint8]:
    """1 inside a ``width`` x ``height`` rectangle with corners rounded to ``radius``."""
    mask = np.ones((height, width), np.uint8)
    r = round(radius)
    if r < 2:
        return mask
    corner = np.zeros((r, r), np.uint8)
    cv2.circle(corner, (r, r), r, 1, -1, cv2.LINE_8)
    mask[:r, :r] = corner
    mask[:r, -r:] = corner[:, ::-1]
    mask[-r:, :r] = corner[::-1]
    mask[-r:, -r:] = corner[::-1, ::-1]
    return mask


def _as_emitted(screen: RGB, style: PhotoStyle) -> RGB:
    """The screen as a camera sees its light: blacks lifted, colours dulled, a notch."""
    img = screen.astype(np.float32)
    grey = img.mean(axis=2, keepdims=True)
    img = grey + style.screen_saturation * (img - grey)
    img = style.screen_black + img * (1 - style.screen_black / 255)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if style.notch:
        h, w = out.shape[:2]
        short = min(h, w)
        half_w, half_h = round(short * 0.09), round(short * 0.025)
        if h >= w:
            box = (w // 2 - half_w, 0, w // 2 + half_w, 2 * half_h)
        else:
            box = (0, h // 2 - half_w, 2 * half_h, h // 2 + half_w)
        cv2.rectangle(out, box[:2], box[2:], style.bezel_color, -1)
    return out


def _camera_homography(
    width: float, height: float, style: PhotoStyle, out_w: int, out_h: int
) -> NDArray[np.float64]:
    """Homography from a ``width`` x ``height`` plane to the photo, through a tilted camera."""
    ax, ay, az = np.radians([style.tilt_x, style.tilt_y, style.roll])
    rx = np.array([[1, 0, 0], [0, np.cos(ax), -np.sin(ax)], [0, np.sin(ax), np.cos(ax)]])
    ry = np.array([[np.cos(ay), 0, np.sin(ay)], [0, 1, 0], [-np.sin(ay), 0, np.cos(ay)]])
    rz = np.array([[np.cos(az), -np.sin(az), 0], [np.sin(az), np.cos(az), 0], [0, 0, 1]])
    rot = rz @ ry @ rx
    focal = style.focal * max(out_w, out_h)
    k = np.array([[focal, 0, out_w / 2], [0, focal, out_h / 2], [0, 0, 1]])
    box = np.array([[[0, 0], [width, 0], [width, height], [0, height]]], np.float64)
    distance = focal * max(width, height) / max(out_w, out_h) / style.fill
    for _ in range(4):  # move the camera until the phone spans `fill` of the photo
        # plane point (x, y) -> camera point R [x - w/2, y - h/2, 0] + [0, 0, distance]
        plane_to_cam = np.column_stack([rot[:, 0], rot[:, 1], [0, 0, distance]]) @ np.array(
            [[1, 0, -width / 2], [0, 1, -height / 2], [0, 0, 1]]
        )
        h = k @ plane_to_cam
        corners = cv2.perspectiveTransform(box, h)[0]
        span = max(np.ptp(corners[:, 0]) / out_w, np.ptp(corners[:, 1]) / out_h)
        distance *= span / style.fill
    return h


def photograph(
    screen: RGB, style: PhotoStyle, rng: np.random.Generator
) -> tuple[RGB, NDArray[np.float64]]:
    """Photograph ``screen``; return the photo and the screen-to-photo homography."""
    sh, sw = screen.shape[:2]
    border = round(style.bezel * min(sh, sw))
    phone = cv2.copyMakeBorder(
        _as_emitted(screen, style),
        border,
        border,
        border,
        border,
        cv2.BORDER_CONSTANT,
        value=style.bezel_color,
    )
    ph, pw = phone.shape[:2]
    radius = style.corner_radius * min(ph, pw)
    if radius > border:  # the screen's corners follow the phone's
        screen_corners = 1 - _rounded_mask(sh, sw, radius - border)
        phone[border : border + sh, border : border + sw][screen_corners > 0] = style.bezel_color
    portrait = ph >= pw
    long_side = style.photo_long_side
    out_w, out_h = (
        (round(long_side * 0.75), long_side) if portrait else (long_side, round(long_side * 0.75))
    )
    h_phone = _camera_homography(pw, ph, style, out_w, out_h)

    desk = np.empty((out_h, out_w, 3), np.float32)
    desk[:] = style.desk_color
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    desk += (rng.normal(0, 6, (out_h // 8 + 1, out_w // 8 + 1, 3)).repeat(8, 0).repeat(8, 1))[
        :out_h, :out_w
    ]
    # a transparent border leaves the pixels it does not write as they were: start from black,
    # or they are whatever memory the process last freed and a seed's photo is not repeatable
    warped = cv2.warpPerspective(
        phone,
        h_phone,
        (out_w, out_h),
        dst=np.zeros((out_h, out_w, 3), phone.dtype),
        flags=cv2.INTER_AREA,
        borderMode=cv2.BORDER_TRANSPARENT,
    )
    mask = cv2.warpPerspective(_rounded_mask(ph, pw, radius), h_phone, (out_w, out_h)) > 0
    photo = np.where(mask[..., None], warped.astype(np.float32), desk)
    if style.thumb is not None:
        # a thumb holding a long side: over the bezel and a sliver of the screen
        along, size = style.thumb, min(ph, pw)
        reach, length = 0.8 * border + 0.015 * size, 0.1 * size
        centre = (0.0, along * ph) if ph >= pw else (along * pw, float(ph))
        axes = (reach, length) if ph >= pw else (length, reach)
        t = np.linspace(0, 2 * np.pi, 48)
        outline = np.stack([centre[0] + axes[0] * np.cos(t), centre[1] + axes[1] * np.sin(t)], -1)
        in_photo = cv2.perspectiveTransform(outline[None], h_phone)[0]
        cv2.fillPoly(photo, [np.round(in_photo).astype(np.int32)], (196, 146, 120), cv2.LINE_AA)

    angle = rng.uniform(0, 2 * np.pi)
    ramp = (np.cos(angle) * xx / out_w + np.sin(angle) * yy / out_h) - 0.5
    photo *= (1.0 - style.light_gradient * ramp)[..., None]
    for _ in range(style.glare):
        cx, cy = rng.uniform(0.2, 0.8) * out_w, rng.uniform(0.2, 0.8) * out_h
        radius = rng.uniform(0.04, 0.12) * min(out_w, out_h)
        strength = rng.uniform(25, 70)
        photo += (strength * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius**2)))[
            ..., None
        ]
    if style.moire > 0:
        freq = rng.uniform(0.15, 0.35)
        theta = rng.uniform(0, np.pi)
        wave = np.sin(freq * (np.cos(theta) * xx + np.sin(theta) * yy))
        photo += (style.moire * wave * mask)[..., None]
    if style.vignette > 0:
        corner_distance = ((xx - out_w / 2) ** 2 + (yy - out_h / 2) ** 2) / (
            (out_w / 2) ** 2 + (out_h / 2) ** 2
        )
        photo *= (1 - style.vignette * corner_distance)[..., None]
    photo *= np.asarray(style.cast, np.float32)
    if style.blur > 0.2:
        photo = cv2.GaussianBlur(photo, (0, 0), style.blur)
    photo += rng.normal(0, style.noise, photo.shape).astype(np.float32)
    photo_rgb = jpeg_round_trip(np.clip(photo, 0, 255), style.jpeg_quality)
    screen_to_phone = np.array([[1, 0, border], [0, 1, border], [0, 0, 1]], np.float64)
    return photo_rgb, h_phone @ screen_to_phone


def rectified(photo: RGB, screen_to_photo: NDArray[np.float64], size: tuple[int, int]) -> RGB:
    """The screen taken back out of ``photo`` through the true homography ``screen_to_photo``
    (``size``: the screen's width and height): what a perfect screen finder would hand a
    recognizer (the trust bench's oracle)."""
    flat = cv2.warpPerspective(photo, np.linalg.inv(screen_to_photo), size)
    return np.asarray(flat, np.uint8)
