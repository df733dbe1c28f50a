"""The /42 commands about finished games and members' records: ``/42 history``, ``/42 game``,
``/42 stats``, and the buttons of what they show (pages, share, download).

Everything here is private but a shared page, which only one of the game's players may post,
and only what R-REVIEW makes public is ever shown: the service refuses a game in progress.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.answers import locale_of, send_private, within_window
from bot.i18n import normalize_locale, t, tn
from bot.service import Refusal

from .answering import Answering
from .games import kind_title
from .messages.history import game_message, history_message
from .messages.reply import Picture, Reply
from .messages.standings import stats_message
from .pictures import RatingChart, RatingPoint, chart_alt

GAME_ID = 2 ** 53 - 1
"""The largest game number Discord carries as an integer option."""


class HistoryCommands(Answering, commands.Cog):
    """The commands and buttons about finished games, for the Tables cog, which derives from
    this class (as from :class:`cogs.slash.SlashCommands`)."""

    @app_commands.command(name=locale_str("history", msgctxt="command name"),
                          description=locale_str("A member's finished games on this server,"
                                                 " for you only"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"))
    @app_commands.describe(member=locale_str("Whose games (yours if left out)"))
    async def history(self, interaction: discord.Interaction[Any],
                      member: discord.User | None = None) -> None:
        user_id = (member or interaction.user).id
        await self._history(interaction, user_id, None)

    @app_commands.command(name=locale_str("game", msgctxt="command name"),
                          description=locale_str("Open a finished game hand by hand, for you"
                                                 " only"))
    @app_commands.rename(number=locale_str("number", msgctxt="command name"))
    @app_commands.describe(number=locale_str("The game's number, as /42 history shows it"))
    async def game(self, interaction: discord.Interaction[Any],
                   number: app_commands.Range[int, 1, GAME_ID]) -> None:
        await self.on_open_game(interaction, number)

    @app_commands.command(name=locale_str("stats", msgctxt="command name"),
                          description=locale_str("A member's games on this server, for you"
                                                 " only"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"),
                         against=locale_str("against", msgctxt="command name"))
    @app_commands.describe(member=locale_str("Whose statistics (yours if left out)"),
                           against=locale_str("Another member: your games against and with"
                                              " them"))
    async def stats(self, interaction: discord.Interaction[Any],
                    member: discord.User | None = None,
                    against: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        who_ = member or interaction.user
        locale = locale_of(interaction)

        async def work() -> Reply:
            stats = await self.service.member_stats(guild_id, who_.id,
                                                    against.id if against else None)
            reply = stats_message(stats, who_.mention, locale,
                                  against.mention if against else None)
            if stats.course is not None and stats.course[1]:
                kind, course = stats.course
                chart = RatingChart(
                    tuple(RatingPoint(r.shown, r.provisional) for r in course),
                    t(locale, "{member} · rating in {game}", member=who_.display_name,
                      game=kind_title(locale, kind)),
                    t(locale, "provisional"),
                    tn(locale, "Rating after the last {n} rated game: from {start} to {last},"
                               " highest {high}, lowest {low}",
                       "Rating after each of the last {n} rated games: from {start} to"
                       " {last}, highest {high}, lowest {low}", len(course),
                       **{key: "{" + key + "}" for key in ("start", "last", "high", "low")}),
                    start=course[0].shown if course[0].games > 1 else 1500)
                reply.show(Picture("rating.png", await self.pictures.png(chart),
                                   chart_alt(chart)))
            return reply

        reply = await within_window(interaction, work())
        await self._send_private(interaction, **reply.send_kwargs())

    # ----- the buttons ---------------------------------------------------------------------------

    async def on_open_game(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        reply = await within_window(interaction, self._game_page(interaction, table_id, 0))
        await self._send_private(interaction, **reply.send_kwargs())

    async def on_game_page(self, interaction: discord.Interaction[Any], table_id: int,
                           page: int) -> None:
        reply = await within_window(interaction, self._game_page(interaction, table_id, page),
                                    update=True)
        await self._edit_source(interaction, reply)

    async def on_share_game(self, interaction: discord.Interaction[Any], table_id: int,
                            page: int) -> None:
        """One of the game's players posts the page in the channel, in the server's language."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        locale = normalize_locale(interaction.guild_locale) or locale_of(interaction)

        async def work() -> str:
            game = await self.service.finished_game(guild_id, table_id)
            if interaction.user.id not in game.table.member_ids:
                raise Refusal("Only the game's players can share it in the channel.")
            self._require_posting(interaction)
            message = await self._post(interaction, self._channel(interaction), game_message(
                game, page, locale, shared_by=interaction.user.id))
            return message.jump_url

        link = await within_window(interaction, work())
        await send_private(interaction, t(locale_of(interaction), "Shared in the channel:"
                                          " {link}", link=link))

    async def on_export(self, interaction: discord.Interaction[Any], table_id: int,
                        page: int) -> None:
        """The hand of the page (the game, on its overview) as a replay file, privately."""
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        text = await within_window(interaction, self.service.export(guild_id, table_id,
                                                                    page or None))
        locale = locale_of(interaction)
        if page:
            name = f"texas42-game-{table_id}-hand-{page}.json"
            note = t(locale, "Hand {hand} of game {id} in the replay format (python -m"
                             " engine.replay).", hand=page, id=table_id)
        else:
            name = f"texas42-game-{table_id}.jsonl"
            note = t(locale, "Game {id} in the replay format, a hand a line (python -m"
                             " engine.replay --jsonl).", id=table_id)
        note += " " + t(locale, "The tiles nobody saw played are dealt again as they could"
                                " have lain: they stay hidden.")
        await self._send_private(interaction, content=note,
                                 file=discord.File(io.BytesIO(text.encode()), name),
                                 allowed_mentions=discord.AllowedMentions.none())

    async def on_older_games(self, interaction: discord.Interaction[Any], user_id: int,
                             before: int) -> None:
        await self._history(interaction, user_id, before, in_place=True)

    # ----- helpers -------------------------------------------------------------------------------

    async def _history(self, interaction: discord.Interaction[Any], user_id: int,
                       before: int | None, *, in_place: bool = False) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        page = await within_window(interaction, self.service.history(guild_id, user_id,
                                                                     before), update=in_place)
        reply = history_message(page, user_id, locale_of(interaction))
        if in_place:
            await self._edit_source(interaction, reply)
        else:
            await self._send_private(interaction, **reply.send_kwargs())

    async def _game_page(self, interaction: discord.Interaction[Any], table_id: int,
                         page: int) -> Reply:
        assert interaction.guild_id is not None
        game = await self.service.finished_game(interaction.guild_id, table_id)
        return game_message(game, page, locale_of(interaction))
