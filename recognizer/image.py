"""Decoding and encoding pictures, with the contract's limits; bytes in, arrays out.

Images are ``(H, W, 3)`` ``uint8`` RGB arrays everywhere in solve-shot.
"""

from __future__ import annotations

import io
import warnings

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageOps, UnidentifiedImageError

from solvers.errors import UnreadableImageError

RGBImage = NDArray[np.uint8]

#: Formats the contract promises to read.
SUPPORTED_FORMATS = frozenset({"PNG", "JPEG", "WEBP", "BMP", "MPO"})
#: The long side of an input must lie within these bounds, in pixels.
MIN_SIDE = 64
MAX_SIDE = 8000


def decode_image(data: bytes) -> RGBImage:
    """Decode PNG, JPEG, WebP or BMP bytes into an RGB array, honouring EXIF orientation.

    Raises
    ------
    UnreadableImageError
        When ``data`` is not a supported image, is truncated, or is too small or too large.

    Examples
    --------
    >>> decode_image(encode_png(np.zeros((80, 100, 3), np.uint8))).shape
    (80, 100, 3)
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:
                fmt = img.format or "unknown"
                if fmt not in SUPPORTED_FORMATS:
                    raise UnreadableImageError(f"unsupported image format {fmt}")
                width, height = img.size
                check_size(width, height)
                img.load()
                ImageOps.exif_transpose(img, in_place=True)
                rgb = _to_rgb(img)
    except UnreadableImageError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise UnreadableImageError("not an image solve-shot can read") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise UnreadableImageError(f"damaged or truncated image ({exc})") from None
    return np.asarray(rgb, dtype=np.uint8)


def check_size(width: int, height: int) -> None:
    """Raise :class:`UnreadableImageError` unless the long side is within the limits."""
    long_side = max(width, height)
    if long_side > MAX_SIDE:
        raise UnreadableImageError(
            f"image is {width}x{height}; the long side must be at most {MAX_SIDE} px"
        )
    if long_side < MIN_SIDE:
        raise UnreadableImageError(
            f"image is {width}x{height}; the long side must be at least {MIN_SIDE} px"
        )


def _to_rgb(img: Image.Image) -> Image.Image:
    """Flatten any mode (palette, alpha, grey, 16-bit) onto white as 8-bit RGB."""
    if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(background, rgba).convert("RGB")
    if img.mode in ("I;16", "I;16B", "I;16L", "I"):
        arr = np.asarray(img, dtype=np.float64)
        scale = 255.0 / max(float(arr.max()), 1.0)
        return Image.fromarray((arr * scale).astype(np.uint8)).convert("RGB")
    return img if img.mode == "RGB" else img.convert("RGB")


def encode_png(image: RGBImage) -> bytes:
    """Encode an RGB array as PNG bytes."""
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(image, dtype=np.uint8)).save(buf, format="PNG")
    return buf.getvalue()
