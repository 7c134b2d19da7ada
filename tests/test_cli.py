from table.cli import build_parser, main


def test_help_lists_every_command(capsys):
    parser = build_parser()
    text = parser.format_help()
    from table.cli import COMMANDS

    for name in COMMANDS:
        assert name in text
    assert main([]) == 2
