"""Waldgärtner at a table whose box is not our card file (issue 20): the table is the truth, hidden
cards stay hidden, cards are entered by what they show.

A scripted table plays a seeded game with bots in the engine on *its box* — the card file with one
card turned into another copy of a plant (the box has more of it) and one card turned into a plant
the file lacks — and tells the companion (running on the file) only what a table sees: ``drawn`` /
``kept`` for a card going into a hand unseen, a card turned up or played by its name, the lacking
plant by its attributes. The companion must finish the game with the box's scores, say each
difference once, and never show or say a hidden hand card.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from table.games.waldgaertner import text as T
from table.games.waldgaertner.bots import make_bot
from table.games.waldgaertner.companion import WaldgaertnerCompanion
from table.games.waldgaertner.hidden import hidden_held, public_cards
from table.games.waldgaertner.names import card_name
from table.games.waldgaertner.rules import CardSet, Config, State, new_game
from table.games.waldgaertner.rules import actions as A
from table.games.waldgaertner.rules.cards import Card, parse_cards
from table.games.waldgaertner.setup import WSetup
from table.games.waldgaertner.unseen import cards_toml
from table.games.waldgaertner.words import card_label

HIDDEN = ("draw", "bdraw", "sdeal", "bchoose", "schoose")


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return WaldgaertnerCompanion().cards


def the_box(cards: CardSet) -> tuple[CardSet, Card, Card]:
    """The file with one more Crab apple (a third European small tree of it, in place of a Wild
    pear) and a plant the file lacks (in place of a Rowan)."""
    crab = next(c for c in cards.cards if c.name == "Malus sylvestris")
    pear = next(c for c in cards.cards if c.name == "Pyrus pyraster")
    rowan = next(c for c in cards.cards if c.name == "Sorbus aucuparia")
    lacking = replace(rowan, name="Ignota boxi", common="Box plant", german="Kistenpflanze", value=5, bonus=0,
                      flower="red", flowering=4, fruit="berry", harvest=6, leaf=True, nitrogen=False, partner="")
    extra = replace(crab, id=pear.id)
    box = tuple(extra if c.id == pear.id else lacking if c.id == rowan.id else c for c in cards.cards)
    return parse_cards(cards_toml(cards, box, box_differs=True), "box"), crab, lacking


def _unknown(c: Card) -> str:
    return (f"unknown size={c.size} value={c.value} flower={c.flower} flowering={c.flowering} fruit={c.fruit} "
            f"harvest={c.harvest}" + (" leaf" if c.leaf else "") + (" nitrogen" if c.nitrogen else ""))


class Table:
    """The scripted table: the box's game in the engine, what it tells the companion."""

    def __init__(self, box: CardSet, file: CardSet, lacking: Card, players: int, seed: int) -> None:
        self.box, self.lacking = box, lacking
        self.rng = random.Random(seed)
        self.bots = [make_bot("greedy" if s % 2 else "random", random.Random(seed * 7 + s)) for s in range(players)]
        self.st: State = new_game(Config(players, box))
        self.ctl = WaldgaertnerCompanion(cards=file)
        self.ctl.do(WSetup(players).text())
        self.ctl.do("start")
        self.lines: list[str] = []

    def name(self, cid: int) -> str:
        return card_name(self.box.cards[cid])

    def says(self, cid: int) -> str:
        """What the table types for the box's card ``cid``: its name one letter short (type-ahead),
        whole when short, and the sex of a dioecious plant's card."""
        c = self.box.cards[cid]
        name = self.name(cid)
        sex = {"male": " male", "female": " female"}.get(c.sex, "")
        return (name[:-1] if len(name) > 6 else name).lower() + sex

    def own(self, cid: int, verb: str, rest: str = "") -> str:
        """A command naming the box's card ``cid`` as the table would (the lacking plant by the
        companion's stand-in once entered)."""
        ctl = self.ctl
        if cid == self.lacking.id:
            mine = [c.id for c in ctl.state.cards if c.name.startswith("Ignota")]
            if not mine:
                ctl.do(_unknown(self.lacking))
                mine = [c.id for c in ctl.state.cards if c.name.startswith("Ignota")]
            return f"{verb} {mine[0]}{rest}"
        return f"{verb} {self.says(cid)}{rest}"

    def command(self, a: int) -> str:
        st, ctl = self.st, self.ctl
        stage = st.step
        if stage in HIDDEN and not (stage == "schoose" and st.t.jobs[0][2] == A.DISCARD_PILE):
            return ("drawn" if ctl.stage() == "draw" else "kept") if ctl.stage() in HIDDEN else ""
        cid = -1 if a >= A.DECK and not a >= A.CHOOSE else card_of(a)
        if stage == "reveal":
            if cid == self.lacking.id:
                return _unknown(self.lacking)
            return self.says(cid)
        if cid < 0:
            return A.to_text(a)
        text = A.to_text(a)
        verb, rest = text.split()[0], " ".join(text.split()[2:])
        return self.own(cid, verb, " " + rest if rest else "")

    def step(self) -> None:
        st = self.st
        a = st.sample_chance(self.rng) if st.is_chance() else self.bots[st.current_player()].choose(st)
        cmd = self.command(a)
        st.apply(a)
        if cmd:
            self.ctl.do(cmd)
        self.lines += self.ctl.new_lines()


