"""Bots for Applejack: random, greedy (one ply, hand-made evaluation) and strong (lookahead).

Bots use only the engine's uniform state API and the seeded ``random.Random`` they are given.
"""

from table.bots.common import RandomBot
from table.games.applejack.bots.base import BOT_NAMES, Bot, make_bot, play_game, seat_seed

__all__ = ["BOT_NAMES", "Bot", "RandomBot", "make_bot", "play_game", "seat_seed"]
