"""File handling shared by every command: input bytes, output names, atomic writes.

Standard library only, so that importing it costs nothing at start-up.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from solvers.errors import UnreadableImageError

#: Suffix of the annotated picture written beside its input.
OUTPUT_SUFFIX = ".solved.png"
#: Suffix of the temporary files that become outputs by a rename.
PART_SUFFIX = ".solve-shot-part"
#: Largest input file read, in bytes (a picture within the pixel limits is far smaller).
MAX_FILE_BYTES = 200 * 1024 * 1024

_UMASK = os.umask(0o022)
os.umask(_UMASK)


def default_output(path: Path) -> Path:
    """``<stem>.solved.png`` beside the input."""
    return path.with_name(path.stem + OUTPUT_SUFFIX)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, never half-written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=PART_SUFFIX, dir=path.parent)
    try:
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes 0600; give the usual permissions
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_image_bytes(path: Path) -> bytes:
    """Read an input file, with clear errors for what cannot be an image."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise UnreadableImageError(f"file is {size} bytes, too large for an image")
        return path.read_bytes()
    except FileNotFoundError:
        raise UnreadableImageError("no such file") from None
    except IsADirectoryError:
        raise UnreadableImageError("is a folder, not an image") from None
    except OSError as exc:
        raise UnreadableImageError(f"cannot read file ({exc.strerror or exc})") from None
