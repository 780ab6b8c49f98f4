"""The command line: exit codes, messages, JSON records and output files, per the contract."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from cli.app import app, plan_outputs
from recognizer.image import encode_png
from solvers.errors import UsageError

runner = CliRunner()


@pytest.fixture
def blank_png(tmp_path: Path) -> Path:
    path = tmp_path / "blank.png"
    path.write_bytes(encode_png(np.full((400, 300, 3), 240, np.uint8)))
    return path


def test_version_and_help() -> None:
    assert runner.invoke(app, ["--version"]).stdout.startswith("solve-shot ")
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "solve" in result.stdout


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_help_and_version_load_no_image_library(flag: str) -> None:
    """Start-up stays instant: the heavy libraries load only when a picture is read."""
    probe = (
        "import sys\n"
        "from cli.app import main\n"
        f"sys.argv = ['solve-shot', '{flag}']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = {'numpy', 'cv2', 'PIL.Image', 'scipy', 'skimage'} & set(sys.modules)\n"
        "print(sorted(heavy))\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stderr


def test_missing_file_is_unreadable_with_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, [str(tmp_path / "nothere.png")])
    assert result.exit_code == 3
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "no such file" in result.stderr


def test_text_file_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("not a picture")
    result = runner.invoke(app, [str(path), "--json"])
    assert result.exit_code == 3
    record = json.loads(result.stdout)
    assert record["status"] == "unreadable"
    assert record["puzzle"] is None and record["annotated"] is None


def test_picture_without_a_puzzle_is_unrecognized(blank_png: Path) -> None:
    result = runner.invoke(app, [str(blank_png)])
    assert result.exit_code == 4
    assert "unrecognized" in result.stderr
    assert not blank_png.with_name("blank.solved.png").exists()


def test_json_prints_one_record_per_input_and_exits_with_the_worst(
    blank_png: Path, tmp_path: Path
) -> None:
    missing = tmp_path / "missing.jpg"
    result = runner.invoke(app, [str(missing), str(blank_png), "--json"])
    lines = result.stdout.splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["status"] for r in records] == ["unreadable", "unrecognized"]
    assert [r["file"] for r in records] == [str(missing), str(blank_png)]
    assert set(records[1]) >= {"game", "message", "confidence", "timings_ms", "solution"}
    assert result.exit_code == 4


def test_unknown_game_is_a_usage_error(blank_png: Path) -> None:
    result = runner.invoke(app, [str(blank_png), "--game", "chess"])
    assert result.exit_code == 2


def test_no_arguments_is_a_usage_error() -> None:
    assert runner.invoke(app, []).exit_code == 2


def test_refuses_to_overwrite_its_input(blank_png: Path) -> None:
    before = blank_png.read_bytes()
    result = runner.invoke(app, [str(blank_png), "--out", str(blank_png)])
    assert result.exit_code == 2
    assert "overwrite" in result.stderr
    assert blank_png.read_bytes() == before


def test_plan_outputs(tmp_path: Path) -> None:
    a, b = tmp_path / "a" / "x.png", tmp_path / "b" / "x.jpg"
    assert plan_outputs([a], None) == [tmp_path / "a" / "x.solved.png"]
    assert plan_outputs([a], tmp_path / "o.png") == [tmp_path / "o.png"]
    out = tmp_path / "out"
    assert plan_outputs([a, b], out) == [out / "x.solved.png", out / "x-2.solved.png"]
    (tmp_path / "file").write_text("")
    with pytest.raises(UsageError):
        plan_outputs([a, b], tmp_path / "file")


REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"


def test_real_screenshot_is_solved_and_drawn_without_touching_the_input(tmp_path: Path) -> None:
    from solvers import onestroke

    shot = tmp_path / "level643.png"
    shot.write_bytes((REAL / "onestroke-level643.png").read_bytes())
    before = shot.read_bytes()
    result = runner.invoke(app, [str(shot), "--json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["game"] == "onestroke" and record["status"] == "solved"
    truth = json.loads((REAL / "onestroke-level643.json").read_text())
    assert record["puzzle"]["grid"] == truth["grid"]
    puzzle = onestroke.Puzzle.from_json(record["puzzle"])
    onestroke.verify(puzzle, onestroke.Solution.from_json(record["solution"]))
    assert record["annotated"] == str(tmp_path / "level643.solved.png")
    assert (tmp_path / "level643.solved.png").stat().st_size > 0
    assert shot.read_bytes() == before


def test_first_says_who_opened_a_tictactoe_game(tmp_path: Path) -> None:
    web = str(REAL / "tictactoe-web-app.png")  # x and o have one mark each
    out = str(tmp_path / "o.png")
    default = json.loads(runner.invoke(app, [web, "--json", "--out", out]).stdout)
    assert default["puzzle"]["to_move"] == "x"
    o_first = json.loads(runner.invoke(app, [web, "--json", "--first", "o", "-o", out]).stdout)
    assert o_first["puzzle"]["to_move"] == "o"
    assert runner.invoke(app, [web, "--first", "z"]).exit_code == 2
