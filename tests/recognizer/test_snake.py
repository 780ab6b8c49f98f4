"""CheckiO Snake recognizer: the real illustration, seeded round trips of both looks,
refusals, rejection of other pictures, and the overlay."""

from __future__ import annotations

import io
import itertools
import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from bench._accuracy import phone_screenshot
from recognizer import recognize
from recognizer import snake as recognizer
from recognizer.image import RGBImage
from recognizer.lattice import Lattice
from solvers import snake as solver
from solvers.errors import UnrecognizedError
from solvers.snake import Puzzle
from tests.render import nonpuzzle
from tests.render import snake as render
from tests.render.mixed import GAMES, photographed, screen
from tests.render.photo import photograph, random_photo_style, rectified

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "sample_images" / "real"
SAMPLES = ROOT / "sample_images" / "snake"
CHECKIO_FIELD = (
    ".T.....T..",
    ".C........",
    ".....T....",
    "..T....T..",
    "..........",
    ".0...T....",
    ".1........",
    ".2.T...T..",
    ".3...T....",
    ".4........",
)
#: A snake folded into a 2 x 3 block: from the head, three chains cover it.
FOLDED = (
    "..........",
    ".012......",
    ".543......",
    "..........",
    "..........",
    "......T...",
    "..........",
    "...C......",
    "..........",
    "........T.",
)


def load(path: Path) -> RGBImage:
    return np.asarray(Image.open(path).convert("RGB"), dtype=np.uint8)


def outcome(puzzle: Puzzle, image: RGBImage) -> str:
    """``exact``, ``refused`` or ``WRONG`` for one picture of ``puzzle``."""
    rec = recognizer.recognize(image)
    if not rec.confident:
        return "refused"
    return "exact" if rec.puzzle == puzzle else "WRONG"


def test_real_checkio_illustration_is_read_exactly() -> None:
    truth = json.loads((REAL / "snake-checkio-illustration.json").read_text())
    rec = recognizer.recognize(load(REAL / "snake-checkio-illustration.png"))
    assert rec.confident, rec.doubts
    assert isinstance(rec.puzzle, Puzzle)
    assert list(rec.puzzle.field) == truth["field"]


@pytest.mark.parametrize(("side", "quality"), [(300, None), (480, 50), (1400, 80)])
def test_real_illustration_survives_rescaling_and_jpeg(side: int, quality: int | None) -> None:
    truth = json.loads((REAL / "snake-checkio-illustration.json").read_text())
    picture = Image.open(REAL / "snake-checkio-illustration.png").convert("RGB")
    picture = picture.resize((side, side), Image.Resampling.LANCZOS)
    if quality is not None:
        buffer = io.BytesIO()
        picture.save(buffer, format="JPEG", quality=quality)
        picture = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    page = Image.new("RGB", (side + 80, side + 200), (240, 240, 245))
    page.paste(picture, (40, 100))
    rec = recognizer.recognize(np.asarray(page, dtype=np.uint8))
    assert rec.confident, rec.doubts
    assert isinstance(rec.puzzle, Puzzle)
    assert list(rec.puzzle.field) == truth["field"]


def test_committed_samples_are_read_exactly() -> None:
    paths = sorted(p for p in SAMPLES.iterdir() if p.suffix in (".png", ".jpg"))
    assert len(paths) >= 4
    for path in paths:
        truth = json.loads(path.with_suffix(".json").read_text())
        rec = recognizer.recognize(load(path))
        assert rec.confident, (path.name, rec.doubts)
        assert isinstance(rec.puzzle, Puzzle)
        assert list(rec.puzzle.field) == truth["field"], path.name


def test_checkio_look_round_trips_on_random_fields() -> None:
    rng = np.random.default_rng(4)
    for cell in (24, 40, 64):
        puzzle = render.random_puzzle(rng)
        image = render.render(puzzle, render.checkio_style(cell), rng)
        assert outcome(puzzle, image) == "exact"


@pytest.mark.parametrize("look", ["board", "text"])
def test_round_trips_over_random_styles(look: str) -> None:
    results = []
    for seed in range(12 if look == "board" else 8):
        rng = np.random.default_rng(1000 + seed)
        puzzle = render.random_puzzle(rng)
        style = render.random_board_style(rng) if look == "board" else render.random_text_style(rng)
        results.append(outcome(puzzle, render.render(puzzle, style, rng)))
    assert "WRONG" not in results
    assert results.count("exact") >= (0.8 if look == "board" else 0.5) * len(results), results


@pytest.mark.parametrize("seed", [5294])
def test_former_misreadings_are_not_wrong(seed: int) -> None:
    # 5294: a tiny, blurred line snake whose thin tail end passed for a shaded head
    rng = np.random.default_rng(seed)
    puzzle = render.random_puzzle(rng)
    image = render.render(puzzle, render.random_style(rng), rng)
    assert outcome(puzzle, image) != "WRONG"


@pytest.mark.parametrize("dark", [False, True])
def test_small_code_in_a_full_hd_screenshot(dark: bool) -> None:
    puzzle = Puzzle(field=CHECKIO_FIELD)
    code = render.render(puzzle, render.plain_text_style(14), np.random.default_rng(0))
    screen = np.full((1080, 1920, 3), 255, np.uint8)
    screen[:60] = (60, 60, 200)  # a title bar
    screen[60:, :250] = (230, 230, 230)  # a side panel
    screen[300 : 300 + code.shape[0], 700 : 700 + code.shape[1]] = code
    image = 255 - screen if dark else screen
    assert outcome(puzzle, image) == "exact"


def test_two_neighbouring_trees_are_not_a_snake() -> None:
    field = (
        "..........",
        "..TT......",
        "..........",
        "..........",
        ".....C....",
        "..........",
        "..01......",
        "...2......",
        "...3......",
        "..........",
    )
    puzzle = Puzzle(field=field)
    segments = replace(render.checkio_style(40), snake="segments", head="eyes")
    for style in (render.checkio_style(40), segments):
        image = render.render(puzzle, style, np.random.default_rng(0))
        assert outcome(puzzle, image) == "exact"


def test_numbers_resolve_a_folded_snake() -> None:
    puzzle = Puzzle(field=FOLDED)
    style = replace(render.checkio_style(48), snake="segments", head="plain", links=False)
    rng = np.random.default_rng(0)
    assert outcome(puzzle, render.render(puzzle, replace(style, numbers=True), rng)) == "exact"


def test_ambiguous_body_order_is_refused() -> None:
    puzzle = Puzzle(field=FOLDED)
    style = replace(render.checkio_style(48), snake="segments", head="shade", links=False)
    style = replace(style, head_color=(10, 60, 90))
    rec = recognizer.recognize(render.render(puzzle, style, np.random.default_rng(0)))
    assert not rec.confident
    assert any("ambiguous" in d for d in rec.doubts), rec.doubts


