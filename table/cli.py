"""The ``applejack-table`` command line.

Each subcommand lives in its own module that provides ``add_arguments(parser)`` and
``run(args) -> int`` (the exit code). Modules are imported only when their command runs,
so ``applejack-table score`` never loads pygame or gpiozero.

Exit status 2 with one line on standard error for a usage error or unusable input (argparse's
errors included: :class:`OneLineParser`), never a traceback; input files are read through
:mod:`table.commands.inputs` (bounded, one-line errors naming the file).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import table
from table.commands.inputs import InputError
from table.engine.errors import EngineError

# name -> (module, one-line help). Keep sorted by the order a newcomer meets them.
COMMANDS: dict[str, tuple[str, str]] = {
    "run": ("table.commands.run", "start on the embedded default (what the README's run command does)"),
    "play": ("table.commands.play", "the table companion: kiosk screen, trough LEDs and buttons, die sensor"),
    "replay": ("table.commands.replay", "print the event stream of a game record"),
    "score": ("table.commands.score", "the digital score pad: final scoring from a JSON pad"),
    "check-data": ("table.commands.check_data", "validate a data set (tiles, orchards, harvest boards)"),
    "hw-test": ("table.commands.hw_test", "check the lid hardware: LEDs, buttons, die sensor"),
    "simulate": ("table.commands.simulate", "play many seeded bot games in parallel and summarise the scores"),
    "history": ("table.commands.history",
                "finished games, personal bests and solo marks; CSV; a game's QR code; the coach"),
    "games": ("table.commands.games", "the orchard games this lid knows and what it offers for each"),
    "demo": ("table.commands.demo", "attract mode: bots play on the screen (text without one); a touch starts play"),
}


class VersionAction(argparse.Action):
    """``--version``: prints :func:`version` and exits. The number is looked up only when asked
    (``importlib.metadata`` alone costs the start of every command some 80 ms)."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(version())
        parser.exit()


class OneLineParser(argparse.ArgumentParser):
    """argparse with a usage error in one line on standard error (exit 2), not the usage block:
    ``applejack-table play: error: argument --size: expected WxH such as 800x480, got 'abc'``.
    Subcommand parsers are of the same class (``add_subparsers`` uses ``type(parent)``)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def version() -> str:
    """``applejack-table X.Y.Z``: the installed distribution's version, else the package's."""
    from importlib import metadata  # deferred: some 80 ms that only --version needs

    try:
        number = metadata.version("applejack-table")
    except metadata.PackageNotFoundError:
        number = table.__version__
    return f"applejack-table {number}"


ALL = "*"
"""``build_parser``'s default: the arguments of every command (``--help`` of the whole CLI, the tests)."""


def command_of(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names (the first word that is one), None when it names none."""
    return next((word for word in argv if word in COMMANDS), None)


def build_parser(command: str | None = ALL) -> argparse.ArgumentParser:
    """The whole parser; the arguments of ``command`` only (a name of :data:`COMMANDS`), or of
    every command (:data:`ALL`): the command that runs imports no other command's module, so
    ``play`` starts without loading ``history``'s or ``simulate``'s."""
    parser = OneLineParser(
        prog="applejack-table",
        description="Applejack Table: the companion in the lid of the Applejack box.",
    )
    parser.add_argument("--version", action=VersionAction, help="show the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.set_defaults(_module=module_name)
        if command in (ALL, name):
            # argument definitions are cheap modules; the heavy imports happen inside run()
            importlib.import_module(module_name).add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(command_of(words))
    args = parser.parse_args(words)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    module = importlib.import_module(args._module)

    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except (EngineError, InputError) as exc:
        # the last net under bad input the command did not catch itself: one line, never a traceback
        print(f"applejack-table {args.command}: {str(exc).splitlines()[0] if str(exc) else exc!r}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # output piped into `head` and closed: not an error worth a traceback
        sys.stderr.close()
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
