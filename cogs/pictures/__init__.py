"""Pictures of the table and of a hand, drawn with Pillow from what their viewer may see, and
of a member's rating history.

A scene (:mod:`.scene`) is built from an observation by :mod:`.adapt`; :func:`draw_table` and
:func:`draw_hand` turn it into PNG bytes, :mod:`.alt` into its text alternative, and
:class:`Pictures` caches the bytes by scene and draws off the event loop. A
:class:`RatingChart` is drawn the same way (:mod:`.chart`), and so is a tournament's
:class:`BracketPicture` (:mod:`.bracket`).

Every game of the family is drawn (3, 4, 6 and 8 seats). The caller hands in, already in the
reader's language, one member name per seat and, in :class:`Words`, the table's seat and side
names sized for its variant (:meth:`Words.for_table`); 42's compass names are the default:

>>> from engine import VARIANTS, Game, observe
>>> scene = table_scene(observe(Game.new("a seed"), None), ("ana", "bia", "caio", "davi"))
>>> draw_table(scene) == draw_table(scene), table_alt(scene)[:6]
(True, 'Hand 1')
>>> words = ENGLISH.for_table(seats=("Red 1", "Blue 1", "Green 1", "Red 2", "Blue 2", "Green 2"),
...                           sides=("Red", "Blue", "Green"), leftover="Boneyard",
...                           discarded="Discarded")
>>> game = Game.new("a seed", variant=VARIANTS["140"])
>>> scene = table_scene(observe(game, None), ("a", "b", "c", "d", "e", "f"), words)
>>> [seat.subtitle for seat in scene.seats][:3], [side.title for side in scene.sides]
(['Red 1', 'Blue 1', 'Green 1'], ['Red', 'Blue', 'Green'])
"""

from .adapt import hand_scene, last_hand_scene, table_scene
from .alt import hand_alt, table_alt
from .bracket import (
    BracketPicture,
    MatchBox,
    MatchSide,
    RoundColumn,
    StandingRow,
    StandingsTable,
    bracket_alt,
    draw_bracket,
)
from .chart import RatingChart, RatingPoint, chart_alt, draw_rating_chart
from .hand import draw_hand
from .render import Pictures
from .scene import HandScene, Look, SeatPlace, SideRow, TableScene, Tile, TileGroup
from .table import draw_table
from .words import ENGLISH, Words

__all__ = [
    "ENGLISH",
    "BracketPicture",
    "HandScene",
    "Look",
    "MatchBox",
    "MatchSide",
    "Pictures",
    "RatingChart",
    "RatingPoint",
    "RoundColumn",
    "SeatPlace",
    "SideRow",
    "StandingRow",
    "StandingsTable",
    "TableScene",
    "Tile",
    "TileGroup",
    "Words",
    "bracket_alt",
    "chart_alt",
    "draw_bracket",
    "draw_hand",
    "draw_rating_chart",
    "draw_table",
    "hand_alt",
    "hand_scene",
    "last_hand_scene",
    "table_alt",
    "table_scene",
]
