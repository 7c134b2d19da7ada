"""Zankapfel's words: the cards, seats, statuses, end reasons and the engine's events and refusals as
the table says them, in the current language (the command words and the records stay English)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.rules import events as E
from table.i18n import N_, _, current_language, ngettext
from table.i18n.labels import listed, said_again, seat_name

KIND_NAMES: dict[str, str] = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
                              "joker": N_("joker")}
"""The apple cards' kinds as people read them (the command words stay ``red`` … ``joker``)."""
STATUS_NAMES: dict[str, str] = {"bought": N_("bought"), "laid": N_("laid"), "passed": N_("passed"),
                                "discord": N_("discord")}
"""``seat_status``'s words (a revealed kind is a :data:`KIND_NAMES` word)."""
END_REASONS: dict[str, str] = {"finish reached": N_("finish reached"), "orchard harvested": N_("orchard harvested")}
"""The engine's end reasons (a record field) as the screen says them."""
SEAT_COLOURS = ("red", "blue", "yellow", "green", "white", "black")
KIND_LETTERS: dict[str, str] = {"en": "rygbj", "fr": "rjvbk", "de": "rygbj", "ja": "rygbj"}
"""The one-letter kinds per language, in the order red, yellow, green, blue, joker: French says
rouge, jaune, vert, bleu (so ``j`` is jaune, and the joker is ``k``); German keeps the English
letters (gelb and grün share the g), Japanese too (no letters of its own)."""
KIND_WORDS: dict[str, dict[str, str]] = {
    "fr": {"rouge": "red", "jaune": "yellow", "vert": "green", "verte": "green", "bleu": "blue", "bleue": "blue"},
    "de": {"rot": "red", "gelb": "yellow", "grün": "green", "gruen": "green", "blau": "blue"},
    "ja": {"赤": "red", "黄": "yellow", "黄色": "yellow", "緑": "green", "青": "blue", "ジョーカー": "joker"},
}
"""The kinds' words each language accepts besides the English ones (the journal keeps English)."""
"""The farmers' pawns by seat (the rulebook: the red farmer starts; the others are our choice)."""



def kind_of(word: str) -> str | None:
    """A kind typed in the current language — its letter (``j``: jaune in French, joker in
    English), its word (``jaune``, ``vert``) or the English word — as the English kind; None
    when the word names no kind. English letters no other kind uses stay (``y``, ``g`` in French)."""
    lang = current_language()
    letters = KIND_LETTERS.get(lang, KIND_LETTERS["en"])
    if len(word) == 1:
        if word in letters:
            return A.KINDS[letters.index(word)]
        english = KIND_LETTERS["en"]
        return A.KINDS[english.index(word)] if word in english else None
    if word in A.KINDS:
        return word
    return KIND_WORDS.get(lang, {}).get(word)


def kind_letters(colours_only: bool = False) -> str:
    """The kinds' letters as a prompt shows them (``r y g b j``; French ``r j v b k``)."""
    letters = KIND_LETTERS.get(current_language(), KIND_LETTERS["en"])
    return " ".join(letters[:4] if colours_only else letters)


def seat_word(seat: int) -> str:
    """A seat inside a sentence: ``Seat 2`` like everywhere (one style for seats; a named seat
    is then its player's name, ``companion.players.named_line``)."""
    return seat_name(seat)


def kind_name(kind: str | int) -> str:
    """An apple card's kind (``"red"`` or its index in ``KINDS``) in the current language."""
    key = A.KINDS[kind] if isinstance(kind, int) else kind
    return _(KIND_NAMES.get(key, key))


def colour_name(colour: int) -> str:
    """A colour (its index in ``COLOURS``) in the current language."""
    return kind_name(A.COLOURS[colour])


def status_name(status: str) -> str:
    """A :meth:`ZankapfelCompanion.seat_status` word in the current language."""
    return _(STATUS_NAMES[status]) if status in STATUS_NAMES else kind_name(status) if status else ""


def end_reason_name(reason: str) -> str:
    return _(END_REASONS.get(reason, reason))


def both(names: list[str], template: str = N_("{first} and {second}")) -> str:
    """``Seat 1 and Seat 3`` (any number of names, ``template`` joining each next one) in the
    current language."""
    text = names[0] if names else ""
    for more in names[1:]:
        text = _(template).format(first=text, second=more)
    return text


_ENGINE_REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?P<action>.+) is not allowed in phase (?P<phase>\S+) \(legal: (?P<legal>.*)\)"),
     N_("{action} is not allowed in phase {phase} (legal: {legal})")),
    (re.compile(r"(?P<text>'.*') is not a square \(a1 … e5\)"), N_("{text} is not a square (a1 … e5)")),
    (re.compile(r"Zankapfel is for 3 to 6 players, not (?P<n>-?\d+)"), N_("Zankapfel is for 3 to 6 players, not {n}")),
    (re.compile(r"track_length must be at least 1, not (?P<n>-?\d+)"), N_("track_length must be at least 1, not {n}")),
)


