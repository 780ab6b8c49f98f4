"""``solve-shot batch``: a level pack (a folder or a .zip) in, annotated pictures and records out.

Outputs mirror the pack's relative paths under the output folder; records go to
``results.jsonl`` through a :class:`~cli.store.ResultStore`, so a second run
skips what is done and a killed run is completed by the next one.
"""

from __future__ import annotations

import io
import logging
import multiprocessing
import signal
import time
import warnings
import zipfile
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO, Any

from PIL import Image

from cli.files import (
    MAX_FILE_BYTES,
    OUTPUT_SUFFIX,
    PART_SUFFIX,
    read_image_bytes,
    write_atomically,
)
from cli.gallery import write_gallery
from cli.pipeline import Options, Record, solve_data
from cli.store import STATE_DIR, ResultStore
from recognizer import set_threads
from solvers.errors import UnreadableImageError, UsageError

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".bmp"})
#: Names that other programs use while a file is still being written.
TEMP_SUFFIXES = (".part", ".tmp", ".crdownload", ".download", ".swp", "~", PART_SUFFIX)
THUMBNAIL_SIDE = 480
#: Seconds between rewrites of results.jsonl during a run.
RESULTS_INTERVAL = 2.0


def is_candidate(relative: PurePosixPath) -> bool:
    """True for a picture to solve: an image name, not hidden, temporary or one of our outputs."""
    name = relative.name
    return (
        not any(part.startswith(".") for part in relative.parts)
        and not name.endswith(OUTPUT_SUFFIX)
        and not name.endswith(TEMP_SUFFIXES)
        and relative.suffix.lower() in IMAGE_SUFFIXES
    )


@dataclass(frozen=True)
class Source:
    """One picture of a pack: a file, or a member of a zip archive."""

    key: str
    path: str
    member: str | None
    fingerprint: str

    def read(self) -> bytes:
        """The picture's bytes."""
        if self.member is None:
            return read_image_bytes(Path(self.path))
        try:
            with zipfile.ZipFile(self.path) as archive:
                info = archive.getinfo(self.member)
                if info.file_size > MAX_FILE_BYTES:
                    raise UnreadableImageError(f"{info.file_size} bytes, too large for an image")
                return archive.read(info)
        except (OSError, zipfile.BadZipFile, KeyError) as exc:
            raise UnreadableImageError(f"cannot read it from the zip ({exc})") from None


def file_fingerprint(path: Path) -> str:
    """Size and modification time: what tells a changed input from an unchanged one."""
    st = path.stat()
    return f"{st.st_size}:{st.st_mtime_ns}"


def discover(pack: Path, exclude: Path | None = None) -> list[Source]:
    """Every picture in a folder (recursively) or a .zip, sorted by relative path.

    Raises
    ------
    UsageError
        When ``pack`` is neither a folder nor a zip archive.
    UnreadableImageError
        When a zip archive is damaged.
    """
    if pack.is_dir():
        # outputs written into the pack itself are told apart by name (see is_candidate)
        excluded = exclude.resolve() if exclude is not None else None
        if excluded == pack.resolve():
            excluded = None
        sources = []
        for path in pack.rglob("*"):
            relative = PurePosixPath(path.relative_to(pack).as_posix())
            if not is_candidate(relative) or not path.is_file():
                continue
            if excluded is not None and path.resolve().is_relative_to(excluded):
                continue
            sources.append(Source(str(relative), str(path), None, file_fingerprint(path)))
        return sorted(sources, key=lambda s: s.key)
    if pack.is_file() and zipfile.is_zipfile(pack):
        try:
            with zipfile.ZipFile(pack) as archive:
                infos = archive.infolist()
        except (OSError, zipfile.BadZipFile) as exc:
            raise UnreadableImageError(f"{pack}: damaged zip archive ({exc})") from None
        sources = []
        for info in infos:
            relative = PurePosixPath(info.filename)
            if info.is_dir() or relative.is_absolute() or ".." in relative.parts:
                continue
            if is_candidate(relative):
                fingerprint = f"{info.file_size}:{info.CRC:08x}"
                sources.append(Source(str(relative), str(pack), info.filename, fingerprint))
        return sorted(sources, key=lambda s: s.key)
    raise UsageError(f"{pack} is neither a folder nor a .zip archive")


def pixel_counts(sources: list[Source]) -> dict[str, int]:
    """Each picture's pixels as its header gives them (0 where it cannot be read).

    Decoding, finding a photo's screen and encoding grow with the pixels, so they say
    roughly how long a picture takes; its bytes do not (a flat screenshot of any size
    compresses to a few kilobytes). Only headers are read.
    """
    counts: dict[str, int] = {}
    with ExitStack() as stack:
        archives: dict[str, zipfile.ZipFile] = {}
        for source in sources:
            try:
                if source.member is None:
                    with Path(source.path).open("rb") as file:
                        counts[source.key] = _header_pixels(file)
                    continue
                if source.path not in archives:
                    archives[source.path] = stack.enter_context(zipfile.ZipFile(source.path))
                with archives[source.path].open(source.member) as member:
                    counts[source.key] = _header_pixels(member)
            except (OSError, zipfile.BadZipFile, KeyError):
                counts[source.key] = 0  # solving it says (quickly) what is wrong
    return counts


