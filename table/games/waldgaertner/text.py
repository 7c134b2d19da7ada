"""play --game waldgaertner --text: Waldgärtner's companion in a terminal. Every input line is a
key or a command (the journal keeps the long form); ``help_keys`` lists them (``HELP``) in the
table's language — the command words themselves are never translated.
"""

from __future__ import annotations

from table.companion.plaintext import BUTTON_WORDS, do_line, handle_typed, press_word
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.setup import CHOICE_MATTERS, decks_words
from table.games.waldgaertner.words import card_label
from table.i18n import N_, _
from table.i18n.labels import seat_name

_KEYS = 28
"""The width of the help's key column (after its 4-space indent)."""
HELP_HEAD = N_("play --game waldgaertner --text: Waldgärtner's companion in a terminal. Every input line is a\n"
               "key or a command (the journal keeps the long form):")
HELP_ROWS: tuple[tuple[str, str], ...] = (
    ("setup players=4 choice=EU directsale=off   ",
     N_("the setup screen as one line (2-7 players; EU or\nNA: the 2-player deck, Asia's partner with 5, the half "
        "deck with 6)")),
    ("2..7 / 1", N_("setup: players / the EU-NA choice")),
    ("setup tasks=on", N_("setup: the additional tasks (a task card dealt face down to each player,\nshown after "
                          "the last round: task 3 / task nitrogen)")),
    ("start / (empty)", N_("start the game")),
    ("apple / card apple / 17", N_("a card turned face up: its name (a few letters; Latin too; male/female\nfor a "
                                   "dioecious plant), or its id in the card file")),
    ("drawn / kept / (empty)", N_("a card drawn, or kept from a bonus draw or a search: it stays hidden\nin its "
                                  "holder's hand until it is played")),
    ("unknown size=3 value=4 flower=white flowering=2 fruit=pome harvest=8 [sex=male|female]\n"
     "            [bonus=1 partner=Malus] [leaf] [nitrogen]\n",
     N_("a card that is not in the card file, by the attributes the rules use\n(the box differs from the file: "
        "the card joins the game, said once)")),
    ("3 / deck 3", N_("the first draw's deck; a seat's die on deck 3 (in seat order,\nafter everyone has shown)")),
    ("6 / 7 / s / special", N_("a seat's die on \"6\" for a special action (6 is deck 6 where six or\n"
                               "seven decks lie out: then 7 or s)")),
    ("pass", N_("nothing on offer and no cube for a special action")),
    ("sell apple / sell 17 / b", N_("sell the card (b: the card just received)")),
    ("plant apple at 3.2", N_("plant it in row 3, place 2 (the first free place when omitted)")),
    ("(empty) / ok", N_("plant the card just received at its first free place")),
    ("offer 17 to 2, buy, decline", N_("direct sale (the variant)")),
    ("alt / alternative offer", N_("special action: new offers for 1 cube, then 17 / choose 17")),
    ("search 3, search discard", N_("special action for 3 cubes, then kept (the card taken stays hidden)")),
    ("forgo", N_("give up one's special action")),
    ("bonus 3", N_("the bonus action's deck, then kept (the card kept stays hidden)")),
    ("(empty) / ok", N_("while an announcement waits: it is done (CONFIRM); any other command\n"
                        "passes it and is carried out")),
    ("undo / u", N_("take back the last command")),
    ("status", N_("the ledger, the offers, every garden and this phase again")),
    ("quit", N_("leave (the game stays in the journal and is offered next time)")),
)
"""The help's rows: what people type (never translated) and what it does (one message; its
line breaks continue under the explanation column)."""
HELP_FOOT = N_("On the screen: the same keys and a keypad for card ids (digits, then enter/✓); the lid's seven\n"
               "buttons are the die's choices — decks 1-6 and (7) the special action; their lamps show the\n"
               "choosable decks while dice are entered and the contested decks while the table settles them.\n"
               "CONFIRM plants (or buys, or takes the alternative offer), BLIND sells (or declines, or forgoes),\n"
               "UNDO undoes.")

