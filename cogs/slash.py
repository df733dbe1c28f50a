"""The /42 slash commands: parse, call the service, answer. A call typed as a command is read
against the member's panel and then made as its button would make it (:mod:`cogs.typed`)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.answers import locale_of, send_private, within_window
from bot.budget import Priority
from bot.house_rules import InvalidChoice, parse_preset
from bot.i18n import name, normalize_locale, reader, t, tn
from bot.records import Clock, GameKind, Level, Ranking, Status, TableRecord
from bot.service import Accepted, Fill, Panel, Refusal
from engine import DEFAULT_OPTIONS, Options, Pass, Seat
from engine.seats import FOUR_SEATS
from engine.variants import FORTY_TWO, VARIANTS, Variant

from . import games
from .answering import IN_THREAD, THREADING, Answering, cant_post
from .components import EndButton, KeepButton
from .guide import help_message, rules_message
from .messages.reply import Reply
from .messages.standings import leaderboard_message
from .typed import NOTHING, Call, choices, resolve

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

CLOCK_CHOICES = [
    app_commands.Choice(name=locale_str("Off: take your time (the usual)"), value="off"),
    app_commands.Choice(name=locale_str("Relaxed: two minutes a move"),
                        value=Clock.RELAXED.value),
    app_commands.Choice(name=locale_str("Brisk: thirty seconds a move"), value=Clock.BRISK.value),
]
"""R-NO-CLOCK: no clock unless the table's creator chooses one."""
RANKING_CHOICES = [
    app_commands.Choice(name=locale_str("Rating"), value=Ranking.RATING.value),
    app_commands.Choice(name=locale_str("Marks won (games won, in games scored in points)"),
                        value=Ranking.MARKS.value),
]
"""What /42 leaderboard ranks members by: their rating unless asked otherwise."""
THREAD_NAME = 100
"""The longest name Discord gives a thread."""


