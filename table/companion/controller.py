"""The Applejack companion's names where every older import finds them.

The controller now lives in ``table.companion.applejack`` (split by job: ``setup``,
``correction``, ``scorepad``, ``announcements``, ``tracking``, ``controller``); this module
re-exports what ``play``, the session, the text view, the screens and the tests import from here.
"""

from __future__ import annotations

from table.companion.applejack.announcements import Announcement, AnnouncementKind, announcements_for
from table.companion.applejack.base import TROUGH_BUTTONS
from table.companion.applejack.controller import (
    BUTTONS,
    SEAT_COLOURS,
    SENSOR_STATES,
    STEPS,
    Buttons,
    Controller,
    LedKind,
    LedState,
)
from table.companion.applejack.correction import Correction
from table.companion.applejack.errors import CommandError, parse_numbers
from table.companion.applejack.scorepad import PAD_FIELDS_EXTRA, PAD_TOTAL_LOOKING, ScorePad
from table.companion.applejack.setup import Setup, campaign_middle
from table.companion.applejack.tracking import ENGINE_VERBS, TRACKED_NO_FIX
from table.companion.labels import solo_words

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
    "parse_numbers",
    "solo_words",
]