def test_field_not_ten_wide_is_refused() -> None:
    wide = Puzzle(field=tuple(row + ".." for row in CHECKIO_FIELD) + ("." * 12,) * 2)
    rng = np.random.default_rng(1)
    board = render.render(wide, render.checkio_style(40), rng)
    text = render.render(wide, render.random_text_style(np.random.default_rng(2)), rng)
    for image in (board, text):
        rec = recognizer.recognize(image)
        assert not rec.confident, rec.puzzle


def test_body_that_is_not_a_chain_is_refused() -> None:
    style = render.plain_text_style()
    good = render.render(Puzzle(field=CHECKIO_FIELD), style, np.random.default_rng(0))
    assert outcome(Puzzle(field=CHECKIO_FIELD), good) == "exact"
    broken = list(CHECKIO_FIELD)
    broken[8], broken[9] = ".....T....", ".3........"
    image = render.render_lines(_quoted(broken), style, np.random.default_rng(0))
    rec = recognizer.recognize(image)
    assert not rec.confident
    assert rec.doubts[0] == (
        "the snake's body is not a chain: cells (5, 1), (6, 1), (7, 1), (9, 1) in doubt"
    )


def _quoted(field: list[str]) -> list[tuple[str, bool]]:
    """A text map's code lines for rows that need not make a legal field."""
    return [(f'    "{row}",', True) for row in field]


def _text_doubts(rows: dict[int, str]) -> tuple[str, ...]:
    """The doubts about a plain text map of CHECKIO_FIELD with some rows replaced."""
    field = [rows.get(i, row) for i, row in enumerate(CHECKIO_FIELD)]
    style = render.plain_text_style()
    image = render.render_lines(_quoted(field), style, np.random.default_rng(0))
    rec = recognizer.recognize(image)
    assert not rec.confident
    assert rec.confidence > 0  # a field was found: its reading is in doubt
    return rec.doubts


def test_numbers_that_disagree_with_the_path_name_the_cells() -> None:
    doubts = _text_doubts({6: ".2........", 7: ".1.T...T.."})
    assert doubts[0] == (
        "the snake's digits disagree with every chain: "
        "cells (5, 1), (6, 1), (7, 1), (8, 1), (9, 1) in doubt"
    )


def test_a_forked_body_names_the_cells() -> None:
    doubts = _text_doubts({7: ".25.T...T.."[:10]})
    assert "in doubt" in doubts[0] and "(7, 2)" in doubts[0], doubts


def test_a_body_longer_than_ten_names_the_cells() -> None:
    rows = {r: CHECKIO_FIELD[r][:4] + "......" for r in range(5, 10)}
    rows[4] = "...9......"
    rows[5] = ".0.8......"
    rows[6] = ".1.7......"
    rows[7] = ".2.6.T...."
    rows[8] = ".3.5......"
    rows[9] = ".4.4......"
    doubts = _text_doubts(rows)
    assert doubts[0].startswith("11 snake digits, not 2 to 10: cells (4, 3),"), doubts


def _glyph_readings(field: tuple[str, ...]) -> dict[tuple[int, int], frozenset[str]]:
    """What a text map's glyph reader gives for ``field``: every non-dot character."""
    return {
        (r, c): frozenset(ch)
        for r, row in enumerate(field)
        for c, ch in enumerate(row)
        if ch != "."
    }


def test_a_glyph_read_as_letter_or_digit_is_resolved_only_by_the_rules() -> None:
    read = _glyph_readings(CHECKIO_FIELD)
    read[(1, 1)] = frozenset("C5")  # the cherry, or a 5 the chain cannot hold
    assert recognizer._text_field(read, recognizer.PARAMS) == CHECKIO_FIELD
    read[(5, 5)] = frozenset("T5")  # a tree, or a 5 that cannot hold either: still one field
    assert recognizer._text_field(read, recognizer.PARAMS) == CHECKIO_FIELD
    read[(1, 1)] = frozenset("T")  # no cherry at all
    refused = recognizer._text_field(read, recognizer.PARAMS)
    assert isinstance(refused, recognizer._Reading)
    assert refused.doubts == ("no cherry in the text map",)
    read = _glyph_readings(CHECKIO_FIELD)
    read[(9, 1)] = frozenset("T4")  # the tail or a tree: both give a field, so in doubt
    refused = recognizer._text_field(read, recognizer.PARAMS)
    assert isinstance(refused, recognizer._Reading)
    assert refused.doubts == ("unreadable characters in the text map: cells (9, 1) in doubt",)


def test_text_map_under_a_light_gradient_is_read() -> None:
    rng = np.random.default_rng(5)
    puzzle = render.random_puzzle(rng)
    image = render.render(puzzle, render.random_text_style(rng), rng).astype(np.float32)
    light = np.linspace(0.55, 1.25, image.shape[1], dtype=np.float32)[None, :, None]
    found = recognizer.recognize(np.clip(image * light, 0, 255).astype(np.uint8))
    assert found.puzzle == puzzle, found.doubts


def test_small_bold_oblique_code_is_read() -> None:
    # a bold face's dots are large (a glyph is under three dots tall) and an oblique face
    # widens them: glyphs reaching the quotes' height are glyphs, not signs (trust bench
    # screen 510010 lost seven of its ten rows so)
    font = next((f for f in render.monospace_fonts() if f.endswith("BoldOblique.ttf")), None)
    if font is None:
        pytest.skip("no bold oblique monospaced font installed")
    style = replace(render.plain_text_style(15), font=font)
    for seed in range(2):
        puzzle = render.random_puzzle(np.random.default_rng(seed))
        found = recognizer.recognize(render.render(puzzle, style, np.random.default_rng(seed)))
        assert found.puzzle == puzzle, found.doubts


def _erased(image: RGBImage, lattice: Lattice, cell: tuple[int, int]) -> RGBImage:
    """``image`` with a cell's inside painted white (a piece rubbed out)."""
    quad = lattice.corners(cell)
    (x0, y0), (x1, y1) = quad.min(axis=0) + 3, quad.max(axis=0) - 3
    out = image.copy()
    out[round(y0) : round(y1), round(x0) : round(x1)] = 255
    return out


