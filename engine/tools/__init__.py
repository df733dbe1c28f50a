"""The command-line tools around the rules: replay, the terminal game, the arena, the bench and
the players' latency.

They read and write files and terminals, so they live apart from the rules core, which does no
I/O; ``python -m engine.replay``, ``engine.play``, ``engine.arena``, ``engine.bench`` and
``engine.latency`` run them.
"""
