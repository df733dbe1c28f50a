"""Finished games written straight into an empty PostgreSQL database, for
``python -m tools.bench_history``.

The rows are the ones the bot's storage leaves after ``games`` finished games, written with COPY
(the bot's own path, a transaction per action, would take days for a million games): each
game's ``tables`` row and ``seats``, each member's row of ``game_players``, each rated game's
``rating_history``, and what they add up to in ``ratings``, ``player_stats``, ``partner_stats``
and ``computer_stats``. No ``actions`` are written: none of the reads measured touches them.

The games are made up, seeded and reproducible, spread as a bot's servers spread: most servers
have a few members and few games, a few big ones hundreds of members, and one very big server
thousands, where the most active members have tens of thousands of games each (a member's share
of a server's seats falls with their rank in it, as ``rank ** -0.8``). One game in ten is Moon
(three seats, each for oneself); one 42 game in twelve has a computer player in a seat (not
rated). Ratings move by a simple stand-in for the model, since the reads measured depend only
on how many rows there are and where, not on the figures.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import asyncpg

from bot.rating import NEW
from bot.records import COMPUTER_PARTNER
from engine import RULES_VERSION


@dataclass(frozen=True, slots=True)
class Tier:
    """Servers alike: how many, their members (the fewest; a long tail up to the most) and
    their share of every game."""

    servers: int
    fewest: int
    most: int
    share: float


TIERS = (Tier(1, 5000, 5000, 0.2), Tier(19, 150, 800, 0.4), Tier(1980, 4, 40, 0.4))
"""2,000 servers: one very big, a few big, most small."""
ACTIVITY = 0.8
"""A server's member of rank ``r`` (from 1) takes a share of its seats proportional to
``r ** -ACTIVITY``."""
MOON_SHARE, COMPUTER_SHARE = 0.1, 1 / 12
TEAM_SIDES, MOON_SIDES = (0, 1, 0, 1), (0, 1, 2)
"""Each seat's side: two teams of two in 42, each for oneself in Moon."""
GAME_LENGTH = timedelta(minutes=25)
CHUNK = 20_000
"""Games written with each round of COPY."""
FIRST_GAME = datetime(2025, 1, 1, tzinfo=UTC)
SPAN = timedelta(days=365)
"""The games end one after another over a year."""
GUILD_BASE, CHANNEL_BASE, USER_BASE, MESSAGE_BASE = (10**18, 11 * 10**17, 12 * 10**17,
                                                     13 * 10**17)


@dataclass(slots=True)
class Server:
    guild_id: int
    members: list[int]
    activity: list[float]
    """Cumulative weights of ``members``, for ``random.choices``."""
    skills: list[float]
    """Each member's strength, which decides who wins more often."""
    channels: list[int]


@dataclass(slots=True)
class Rows:
    """One chunk's rows, by table."""

    tables: list[tuple[Any, ...]] = field(default_factory=list)
    seats: list[tuple[Any, ...]] = field(default_factory=list)
    played: list[tuple[Any, ...]] = field(default_factory=list)
    changes: list[tuple[Any, ...]] = field(default_factory=list)


