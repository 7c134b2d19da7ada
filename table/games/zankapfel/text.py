"""play --game zankapfel --text: Zankapfel's companion in a terminal. Every input line is a key
or a command (the journal keeps the long form):

    setup players=4 finish=40   the setup screen as one line (3-6 players; points to the finish;
      deck=box bribery=on       the deck file's deck, the optional rule "Corruption";
      order=open                dice and bribes in any order, or order=seats as before issue 20)
    3..6 / 7                    setup: players / the next finish (30 40 50 60)
    start / (empty)             start the game
    c3 / mayor c3               the mayor placed (setup) or moved (a square a1 .. e5)
    b2 / remove b2              setup: a harvest token taken out of the game
    r y g b j / red …           the card turned face up; a laid card revealed; a joker's colour
                                (French: r j v b k / rouge jaune vert bleu; German: rot gelb grün blau)
    buy / b, lay / l            phase 1: the seat whose turn it is buys the face-up card or lays one
    pass / p                    phase 1: no card in hand and none to buy
    dice 2 1                    discord: seat 2 buys 1 die (1-3; 2 points each; once, paid at once)
    done                        discord: everyone has decided on dice
    offer 3 2 c3                bribery: seat 3 offers 2 points for the mayor on c3 (any order, once)
    done                        bribery: everyone has decided on offers
    accept 3 / refuse           bribery: the first player takes seat 3's offer, or none
    8 / card 8                  discord: the next seat's discord card (0 = 10)
    4 / roll 4                  a die rolled (in the order the screen asks)
    (empty) / ok                CONFIRM: an announcement waiting ("Round 2 …") is done; any other
                                command passes it and is carried out (lay, buy, a square, done …)
    undo / u                    take back the last command
    status                      the ledger, the orchard and the prices again
    quit                        leave (the game stays in the journal and is offered next time)

On the screen: the same keys; touch a square, a colour, a seat; the lid's seven buttons are the
seats (their lamps: whose turn, who is in a discord), and in a colour question buttons 1-5 are
red, yellow, green, blue, joker; in a roll 1-6 the die's face. CONFIRM lays / confirms, BLIND
buys, UNDO undoes.
"""

from __future__ import annotations

from table.companion.plaintext import BUTTON_WORDS, do_line, handle_typed
from table.games.zankapfel.companion import ZankapfelCompanion
from table.games.zankapfel.rules import actions as A
from table.games.zankapfel.words import kind_name, status_name
from table.i18n import _
from table.i18n.labels import listed, seat_name

WORDS = BUTTON_WORDS
"""The words that are a button (the shell's: Enter and ``ok`` are CONFIRM, ``u`` UNDO). A command
word (``lay``, ``buy``, ``done``, a square …) is the command itself: it passes a waiting
announcement and is carried out (issue 33)."""


def help_keys() -> str:
    """The keys and commands (a command reference, like ``--help``: the words typed stay English)."""
    return __doc__ or ""


def orchard_lines(ctl: ZankapfelCompanion) -> list[str]:
    """The 5×5 orchard: ``M`` the mayor, ``o`` a token (unharvested), ``.`` harvested, ``*`` where
    the mayor may go now; the edge numbers red (top), blue (right), yellow (bottom), green (left)."""
    p = ctl.state
    targets = set(p.mayor_targets()) if ctl.stage() == "move" else set()
    tokens = set(ctl.b.tokens_shown()) if ctl.b is not None else set()
    mayor = ctl.mayor_square()
    out = ["      a b c d e", "   R  " + " ".join(map(str, A.RED_TOP))]
    for r in range(5):
        cells = []
        for c in range(5):
            sq = r * 5 + c
            cells.append("M" if sq == mayor else "*" if sq in targets else "o" if sq in tokens else ".")
        out.append(f"{r + 1} G{A.GREEN_LEFT[r]} " + " ".join(cells) + f" B{A.BLUE_RIGHT[r]}")
    out.append("   Y  " + " ".join(map(str, A.YELLOW_BOTTOM)))
    return out


def ledger_line(ctl: ZankapfelCompanion) -> str:
    p = ctl.state
    parts = []
    for s, pos in enumerate(ctl.positions()):
        mark = "@" if s == p.first else ""
        status = ctl.seat_status(s)
        part = _("{seat} {points}/{finish} d{cards}").format(seat=seat_name(s), points=pos,
                                                             finish=p.config.track_length,
                                                             cards=len(p.discord_cards(s)))
        parts.append(mark + part + (f" [{status_name(status)}]" if status else ""))
    return _("Ledger: {seats}").format(seats="; ".join(parts))


def price_line(ctl: ZankapfelCompanion) -> str:
    prices = ctl.prices()
    if not prices:
        return ""
    p = ctl.state
    face = kind_name(p.face_up) if p.face_up >= 0 else _("none")
    shown = listed(_("{kind} {value} (price {price})").format(kind=kind_name(k), value=v, price=c)
                      for k, v, c in prices[:4])
    return _("Mayor on {square}: {prices}, joker price {joker}; face up: {face}").format(
        square=A.square_name(ctl.mayor_square()), prices=shown, joker=A.JOKER_PRICE, face=face)


def status_lines(ctl: ZankapfelCompanion) -> list[str]:
    if ctl.b is None:
        return [screen_text(ctl)]
    return [ledger_line(ctl), price_line(ctl), *orchard_lines(ctl)]


def screen_text(ctl: ZankapfelCompanion) -> str:
    if ctl.mode == "setup":
        s = ctl.setup
        return _("Zankapfel setup: players {players} (3-6), finish at {finish} points (7), deck {deck} "
                 "(deck=NAME), corruption {bribery} (bribery=on); confirm starts").format(
            players=s.players, finish=s.finish, deck=s.deck_label, bribery=_("on") if s.bribery else _("off"))
    if ctl.mode == "resume":
        return _("Unfinished game: {info}").format(info=ctl.resume_info)
    if ctl.mode == "result" and ctl.b is not None:
        return " · ".join(ctl.result_lines())
    return ""


BID_WORDS = {"b": "buy", "l": "lay", "p": "pass"}
"""In phase 1, ``b`` buys, ``l`` lays and ``p`` passes (elsewhere ``b`` is blue)."""


def handle_line(ctl: ZankapfelCompanion, line: str) -> str | None:
    """One input line (the shell's ``handle_typed``: a digit on the setup screen is its trough
    button); returns the reason when it was refused."""
    return handle_typed(ctl, line, WORDS, digits=("setup",), own=_own_word)


def _own_word(ctl: ZankapfelCompanion, word: str) -> str | None:
    """A command; in phase 1 ``b``, ``l`` and ``p`` are buy, lay and pass."""
    if ctl.mode == "play" and ctl.stage() == "bid":
        word = BID_WORDS.get(word, word)
    return do_line(ctl, word)
