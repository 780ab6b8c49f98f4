"""Recognition you can trust: every game auto-detected in screenshots and phone photos.

``python bench/run.py trust [--count N] [--nonpuzzles N] [--games a,b] [--seed S] [--workers W]``

Each game's generated screens are run through the product's pipeline with ``--game auto``,
as screenshots and as simulated phone photos of the same screens (``tests/render/photo.py``);
generated non-puzzle pictures (flat and photographed) must all be refused. Columns: pictures,
the right game found, the exact puzzle read, solved, and ``WRONG``: a puzzle other than the
drawn one reported solved (must stay 0). For photos, ``oracle`` counts the exact readings of
the screen rectified with the simulator's true outline: where it exceeds ``exact`` the picture
was lost on the way from photo to reading (the finder's outline, its scale, or a second look
through it), elsewhere the game's recognizer lost it. The real captures in
``sample_images/real/`` are read too, as they are and in simulated photos (``--real-photos``
per capture): looks nobody on the team drew. ``--foreign N`` adds N screens per game drawn
by ``tests/render/foreign.py`` (looks independent of the games' own renderers, which their
recognizers' authors wrote), as screenshots and photos: the kinds ``foreign shot`` and
``foreign photo``. ``--novel N`` adds N screens per game in the later looks of
``foreign.novel`` (device chrome, wallpapers, overlays; some are no contract puzzle and must
be refused: a tour in progress, a board partly hidden by a dialog) and N non-puzzles of
``foreign.nonpuzzle``: the kinds ``novel shot`` and ``novel photo``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from bench._accuracy import print_header
from cli.batch import make_pool
from cli.pipeline import Options, Record, solve_file, solve_image
from recognizer import recognize
from recognizer.image import RGBImage, decode_image
from solvers.errors import SolveShotError
from tests.render import foreign
from tests.render.mixed import GAMES, Draw, comparable, screen
from tests.render.photo import photograph, random_photo_style, rectified

REAL = Path(__file__).resolve().parent.parent / "sample_images" / "real"
#: The kinds of picture of a screen by who drew it: the games' own renderers, foreign ones
#: (``foreign.screen``) and the later foreign looks (``foreign.novel``).
KINDS = {
    "own": ("screenshot", "photo"),
    "foreign": ("foreign shot", "foreign photo"),
    "novel": ("novel shot", "novel photo"),
}
#: Who draws each look's screens (own and novel also non-puzzles, for the game ``"none"``).
DRAWN: dict[str, Draw] = {"own": screen, "foreign": foreign.screen, "novel": foreign.novel}


@dataclass(frozen=True)
class Outcome:
    """How one picture went."""

    game: str  # the game drawn, or "none"
    kind: str  # one of KINDS' names
    seed: int
    found: bool  # the drawn game recognized (for "none": refused)
    exact: bool
    solved: bool
    wrong: bool  # a puzzle other than the drawn one reported solved
    oracle: bool  # photos: exact on the screen rectified with the true outline
    status: str
    message: str
    seconds: float


def _judge(game: str, kind: str, seed: int, picture: RGBImage, truth: Any) -> Outcome:
    record = Record(file=f"{game}-{kind}-{seed}")
    start = time.perf_counter()
    solve_image(picture, record, None, Options())
    seconds = time.perf_counter() - start
    read = comparable(record.puzzle)
    if game == "none" or truth is None:  # no contract puzzle: it must be refused
        found = exact = record.status == "unrecognized"
        wrong = record.status == "solved"
    else:
        found = record.game == game
        exact = found and read == comparable(truth)
        wrong = record.status == "solved" and not exact
    return Outcome(
        game, kind, seed, found, exact, record.status == "solved", wrong, False, record.status,
        record.message, seconds,
    )  # fmt: skip


def _oracle(game: str, photo: RGBImage, to_photo: Any, size: tuple[int, int], truth: Any) -> bool:
    """Whether the screen, rectified with the simulator's true outline, is read exactly (or
    refused, when it shows no puzzle to read)."""
    refuse = game == "none" or truth is None
    try:
        found = recognize(rectified(photo, to_photo, size), "auto" if refuse else game)
    except SolveShotError:
        return refuse
    return not refuse and comparable(found.puzzle) == comparable(truth)


def _case(args: tuple[str, int, str]) -> list[Outcome]:
    """A screenshot of ``game`` (``"none"``: a non-puzzle) drawn in ``look`` (a key of
    :data:`KINDS`) and a photo of it, judged."""
    game, seed, look = args
    rng = np.random.default_rng(seed)
    picture, truth = DRAWN[look](game, rng)
    shot_kind, photo_kind = KINDS[look]
    shot = _judge(game, shot_kind, seed, picture, truth)
    photo, screen_to_photo = photograph(picture, random_photo_style(rng), rng)
    taken = _judge(game, photo_kind, seed, photo, truth)
    if not taken.exact:
        size = (picture.shape[1], picture.shape[0])
        oracle = _oracle(game, photo, screen_to_photo, size, truth)
    else:
        oracle = True
    return [shot, Outcome(**{**taken.__dict__, "oracle": oracle})]


def _real_captures() -> list[Path]:
    """The real captures' pictures (each with its truth beside it, see :func:`_truth`)."""
    return [
        next(p for p in REAL.glob(truth.stem + ".*") if p.suffix != ".json")
        for truth in sorted(REAL.glob("*.json"))
    ]


