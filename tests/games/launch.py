"""``python -m tests.games.launch ARGS``: the CLI (``table.cli.main``) with every test game
registered (``tests.games.TEST_GAMES``), as the registry suite's subprocesses start it."""

import sys

from table.cli import main
from table.games import register
from tests.games import TEST_GAMES

if __name__ == "__main__":
    for game in TEST_GAMES:
        register(game)
    sys.exit(main(sys.argv[1:]))
