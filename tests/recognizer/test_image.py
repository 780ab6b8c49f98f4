"""Decoding: formats, orientation, transparency and the contract's limits."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from recognizer.image import MAX_SIDE, MIN_SIDE, decode_image, encode_png
from solvers.errors import UnreadableImageError


def _encode(img: Image.Image, fmt: str, **kwargs: object) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format=fmt, **kwargs)
    return buf.getvalue()


def _gradient(width: int = 120, height: int = 80) -> Image.Image:
    rng = np.random.default_rng(0)
    arr = rng.integers(0, 255, (height, width, 3), dtype=np.uint8)
    return Image.fromarray(arr)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP", "BMP"])
def test_supported_formats_decode_to_rgb(fmt: str) -> None:
    out = decode_image(_encode(_gradient(), fmt))
    assert out.shape == (80, 120, 3)
    assert out.dtype == np.uint8


def test_png_round_trip_is_lossless() -> None:
    arr = np.asarray(_gradient())
    assert np.array_equal(decode_image(encode_png(arr)), arr)


def test_exif_orientation_is_honoured() -> None:
    img = _gradient(120, 80)
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90 degrees clockwise to display
    out = decode_image(_encode(img, "JPEG", exif=exif))
    assert out.shape == (120, 80, 3)


def test_transparency_is_flattened_on_white() -> None:
    rgba = Image.new("RGBA", (100, 100), (255, 0, 0, 0))
    out = decode_image(_encode(rgba, "PNG"))
    assert out.shape == (100, 100, 3)
    assert tuple(out[50, 50]) == (255, 255, 255)


def test_palette_and_grey_images_become_rgb() -> None:
    assert decode_image(_encode(_gradient().convert("P"), "PNG")).shape == (80, 120, 3)
    assert decode_image(_encode(_gradient().convert("L"), "PNG")).shape == (80, 120, 3)


@pytest.mark.parametrize(
    "data",
    [b"", b"hello, not an image", b"\x89PNG\r\n\x1a\n" + b"\0" * 40],
    ids=["empty", "text", "bad-png"],
)
def test_non_images_are_refused(data: bytes) -> None:
    with pytest.raises(UnreadableImageError):
        decode_image(data)


def test_truncated_image_is_refused() -> None:
    data = _encode(_gradient(400, 300), "PNG")
    with pytest.raises(UnreadableImageError, match=r"truncated|damaged"):
        decode_image(data[: len(data) // 2])


def test_unsupported_format_is_refused() -> None:
    with pytest.raises(UnreadableImageError, match="unsupported"):
        decode_image(_encode(_gradient(), "GIF"))


@pytest.mark.parametrize(
    ("width", "height", "match"),
    [(MAX_SIDE + 1, 10, "at most"), (MIN_SIDE - 1, MIN_SIDE - 1, "at least")],
)
def test_size_limits(width: int, height: int, match: str) -> None:
    data = _encode(Image.new("L", (width, height)), "PNG")
    with pytest.raises(UnreadableImageError, match=match):
        decode_image(data)
