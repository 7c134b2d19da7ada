"""The cards Waldgärtner's companion cannot see, and how it fills them in.

**A card that is not in the card file** (``unknown size=3 value=4 flower=white flowering=2
fruit=pome harvest=8``, optional ``sex=``, ``bonus=`` with ``partner=``, ``leaf``, ``nitrogen``)
joins the game's card set with a new id (the box differs from the file; the set is marked
``box_differs``), swapped with a hidden card where the deck or the hand needs it
(``hidden.with_card``); the engine is rebuilt on it with the same actions, and the record carries
the card text, so it replays. Older journals' ``unknown N`` with N a card of the file still replay:
that unseen card stands in.

**Cards drawn unseen** (``drawn``/``kept``, :func:`hidden_draw`) and the cards put back after
``keep N`` (:func:`keep`) are placeholders whose history positions the companion keeps as secret
(``hidden.py``): a later card the table shows from that deck or hand is swapped in, never refused.
"""

from __future__ import annotations

from dataclasses import replace

from table.companion.protocol import CommandError
from table.engine.errors import DataError
from table.games.waldgaertner.cardtext import cards_toml
from table.games.waldgaertner.hidden import card_in, placeholder, public_cards, rebuilt, secret_cards, with_card
from table.games.waldgaertner.questions import CHOOSE_STAGES, ask, deck_now
from table.games.waldgaertner.refusals import card_where
from table.games.waldgaertner.rules import State
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import COLOURS, FRUITS, SEXES, Card, parse_cards
from table.games.waldgaertner.setup import WSetup
from table.i18n import _
from table.i18n.labels import is_number, listed

UNKNOWN_STAGES = ("draw", "reveal", "bdraw")
"""The stages where a card turned or drawn may be one the card file does not have."""
_NUMBERS = ("size", "value", "bonus", "flowering", "harvest")
_WORDS = frozenset({*(("sex", v) for v in SEXES), *(("flower", v) for v in COLOURS),
                    *(("fruit", v) for v in FRUITS), ("leaf", "yes"), ("leaf", "no"),
                    ("nitrogen", "yes"), ("nitrogen", "no")})
"""The attribute words an unknown card may be given, as (key, value)."""


def unknown_canonical(e: State, words: list[str]) -> str:
    """``unknown size=3 value=4 flower=white flowering=2 fruit=pome harvest=8 [sex=male]
    [bonus=1 partner=Malus] [leaf] [nitrogen]`` → the canonical form with the id the card gets:
    a new one after the game's cards (:func:`enter_unknown`). Entered where a card is turned or
    drawn, or while a seat plays a hidden card of its hand."""
    if e.step not in UNKNOWN_STAGES and e.step != "play":
        raise CommandError(_("an unknown card is entered where a card is turned or drawn ({now})").format(
            now=ask(e)))
    if words and is_number(words[0], 3):  # the journal's form already names the card's id
        return "unknown " + " ".join(words)
    attrs = unknown_attrs(words)
    return f"unknown {len(e.cards)} " + " ".join(f"{k}={v}" for k, v in attrs.items() if v not in ("", -1))


def stand_ins(e: State, hidden: set[int]) -> list[int]:
    """The cards an unknown card may stand in for now: the deck's unseen ones and the hidden cards
    in it, or the hidden cards of the hand a seat plays from."""
    if e.step == "play":
        s = e.t.jobs[0][1]
        return [c for c in (e.hand(s), e.pending(s)) if c >= 0 and c in hidden]
    d = deck_now(e)
    pool = list(e.t.pools[e.decks[d]]) if e.t.unknown[d] else []
    return pool + [c for c in e.t.known[d] if c in hidden]