def card_of(a: int) -> int:
    if a < A.CARD + A.CARDS:
        return a - A.CARD
    if A.CHOOSE <= a < A.OFFER:
        return (a - A.CHOOSE) % A.CARDS
    if A.OFFER <= a < A.PLANT:
        return (a - A.OFFER) // 8
    return (a - A.PLANT) // 64


def _what_the_table_sees(ctl: WaldgaertnerCompanion) -> str:
    """Everything shown or said now: the question, the last lines, the status, the buttons."""
    from table.games.waldgaertner.view import STAGE_BUTTONS, _guide_buttons

    st = ctl.stage()
    buttons = STAGE_BUTTONS[st](ctl, st) if st in STAGE_BUTTONS else _guide_buttons(ctl) if st == "reveal" else []
    return "\n".join([ctl.ask(), *ctl.said_last, *T.status_lines(ctl), *(b[0] for b in buttons), ctl.refusal])


def _hidden_leaks(table: Table) -> list[str]:
    """Hidden hand cards named on the screen or in the lines: the companion's own hidden cards by
    their label, the box's by a name no visible card has."""
    ctl, st = table.ctl, table.st
    e = ctl.state
    seen = "\n".join([_what_the_table_sees(ctl), *table.lines[-12:]])
    visible = {card_name(e.card(c)) for c in public_cards(e.events)}
    leaks = [card_label(e.card(c)) for s in range(e.players) for c in hidden_held(e, s)
             if card_label(e.card(c)) in seen]
    box_hidden = {table.name(c) for s in range(st.players) for c in hidden_held(st, s)}
    leaks += [n for n in box_hidden - visible if n in seen and n != table.lacking.common]
    return leaks


@pytest.mark.parametrize("seed", [2, 5])
def test_a_table_whose_box_differs_finishes_its_game_with_the_boxs_scores(cards, seed):
    box, _crab, lacking = the_box(cards)
    table = Table(box, cards, lacking, 2, seed)
    leaks: list[str] = []
    while not table.st.is_terminal():
        table.step()
        leaks += _hidden_leaks(table)
    ctl = table.ctl
    assert ctl.mode == "result"
    assert ctl.record["scores"] == [s.total for s in table.st.scores()]
    assert not leaks, leaks[:5]
    differs = [ln for ln in table.lines if ln.startswith("the box differs from the file:")]
    assert len(differs) == len(set(differs)) and all("\n" not in ln for ln in differs)  # each said once
    assert ctl.record["box_differs"] == differs  # and recorded
    assert sum("a plant the file lacks" in ln for ln in differs) == 1  # the lacking plant was shown
    assert sum("one more #86 Crab apple" in ln for ln in differs) == 1  # all three crab apples were shown
    assert len(differs) == 2  # nothing else differs
    again = WaldgaertnerCompanion(cards=cards)  # the journal replays: placeholders and swaps are deterministic
    again.replay(WSetup(2).to_dict(cards), ctl.cmds)
    assert again.state.summary() == ctl.state.summary() and again.record["scores"] == ctl.record["scores"]


def test_a_hidden_card_is_never_shown_and_is_learnt_when_played(cards):
    """The first draw goes into the hand unseen: no id, no name on the screen or in the lines; the
    card played later is named and the companion's mirror then holds that plant."""
    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(2).text())
    ctl.do("start")
    ctl.do("deck 1")
    assert "draws a card from deck 1 and keeps it hidden" in ctl.ask()
    assert ctl.press("confirm") and ctl.cmds[-1] == "drawn"
    held = ctl.state.hand(0)
    assert held in hidden_held(ctl.state, 0)
    seen = _what_the_table_sees(ctl) + "\n".join(ctl.new_lines())
    assert card_label(ctl.state.card(held)) not in seen and f"#{held}" not in seen


def test_a_card_is_entered_by_a_few_letters_of_its_name_or_latin_and_candidates_are_listed(cards):
    from table.companion.protocol import CommandError

    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(2).text())
    ctl.do("start")
    ctl.do("deck 1")
    ctl.do("drawn")
    ctl.do("deck 2")
    ctl.do("drawn")
    assert ctl.stage() == "reveal"
    with pytest.raises(CommandError, match=r"which one\? .*Sweet chestnut"):
        ctl.do("sw")  # too few letters: the candidates, listed
    ctl.do("cornelian")
    assert ctl.state.card(ctl.state.offer(0)).name == "Cornus mas"
    ctl.do("prunus av")  # the Latin name, a few letters of each word
    assert ctl.state.card(ctl.state.offer(1)).name == "Prunus avium"


