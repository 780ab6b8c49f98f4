"""Where batch and watch keep their records, safe against a kill at any moment.

Each finished image is appended, as one line, to a journal
(``DIR/.solve-shot/journal.jsonl``) together with the fingerprint of its input;
``DIR/results.jsonl`` is rewritten from the journal through a temporary file and
a rename, so it is never torn. A line torn by a kill is dropped when the journal
is read back, and the image is simply done again.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cli.files import PART_SUFFIX, write_atomically

log = logging.getLogger(__name__)

STATE_DIR = ".solve-shot"
RESULTS_NAME = "results.jsonl"


@dataclass(frozen=True)
class Entry:
    """One image's record and the fingerprint of the input it was made from."""

    key: str
    fingerprint: str
    record: dict[str, Any]


class ResultStore:
    """The records of one output folder, keyed by the input's relative path."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.state_dir = out_dir / STATE_DIR
        self.journal_path = self.state_dir / "journal.jsonl"
        self.results_path = out_dir / RESULTS_NAME
        self.state_dir.mkdir(parents=True, exist_ok=True)
        self._remove_stale_parts()
        self.entries: dict[str, Entry] = self._read_journal()
        self._rewrite_journal()

    def _remove_stale_parts(self) -> None:
        """Delete temporary files a killed run left behind (see ``write_atomically``)."""
        for part in self.out_dir.rglob(f"*{PART_SUFFIX}"):
            part.unlink(missing_ok=True)

    def _read_journal(self) -> dict[str, Entry]:
        entries: dict[str, Entry] = {}
        if not self.journal_path.exists():
            return entries
        for line in self.journal_path.read_text(encoding="utf-8").splitlines():
            try:
                obj = json.loads(line)
                entry = Entry(str(obj["key"]), str(obj["fingerprint"]), dict(obj["record"]))
            except (ValueError, KeyError, TypeError):
                log.warning("dropping a torn journal line in %s", self.journal_path)
                continue
            entries[entry.key] = entry
        return entries

    def _rewrite_journal(self) -> None:
        lines = (_journal_line(e) for e in self.entries.values())
        write_atomically(self.journal_path, "".join(lines).encode("utf-8"))

    def is_done(self, key: str, fingerprint: str) -> bool:
        """True when ``key`` has a record made from an input with this fingerprint."""
        entry = self.entries.get(key)
        return entry is not None and entry.fingerprint == fingerprint

    def add(self, key: str, fingerprint: str, record: dict[str, Any]) -> None:
        """Record one image durably (one appended, flushed and synced journal line)."""
        entry = Entry(key, fingerprint, record)
        self.entries[key] = entry
        with self.journal_path.open("a", encoding="utf-8") as fh:
            fh.write(_journal_line(entry))
            fh.flush()
            os.fsync(fh.fileno())

    def write_results(self, keys: list[str] | None = None) -> list[dict[str, Any]]:
        """Rewrite ``results.jsonl`` with the records of ``keys`` (default: all), sorted.

        Returns the records written.
        """
        chosen = sorted(self.entries if keys is None else (k for k in keys if k in self.entries))
        records = [self.entries[k].record for k in chosen]
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
        write_atomically(self.results_path, text.encode("utf-8"))
        return records


def _journal_line(entry: Entry) -> str:
    obj = {"key": entry.key, "fingerprint": entry.fingerprint, "record": entry.record}
    return json.dumps(obj, ensure_ascii=False) + "\n"
