"""Pictures by scene, drawn once: the cache in front of the drawing, and the way off the loop.

:func:`draw_table`, :func:`draw_hand`, :func:`draw_rating_chart` and :func:`draw_bracket` are
top-level pure functions (scene in, PNG bytes out), so a process pool can run them: the scene
pickles, and the picture depends on nothing else.
:class:`Pictures` keeps the last pictures by scene and draws a missing one in an executor (the
loop's default threads unless one is given, such as a process pool), so an unchanged table
costs a dict look-up::

    pictures = Pictures()                      # one per bot
    scene = table_scene(observe(game, None), names, words)
    png = await pictures.png(scene)            # or: loop.run_in_executor(pool, draw_table, scene)
    file = discord.File(io.BytesIO(png), "table.png", description=table_alt(scene))
    png = await pictures.png(chart)            # a member's RatingChart, the same way
    png = await pictures.png(bracket)          # a tournament's BracketPicture, too
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor

from .bracket import BracketPicture, draw_bracket
from .chart import RatingChart, draw_rating_chart
from .hand import draw_hand
from .scene import HandScene, TableScene
from .table import draw_table

Scene = TableScene | HandScene | RatingChart | BracketPicture
"""Whatever :class:`Pictures` draws: the table, a hand, a member's rating chart, a
tournament's bracket."""


def drawer(scene: Scene) -> Callable[..., bytes]:
    """The function that draws ``scene``."""
    if isinstance(scene, TableScene):
        return draw_table
    if isinstance(scene, BracketPicture):
        return draw_bracket
    return draw_hand if isinstance(scene, HandScene) else draw_rating_chart


class Pictures:
    """The PNGs of the last ``size`` scenes drawn, most recently used kept longest.

    >>> from cogs.pictures.samples import auction_scene
    >>> pictures = Pictures(size=4)
    >>> first = asyncio.run(pictures.png(auction_scene()))
    >>> first[:8] == b"\\x89PNG\\r\\n\\x1a\\n", pictures.drawn
    (True, 1)
    >>> asyncio.run(pictures.png(auction_scene())) is first, pictures.drawn
    (True, 1)
    """

    def __init__(self, size: int = 128, executor: Executor | None = None) -> None:
        self.size = size
        self.executor = executor
        self.drawn = 0
        self._cache: OrderedDict[Scene, bytes] = OrderedDict()

    def cached(self, scene: Scene) -> bytes | None:
        found = self._cache.get(scene)
        if found is not None:
            self._cache.move_to_end(scene)
        return found

    async def png(self, scene: Scene) -> bytes:
        """The picture of ``scene``, drawn off the event loop unless it is cached."""
        found = self.cached(scene)
        if found is not None:
            return found
        loop = asyncio.get_running_loop()
        picture = await loop.run_in_executor(self.executor, drawer(scene), scene)
        self.drawn += 1
        self._cache[scene] = picture
        while len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return picture