def engine_refusal(text: str) -> str:
    """An engine's refusal (its text is a file format, in English) in the current language: the
    known forms are matched and said again; anything else stays as the engine said it."""
    return said_again(text, _ENGINE_REFUSALS)


# ------------------------------------------------------------------------------------------------
# the engine's events as the table hears them

def _silent(ev: Any) -> str:
    return ""  # said by the companion when entered, or hidden


def _revealed(ev: E.CardsRevealed) -> str:
    shown = [_("{seat} {kind}").format(seat=seat_name(s), kind=kind_name(k)) for s, k in enumerate(ev.cards) if k >= 0]
    return _("Cards revealed: {cards}").format(cards=", ".join(shown)) if shown else \
        _("Cards revealed: nobody laid a card")


def _bribe_offered(ev: E.BribeOffered) -> str:
    if not ev.amount:
        return _("{seat} offers no bribe").format(seat=seat_name(ev.seat))
    return _("{seat} offers {amount} for the mayor on {square}").format(
        seat=seat_name(ev.seat), amount=ev.amount, square=A.square_name(ev.square))


def _discord_resolved(ev: E.DiscordResolved) -> str:
    totals = ", ".join(_("{seat} {card}+{dice}").format(seat=seat_word(s), card=c, dice=d)
                       for s, c, d in zip(ev.seats, ev.cards, ev.dice, strict=True))
    if ev.winner >= 0:
        return _("Discord over {colour}: {totals}: {seat} wins").format(
            colour=colour_name(ev.colour), totals=totals, seat=seat_word(ev.winner))
    return _("Discord over {colour}: {totals}: no winner").format(colour=colour_name(ev.colour), totals=totals)


_EVENT_LINES: dict[type, Callable[[Any], str]] = {
    **dict.fromkeys((E.CardDealt, E.CardLaid, E.DiscordCardLaid, E.DiceBought, E.CardTurned, E.CardBought,
                     E.Passed, E.GameStarted), _silent),
    E.CardsRevealed: _revealed,
    E.MayorPlaced: lambda ev: _("{seat} places the mayor on {square}").format(
        seat=seat_name(ev.seat), square=A.square_name(ev.square)),
    E.Reshuffled: lambda ev: ngettext("The barn's {n} card is shuffled into a new deck",
                                      "The barn's {n} cards are shuffled into a new deck", ev.cards).format(n=ev.cards),
    E.TokenRemoved: lambda ev: _("{seat} removes the token on {square}").format(
        seat=seat_name(ev.seat), square=A.square_name(ev.square)),
    E.RoundStarted: lambda ev: _("Round {round}: {seat} holds the apple").format(
        round=ev.round, seat=seat_word(ev.first)),
    E.BribeOffered: _bribe_offered,
    E.BribeAccepted: lambda ev: _("{seat} takes {amount} from {other}").format(
        seat=seat_name(ev.first), amount=ev.amount, other=seat_word(ev.seat)),
    E.MayorMoved: lambda ev: _("{seat} moves the mayor to {square}: its token is removed").format(
        seat=seat_name(ev.seat), square=A.square_name(ev.square)),
    E.JokerChosen: lambda ev: _("{seat}'s joker harvests {colour}").format(
        seat=seat_name(ev.seat), colour=colour_name(ev.colour)),
    E.Harvested: lambda ev: _("{seat} harvests {colour}: +{points}").format(
        seat=seat_name(ev.seat), colour=colour_name(ev.colour), points=ev.points),
    E.DiscordStarted: lambda ev: _("Discord over {colour}: {seats}").format(
        colour=colour_name(ev.colour), seats=both([seat_word(s) for s in ev.seats], N_("{first} vs {second}"))),
    E.DieRolled: lambda ev: _("{seat} rolls {face}").format(seat=seat_name(ev.seat), face=ev.face),
    E.DiscordResolved: _discord_resolved,
    E.GameEnded: lambda ev: ngettext("Game over ({reason}): {scores}; winner {winners}",
                                     "Game over ({reason}): {scores}; winners {winners}", len(ev.winners)).format(
        reason=end_reason_name(ev.reason), scores=listed(f"{seat_word(s)} {p}" for s, p in enumerate(ev.positions)),
        winners=both([seat_word(s) for s in ev.winners])),
}
"""Each event type's line (the first of an event's classes found here says it)."""


def event_line(ev: Any) -> str:
    """An engine event as the table hears it ("" for what is not said: hidden deals), in the
    current language (in English exactly the engine's text form, capitalised)."""
    for cls in type(ev).__mro__:
        say = _EVENT_LINES.get(cls)
        if say is not None:
            return say(ev)
    text = str(ev)
    return text[:1].upper() + text[1:]
