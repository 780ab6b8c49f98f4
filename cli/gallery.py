"""``index.html``: an offline gallery of a batch, each input beside its annotated picture."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from cli.files import write_atomically

_STYLE = """
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;background:#f4f4f4;color:#222}
h1{font-size:1.3em}.card{background:#fff;border-radius:8px;margin:0 0 1em;padding:.8em;
box-shadow:0 1px 3px #0002}.pics{display:flex;gap:1em;flex-wrap:wrap}
.pics img{max-height:360px;max-width:45vw;border:1px solid #ccc}
.badge{display:inline-block;border-radius:4px;padding:0 .5em;color:#fff;font-weight:600}
.solved{background:#2a8a4a}.unsolvable{background:#c77d00}.unrecognized{background:#b3261e}
.unreadable{background:#555}.msg{color:#555}.none{width:240px;height:160px;display:flex;
align-items:center;justify-content:center;background:#eee;color:#777}
"""


def _img(out_dir: Path, target: Path | None, alt: str) -> str:
    if target is None or not target.exists():
        return f'<div class="none">{html.escape(alt)}</div>'
    href = quote(Path(os.path.relpath(target, out_dir)).as_posix())
    return f'<a href="{href}"><img loading="lazy" src="{href}" alt="{html.escape(alt)}"></a>'


def write_gallery(
    out_dir: Path, records: Sequence[dict[str, Any]], thumbnails: dict[str, Path]
) -> Path:
    """Write ``out_dir/index.html``: failures first, then solved, each in pack order.

    Parameters
    ----------
    out_dir : Path
        The batch's output folder; every link in the page is relative to it.
    records : sequence of dict
        The contract's records.
    thumbnails : dict
        Input thumbnail of each record, by its ``file``.
    """
    ordered = sorted(records, key=lambda r: (r["status"] == "solved", r["file"]))
    counts: dict[str, int] = {}
    for r in records:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    cards = []
    for r in ordered:
        status = html.escape(r["status"])
        annotated = Path(r["annotated"]) if r.get("annotated") else None
        cards.append(
            f'<div class="card"><div><span class="badge {status}">{status}</span> '
            f"<b>{html.escape(r['file'])}</b> {html.escape(r.get('game') or '')} "
            f'<span class="msg">{html.escape(r.get("message") or "")}</span></div>'
            f'<div class="pics">{_img(out_dir, thumbnails.get(r["file"]), "no input picture")}'
            f"{_img(out_dir, annotated, 'no solution drawn')}</div></div>"
        )
    summary = ", ".join(f"{n} {html.escape(s)}" for s, n in sorted(counts.items()))
    page = (
        '<!doctype html><html><head><meta charset="utf-8"><title>solve-shot batch</title>'
        f"<style>{_STYLE}</style></head><body><h1>solve-shot: {len(records)} pictures"
        f"</h1><p>{summary}</p>{''.join(cards)}</body></html>\n"
    )
    path = out_dir / "index.html"
    write_atomically(path, page.encode("utf-8"))
    return path
