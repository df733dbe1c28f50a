"""Pictures of the table and of a hand, drawn with Pillow from what their viewer may see.

A scene (:mod:`.scene`) is built from an observation by :mod:`.adapt`; :func:`draw_table` and
:func:`draw_hand` turn it into PNG bytes, :mod:`.alt` into its text alternative, and
:class:`Pictures` caches the bytes by scene and draws off the event loop.

>>> from engine import Game, observe
>>> scene = table_scene(observe(Game.new("a seed"), None), ("ana", "bia", "caio", "davi"))
>>> draw_table(scene) == draw_table(scene), table_alt(scene)[:6]
(True, 'Hand 1')
"""

from .adapt import hand_scene, last_hand_scene, table_scene
from .alt import hand_alt, table_alt
from .hand import draw_hand
from .render import Pictures
from .scene import HandScene, SeatPlace, SideRow, TableScene, Tile
from .table import draw_table
from .words import ENGLISH, Words

__all__ = [
    "ENGLISH",
    "HandScene",
    "Pictures",
    "SeatPlace",
    "SideRow",
    "TableScene",
    "Tile",
    "Words",
    "draw_hand",
    "draw_table",
    "hand_alt",
    "hand_scene",
    "last_hand_scene",
    "table_alt",
    "table_scene",
]