WORDS = BUTTON_WORDS
"""The words that are a button (the shell's); ``b`` in play is BLIND."""


def help_keys() -> str:
    """The keys and commands of text mode, explained in the table's language."""
    out = [_(HELP_HEAD), ""]
    for keys, what in HELP_ROWS:
        head = f"    {keys}"
        if not keys.endswith(("\n", "   ")):
            head = head.ljust(4 + _KEYS)
        elif keys.endswith("\n"):
            head += " " * (4 + _KEYS)
        lines = _(what).split("\n")
        out.append(head + lines[0])
        out.extend(" " * (4 + _KEYS) + line for line in lines[1:])
    return "\n".join([*out, "", _(HELP_FOOT), ""])


def ledger_line(ctl: WaldgaertnerCompanion) -> str:
    parts = [_("{seat} storage {storage}, fields {fields}, dark waiting {dark}, plants {plants}").format(
        seat=seat_name(s), storage=st, fields=f, dark=d, plants=p) for s, (st, f, d, p) in enumerate(ctl.ledger())]
    return _("Cube ledger: {seats} (dark cubes left {left})").format(seats="; ".join(parts),
                                                                    left=ctl.state.dark_left())


def offer_line(ctl: WaldgaertnerCompanion) -> str:
    e = ctl.state
    shown = [_("{deck}: {card} ({n} left)").format(deck=d + 1, card=card_label(e.card(e.offer(d)))
                                                   if e.offer(d) >= 0 else "—", n=e.deck_size(d))
             for d in range(e.players)]
    return _("Offers: {offers}").format(offers="; ".join(shown))


def garden_lines(ctl: WaldgaertnerCompanion) -> list[str]:
    e = ctl.state
    out = []
    for s in range(e.players):
        g = e.garden(s)
        rows = []
        for r, have, cap in ctl.rows(s):
            plants = [card_label(e.card(g[(rr, p)])) for (rr, p) in sorted(g) if rr == r]
            rows.append(_("row {row} {have}/{cap}").format(row=r, have=have, cap=cap)
                        + (f" [{', '.join(plants)}]" if plants else ""))
        out.append(f"{seat_name(s)}: " + "; ".join(rows))
    return out


def status_lines(ctl: WaldgaertnerCompanion) -> list[str]:
    if ctl.e is None:
        return [screen_text(ctl)]
    return [*ctl.phase_report(), offer_line(ctl), ledger_line(ctl), *garden_lines(ctl), ctl.question()]


def screen_text(ctl: WaldgaertnerCompanion) -> str:
    if ctl.mode == "setup":
        s = ctl.setup
        decks = decks_words(s.players, s.choice)
        if s.players in CHOICE_MATTERS:
            decks = _("{decks} (button 1 changes the continent)").format(decks=decks)
        if s.tasks:
            decks = _("{decks}, additional tasks").format(decks=decks)
        if s.pad:
            decks = _("{decks}, end-only score pad").format(decks=decks)
        if s.direct_sale:
            return _("Waldgärtner setup: players {n} (2-7), {decks}, direct sale on; confirm starts").format(
                n=s.players, decks=decks)
        return _("Waldgärtner setup: players {n} (2-7), {decks}, direct sale off; confirm starts").format(
            n=s.players, decks=decks)
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    if ctl.mode == "pad":
        return ctl.ask()
    return ""


def handle_line(ctl: WaldgaertnerCompanion, line: str) -> str | None:
    """One input line (the shell's ``handle_typed``: a digit on the setup screen and the score pad
    is its trough button); returns the reason when it was refused."""
    return handle_typed(ctl, line, WORDS, digits=("setup", "pad"), own=_own_word)


def _own_word(ctl: WaldgaertnerCompanion, word: str) -> str | None:
    """``b`` in play is BLIND; anything else a command (every refusal: a command, the engine, a setup)."""
    if ctl.mode == "play" and word == "b":
        return press_word(ctl, "blind", word)
    return do_line(ctl, word)
