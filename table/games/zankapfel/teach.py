"""Zankapfel's announcements (``table.companion.announce``) and teach mode
(``table.companion.teaching``): each step explained once, the first time it happens, in one
sentence in our words from the French rule text (``/work/shared/seeds/002_…``, quoted beside each
sentence).

Announced (each waits for CONFIRM: the table moves pawns, passes the apple, shuffles): a round's
start, a harvest, a discord's result, the barn shuffled into a new deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from table.companion.announce import Announcement, announcement
from table.companion.protocol import Staged
from table.companion.teaching import Syllabus
from table.engine.events import Event
from table.games.zankapfel.rules import events as E
from table.games.zankapfel.rules.config import HAND_SIZE
from table.games.zankapfel.words import event_line
from table.i18n import N_, _
from table.i18n.labels import seat_name

DISCORD_CARDS = 10
"""Each colour's discord cards, valued 1 to 10 ("un ensemble de 10 cartes de discorde de sa couleur")."""

ANNOUNCED: dict[type, tuple[str, str]] = {
    E.RoundStarted: ("round", N_("New round")),
    E.Harvested: ("harvest", N_("Harvest")),
    E.DiscordResolved: ("discord", N_("Discord")),
    E.Reshuffled: ("reshuffle", N_("New deck")),
}
"""The events the table is told and must act on: event type → (kind, the panel's title)."""


def announced(events: Sequence[Event]) -> list[Announcement]:
    """The announcements of one command's engine events (their words: the event's line)."""
    out = []
    for ev in events:
        kind = ANNOUNCED.get(type(ev))
        if kind is not None:
            out.append(announcement(kind[0], kind[1], partial(event_line, ev)))
    return out


def setup_steps() -> list[str]:
    """The table's set-up as the French rules' "Préparation" gives it, the deal included, before
    the steps the companion asks one by one (the mayor, the face-up card, the tokens removed): a
    line a step after the shell's "Set up the table for N players:" (``announce.setup_told``)."""
    return [
        # "Le fermier rouge commence. Il reçoit la pomme – marque de premier joueur"
        _("the red farmer ({seat}) takes the apple: the first player;").format(seat=seat_name(0)),
        # "Les pions sont placés sur la case de départ/arrivée et les 25 jetons sont posés sur les 25 cases"
        _("every pawn on the start square, a harvest token on each of the 25 orchard squares;"),
        # "Les cartes de pomme sont battues et placées face cachée sur la ferme."
        _("shuffle the apple cards face down onto the farm;"),
        # "Chaque joueur reçoit un ensemble de 10 cartes de discorde de sa couleur, et 4 cartes de pomme au hasard."
        _("deal each player the {discord} discord cards of their colour and {apples} apple cards.").format(
            discord=DISCORD_CARDS, apples=HAND_SIZE),
    ]


SENTENCES = {
    # "Chaque joueur reçoit un ensemble de 10 cartes de discorde de sa couleur, et 4 cartes de pomme au hasard."
    "setup": N_("Each player holds 4 apple cards, to lay for harvests, and 10 discord cards of their colour, "
                "1 to 10, to play when two want the same colour."),
    # "Le premier joueur choisit n'importe laquelle des cases pour y placer le maire."
    "place": N_("The first player puts the mayor on any square of the orchard."),
    # "selon le nombre de joueurs, on retire un certain nombre de jetons du verger … un à un par les joueurs"
    "remove": N_("Before the first round each player takes harvest tokens out of the orchard, one at a time; "
                 "they are out of the game."),
    # "On retourne alors la carte supérieure de la pile de pomme et on la laisse visible"
    "turn": N_("The top apple card is turned face up on the farm: it is the card a player may buy."),
    # "A) Acheter une carte de pomme … Le prix correspond à la moitié du nombre … B) … jouer une de
    # ses cartes de pomme face cachée … Seuls les joueurs qui ont posé une carte de pomme peuvent récolter"
    "bid": N_("In turn each player buys the face-up card (its price is set by the mayor's square) or lays an "
              "apple card face down; only a laid card harvests."),
    # "Le premier joueur déplace le maire vers n'importe quelle case voisine non récoltée … le jeton est enlevé"
    "move": N_("The first player moves the mayor to a neighbouring square not yet harvested; its token comes "
               "off."),
    # "Tous les joueurs, qui avaient joué une carte face cachée lors de la phase 1, révèlent leurs cartes"
    "reveal": N_("Everyone who laid a card turns it over at the same time."),
    # "Si un joueur a posé un joker, il peut choisir sa couleur."
    "joker": N_("A joker harvests the colour its player chooses, even one that leads to a discord."),
    # "chaque joueur impliqué dans une querelle peut acheter jusqu'à 3 « dés » … il en coûte deux points"
    "dice": N_("In a discord each player in it may buy up to three dice, two points each, paid at once."),
    # "Tous les participants à la discorde jouent une de leurs cartes de discorde face cachée … 1 à 10"
    "card": N_("Each player in the discord plays one discord card (1 to 10); card plus dice, the highest wins."),
    # "jettent leurs dés (s'ils en ont achetés), et calculent leurs points"
    "roll": N_("The dice bought are rolled and added to the discord card."),
    # "Chacun reçoit la valeur de la carte jouée en avançant son pion sur la piste"
    "harvest": N_("A harvest moves the player's pawn forward by the value of that colour at the mayor's square."),
    # "Chaque couleur de pomme ne peut être récoltée que par un seul joueur à chaque manche ! … Seul le
    # vainqueur de cet affrontement récoltera lors de cette manche."
    "discord": N_("Each colour is harvested by one player a round: only the discord's winner harvests, the "
                  "others lose their card."),
    # "la pomme est passée au prochain joueur, qui sera le premier joueur de la prochaine manche"
    "round": N_("At the end of a round the apple goes to the next player clockwise, who is first in the new "
                "round."),
    # "Si la pioche vient à se vider, on brouille la défausse pour former une nouvelle pioche."
    "reshuffle": N_("When the deck runs out, the barn's cards are shuffled into a new deck."),
}
"""Each kind of step (the companion's stage, or an announcement's kind) → its sentence."""


def moment(ctl: Staged) -> tuple[str, ...]:
    """What the prompt shown now is about: the stage."""
    stage = ctl.stage()
    return (stage,) if stage in SENTENCES else ()


SYLLABUS = Syllabus(SENTENCES, moment)