@dataclass(slots=True)
class Sums:
    """What the games add up to, written once at the end, by each table's primary key."""

    stats: dict[tuple[int, str, int], list[int]] = field(default_factory=dict)
    partners: dict[tuple[int, int, int], list[int]] = field(default_factory=dict)
    ratings: dict[tuple[int, str, int], tuple[float, float, int]] = field(default_factory=dict)
    computers: dict[tuple[int, str, str], list[int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Filled:
    servers: int
    """Servers with a member's game (a few small ones may have none)."""
    members: int
    played: int
    """Rows of ``game_players``: one per member per game."""
    changes: int
    """Rows of ``rating_history``: one per member per rated game."""


def servers(rng: random.Random) -> tuple[list[Server], list[float]]:
    """Every server, and the cumulative weights with which a game is on each: its tier's share,
    spread over the tier's servers by their members, some busier than others."""
    found: list[Server] = []
    weights: list[float] = []
    users, channels = itertools.count(USER_BASE), itertools.count(CHANNEL_BASE)
    for tier in TIERS:
        sizes = [min(tier.most, int(tier.fewest * rng.paretovariate(1.5)))
                 for _ in range(tier.servers)]
        busy = [size * rng.lognormvariate(0, 0.5) for size in sizes]
        for size, load in zip(sizes, busy, strict=True):
            activity = list(itertools.accumulate(rank ** -ACTIVITY
                                                  for rank in range(1, size + 1)))
            found.append(Server(GUILD_BASE + len(found), [next(users) for _ in range(size)],
                                activity, [rng.gauss(0, 1) for _ in range(size)],
                                [next(channels) for _ in range(1 + size // 50)]))
            weights.append(tier.share * load / sum(busy))
    return found, list(itertools.accumulate(weights))


class Games:
    """The made-up games, one after another in the order they ended."""

    def __init__(self, rng: random.Random, games: int) -> None:
        self.rng = rng
        self.servers, self._weights = servers(rng)
        self.sums = Sums()
        self._games = games
        self._step = SPAN / games
        self.played = self.changes = 0

    def chunks(self) -> Iterator[Rows]:
        """The games' rows, :data:`CHUNK` games at a time; each game's table is numbered by
        its place in the order games ended."""
        for first in range(1, self._games + 1, CHUNK):
            rows = Rows()
            orders = range(first, min(first + CHUNK, self._games + 1))
            for order, server in zip(orders, self.rng.choices(
                    self.servers, cum_weights=self._weights, k=len(orders)), strict=True):
                self._game(rows, order, server)
            yield rows

    def _seated(self, server: Server, count: int) -> list[int]:
        """``count`` different members of the server (by index), the active ones more often."""
        chosen: list[int] = []
        everyone = range(len(server.members))
        while len(chosen) < count:
            for index in self.rng.choices(everyone, cum_weights=server.activity, k=count):
                if index not in chosen and len(chosen) < count:
                    chosen.append(index)
        return chosen

    def _game(self, rows: Rows, order: int, server: Server) -> None:
        """One finished game: its table and seats, each member's row and rating change."""
        chance = self.rng.random
        moon = chance() < MOON_SHARE
        kind, sides = ("moon", MOON_SIDES) if moon else ("marks", TEAM_SIDES)
        seated = self._seated(server, len(sides))
        computer = int(chance() * 4) if not moon and chance() < COMPUTER_SHARE else -1
        users = [None if seat == computer else server.members[index]
                 for seat, index in enumerate(seated)]
        strength = [self.rng.gauss(0, 1.5) for _ in range(sides[-1] + 1)]
        for seat, index in enumerate(seated):
            strength[sides[seat]] += server.skills[index] if seat != computer else 0.5
        winner = strength.index(max(strength))
        goal = 21 if moon else 7
        totals = [goal if side == winner else int(chance() * goal)
                  for side in range(len(strength))]
        shown = str(totals)  # as json.dumps writes a list of numbers
        ended = FIRST_GAME + self._step * order
        rows.tables.append((order, server.guild_id, self.rng.choice(server.channels),
                            MESSAGE_BASE + order, next(u for u in users if u is not None),
                            f"{self.rng.getrandbits(64):016x}", RULES_VERSION, "finished",
                            ended - GAME_LENGTH, ended, "moon" if moon else "42", order))
        for seat, user in enumerate(users):
            side = sides[seat]
            won = int(side == winner)
            marks, points = (0, totals[side]) if moon else (totals[side], 0)
            bid = int(chance() * 4)
            made = int(chance() * (bid + 1))
            if user is None:
                rows.seats.append((order, seat, "computer", None, None))
                _add(self.sums.computers, (server.guild_id, kind, "strong"),
                     (1, won, marks, points, bid, made))
                continue
            rows.seats.append((order, seat, "member", user, f"player {user - USER_BASE}"))
            rows.played.append((server.guild_id, user, order, order, kind, side, won, shown,
                                ended))
            _add(self.sums.stats, (server.guild_id, kind, user),
                 (1, won, marks, points, bid, made, int(chance() < 0.05)))
            if not moon:
                partner = users[(seat + 2) % 4]
                _add(self.sums.partners, (server.guild_id, user, COMPUTER_PARTNER
                                          if partner is None else partner), (1, won))
            if computer < 0:
                self._rate(rows, order, server.guild_id, kind, user, won)
        self.played += len(sides) - (computer >= 0)

    def _rate(self, rows: Rows, order: int, guild_id: int, kind: str, user: int,
              won: int) -> None:
        """The member's rating after a rated game: up after a win, down after a loss, by less
        as it settles (a stand-in for the model)."""
        key = (guild_id, kind, user)
        mu, sigma, games = self.sums.ratings.get(key, (NEW.mu, NEW.sigma, 0))
        after = (mu + (sigma / 3 if won else -sigma / 4), max(0.8, sigma * 0.98), games + 1)
        self.sums.ratings[key] = after
        rows.changes.append((order, user, guild_id, kind, order, mu, sigma, *after))
        self.changes += 1


def _add(sums: dict[Any, list[int]], key: Any, values: tuple[int, ...]) -> None:
    """``values`` added to the line of ``key`` (a new line at the first)."""
    line = sums.get(key)
    if line is None:
        sums[key] = list(values)
    else:
        for i, value in enumerate(values):
            line[i] += value


async def fill(db: asyncpg.Connection, games: int, seed: int) -> Filled:
    """``games`` finished games into the empty, migrated database ``db`` is connected to.

    Its foreign keys are dropped meanwhile and added back at the end, each checked once then
    over every row rather than row by row (which would take most of the time)."""
    keys = await db.fetch("SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
                          " FROM pg_constraint WHERE contype = 'f' AND connamespace ="
                          " current_schema()::regnamespace")
    for table, name, _ in keys:
        await db.execute(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"')
    made = Games(random.Random(seed), games)
    for rows in made.chunks():
        await db.copy_records_to_table("tables", records=rows.tables, columns=(
            "id", "guild_id", "channel_id", "message_id", "creator_id", "seed", "rules_version",
            "status", "created_at", "updated_at", "variant", "finished_order"))
        await db.copy_records_to_table("seats", records=rows.seats, columns=(
            "table_id", "seat", "kind", "user_id", "name"))
        await db.copy_records_to_table("game_players", records=rows.played, columns=(
            "guild_id", "user_id", "finished_order", "table_id", "game", "side", "won",
            "totals", "finished_at"))
        await db.copy_records_to_table("rating_history", records=rows.changes, columns=(
            "table_id", "user_id", "guild_id", "game", "finished_order", "mu_before",
            "sigma_before", "mu_after", "sigma_after", "games"))
    sums = made.sums
    await db.copy_records_to_table("player_stats", records=[
        (*key, *line) for key, line in sums.stats.items()], columns=(
        "guild_id", "game", "user_id", "games_played", "games_won", "marks_won", "points_won",
        "contracts_bid", "contracts_made", "hints_used"))
    await db.copy_records_to_table("partner_stats", records=[
        (*key, *pair) for key, pair in sums.partners.items()], columns=(
        "guild_id", "user_id", "partner_id", "games", "wins"))
    await db.copy_records_to_table("ratings", records=[
        (*key, *rating) for key, rating in sums.ratings.items()], columns=(
        "guild_id", "game", "user_id", "mu", "sigma", "games"))
    await db.copy_records_to_table("computer_stats", records=[
        (*key, *line) for key, line in sums.computers.items()], columns=(
        "guild_id", "game", "level", "seats_played", "seats_won", "marks_won", "points_won",
        "contracts_bid", "contracts_made"))
    for table, name, definition in keys:
        await db.execute(f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}')
    # The next game to end, and the next table opened, come after these.
    await db.execute("SELECT setval('finished_order_seq', $1)", games)
    await db.execute("SELECT setval(pg_get_serial_sequence('tables', 'id'), $1)", games)
    members = len({(guild, user) for guild, _, user in sums.stats})
    servers = len({guild for guild, _, _ in sums.stats})
    return Filled(servers, members, made.played, made.changes)
