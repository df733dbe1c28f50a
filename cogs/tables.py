"""The /42 commands and what the table's buttons do: parse, call the service, render.

Everything a player does here goes through :class:`bot.service.TableService`, which commits an
accepted action before this module answers. Refusals are answered privately by
:meth:`Tables.answer_error` (components) and the command tree's ``on_error`` (commands).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.answers import answer_error, answered_elsewhere, locale_of, send_private, within_window
from bot.house_rules import InvalidChoice, parse_preset
from bot.i18n import name, normalize_locale, reader, t, tn
from bot.records import GameKind, Level, Status, TableRecord, mentions
from bot.service import Accepted, Fill, Panel, Refusal, Rematch, TableService
from bot.service.refusals import OUT_OF_DATE, require_drawn
from engine import DEFAULT_OPTIONS, Options, Pass, Seat
from engine.seats import FOUR_SEATS
from engine.variants import FORTY_TWO, VARIANTS, Variant

from . import games
from .components import DYNAMIC_ITEMS, EndButton, KeepButton, dispatched, serve, unserve
from .faces import Faces
from .guide import help_message, last_trick_message, rules_message
from .hints import hint_text
from .live import Notice, OpenPanels, TableMessages
from .messages.away import away_menu
from .messages.panel import panel_message
from .messages.reply import Reply
from .messages.standings import leaderboard_message, stats_message
from .messages.summary import review_message
from .messages.words import voice
from .pictured import show_hand
from .pictures import Pictures
from .pings import TurnPings
from .typed import NOTHING, Call, choices, resolve

if TYPE_CHECKING:
    from bot.app import TexasBot

log = logging.getLogger(__name__)

COMPASS = dict(zip(("north", "east", "south", "west"), FOUR_SEATS.seats, strict=True))
"""42's seats by name, as /42 join has always accepted them."""


def seat_named(table: TableRecord, value: str, locale: str | None) -> Seat:
    """The seat ``/42 join seat:`` names: its number from 1 (what the choices send), its name
    as the table says it in the member's language, or at a four-seat table its English
    compass name; else a refusal."""
    text = value.strip().casefold()
    if text.isdigit() and 1 <= int(text) <= len(table.seats):
        return table.all_seats[int(text) - 1]
    if text in COMPASS and len(table.seats) == len(COMPASS):
        return COMPASS[text]
    voice = reader(locale, table.variant.seating)
    for seat in table.all_seats:
        if name(voice, seat).casefold() == text:
            return seat
    raise Refusal("That is not a seat at this table: choose one from the list.")
FILL_CHOICES = [
    app_commands.Choice(name=locale_str("Fill the other seats: play at once, bots beside you"),
                        value=Fill.OTHERS.value),
    app_commands.Choice(name=locale_str("Every seat: watch bots play"), value=Fill.ALL.value),
]
RULES_CHOICES = [
    app_commands.Choice(name=locale_str("Nello, Splash, Plunge and Sevens"),
                        value="nello,splash,plunge,sevens"),
    app_commands.Choice(name=locale_str("Nello, Splash, Plunge and Sevens with a forced bid"),
                        value="nello,splash,plunge,sevens,forced_bid"),
    app_commands.Choice(name=locale_str("Forced bid (the dealer must bid 30)"),
                        value="forced_bid"),
    app_commands.Choice(name=locale_str("250-point game"), value="points_game"),
    app_commands.Choice(name=locale_str("250-point game with a forced bid"),
                        value="points_game,forced_bid"),
]
"""Common sets of house rules for ``/42 new rules:``; the lobby's select offers every one."""
PILES_CHOICES = [
    app_commands.Choice(name=locale_str("One pile face up (the last trick)"), value=1),
    app_commands.Choice(name=locale_str("Two piles face up (the last two tricks)"), value=2),
]
"""R-PILES, for /42 trump on a marks contract."""
LEVEL_CHOICES = [
    app_commands.Choice(name=locale_str("Strong: the best computer player"),
                        value=Level.STRONG.value),
    app_commands.Choice(name=locale_str("Casual: rules of thumb, easier to beat"),
                        value=Level.CASUAL.value),
]
HINTS_CHOICES = [
    app_commands.Choice(name=locale_str("On: a Hint button on each player's panel"),
                        value="on"),
    app_commands.Choice(name=locale_str("Off: no hints at this table"), value="off"),
]
NEEDED = discord.Permissions(view_channel=True, send_messages=True, embed_links=True)
CATCH_UP_LIMIT = 30.0
"""Seconds a restart's redraws wait at most for the computer players' first moves."""