def test_a_gap_in_a_drawn_body_names_the_cells_and_reaches_the_user() -> None:
    puzzle = Puzzle(field=CHECKIO_FIELD)
    image = render.render(puzzle, render.checkio_style(40), np.random.default_rng(0))
    rec = recognizer.recognize(image)
    assert rec.confident and isinstance(rec.geometry, Lattice)
    broken = _erased(image, rec.geometry, (7, 1))
    rec = recognizer.recognize(broken)
    assert not rec.confident
    assert rec.doubts[0] == (
        "the snake's body is broken: cells (5, 1), (6, 1), (8, 1), (9, 1) in doubt"
    )
    with pytest.raises(UnrecognizedError, match=r"snake 0\.30: the snake's body is broken"):
        recognize(broken)


@pytest.mark.parametrize(
    "image",
    [
        np.full((400, 300, 3), 255, np.uint8),
        np.zeros((500, 500, 3), np.uint8),
        np.random.default_rng(0).integers(0, 256, (480, 640, 3), dtype=np.uint8),
    ],
    ids=["white", "black", "noise"],
)
def test_blank_and_noise_pictures_are_rejected(image: RGBImage) -> None:
    assert not recognizer.recognize(image).confident


@pytest.mark.parametrize("game", [g for g in GAMES if g != "snake"] + ["none"])
def test_other_games_and_non_puzzles_are_rejected(game: str) -> None:
    rng = np.random.default_rng(0)
    picture = nonpuzzle.random_picture(rng)[1] if game == "none" else screen(game, rng)[0]
    photo, _ = photograph(picture, random_photo_style(rng), rng)
    for image in (picture, photo):
        assert not recognizer.recognize(image).confident, game


def test_a_lattice_is_trusted_only_across_the_field() -> None:
    """Flat squares along a 10 x 10 lattice's rim, with texture where its other cells would
    be, make no field: a field's empty cells are most of it, each a flat square."""
    rng = np.random.default_rng(3)
    image = rng.integers(0, 256, (600, 600, 3), dtype=np.uint8)
    for r, c in itertools.product(range(10), repeat=2):
        if min(r, c) == 0 or max(r, c) == 9:
            image[52 + 50 * r : 90 + 50 * r, 52 + 50 * c : 90 + 50 * c] = (200, 220, 240)
    found = list(recognizer._board_grids(image, recognizer.PARAMS))
    assert "flat squares in only 36 of the lattice's 100 cells" in found
    assert not any(isinstance(g, recognizer._Grid) for g in found)


def test_a_wallpaper_is_no_plain_board() -> None:
    """Red team's novel tic-tac-toe 612001: in a screen the photo finder rectified from it,
    a flat patch of wood wallpaper under the phone's status bar was taken for a plain board
    (the notch a five-cell body, the signal bars the cherry: 90 empty cells). A plain board
    is a square with an outline: its rim is the board's own flat colour, not a wavy edge."""
    from recognizer.photo import find_screens, rectify
    from tests.render import foreign

    picture, _ = foreign.novel("tictactoe", np.random.default_rng(612001))
    picture = np.asarray(picture)
    for image in (picture, *(rectify(picture, s) for s in find_screens(picture))):
        assert not recognizer.recognize(image).confident


def test_a_photographed_screen_is_no_plain_board() -> None:
    """A phone's screen rectified with its bezel (a white page 0.87 as wide as tall) with a
    small tic-tac-toe drawing on it was taken for a plain 10 x 10 board with a snake and a
    cherry (trust bench tic-tac-toe photo 70031): a plain board must be square."""
    rng = np.random.default_rng(70031)
    picture, _ = screen("tictactoe", rng)
    photo, _ = photograph(picture, random_photo_style(rng), rng)
    with pytest.raises(UnrecognizedError):
        recognize(photo, "snake")


def test_phone_photos_of_fields_are_read_or_refused_never_misread() -> None:
    results = []
    for seed in range(3):
        rng = np.random.default_rng(300 + seed)
        puzzle = render.random_puzzle(rng)
        style = render.random_board_style(rng) if seed % 4 else render.checkio_style(48)
        picture = render.render(puzzle, style, rng)
        photo, _ = photograph(picture, random_photo_style(rng), rng)
        try:
            found = recognize(photo, "snake")
        except UnrecognizedError:
            results.append("refused")
            continue
        results.append("exact" if found.puzzle == puzzle else "WRONG")
    assert "WRONG" not in results
    assert results.count("exact") >= 2, results


def test_other_games_real_captures_are_rejected() -> None:
    for path in sorted(REAL.glob("*.json")):
        if json.loads(path.read_text()).get("game") == "snake":
            continue
        image = next(
            path.with_suffix(s) for s in (".png", ".jpg", ".jpeg") if path.with_suffix(s).exists()
        )
        assert not recognizer.recognize(load(image)).confident, image.name


@pytest.mark.parametrize("look", ["board", "text"])
def test_draw_marks_the_route(look: str) -> None:
    rng = np.random.default_rng(7)
    puzzle = Puzzle(field=CHECKIO_FIELD)
    style = render.checkio_style(48) if look == "board" else render.plain_text_style(18)
    image = render.render(puzzle, style, rng)
    rec = recognizer.recognize(image)
    assert rec.confident, rec.doubts
    assert isinstance(rec.puzzle, Puzzle) and isinstance(rec.geometry, Lattice)
    solution = solver.solve(rec.puzzle)
    assert solution is not None
    solver.verify(rec.puzzle, solution)
    drawn = recognizer.draw(image, rec, solution)
    assert drawn.shape == image.shape and drawn.dtype == np.uint8
    changed = np.abs(drawn.astype(int) - image.astype(int)).sum(axis=-1) > 60
    assert changed.mean() > 0.002
    # every cell of the route is drawn on
    for cell in solution.path:
        x, y = rec.geometry.center(cell)
        window = changed[int(y) - 3 : int(y) + 4, int(x) - 3 : int(x) + 4]
        assert window.any(), cell


def test_final_body_grows_when_the_cherry_is_eaten() -> None:
    puzzle = Puzzle(field=CHECKIO_FIELD)
    solution = solver.solve(puzzle)
    assert solution is not None and solution.path[-1] == puzzle.cherry
    body = recognizer.final_body(puzzle, solution)
    assert len(body) == len(puzzle.snake) + 1
    assert body[0] == puzzle.cherry
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(body))


def _glare(image: RGBImage, centre: tuple[float, float], radius: float) -> RGBImage:
    """``image`` with a white glare spot (light added, as a photo of a screen has)."""
    ys, xs = np.mgrid[0 : image.shape[0], 0 : image.shape[1]].astype(np.float32)
    spot = 70 * np.exp(-((xs - centre[0]) ** 2 + (ys - centre[1]) ** 2) / (2 * radius**2))
    return np.clip(image + spot[..., None], 0, 255).astype(np.uint8)