def _truth(picture: Path) -> dict[str, Any]:
    """A real capture's truth (``game`` None: no puzzle)."""
    return dict(json.loads(picture.with_suffix(".json").read_text()))


def _as_truth(record: Record, truth: dict[str, Any]) -> bool:
    """Whether a record is what a real capture's truth says."""
    puzzle = {k: v for k, v in truth.items() if k != "game"}
    if truth["game"] is None:
        return record.status == "unrecognized"
    return record.game == truth["game"] and comparable(record.puzzle) == puzzle


def _real() -> Iterator[tuple[str, bool, str]]:
    """Each real capture: its name, whether it was read as its truth says, and the status."""
    for picture in _real_captures():
        record = solve_file(picture, None)
        yield picture.name, _as_truth(record, _truth(picture)), record.status


def _real_photo(args: tuple[Path, int]) -> tuple[str, int, bool, bool, str]:
    """A simulated photo of a real capture: its name, seed, as its truth says, WRONG, status."""
    picture, seed = args
    rng = np.random.default_rng(seed)
    photo, _ = photograph(decode_image(picture.read_bytes()), random_photo_style(rng), rng)
    record = Record(file=f"{picture.name}-photo-{seed}")
    solve_image(photo, record, None, Options())
    ok = _as_truth(record, _truth(picture))
    return picture.name, seed, ok, record.status == "solved" and not ok, record.status


def run(argv: list[str]) -> None:
    """Print the table by game and kind, the failures, and the real captures."""
    parser = argparse.ArgumentParser(prog="bench/run.py trust")
    parser.add_argument("--count", type=int, default=40, help="screens per game")
    parser.add_argument("--foreign", type=int, default=10, help="foreign-drawn screens per game")
    parser.add_argument(
        "--novel", type=int, default=0, help="novel-look screens per game and non-puzzles"
    )
    parser.add_argument("--nonpuzzles", type=int, default=200)
    parser.add_argument("--games", default=",".join((*GAMES, "none")))
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-real", action="store_true", help="skip the real captures")
    parser.add_argument(
        "--real-photos", type=int, default=10, help="simulated photos of each real capture"
    )
    args = parser.parse_args(argv)
    games = args.games.split(",")

    def pictures(game: str, look: str) -> int:
        if game == "none":  # non-puzzles: the generated kinds, and the novel ones
            return {"own": args.nonpuzzles, "foreign": 0, "novel": args.novel}[look]
        return {"own": args.count, "foreign": args.foreign, "novel": args.novel}[look]

    cases = [
        (game, args.seed + i, look)
        for look in KINDS
        for game in games
        for i in range(pictures(game, look))
    ]
    real_cases = (
        []
        if args.no_real
        else [(p, args.seed + i) for p in _real_captures() for i in range(args.real_photos)]
    )
    # batch's own worker pool: one process per core, each reading with one thread
    with make_pool(args.workers) as pool:
        outcomes = [o for pair in pool.map(_case, cases, chunksize=2) for o in pair]
        real_photos = list(pool.map(_real_photo, real_cases, chunksize=2))

    print(f"auto-detection over generated pictures (seeds {args.seed}..)")
    header = (
        f"{'game':<11}{'kind':<15}{'images':>7}{'found':>7}{'exact':>7}{'solved':>8}"
        f"{'WRONG':>7}{'oracle':>8}{'exact %':>9}{'median ms':>11}"
    )
    print_header(header)
    for game in games:
        for kind in (kind for kinds in KINDS.values() for kind in kinds):
            rows = [o for o in outcomes if o.game == game and o.kind == kind]
            if not rows:
                continue
            n = len(rows)
            count = Counter[str]()
            for o in rows:
                count.update(
                    k for k in ("found", "exact", "solved", "wrong", "oracle") if getattr(o, k)
                )
            oracle = str(count["oracle"]) if kind.endswith("photo") else "-"
            median = 1000 * float(np.median([o.seconds for o in rows]))
            print(
                f"{game:<11}{kind:<15}{n:>7}{count['found']:>7}{count['exact']:>7}"
                f"{count['solved']:>8}{count['wrong']:>7}{oracle:>8}"
                f"{100 * count['exact'] / n:>8.1f}%{median:>11.0f}"
            )
    print("(none: found = exact = refused)")
    failures = [o for o in outcomes if not (o.exact and (o.solved or o.game == "none"))]
    if failures:
        print("\nnot exact:")
        for o in failures:
            flag = "WRONG " if o.wrong else ""
            print(f"  {flag}{o.game} {o.kind} seed {o.seed}: {o.status}: {o.message[:110]}")
    if not args.no_real:
        real = list(_real())
        print(f"\nreal captures: {sum(ok for _, ok, _ in real)}/{len(real)} as their truth says")
        for name, ok, status in real:
            if not ok:
                print(f"  {name}: {status}")
    if real_photos:
        print(f"\nsimulated photos of the real captures (seeds {args.seed}..)")
        print_header(f"{'capture':<40}{'photos':>7}{'as truth':>10}{'WRONG':>7}  not as truth")
        for name in dict.fromkeys(n for n, *_ in real_photos):
            shots = [r for r in real_photos if r[0] == name]
            misses = " ".join(f"{seed}:{status}" for _, seed, ok, _, status in shots if not ok)
            print(
                f"{name:<40}{len(shots):>7}{sum(r[2] for r in shots):>10}"
                f"{sum(r[3] for r in shots):>7}  {misses}".rstrip()
            )
