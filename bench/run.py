"""Run a benchmark: ``python bench/run.py <name> [options]``.

Each name is a module ``bench/<name>.py`` with a ``run(argv: list[str]) -> None``
that prints its tables. ``python bench/run.py`` lists them.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def available() -> list[str]:
    """The benchmark modules present beside this script."""
    return sorted(
        p.stem
        for p in Path(__file__).parent.glob("*.py")
        if p.stem != "run" and not p.stem.startswith("_")
    )


def main(argv: list[str]) -> int:
    """Dispatch to ``bench.<name>.run``."""
    names = available()
    if not argv or argv[0] not in names:
        print(f"usage: python bench/run.py {{{','.join(names)}}} [options]", file=sys.stderr)
        return 2
    importlib.import_module(f"bench.{argv[0]}").run(argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
