"""Teach mode: for a table that has never played, each step of a turn and each harvest, refill,
blossom scoring, middle space, new loop, last turn, cottage restock and the final scoring is
explained the first time it happens, in one short sentence taken from the rulebook's own logic.

Pure: no clock, no I/O, no pygame. :class:`Teacher` is a small immutable value: which kinds of
lesson were already given and which one is shown now. The controller feeds it one *moment* after
every command that changed the game (``teach_job.moment_kinds`` says what the prompt is about),
so replaying the journal through the controller rebuilds the same teacher after a power cut —
``teach skip`` and ``teach off`` are journalled commands like the others.

A moment may concern several kinds; it teaches the first one not yet explained, and at most one
sentence is ever shown at a time (it fits a 480×320 screen). The first turn prompt of an untracked
game stands for all five steps and says every one of them (``Why:`` lines in the text and speech;
the screen shows step 1), so the first player hears the whole turn before taking it.

Every sentence below names, in a comment, the rulebook passage it rests on
(``/work/shared/seeds/000_…``: the English rulebook, and ``001_…``: the BGA summary).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from table.games.applejack.companion.errors import CommandError
from table.i18n import N_, _


class LessonKind(StrEnum):
    """What a lesson explains: the five steps of a turn, then the events of the game."""

    TAKE = "take"
    PAY = "pay"
    PLACE = "place"
    REWARD = "reward"
    MOVE = "move"
    HARVEST = "harvest"
    REFILL = "refill"
    BLOSSOM = "blossom"
    MIDDLE = "middle"
    LOOP = "loop"
    LAST = "last"
    RESTOCK = "restock"
    FINAL = "final"


STEPS: tuple[LessonKind, ...] = (LessonKind.TAKE, LessonKind.PAY, LessonKind.PLACE, LessonKind.REWARD,
                                 LessonKind.MOVE)
"""The five steps of a turn, in the rulebook's order ("Your turn consists of 5 steps")."""

# --- the sentences ----------------------------------------------------------------------------------
# »Your turn«, step 1: "You choose 1 tree tile that is located in one of the two troughs next to
# this space. Alternatively, you can take a hidden tree tile from the general supply. You must take
# a turn and cannot pass."
TAKE = N_("Step 1: take one tile from either trough beside the die, or draw one blind from the supply; "
          "you cannot pass.")
# Variant "Additional tree tile": "you are allowed to select this tile instead of a tile from the
# troughs or a tile blindly drawn."
TAKE_COTTAGE = N_("Step 1: take one tile from either trough beside the die, the tile beside your cottage, "
                  "or one drawn blind; you cannot pass.")
# »Your turn«, step 2: "Pay the price as if it were only on the tile once. If you don't want to or can't pay the
# price, turn the tile to the pasture side. You then immediately receive 2 honey".
PAY = N_("Step 2: pay the tile's price in honey once, however often it is printed, or turn it pasture "
         "side up and take 2 honey.")
# »Your turn«, step 3: "Place the newly acquired tree tile on any free field in your orchard. Tree tiles do not
# have to be placed next to existing tree tiles."
PLACE = N_("Step 3: place the tile on any free space of your orchard; it need not touch your other tiles.")
# »Your turn«, step 4: "See if you connected two beehives. Then immediately receive the lower of the two
# numerical values in honey. … you get the lower number of each connection in honey! In the
# corners of your orchard you will also find beehives … You can use these".
REWARD = N_("Step 4: for each pair of beehives the new tile connects, corners included, take the lower "
            "number in honey.")
# »Your turn«, step 5: "Move the die clockwise by one position on the harvest board. … If you cross one or two of
# the apples when moving the die … Each of you will then receive honey".
MOVE = N_("Step 5: move the die one space clockwise; an apple it crosses means a harvest for everyone.")
# »The harvests« (p. 6, the rulebook's own cross-reference):
# "If these tiles are connected, they form an area. An area may consist of only one
# tile. In each of these areas, add up all the apples … Subtract the number of pips on the die …
# If you are below or equal to zero, nothing happens; you do not have to pay a penalty!"
HARVEST = N_("Every area of touching tiles with this apple, even a single tile, pays its apples minus the "
             "die's pips in honey; at zero or less nothing happens.")
