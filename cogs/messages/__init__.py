"""Messages drawn from observations: the table for the channel, the panel for one player, the
review of a hand and the leaderboard.

The table message is drawn from the spectator's observation only (``observe(game, None)``), so
it cannot hold a tile still in someone's hand; a panel from its owner's observation. Every word
goes through :func:`bot.i18n.t`; tiles are written by their label, high end first (``[6|4]``).
A computer player is written "🤖 Bot" wherever a member would be mentioned; it has no panel, so
its hand is never drawn anywhere.

One room a job, each importing only the rooms above it in this list:

- :mod:`.reply`: a message's parts (``Reply``, ``Picture``, its colour, no pings by default);
- :mod:`.words`: how engine values and players are said (a seat's holder, tiles, an action on
  a button, a bid, a call of the auction, what just happened);
- :mod:`.score`: the numbers (a score, one number per side, the game's totals, the hand so far);
- :mod:`.summary`: a finished hand told, in one line and in the review;
- :mod:`.away`: the votes that let a computer player stand in for a member, and I'm back;
- :mod:`.lobby`: the table before the start, with its seat and settings buttons;
- :mod:`.table`: the table message itself, from the spectator's observation;
- :mod:`.panel`: one player's private panel, from their own observation;
- :mod:`.standings`: the leaderboard and a member's statistics;
- :mod:`.bracket`: a tournament's picture (rounds, standings, matches to play) from its state.
"""
