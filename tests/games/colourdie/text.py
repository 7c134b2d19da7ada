"""play --game colourdie --text: Colour Die's companion in a terminal (the table rolls the real
die and types what it shows):

    setup players=4 apples=3 raven=6    the setup screen as one line (2-8 players)
    start / (empty)                     start the game
    red / roll red                      the die rolled: red yellow green blue basket raven
    green / pick green                  after the basket: the apple the seat picks
    undo / u                            take back the last command
    status                              the apples left and the raven again
    quit                                leave (the game stays in the journal)
"""

from table.companion.plaintext import handle_line, screen_text, status_lines


def help_keys() -> str:
    return __doc__ or ""


__all__ = ["handle_line", "help_keys", "screen_text", "status_lines"]
