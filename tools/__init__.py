"""The top floor: commands that measure the bot, and the stand-in for Discord they run it against.

Nothing here is part of the installed bot: run the commands from a checkout of the repository
(``python -m tools.bench_bots`` …). A module here may import ``engine``, ``bot`` and ``cogs``;
none of those imports it.
"""
