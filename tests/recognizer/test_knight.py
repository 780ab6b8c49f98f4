"""Tests of the knight's-tour recognizer: the real capture, seeded round trips, phone
photos (and the overlay's squares on them), doubts, refusals of other pictures, the overlay."""

from __future__ import annotations

import contextlib
import doctest
import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFont

import recognizer
import recognizer.knight
from recognizer.image import decode_image
from recognizer.knight import draw, recognize
from recognizer.lattice import Lattice
from solvers.errors import UnrecognizedError
from solvers.knight import Puzzle, solve
from tests.render import foreign, nonpuzzle
from tests.render.knight import PIECE_COLOURS, random_puzzle, random_style, render
from tests.render.mixed import Draw, photographed, screen
from tests.render.photo import photograph, random_photo_style, rectified

REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"
SAMPLES = Path(__file__).resolve().parents[2] / "sample_images" / "knight"


def load(path: Path) -> np.ndarray:
    return decode_image(path.read_bytes())


def truth(path: Path) -> dict:
    return json.loads(path.with_suffix(".json").read_text())


def pictures(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*") if p.suffix in (".png", ".jpg", ".jpeg"))


@pytest.mark.parametrize(
    "path", [p for p in pictures(REAL) + pictures(SAMPLES) if truth(p)["game"] == "knight"]
)
def test_knight_pictures_exact(path: Path) -> None:
    expected = truth(path)
    result = recognize(load(path))
    assert result.confident, result.doubts
    assert result.puzzle == Puzzle(expected["rows"], expected["cols"], tuple(expected["start"]))


@pytest.mark.parametrize("path", [p for p in pictures(REAL) if truth(p)["game"] != "knight"])
def test_other_games_refused(path: Path) -> None:
    assert not recognize(load(path)).confident


def test_doctests() -> None:
    # the examples in the docstrings: corners, blur, symmetry, letters, inks, numbers
    assert doctest.testmod(recognizer.knight).failed == 0


def test_round_trips() -> None:
    exact = 0
    for seed in range(24):
        rng = np.random.default_rng(10_000 + seed)
        puzzle = random_puzzle(rng)
        result = recognize(render(puzzle, random_style(rng), rng))
        if result.confident:
            assert result.puzzle == puzzle, f"seed {seed}: read {result.puzzle}"
            exact += 1
    # the rest must be refusals; nearly all should be read
    assert exact >= 21


@pytest.mark.parametrize("seed", range(4))
def test_coloured_knight_among_arrows_and_move_hints(seed: int) -> None:
    # a coloured piece set is read; translucent arrows and move dots are not knights
    rng = np.random.default_rng(20_000 + seed)
    puzzle = Puzzle(8, 8, (2, 3))
    style = replace(
        random_style(rng), texture=0.0, marks=0, piece=("glyph", "silhouette")[seed % 2],
        piece_size=1.0, piece_colour=PIECE_COLOURS[seed], arrows=2, hints=True, bevel=0.0,
    )  # fmt: skip
    result = recognize(render(puzzle, style, rng))
    assert result.confident and result.puzzle == puzzle, result.doubts


@pytest.mark.parametrize(
    "seed",
    [
        *(510_000, 140_017, 160_002, 1_200_019, 1_350_036, 1_400_019, 1_400_032),
        *(1_600_005, 1_600_021, 1_950_025, 2_100_023, 2_250_017, 2_250_022, 2_450_012),
        4_020_002,
    ],
)
def test_hard_own_screens_are_read(seed: int) -> None:
    # 510000: the glyph at the renderer's smallest size stands under half a square;
    # 140017, 160002: a bold green N (as like its mirror image as a king in outline, but
    # more like its half turn); players' bars under a board, which alternate by chance,
    # are no chequer; 1200019: a bright red knight on a dull red square of a sharp
    # screenshot departs from it by under the 0.35 of the board's contrast that keeps a
    # blurred picture's edges out (read as no piece); 1350036: grey clouds of white marble
    # on squares two knight's moves apart were read as every second number of a tour;
    # 1400019: corners of the players' bars two rows beyond a small board, jumped to
    # across its edge, left the whole lattice too sparse to fit (no board at all);
    # 1400032: a purple cross and a grey cloud of marble a knight's move apart, the
    # cloud a knight's move from the knight, were read as a tour's last two marks;
    # 1600005, 1600021: a square on the edge column highlighted as the knight's own is
    # (the knight's, or a last move's in the same see-through tint over the other colour)
    # is no frame under a lattice stretched past the board; 1950025: a dark cloud of wood,
    # a piece's size and outline, beside the knight, was a rival piece; 2100023: corners
    # a reduced pixel off on a grained 5x11 board slanted the fitted map's left edge by a
    # tenth of a square, onto the page beyond the thin frame (size in doubt); 2250017: a
    # white knight outlined in black, its median colour that of the marble's grain, was a
    # cloud; 2250022: an arrow at 45 degrees through the squares' corners was two pieces;
    # 2450012: of the see-through move hints on all eight of the knight's squares, one
    # out of round on wood (a mark) a knight's move from a light patch of the wood was
    # read as a tour's last two steps; 4020002 (session 26): a faint move hint a knight's
    # move from a cloud of dark marble, the cloud a knight's move from the knight, were
    # read as a tour's last two marks (a cloud of a marble is no mark)
    picture, truth = screen("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


@pytest.mark.parametrize("seed", [1_200_003, 1_950_005])
def test_move_dots_out_of_round_in_a_photo_are_no_tour(seed: int) -> None:
    # own photo 1200003: the move dots on five of the knight's eight squares, blurred out
    # of round, are marks; one of them a knight's move from a number was read as the last
    # steps of a tour in progress; 1950005: one of the dots on six of the knight's eight
    # squares, out of round, was a mark as piece-like as a piece's size (in doubt)
    picture, truth = photographed("knight", seed, screen)
    assert recognizer.recognize(picture, "knight").puzzle == truth


@pytest.mark.parametrize("seed", [2_300_018, 2_450_026, 2_450_049])
def test_crosses_grain_and_faint_outlines_in_photos_are_read(seed: int) -> None:
    # own photos, rectified with their true outlines: 2300018 (session 14's held-out run):
    # two crosses the photo's blur thickened to a piece's area, one read as a second
    # piece (a cross keeps the square's symmetries, a piece stands on its base, and both
    # are lower than the knight); 2450026: a yellow knight on wood, its blurred rim lost
    # under 4.5 times its band's spread (the photo's grain, 8.7; the wood's is 3.0);
    # 2450049: a thin grey outline knight in its square's middle, under the floor a
    # blurred edge needs (44) where the blur carries none of the neighbours' colour
    rng = np.random.default_rng(seed)
    picture, truth = screen("knight", rng)
    result = recognize(_rectified_photo(picture, rng))
    assert result.confident and result.puzzle == truth, result.doubts


def test_board_under_a_dark_ad_strip_is_no_reading() -> None:
    # novel 2450027: a nearly opaque dark ad strip over a dark frame hides the last two
    # rows of an 8x5 board; the chequer shows through it by 7 grey levels (under the 8% of
    # the board's contrast a row beyond must step by, uncovered), and the 6x5 board above
    # it was read and solved (WRONG)
    picture, truth = foreign.novel("knight", np.random.default_rng(2_450_027))
    result = recognize(picture)
    assert truth is not None and not result.confident, result.puzzle
    assert any("size in doubt" in doubt for doubt in result.doubts), result.doubts


def test_arrow_over_marble_in_a_photo_is_no_knight() -> None:
    # held-out own photo 1365004 (session 10): a yellow arrow across a marble board, its
    # blob merged with the marble's clouds and its blurred edge within their spread, was
    # read as the knight on (3, 5) (crossing 0.04: its coloured ink crosses by 0.2 and
    # more), and the white knight on (8, 9) lost to the blurred edge bands of its marble
    # neighbours, counted as its crossing though they touch no part of it
    picture, truth = photographed("knight", 1_365_004, screen)
    assert recognizer.recognize(picture, "knight").puzzle == truth


def test_own_photo_1800004_is_refused_or_exact() -> None:
    # held-out own photo 1800004 (session 12's final run, so at 4bbf862): an 11x6 board
    # read with the knight on (2, 1) where it stands on (6, 5), at 0.9: (2, 1) holds a
    # light cloud of its purple marble (a piece's outline, its colour's hue, within its
    # grain), the knight's thin outline is broken by the photo
    picture, truth = photographed("knight", 1_800_004, screen)
    with contextlib.suppress(UnrecognizedError):
        assert recognizer.recognize(picture).puzzle == truth


def test_novel_photo_1950023_is_refused() -> None:
    # novel photo 1950023 (session 13's tuning seeds): a tour in progress of one move on a
    # 6x10 board, its red 1 on a red square a knight's move from the knight; in the photo
    # the 1 departs from its square by 34 at most, under 4.5 times its band's spread (6.6),
    # but far beyond the grain inside the squares (99th percentile 13), and it is darker
    # than that square's own grey by more than its colour's grain: read as a start at 0.9
    picture, truth = photographed("knight", 1_950_023, foreign.novel)
    assert truth is None
    with pytest.raises(UnrecognizedError):
        recognizer.recognize(picture)


def test_knight_on_a_square_highlighted_near_the_other_colour_is_no_frame() -> None:
    # novel 2100012 (session 13's held-out run): the knight's dark square on the top edge,
    # highlighted in a yellow near the light squares' colour, was off its colour (and made
    # the light corner square beside it so): the size was in doubt
    picture, truth = foreign.novel("knight", np.random.default_rng(2_100_012))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_board_under_a_dialog_found_as_a_screen_is_no_reading() -> None:
    # held-out novel 1800000 (session 12's final run): a white dialog over the last four
    # rows of a 10x10 board; the picture is refused as it is (the dialog borders the board
    # unlike its frame), but the screen finder found the board itself as a screen, where
    # the picture ends at three sides of the rows above: read as a 6x10 board at 0.9
    picture, _ = foreign.novel("knight", np.random.default_rng(1_800_000))
    with pytest.raises(UnrecognizedError):
        recognizer.recognize(picture)


def test_tour_on_a_small_blurred_board_is_no_reading() -> None:
    # held-out novel photo 1761000 (session 12): a tour in progress on a 12x9 board of
    # 15-pixel squares in the photo; of its move numbers only the 2 shows, a faint blob
    # two knight's moves from the knight (the 3 between is lost in the blur): read as a
    # start at 0.9
    picture, truth = photographed("knight", 1_761_000, foreign.novel)
    assert truth is None
    with pytest.raises(UnrecognizedError):
        recognizer.recognize(picture)


def test_blank_and_noise_refused() -> None:
    rng = np.random.default_rng(1)
    for image in (
        np.full((400, 300, 3), 255, np.uint8),
        np.zeros((500, 500, 3), np.uint8),
        np.zeros((10, 10, 3), np.uint8),
    ):
        assert not recognize(image).confident
    # noise has chequer corners everywhere: the lattice search gives up early
    noise = recognize(rng.integers(0, 256, (480, 640, 3), dtype=np.uint8))
    assert noise.puzzle is None and "everywhere" in noise.doubts[0]


def plain_render(seed: int) -> tuple[np.ndarray, Lattice]:
    """A render that is read correctly, with its lattice."""
    rng = np.random.default_rng(seed)
    puzzle = Puzzle(8, 8, (2, 3))
    style = replace(
        random_style(rng), texture=0.0, marks=0, blur=0.0, noise=0.0, jpeg=None,
        piece="silhouette", piece_colour=None, bevel=0.0, arrows=0, hints=False,
    )  # fmt: skip
    image = render(puzzle, style, rng)
    result = recognize(image)
    assert result.puzzle == puzzle
    assert isinstance(result.geometry, Lattice)
    return image, result.geometry


def square(image: np.ndarray, lattice: Lattice, cell: tuple[int, int]) -> tuple[slice, slice]:
    (x0, y0), _, (x1, y1), _ = lattice.corners(cell)
    return slice(round(y0) + 1, round(y1) - 1), slice(round(x0) + 1, round(x1) - 1)


def copy_square(
    image: np.ndarray, lattice: Lattice, source: tuple[int, int], target: tuple[int, int]
) -> None:
    """Copy what square ``source`` shows onto square ``target`` (same colour: two apart)."""
    piece = image[square(image, lattice, source)].copy()
    into = image[square(image, lattice, target)]
    h, w = min(piece.shape[0], into.shape[0]), min(piece.shape[1], into.shape[1])
    into[:h, :w] = piece[:h, :w]


def test_two_knights_or_none_refused_naming_the_squares() -> None:
    for seed in (3, 5):
        image, lattice = plain_render(seed)
        twice = image.copy()
        copy_square(twice, lattice, (2, 3), (4, 5))
        result = recognize(twice)
        assert not result.confident
        assert "2 pieces" in result.doubts[0]
        assert "(2, 3)" in result.doubts[1] and "(4, 5)" in result.doubts[1]
        empty = image.copy()
        copy_square(empty, lattice, (2, 5), (2, 3))
        result = recognize(empty)
        assert not result.confident and "no piece" in result.doubts[0]


def test_piece_like_mark_puts_the_knight_in_doubt() -> None:
    image, lattice = plain_render(3)
    # a grey blob with a notch (no ellipse), a little smaller than a piece, on a square of
    # the knight's colour
    (x0, y0), _, (x1, _), _ = lattice.corners((4, 5))
    side = x1 - x0
    outline = [(0.3, 0.28), (0.7, 0.28), (0.7, 0.72), (0.3, 0.72), (0.3, 0.56), (0.5, 0.5),
               (0.3, 0.44)]  # fmt: skip
    polygon = np.array([(x0 + u * side, y0 + v * side) for u, v in outline], np.int32)
    marked = image.copy()
    cv2.fillPoly(marked, [polygon], (90, 90, 90))
    result = recognize(marked)
    assert not result.confident
    assert any("(4, 5)" in doubt for doubt in result.doubts)


def test_two_coloured_mark_is_not_a_knight() -> None:
    # an orange move number touching a green arrowhead, piece-sized, on an empty board
    image, lattice = plain_render(3)
    copy_square(image, lattice, (2, 5), (2, 3))
    (x0, y0), _, (x1, _), _ = lattice.corners((4, 5))
    side = x1 - x0
    for outline, colour in (
        ([(0.22, 0.2), (0.62, 0.2), (0.62, 0.5), (0.22, 0.5)], (255, 150, 0)),
        ([(0.3, 0.5), (0.85, 0.45), (0.5, 0.82)], (30, 130, 40)),
    ):
        polygon = np.array([(x0 + u * side, y0 + v * side) for u, v in outline], np.int32)
        cv2.fillPoly(image, [polygon], colour)
    result = recognize(image)
    assert not result.confident and "no piece" in result.doubts[0], result.doubts


def _rectified_photo(picture: NDArray[np.uint8], rng: np.random.Generator) -> NDArray[np.uint8]:
    """A simulated photo of ``picture``, rectified with the screen's true outline."""
    photo, to_photo = photograph(picture, random_photo_style(rng), rng)
    return rectified(photo, to_photo, (picture.shape[1], picture.shape[0]))


def test_two_coloured_mark_in_a_photo_is_not_a_knight() -> None:
    # seed 80095's photo, rectified with its true outline: a small black knight on a
    # textured square is hardly seen, and the mark two squares off must not stand in for it
    rng = np.random.default_rng(80_095)
    picture, truth = screen("knight", rng)
    result = recognize(_rectified_photo(picture, rng))
    assert not result.confident or result.puzzle == truth, result.puzzle


@pytest.mark.parametrize("seed", [9, 100_038, 500_069])
def test_chess_problem_is_not_a_knights_tour(seed: int) -> None:
    # kings and queens (upright over their bases, unlike a knight) are no piece at all, on
    # the screen (seed 9: a queen) and rectified from a photo (seed 100038: a king; seed
    # 500069: a queen in outline, its strokes broken, once read as a leaning chunk)
    rng = np.random.default_rng(seed)
    picture = np.asarray(nonpuzzle.chess_problem(rng).convert("RGB"), np.uint8)
    flat = _rectified_photo(picture, rng)
    for image in (picture, flat):
        result = recognize(image)
        assert not result.confident and result.puzzle is None, result.doubts


def test_draughts_in_a_photo_are_not_a_knights_tour() -> None:
    # draughts rectified from a photo: a skewed man is no ellipse, but the other men are
    # of a piece's size too
    rng = np.random.default_rng(100_010)
    picture = np.asarray(nonpuzzle.checkers(rng).convert("RGB"), np.uint8)
    result = recognize(_rectified_photo(picture, rng))
    assert not result.confident and result.doubts


def test_faded_edge_row_in_a_photo_puts_the_size_in_doubt() -> None:
    # seed 190035's photo, read flat: the top row, faded and uneven under the light, was
    # missed by the lattice and read as a 6x7 board; its chequer still alternates far
    # more than its squares are uneven
    rng = np.random.default_rng(190_035)
    picture, truth = screen("knight", rng)
    photo, _ = photograph(picture, random_photo_style(rng), rng)
    flat = recognize(photo)
    assert not flat.confident or flat.puzzle == truth, flat.puzzle
    assert flat.puzzle == truth or any("top edge" in doubt for doubt in flat.doubts)
    with contextlib.suppress(UnrecognizedError):
        assert recognizer.recognize(photo, "knight").puzzle == truth


def test_faded_edge_column_puts_the_size_in_doubt() -> None:
    # seed 100010's photo: glare fades the board's left column, which the lattice misses;
    # the chequer faintly going on beyond the edge is a doubt, not an 11-column board
    rng = np.random.default_rng(100_010)
    picture, truth = screen("knight", rng)
    result = recognize(_rectified_photo(picture, rng))
    assert not result.confident or result.puzzle == truth, result.puzzle
    assert result.puzzle == truth or any("left edge" in doubt for doubt in result.doubts)


def test_board_size_in_doubt() -> None:
    image, lattice = plain_render(5)
    # the chequer carries on below the bottom edge under half of the columns
    grown = image.copy()
    for col in range(4):
        copy_square(grown, lattice, (6, col), (8, col))
    result = recognize(grown)
    assert not result.confident
    assert any("(8, " in d or "size in doubt" in d for d in result.doubts) or result.puzzle is None


def test_photos_read_or_refused_and_overlay_on_the_squares() -> None:
    exact = 0
    for seed in range(6):
        rng = np.random.default_rng(31_000 + seed)
        picture, truth = screen("knight", rng)
        flat = recognize(picture)
        photo, to_photo = photograph(picture, random_photo_style(rng), rng)
        try:
            found = recognizer.recognize(photo, "knight")
        except UnrecognizedError:
            continue
        assert found.game == "knight" and found.puzzle == truth, f"seed {seed}"
        exact += 1
        if not flat.confident:
            continue
        # the overlay's cell centres land on the photographed squares
        assert isinstance(found.geometry, Lattice) and isinstance(flat.geometry, Lattice)
        true = flat.geometry.transformed(to_photo)
        for cell in ((0, 0), (truth.rows - 1, truth.cols - 1), truth.start):
            error = np.hypot(*np.subtract(found.geometry.center(cell), true.center(cell)))
            assert error < 0.15 * true.cell_size(cell), (seed, cell, error)
    assert exact >= 4


@pytest.mark.parametrize("game", ["onestroke", "bond", "snake", "tictactoe", "none"])
def test_other_pictures_refused(game: str) -> None:
    for seed in range(2):
        rng = np.random.default_rng(32_000 + seed)
        picture = nonpuzzle.random_picture(rng)[1] if game == "none" else screen(game, rng)[0]
        assert not recognize(picture).confident, (game, seed)
        photo, _ = photograph(picture, random_photo_style(rng), rng)
        assert not recognize(photo).confident, (game, seed, "photo")


@pytest.mark.parametrize("seed", [72031, 77000])
def test_snake_cherry_is_not_a_knight(seed: int) -> None:
    # a snake page on a chequered board: the red cherry disc is the only piece-sized blob
    picture, truth = screen("snake", np.random.default_rng(seed))
    result = recognize(picture)
    assert not result.confident, result.doubts
    assert recognizer.recognize(picture).puzzle == truth


def test_disc_is_not_a_knight() -> None:
    # a draughts piece (a flat disc, in any colour) where the knight would stand
    image, lattice = plain_render(3)
    (x0, y0), _, (x1, y1), _ = lattice.corners((2, 3))
    cx, cy, side = round((x0 + x1) / 2), round((y0 + y1) / 2), x1 - x0
    for colour in ((20, 20, 20), (200, 40, 40)):
        disc = image.copy()
        disc[square(image, lattice, (2, 3))] = image[square(image, lattice, (2, 5))]
        cv2.circle(disc, (cx, cy), round(0.35 * side), colour, -1)
        result = recognize(disc)
        assert not result.confident and "no piece" in result.doubts[0], colour


def test_empty_checkerboard_refused() -> None:
    rng = np.random.default_rng(7)
    board = np.asarray(nonpuzzle.checkerboard(rng).convert("RGB"), np.uint8)
    assert not recognize(board).confident


def test_overlay_marks_every_square() -> None:
    image = load(REAL / "knight-desktop-app.png")
    result = recognize(image)
    assert result.puzzle is not None and isinstance(result.geometry, Lattice)
    solution = solve(result.puzzle)
    assert solution is not None
    drawn = draw(image, result, solution)
    assert drawn.shape == image.shape
    lattice = result.geometry
    changed = [
        np.any(
            drawn[round(y) - 3 : round(y) + 3, round(x) - 3 : round(x) + 3]
            != image[round(y) - 3 : round(y) + 3, round(x) - 3 : round(x) + 3]
        )
        for x, y in (lattice.center(cell) for cell in solution.tour)
    ]
    assert all(changed)


@pytest.mark.parametrize("seed", [600_015, 600_019, 600_038])
def test_arrows_hiding_corners_and_a_busy_page(seed: int) -> None:
    # arrows across the board hide inner corners (600015: 37 of 42 found; 600038: an arrow
    # cut the lattice in two); a site's text and bars outshine a small board's corners
    # (600019)
    picture, truth = screen("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def letters_on(image: np.ndarray, lattice: Lattice, letters: dict[tuple[int, int], str]) -> None:
    """Draw bold red letters centred on squares (a chess diagram in letters)."""
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", 1)
    picture = Image.fromarray(image)
    pen = ImageDraw.Draw(picture)
    for cell, letter in letters.items():
        (x0, y0), _, (x1, y1), _ = lattice.corners(cell)
        size = round(0.7 * (y1 - y0))
        pen.text(
            ((x0 + x1) / 2, (y0 + y1) / 2), letter, font=font.font_variant(size=size),
            fill=(200, 20, 20), anchor="mm",
        )  # fmt: skip
    image[:] = np.asarray(picture)


def test_letter_n_is_the_knight_other_letters_are_not() -> None:
    image, lattice = plain_render(3)
    empty = image.copy()
    copy_square(empty, lattice, (2, 5), (2, 3))
    letter_n = empty.copy()
    letters_on(letter_n, lattice, {(2, 3): "N"})
    assert recognize(letter_n).puzzle == Puzzle(8, 8, (2, 3))
    # a chess diagram in letters is no knight's tour, a lone Z, S, H or M no knight
    diagram = letter_n.copy()
    letters_on(diagram, lattice, {(5, 6): "K", (0, 1): "Q"})
    result = recognize(diagram)
    assert not result.confident and "(5, 6)" in " ".join(result.doubts), result.doubts
    for letter in "ZSHM":
        other = empty.copy()
        letters_on(other, lattice, {(2, 3): letter})
        assert not recognize(other).confident, letter


def test_foreign_serif_letter_n_and_move_dots_beside_a_letter() -> None:
    # the foreign look's thin red serif N (trust foreign 600008); move dots as high as
    # 0.4 of a square beside a bold letter N (own 610022) are no rival piece
    picture, truth = foreign.screen("knight", np.random.default_rng(600_008))
    assert recognize(picture).puzzle == truth
    picture, truth = screen("knight", np.random.default_rng(610_022))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_tour_in_progress_is_refused_naming_the_marks() -> None:
    # the red team's tour in progress (squares 1..8 numbered in red, the knight on the
    # ninth): not the puzzle; two marks leading to the knight by knight moves say so
    picture, truth = foreign.novel("knight", np.random.default_rng(610_001))
    assert truth is None
    result = recognize(picture)
    assert not result.confident
    assert any("tour in progress" in doubt for doubt in result.doubts), result.doubts


def numbers_on(
    image: np.ndarray,
    lattice: Lattice,
    numbers: dict[tuple[int, int], str],
    colour: tuple[int, int, int] | None = None,
) -> None:
    """Draw bold move numbers centred on squares, 0.4 of a square high, each in ``colour``
    or in a colour close to its square's own (a red number on a red square)."""
    font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 1)
    picture = Image.fromarray(image)
    pen = ImageDraw.Draw(picture)
    for cell, text in numbers.items():
        (x0, y0), _, (x1, y1), _ = lattice.corners(cell)
        own = image[round(y0) + 3, round(x0) + 3].astype(int)
        ink = colour or tuple(int(v) for v in np.clip(own - (10, 50, 30), 0, 255))
        size = round(0.4 * (y1 - y0))
        pen.text(
            ((x0 + x1) / 2, (y0 + y1) / 2), text, font=font.font_variant(size=size), fill=ink,
            anchor="mm",
        )  # fmt: skip
    image[:] = np.asarray(picture)


def test_move_number_beside_the_knight_is_a_tour_in_progress() -> None:
    # one number a knight's move from the knight (the square it came from), drawn in a
    # colour close to its own square's, is a tour in progress; a move dot there is not
    image, lattice = plain_render(5)
    begun = image.copy()
    numbers_on(begun, lattice, {(0, 4): "1"})
    result = recognize(begun)
    assert not result.confident
    assert any("tour in progress" in d and "(0, 4)" in d for d in result.doubts), result.doubts
    dotted = image.copy()
    (x0, y0), _, (x1, y1), _ = lattice.corners((0, 4))
    centre, radius = ((x0 + x1) / 2, (y0 + y1) / 2), 0.15 * (y1 - y0)
    cv2.circle(dotted, tuple(round(v) for v in centre), round(radius), (90, 90, 90), -1)
    assert recognize(dotted).confident


@pytest.mark.parametrize(
    ("seed", "photo"),
    [(700_014, False), (700_018, False), (700_019, False), (700_019, True), (850_000, True),
     (850_011, True), (950_008, True), (1_350_002, True), (1_350_006, True)],
)  # fmt: skip
def test_red_team_tours_in_progress_are_refused(seed: int, photo: bool) -> None:
    # the held-out run's tours in progress (session 7): a red 2 on a red square, a single
    # number beside the knight, a board of 10-pixel squares in a photo (numbers are blobs
    # there: any mark beside the knight counts unless all its squares hold one); a red 1
    # blurred into a bar, as thick as a dot and its own mirror image both ways (850000,
    # 850011: solved as fresh boards); a faint red 8 on a red square, its shape at half its
    # peak below the threshold that finds it (held-out 950008: solved as a fresh board);
    # small screens in photos blurred past reading numbers (the steps between squares
    # blurred over 0.15 of a side): the numbers beside the knight lost, the others blobs
    # (1350002, 1350006: solved as fresh boards)
    if photo:
        picture, _ = photographed("knight", seed, foreign.novel)
        with pytest.raises(UnrecognizedError, match="tour in progress"):
            recognizer.recognize(picture, "knight")
        return
    picture, truth = foreign.novel("knight", np.random.default_rng(seed))
    assert truth is None
    result = recognize(picture)
    assert not result.confident
    assert any("tour in progress" in doubt for doubt in result.doubts), result.doubts


def test_numbers_in_a_row_of_knight_moves_are_a_tour_in_progress() -> None:
    # novel 720008: the number beside the knight is half hidden under a toast; 1, 2, 3 a
    # knight's move apart in a row are its earlier squares
    picture, truth = foreign.novel("knight", np.random.default_rng(720_008))
    assert truth is None
    result = recognize(picture)
    assert not result.confident
    assert any("(9, 4), (11, 3), (10, 5)" in doubt for doubt in result.doubts), result.doubts


@pytest.mark.parametrize("seed", [610_009, 720_002, 720_052, 740_052])
def test_board_continued_past_an_ad_strip_is_in_doubt(seed: int) -> None:
    # an ad strip across the board's middle rows: the lattice stops at it, but the chequer
    # goes on in phase beyond it, so the board read is not the whole board
    picture, _ = foreign.novel("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert not result.confident, result.puzzle
    assert any("size in doubt" in doubt for doubt in result.doubts), result.doubts


@pytest.mark.parametrize("seed", [850_013, 850_023])
def test_faint_move_dots_and_a_gold_letter_on_marble(seed: int) -> None:
    # 850013: faint translucent move dots, found in patches, are whole dots at half their
    # peak (one was taken for a move number); 850023: a gold N on olive marble, within the
    # grain's spread of greys but off its line of colours (no piece was found)
    picture, truth = screen("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


@pytest.mark.parametrize(
    ("seed", "photo"),
    [(930_001, False), (940_001, False), (940_001, True)]
    + [(seed, photo) for seed in (1_600_005, 1_600_013) for photo in (False, True)]
    + [(1_765_000, True)],
)
def test_board_under_a_band_unlike_its_frame_is_no_reading(seed: int, photo: bool) -> None:
    # an ad strip across a framed board: 940001's hides its top row and the frame above it
    # (read as 8x6 of 9x6), 930001's its 2nd and 3rd rows, and the screens found in that
    # picture cut the board at the strip (or inside the board on every side: 7x8 of 11x9);
    # the squares beyond the cut side are unlike the frame beyond the other three.
    # Held-out novel 1600005 (session 11): a white dialog over the last row of a 6x12
    # board; 1600013: a see-through ad band over the last two rows of a 7x5 board; their
    # photos were solved as the rows above (5x12, 5x5), the squares beyond less unlike the
    # frame than the board's colours differ, but the strip just past the edge is the
    # dialog's or the band's colour where the frame borders the other three sides.
    # Held-out novel photo 1765000 (session 12): a white dialog over the middle of a
    # 12x6 board of two close purples (read as its top 6x6): the frame's colour moves
    # 1.3 times the squares' difference from side to side in the photo's light, the
    # dialog lies 4.2 times that difference from it
    if photo:
        picture, _ = photographed("knight", seed, foreign.novel)
    else:
        picture, _ = foreign.novel("knight", np.random.default_rng(seed))
    with pytest.raises(UnrecognizedError, match="size in doubt"):
        recognizer.recognize(picture, "knight")


@pytest.mark.parametrize("seed", [850_021, 1_750_018, 1_950_000])
def test_board_near_the_picture_edge_under_a_page_alike_all_round_is_read(seed: int) -> None:
    # foreign 850021: the board's bottom edge lies 0.125 square above the picture's, the
    # page alike beyond its other sides; the picture shows that sliver, so it is no cut.
    # Foreign 1750018: a frame a third of a square wide above and beside the board, the
    # page beyond it, and a square wide below (the squares beyond are unlike there, the
    # strip right at the edge is the frame's all round): no band over the board.
    # Foreign 1950000: the knight's own square, highlighted, on the bottom row: a square
    # off its colour there, yet no frame under a lattice stretched past the board
    picture, truth = foreign.screen("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_faint_number_in_a_noisy_photo_is_a_tour_in_progress() -> None:
    # novel photo 910002, squares of 18 pixels: the red 1, 3 and 5 on red squares are lost
    # in the grain (the 5 beside the knight departs about 30 grey levels from its square,
    # no more than a plain square's grain); the 2 and 4 on light squares, in the red
    # squares' colour, two knight's moves apart and the 4 two moves from the knight, are
    # every second number of the tour
    picture, _ = photographed("knight", 910_002, foreign.novel)
    with pytest.raises(UnrecognizedError, match=r"tour in progress\? move numbers on \(5, 5\)"):
        recognizer.recognize(picture, "knight")


@pytest.mark.parametrize("own_colour", [True, False])
def test_every_second_number_of_a_tour_is_a_tour_in_progress(own_colour: bool) -> None:
    # a tour 1 (6, 3), 2 (5, 5), 3 (4, 3), 4 (3, 5), the knight on (2, 3), of which only
    # the 1 and the 3 show: numbered in the colour of the squares the 2 and the 4 stand on
    # (lost on them), or in a third colour (the 2 and the 4 lost in a photo's grain, as
    # novel photo 1170003's dark red 1, 3 and 5 on red squares, read as a fresh board)
    image, lattice = plain_render(5)
    r, g, b = (int(v) for v in np.median(image[square(image, lattice, (3, 5))], axis=(0, 1)))
    shown = image.copy()
    numbers_on(
        shown, lattice, {(6, 3): "1", (4, 3): "3"}, (r, g, b) if own_colour else (40, 160, 60)
    )
    result = recognize(shown)
    assert not result.confident
    assert "move numbers on (6, 3), (4, 3)" in " ".join(result.doubts), result.doubts


def test_faint_numbers_of_another_ink_in_a_photo_are_a_tour_in_progress() -> None:
    # novel photo 1170003: the 2 and the 4 (dark red on light squares, off the blends of
    # the board's two colours) show; the 1, 3 and 5 on red squares are lost in the grain
    picture, _ = photographed("knight", 1_170_003, foreign.novel)
    with pytest.raises(
        UnrecognizedError, match=r"tour in progress\? move numbers on \(6, 4\), \(5, 5\)"
    ):
        recognizer.recognize(picture)


def test_board_cut_by_the_picture_or_a_lone_texture_patch_is_no_reading() -> None:
    # read through the screens found in them: 610009's screen above an ad strip cuts the
    # board's seventh row (read as a 6x6 board); 850018's screen is the board itself, its
    # gold N once unseen on grey marble and a light patch of the marble read as the knight
    for drawer, seed in ((foreign.novel, 610_009), (screen, 850_018)):
        picture, truth = drawer("knight", np.random.default_rng(seed))
        with contextlib.suppress(UnrecognizedError):
            assert recognizer.recognize(picture, "knight").puzzle == truth, seed


@pytest.mark.parametrize(
    ("drawer", "seed"), [(screen, 1_050_014), (screen, 1_050_029), (foreign.novel, 1_050_014)]
)
def test_a_line_of_the_lattice_with_no_corners(drawer: Draw, seed: int) -> None:
    # own 1050014: the board's top edge against a dark frame holds no chequer corners, and
    # the lattice jumped it to stray corners in the header (read as 12x6 of 10x6, in
    # doubt); own 1050029: such stray corners, dropped as a sparse line, skewed the fit
    # (no knight found); novel 1050014: a translucent strip across the board hides one
    # line of corners, and the whole lattice is the board (the part above it is in doubt)
    picture, truth = drawer("knight", np.random.default_rng(seed))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


@pytest.mark.parametrize("photo", [False, True])
def test_board_row_under_a_see_through_toast_is_in_doubt(photo: bool) -> None:
    # held-out novel 1365002 (session 10): a dark "Saved to gallery" toast dims the last
    # row of a 9x10 board; the row still alternates along itself, but its light squares
    # are darker than the board's dark ones (it was read as an 8x10 board and solved)
    rng = np.random.default_rng(1_365_002)
    picture, _ = foreign.novel("knight", rng)
    if photo:
        picture, _ = photograph(picture, random_photo_style(rng), rng)
    result = recognize(picture)
    assert not result.confident, result.puzzle
    assert any("size in doubt" in doubt for doubt in result.doubts), result.doubts


def test_board_continued_five_rows_past_a_popup_is_in_doubt() -> None:
    # novel photo 1050020, rectified with its true outline: a popup hides rows 6 to 9 of an
    # 11x10 board; only its last row shows whole below it, five squares past the rows read
    # (a 6x10 board, read confidently when only four rings were looked at)
    rng = np.random.default_rng(1_050_020)
    picture, _ = foreign.novel("knight", rng)
    photo, to_photo = photograph(picture, random_photo_style(rng), rng)
    result = recognize(rectified(photo, to_photo, (picture.shape[1], picture.shape[0])))
    assert not result.confident, result.puzzle
    assert any("size in doubt" in doubt for doubt in result.doubts), result.doubts


@pytest.mark.parametrize("photo", [False, True])
def test_a_tour_under_a_band_across_the_board_is_no_reading(photo: bool) -> None:
    # held-out novel 1800002 (session 12's final run): a tour in progress on a 9x6 board,
    # its numbers 1 to 4 partly under a see-through ad band across rows 8 and 7, the knight
    # on d6; read as a 9x6 start when a lone square off its colour on a side was let be as
    # a highlight (rule withdrawn): the band's squares along the sides put the size in doubt
    if photo:
        picture, _ = photographed("knight", 1_800_002, foreign.novel)
    else:
        picture, _ = foreign.novel("knight", np.random.default_rng(1_800_002))
    with pytest.raises(UnrecognizedError):
        recognizer.recognize(picture)


@pytest.mark.parametrize("photo", [False, True])
def test_a_number_cut_by_a_toast_is_no_reading(photo: bool) -> None:
    # novel 2450036 (session 15's tuning seeds): a tour in progress on a 9x5 board, its red
    # 1 on e1 touching a dark toast over the bottom row, the knight on d3 (read as a fresh
    # board: the 1 and the toast are one blob that crosses the square's sides, no mark);
    # the toast's lines run across three squares, the 1 stands beyond them
    if photo:
        picture, _ = photographed("knight", 2_450_036, foreign.novel)
        with pytest.raises(UnrecognizedError):
            recognizer.recognize(picture, "knight")
    else:
        picture, _ = foreign.novel("knight", np.random.default_rng(2_450_036))
        result = recognize(picture)
        assert "squares cut by a band over the board: (8, 4)" in result.doubts, result.doubts


def test_a_knight_in_the_corner_inside_a_thin_frame_is_read() -> None:
    # own 2500005 (session 15's held-out run): a frame a fifth of a square wide round a
    # small 6x8 board, the lattice's right edge a pixel or two out, so the page beyond
    # the frame took the right strip's median (read as a band over the board)
    picture, truth = screen("knight", np.random.default_rng(2_500_005))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_a_board_bordered_by_the_page_above_an_ad_strip_is_read() -> None:
    # foreign 2640010: an 8x5 board on a dark page, an ad strip a fifth of a square below
    # its last row; the squares' line beyond that side is the strip's red, but the margin
    # right at every edge is the page: the board ends there (it was in doubt)
    picture, truth = foreign.screen("knight", np.random.default_rng(2_640_010))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_crosses_stronger_than_the_board_corners_do_not_use_up_the_lattices() -> None:
    # own 2840009 (session 17's tuning seeds): three crosses, a number and an arrow on a
    # sharpened 8x8 board give 39 corner peaks stronger than the board's own; the crosses'
    # peaks (several to a cross) seeded a dozen lattices that failed alike before a board
    # corner was tried (read as corners everywhere, no board); one failure per place
    picture, truth = screen("knight", np.random.default_rng(2_840_009))
    result = recognize(picture)
    assert result.confident and result.puzzle == truth, result.doubts


def test_a_disc_is_no_knight() -> None:
    """Held-out WRONG (own snake photo 4100008, session 26): a chequered snake field read
    in the photo as it is, its red cherry (a disc, as round as its moments' ellipse, 0.94,
    and as like its images turned a quarter and mirrored, 0.95) scored as the knight of a
    10x10 board, the trees beside it as marks. A shape both round and square-symmetric is a
    mark, not a piece, however tall."""
    photo, _ = photographed("snake", 4_100_008, screen)
    found = recognize(photo)
    assert not found.confident
    assert found.doubts[0].startswith("10x10 board with no piece"), found.doubts


def test_a_row_under_a_tinted_band_goes_on_beyond_the_board() -> None:
    """Held-out WRONG (novel shot 4300013, session 26): a see-through navy ad band over the
    7x7 board's last row; the lattice ended at the band and the 6x7 board was solved. Under
    the tint the row's squares are neither all darker than the dark squares nor all lighter
    than the light ones, but their range is under half the board's, and they alternate in
    the chequer's phase: the chequer goes on under a cover, and the size is in doubt."""
    picture, _ = foreign.novel("knight", np.random.default_rng(4_300_013))
    found = recognize(picture)
    assert not found.confident
    assert any("bottom edge" in doubt for doubt in found.doubts), found.doubts
