"""Tournaments the bot runs itself (docs/TOURNAMENTS.md): pairing and scheduling for each format,
as pure functions over immutable values, so that a tournament is a function of its entrants and
the results recorded so far and can be stored, replayed and tested without Discord.

- :mod:`.types` — entrants, matches, games and results, shared by every format;
- :mod:`.league` — how a match is scored: best 2 of 3 games to 7 marks, forfeits, byes;
- :mod:`.pairing` — pairing a list with as few repeated meetings as possible;
- :mod:`.double_elimination`, :mod:`.single_elimination`, :mod:`.round_robin`,
  :mod:`.swiss`, :mod:`.whist` — one module per format.
"""
