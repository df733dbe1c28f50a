"""The bot's fixtures (a bot in the test's event loop against the Discord double)."""

from tests.bot.conftest import live_bot, start_live_bot, storage

__all__ = ["live_bot", "start_live_bot", "storage"]
