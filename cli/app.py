"""The ``solve-shot`` command: solve pictures given on the command line.

``solve-shot IMAGE...`` is the default command; ``batch`` and ``watch`` are
sub-commands. Errors reach the user as one line on stderr and the contract's
exit status, never as a traceback.
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer
from typer.core import TyperGroup

from cli.files import OUTPUT_SUFFIX, default_output
from recognizer.registry import GAMES
from solvers.errors import SolveShotError, UnreadableImageError, UsageError

if TYPE_CHECKING:
    from cli.pipeline import Record

__version__ = "0.1.0"

GAME_NAMES = ("auto", *GAMES)


class _DefaultCommandGroup(TyperGroup):
    """Route ``solve-shot IMAGE ...`` to the ``solve`` command."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "--version"):
            args = ["solve", *args]
        return super().parse_args(ctx, args)


app = typer.Typer(
    cls=_DefaultCommandGroup,
    add_completion=False,
    no_args_is_help=True,
    rich_markup_mode=None,
    help="Solve a grid puzzle from a screenshot or a photo and draw the solution on it.",
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"solve-shot {__version__}")
        raise typer.Exit()


def _check_game(value: str) -> str:
    if value not in GAME_NAMES:
        raise typer.BadParameter(f"choose from {', '.join(GAME_NAMES)}")
    return value


GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        callback=_check_game,
        help=f"The game ({', '.join(GAME_NAMES)}); auto asks every recognizer.",
    ),
]


def _check_first(value: str | None) -> str | None:
    if value not in (None, "x", "o"):
        raise typer.BadParameter("x or o")
    return value


FirstOption = Annotated[
    str | None,
    typer.Option(
        "--first",
        callback=_check_first,
        help="Tic-tac-toe: the side that opened (x or o); with equal counts it moves.",
    ),
]


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log details.")] = False,
) -> None:
    """Solve a grid puzzle from a screenshot or a photo and draw the solution on it."""
    logging.basicConfig(level=logging.DEBUG if verbose else logging.WARNING, stream=sys.stderr)


def plan_outputs(images: list[Path], out: Path | None) -> list[Path]:
    """Where each input's annotated picture goes, refusing to overwrite an input.

    One input and ``out`` not an existing folder: ``out`` is the file. Otherwise
    ``out`` is a folder and each picture is ``<stem>.solved.png`` in it (with a
    number added when two inputs share a stem). Without ``out``, beside each input.
    """
    if out is None:
        targets = [default_output(p) for p in images]
    elif len(images) == 1 and not out.is_dir():
        targets = [out]
    else:
        if out.exists() and not out.is_dir():
            raise UsageError(f"--out {out} must be a folder when several images are given")
        seen: dict[str, int] = {}
        targets = []
        for p in images:
            n = seen[p.stem] = seen.get(p.stem, 0) + 1
            name = p.stem + (f"-{n}" if n > 1 else "") + OUTPUT_SUFFIX
            targets.append(out / name)
    inputs = {p.resolve() for p in images}
    for target in targets:
        if target.resolve() in inputs:
            raise UsageError(f"refusing to overwrite the input {target}")
    return targets


def _fail_usage(exc: UsageError) -> NoReturn:
    typer.echo(f"solve-shot: error: {exc}", err=True)
    raise typer.Exit(2)


def _summary_line(record: Record) -> str:
    if record.status == "solved":
        where = f" -> {record.annotated}" if record.annotated else ""
        return f"{record.file}: {record.game} solved, {record.summary}{where}"
    game = f"{record.game} " if record.game else ""
    return f"{record.file}: {game}{record.status}: {record.message}"


@app.command("solve")
def solve_command(
    images: Annotated[list[Path], typer.Argument(help="Screenshots or photos to solve.")],
    game: GameOption = "auto",
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Output file for one image, or a folder for several."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON record per image, nothing else.")
    ] = False,
    first: FirstOption = None,
) -> None:
    """Solve each IMAGE and write IMAGE.solved.png beside it (the default command)."""
    from cli.pipeline import Options, solve_file

    try:
        targets = plan_outputs(images, out)
    except UsageError as exc:
        _fail_usage(exc)
    worst = 0
    for path, target in zip(images, targets, strict=True):
        try:
            record = solve_file(path, target, Options(game, first))
        except UsageError as exc:
            _fail_usage(exc)
        worst = max(worst, record.exit_code)
        if as_json:
            typer.echo(json.dumps(record.to_json(), ensure_ascii=False))
        elif record.status == "solved":
            typer.echo(_summary_line(record))
        else:
            typer.echo(_summary_line(record), err=True)
    raise typer.Exit(worst)


WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", min=1, help="Worker processes (default: one per core)."),
]


@app.command("batch")
def batch_command(
    pack: Annotated[
        Path, typer.Argument(help="A folder of pictures (searched recursively) or a .zip.")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")],
    game: GameOption = "auto",
    workers: WorkersOption = None,
    first: FirstOption = None,
) -> None:
    """Solve a level pack; mirror its layout under --out with results.jsonl and index.html."""
    from cli.batch import run_batch
    from cli.pipeline import EXIT_CODES, Options
    from cli.report import ProgressReport, summary
    from recognizer import available_cores

    with ProgressReport("solving") as report:
        try:
            outcome = run_batch(
                pack,
                out,
                Options(game, first),
                workers or available_cores(),
                on_start=report.start,
                on_record=report.advance,
            )
        except UsageError as exc:
            _fail_usage(exc)
        except UnreadableImageError as exc:
            typer.echo(f"solve-shot: error: {exc}", err=True)
            raise typer.Exit(3) from None
    if not outcome.records:
        typer.echo(f"no pictures found in {pack}", err=True)
    else:
        typer.echo(summary(outcome.records, outcome.done_now))
        typer.echo(f"results: {out / 'results.jsonl'}  gallery: {out / 'index.html'}")
    raise typer.Exit(max((EXIT_CODES[r["status"]] for r in outcome.records), default=0))


@app.command("watch")
def watch_command(
    folder: Annotated[Path, typer.Argument(help="The folder to watch (and its sub-folders).")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Output folder (default: beside each picture)."),
    ] = None,
    game: GameOption = "auto",
    workers: WorkersOption = None,
    settle: Annotated[
        float,
        typer.Option("--settle", min=0.05, help="Seconds a new file must stay unchanged."),
    ] = 1.0,
    first: FirstOption = None,
) -> None:
    """Solve each picture that appears in FOLDER until stopped with Ctrl-C."""
    from cli.pipeline import Options
    from cli.report import record_line
    from cli.watch import Watcher, install_stop_signals
    from recognizer import available_cores

    if not folder.is_dir():
        _fail_usage(UsageError(f"{folder} is not a folder"))
    watcher = Watcher(
        folder,
        out or folder,
        Options(game, first),
        workers or available_cores(),
        settle,
        on_record=lambda record: typer.echo(record_line(record), err=True),
    )
    install_stop_signals(watcher)
    typer.echo(f"watching {folder} (Ctrl-C to stop)", err=True)
    watcher.run()
    typer.echo("stopped", err=True)


def main() -> None:
    """Console entry point: run the app, turning our errors into a message and an exit code."""
    try:
        app()
    except SolveShotError as exc:  # a failed self-check: a bug, reported without a traceback
        typer.echo(f"solve-shot: internal error: {exc}", err=True)
        sys.exit(70)
