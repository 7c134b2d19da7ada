"""``applejack-table games``: the orchard games this lid knows and what it offers for each."""

from __future__ import annotations

import argparse

from table.games import describe_games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def run(args: argparse.Namespace) -> int:
    print(describe_games())
    return 0
