"""Foreign looks of every game (tests/render/foreign.py) through auto-detection, as screenshots
and as simulated photos: a reading may be refused, but a confident one must name the drawn
game and its exact puzzle. The red team's open WRONG readings are strict xfails, so each turns
into a failure (to be unmarked) once its recognizer is fixed. Cases of ``novel`` looks (and
of its non-puzzles, game ``"none"``: any confident reading is wrong) have their own tables."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from recognizer import recognize
from recognizer.image import RGBImage
from solvers.errors import UnrecognizedError
from tests.render.foreign import GAMES, novel, screen
from tests.render.mixed import Draw, comparable, photographed

SEEDS = (500000,)
Case = tuple[str, int, bool]  # the game drawn, the seed, photographed
# WRONG readings the red team found and the recognizers' owners fixed: read right or refused
# (fixed ones the owners test themselves are left out: snake 502004, 505001, 512043, and the
# photos 540019, 541007 and 700012 in test_snake.py, bond 502002 photo in test_bond.py,
# tic-tac-toe 540017 and 541004 in test_tictactoe.py, bond 541016 photo and 700018 photo in
# test_onestroke.py)
FIXED_WRONG: dict[Case, str] = {
    ("snake", 505003, False): "tiled snake field read by onestroke as a full 4x8 level",
    ("snake", 504005, False): "tiled snake field read by onestroke as a full 10x10 level",
    ("onestroke", 505004, True): "start put on another tile than the thin ring's",
    ("tictactoe", 504001, True): "two thin O rings read as empty cells",
    ("tictactoe", 505002, True): "a thin two-stroke X read as an empty cell",
    ("snake", 541014, False): "digits-only body read from the wrong end",
    ("tictactoe", 574002, True): "a glare's disc in the middle cell read as a bold X",
    # found by the lead's reading comparison of session 10 (seeds 1300000..), fixed in
    # session 11
    ("snake", 1300027, True): "a body of white digits alone on pale tiles, its marks "
    "lost but on the 3 (the tail): the 3's mark taken for the head's eyes, read reversed",
    # found by the lead's held-out run of session 11 (seeds 1600000..), and so at 0a193cf
    ("tictactoe", 1600010, False): "a board of tiles, the O's of its middle row cut open by "
    "the eraser of grid lines there are none of, the one on (1, 0) read as an X",
    # found by the lead's held-out run of session 12 (seeds 1800000..), fixed in session 13
    ("tictactoe", 1800005, False): "two dark green O's as large as their cells on a dark "
    "speckled page, below the board's ink levels, lost: read as '------x--' at 0.95",
    ("tictactoe", 1800007, True): "a small pale cyan O under a page's pink stripes, lost: "
    "read as an empty board at 0.95",
    # found by the lead's reading comparison of session 13 (seeds 1940000..), fixed in
    # session 17
    ("tictactoe", 1940038, True): "a pale O (6 levels off the page on the screen) washed out "
    "by a glare that clips the pink page's red and blue: read as an empty board at 0.95",
    # found by the tic-tac-toe helper's tuning seeds of session 18 (3230000..), fixed in bc4bdb0
    ("tictactoe", 3230013, True): "grey lines under a bezel's threshold: the line eraser "
    "traced the marks and cut the middle X away, read as '--x--ooox' and solved at 0.95",
    # found by the lead's held-out run of session 19 (seeds 3500000..), fixed then
    ("bond", 3500011, True): "pale pink and pale yellow cells, glare washing two of them "
    "towards white between: read by the one-stroke recognizer as a full 4x4 level",
    # found by the lead's reading comparison of session 22 (seeds 3600000..), so at fb4a04e
    ("bond", 3600006, True): "pale tiles over a row of wide buttons, the one below the last "
    "column (its label the face) read by the one-stroke recognizer as the cat: a 5x4 level",
    ("bond", 3600017, True): "a glare spot lighting one red cell of the board and one of the "
    "target alike: two reds of one cell each, solved",
    # found by the bond helper's tuning seeds of session 17 (2820000..), fixed in session 24
    ("bond", 2820006, True): "two light yellows clipped alike in red and green on every "
    "board cell, told apart only in the target's green: read as one class, solved at 0.98",
    # found by the lead's held-out run of session 23 (seeds 3900000..), fixed in session 24
    ("tictactoe", 3900004, True): "a small board in a window photographed (cells of some "
    "35 pixels) beside the bezel, its small orange X's and struck red O's under the bezel's "
    "ink levels: read as an empty board at 0.95",
}
# and those still open: what was read instead (own non-puzzle photo 2700158, read by bond as a
# 2x2 board and a 2x2 target, pinned here in session 16 although the games' own renderers drew
# it, not ``foreign``, so that its case here could never pass, was fixed in session 17 and is
# tested in test_bond.py)
OPEN_WRONG: dict[Case, str] = {}

# The same for pictures drawn by ``novel`` (session 7)
# (fixed ones the owners test themselves are left out: bond 610009 and 1200002 photos and
# non-puzzle 620048 in test_bond.py, non-puzzle 620012 photo and bond 700014 in
# test_onestroke.py, the tour in progress knight 610001 and 700014, 700018, 700019 in
# test_knight.py, tic-tac-toe 612001 in test_tictactoe.py and test_snake.py)
NOVEL_FIXED_WRONG: dict[Case, str] = {
    ("knight", 610009, False): "a 12x6 board under an ad strip read as its top 6x6",
    # from the lead's held-out run of session 8 (seeds 990000..), fixed in session 9
    ("onestroke", 990000, False): "an ad band over the top rows: the rows below read as a "
    "whole 4x5 level, started on the one darker tile",
    ("onestroke", 990000, True): "the same board photographed, read the same way",
    ("bond", 990014, True): "a 4-colour board photographed read with 3 colour classes",
    ("none", 990017, True): "an ultimate tic-tac-toe board (small marks in each big cell) "
    "read as an empty 3x3 tic-tac-toe board",
    # and from a helper's held-out run of session 9 (seeds 1170000..)
    ("tictactoe", 1170001, False): "a thin grey O (a hover preview, in the blend of the "
    "page's and the lines' colours, 0.45 of the red X's stroke weight) read as an O",
    ("tictactoe", 1170001, True): "the same board photographed, read the same way",
    # found by the lead's reading comparison of session 10 (seeds 1300000..), fixed in
    # session 11
    ("bond", 1300011, False): "a toast over a goal card: its red cells read as a 2x3 "
    "one-stroke level, started on the teal cell beside them (whose other neighbour, blue, "
    "is left out of the surround as the cat's)",
    # found by the tic-tac-toe helper's tuning run of session 11 (seeds 1540000..), fixed
    # in session 12
    ("tictactoe", 1540011, True): "a thin grey hover preview O over a wallpaper blob in the "
    "lines' blue, read with it as one bold X among red X's",
    # found by the lead's held-out run of session 11 (seeds 1600000..), fixed in session 12
    ("knight", 1600005, True): "a 6x12 board under a dialog over its last row: the five rows "
    "above it read as a whole 5x12 board at 0.9",
    ("knight", 1600013, True): "a 7x5 board under a see-through ad band across two rows: "
    "the five rows above it read as a whole 5x5 board at 0.9",
    # found by the snake helper's held-out run of session 12 (seeds 1763000..), fixed then
    ("tictactoe", 1763000, False): "a blue O on a page of blue checks, its colour near the "
    "page's mean, lost below the noise of the checks: read as an empty board at 0.95",
    # found by the lead's held-out run of session 12 (seeds 1800000..), fixed in session 13
    ("onestroke", 1800003, True): "a begun stroke, the pale cat passed over and the passed "
    "tile beside it taken for the cat: a 2x6 level read upside down at 1.0",
    ("bond", 1800018, True): "a 6-colour board and target read with colour 6 merged into 1 at 0.89",
    ("knight", 1800000, False): "a 10x10 board under a dialog over its last four rows, the "
    "board found as a screen: read as its 6x10 part at 0.9",
    # found by the one-stroke helper's held-out run of session 12 (seeds 1761000..), fixed
    # in session 13
    ("knight", 1761000, True): "a tour in progress on a small board (squares of 15 pixels in "
    "the photo), its move numbers lost in the blur: read as a 12x9 start at 0.9",
    # found by the lead's held-out run of session 14 (seeds 2300000..), fixed then
    ("snake", 2300019, False): "a snake's body of numbered discs (digits on 10-19% of each "
    "disc) read by the one-stroke recognizer as a 3x4 level of tiles, the head as its cat",
    # found by the one-stroke helper's held-out run of session 16 (seeds 2661000..), fixed in
    # session 17
    ("snake", 2661001, True): "a snake board under a dialog (no truth): the snake's purple "
    "numbered discs, their digits thinned by blur under the glyph share, read by the one-stroke "
    "recognizer as a 3x3 level, the head's eyes as the cat",
    # found by the one-stroke helper's held-out run of session 17 (seeds 2861000..), fixed then
    ("onestroke", 2861007, False): "a level in progress (glossy tiles, a dark stroke across "
    "its first rows) taken by the tic-tac-toe recognizer for a panel, its gaps and gloss for "
    "a #: read as an empty board at 0.75",
    # found by the lead's reading comparison of session 19 (seeds 3270000..), so at 51e64e0
    ("bond", 3270004, True): "a dialog over a 6x2 board's last rows (no truth): the four "
    "rows above it read with the target's last four rows, the dialog's shadow parting its "
    "first two (one colour, purple) into a group of their own: solved",
    # found by the bond helper's held-out run of session 17 (seeds 2862000..), fixed in
    # session 22
    ("bond", 2862003, False): "a dialog over the lower third of a 4x4 board's last row (no "
    "truth): the row's visible parts read as whole cells, solved at 1.0",
    # found by the lead's reading comparison of session 22 (seeds 3700000..), so at fb4a04e;
    # refused since 31305a7 by bond's cut side (the left halves of hexagons reach less far)
    ("onestroke", 3700019, False): "hexagonal tiles, each a light triangle on a darker "
    "rest, under a toast: two 2x2 blocks of them read by bond as a board and its target",
    # found by the lead's held-out run of session 22 (seeds 3800000..), at 3b79f23; fixed in
    # session 23
    ("bond", 3800014, False): "a dialog over the middle rows of a 6x2 board (no truth): its "
    "top and bottom 2x2 parts, one lattice, read as a board and its target, solved at 1.0",
    ("tictactoe", 3800016, False): "a thin light grey hover preview X alone on an empty "
    "board of bold neon lines, read as the first move at 0.95",
    ("tictactoe", 3800001, True): "a thin grey hover preview X among bold red X's: the "
    "rectified screen's left line, near the X's, not erased, gave them its colour; read as "
    "an X at 0.95",
    # found by the lead's reading comparison of session 23 (seeds 3830000..), at 88e5c48
    ("bond", 3830024, False): "orange, gold and rust cells, the orange between the other "
    "two, read as one colour class in both grids alike: a 6-colour 2x4 level solved with 4",
    ("bond", 3830024, True): "the same level photographed, read the same way",
    # found by the lead's held-out run of session 23 (seeds 3900000..), at 1e75215
    ("tictactoe", 3900019, False): "a thin grey hover preview O beside a chalk X on a chalk "
    "board, the chalk panel found as a screen: read as an O at 0.95",
}
# and those still open (bond 1200002's photo, the GOAL card's 4x4 target under a dialog read
# as two 2x4 grids, board and target, was fixed in session 10 and is tested in test_bond.py)
# (knight 2450036, shot and photo, found by the knight helper's tuning seeds of session 15,
# was fixed in session 16 and is tested in test_knight.py)
NOVEL_OPEN_WRONG: dict[Case, str] = {}


def _picture(game: str, seed: int, photo: bool, draw: Draw = screen) -> tuple[RGBImage, Any]:
    """The picture of ``seed`` drawn by ``draw`` (as bench/trust.py draws it), or its photo."""
    if photo:
        return photographed(game, seed, draw)
    return draw(game, np.random.default_rng(seed))


def _params(cases: list[Case], draw: Draw, open_wrong: dict[Case, str]) -> list[Any]:
    return [
        pytest.param(
            *case,
            draw,
            marks=[pytest.mark.xfail(strict=True, reason=f"open WRONG: {open_wrong[case]}")]
            if case in open_wrong
            else [],
            id=f"{draw.__name__}-{case[0]}-{case[1]}-{'photo' if case[2] else 'flat'}",
        )
        for case in cases
    ]


def _cases() -> list[Any]:
    cases = [(game, seed, False) for game in GAMES for seed in SEEDS]
    cases += [case for case in (*FIXED_WRONG, *OPEN_WRONG) if case not in cases]
    novel_cases = [*NOVEL_FIXED_WRONG, *NOVEL_OPEN_WRONG]
    return _params(cases, screen, OPEN_WRONG) + _params(novel_cases, novel, NOVEL_OPEN_WRONG)


def test_screen_contract() -> None:
    image, puzzle = screen("knight", np.random.default_rng(7))
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert puzzle.rows * puzzle.cols > 0


@pytest.mark.parametrize(
    ("seed", "hidden"),
    [(2_300_002, True), (2_300_014, False), (630_002, False), (2_300_001, False)],
)
def test_a_board_partly_hidden_has_no_truth(seed: int, hidden: bool) -> None:
    """A dialog over the lower rows (2300002) leaves nothing a reader may report: the truth
    is None, a refusal. An ad strip across the bottom row (2300014) and a toast (630002)
    are translucent, and no overlay at all (2300001) hides nothing: the board is the truth."""
    _, truth = novel("tictactoe", np.random.default_rng(seed))
    assert (truth is None) == hidden


@pytest.mark.parametrize(("game", "seed", "photo", "draw"), _cases())
def test_confident_reading_is_the_drawn_puzzle(
    game: str, seed: int, photo: bool, draw: Draw
) -> None:
    image, truth = _picture(game, seed, photo, draw)
    try:
        found = recognize(image)
    except UnrecognizedError:
        return  # a refusal is a miss, never a wrong answer
    assert found.game == game
    assert comparable(found.puzzle) == comparable(truth)
