"""systemd/99-applejack-die.rules: a well-formed rule that names the die sensor /dev/applejack-die.

`udevadm verify` (systemd 254 and newer) checks the syntax where it exists; the structural checks
below run everywhere.
"""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.systemd.helpers import GPIO_RULE, UDEV_RULE, find_tool

# KEY or KEY{attr}, operator, "value"   (udev(7))
TOKEN = re.compile(r'\s*([A-Z_]+(?:\{[^}]+\})?)\s*(==|!=|\+=|-=|:=|=)\s*"([^"]*)"\s*(?:,|$)')
MATCH_KEYS = {"SUBSYSTEM", "SUBSYSTEMS", "KERNEL", "KERNELS", "ACTION", "ATTRS", "ATTR", "ENV", "DRIVERS"}
ASSIGN_KEYS = {"SYMLINK", "GROUP", "MODE", "OWNER", "ENV", "TAG", "RUN"}


def rules(path=UDEV_RULE) -> list[list[tuple[str, str, str]]]:
    parsed = []
    for line in path.read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        tokens, pos = [], 0
        while pos < len(line):
            token = TOKEN.match(line, pos)
            assert token, f"cannot parse at column {pos}: {line[pos:]!r}"
            tokens.append((token.group(1), token.group(2), token.group(3)))
            pos = token.end()
        parsed.append(tokens)
    return parsed


def test_one_rule_with_known_keys_and_operators() -> None:
    parsed = rules()
    assert len(parsed) == 1
    for key, op, _ in parsed[0]:
        base = key.split("{")[0]
        if op in ("==", "!="):
            assert base in MATCH_KEYS, key
        else:
            assert base in ASSIGN_KEYS, key


def test_rule_matches_the_rp2040_tty_and_names_it() -> None:
    tokens = {(key, op): value for key, op, value in rules()[0]}
    assert tokens[("SUBSYSTEM", "==")] == "tty"
    assert tokens[("ATTRS{idVendor}", "==")] == "2e8a"
    assert tokens[("ATTRS{idProduct}", "==")] == "0005"
    assert tokens[("SYMLINK", "+=")] == "applejack-die"
    assert tokens[("GROUP", "=")] == "dialout"
    assert tokens[("MODE", "=")] == "0660"


def test_udevadm_verify() -> None:
    udevadm = find_tool("udevadm")
    if udevadm is None:
        pytest.skip("udevadm not installed")
    help_text = subprocess.run([udevadm, "--help"], capture_output=True, text=True).stdout
    if not re.search(r"^\s+verify\b", help_text, re.MULTILINE):
        pytest.skip("this udevadm has no `verify` (needs systemd 254 or newer)")
    result = subprocess.run(
        [udevadm, "verify", str(UDEV_RULE), str(GPIO_RULE)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_gpio_rule_gives_the_gpio_chips_to_group_gpio() -> None:
    (rule,) = rules(GPIO_RULE)
    tokens = {(key, op): value for key, op, value in rule}
    assert tokens[("SUBSYSTEM", "==")] == "gpio"
    assert tokens[("KERNEL", "==")] == "gpiochip*"
    assert tokens[("GROUP", "=")] == "gpio"
    assert tokens[("MODE", "=")] == "0660"
