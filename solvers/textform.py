"""What every game's ``parse`` shares: telling the contract's JSON from a game's own notation."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from solvers.errors import PuzzleFormatError


def json_puzzle(text: str) -> Mapping[str, Any] | None:
    """The puzzle object in ``text`` when it is JSON, else ``None`` (a game's own notation).

    A whole JSON record (as ``solve-shot --json`` prints) is accepted too: its
    ``"puzzle"`` object is returned.

    Raises
    ------
    PuzzleFormatError
        When ``text`` starts like a JSON object but is not valid JSON.

    Examples
    --------
    >>> json_puzzle('{"game": "knight", "puzzle": {"rows": 5, "cols": 5, "start": [0, 0]}}')
    {'rows': 5, 'cols': 5, 'start': [0, 0]}
    >>> json_puzzle("11\\n11") is None
    True
    """
    stripped = text.strip()
    if not stripped.startswith("{"):
        return None
    try:
        obj: dict[str, Any] = json.loads(stripped)
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(f"invalid JSON: {exc}") from None
    puzzle = obj.get("puzzle")
    return puzzle if isinstance(puzzle, Mapping) else obj