@pytest.mark.parametrize("snake", ["line", "segments"])
def test_a_glare_spot_on_a_plain_dark_board_is_light_not_pieces(snake: str) -> None:
    # glare whitens the board and part of the body: neither a second body nor pieces
    puzzle = Puzzle(field=CHECKIO_FIELD)
    dark = replace(
        render.checkio_style(48),
        board="plain",
        background=(30, 45, 35),
        alternate=(30, 45, 35),
        lines=(30, 45, 35),
        tree_color=(40, 120, 55),
        snake=snake,
        head="shade" if snake == "segments" else "arrow",
        head_color=(3, 70, 100) if snake == "segments" else (5, 130, 185),
        links=True,
    )
    image = render.render(puzzle, dark, np.random.default_rng(0))
    found = recognizer.recognize(image)
    assert found.puzzle == puzzle, found.doubts
    assert isinstance(found.geometry, Lattice)
    x, y = found.geometry.center((8, 1))
    glared = recognizer.recognize(_glare(image, (x, y), 1.6 * 48))
    assert glared.puzzle == puzzle, glared.doubts


def test_a_frame_around_a_text_map_is_not_a_character() -> None:
    # a code editor's panel border (or a rectified photo's edge) spans every line
    puzzle = Puzzle(field=CHECKIO_FIELD)
    image = render.render(puzzle, render.plain_text_style(20), np.random.default_rng(0))
    framed = image.copy()
    framed[4:-4, 4:8] = framed[4:-4, -8:-4] = framed[4:8, 4:-4] = framed[-8:-4, 4:-4] = 40
    assert recognizer.recognize(framed).puzzle == puzzle


@pytest.mark.parametrize("size", [(1440, 3200), (600, 800), (1600, 1600)])
def test_screens_of_any_size_are_read(size: tuple[int, int]) -> None:
    # a large flat screenshot, and rectified photos from small to large
    rng = np.random.default_rng(sum(size))
    for style in (render.checkio_style(48), render.plain_text_style(20)):
        puzzle = render.random_puzzle(rng)
        shot = phone_screenshot(render.render(puzzle, style, rng), size)
        found = recognizer.recognize(shot)
        assert found.puzzle == puzzle, (type(style).__name__, found.doubts)


def test_former_photo_misreading_is_not_wrong() -> None:
    # trust bench photo seed 76012: a straight line snake on a checkered board was read
    # reversed when a tail cell's own colour (a checker square's) stood for the body's
    photo, puzzle = photographed("snake", 76012)
    try:
        found = recognize(photo, "snake")
    except UnrecognizedError:
        return
    assert found.puzzle == puzzle


def _screen_and_true_rectified_photo(seed: int) -> tuple[RGBImage, RGBImage, Puzzle]:
    """A mixed-pack snake screen, its photo rectified with the simulator's true outline
    (what the trust bench's oracle reads), and the puzzle drawn."""
    rng = np.random.default_rng(seed)
    picture, puzzle = screen("snake", rng)
    photo, to_photo = photograph(picture, random_photo_style(rng), rng)
    return picture, rectified(photo, to_photo, (picture.shape[1], picture.shape[0])), puzzle


@pytest.mark.parametrize(
    ("seed", "kinds"),
    [
        (80027, ("screen", "photo")),  # a text map among prose (round letters, 22 px lines)
        (80042, ("screen",)),  # the same on a light page
        (80007, ("screen",)),  # a plain board a shade off its page, no edge between them
        (80021, ("screen", "photo")),  # a shaded head only 32 RGB off a dark board
        (80015, ("photo",)),  # numbered segments whose blurred 0 reads nearly as a 3
        (80028, ("screen",)),  # small code whose C reads nearly as a 5 (one cherry: a C)
        (100061, ("screen",)),  # cells whose size straddles two bins of the size histogram
        # a thin body on tiles: the gaps on every segment were taken for numbers that read
        # as no glyph; marks of which none is a glyph leave the order to the head's cues
        (700027, ("screen",)),
        (700036, ("screen",)),
        # tiny code whose 6 read as a 0 and 0 as a 9: looped digits stand for one another
        # when the readings fit no chain
        (830015, ("screen", "photo")),
        # a plain board without an outline on a page of nearly its colour (3.7 RGB off): the
        # renderer now keeps such a page apart from the board, as a board must show
        (830017, ("screen", "photo")),
        # a lone pine beside a line body read as a digit (a lost segment's number): only a
        # body with marks on its segments has numbers
        (830028, ("screen",)),
        # a shaded head 37 RGB off a dark board, under the ink: a plane fitted under it took
        # it for the board (a piece tinting most of its cell gets none)
        (1200011, ("screen",)),
        # dark trees on a dark board, every one as faint as the others: pieces of one kind
        (1030029, ("screen", "photo")),
        # a glare spot about a cell wide: its curvature lifted cells' middles off their rims
        # by 2 to 4 levels, over a twentieth of faded pieces' contrast
        (1330005, ("photo",)),
        # a tree under a glare spot, its green scaled by 1.4: the trees' colour in other light
        (1330029, ("photo",)),
        # a low-contrast tree in a lighter corner: half the others' ink, but their shape
        (1330025, ("photo",)),
        # rounded segments a little larger than their cells (1400013) and a small JPEG's
        # chroma (1400029) tint the empty cells beside the body on its side only
        (1400013, ("screen",)),
        (1400029, ("screen",)),
        # an 8 read as a 0 beside a 6: both looped, either order fit until their own glyphs
        # chose
        (1400028, ("screen",)),
        # small code (a 7.8 px pitch) whose dots' gaps are 7 and 8 pixels: a median pitch of
        # 8 put dots two and three pitches apart off it, and lines with few dots were lost
        (1730037, ("screen",)),
        (1730048, ("screen", "photo")),
        # a photo's blur faded the dots of the first two rows below half the ink's strength
        # (blanks among the dots): a line that holds no row is read again at a quarter
        (1730032, ("photo",)),
        # a 387 x 572 screenshot's text map, its dots under two pixels wide: most passed
        # half the ink's strength in one pixel column only, too thin to be round dots
        (2500002, ("screen",)),
        # a small plain board whose page ring joins it at its soft corners: the ring and
        # board read as one square, then the board alone, parted by colour 4 px in, was
        # dropped as the same lattice
        (1800019, ("screen",)),
        # tiny code (11 px glyphs) whose C's blurred ends left its wall short: read as a 5
        # alone, the rules could not choose the cherry
        (1800024, ("screen",)),
        # glare over a pale board turned a cell white, its channels near the top gaining
        # less than the others: white added all the same, light on an empty cell (2100002);
        # a cell out of a glare spot beside cells under it (2230021)
        (2100002, ("photo",)),
        (2230021, ("photo",)),
        # a pale checkered board whose like squares the photo's blur joined at their
        # corners: a finer threshold of flatness parts them
        (2230018, ("photo",)),
        # faint lines on a white board on a white page: the outer cells joined the page,
        # a 9 x 9 lattice, so the finer threshold was not tried; a lattice a cell or two
        # short of 10 x 10 is no whole one
        (2630030, ("photo",)),
        # a pale checkered board on a white page: its white squares joined the page and
        # glare, flat squares in 55 cells, all but five of one parity; a plain square of
        # the whole screen was read instead
        (2500003, ("photo",)),
        # a glare beam over a line body's tail: lighter by white added, no head's shade
        (2230027, ("photo",)),
    ],
)
def test_former_refusals_are_read(seed: int, kinds: tuple[str, ...]) -> None:
    if "photo" in kinds:
        picture, flat, puzzle = _screen_and_true_rectified_photo(seed)
    else:  # the screen alone, drawn as the photo's is
        picture, puzzle = screen("snake", np.random.default_rng(seed))
    for kind in kinds:
        found = recognizer.recognize(picture if kind == "screen" else flat)
        assert found.confident, (kind, found.doubts)
        assert found.puzzle == puzzle, kind


