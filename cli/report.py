"""How batch and watch show progress: a rich bar on a terminal, plain lines otherwise."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from types import TracebackType
from typing import Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


def record_line(record: dict[str, Any]) -> str:
    """One line for one record: ``file: game status: message``."""
    game = f" {record['game']}" if record.get("game") else ""
    message = f": {record['message']}" if record.get("message") else ""
    return f"{record['file']}:{game} {record['status']}{message}"


class ProgressReport:
    """Progress over a known number of pictures, shown on stderr."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.total = 0
        self.count = 0
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> ProgressReport:
        return self

    def start(self, todo: int, skipped: int) -> None:
        """Begin: ``todo`` pictures to do, ``skipped`` already done."""
        self.total = todo
        if skipped:
            typer.echo(f"{skipped} picture(s) already done, skipped", err=True)
        if sys.stderr.isatty() and todo:
            self._progress = Progress(
                TextColumn(self.label),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
            )
            self._progress.start()
            self._task = self._progress.add_task(self.label, total=todo, rate="")

    def advance(self, record: dict[str, Any]) -> None:
        """One more picture done."""
        self.count += 1
        if self._progress is not None and self._task is not None:
            elapsed = self._progress.tasks[0].elapsed or 0.0
            rate = f"{self.count / elapsed:.1f}/s" if elapsed > 0 else ""
            self._progress.update(self._task, advance=1, rate=rate)
            if record["status"] != "solved":
                self._progress.console.print(record_line(record))
        else:
            typer.echo(f"[{self.count}/{self.total}] {record_line(record)}", err=True)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._progress is not None:
            self._progress.stop()


def summary(records: Sequence[dict[str, Any]], done_now: Sequence[dict[str, Any]]) -> str:
    """Counts by status and by game, and the slowest pictures of this run."""
    by_status = Counter(r["status"] for r in records)
    by_game = Counter(r["game"] or "none" for r in records)
    lines = [
        f"{len(records)} picture(s): "
        + ", ".join(f"{n} {s}" for s, n in sorted(by_status.items())),
        "by game: " + ", ".join(f"{n} {g}" for g, n in sorted(by_game.items())),
    ]
    slowest = sorted(done_now, key=lambda r: -sum(r["timings_ms"].values()))[:5]
    if slowest:
        lines.append(
            "slowest: "
            + ", ".join(f"{r['file']} {sum(r['timings_ms'].values()):.0f} ms" for r in slowest)
        )
    return "\n".join(lines)