@app_commands.guild_only()  # /42 is not offered in DMs; interaction_check still refuses one
class Tables(commands.GroupCog, name="Tables",
             group_name=locale_str("42", msgctxt="command name"),
             group_description=locale_str("Texas 42 at a table in this channel")):
    def __init__(self, bot: TexasBot) -> None:
        self.bot = bot
        self.service: TableService = bot.service
        self.pictures = Pictures()
        self.faces = Faces()
        self.messages = TableMessages(bot, self.service, self.pictures)
        self.panels = OpenPanels(self.service, self.pictures, self.faces)
        self._faces_task: asyncio.Task[None] | None = None
        self.pings = TurnPings(bot, self.service)
        self.autoplay = bot.autoplay
        self.autoplay.listen(self._after_action)
        self._resume_task: asyncio.Task[None] | None = None
        super().__init__()

    async def cog_unload(self) -> None:
        unserve(self.bot, self)
        self.autoplay.unlisten(self._after_action)
        self.panels.close()
        for redrawer in (self.messages.redrawer, self.panels.redrawer, self.pings.redrawer):
            await redrawer.close()
        for task in (self._faces_task, self._resume_task):
            if task is not None:
                task.cancel()

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    async def cog_load(self) -> None:
        """The open tables resume as soon as the bot has logged in: their computer players
        need only the database, and their messages only Discord's HTTP API, not READY (which
        comes only after every server has been announced, and a pause). From now on the
        table's buttons and selects are answered here."""
        serve(self.bot, self)
        self._resume_task = asyncio.create_task(self._resume(), name="open tables resumed")

    async def _resume(self) -> None:
        """After a start (or a restart, kill -9 included) the open games are rebuilt at once,
        computer players whose turn it is play on, and every open table not drawn meanwhile
        is redrawn once, a few at a time, so a message left one action behind catches up;
        its buttons already work meanwhile. The redraws wait for the computer players' first
        moves, whose own redraws wait for the catch-up: a thousand pictures drawn first would
        hold up their thinking, and busy tables drawn at every move would hold up the rest."""
        try:
            tables = await self.service.active_tables()
            if not tables:
                return
            log.info("resuming %d open tables", len(tables))
            await self.service.preload(tables)
            await self.autoplay.resume(tables)
            await self.messages.catch_up([table.id for table in tables], self._computers_moved())
            for table in tables:
                self.pings.touch(table.id)
        except Exception:
            log.exception("resuming the open tables failed")

    async def _computers_moved(self) -> None:
        """Until the resumed computer players have made their first moves, or at most
        :data:`CATCH_UP_LIMIT` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.autoplay.caught_up(), CATCH_UP_LIMIT)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """The tiles' faces, created if missing, without holding up anything else."""
        if self._faces_task is None:
            self._faces_task = asyncio.create_task(self.faces.ensure(self.bot),
                                                   name="tile faces")

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A ``42:`` button or select that none of today's answers (posted by an older version,
        or tampered with) is answered privately with where the table is, never left to fail."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("42:") or dispatched(custom_id, interaction.message):
            return
        locale = locale_of(interaction)
        try:
            table = await within_window(interaction, self.service.table_in_channel(
                self._channel_id(interaction)))
        except Refusal:
            text = t(locale, "That button is from an older version of the table and does"
                             " nothing now. There is no table in this channel: open one with"
                             " /42 new.")
        else:
            text = t(locale, "That button is from an older version of the table and does"
                             " nothing now. The table is here: {link}", link=table.link)
        await send_private(interaction, text)

    # ----- commands -----------------------------------------------------------------------------

    @app_commands.command(name=locale_str("new", msgctxt="command name"),
                          description=locale_str("Open a table in this channel"))
    @app_commands.rename(game=locale_str("game", msgctxt="command name"),
                         bots=locale_str("bots", msgctxt="command name"),
                         rules=locale_str("rules", msgctxt="command name"),
                         level=locale_str("level", msgctxt="command name"),
                         hints=locale_str("hints", msgctxt="command name"))
    @app_commands.describe(game=locale_str("Which game of the 42 family (42 if left out)"),
                           bots=locale_str("Seat computer players at once; the game then starts"
                                           " right away"),
                           rules=locale_str("House rules to play (42 only); the table's select"
                                            " offers every one before the start"),
                           level=locale_str("How strong the computer players are (strong if"
                                            " left out)"),
                           hints=locale_str("Whether players may ask for hints (on if left"
                                            " out)"))
    @app_commands.choices(game=games.NEW_CHOICES, bots=FILL_CHOICES, rules=RULES_CHOICES,
                          level=LEVEL_CHOICES, hints=HINTS_CHOICES)
    async def new(self, interaction: discord.Interaction[Any],
                  game: app_commands.Choice[str] | None = None,
                  bots: app_commands.Choice[str] | None = None,
                  rules: app_commands.Choice[str] | None = None,
                  level: app_commands.Choice[str] | None = None,
                  hints: app_commands.Choice[str] | None = None) -> None:
        locale = locale_of(interaction)
        fill = Fill(bots.value) if bots is not None else Fill.NONE
        variant = VARIANTS.get(game.value) if game is not None else FORTY_TWO
        if variant is None:
            raise Refusal("That is not one of the games: choose one from the list.")
        if rules is not None and not variant.house_rules:
            raise Refusal("House rules are played in 42 only.")
        try:
            options = parse_preset(rules.value) if rules is not None else None
        except InvalidChoice as error:
            raise Refusal("That is not one of the house rules.") from error
        try:
            strength = Level(level.value) if level is not None else Level.STRONG
        except ValueError:
            raise Refusal("That is not one of the levels: choose one from the list.") from None
        if hints is not None and hints.value not in ("on", "off"):
            raise Refusal("Hints are on or off: choose one from the list.")
        table = await within_window(interaction, self._open_table(
            interaction, fill, options, variant, strength, hints is None or hints.value == "on"))
        link = table.link
        if variant is not FORTY_TWO:
            text = self._opened_text(locale, table, fill)
        elif fill is Fill.OTHERS:
            text = t(locale, "Your game is on: {link}. You sit North with a 🤖 bot partner"
                             " (South) against two bots; open your hand with My hand.",
                     link=link)
        elif fill is Fill.ALL:
            text = t(locale, "Four 🤖 bots are playing at {link}. End the table with /42 end.",
                     link=link)
        else:
            text = t(locale, "Your table is open: {link}. You sit North; three more players"
                             " take a seat with its buttons or /42 join, or add bots.",
                     link=link)
        await send_private(interaction, text)

    @staticmethod
    def _opened_text(locale: str | None, table: TableRecord, fill: Fill) -> str:
        """What the opener of a table of another game of the family is told."""
        voice = reader(locale, table.variant.seating)
        game_name = games.game_title(voice, table.variant)
        first = table.all_seats[0]
        if fill is Fill.OTHERS:
            return t(voice, "Your game of {game} is on: {link}. You sit {seat}; 🤖 bots take"
                            " the other seats. Open your hand with My hand.", game=game_name,
                     link=table.link, seat=first)
        if fill is Fill.ALL:
            return t(voice, "🤖 Bots are playing {game} at {link}. End the table with /42 end.",
                     game=game_name, link=table.link)
        return tn(voice, "Your table of {game} is open: {link}. You sit {seat}; {n} more player"
                         " takes a seat with its buttons or /42 join, or add bots.",
                  "Your table of {game} is open: {link}. You sit {seat}; {n} more players take"
                  " a seat with its buttons or /42 join, or add bots.", len(table.seats) - 1,
                  game=game_name, link=table.link, seat=first)

    @app_commands.command(name=locale_str("join", msgctxt="command name"),
                          description=locale_str("Take a seat at this channel's table"))
    @app_commands.rename(seat=locale_str("seat", msgctxt="command name"))
    @app_commands.describe(seat=locale_str("The seat to take, as offered; any free seat if"
                                           " left out"))
    async def join(self, interaction: discord.Interaction[Any], seat: str | None = None) -> None:
        async def work() -> tuple[TableRecord, Seat]:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            chosen = (seat_named(table, seat, locale_of(interaction)) if seat is not None
                      else None)
            snapshot = await self.service.join(table.id, interaction.user.id, chosen,
                                               name=interaction.user.display_name)
            self._touch(table.id)
            taken = snapshot.table.seat_of(interaction.user.id)
            assert taken is not None
            return snapshot.table, taken

        table, taken = await within_window(interaction, work())
        await send_private(interaction, t(reader(locale_of(interaction), table.variant.seating),
                                          "You sit {seat}.", seat=taken))

    @join.autocomplete("seat")
    async def _seats(self, interaction: discord.Interaction[Any],
                     current: str) -> list[app_commands.Choice[str]]:
        """The free seats of the channel's table, named as the table names them."""
        try:
            table = await self.service.table_in_channel(self._channel_id(interaction))
        except Refusal as refusal:
            return [app_commands.Choice(name=refusal.text(locale_of(interaction))[:100],
                                        value=NOTHING)]
        voice = reader(locale_of(interaction), table.variant.seating)
        free = [(name(voice, s), str(s + 1)) for s in table.all_seats if table.player(s) is None]
        typed = current.casefold().strip()
        return [app_commands.Choice(name=label, value=value) for label, value in free
                if typed in label.casefold()][:25]

    @app_commands.command(name=locale_str("leave", msgctxt="command name"),
                          description=locale_str("Give up your seat before the game starts"))
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            await self.service.leave(table.id, interaction.user.id)
            self._touch(table.id)

        await within_window(interaction, work())
        await send_private(interaction, t(locale_of(interaction), "You left your seat."))

    @app_commands.command(name=locale_str("start", msgctxt="command name"),
                          description=locale_str("Deal the first hand once four are seated"))
    async def start_command(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> TableRecord:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            snapshot = await self.service.start(table.id, interaction.user.id)
            self._touch(table.id)
            return snapshot.table

        table = await within_window(interaction, work())
        # The button is named as the table message shows it: in the server's language.
        await send_private(interaction, t(locale_of(interaction),
                                          "The game is on: {link}. Open your hand with {button}.",
                                          link=table.link, button=t(table.locale, "My hand")))

    @app_commands.command(name=locale_str("hand", msgctxt="command name"),
                          description=locale_str("Your hand and your choices, for you only"))
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> Panel:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            return await self.service.panel(table.id, interaction.user.id)

        panel = await within_window(interaction, work())
        await self._show_panel(interaction, panel)

    @app_commands.command(name=locale_str("bid", msgctxt="command name"),
                          description=locale_str("Bid in the auction; the bids you may make now"
                                                 " are offered"))
    @app_commands.rename(amount=locale_str("amount", msgctxt="command name"))
    @app_commands.describe(amount=locale_str("Your bid: points or marks, as offered"))
    async def bid(self, interaction: discord.Interaction[Any], amount: str) -> None:
        await self._typed(interaction, Call.BID, amount)

    @bid.autocomplete("amount")
    async def _bids(self, interaction: discord.Interaction[Any],
                    current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, Call.BID, current)

    @app_commands.command(name=locale_str("pass", msgctxt="command name"),
                          description=locale_str("Pass in the auction"))
    async def pass_command(self, interaction: discord.Interaction[Any]) -> None:
        await self._typed(interaction, Call.PASS, str(Pass()))

    @app_commands.command(name=locale_str("trump", msgctxt="command name"),
                          description=locale_str("Name trump once you have won the auction"))
    @app_commands.rename(choice=locale_str("choice", msgctxt="command name"),
                         piles=locale_str("piles", msgctxt="command name"))
    @app_commands.describe(choice=locale_str("The trump you may name, as offered"),
                           piles=locale_str("On a marks contract only: how many piles of"
                                            " tricks stay face up"))
    @app_commands.choices(piles=PILES_CHOICES)
    async def trump(self, interaction: discord.Interaction[Any], choice: str,
                    piles: app_commands.Choice[int] | None = None) -> None:
        await self._typed(interaction, Call.TRUMP, choice,
                          piles.value if piles is not None else None)

    @trump.autocomplete("choice")
    async def _trumps(self, interaction: discord.Interaction[Any],
                      current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, Call.TRUMP, current)

    @app_commands.command(name=locale_str("play", msgctxt="command name"),
                          description=locale_str("Play a tile of your hand; the ones you may"
                                                 " play are offered"))
    @app_commands.rename(tile=locale_str("tile", msgctxt="command name"))
    @app_commands.describe(tile=locale_str("The tile to play, as offered (or typed like 6-4)"))
    async def play(self, interaction: discord.Interaction[Any], tile: str) -> None:
        await self._typed(interaction, Call.PLAY, tile)

    @play.autocomplete("tile")
    async def _tiles(self, interaction: discord.Interaction[Any],
                     current: str) -> list[app_commands.Choice[str]]:
        return await self._choices(interaction, Call.PLAY, current)

    @app_commands.command(name=locale_str("table", msgctxt="command name"),
                          description=locale_str("Post the table message again, here"))
    async def table(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> str:
            self._require_posting(interaction)
            table = await self.service.table_in_channel(self._channel_id(interaction))
            snapshot = await self.service.snapshot(table.id)
            channel = self._channel(interaction)
            message = await self._post(channel, await self.messages.reply(snapshot))
            moved = await self.service.set_message(table.id, message.id)
            if table.message_id is not None:
                await self._retire(channel, table.message_id,
                                   t(table.locale, "This table moved: {link}", link=moved.link))
            return moved.link

        link = await within_window(interaction, work())
        await send_private(interaction, t(locale_of(interaction), "The table is here again:"
                                          " {link}", link=link))

    @app_commands.command(name=locale_str("review", msgctxt="command name"),
                          description=locale_str("Every action of the last finished hand"))
    async def review_command(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> int:
            table = await self.service.table_in_channel(self._channel_id(interaction),
                                                        latest=True)
            return table.id

        table_id = await within_window(interaction, work())
        await self.on_review(interaction, table_id)

    @app_commands.command(name=locale_str("leaderboard", msgctxt="command name"),
                          description=locale_str("This server's players by marks won"))
    @app_commands.rename(game=locale_str("game", msgctxt="command name"))
    @app_commands.describe(game=locale_str("Which games: to 7 marks (if left out) or to 250"
                                           " points"))
    @app_commands.choices(game=games.LEADERBOARD_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          game: app_commands.Choice[str] | None = None) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        kind = GameKind(game.value) if game is not None else GameKind.MARKS

        async def work() -> Reply:
            standings = await self.service.leaderboard(guild_id, game=kind)
            computers = await self.service.computer_standings(guild_id, kind)
            guild_name = interaction.guild.name if interaction.guild is not None else ""
            return leaderboard_message(
                standings, normalize_locale(interaction.guild_locale) or locale_of(interaction),
                guild_name, computers, kind)

        reply = await within_window(interaction, work(), ephemeral=False)
        if interaction.response.is_done():
            await interaction.followup.send(**reply.send_kwargs())
        else:
            await interaction.response.send_message(**reply.send_kwargs())

    @app_commands.command(name=locale_str("rules", msgctxt="command name"),
                          description=locale_str("The rules this channel's table plays, for"
                                                 " you only"))
    async def rules_command(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> tuple[Options, Variant]:
            try:
                table = await self.service.table_in_channel(self._channel_id(interaction),
                                                            latest=True)
            except Refusal:
                return DEFAULT_OPTIONS, FORTY_TWO  # no table yet: the default game
            return table.options, table.variant

        options, variant = await within_window(interaction, work())
        reply = rules_message(locale_of(interaction), options, variant)
        await send_private(interaction, None, embed=reply.embed)

    @app_commands.command(name=locale_str("help", msgctxt="command name"),
                          description=locale_str("The /42 commands, for you only"))
    async def help_command(self, interaction: discord.Interaction[Any]) -> None:
        await send_private(interaction, None, embed=help_message(locale_of(interaction)).embed)

    @app_commands.command(name=locale_str("settings", msgctxt="command name"),
                          description=locale_str("Your settings on this server: whether you are"
                                                 " pinged when it is your turn"))
    @app_commands.rename(pings=locale_str("pings", msgctxt="command name"))
    @app_commands.describe(pings=locale_str("Ping me in the channel when it is my turn"))
    @app_commands.choices(pings=[
        app_commands.Choice(name=locale_str("On: ping me when it is my turn"), value=1),
        app_commands.Choice(name=locale_str("Off: no pings, I watch the table"), value=0),
    ])
    async def settings(self, interaction: discord.Interaction[Any],
                       pings: app_commands.Choice[int] | None = None) -> None:
        assert interaction.guild_id is not None
        guild_id, user_id = interaction.guild_id, interaction.user.id

        async def work() -> bool:
            if pings is not None:
                await self.service.set_pings(guild_id, user_id, bool(pings.value))
            return await self.service.pings_on(guild_id, user_id)

        on = await within_window(interaction, work())
        locale = locale_of(interaction)
        await send_private(interaction, t(locale, "Pings: you are pinged in the channel when it"
                                                  " is your turn.") if on else
                           t(locale, "Pings: off. Nobody pings you when it is your turn; the"
                                     " table message still says whose turn it is."))

    @app_commands.command(name=locale_str("stats", msgctxt="command name"),
                          description=locale_str("A member's games on this server, for you"
                                                 " only"))
    @app_commands.rename(member=locale_str("member", msgctxt="command name"))
    @app_commands.describe(member=locale_str("Whose statistics (yours if left out)"))
    async def stats(self, interaction: discord.Interaction[Any],
                    member: discord.User | None = None) -> None:
        assert interaction.guild_id is not None
        who_ = member or interaction.user
        stats = await within_window(interaction, self.service.member_stats(
            interaction.guild_id, who_.id))
        reply = stats_message(stats, who_.mention, locale_of(interaction))
        await send_private(interaction, None, embed=reply.embed)

    @app_commands.command(name=locale_str("end", msgctxt="command name"),
                          description=locale_str("Close this channel's table (its creator or a"
                                                 " moderator)"))
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        """A lobby closes at once; a game in progress only once its closer confirms."""
        async def work() -> TableRecord:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            table = await self.service.may_end(table.id, interaction.user.id,
                                               moderator=self._moderator(interaction))
            if table.status is not Status.PLAYING:
                await self._close(interaction, table.id)
            return table

        table = await within_window(interaction, work())
        locale = locale_of(interaction)
        if table.status is not Status.PLAYING:
            await send_private(interaction, t(locale, "The table is closed. An unfinished game"
                                                      " adds nothing to the leaderboard."))
            return
        view = discord.ui.View(timeout=None)
        view.add_item(EndButton(table.id, t(locale, "End the game")))
        view.add_item(KeepButton(table.id, t(locale, "Keep playing")))
        await send_private(interaction, t(locale, "End the game in progress? It will count for"
                                                  " nothing on the leaderboard."), view=view)

    async def on_end_confirmed(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        await within_window(interaction, self._close(interaction, table_id), update=True)
        await self._edit_source(interaction, Reply(t(
            locale_of(interaction), "The table is closed. An unfinished game adds nothing to"
                                    " the leaderboard.")))

    async def on_end_cancelled(self, interaction: discord.Interaction[Any],
                               table_id: int) -> None:
        await self._edit_source(interaction, Reply(t(locale_of(interaction),
                                                            "The game goes on.")))

    async def _close(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self.service.end(table_id, interaction.user.id,
                               moderator=self._moderator(interaction))
        self._touch(table_id)

    @staticmethod
    def _moderator(interaction: discord.Interaction[Any]) -> bool:
        permissions = interaction.permissions
        return permissions.manage_messages or permissions.administrator

    # ----- the table message's buttons ----------------------------------------------------------

    async def on_sit(self, interaction: discord.Interaction[Any], table_id: int,
                     seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.join(
            table_id, interaction.user.id, seat, name=interaction.user.display_name))

    async def on_leave(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._table_change(interaction, table_id,
                                 self.service.leave(table_id, interaction.user.id))

    async def on_rules(self, interaction: discord.Interaction[Any], table_id: int,
                       values: list[str]) -> None:
        """The lobby's house-rules select: the creator's choice is stored for the start; a
        refusal is private, and the table is redrawn so the select shows what is in force."""
        try:
            await self._table_change(interaction, table_id,
                                     self.service.set_options(table_id, interaction.user.id,
                                                              values))
        except Refusal:
            self._touch(table_id)
            raise

    async def on_level(self, interaction: discord.Interaction[Any], table_id: int,
                       value: str) -> None:
        """The lobby's level button: the creator sets how strong the computer players are."""
        await self._table_change(interaction, table_id, self.service.set_computers(
            table_id, interaction.user.id, level=Level(value)))

    async def on_hints(self, interaction: discord.Interaction[Any], table_id: int,
                       value: str) -> None:
        """The lobby's hints button: the creator turns hints on or off."""
        await self._table_change(interaction, table_id, self.service.set_computers(
            table_id, interaction.user.id, hints=value == "on"))

    async def on_start(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        await self._table_change(interaction, table_id,
                                 self.service.start(table_id, interaction.user.id))

    async def on_add_computer(self, interaction: discord.Interaction[Any], table_id: int,
                              seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.add_computer(
            table_id, interaction.user.id, seat))

    async def on_remove_computer(self, interaction: discord.Interaction[Any], table_id: int,
                                 seat: Seat) -> None:
        await self._table_change(interaction, table_id, self.service.remove_computer(
            table_id, interaction.user.id, seat))

    async def on_away_menu(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        table = snapshot.table
        if table.status is not Status.PLAYING:
            raise Refusal("A computer player can stand in only while a game is on.")
        if table.seat_of(interaction.user.id) is None:
            raise Refusal("Only the players at this table can let a computer player stand in.")
        reply = away_menu(table, locale_of(interaction), interaction.user.id)
        await send_private(interaction, reply.content, view=reply.view)

    async def on_away(self, interaction: discord.Interaction[Any], table_id: int,
                      seat: Seat) -> None:
        """A vote to let a computer player play ``seat``; the table shows the votes."""
        vote = await within_window(interaction, self.service.vote_away(
            table_id, interaction.user.id, seat))
        self._touch(table_id)
        locale = voice(locale_of(interaction), vote.snapshot.table)
        player = vote.snapshot.table.player(seat)
        if vote.handed_over:
            self.panels.refresh_table(table_id)
            text = t(locale, "Everyone agreed: a 🤖 bot plays {seat} for {player} until they"
                             " press I'm back.", seat=seat,
                     player=player.mention if player is not None else "")
        else:
            text = t(locale, "You agreed to let a bot play {seat}. Still needed: {waiting}.",
                     seat=seat, waiting=mentions(vote.waiting))
        await send_private(interaction, text)

    async def on_back(self, interaction: discord.Interaction[Any], table_id: int,
                      seat: Seat) -> None:
        """I'm back: the seat is the member's to play again; their panel, ready to play."""
        panel = await within_window(interaction, self.service.take_back(
            table_id, interaction.user.id, seat), update=True)
        self._touch(table_id)
        await self._show_panel(interaction, panel, notice=t(
            voice(locale_of(interaction), panel.table),
            "Welcome back: you play {seat} again.", seat=seat))

    async def on_hand(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        panel = await within_window(interaction, self.service.panel(table_id,
                                                                    interaction.user.id))
        await self._show_panel(interaction, panel)

    async def on_review(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        async def work() -> Reply:
            summary = await self.service.last_hand(table_id)
            table = (await self.service.snapshot(table_id)).table
            return review_message(summary, table, locale_of(interaction))

        reply = await within_window(interaction, work())
        await send_private(interaction, None, embed=reply.embed)

    async def on_last_trick(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        await send_private(interaction, last_trick_message(
            snapshot, voice(locale_of(interaction), snapshot.table)))

    async def on_guide(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        snapshot = await within_window(interaction, self.service.snapshot(table_id))
        reply = rules_message(locale_of(interaction), snapshot.table.options,
                              snapshot.table.variant)
        await send_private(interaction, None, embed=reply.embed)

    async def on_rematch(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        """One agreement; the rematch starts, at a new table message, once everybody seated
        has pressed it (the finished table shows who has)."""
        async def work() -> Rematch:
            self._require_posting(interaction)
            rematch = await self.service.rematch(table_id, interaction.user.id)
            if not rematch.started:
                return rematch
            snapshot = rematch.snapshot
            message = await self._post(self._channel(interaction),
                                       await self.messages.reply(snapshot))
            table = await self.service.set_message(snapshot.table.id, message.id)
            self._touch(table.id)  # computer players may have moved meanwhile
            return Rematch(replace(snapshot, table=table), ())

        rematch = await within_window(interaction, work())
        locale = locale_of(interaction)
        if not rematch.started:
            self._touch(table_id)
            await send_private(interaction, t(locale, "You are in for a rematch; waiting for"
                                                      " {waiting}.",
                                              waiting=mentions(rematch.waiting)))
            return
        link = rematch.snapshot.table.link
        old = await self.service.snapshot(table_id)
        reply = await self.messages.reply(old)
        reply.view = None
        if reply.embed is not None:
            reply.embed.add_field(name=t(old.table.locale, "Rematch"),
                                  value=t(old.table.locale, "The rematch is on: {link}",
                                          link=link), inline=False)
        await self._retire_finished(old.table, reply)
        await send_private(interaction, t(locale, "The rematch is on: {link}", link=link))

    # ----- the panel's buttons and selects ------------------------------------------------------

    async def on_action(self, interaction: discord.Interaction[Any], table_id: int, hand: int,
                  count: int, text: str) -> None:
        self._require_panel_owner(interaction)
        accepted = await within_window(interaction, self.service.act(
            table_id, interaction.user.id, hand, count, text), update=True)
        self._after_action(accepted)  # the redraws start while the answer travels
        await self._show_panel(interaction, accepted.panel)

    async def on_hint(self, interaction: discord.Interaction[Any], table_id: int, hand: int,
                      count: int) -> None:
        """The panel's Hint: the strong player's choice from this seat's own observation,
        worked out in the thinking processes, shown on the panel with its reason."""
        self._require_panel_owner(interaction)

        async def work() -> tuple[Panel, str]:
            panel = await self.service.hint_panel(table_id, interaction.user.id, hand, count)
            hint = await self.autoplay.thinker.hint(panel.observation)
            return panel, hint_text(voice(locale_of(interaction), panel.table), hint)

        panel, text = await within_window(interaction, work(), update=True)
        await self._show_panel(interaction, panel, notice=text)

    async def on_refresh(self, interaction: discord.Interaction[Any], table_id: int) -> None:
        self._require_panel_owner(interaction)
        panel = await within_window(interaction, self.service.panel(
            table_id, interaction.user.id), update=True)
        await self._show_panel(interaction, panel)

    async def on_piles(self, interaction: discord.Interaction[Any], table_id: int,
                           hand: int, count: int, piles: int) -> None:
        self._require_panel_owner(interaction)
        panel = await within_window(interaction, self.service.panel(
            table_id, interaction.user.id), update=True)
        require_drawn(panel, (hand, count), OUT_OF_DATE)
        await self._show_panel(interaction, panel, piles=piles)

    # ----- errors, in one place -----------------------------------------------------------------

    async def answer_error(self, interaction: discord.Interaction[Any],
                           error: BaseException) -> None:
        """A refusal that carries the player's panel shows it with the reason; anything else
        is answered privately by :func:`bot.answers.answer_error`."""
        if isinstance(error, Refusal) and error.panel is not None:
            try:
                await self._show_panel(interaction, error.panel,
                                       notice=error.text(locale_of(interaction)))
                return
            except discord.HTTPException as failed:
                if answered_elsewhere(failed):
                    error = failed
                else:
                    log.warning("could not show the panel with a refusal", exc_info=True)
        await answer_error(interaction, error)

    # ----- helpers ------------------------------------------------------------------------------

    async def _open_table(self, interaction: discord.Interaction[Any], fill: Fill,
                          options: Options | None = None, variant: Variant = FORTY_TWO,
                          level: Level = Level.STRONG, hints: bool = True) -> TableRecord:
        self._require_posting(interaction)
        assert interaction.guild_id is not None
        locale = normalize_locale(interaction.guild_locale) or locale_of(interaction)
        snapshot = await self.service.open_table(interaction.guild_id,
                                                 self._channel_id(interaction),
                                                 interaction.user.id, locale, fill, options,
                                                 name=interaction.user.display_name,
                                                 variant=variant, level=level, hints=hints)
        table_id = snapshot.table.id
        try:
            message = await self._post(self._channel(interaction),
                                       await self.messages.reply(snapshot))
        except BaseException:
            await self.service.forget_table(table_id)
            raise
        table = await self.service.set_message(table_id, message.id)
        if fill is not Fill.NONE:
            # Started once its message exists, so computer players' moves edit that message.
            await self.service.start(table_id, interaction.user.id)
            self._touch(table_id)
        return table

    async def _typed(self, interaction: discord.Interaction[Any], call: Call, typed: str,
                     piles: int | None = None) -> None:
        """A call typed as a command: read against the member's panel, then the same service
        call as its button (same refusals, same commit before the answer); the answer is the
        member's panel, private."""
        locale = locale_of(interaction)

        async def work() -> Accepted:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            panel = await self.service.panel(table.id, interaction.user.id)
            text = resolve(call, typed, panel, locale, piles)
            return await self.service.act_now(table.id, interaction.user.id, text)

        try:
            accepted = await within_window(interaction, work())
        except Refusal as refusal:
            await self.answer_error(interaction, refusal)
            return
        self._after_action(accepted)
        await self._show_panel(interaction, accepted.panel)

    async def _choices(self, interaction: discord.Interaction[Any], call: Call,
                       current: str) -> list[app_commands.Choice[str]]:
        """Autocomplete, seen only by the member typing: their own legal calls of this kind."""
        locale = locale_of(interaction)
        try:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            panel = await self.service.panel(table.id, interaction.user.id)
        except Refusal as refusal:
            return [app_commands.Choice(name=refusal.text(locale)[:100], value=NOTHING)]
        return choices(call, panel, locale, current)

    async def _table_change(self, interaction: discord.Interaction[Any], table_id: int,
                            change: Awaitable[object]) -> None:
        """A lobby button: apply, then let the table message be redrawn (one edit)."""
        await within_window(interaction, change, update=True)
        if not interaction.response.is_done():
            await interaction.response.defer()
        self._touch(table_id)

    def _after_action(self, accepted: Accepted) -> None:
        """One redraw of the table message, and of every open panel at the table but the one
        the answer itself redraws: each shows the turn, the trick and the score as they are.
        After a restart, the table message of a computer player's move waits for the
        restart's catch-up to draw it (with whatever happened meanwhile): otherwise hundreds
        of busy tables, each move a picture, would keep the catch-up of the others waiting
        and take the thinking's time."""
        table = accepted.snapshot.table
        if accepted.by_computer and self.messages.behind(table.id):
            self.pings.touch(table.id)
        else:
            self._touch(table.id)
        for user_id in accepted.redraw:
            self.panels.refresh(table.id, user_id)

    def _touch(self, table_id: int) -> None:
        """The table changed: its message, and whom it waits for, are drawn again soon."""
        self.messages.touch(table_id)
        self.pings.touch(table_id)

    async def _show_panel(self, interaction: discord.Interaction[Any], panel: Panel, *,
                          notice: str | None = None, piles: int | None = None) -> None:
        """The panel in place when the click came from it, else as a new private message."""
        locale = locale_of(interaction)
        reply = await show_hand(panel_message(panel, locale, notice=notice, piles=piles,
                                                     faces=self.faces.known),
                                panel, locale, self.pictures)
        source = interaction.message
        if (interaction.type is discord.InteractionType.component and source is not None
                and source.flags.ephemeral):
            await self._edit_source(interaction, reply)
        elif interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, **reply.send_kwargs())
        else:
            await interaction.response.send_message(ephemeral=True, **reply.send_kwargs())
        self.panels.remember(panel.table.id, interaction.user.id, interaction, locale,
                             None if notice is None else Notice.on(panel, notice))

    @staticmethod
    async def _edit_source(interaction: discord.Interaction[Any], reply: Reply) -> None:
        if interaction.response.is_done():
            await interaction.edit_original_response(**reply.edit_kwargs())
        else:
            await interaction.response.edit_message(**reply.edit_kwargs())

    @staticmethod
    def _require_panel_owner(interaction: discord.Interaction[Any]) -> None:
        """A panel answers only the member it was drawn for (Discord lets nobody else click an
        ephemeral message; this holds even if it did)."""
        message = interaction.message
        metadata = message.interaction_metadata if message is not None else None
        if metadata is not None and metadata.user.id != interaction.user.id:
            raise Refusal("This panel is someone else's: open your own with My hand.")

    @staticmethod
    def _channel_id(interaction: discord.Interaction[Any]) -> int:
        assert interaction.channel_id is not None
        return interaction.channel_id

    def _channel(self, interaction: discord.Interaction[Any]) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(self._channel_id(interaction),
                                                guild_id=interaction.guild_id)

    @staticmethod
    def _require_posting(interaction: discord.Interaction[Any]) -> None:
        """A table needs to post and edit its message here; say so before anything is made."""
        if not interaction.app_permissions.is_superset(NEEDED):
            raise Refusal("I can't post in this channel: I need the View Channel, Send Messages"
                          " and Embed Links permissions here.")

    @staticmethod
    async def _post(channel: discord.PartialMessageable,
                    reply: Reply) -> discord.Message:
        try:
            return await channel.send(**reply.send_kwargs())
        except discord.Forbidden:
            raise Refusal("I can't post in this channel: I need the View Channel, Send Messages"
                          " and Embed Links permissions here.") from None

    async def _retire_finished(self, table: TableRecord, reply: Reply) -> None:
        """The finished game's message, once its rematch is on: the result and a link."""
        if table.message_id is None:
            return
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            await channel.get_partial_message(table.message_id).edit(**reply.edit_kwargs())
        except discord.HTTPException as error:
            log.info("could not update the finished table %s: %s", table.id, error)

    @staticmethod
    async def _retire(channel: discord.PartialMessageable, message_id: int, text: str) -> None:
        """The old table message: a pointer to the new one, and no buttons."""
        try:
            await channel.get_partial_message(message_id).edit(content=text, embed=None,
                                                              view=None, attachments=[])
        except discord.HTTPException as error:
            log.info("could not retire table message %s: %s", message_id, error)


async def setup(bot: commands.Bot) -> None:
    from bot.app import TexasBot

    assert isinstance(bot, TexasBot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Tables(bot))