def test_a_glare_spot_covering_a_cell_is_no_tree() -> None:
    # own photo 1930038 straightened with its true outline: a white glare spot over a pale
    # tile, read as white added to a dark tree, was solved as a tree there (a WRONG), then
    # refused (a tree stands out in its cell's middle, the glare covers the cell evenly);
    # the spot is the board's colour with white added up to the sensor's top (its channels
    # near the top gain less), light on an empty cell
    _, flat, puzzle = _screen_and_true_rectified_photo(1930038)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_a_pale_piece_fills_its_cell_and_a_faint_mark_does_not() -> None:
    # a shaded head 30 RGB off the board is a piece; a mark of that colour over a quarter
    # of an empty cell is a faint mark, in doubt
    puzzle = render.random_puzzle(np.random.default_rng(7))
    style = replace(
        render.checkio_style(48), board="plain", background=(60, 70, 70), alternate=(60, 70, 70),
        tree_color=(170, 140, 60), snake="segments",
        head="shade", snake_color=(60, 110, 170), head_color=(40, 62, 96), links=True,
    )  # fmt: skip
    image = render.render(puzzle, style, np.random.default_rng(7))
    found = recognizer.recognize(image)
    assert found.puzzle == puzzle, found.doubts
    lattice = found.geometry
    assert isinstance(lattice, Lattice)
    empty = next(
        (r, c) for r in range(10) for c in range(10) if puzzle.field[r][c] == "." and 0 < r < 9
    )
    x, y = (round(v) for v in lattice.center(empty))
    speck = image.copy()
    speck[y - 9 : y + 9, x - 9 : x + 9] = (40, 62, 96)
    doubted = recognizer.recognize(speck)
    assert not doubted.confident
    assert f"({empty[0]}, {empty[1]})" in doubted.doubts[0]


def _faded(image: RGBImage, contrast: float) -> RGBImage:
    """``image`` with its contrast lowered towards grey and blurred, as a dim photo has it."""
    grey = image.astype(np.float32) * contrast + 100 * (1 - contrast)
    return np.clip(cv2.GaussianBlur(grey, (0, 0), 1.5), 0, 255).astype(np.uint8)


def _dark_trees(contrast: float) -> tuple[RGBImage, Puzzle]:
    """Dark green trees on a dark board, under the ink's distance from it, faded toward
    grey by ``contrast``; and the puzzle."""
    puzzle = Puzzle(field=CHECKIO_FIELD)
    style = replace(
        render.checkio_style(48), board="gridded", background=(60, 60, 64),
        alternate=(60, 60, 64), lines=(90, 90, 96), tree_color=(60, 95, 60), snake="segments",
        head="shade", snake_color=(40, 110, 220), head_color=(20, 60, 150), links=True,
    )  # fmt: skip
    return _faded(render.render(puzzle, style, np.random.default_rng(0)), contrast), puzzle


def test_trees_faded_near_the_board_colour_are_in_doubt_not_empty() -> None:
    # faded by a photo's light under the weak marks' distance from the board, yet standing
    # out from the plain cells at a fraction of the pieces' contrast
    image, puzzle = _dark_trees(0.5)
    found = recognizer.recognize(image)
    assert not found.confident
    trees = [(r, c) for r in range(10) for c in range(10) if puzzle.field[r][c] == "T"]
    assert found.doubts[0].startswith("faint marks on the board")
    assert recognizer.cell_list(trees) in found.doubts[0]


def test_faint_trees_drawn_alike_are_trees_unless_light_fades_one() -> None:
    # held-out own screenshot 1030029: dark trees on a dark board, every one as faint as
    # the others, were in doubt; they are pieces of one kind. A shadow over one tree that
    # leaves 0.3 of its contrast makes it unlike the others: in doubt, never a plain cell.
    image, puzzle = _dark_trees(0.7)
    found = recognizer.recognize(image)
    assert found.puzzle == puzzle, found.doubts
    lattice = found.geometry
    assert isinstance(lattice, Lattice)
    (x, y), (right, _) = lattice.center((0, 1)), lattice.center((0, 2))
    ys, xs = np.mgrid[0 : image.shape[0], 0 : image.shape[1]]
    shadow = 1 - 0.7 * np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (0.6 * (right - x)) ** 2 / 2)
    doubted = recognizer.recognize((image * shadow[..., None]).astype(np.uint8))
    assert not doubted.confident
    assert "(0, 1)" in doubted.doubts[0]


def test_former_photo_with_faded_trees_is_refused() -> None:
    # trust bench photo seed 95023: five dark trees faded under the photo's light were
    # read as empty cells and a field without trees was solved
    _, flat, puzzle = _screen_and_true_rectified_photo(95023)
    found = recognizer.recognize(flat)
    assert not found.confident
    trees = [(r, c) for r in range(10) for c in range(10) if puzzle.field[r][c] == "T"]
    assert recognizer.cell_list(trees) in found.doubts[0]


@pytest.mark.parametrize("photo", [False, True], ids=["screen", "photo"])
def test_trees_a_shade_off_the_board_in_grey_are_in_doubt(photo: bool) -> None:
    # held-out foreign 920000: dark clubs on a dark board, off it mostly in grey by a
    # twelfth of the pieces' contrast (under the ink, and in hue under the faint marks'
    # limit), were read as empty cells and the field solved without its trees; a piece is
    # drawn in its cell's middle, which then stands out from the cell's rim on average,
    # above the noise and moire of the photo
    from tests.render import foreign

    picture = (
        _foreign_photo(920000)
        if photo
        else foreign.screen("snake", np.random.default_rng(920000))[0]
    )
    found = recognizer.recognize(picture)
    assert not found.confident
    assert found.doubts[0] == "faint marks on the board: cells (3, 4), (8, 4) in doubt"


