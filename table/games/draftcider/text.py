"""play --game draftcider --text: Draft Cider's companion in a terminal. Every input line is a key
or a command (the journal keeps the long form):

    setup players=4 easy=off pad=live   the setup screen as one line (2-6 players; easy mode: Bad
                                        costs nothing; pad=live enters every pick, pad=end only
                                        the cards at the end)
    2..6 / 7 / 1                setup: players / easy mode on-off / live or end-only pad
    start / (empty)             start the game

Live game, per pick (the screen says whose pick it is):
    green gold red / g o r      the card's colour (or 1 2 3, the lid's troughs)
    1..5                        then its height, then its sweetness
    1..7, b / blind             then the batch: 1 Monochrome, 2 Apples of a Feather, 3 Special
                                Colour Tree, 4 Unlucky, 5 Fortepiano Height, 6 Sweet Couple,
                                7 Steady Height, BLIND Bad (or its name: feather …)
    red h3 s4                   the whole card at once;   red h3 s4 feather   the whole pick
    pick seat 2 red h3 s4 feather       the same, checked against whose pick it is

End-only score pad (setup pad=end), per player:
    1..7, b / a batch name      the batch to fill;  then each card: colour, height, sweetness
                                (or red h3 s4), in the order played
    ok / (empty)                batch done; on the batch choice: the next player (after the
                                last one: score)
    pad 2 feather red h3 s4     a card into any player's batch;   pad-done   score now

    (empty) / ok                CONFIRM: an announcement waiting ("Phase 2 …") is done; any other
                                entry passes it and is carried out (a card, a batch, done …)
    done                        what CONFIRM means here, past a waiting announcement
    undo / u                    take back the last entry
    status                      every seat's batches again
    quit                        leave (the game stays in the journal and is offered next time)

On the screen: the same keys; touch a colour, a number, a batch. The lid: troughs 1-3 are the
colours, 1-5 the height and sweetness, troughs 1-7 and BLIND the eight batches — their lamps
light where the entered card may legally go. CONFIRM goes on, UNDO undoes.
"""

from __future__ import annotations

import unicodedata

from table.companion.plaintext import BUTTON_WORDS, do_line, handle_typed, press_word
from table.games.draftcider.companion import DraftCiderCompanion
from table.games.draftcider.rules.scoring import BATCHES, score_orchard
from table.games.draftcider.words import batch_key, batch_note, batch_title, card_name
from table.i18n import _, ngettext
from table.i18n.labels import listed, seat_name

WORDS = {**BUTTON_WORDS, "b": "blind", "blind": "blind"}
"""The words that are a button: Enter and ``ok`` are CONFIRM (a waiting announcement is done, else
what CONFIRM means now); ``done`` is CONFIRM's meaning past a waiting announcement (issue 33)."""
SETUP_WORDS = {"easy": "easy", "e": "easy", "pad": "padmode", "p": "padmode"}


def help_keys() -> str:
    """The keys and commands (a command reference, like ``--help``: the words typed stay English)."""
    return __doc__ or ""


def _pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal columns (a wide CJK character takes two)."""
    return text + " " * max(0, width - columns(text))


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes (East Asian wide and fullwidth characters: two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def orchard_lines(ctl: DraftCiderCompanion, seat: int) -> list[str]:
    """One seat's eight batches: key, title, points, cards, what the batch takes next."""
    orch = ctl.orchard(seat)
    score = score_orchard(orch, easy=ctl.setup.easy)
    held = sum(len(b) for b in orch)
    out = [_("{seat}: {points}, {cards}").format(
        seat=seat_name(seat), points=ngettext("{n} point", "{n} points", abs(score.total)).format(n=score.total),
        cards=ngettext("{n} card", "{n} cards", held).format(n=held))]
    width = max(20, *(columns(batch_title(b)) for b in range(len(orch))))
    for b, cards in enumerate(orch):
        shown = listed(card_name(c) for c in cards) or "-"
        out.append(f"  {batch_key(b):>5} {_pad(batch_title(b), width)} {score.batches[b]:4d}  {shown}  "
                   f"[{batch_note(orch, b, ctl.setup.easy)}]")
    return out


def status_lines(ctl: DraftCiderCompanion) -> list[str]:
    if ctl.mode not in ("play", "pad", "result"):
        return [screen_text(ctl)]
    out = []
    for s in range(ctl.setup.players):
        out += orchard_lines(ctl, s)
    return out


def screen_text(ctl: DraftCiderCompanion) -> str:
    if ctl.mode == "setup":
        s = ctl.setup
        return _("Draft Cider setup: players {players} (2-6), easy mode {easy} (7), {pad} (1); confirm starts").format(
            players=s.players, easy=_("on") if s.easy else _("off"),
            pad=_("live: every pick entered") if s.pad == "live" else _("end-only score pad"))
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    if ctl.mode == "play" and ctl.engine is not None:
        return ctl.phase_line()
    return ""


def handle_line(ctl: DraftCiderCompanion, line: str) -> str | None:
    """One input line (the shell's ``handle_typed``: a digit is its trough button on every
    screen); returns the reason when it was refused."""
    return handle_typed(ctl, line, WORDS, digits=("setup", "resume", "play", "pad", "result"), own=_own_word)


def _own_word(ctl: DraftCiderCompanion, word: str) -> str | None:
    """The setup screen's words, ``done`` (CONFIRM's meaning past an announcement), a batch's name
    asked for too early, else a command (every refusal — a command's, the engine's, a card's — is
    one line)."""
    if ctl.mode == "setup" and word in SETUP_WORDS:
        return press_word(ctl, SETUP_WORDS[word], SETUP_WORDS[word])
    if word == "done" and ctl.mode in ("play", "pad"):
        ok = ctl.press_past("confirm")
        return None if ok else (ctl.refusal or _("{word}: nothing to do now").format(word=word))
    if ctl.mode in ("play", "pad") and word in BATCHES and ctl.stage() not in ("batch", "choose"):
        return f"{word}: {ctl.ask()}"
    return do_line(ctl, word)
