"""Fixtures for driving the real ``solve-shot`` process over real files."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REAL = Path(__file__).resolve().parents[2] / "sample_images" / "real"


def solve_shot(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """Run the command line in a fresh interpreter, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every record of a results.jsonl file (each line must be whole JSON)."""
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A small mixed pack: a solvable level in a sub-folder, another game's capture,
    a non-puzzle frame, a corrupt picture, and files that are not pictures to solve."""
    root = tmp_path / "pack"
    (root / "levels").mkdir(parents=True)
    shutil.copy(REAL / "onestroke-level643.png", root / "levels" / "643.png")
    shutil.copy(REAL / "onestroke-level641-video-frame.png", root / "levels" / "641.png")
    shutil.copy(REAL / "bond-gameplay-no-puzzle.jpg", root / "frame.jpg")
    (root / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    (root / "notes.txt").write_text("not a picture")
    (root / ".hidden.png").write_bytes(b"")
    return root