def test_numbers_against_the_heads_shade_are_refused() -> None:
    # wide search, photo 100061 rectified: the 0 on a dark shaded head was unreadable and a
    # blurred 4 at the tail passed for a looped 0, so the numbers reversed the body; the
    # head's own shade at the other end puts that order in doubt
    _, flat, puzzle = _screen_and_true_rectified_photo(100061)
    found = recognizer.recognize(flat)
    if found.puzzle != puzzle:
        assert not found.confident
        assert any("the head's shade" in doubt for doubt in found.doubts)


@pytest.mark.parametrize(
    ("seed", "doubts"),
    [
        # red team's foreign looks: a body drawn as digits alone round a 2 x 2 block,
        # unlinked; the numbers were not read as numbers (no third colour), and the head's
        # cues (which end is the head) chose one of the two paths round the block
        (502004, ("several paths", "separate marks")),
        (505001, ("several paths", "separate marks")),
        # digits alone in a column (no line across the cell borders): a glyph's loops and
        # breadth at either end were taken for the head's; 545004 (wide search): a glyph's
        # shade was taken for a shaded head
        (512043, ("separate marks",)),
        (545004, ("separate marks",)),
    ],
)
def test_a_body_of_digits_alone_needs_its_numbers(seed: int, doubts: tuple[str, ...]) -> None:
    from tests.render import foreign

    picture, puzzle = foreign.screen("snake", np.random.default_rng(seed))
    found = recognizer.recognize(picture)
    if found.puzzle != puzzle:
        assert not found.confident
        assert any(doubt in found.doubts[0] for doubt in doubts)


def _foreign_photo(seed: int, own: bool = False) -> RGBImage:
    """The screen the photo finder rectifies first from the red team's foreign look of
    ``seed`` (or the mixed pack's, ``own``) photographed as the trust bench takes it
    (tests/recognizer/test_foreign.py takes the photo through auto-detection)."""
    from recognizer.photo import find_screens, rectify
    from tests.render import foreign

    photo, _ = photographed("snake", seed, screen if own else foreign.screen)
    return rectify(photo, find_screens(photo)[0])


def test_a_rim_bled_over_by_a_neighbouring_square_is_no_faint_mark() -> None:
    # held-out trust bench photo 986006 through the photo finder: its lattice a little off
    # a blurred checker, the next squares bled over one side of the cells' rims, whose
    # mean then stood off the middles as a faint piece's would; their median does not
    found = recognizer.recognize(_foreign_photo(986006, own=True))
    assert found.confident, found.doubts
    assert found.puzzle == screen("snake", np.random.default_rng(986006))[1]


@pytest.mark.parametrize(
    ("seed", "field", "doubt"),
    [
        # red team's photo 540019: light digits 0, 1, 2 alone on a light checker; the board
        # between two digits was taken for the body crossing their border, and a breadth at
        # one end for the head's, so the body was read from the wrong end; now its digits
        # order it
        (540019, "...C..12..", None),
        # red team's photo 541007: the head's dark fill lost on a dark board, its white 0
        # read as a tree, and the 1 on the next segment (the only number left readable)
        # as a head's eyes: the body was read shifted by a cell
        (541007, None, "a piece beside the snake reads as a digit: cells (5, 9) in doubt"),
        # held-out photo 700012: digits on a thick path, blurred away but for the tail's 4
        # half beside the path; that mark was taken for a head's eyes and the body read
        # from the wrong end. Eyes are on the head: a mark beside an end is a number.
        (
            700012,
            None,
            "a number at one end of the body and none on its other segments: "
            "cells (2, 1), (2, 2), (3, 0), (3, 1), (3, 2) in doubt",
        ),
        # photo 720110: clubs a shade lighter than a dark board, in grey only, were taken
        # for glare and their cells read empty; light over a quarter of a cell after a
        # plane is fitted under it is a mark
        (720110, None, "faint marks in 13 cells"),
    ],
)
def test_foreign_photo_body_directions_rest_on_evidence(
    seed: int, field: str | None, doubt: str | None
) -> None:
    found = recognizer.recognize(_foreign_photo(seed))
    if field is not None:
        assert found.confident and isinstance(found.puzzle, Puzzle)
        assert found.puzzle.field[-1] == field
    else:
        assert not found.confident and found.doubts[0] == doubt


@pytest.mark.parametrize(
    ("seed", "draw"),
    [
        # a body drawn as a thick path with digits on it: the end cells' digits stand half
        # on the path, half on the board (ink off both colours and their blends)
        (640007, "screen"),
        # numbered segments whose head has eyes beside its 0: no glyph there, the head is
        # the one unreadable cell the other numbers run from
        (610000, "novel"),
        # dark code on a saturated green page (its channels' mean under 128): the page is
        # light by its luminance, so the text is taken out of it by a closing
        (830004, "screen"),
        # rounded tiles set apart, on a lattice a few pixels off them: over half of a
        # window on two borders held one tile's edge, links that made no chain; only links
        # crossing the border at every step remain (none)
        (1730009, "screen"),
        # digits alone on rounded dark tiles: the tiles' corners, the gaps' colour in every
        # corner of the cell's window, made each digit's box the whole window (all read
        # as 4); ink reaching the window's edge is left out where a glyph stands apart
        (1930004, "screen"),
        # slate trees 36 RGB from a plum body: dark colours near in RGB whose hues point
        # apart are two
        (2230013, "screen"),
        # pastel segments and dark trees of their hue: white added by a glare spot is less
        (2230018, "screen"),
        # a red body and its red cherry far from it: a single cell of the body's colour
        # over two steps from the chain is a piece apart
        (2230020, "novel"),
        # a small plain checkered board (40 px cells) whose flat region stopped 4 to 8 px
        # inside its outline: the far cells' trees off their centres; read again with its
        # sides moved out to where the board's colour ends
        (2630002, "screen"),
    ],
)
def test_foreign_looks_are_read(seed: int, draw: str) -> None:
    from tests.render import foreign

    picture, puzzle = getattr(foreign, draw)("snake", np.random.default_rng(seed))
    found = recognizer.recognize(picture)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_toast_running_onto_the_board_is_no_tree() -> None:
    """Held-out novel photo 1130001: a "Saved to gallery" toast runs from beyond the
    board's left edge onto cell (6, 0), the field's only other piece; the photo was read
    with a tree there and solved. Ink of a piece continuing beyond the board, where the
    surround beside the side's other cells is another colour, puts the cell in doubt."""
    from tests.render import foreign

    picture, _ = photographed("snake", 1_130_001, foreign.novel)
    with pytest.raises(UnrecognizedError, match=r"\(6, 0\)"):
        recognize(picture, "snake")


