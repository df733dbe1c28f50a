"""A battery of partnership positions from real games of 42, and the share a policy gets right.

Players judge a computer player as a partner: does it leave a trick its partner is sure to take,
give that partner count, take a trick it is sure to win with its cheapest winner, lead back the
suit its partner won with, and stay out of the auction its partner holds? Each position of the
battery is a decision met in a game played by the rules of thumb, replayed exactly from the
game's seed and its actions, with the actions a human partner expects there; the exact solver,
on the real deal, has checked that the expected behaviour costs the contract nothing.

- :mod:`.battery` — the categories, the positions, the battery file and how a position replays;
- :mod:`.situation` — what the seat sees at a decision, and the categories it could test;
- :mod:`.real_deal` — which plays cost nothing on the real deal (every hand known);
- :mod:`.generate` — games played and positions collected, capped per category;
- :mod:`.measure` — a policy asked at every position, and its share right per category.

``python -m engine.tools.partnership generate|measure`` (:mod:`.__main__`).
"""
