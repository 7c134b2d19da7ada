"""One module per ``applejack-table`` subcommand (see ``table.cli``)."""
