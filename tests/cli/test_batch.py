"""``solve-shot batch`` over folders and zips: records, mirrored outputs, resume, kills."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

from cli.batch import discover, pixel_counts
from recognizer.image import decode_image
from solvers import onestroke
from tests.cli.conftest import read_records, solve_shot

EXPECTED = {
    "broken.png": "unreadable",
    "frame.jpg": "unrecognized",
    "levels/641.png": "solved",
    "levels/643.png": "solved",
}


def _check_outputs(out: Path) -> None:
    records = read_records(out / "results.jsonl")
    assert {r["file"]: r["status"] for r in records} == EXPECTED
    assert [r["file"] for r in records] == sorted(EXPECTED)
    for r in records:
        if r["status"] == "solved":
            puzzle = onestroke.Puzzle.from_json(r["puzzle"])
            onestroke.verify(puzzle, onestroke.Solution.from_json(r["solution"]))
            assert Path(r["annotated"]) == out / "levels" / (Path(r["file"]).stem + ".solved.png")
            assert decode_image(Path(r["annotated"]).read_bytes()).shape[2] == 3
    page = (out / "index.html").read_text()
    assert page.index("broken.png") < page.index("levels/643.png")  # failures first
    assert "http" not in page  # viewable offline


def test_folder_pack_then_second_run_adds_nothing(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = solve_shot("batch", str(pack), "--out", str(out), "--workers", "2")
    assert first.returncode == 4, first.stderr  # the worst: an unrecognized picture
    _check_outputs(out)
    before = (out / "results.jsonl").read_text()
    second = solve_shot("batch", str(pack), "--out", str(out))
    assert second.returncode == 4
    assert "4 picture(s) already done" in second.stderr
    assert (out / "results.jsonl").read_text() == before


def test_changed_input_is_done_again(pack: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    solve_shot("batch", str(pack), "--out", str(out), "--workers", "1")
    (pack / "broken.png").write_bytes(b"still broken, but changed")
    again = solve_shot("batch", str(pack), "--out", str(out), "--workers", "1")
    assert "3 picture(s) already done" in again.stderr
    assert "[1/1] broken.png: unreadable" in again.stderr


def _zipped(pack: Path, archive: Path) -> Path:
    """``pack``'s files in the .zip ``archive``, at their relative paths."""
    with zipfile.ZipFile(archive, "w") as zf:
        for path in sorted(pack.rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(pack).as_posix())
    return archive


def test_zip_pack(pack: Path, tmp_path: Path) -> None:
    archive = _zipped(pack, tmp_path / "pack.zip")
    out = tmp_path / "zout"
    result = solve_shot("batch", str(archive), "--out", str(out), "--workers", "2")
    assert result.returncode == 4, result.stderr
    _check_outputs(out)


def test_pictures_are_weighed_by_their_pixels_read_from_headers(pack: Path, tmp_path: Path) -> None:
    archive = _zipped(pack, tmp_path / "pack.zip")
    pictures = [key for key, status in EXPECTED.items() if status != "unreadable"]
    expected = {key: decode_image((pack / key).read_bytes()).size // 3 for key in pictures}
    expected["broken.png"] = 0  # its header does not say
    assert pixel_counts(discover(pack)) == expected
    assert pixel_counts(discover(archive)) == expected


def test_not_a_pack_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "file.txt").write_text("x")
    result = solve_shot("batch", str(tmp_path / "file.txt"), "--out", str(tmp_path / "o"))
    assert result.returncode == 2
    assert result.stderr.strip().count("\n") == 0


def test_resume_after_sigkill(pack: Path, tmp_path: Path) -> None:
    for i in range(6):  # a longer pack, so the kill lands mid-run
        (pack / f"copy{i}.png").write_bytes((pack / "levels" / "641.png").read_bytes())
    out = tmp_path / "out"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "batch", str(pack), "--out", str(out), "--workers", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    journal = out / ".solve-shot" / "journal.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if journal.exists() and journal.read_text().count("\n") >= 2:
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    # whatever the moment, every visible output is whole
    for picture in out.rglob("*.solved.png"):
        decode_image(picture.read_bytes())
    if (out / "results.jsonl").exists():
        read_records(out / "results.jsonl")
    result = solve_shot("batch", str(pack), "--out", str(out), "--workers", "2")
    assert "already done" in result.stderr
    records = read_records(out / "results.jsonl")
    files = [r["file"] for r in records]
    assert files == sorted(set(files)) and len(files) == 10
    assert not list(out.rglob("*.solve-shot-part"))


def test_outputs_written_into_the_pack_are_not_taken_as_pictures(pack: Path) -> None:
    first = solve_shot("batch", str(pack), "--out", str(pack), "--workers", "1")
    assert first.returncode == 4, first.stderr
    assert (pack / "levels" / "643.solved.png").exists()
    second = solve_shot("batch", str(pack), "--out", str(pack), "--workers", "1")
    assert "4 picture(s) already done" in second.stderr
    assert len(read_records(pack / "results.jsonl")) == 4