def test_head_by_shade_no_further_than_the_segments_differ_is_in_doubt() -> None:
    """Held-out novel photo 1362000: a small board's blurred numbers unreadable, the
    light across the photo spreads the body's segments' colours, and the darkest segment
    (the 4, thin ink on its fill) was taken for a head in its own shade: the body read
    tail first and solved. A head so told must stand further from the body than its
    segments stand from their median."""
    from tests.render import foreign

    picture, _ = photographed("snake", 1_362_000, foreign.novel)
    with pytest.raises(UnrecognizedError, match=r"\(1, 6\)"):
        recognize(picture, "snake")


def test_a_pale_body_of_digits_alone_is_ordered_by_its_digits() -> None:
    """Foreign 1300027: a body of white digits alone on pale tiles (the board within the
    body's colour distance of it). Its photo, rectified with its true outline and as the
    photo finder does, keeps marks on the 3 (the tail), in the finder's also on the 1: the
    3's was taken for the head's eyes and the body read reversed (through auto-detection).
    Body pixels are those nearer the body's colour than the board's, so the body is thin
    marks apart, ordered by its digits alone: read in the screen, refused in the photos."""
    from tests.render import foreign

    rng = np.random.default_rng(1_300_027)
    picture, puzzle = foreign.screen("snake", rng)
    assert recognizer.recognize(picture).puzzle == puzzle
    photo, to_photo = photograph(picture, random_photo_style(rng), rng)
    true = rectified(photo, to_photo, (picture.shape[1], picture.shape[0]))
    for flat in (true, _foreign_photo(1_300_027)):
        found = recognizer.recognize(flat)
        assert not found.confident
        assert "separate marks whose digits do not give one order" in found.doubts[0]


def test_a_piece_running_off_the_board_is_in_doubt() -> None:
    """A bar in the trees' colour laid from the page onto cell (6, 0) is no tree; the same
    bar ending before the board is the page's and leaves the field read."""
    puzzle = Puzzle(field=CHECKIO_FIELD)
    image = render.render(puzzle, render.checkio_style(48), np.random.default_rng(0))
    image = np.pad(image, ((96, 96), (96, 96), (0, 0)), mode="edge")  # a page around it
    found = recognizer.recognize(image)
    assert found.puzzle == puzzle, found.doubts
    lattice = found.geometry
    assert isinstance(lattice, Lattice)
    (x0, y0), (x1, _) = lattice.center((6, 0)), lattice.center((6, 1))
    pitch, tree = x1 - x0, image[tuple(round(v) for v in lattice.center((0, 1)))[::-1]]
    rows = slice(round(y0 - pitch / 4), round(y0 + pitch / 4))
    for end, doubt in ((x0 + pitch / 4, "(6, 0)"), (x0 - 0.6 * pitch, None)):
        bar = image.copy()
        bar[rows, round(x0 - 2 * pitch) : round(end)] = tree
        read = recognizer.recognize(bar)
        if doubt is None:
            assert read.puzzle == puzzle, read.doubts
        else:
            assert not read.confident
            assert read.doubts[0] == f"pieces running on beyond the board: cells {doubt} in doubt"


def test_grain_on_a_pale_body_is_no_head_mark() -> None:
    """Tuning trust bench foreign photo 1330000: white digits on a pale body, lost to the
    photo but for grain on the tail's 8, which was taken for the head's eyes and the body
    read reversed; ink in specks is no mark, and no cue tells the ends apart."""
    found = recognizer.recognize(_foreign_photo(1_330_000))
    assert not found.confident
    assert found.doubts[0].startswith("the body order is ambiguous")


def test_only_a_piece_far_from_the_chain_parts_from_its_colour() -> None:
    # a segment cut off the body by one lost between lies two steps from the chain: the
    # group stays whole (and is refused as broken); a cell three steps away is a piece apart
    chain = [(2, 2), (2, 3), (3, 3)]
    for lost in [(3, 5), (5, 3), (4, 4)]:
        assert recognizer._apart([*chain, lost]) == [[*chain, lost]]
    assert recognizer._apart([*chain, (6, 3)]) == [chain, [(6, 3)]]
    assert recognizer._apart([*chain, (6, 3), (6, 4)]) == [[*chain, (6, 3), (6, 4)]]


def test_glare_clipped_at_the_top_leaves_the_body_one_colour() -> None:
    """Held-out own photo 2300003 (session 14's run), straightened with its true outline:
    glare over a blue line body lit its cells toward 102,186,250 from 31,109,205, the
    blue channel stopped at the sensor's top, so the offset from grey turned and the body
    was grouped as two colours (read broken). White added up to the top is one colour."""
    _, flat, puzzle = _screen_and_true_rectified_photo(2_300_003)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_trees_of_another_hue_are_not_the_bodys_shade() -> None:
    """Tuning foreign photo 2430011, straightened with its true outline: the photo's light
    pulled dark slate trees' chromaticity within the shade distance of a paler slate-blue
    body (their hues 20 degrees apart), so every tree was a cell of the snake's colour
    outside its chain. Away from the body, only a cell of the body's hue is its shade."""
    from tests.render import foreign
    from tests.render.mixed import true_rectified

    flat, puzzle = true_rectified("snake", 2_430_011, foreign.screen)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_a_cell_joins_the_nearest_colour_that_takes_it() -> None:
    # tuning own photo 2430077: a purple body's tail cell (96,55,148) passed for its dark
    # head's shade (74,48,106) with white added, the head's group being the first to take
    # it, and the body read broken; the body's own colour is nearer. (The tail's board is
    # lit as glare would light it, so the head's group still takes it.)
    head, body, tail = (74, 48, 106), (101, 59, 159), (96, 55, 148)
    colors = {(3, 2): head, (4, 1): body, (4, 2): body, (9, 0): tail}
    boards = {
        (r, c): np.full(3, 65 if (r, c) == (9, 0) else 40, np.float32)
        for r in range(10)
        for c in range(10)
    }
    measured = recognizer._Cells(
        {},
        {c: np.array(v, np.float32) for c, v in colors.items()},
        *({},) * 3,
        set(),
        *({},) * 4,
        boards,
    )
    groups = recognizer._group_colors(sorted(colors), measured, recognizer.PARAMS)
    assert groups == [[(4, 1), (4, 2), (9, 0)], [(3, 2)]]


