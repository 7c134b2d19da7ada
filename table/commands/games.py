"""``applejack-table games``: the orchard games this lid knows and what it offers for each."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser  # no options


def run(args: argparse.Namespace) -> int:
    from table.games import describe_games

    print(describe_games())
    return 0