def test_setup_at_three_players_says_the_asian_decks_it_uses_and_offers_no_continent(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.press("trough3")
    screen = T.screen_text(ctl)
    assert "decks 1-3 Asia" in screen and "Europe" not in screen and "button 1" not in screen
    assert not ctl.press("trough1") and ctl.setup.choice == "EU"  # the continent changes nothing at 3
    ctl.press("trough5")
    assert "decks 1-3 Asia, 4-5 Europe (button 1 changes the continent)" in T.screen_text(ctl)
    assert ctl.press("trough1") and "decks 1-3 Asia, 4-5 North America" in T.screen_text(ctl)


def test_the_documented_key_7_is_the_special_action_with_the_cube_in_hand(cards):
    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(3).text())
    ctl.do("start")
    while ctl.stage() != "die":
        ctl.do("drawn" if ctl.stage() == "draw" else "deck 1" if ctl.stage() == "start"
               else f"card {ctl.state.legal_actions()[0] - A.CARD}")
    assert ctl.state.storage(0) == 1 and "6 or 7 special" in ctl.ask()
    assert T.handle_line(ctl, "7") is None and ctl.cmds[-1] == "special"


def test_the_lids_guided_choice_names_a_card_turned_and_a_hidden_card_played(cards):
    """Size class → (continent) → flower colour → plant, on the trough buttons; UNDO steps back."""
    from table.games.waldgaertner.naming import guide_options

    ctl = WaldgaertnerCompanion(cards=cards)
    ctl.do(WSetup(2).text())
    ctl.do("start")
    for word in ("deck 1", "drawn", "deck 1", "drawn"):
        ctl.do(word)
    assert ctl.stage() == "reveal"
    pear = next(c for c in cards.cards if c.name == "Pyrus pyraster")  # a European small tree, white

    def press_option(value: str) -> None:
        _q, options = guide_options(ctl.state, ctl.guide)
        assert len(options) <= 7
        assert ctl.press(f"trough{[v for _l, v in options].index(value) + 1}"), ctl.refusal

    press_option("3")
    assert "Which flower colour?" in ctl.ask()  # one continent in a 2-player game: no continent asked
    press_option("pink")
    assert ctl.press("undo") and ctl.guide == ("3",)  # UNDO steps back in the choice, not the game
    press_option("white")
    press_option(f"{pear.name}|{pear.sex}")
    assert ctl.cmds[-1].startswith("card ") and ctl.state.card(ctl.state.offer(0)).name == pear.name
    # a hidden card played: named by the same choice, then CONFIRM plants it
    while ctl.stage() != "play":
        st = ctl.stage()
        ctl.do("drawn" if st == "draw" else "deck 1" if st == "die" else f"card {ctl.state.legal_actions()[0]}")
    s = ctl.seat()
    assert hidden_held(ctl.state, s) and "Which size class?" in ctl.ask()
    apple = next(c for c in cards.cards if c.name == "Malus sylvestris")
    press_option(str(apple.size))
    press_option(apple.flower)
    press_option(f"{apple.name}|{apple.sex}")
    assert "plays #" in ctl.ask() and "Crab apple: CONFIRM plants it" in ctl.ask()
    assert ctl.press("confirm") and ctl.cmds[-1].startswith("plant ")
    assert any(ctl.state.card(c).name == apple.name for c in ctl.state.garden(s).values())


def test_the_additional_tasks_are_a_setup_option_dealt_hidden_and_shown_after_the_last_round(cards):
    """``setup tasks=on``: every seat's task card is dealt face down (never said); after round 21
    each shows theirs in seat order (``task 5`` or a few letters of it) and the pad scores them."""
    from table.games.waldgaertner.script import table_script

    script, final = table_script(3, 4, cards=cards)
    ctl = WaldgaertnerCompanion(cards=cards)
    assert ctl.press("tasks") and "additional tasks" in T.screen_text(ctl)
    ctl.do(WSetup(3, tasks=True).text())
    ctl.do("start")
    assert ctl.state.config.tasks and all(ctl.state.task(s) >= 0 for s in range(3))
    for line in script[2:]:
        ctl.do(line)
    assert ctl.mode == "play" and ctl.ask().startswith("Seat 1 shows their task card: task N (1 most large")
    nitrogen = [sum(c.nitrogen for c in (final.card(x) for x in final.garden(s).values())) for s in range(3)]
    leader = max(range(3), key=lambda s: (nitrogen[s], -s))
    strict = nitrogen.count(nitrogen[leader]) == 1 and nitrogen[leader] > 0
    for s in range(3):
        ctl.do("task nitrogen" if s == leader else f"task {s + 1}")  # tasks 1-3 are not the nitrogen one (5)
    assert ctl.mode == "result" and ctl.state.task(leader) == 4
    assert ctl.record["score_pad"][leader]["task"] == (10 if strict else 0)
    assert ctl.record["scores"][leader] == final.scores()[leader].total + (10 if strict else 0)
    assert any("task 10" in ln or "task 0" in ln for ln in ctl.result_lines())
    ctl2 = WaldgaertnerCompanion(cards=cards)
    ctl2.replay(WSetup(3, tasks=True).to_dict(cards), ctl.cmds)
    assert ctl2.state.summary() == ctl.state.summary()