def _header_pixels(stream: IO[bytes]) -> int:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(stream) as image:
                return image.width * image.height
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        return 0


@dataclass(frozen=True)
class Task:
    """What a worker needs to solve one picture."""

    source: Source
    output: Path
    thumbnail: Path
    options: Options


def output_path(out_dir: Path, key: str) -> Path:
    """The annotated picture of ``key``, mirroring the pack's layout."""
    relative = PurePosixPath(key)
    return out_dir.joinpath(*relative.parent.parts, relative.stem + OUTPUT_SUFFIX)


def thumbnail_path(out_dir: Path, key: str) -> Path:
    """A small JPEG of the input, for the gallery."""
    return out_dir / STATE_DIR / "inputs" / (key + ".jpg")


def make_task(source: Source, out_dir: Path, options: Options) -> Task:
    """The task that solves ``source`` into ``out_dir``."""
    key = source.key
    return Task(source, output_path(out_dir, key), thumbnail_path(out_dir, key), options)


def run_task(task: Task) -> dict[str, Any]:
    """Solve one picture (in a worker process) and return its record as JSON."""
    try:
        record, image = solve_data(task.source.read, task.source.key, task.output, task.options)
    except UsageError:
        raise
    except Exception as exc:  # one broken picture or bug must not stop a whole pack
        log.debug("failed on %s", task.source.key, exc_info=True)
        message = f"internal error ({type(exc).__name__}: {exc})"
        record, image = Record(file=task.source.key, message=message), None
    if image is not None:
        thumb = Image.fromarray(image)
        thumb.thumbnail((THUMBNAIL_SIDE, THUMBNAIL_SIDE))
        write_atomically(task.thumbnail, _jpeg_bytes(thumb))
    return record.to_json()


def _jpeg_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=80)
    return out.getvalue()


def _single_threaded() -> None:
    """Keep OpenCV and the recognizers to one thread: a batch runs one process per core,
    so their own threads would only compete with the other workers for the same cores."""
    import cv2

    cv2.setNumThreads(1)
    set_threads(1)


def _start_worker() -> None:
    """Workers leave Ctrl-C to the main process, which finishes or abandons their work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _single_threaded()


def make_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool that is safe beside threads (it spawns, never forks)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
    )


def execute(tasks: Iterable[Task], workers: int) -> Iterator[tuple[Task, dict[str, Any]]]:
    """Run ``tasks`` on ``workers`` processes (in this one for 1), yielding as each finishes.

    At most two tasks per worker are queued at a time, so memory stays bounded
    whatever the size of the pack.
    """
    if workers <= 1:
        _single_threaded()
        for task in tasks:
            yield task, run_task(task)
        return
    pending: dict[Future[dict[str, Any]], Task] = {}
    queue = iter(tasks)
    with make_pool(workers) as pool:
        exhausted = False
        while True:
            while not exhausted and len(pending) < 2 * workers:
                queued = next(queue, None)
                if queued is None:
                    exhausted = True
                else:
                    pending[pool.submit(run_task, queued)] = queued
            if not pending:
                return
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()


@dataclass
class BatchOutcome:
    """What a batch run did: every current record, and how many were done now or skipped."""

    records: list[dict[str, Any]]
    done_now: list[dict[str, Any]]
    skipped: int


def run_batch(
    pack: Path,
    out_dir: Path,
    options: Options,
    workers: int = 1,
    on_start: Callable[[int, int], None] | None = None,
    on_record: Callable[[dict[str, Any]], None] | None = None,
) -> BatchOutcome:
    """Solve every picture of ``pack`` not already done into ``out_dir``.

    Parameters
    ----------
    pack : Path
        A folder (searched recursively) or a .zip archive.
    out_dir : Path
        Where annotated pictures, ``results.jsonl`` and ``index.html`` go.
    options : Options
        The game and its options.
    workers : int
        Worker processes.
    on_start : callable, optional
        Called with (pictures to do, pictures skipped) before the work starts.
    on_record : callable, optional
        Called with each new record as it is made.
    """
    sources = discover(pack, exclude=out_dir)
    store = ResultStore(out_dir)
    todo = [s for s in sources if not store.is_done(s.key, s.fingerprint)]
    # largest first (see pixel_counts): a long picture started last would leave the other
    # workers idle at the end. A solve's time cannot be foreseen; ordered by bytes, the flat
    # screenshots came last, among them Bond screens whose search may take its whole budget
    pixels = pixel_counts(todo)
    todo.sort(key=lambda s: -pixels[s.key])
    if on_start is not None:
        on_start(len(todo), len(sources) - len(todo))
    keys = [s.key for s in sources]
    done_now = []
    last_write = time.monotonic()
    for task, record in execute((make_task(s, out_dir, options) for s in todo), workers):
        store.add(task.source.key, task.source.fingerprint, record)
        done_now.append(record)
        if on_record is not None:
            on_record(record)
        if time.monotonic() - last_write > RESULTS_INTERVAL:
            store.write_results(keys)
            last_write = time.monotonic()
    records = store.write_results(keys)
    write_gallery(out_dir, records, {k: thumbnail_path(out_dir, k) for k in keys})
    return BatchOutcome(records, done_now, len(sources) - len(todo))
