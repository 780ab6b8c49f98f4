"""Shared colour tools: Lab conversion, colour distances, dominant colours, reduction.

Distances are CIE76 Delta E in CIELAB (``L`` in 0..100), where about 2 is a
just-noticeable difference and 10 or more is plainly another colour.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from recognizer.image import RGBImage

LabImage = NDArray[np.float32]
LabColor = tuple[float, float, float]


@dataclass(frozen=True)
class ColorPeak:
    """A colour that covers a share of the picture.

    Parameters
    ----------
    lab : (L, a, b)
        The mean Lab colour of the pixels near the peak.
    share : float
        The fraction of the picture's pixels within the peak's radius.
    """

    lab: LabColor
    share: float


def reduce(image: RGBImage, long_side: int) -> tuple[RGBImage, float]:
    """Shrink ``image`` so its long side is at most ``long_side``; return it and the scale.

    Pictures already small enough are returned as they are with scale 1.

    Examples
    --------
    >>> small, scale = reduce(np.zeros((2000, 1000, 3), np.uint8), 500)
    >>> small.shape, scale
    ((500, 250, 3), 0.25)
    """
    height, width = image.shape[:2]
    scale = min(1.0, long_side / max(height, width))
    if scale == 1.0:
        return image, 1.0
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    # exact halvings first: area resampling by an arbitrary factor is several times slower
    small = image
    while min(small.shape[:2]) >= 2 and max(small.shape[:2]) >= 2 * long_side:
        half = (small.shape[1] // 2, small.shape[0] // 2)
        small = np.asarray(cv2.resize(small, half, interpolation=cv2.INTER_AREA), np.uint8)
    return np.asarray(cv2.resize(small, size, interpolation=cv2.INTER_AREA), np.uint8), scale


def halve(image: RGBImage, size: float, target: float) -> tuple[RGBImage, float]:
    """``image`` shrunk by the whole number of halvings that brings ``size`` (a length
    measured on it) nearest ``target`` on a log scale, and the scale.

    Only exact halvings are made, which is several times faster than :func:`reduce` to an
    arbitrary size.

    Examples
    --------
    >>> small, scale = halve(np.zeros((2340, 1080, 3), np.uint8), 2340, 500)
    >>> small.shape, scale
    ((585, 270, 3), 0.25)
    """
    halvings = max(0, round(math.log2(size / target)))
    return reduce(image, max(image.shape[:2]) >> halvings)


# sRGB (D65) to CIELAB, done in numpy: OpenCV's own Lab conversion first builds large tables,
# about 0.2 s on every process's first call, more than a whole screenshot's reading
_SRGB = np.arange(256) / 255.0
_LINEAR = np.where(_SRGB <= 0.04045, _SRGB / 12.92, ((_SRGB + 0.055) / 1.055) ** 2.4).astype(
    np.float32
)
_RGB_TO_XYZ = (
    np.array(
        [
            [0.412453, 0.357580, 0.180423],
            [0.212671, 0.715160, 0.072169],
            [0.019334, 0.119193, 0.950227],
        ]
    )
    / np.array([[0.950456], [1.0], [1.088754]])
).astype(np.float32)
_EPSILON = np.float32(216 / 24389)
_KAPPA = np.float32(24389 / 27 / 116)


def to_lab(image: RGBImage) -> LabImage:
    """Convert an RGB ``uint8`` image to float CIELAB (``L`` 0..100, ``a``/``b`` about -128..127).

    Examples
    --------
    >>> to_lab(np.full((1, 1, 3), 255, np.uint8))[0, 0].round(1).tolist()
    [100.0, 0.0, 0.0]
    >>> to_lab(np.array([[[255, 0, 0]]], np.uint8))[0, 0].round(0).tolist()
    [53.0, 80.0, 67.0]
    """
    xyz = np.asarray(cv2.transform(_LINEAR[np.asarray(image, np.uint8)], _RGB_TO_XYZ), np.float32)
    f = np.cbrt(np.maximum(xyz, _EPSILON))
    dark = xyz < _EPSILON
    if dark.any():
        f[dark] = _KAPPA * xyz[dark] + np.float32(16 / 116)
    lab = np.empty_like(f)
    lab[..., 0] = 116 * f[..., 1] - 16
    lab[..., 1] = 500 * (f[..., 0] - f[..., 1])
    lab[..., 2] = 200 * (f[..., 1] - f[..., 2])
    return lab


def lab_of(rgb: tuple[int, int, int]) -> LabColor:
    """The Lab colour of one RGB triple."""
    lab = to_lab(np.array([[rgb]], dtype=np.uint8))[0, 0]
    return float(lab[0]), float(lab[1]), float(lab[2])


def delta_e(lab: LabImage, color: LabColor) -> NDArray[np.float32]:
    """Per-pixel CIE76 distance of a Lab image (or ``(N, 3)`` array) to one colour."""
    diff = lab - np.asarray(color, dtype=np.float32)
    return np.asarray(np.sqrt(np.einsum("...i,...i->...", diff, diff)), dtype=np.float32)


def color_distance(first: LabColor, second: LabColor) -> float:
    """CIE76 distance between two Lab colours."""
    return float(np.linalg.norm(np.subtract(first, second)))


def dominant_colors(
    lab: LabImage,
    count: int = 8,
    bin_size: float = 5.0,
    radius: float = 6.0,
    min_share: float = 0.003,
) -> list[ColorPeak]:
    """The picture's main colours, most common first.

    A coarse 3-D histogram of the Lab pixels is searched for local maxima;
    each is refined to the mean of the pixels within ``radius`` of it, and
    peaks closer than ``radius`` to a stronger one are merged into it.

    Parameters
    ----------
    lab : (H, W, 3) float array
        The picture in Lab (see :func:`to_lab`).
    count : int
        At most this many peaks are returned.
    bin_size : float
        Histogram bin width in Delta E.
    radius : float
        Pixels within this distance of a peak count towards it.
    min_share : float
        Peaks covering less than this fraction of the pixels are dropped.

    Examples
    --------
    >>> img = np.zeros((10, 10, 3), np.uint8); img[:, 5:] = 255
    >>> [round(p.share, 1) for p in dominant_colors(to_lab(img))]
    [0.5, 0.5]
    """
    pixels = np.asarray(lab, dtype=np.float32).reshape(-1, 3)
    step = max(1, len(pixels) // 20000)
    pixels = pixels[::step]
    low = np.array([0.0, -128.0, -128.0], dtype=np.float32)
    dims = np.ceil(np.array([101.0, 256.0, 256.0]) / bin_size).astype(int)
    idx = np.clip(((pixels - low) / bin_size).astype(int), 0, dims - 1)
    flat = np.ravel_multi_index((idx[:, 0], idx[:, 1], idx[:, 2]), tuple(dims))
    hist = np.bincount(flat, minlength=int(np.prod(dims))).reshape(tuple(dims)).astype(np.float32)
    peak_bins = np.argwhere((hist >= _maximum_3x3x3(hist)) & (hist > 0))
    order = np.argsort(-hist[peak_bins[:, 0], peak_bins[:, 1], peak_bins[:, 2]])
    # squared distances as |p|^2 - 2 p.c + |c|^2: one product per centre, not a pass per term
    wide = pixels.astype(np.float64)
    norms = np.einsum("ij,ij->i", wide, wide)

    def within(center: NDArray[np.float64]) -> NDArray[np.bool_]:
        return np.asarray(norms - 2.0 * (wide @ center) + center @ center < radius**2)

    peaks: list[ColorPeak] = []
    for i in order[: count * 3]:
        center = (low + (peak_bins[i].astype(np.float32) + 0.5) * bin_size).astype(np.float64)
        for _ in range(3):
            near = wide[within(center)]
            if len(near) == 0:
                break
            center = near.mean(axis=0)
        color: LabColor = (float(center[0]), float(center[1]), float(center[2]))
        share = float(np.mean(within(np.asarray(color))))
        if share < min_share or any(color_distance(color, p.lab) < radius for p in peaks):
            continue
        peaks.append(ColorPeak(color, share))
        if len(peaks) == count:
            break
    return sorted(peaks, key=lambda p: -p.share)


def _maximum_3x3x3(volume: NDArray[np.float32]) -> NDArray[np.float32]:
    """Each voxel's maximum over its 3x3x3 neighbourhood (outside the volume ignored)."""
    square = np.ones((3, 3), np.uint8)
    planes = np.stack([cv2.dilate(plane, square) for plane in volume])
    result = planes.copy()
    np.maximum(result[1:], planes[:-1], out=result[1:])
    np.maximum(result[:-1], planes[1:], out=result[:-1])
    return result
