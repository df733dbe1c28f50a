"""The text alternative of a picture, from the same scene, so it says what the picture shows.

Discord takes up to 1,024 characters of alt text; tiles are written as players write them
(``[6|4]``) and every word is the scene's own, already in the reader's language.
"""

from __future__ import annotations

from .scene import HandScene, TableScene, Tile, TileGroup

LIMIT = 1024


def _tiles(tiles: tuple[Tile, ...]) -> str:
    return " ".join(tile.label for tile in tiles)


def clip(text: str) -> str:
    """``text`` within Discord's limit, an ellipsis ending what was cut."""
    return text if len(text) <= LIMIT else text[:LIMIT - 1] + "…"


def table_alt(scene: TableScene) -> str:
    """The table in a few sentences: headline, need/set, each seat, each side."""
    parts = [scene.headline, scene.status, scene.banner]
    seats = []
    for seat in scene.seats:
        facts = [fact for fact in (seat.note, seat.played.label if seat.played else "") if fact]
        said = f"{seat.name} ({' · '.join(part for part in (seat.subtitle, seat.dealer) if part)})"
        seats.append(f"{said}: {', '.join(facts)}" if facts else said)
    heading = _trick(scene)
    parts.append(f"{heading}: " + "; ".join(seats) if heading else "; ".join(seats))
    for side in scene.sides:
        facts = [side.score, side.points, side.covered_text,
                 " · ".join(_tiles(group) for group in side.groups)]
        parts.append(f"{side.title}: " + ", ".join(fact for fact in facts if fact))
    if scene.discards is not None:
        parts.append(_group(scene.discards))
    return clip(". ".join(part for part in parts if part) + ".")


def _trick(scene: TableScene) -> str:
    """The trick's name, who led it and what it calls for, and who is winning it with which
    tile, which the picture marks."""
    winning = next((seat.played for seat in scene.seats if seat.winning), None)
    said = f"{scene.winning} ({winning.label})" if winning is not None else ""
    return " · ".join(part for part in (scene.trick, scene.lead, said) if part)


def _group(group: TileGroup) -> str:
    return f"{group.label}: {_tiles(group.tiles)}" if group.label else _tiles(group.tiles)


def hand_alt(scene: HandScene) -> str:
    """The hand in dealt order, the playable tiles named after it."""
    parts = [scene.title, scene.status, _tiles(scene.tiles)]
    if scene.playable is not None:
        playable = tuple(tile for tile, ok in zip(scene.tiles, scene.playable, strict=True)
                         if ok)
        parts.append(f"{scene.legend[2]}: {_tiles(playable)}")
    if scene.drawn is not None:
        drawn = tuple(tile for tile, taken in zip(scene.tiles, scene.drawn, strict=True)
                      if taken)
        parts.append(_group(TileGroup(scene.drawn_label, drawn)))
    parts.extend(_group(group) for group in scene.aside)
    return clip(". ".join(part for part in parts if part) + ".")
