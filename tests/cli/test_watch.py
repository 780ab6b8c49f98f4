"""``solve-shot watch`` as a real process: new files, a slow writer, a corrupt file, Ctrl-C."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tests.cli.conftest import REAL, read_records


def _wait_for(condition: Callable[[], bool], timeout: float = 90) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def _records(folder: Path) -> dict[str, str]:
    results = folder / "results.jsonl"
    if not results.exists():
        return {}
    return {r["file"]: r["status"] for r in read_records(results)}


def test_watcher_solves_new_files_and_stops_cleanly(tmp_path: Path) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    shutil.copy(REAL / "onestroke-level641-video-frame.png", folder / "present.png")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "watch", str(folder), "--settle", "0.3", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # a file already there at start is handled
        assert _wait_for(lambda: "present.png" in _records(folder))
        shutil.copy(REAL / "bond-gameplay-no-puzzle.jpg", folder / "frame.jpg")
        (folder / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 100)
        (folder / ".hidden.png").write_bytes(b"ignored")
        (folder / "draft.png.part").write_bytes(b"ignored")
        data = (REAL / "onestroke-level643.png").read_bytes()
        with (folder / "slow.png").open("wb") as fh:  # a slow writer pausing mid-file
            fh.write(data[: len(data) // 3])
            fh.flush()
            time.sleep(1.0)
            fh.write(data[len(data) // 3 :])
        (folder / "sub").mkdir()
        moved = tmp_path / "elsewhere.png"
        shutil.copy(REAL / "onestroke-level641-video-frame.png", moved)
        moved.rename(folder / "sub" / "moved-in.png")  # a sync client's rename
        expected = {
            "present.png": "solved",
            "frame.jpg": "unrecognized",
            "corrupt.png": "unreadable",
            "slow.png": "solved",
            "sub/moved-in.png": "solved",
        }
        assert _wait_for(lambda: _records(folder) == expected), _records(folder)
    finally:
        proc.send_signal(signal.SIGINT)
        _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr
    assert (folder / "slow.solved.png").exists()
    assert (folder / "sub" / "moved-in.solved.png").exists()
    assert not list(folder.rglob("*.solve-shot-part"))
    # its own outputs were not taken as new pictures
    assert len(read_records(folder / "results.jsonl")) == len(expected)


def test_watcher_stops_on_sigterm_with_nothing_to_do(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cli", "watch", str(tmp_path)],
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    assert "watching" in proc.stderr.readline()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == 0


def test_watching_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cli", "watch", str(tmp_path / "nope")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
