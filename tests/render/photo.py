"""A seeded simulator of phone photos of a screen, for tests and benchmarks.

``photograph(screen, style, rng)`` puts a rendered screen in a phone bezel on a
desk, views it through a pinhole camera tilted and rolled by the style's
angles, and adds uneven light, glare, colour cast, moire, blur, sensor noise
and JPEG compression. It returns the photo and the true homography from screen
pixels to photo pixels, so tests can check rectification and overlays.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def _rgb(rng: np.random.Generator, low: int, high: int) -> tuple[int, int, int]:
    r, g, b = (int(v) for v in rng.integers(low, high, 3))
    return r, g, b


def random_photo_style(rng: np.random.Generator) -> PhotoStyle:
    """A photo held at up to ~25 degrees of tilt and 15 of roll, in varied light."""
    dark = rng.random() < 0.7
    return PhotoStyle(
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
        screen, border, border, border, border, cv2.BORDER_CONSTANT, value=style.bezel_color
    )
    ph, pw = phone.shape[:2]
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
    warped = cv2.warpPerspective(
        phone, h_phone, (out_w, out_h), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_TRANSPARENT
    )
    mask = cv2.warpPerspective(np.ones((ph, pw), np.uint8), h_phone, (out_w, out_h)) > 0
    photo = np.where(mask[..., None], warped.astype(np.float32), desk)

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
    photo *= np.asarray(style.cast, np.float32)
    if style.blur > 0.2:
        photo = cv2.GaussianBlur(photo, (0, 0), style.blur)
    photo += rng.normal(0, style.noise, photo.shape).astype(np.float32)
    photo_rgb = jpeg_round_trip(np.clip(photo, 0, 255), style.jpeg_quality)
    screen_to_phone = np.array([[1, 0, border], [0, 1, border], [0, 0, 1]], np.float64)
    return photo_rgb, h_phone @ screen_to_phone