@pytest.mark.parametrize("seed", [2_830_018, 2_830_021])
def test_numbered_discs_thinned_by_blur_are_no_digits_alone(seed: int) -> None:
    """Tuning novel photos 2830018 and 2830021, straightened with their true outlines:
    numbered discs apart (no link across the borders) whose blurred edges and numbers left
    under half of each cell in the body's colour passed for thin marks, so each disc was
    read whole as a glyph (a round blob: 3, 4 or 5) and no order held; and the head, a
    darker shade, was too narrow in the body's colour beside the tail. Every disc
    surrounds its number (digits alone hold a 1, which surrounds nothing), and a shaded
    head's breadth is measured in its own shade."""
    from tests.render import foreign
    from tests.render.mixed import true_rectified

    flat, puzzle = true_rectified("snake", seed, foreign.novel)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_near_grey_trees_are_not_the_bodys_colour() -> None:
    """Tuning foreign photo 2830000, straightened with its true outline: the photo's light
    brought grey-blue T's (109,114,126) within 36 RGB of a purple body (112,99,159), their
    hues under 60 degrees apart, so the body and the trees were one colour group, no chain
    of it (0 candidate snakes). A colour over 2.5 times as far from grey for its
    brightness as another is no shade of it (shade keeps that ratio): where the colours
    found no body, they are grouped again with that told apart."""
    from tests.render import foreign
    from tests.render.mixed import true_rectified

    flat, puzzle = true_rectified("snake", 2_830_000, foreign.screen)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_a_piece_darker_than_its_board_is_no_shade_of_a_lighter_body() -> None:
    """Tuning foreign photo 2830025, straightened with its true outline: white digits
    (254,242,254) on a pale pink board (231,196,243) beside grey-brown trees (130,112,110),
    all near grey, so the trees' chromaticity passed for a shade of the body's and every
    tree was a cell of the snake's colour outside its chain. Light over a cell lifts or
    lowers its piece and its board alike: a piece darker than its board is no shade of a
    body lighter than its own."""
    from tests.render import foreign
    from tests.render.mixed import true_rectified

    flat, puzzle = true_rectified("snake", 2_830_025, foreign.screen)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_pieces_lighter_by_grey_on_boards_lit_alike_are_two_colours() -> None:
    """Tuning foreign photo 3220006, straightened with its true outline: two colours a
    grey apart were one group, as glare adds white; but glare lifts a piece's board with
    it, and these boards were lit alike, so they are two colours and the body is read."""
    from tests.render import foreign
    from tests.render.mixed import true_rectified

    flat, puzzle = true_rectified("snake", 3_220_006, foreign.screen)
    found = recognizer.recognize(flat)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


@pytest.mark.parametrize("seed", [3_220_007, 3_220_011])
def test_digits_near_the_trees_colour_are_a_cluster_of_their_own(seed: int) -> None:
    """Tuning foreign shots 3220007 (dark brown digits beside brown trees, 40 apart) and
    3220011 (near-black digits beside slate trees): each kind drawn in one tight colour,
    one colour group, no chain of it ('0 candidate snakes'). Where no grouping finds a
    body, a group is cut at a gap many times its sides' spread, and the trees so cut off
    the body's colour are no shade of it."""
    from tests.render import foreign

    picture, puzzle = foreign.screen("snake", np.random.default_rng(seed))
    found = recognizer.recognize(picture)
    assert found.confident, found.doubts
    assert found.puzzle == puzzle


def test_a_hole_the_best_digit_lacks_makes_a_looped_digit_possible() -> None:
    """Own screenshot 3900001 (session 23's held-out run): a text map of glyphs 11 pixels
    tall, whose 6 (its top closed like a 5's) scored as a 5 and nothing else, so the digits
    fit no chain and the screenshot was refused. A glyph with a hole its best reading has
    none of may be the best looped digit the hole fits: the chain reads the 6."""
    image, truth = screen("snake", np.random.default_rng(3900001))
    found = recognize(image)
    assert found.puzzle == truth


def test_four_glyphs_read_as_a_letter_or_a_digit_are_resolved_by_the_rules() -> None:
    """Own screenshot 3920029 (session 24's held-out run): a text map 298 pixels wide in a
    tiny serif, four of whose glyphs read as a tree or a digit (and one as a cherry too).
    Only one choice gives one cherry and a chain from the head: it is the field, where
    three glyphs in doubt were once the most looked at."""
    image, truth = screen("snake", np.random.default_rng(3_920_029))
    found = recognize(image)
    assert found.puzzle == truth


def test_a_sparse_row_with_a_stray_dot_and_a_barred_italic_zero_is_read() -> None:
    """Own screenshot 4000006 (session 25's run): a small italic text map. The row
    ``TTT..T.32.`` holds four dots and the foot of its 2, a dot-like blob off the pitch
    that broke two of four gaps, so the line was not taken for a row; the head, a 0
    barred across, closed its holes only at a third of the ink and read as a 5. Dots
    counted from one of them keep the row; the holes the thin strokes close let the 0
    stand, and the chain chooses it."""
    image, truth = screen("snake", np.random.default_rng(4_000_006))
    assert recognize(image).puzzle == truth
    dots = [recognizer._Blob(x, 0, x + 2, 2) for x in (163, 177, 205, 235, 247)]
    assert recognizer._on_pitch(dots, 14.0)
    assert not recognizer._on_pitch(
        [recognizer._Blob(x, 0, x + 2, 2) for x in (0, 9, 23, 31)], 14.0
    )


def test_a_glyph_broken_into_low_small_marks_between_a_rows_quotes_is_read() -> None:
    """Own photo 4000011 (session 25's run): the photo's blur and light broke the head's
    0 into two pieces, as low and small as a comma, so the row was no field row and the
    map read nine rows. Between a row's quotes such marks are a glyph's pieces."""
    photo, truth = photographed("snake", 4_000_011)
    assert recognize(photo, "snake").puzzle == truth


def test_a_tiny_text_map_is_looked_at_again_enlarged() -> None:
    """Own screenshot 4040004 (session 26's run): a 291x274 window of code whose glyphs'
    strokes are a pixel wide; no text map was found at its own size (the board reader took
    the rows of dots for a board, in doubt). A picture that small showing no text map is
    looked at again at twice its size, and the lattice maps back onto its own pixels."""
    image, truth = screen("snake", np.random.default_rng(4_040_004))
    assert max(image.shape[:2]) < recognizer.PARAMS.small_text
    found = recognize(image)
    assert found.puzzle == truth, found.doubts
    assert isinstance(found.geometry, Lattice)
    (left, top), (right, bottom) = found.geometry.to_pixels([(0.0, 0.0), (10.0, 10.0)])
    assert 0 < left < right < image.shape[1] and 0 < top < bottom < image.shape[0]
    assert right - left < image.shape[1] / 2  # the map's ten columns, not twice as wide
