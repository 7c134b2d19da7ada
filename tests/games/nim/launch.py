"""``python -m tests.games.nim.launch ARGS``: the CLI with Nim registered (``table.cli.main``)."""

import sys

from table.cli import main
from table.games import register
from tests.games.nim import GAME

if __name__ == "__main__":
    register(GAME)
    sys.exit(main(sys.argv[1:]))
