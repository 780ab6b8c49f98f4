"""Every game's parse reads the contract's JSON, a whole record, and refuses broken JSON."""

from __future__ import annotations

import importlib
import json

import pytest

from solvers.errors import PuzzleFormatError
from solvers.textform import json_puzzle

PUZZLES = {
    "onestroke": {"rows": 2, "cols": 2, "grid": ["11", "11"], "start": [0, 0]},
    "bond": {"source": [[1, 2], [2, 1]], "target": [[2, 1], [1, 2]], "colors": {}},
    "snake": {"field": ["C.........", *["." * 10] * 6, "0.........", "1.........", "2........."]},
    "tictactoe": {"board": "x---o----", "to_move": "x"},
    "knight": {"rows": 5, "cols": 5, "start": [0, 0]},
}


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_parse_reads_the_contract_form_and_a_whole_record(game: str) -> None:
    module = importlib.import_module(f"solvers.{game}")
    puzzle = module.parse(json.dumps(PUZZLES[game]))
    assert puzzle.to_json() == module.Puzzle.from_json(PUZZLES[game]).to_json()
    record = {"file": "x.png", "game": game, "status": "solved", "puzzle": PUZZLES[game]}
    assert module.parse(json.dumps(record)) == puzzle
    assert module.parse(module.format_puzzle(puzzle)) == puzzle


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_broken_json_is_a_format_error(game: str) -> None:
    with pytest.raises(PuzzleFormatError, match="invalid JSON"):
        importlib.import_module(f"solvers.{game}").parse('{"rows": 5,')


def test_other_notations_are_left_to_the_game() -> None:
    assert json_puzzle("x-o\n---\n---") is None
