"""The non-puzzle pictures the recognizers must refuse: seeded, varied, phone-sized RGB."""

from __future__ import annotations

import numpy as np
import pytest

from tests.render.nonpuzzle import KINDS, render


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_kind_is_a_seeded_rgb_picture_in_varied_styles(kind: str) -> None:
    first = render(kind, np.random.default_rng(7))
    again = render(kind, np.random.default_rng(7))
    other = render(kind, np.random.default_rng(8))
    assert first.dtype == np.uint8
    assert first.ndim == 3
    assert first.shape[2] == 3
    assert min(first.shape[:2]) >= 600
    assert np.array_equal(first, again)
    assert first.shape != other.shape or not np.array_equal(first, other)
    assert float(first.std()) > 5  # something is drawn on the page