class SlashCommands(Answering, commands.Cog):
    """Every /42 command, with its options, their choices and autocompletes. A cog only so that
    its commands have one, as discord.py's types ask: the Tables cog, which derives from it, is
    the one loaded, and discord.py gathers the commands of every class it derives from."""

    @app_commands.command(name=locale_str("new", msgctxt="command name"),
                          description=locale_str("Open a table in this channel"))
    @app_commands.rename(game=locale_str("game", msgctxt="command name"),
                         bots=locale_str("bots", msgctxt="command name"),
                         rules=locale_str("rules", msgctxt="command name"),
                         level=locale_str("level", msgctxt="command name"),
                         hints=locale_str("hints", msgctxt="command name"),
                         clock=locale_str("clock", msgctxt="command name"),
                         invite=locale_str("invite", msgctxt="command name"),
                         thread=locale_str("thread", msgctxt="command name"))
    @app_commands.describe(game=locale_str("Which game of the 42 family (42 if left out)"),
                           bots=locale_str("Seat computer players at once; the game then starts"
                                           " right away"),
                           rules=locale_str("House rules to play (42 only); the table's select"
                                            " offers every one before the start"),
                           level=locale_str("How strong the computer players are (strong if"
                                            " left out)"),
                           hints=locale_str("Whether players may ask for hints (on if left"
                                            " out)"),
                           clock=locale_str("A time for each move, after which a bot makes it"
                                            " (off if left out)"),
                           invite=locale_str("A member, or a role, to ping with a button to"
                                             " take a seat"),
                           thread=locale_str("Open the table and its pings in a new thread of"
                                             " this channel (off if left out)"))
    @app_commands.choices(game=games.NEW_CHOICES, bots=FILL_CHOICES, rules=RULES_CHOICES,
                          level=LEVEL_CHOICES, hints=HINTS_CHOICES, clock=CLOCK_CHOICES)
    async def new(self, interaction: discord.Interaction[Any],
                  game: app_commands.Choice[str] | None = None,
                  bots: app_commands.Choice[str] | None = None,
                  rules: app_commands.Choice[str] | None = None,
                  level: app_commands.Choice[str] | None = None,
                  hints: app_commands.Choice[str] | None = None,
                  clock: app_commands.Choice[str] | None = None,
                  invite: discord.Member | discord.Role | None = None,
                  thread: bool = False) -> None:
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
        try:
            timed = Clock(clock.value) if clock is not None and clock.value != "off" else None
        except ValueError:
            raise Refusal("That is not one of the clocks: choose one from the list.") from None
        if invite is not None and fill is not Fill.NONE:
            raise Refusal("An invitation needs a free seat: leave the bots out to invite.")
        if isinstance(invite, discord.Member) and invite.bot:
            raise Refusal("Computer players take a seat with Add bot on the table.")
        table = await within_window(interaction, self._open_table(
            interaction, fill, options, variant, strength, hints is None or hints.value == "on",
            timed, thread))
        if invite is not None and invite.id != interaction.user.id:
            await self._invite(table, interaction.user.id, invite)
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
            message = await self._post(interaction, channel, await self.messages.reply(snapshot))
            moved = await self.service.set_message(table.id, message.id)
            if table.message_id is not None:
                await self.messages.retire(moved, table.message_id)
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

    @app_commands.command(name=locale_str("why", msgctxt="command name"),
                          description=locale_str("Why the bots played the trick on the table as"
                                                 " they did"))
    async def why_command(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> int:
            table = await self.service.table_in_channel(self._channel_id(interaction))
            return table.id

        table_id = await within_window(interaction, work())
        await self.on_trick_why(interaction, table_id)

    @app_commands.command(name=locale_str("leaderboard", msgctxt="command name"),
                          description=locale_str("This server's players by rating or by marks"
                                                 " won"))
    @app_commands.rename(game=locale_str("game", msgctxt="command name"),
                         by=locale_str("by", msgctxt="command name"))
    @app_commands.describe(game=locale_str("Which games: to 7 marks (if left out) or to 250"
                                           " points"),
                           by=locale_str("Rank by rating (if left out) or by marks won"))
    @app_commands.choices(game=games.LEADERBOARD_CHOICES, by=RANKING_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          game: app_commands.Choice[str] | None = None,
                          by: app_commands.Choice[str] | None = None) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        kind = GameKind(game.value) if game is not None else GameKind.MARKS
        ranking = Ranking(by.value) if by is not None else Ranking.RATING

        async def work() -> Reply:
            standings = await self.service.leaderboard(guild_id, game=kind, by=ranking)
            computers = await self.service.computer_standings(guild_id, kind)
            guild_name = interaction.guild.name if interaction.guild is not None else ""
            return leaderboard_message(
                standings, normalize_locale(interaction.guild_locale) or locale_of(interaction),
                guild_name, computers, kind, ranking)

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

    async def _open_table(self, interaction: discord.Interaction[Any], fill: Fill,
                          options: Options | None = None, variant: Variant = FORTY_TWO,
                          level: Level = Level.STRONG, hints: bool = True,
                          clock: Clock | None = None, thread: bool = False) -> TableRecord:
        """A table in this channel; with ``thread``, in a new public thread of it (in a thread
        already, there), so that the channel stays free and holds as many tables as threads."""
        assert interaction.guild_id is not None
        locale = normalize_locale(interaction.guild_locale) or locale_of(interaction)
        channel: discord.PartialMessageable | discord.Thread
        needs = None
        if thread and not isinstance(interaction.channel, discord.Thread):
            needs = IN_THREAD
            channel = await self._start_thread(interaction, locale, variant)
        else:
            self._require_posting(interaction)
            channel = self._channel(interaction)
        snapshot = await self.service.open_table(interaction.guild_id, channel.id,
                                                 interaction.user.id, locale, fill, options,
                                                 name=interaction.user.display_name,
                                                 variant=variant, level=level, hints=hints,
                                                 clock=clock)
        table_id = snapshot.table.id
        try:
            message = await self._post(interaction, channel, await self.messages.reply(snapshot),
                                       needs)
        except BaseException:
            await self.service.forget_table(table_id)
            raise
        table = await self.service.set_message(table_id, message.id)
        if fill is not Fill.NONE:
            # Started once its message exists, so computer players' moves edit that message.
            await self.service.start(table_id, interaction.user.id)
            self._touch(table_id)
        return table

    async def _start_thread(self, interaction: discord.Interaction[Any], locale: str | None,
                            variant: Variant) -> discord.Thread:
        """A public thread of the interaction's text channel for a table, named after its game
        and its creator (in the server's language: everybody there reads it), archived after a
        day without a message."""
        parent = interaction.channel
        if not isinstance(parent, discord.TextChannel) or parent.is_news():
            raise Refusal("A table opens in a thread of a text channel only.")
        self._require_posting(interaction, THREADING)
        title = games.game_title(reader(locale, variant.seating), variant)
        name = f"{title} · {interaction.user.display_name}"[:THREAD_NAME]
        try:
            await self.budget.spend(Priority.MEMBERS)
            return await parent.create_thread(name=name, type=discord.ChannelType.public_thread,
                                              auto_archive_duration=1440)
        except discord.Forbidden:
            raise cant_post(locale_of(interaction), None, THREADING) from None

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

