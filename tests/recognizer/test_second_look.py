"""A reading must survive a second look: refused when the picture a little lighter reads
another puzzle, kept when it reads the same one or nothing."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import recognizer
from recognizer import recognize, recognize_then, registry
from recognizer.photo import Rectification
from recognizer.recognition import Recognition
from recognizer.second_look import same_puzzle, second_looks, widened
from solvers import bond, knight
from solvers.errors import UnrecognizedError

#: The fake game's boards: 6 rows from this mean brightness up, else 5.
THRESHOLD = 128.0


def _by_brightness(image: np.ndarray) -> Recognition:
    """A recognizer whose reading rests on one borderline call: the picture's brightness."""
    mean = float(image.mean())
    if mean > 200:  # too light to read anything
        return Recognition.nothing("fake", "washed out")
    rows = 6 if mean >= THRESHOLD else 5
    return Recognition("fake", knight.Puzzle(rows, 5, (0, 0)), 0.9)


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry holds one game, read by :func:`_by_brightness`."""
    module = ModuleType("tests.recognizer.fake_recognizer")
    module.recognize = _by_brightness  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    games = {"fake": registry.Game("fake", "fake", "solvers.knight", module.__name__)}
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(recognizer, "GAMES", games)


@pytest.mark.usefixtures("fake_game")
def test_a_reading_that_changes_a_little_lighter_is_refused() -> None:
    picture = np.full((60, 40, 3), THRESHOLD - 8, np.uint8)  # lighter, it crosses the line
    with pytest.raises(UnrecognizedError, match="another puzzle a little lighter"):
        recognize(picture)


@pytest.mark.usefixtures("fake_game")
@pytest.mark.parametrize("level", [60, 190])  # far from the line; lighter, nothing is read
def test_a_reading_that_holds_or_fades_at_a_second_look_is_kept(level: int) -> None:
    found = recognize(np.full((60, 40, 3), level, np.uint8))
    assert found.puzzle == knight.Puzzle(5 if level < THRESHOLD else 6, 5, (0, 0))


@pytest.mark.usefixtures("fake_game")
@pytest.mark.parametrize("threads", [1, 2])  # after the look, or beside it
def test_what_follows_a_reading_is_kept_only_if_the_reading_stands(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    monkeypatch.setattr(recognizer, "_threads", threads)

    def then(reading: Recognition) -> int:
        assert isinstance(reading.puzzle, knight.Puzzle)
        if reading.puzzle.rows == 6:
            raise ValueError("six rows")
        return 10 * reading.puzzle.rows

    found, made = recognize_then(np.full((60, 40, 3), 60, np.uint8), then)
    assert (found.puzzle, made) == (knight.Puzzle(5, 5, (0, 0)), 50)
    with pytest.raises(ValueError, match="six rows"):  # raised for the reading that stands
        recognize_then(np.full((60, 40, 3), 190, np.uint8), then)
    with pytest.raises(UnrecognizedError, match="another puzzle"):  # dropped with the reading
        recognize_then(np.full((60, 40, 3), THRESHOLD - 8, np.uint8), then)


@pytest.mark.usefixtures("fake_game")
def test_a_refused_reading_does_not_wait_for_what_follows_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(recognizer, "_threads", 2)
    release, finished = threading.Event(), threading.Event()

    def then(reading: Recognition) -> None:  # a long search, until released
        release.wait(timeout=60)
        finished.set()

    with pytest.raises(UnrecognizedError, match="another puzzle"):
        recognize_then(np.full((60, 40, 3), THRESHOLD - 8, np.uint8), then)
    assert not finished.is_set()
    release.set()


def _register(
    monkeypatch: pytest.MonkeyPatch, **readers: Callable[[np.ndarray], Recognition]
) -> None:
    """The registry holds one game per reader, asked in the order given."""
    games = {}
    for name, read in readers.items():
        module = ModuleType(f"tests.recognizer.{name}_recognizer")
        module.recognize = read  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, module.__name__, module)
        games[name] = registry.Game(name, name, "solvers.knight", module.__name__)
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(recognizer, "GAMES", games)


def test_what_follows_the_first_confident_reading_starts_before_the_others_are_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(recognizer, "_threads", 2)
    followed = threading.Event()
    seen: list[bool] = []

    def slow(image: np.ndarray) -> Recognition:  # reads on until what follows has begun
        seen.append(followed.wait(timeout=10))
        return Recognition.nothing("slow", "not mine")

    def then(reading: Recognition) -> str:
        followed.set()
        return reading.game

    quick = lambda image: Recognition("quick", knight.Puzzle(5, 5, (0, 0)), 0.9)  # noqa: E731
    _register(monkeypatch, slow=slow, quick=quick)
    found, made = recognize_then(np.zeros((60, 40, 3), np.uint8), then)
    assert (found.game, made, seen) == ("quick", "quick", [True])


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize(
    ("rival", "outcome"), [(0.95, "rival"), (0.6, "ambiguous picture: quick 0.70 or rival 0.60")]
)
def test_a_first_confident_reading_that_a_rival_outdoes_or_rivals_is_dropped(
    monkeypatch: pytest.MonkeyPatch, threads: int, rival: float, outcome: str
) -> None:
    monkeypatch.setattr(recognizer, "_threads", threads)
    quick_read = threading.Event()

    def quick(image: np.ndarray) -> Recognition:
        quick_read.set()
        return Recognition("quick", knight.Puzzle(6, 6, (0, 0)), 0.7)

    def late(image: np.ndarray) -> Recognition:  # in after the quick reading, when side by side
        quick_read.wait(timeout=10)
        return Recognition("rival", knight.Puzzle(5, 5, (0, 0)), rival)

    _register(monkeypatch, quick=quick, rival=late)
    try:
        _, made = recognize_then(np.zeros((60, 40, 3), np.uint8), lambda r: r.game)
    except UnrecognizedError as exc:
        made = str(exc)
    assert made.startswith(outcome)


def test_the_lighter_look_lifts_mid_tones_and_keeps_black_and_white() -> None:
    picture = np.array([[[0, 128, 255]]], np.uint8)
    ((how, lighter),) = second_looks(picture)
    assert how == "a little lighter"
    assert lighter[0, 0, 0] == 0 and lighter[0, 0, 2] == 255
    assert 128 < lighter[0, 0, 1] < 128 + 0.06 * 255


def test_a_screen_is_looked_at_again_through_a_wider_outline() -> None:
    corners = ((10.0, 20.0), (110.0, 20.0), (110.0, 220.0), (10.0, 220.0))
    screen = Rectification(corners, (50, 100), 1)
    quad = np.asarray(widened(screen, 1.1).quad)
    assert np.allclose(quad, [[5, 10], [115, 10], [115, 230], [5, 230]])
    photo = np.zeros((240, 120, 3), np.uint8)
    photo[20:220, 10:110] = 255
    looks = dict(second_looks(np.zeros((100, 50, 3), np.uint8), photo, screen))
    wider = looks["through a slightly wider screen outline"]
    assert wider.shape == (100, 50, 3)
    assert wider[50, 25].min() == 255 and wider[0, 0].max() == 0  # the bezel comes into view


def test_colour_values_are_not_part_of_a_bond_puzzle() -> None:
    grid = ((1, 2), (2, 1))
    light = bond.Puzzle(grid, grid, ("#ff0000", "#00ff00"))
    assert same_puzzle(light, bond.Puzzle(grid, grid, ("#ee1100", "#00ee11")))
    assert not same_puzzle(light, bond.Puzzle(grid, ((2, 1), (1, 2)), light.colors))
    assert not same_puzzle(knight.Puzzle(5, 5, (0, 0)), knight.Puzzle(5, 6, (0, 0)))