# »Your turn«, step 5, Replenishment: "If the die only provides a maximum of 1 tree tile to choose from in the
# two troughs that are next to it after moving, then please add exactly 1 new tree tile to each of
# the seven troughs. Start with the trough which follows the die clockwise."
REFILL = N_("The two troughs beside the die hold one tile or none, so one new tile goes into each of the "
            "seven troughs, starting after the die.")
# »The blossom scoring«: "each of you gets paid as much honey as you have blossoms on your tree tiles.
# The blossoms do not have to be adjacent and form contiguous areas as the apples! You also do not
# subtract the number of pips of the die." — "once during the first loop and twice during the
# second one according to the number of pips showing on the die". (001: 花が描かれたタイルどうしは
# 隣接していなくてもかまいません; 花の個数 × ダイスの目.)
BLOSSOM = N_("Every blossom on your tree tiles counts: blossoms need not touch, unlike apples, and no pips "
             "are taken off; one honey per blossom for each pip on the die.")
# »Your turn«, step 5, New circulation: "move it back to the starting space … Finally turn the die one pip higher." —
# and a harvest subtracts "the number of pips on the die".
LOOP = N_("The die goes back to the start one pip higher, so from now on every harvest subtracts one "
          "more.")
# Solo game (p. 10, »The solo rules can be found on page 10«):
# "If you move the die to the space in the middle of the plan, you will immediately receive
# honey in the amount of the openly visible honey symbols on the trees. … If you have only one or no
# tree tiles to choose from, you immediately fill up the harvest board until there are 2 tree tiles
# total."
MIDDLE = N_("The middle space pays the honey symbols visible on its empty trees at once; with one tile or "
            "none left there, the trees are filled up to two.")
# »End of the game«: "If the die shows three pips and reaches the end of the game space with the
# autumn leaves, the last player takes their final turn. After that, the game ends."
LAST = N_("The die shows three pips on the end-of-game space: this is the last turn, then the game ends.")
# Variant "Additional tree tile": "Then, immediately take a new tile from the trough adjacent to the
# die or draw from the supply. Place this tile next to Applejack's cottage."
RESTOCK = N_("You took the cottage tile, so put a new one beside the cottage at once: from a trough beside "
             "the die or from the supply.")
# »The final scoring« 1-5: "each apple variety is harvested again … You subtract the number of pips of the
# die (-3)." "Now double the crop yield of the last harvest." Then the bonus for varieties, "For each
# blossom on your tree tiles you receive 1 honey", and "the honey in your personal supply".
FINAL = N_("Final scoring: every variety is harvested once more at 3 pips and counts double, then the "
           "variety bonus, 1 honey per blossom and your honey.")

SENTENCES: dict[LessonKind, str] = {
    LessonKind.TAKE: TAKE, LessonKind.PAY: PAY, LessonKind.PLACE: PLACE, LessonKind.REWARD: REWARD,
    LessonKind.MOVE: MOVE, LessonKind.HARVEST: HARVEST, LessonKind.REFILL: REFILL,
    LessonKind.BLOSSOM: BLOSSOM, LessonKind.MIDDLE: MIDDLE, LessonKind.LOOP: LOOP, LessonKind.LAST: LAST,
    LessonKind.RESTOCK: RESTOCK, LessonKind.FINAL: FINAL,
}

# --- the words around them ----------------------------------------------------------------------------
WHY = N_("Why: {lesson}")
"""How a lesson is printed (text mode, indented by two spaces) and spoken after its announcement."""
INTRO = N_("Teach mode on: each step and each scoring is explained the first time it happens "
           "({skip} hides one, {off} ends them)")
SKIP_LABEL = N_("Skip")
"""The screen's button that hides the lesson shown (key s, text ``skip``)."""
SETUP_ON = N_("Teach mode (w): On")
SETUP_OFF = N_("Teach mode (w): Off")
OFF_LINE = N_("Teach mode off for the rest of this game")
ON_LINE = N_("Teach mode on")
NOT_NOW = N_("teach mode knows {words}")
NO_GAME = N_("teach mode: start a game first")
NOTHING_TO_SKIP = N_("no explanation to skip now")