def _attr_words(words: list[str]) -> dict[str, str | int]:
    """The attributes as given, over their defaults; CommandError names a word it does not know."""
    out: dict[str, str | int] = {"size": 0, "sex": "both", "value": 0, "bonus": 0, "flower": "",
                                 "flowering": -1, "fruit": "", "harvest": -1, "leaf": "no", "nitrogen": "no",
                                 "partner": "-"}
    for word in words:
        key, eq, val = word.partition("=")
        if not eq and key in ("leaf", "nitrogen"):
            out[key] = "yes"
        elif key in _NUMBERS and is_number(val, 2):
            out[key] = int(val)
        elif (key, val) in _WORDS:
            out[key] = val
        elif key == "partner" and val and val.isascii():
            out[key] = val[:1].upper() + val[1:]
        else:
            raise CommandError(_("unknown card: {word}? size=1-5 value=N flower=({colours}) flowering=0-9 "
                                 "fruit=({fruits}) harvest=0-9 [sex=male|female] [bonus=N partner=Genus] [leaf] "
                                 "[nitrogen]").format(word=repr(word), colours="|".join(COLOURS),
                                                      fruits="|".join(FRUITS)))
    return out


def unknown_attrs(words: list[str]) -> dict[str, str | int]:
    """An unknown card's attributes from ``key=value`` words, checked: the ones the rules use are
    given and in range (a male plant bears no fruit)."""
    out = _attr_words(words)
    male = out["sex"] == "male"
    need = ["size", "flower", "flowering"] + ([] if male else ["fruit", "harvest"])
    missing = [k for k in need if out[k] in ("", -1) or (k == "size" and out[k] == 0)]
    if missing:
        raise CommandError(_("unknown card: give {missing} (the attributes the rules use)").format(
            missing=listed(missing)))
    if not 1 <= int(out["size"]) <= 5 or not 0 <= int(out["flowering"]) <= 9 or int(out["harvest"]) > 9:
        raise CommandError(_("unknown card: size is 1-5, flowering and harvest are phases 0-9"))
    if male:
        out["fruit"], out["harvest"] = "", -1
    return out


def _unknown_card(cid: int, continent: str, attrs: dict[str, str | int], like: Card | None = None) -> Card:
    """The card an ``unknown`` entry describes (``like``: the file's card it stands in for, old form)."""
    male = attrs["sex"] == "male"
    base = like if like is not None else Card(cid, "", "", "", continent, 1, "both", 0, 0, "white", 0, "", -1,
                                              False, "", False)
    return replace(base, id=cid, name=f"Ignota {cid}", common=f"unknown plant {cid}", german=f"unbekannt {cid}",
                   size=int(attrs["size"]), sex=str(attrs["sex"]), value=int(attrs["value"]),
                   bonus=int(attrs["bonus"]), flower=str(attrs["flower"]), flowering=int(attrs["flowering"]),
                   fruit="" if male else str(attrs["fruit"]), harvest=-1 if male else int(attrs["harvest"]),
                   leaf=attrs["leaf"] == "yes", nitrogen=attrs["nitrogen"] == "yes",
                   partner="" if attrs["partner"] == "-" else str(attrs["partner"]))


def enter_unknown(e: State, setup: WSetup, canon: str, secret: frozenset[int] = frozenset()) -> State:
    """``unknown N key=value …`` (canonical) entered: the game rebuilt on its card set with a card of
    those attributes, the card turned or drawn (while a seat plays: the hidden card of its hand
    shown, swapped with it). ``N`` after the game's cards adds the card (the box has a plant the
    file lacks: nothing of the file is lost); ``N`` within them is the older form, the unknown
    card standing in for that unseen card of the file. ``secret``: the placeholders (``hidden.py``)."""
    w = canon.split()
    cid = int(w[1])
    attrs = unknown_attrs(w[2:])
    old = e.config.cards.cards
    hidden = secret_cards(e, secret)
    spots = stand_ins(e, hidden)
    if cid == len(old):
        cont = e.decks[deck_now(e)] if e.step != "play" else (old[spots[0]].continent if spots else e.decks[0])
        card = _unknown_card(cid, cont, attrs)
        fits = (lambda s: A.CARD + cid in s.legal_actions()) if e.step != "play" else (
            lambda s: cid in (s.hand(s.t.jobs[0][1]), s.pending(s.t.jobs[0][1])))
        try:
            st = with_card(e, setup, secret, card, [c for c in spots if c in hidden], fits)
        except DataError as exc:
            raise CommandError(str(exc).splitlines()[-1].strip()) from None
        if st is None:
            raise CommandError(_("no hidden card is there for the unknown one to be: undo to the draw and enter it "
                                 "there"))
    else:
        if not 0 <= cid < len(old) or cid not in spots:
            raise CommandError(_("card {id} cannot stand in for an unknown card now").format(id=cid))
        card = _unknown_card(cid, old[cid].continent, attrs, old[cid])
        cards = tuple(card if c.id == cid else c for c in old)
        try:
            new = parse_cards(cards_toml(e.config.cards, cards, box_differs=card.size != old[cid].size),
                              "unknown card")
        except DataError as exc:
            raise CommandError(str(exc).splitlines()[-1].strip()) from None
        st = rebuilt(setup, new, list(e.history))
    if e.step != "play":
        st.apply(f"card {cid}")
    return st


