"""The last steps every renderer shares: sensor noise and JPEG compression."""

from __future__ import annotations

import io

import numpy as np
from numpy.typing import ArrayLike, NDArray
from PIL import Image


def jpeg_round_trip(image: ArrayLike | Image.Image, quality: int) -> NDArray[np.uint8]:
    """``image`` as it comes back from a JPEG at ``quality``."""
    buf = io.BytesIO()
    Image.fromarray(np.asarray(image, dtype=np.uint8)).save(buf, format="JPEG", quality=quality)
    return np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"), dtype=np.uint8)


def noise_and_jpeg(
    pixels: ArrayLike | Image.Image, rng: np.random.Generator, noise: float, jpeg: int | None
) -> NDArray[np.uint8]:
    """Gaussian sensor noise of sigma ``noise``, then JPEG at quality ``jpeg`` (0/None: none)."""
    arr = np.asarray(pixels, dtype=np.float32)
    if noise > 0:
        arr = arr + rng.normal(0.0, noise, arr.shape).astype(np.float32)
    out = np.clip(np.round(arr), 0, 255).astype(np.uint8)
    return jpeg_round_trip(out, jpeg) if jpeg else out
