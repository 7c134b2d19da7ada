"""The boot side of screen power: the env template's lines read cleanly, the backlight's udev rule
is well formed, and the unit lets the kiosk write the backlight without raising its exposure."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from table.display.power import settings
from tests.systemd.helpers import BACKLIGHT_RULE, ENV_TEMPLATE, UNIT, find_tool, read_unit
from tests.systemd.test_udev_rule import rules as udev_rules


def template_lines(include_examples: bool) -> dict[str, str]:
    """The env template's KEY=value lines (with the commented-out examples when asked)."""
    found = {}
    for line in ENV_TEMPLATE.read_text().splitlines():
        text = line.strip()
        if include_examples and re.fullmatch(r"#[A-Z_]+=\S*", text):
            text = text[1:]
        if text and not text.startswith("#"):
            key, _, value = text.partition("=")
            found[key] = value
    return found


def test_the_template_s_screen_lines_and_examples_read_without_a_problem() -> None:
    active = settings(None, None, template_lines(include_examples=False))
    assert (active.dim_after, active.schedule, active.problems) == (600.0, None, ())
    examples = template_lines(include_examples=True)
    with_examples = settings(None, None, examples)
    assert str(with_examples.schedule) == "07:00-23:00" and with_examples.problems == ()
    assert examples["APPLEJACK_BACKLIGHT"] == "auto"


def test_the_backlight_rule_gives_brightness_and_bl_power_to_group_video() -> None:
    rules = udev_rules(BACKLIGHT_RULE)
    assert len(rules) == 2
    runs = [value for rule in rules for key, op, value in rule if key == "RUN"]
    assert runs == ["/bin/chgrp video /sys%p/brightness", "/bin/chmod g+w /sys%p/brightness",
                    "/bin/chgrp video /sys%p/bl_power", "/bin/chmod g+w /sys%p/bl_power"]
    for rule in rules:
        assert ("SUBSYSTEM", "==", "backlight") in rule and ("ACTION", "!=", "remove") in rule
    assert ("TEST", "==", "bl_power") in rules[1]  # not every driver has bl_power


def test_the_unit_may_write_the_platform_backlights() -> None:
    unit = read_unit(UNIT)
    assert "-/sys/devices/platform" in unit["Service"]["ReadWritePaths"]
    assert unit["Service"]["ProtectKernelTunables"] == ["yes"]
    assert "video" in " ".join(unit["Service"]["SupplementaryGroups"]).split()


def exposure(tool: str, unit_file: Path) -> float:
    result = subprocess.run([tool, "security", "--offline=yes", "--no-pager", str(unit_file)], capture_output=True,
                            text=True, timeout=60)
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    return float(match.group(1))


def test_writing_the_backlight_keeps_the_exposure_level(tmp_path: Path) -> None:
    tool = find_tool("systemd-analyze")
    if tool is None:
        pytest.skip("systemd-analyze not installed")
    help_text = subprocess.run([tool, "security", "--help"], capture_output=True, text=True).stdout
    if "--offline" not in help_text:
        pytest.skip("this systemd-analyze has no `security --offline` (needs systemd 252 or newer)")
    without = tmp_path / UNIT.name
    without.write_text("\n".join(line for line in UNIT.read_text().splitlines()
                                 if not line.startswith("ReadWritePaths=")) + "\n")
    assert exposure(tool, UNIT) == exposure(tool, without)
