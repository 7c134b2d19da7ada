"""The Applejack companion's public names: what the shell, the screens and the tests import
(the controller and the parts it holds: ``controller``, ``play``, ``setup_job``, ``scorepad_job``,
``tracking`` …), and :func:`make_companion`, the registry's factory.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from table.companion.leds import LedKind, LedState
from table.games.applejack.companion.announcements import Announcement, AnnouncementKind, announcements_for
from table.games.applejack.companion.controller import BUTTONS, SEAT_COLOURS, Controller
from table.games.applejack.companion.correction import Correction
from table.games.applejack.companion.die_job import SENSOR_STATES
from table.games.applejack.companion.errors import CommandError, parse_numbers
from table.games.applejack.companion.parts import TROUGH_BUTTONS
from table.games.applejack.companion.play import STEPS, Buttons
from table.games.applejack.companion.scorepad import PAD_FIELDS_EXTRA, PAD_TOTAL_LOOKING, ScorePad
from table.games.applejack.companion.setup import Setup, campaign_middle
from table.games.applejack.companion.tracking import ENGINE_VERBS, TRACKED_NO_FIX
from table.games.applejack.files import load_dataset
from table.games.applejack.labels import solo_words
from table.games.applejack.rules.data import DataSet

__all__ = [
    "BUTTONS",
    "ENGINE_VERBS",
    "PAD_FIELDS_EXTRA",
    "PAD_TOTAL_LOOKING",
    "SEAT_COLOURS",
    "SENSOR_STATES",
    "STEPS",
    "TRACKED_NO_FIX",
    "TROUGH_BUTTONS",
    "Announcement",
    "AnnouncementKind",
    "Buttons",
    "CommandError",
    "Controller",
    "Correction",
    "LedKind",
    "LedState",
    "ScorePad",
    "Setup",
    "announcements_for",
    "campaign_middle",
    "make_companion",
    "parse_numbers",
    "solo_words",
]


def make_companion(*, on_command: Callable[[str, Any], None] | None = None, rng: random.Random | None = None,
                   data: DataSet | None = None) -> Controller:
    """The registry's factory (``GameDef.part("companion")``): Applejack's controller over ``data``
    (the shipped data set when None)."""
    if data is None:
        data = load_dataset()
    return Controller(data, on_command=on_command, rng=rng)
