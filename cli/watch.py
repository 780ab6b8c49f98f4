"""``solve-shot watch``: solve each picture that appears in a folder, until stopped.

A picture is taken once it is completely written: its size and modification
time have not changed for ``settle`` seconds. One that turns out not to decode
is tried again a little later, until it has been unchanged for a long time;
then it is recorded as unreadable.
Outputs, records and the gallery's thumbnails are written as batch writes them.
"""

from __future__ import annotations

import logging
import queue
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from types import FrameType
from typing import Any

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from cli.batch import (
    Source,
    discover,
    file_fingerprint,
    is_candidate,
    make_pool,
    make_task,
    run_task,
)
from cli.pipeline import Options, Record
from cli.store import ResultStore

log = logging.getLogger(__name__)

#: A picture that changed less than this many ``settle`` periods ago gets time to finish.
GRACE_PERIODS = 10
POLL_SECONDS = 0.1


class _Events(FileSystemEventHandler):
    """Hands the paths of created, modified and moved-in files to the main loop."""

    def __init__(self, paths: queue.SimpleQueue[Path]) -> None:
        self.paths = paths

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type not in ("created", "modified", "moved", "closed"):
            return
        target = event.dest_path if event.event_type == "moved" else event.src_path
        self.paths.put(Path(str(target)))


@dataclass
class _Pending:
    fingerprint: str
    changed_at: float
    #: Not before this time (set when a picture did not decode yet).
    retry_at: float = 0.0


class Watcher:
    """Solve new pictures in ``folder`` into ``out_dir`` with at most ``workers`` processes."""

    def __init__(
        self,
        folder: Path,
        out_dir: Path,
        options: Options,
        workers: int = 1,
        settle: float = 1.0,
        on_record: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self.folder = folder
        self.out_dir = out_dir
        self.options = options
        self.workers = workers
        self.settle = settle
        self.on_record = on_record
        self.store = ResultStore(out_dir)
        self.stopping = threading.Event()
        self._paths: queue.SimpleQueue[Path] = queue.SimpleQueue()
        self._pending: dict[str, _Pending] = {}
        self._in_flight: dict[Future[dict[str, Any]], tuple[Source, _Pending]] = {}

    def stop(self, signum: int = 0, frame: FrameType | None = None) -> None:
        """Ask the loop to stop (safe from a signal handler)."""
        self.stopping.set()

    def _key(self, path: Path) -> str | None:
        """The picture's key, or None when it is not one to solve."""
        try:
            relative = PurePosixPath(path.relative_to(self.folder).as_posix())
        except ValueError:
            return None
        if not is_candidate(relative):
            return None
        out = self.out_dir.resolve()
        if out != self.folder.resolve() and path.resolve().is_relative_to(out):
            return None
        return str(relative)

    def _note(self, path: Path, now: float) -> None:
        key = self._key(path)
        if key is None:
            return
        try:
            fingerprint = file_fingerprint(path)
        except OSError:
            self._pending.pop(key, None)
            return
        if self.store.is_done(key, fingerprint):
            return
        seen = self._pending.get(key)
        if seen is None or seen.fingerprint != fingerprint:
            self._pending[key] = _Pending(fingerprint, now)

    def _ready(self, pending: _Pending, now: float) -> bool:
        """Unchanged for ``settle`` seconds, and not waiting for a retry."""
        return now - pending.changed_at >= self.settle and now >= pending.retry_at

    def _dispatch(self, pool: ProcessPoolExecutor, now: float) -> None:
        for key, pending in list(self._pending.items()):
            if len(self._in_flight) >= self.workers:
                return
            path = self.folder / key
            try:
                fingerprint = file_fingerprint(path)
            except OSError:
                del self._pending[key]
                continue
            if fingerprint != pending.fingerprint:
                self._pending[key] = _Pending(fingerprint, now)
            elif self._ready(pending, now) and not any(
                s.key == key for s, _ in self._in_flight.values()
            ):
                del self._pending[key]
                source = Source(key, str(path), None, fingerprint)
                task = make_task(source, self.out_dir, self.options)
                self._in_flight[pool.submit(run_task, task)] = (source, pending)

    def _collect(self, now: float, wait: bool = False) -> None:
        collected = False
        for future in list(self._in_flight):
            if not wait and not future.done():
                continue
            source, pending = self._in_flight.pop(future)
            try:
                record = future.result()
            except Exception as exc:  # e.g. an output that cannot be written: keep watching
                log.debug("failed on %s", source.key, exc_info=True)
                record = Record(file=source.key, message=f"failed ({exc})").to_json()
            young = now - pending.changed_at < self.settle * GRACE_PERIODS
            if record["status"] == "unreadable" and young and not wait:
                # perhaps still being written: try again once it has had time to finish
                pending.retry_at = now + self.settle
                self._pending.setdefault(source.key, pending)
                continue
            self.store.add(source.key, source.fingerprint, record)
            collected = True
            if self.on_record is not None:
                self.on_record(record)
        if collected:
            self.store.write_results()

    def run(self) -> None:
        """Watch until :meth:`stop`; finish the pictures in flight, then return."""
        observer = Observer()
        observer.schedule(_Events(self._paths), str(self.folder), recursive=True)
        observer.start()
        now = time.monotonic()
        for source in discover(self.folder, exclude=self.out_dir):
            if not self.store.is_done(source.key, source.fingerprint):
                self._pending[source.key] = _Pending(source.fingerprint, now - self.settle)
        try:
            with make_pool(self.workers) as pool:
                while not self.stopping.is_set():
                    now = time.monotonic()
                    while not self._paths.empty():
                        self._note(self._paths.get(), now)
                    self._collect(now)
                    self._dispatch(pool, now)
                    self.stopping.wait(POLL_SECONDS)
                self._collect(time.monotonic(), wait=True)
        finally:
            observer.stop()
            observer.join()


def install_stop_signals(watcher: Watcher) -> None:
    """Stop ``watcher`` cleanly on SIGINT (Ctrl-C) and SIGTERM."""
    signal.signal(signal.SIGINT, watcher.stop)
    signal.signal(signal.SIGTERM, watcher.stop)