SKIP_KEY = "s"
"""The screen's key for Skip in play (the setup screen's teach toggle is ``w``)."""
SETUP_KEY = "w"


class TeachError(CommandError):
    """A ``teach …`` command that cannot be done (unknown word, no game)."""


@dataclass(frozen=True, slots=True)
class Teacher:
    """Which lessons a game has had: ``on`` (teach mode), ``explained`` (kinds in the order they were
    first shown) and ``current`` (the lesson shown now, None when none or skipped).

    Text form: ``teach on explained=take,pay current=pay`` (:meth:`parse` reads it back)."""

    on: bool = False
    explained: tuple[LessonKind, ...] = ()
    current: LessonKind | None = None

    def see(self, kinds: Sequence[LessonKind]) -> Teacher:
        """A new moment concerning ``kinds`` (in order): its lesson is the first kind not yet
        explained (then explained), or none."""
        if not self.on:
            return replace(self, current=None)
        fresh = next((k for k in kinds if k not in self.explained), None)
        if fresh is None:
            return replace(self, current=None)
        return Teacher(True, (*self.explained, fresh), fresh)

    def skip(self) -> Teacher:
        """Hide the lesson shown now (it stays explained)."""
        return replace(self, current=None)

    def switch(self, on: bool) -> Teacher:
        """Teach mode on or off (off also hides the lesson shown)."""
        return replace(self, on=on, current=self.current if on else None)

    def __str__(self) -> str:
        words = ["teach", "on" if self.on else "off"]
        if self.explained:
            words.append("explained=" + ",".join(self.explained))
        if self.current is not None:
            words.append(f"current={self.current}")
        return " ".join(words)

    @classmethod
    def parse(cls, text: str) -> Teacher:
        """The text form back; :class:`TeachError` when it is not one."""
        words = text.split()
        if len(words) < 2 or words[0] != "teach" or words[1] not in ("on", "off"):
            raise TeachError(f"not a teacher: {text!r}")
        explained: tuple[LessonKind, ...] = ()
        current: LessonKind | None = None
        try:
            for w in words[2:]:
                key, _eq, value = w.partition("=")
                if key == "explained":
                    explained = tuple(LessonKind(k) for k in value.split(",") if k)
                elif key == "current":
                    current = LessonKind(value)
                else:
                    raise TeachError(f"not a teacher: {text!r}")
        except ValueError as exc:
            raise TeachError(f"not a teacher: {text!r} ({exc})") from None
        return cls(words[1] == "on", explained, current)


def sentence(kind: LessonKind, *, cottage: bool = False) -> str:
    """The lesson for ``kind`` in the current language (step 1 names the cottage in that variant)."""
    if kind == LessonKind.TAKE and cottage:
        return _(TAKE_COTTAGE)
    return _(SENTENCES[kind])


def why_line(lesson: str) -> str:
    """A lesson as the text view prints it and speech says it after its announcement."""
    return "  " + _(WHY).format(lesson=lesson)


ANNOUNCED: dict[str, LessonKind] = {
    "harvest": LessonKind.HARVEST, "blossom": LessonKind.BLOSSOM, "loop": LessonKind.LOOP,
    "middle": LessonKind.MIDDLE, "refill": LessonKind.REFILL, "end": LessonKind.FINAL,
}
"""An announcement's kind (``AnnouncementKind``) → its lesson."""


def teach_words(text: str) -> str:
    """``setup … teach on …`` → ``… teach=on …`` (the setup command's ``key=value`` form)."""
    words = text.split()
    out: list[str] = []
    for w in words:
        if out and out[-1] == "teach" and w in ("on", "off"):
            out[-1] = f"teach={w}"
        else:
            out.append(w)
    return " ".join(out)


def setup_value(value: str) -> bool:
    """``teach=on`` / ``teach=off`` (also 1/0, yes/no, true/false)."""
    if value in ("1", "on", "yes", "true"):
        return True
    if value in ("0", "off", "no", "false", ""):
        return False
    raise TeachError(f"teach={value}: on or off")


def skip_label() -> str:
    """The Skip button's label."""
    return _(SKIP_LABEL)


def setup_label(on: bool) -> str:
    """The setup screen's teach mode button."""
    return _(SETUP_ON) if on else _(SETUP_OFF)
