"""play --game nim --text: every line a command (``take 2 3`` or ``2 3``), ``undo``; an empty line
confirms; ``status`` shows the heaps. The rest is the shell's plain text front end."""

from table.companion.plaintext import handle_line, screen_text, status_lines


def help_keys() -> str:
    return __doc__ or ""


__all__ = ["handle_line", "help_keys", "screen_text", "status_lines"]
