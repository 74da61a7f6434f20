"""Bots: anything with ``choose(view) -> action``. They only ever see a seat's :class:`View`."""

from pitchkit.bots.base import Bot, RandomBot, bot_names, make_bot, random_action, register

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "random_action", "register"]