def keep(e: State, cid: int) -> None:
    """A bonus draw or a search entered by the card kept: the cards put back are filled in."""
    st = e.step
    if st not in ("bdraw", "sdeal", *CHOOSE_STAGES):
        raise CommandError(_("no card is kept now ({now})").format(now=ask(e)))
    if st in ("bdraw", "sdeal"):
        deck = deck_now(e)
        if st == "bdraw" or cid not in e.t.known[deck]:
            if A.CARD + cid not in e.legal_actions():
                raise CommandError(_("card {id} cannot be in deck {deck} now: {where}").format(
                    id=cid, deck=deck + 1, where=card_where(e, cid)))
            e.apply(f"card {cid}")
        while e.step == st:
            legal = [a for a in e.legal_actions() if a != A.CARD + cid]
            e.apply(legal[0] if legal else e.legal_actions()[0])
    e.apply(f"choose {cid}")


HIDDEN_STAGES = {"draw": "drawn", "bdraw": "kept", "sdeal": "kept", "bchoose": "kept", "schoose": "kept"}
"""The stages where a card goes into a hand unseen by the table, and the word the table says."""


def hidden_canonical(e: State) -> str:
    """``drawn`` / ``kept``: the card drawn, or kept from a bonus draw or a search of a deck, stays
    in its holder's hand unseen; the word the stage takes."""
    word = HIDDEN_STAGES.get(e.step)
    if word is None or (e.step == "schoose" and e.t.jobs[0][2] == A.DISCARD_PILE):
        raise CommandError(_("no card goes into a hand unseen now ({now})").format(now=ask(e)))
    return word


def hidden_draw(e: State, secret: frozenset[int], word: str) -> frozenset[int]:
    """``drawn``/``kept`` applied: the engine's chance actions filled with placeholders (their
    positions added to ``secret``), the kept one chosen among them."""
    out = set(secret)
    first = e.step
    while e.step in ("draw", "bdraw", "sdeal"):
        out.add(len(e.history))
        e.apply(A.CARD + placeholder(e, frozenset(out)))
        if first == "draw":
            return frozenset(out)
    if e.step in ("bchoose", "schoose"):
        hidden = secret_cards(e, frozenset(out))
        legal = [a - A.CHOOSE for a in e.legal_actions()]
        e.apply(A.CHOOSE + next((c for c in legal if c in hidden), legal[0]))
    return frozenset(out)


def filled_in(e: State, before: int, kept: int) -> set[int]:
    """The positions from ``before`` on that ``keep`` filled with cards the table never saw."""
    return {i for i in range(before, len(e.history))
            if A.CARD <= e.history[i] < A.CARD + A.CARDS and e.history[i] - A.CARD != kept}


def made_public(e: State, secret: frozenset[int]) -> frozenset[int]:
    """``secret`` without the positions of cards the table has seen since."""
    shown = public_cards(e.events)
    return frozenset(i for i in secret if i < len(e.history) and card_in(e.history[i]) not in shown)
