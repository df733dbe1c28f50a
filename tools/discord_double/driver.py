"""Simulated members: they run slash commands, click buttons and pick in selects.

Every action is checked against what a Discord user could actually do (the command was synced,
the option exists and its value fits, the button is on a message the member can see and is not
disabled); anything else fails the test loudly instead of sending the bot an impossible event.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .gateway import Gateway
from .guilds import Channel, Guild, Member, Role
from .messages import Flag, Interaction, Message, MessageVersion, Notification, walk_components
from .payload import JSON
from .world import World

ChannelRef = Channel | str | None

SUBCOMMAND, GROUP = 1, 2
OPTION_TYPES = {
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


class InteractionResult:
    """What came of one interaction. Properties read live state, so they stay current."""

    def __init__(self, interaction: Interaction, source_versions: int = 0) -> None:
        self.interaction = interaction
        self._source_versions = source_versions

    @property
    def texts(self) -> list[str]:
        """The content of every version this interaction's answer had, even those a later
        edit replaced: the reply, its followups, and what it edited the clicked message to."""
        found = [v.content for m in self.messages for v in m.versions]
        source = self.interaction.source_message
        if self.response_type == 7 and source is not None:
            found += [v.content for v in source.versions[self._source_versions:]]
        return [text for text in found if text]

    @property
    def failed(self) -> bool:
        """Discord would show "This interaction failed" (nothing answered within the window)."""
        return self.interaction.failed

    @property
    def failure(self) -> str | None:
        return self.interaction.failure

    @property
    def errors(self) -> list[str]:
        """Callbacks the double rejected (bad payloads), in order."""
        return self.interaction.errors

    @property
    def response_type(self) -> int | None:
        return self.interaction.response_type

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def message(self) -> Message | None:
        """The reply (types 4/5) or the message the component was on (types 6/7)."""
        return self.interaction.original

    @property
    def content(self) -> str:
        return self.message.content if self.message else ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def followups(self) -> list[Message]:
        return self.interaction.followups

    @property
    def messages(self) -> list[Message]:
        """The reply followed by every followup."""
        first = [self.message] if self.response_type in (4, 5) and self.message else []
        return first + self.followups

    @property
    def choices(self) -> list[JSON] | None:
        return self.interaction.choices

    @property
    def modal(self) -> JSON | None:
        return self.interaction.modal

    def __repr__(self) -> str:
        state = f"failed ({self.failure})" if self.failed else f"type {self.response_type}"
        return f"<InteractionResult {self.interaction.description} {state} {self.content!r}>"


def _carry(message: JSON, component: JSON) -> JSON:
    """A copy of a message payload with ``component`` on it (unless one with its id is there),
    within Discord's five rows of five: in a row with room, else in place of the last component
    of the last row."""
    message = copy.deepcopy(message)
    rows = message.setdefault("components", [])
    ids = {c.get("custom_id") for c in walk_components(rows)}
    if component["custom_id"] in ids:
        return message
    room = next((r for r in rows if r.get("type") == 1 and len(r["components"]) < 5), None)
    if room is not None:
        room["components"].append(component)
    elif len(rows) < 5 or (message.get("flags") or 0) & Flag.COMPONENTS_V2:
        rows.append({"type": 1, "components": [component]})  # V2 has no five-row limit
    else:
        rows[-1]["components"][-1] = component
    return message


T = TypeVar("T")


class Double(Protocol):
    """What a member needs of the double they act in."""

    world: World
    gateway: Gateway
    interaction_window: float
    action_quiet: float

    def message(self, message_id: int) -> Message: ...

    def everything_seen_by(self, member: SimulatedMember) -> list[MessageVersion]: ...

    def notifications(self, member: SimulatedMember | None = None) -> list[Notification]: ...

    def expire(self, interaction: Interaction) -> None: ...

    async def wait_for(
        self, predicate: Callable[[], T | None], timeout: float = 5.0, what: str = ""
    ) -> T: ...

    async def settle(self, quiet: float = 0.05, timeout: float = 5.0) -> None: ...


class SimulatedMember:
    """A guild member driven by the test."""

    def __init__(self, double: Double, member: Member, guild: Guild) -> None:
        self.double = double
        self.member = member
        self.guild = guild
        """The member's guild: where they act unless told otherwise."""

    @property
    def id(self) -> int:
        return self.member.id

    @property
    def name(self) -> str:
        return self.member.name

    @property
    def locale(self) -> str:
        return self.member.locale

    @property
    def mention(self) -> str:
        return self.member.mention

    @property
    def dm(self) -> Channel:
        """This member's DM channel with the bot."""
        return self.double.world.dm_channel(self.member)

    def __repr__(self) -> str:
        return f"<SimulatedMember {self.name} id={self.id} locale={self.locale}>"

    # -- what this member sees -------------------------------------------------------------------

    def can_see(self, message: Message) -> bool:
        return message.visible_to(self.member)

    def ephemerals(self) -> list[Message]:
        """Ephemeral messages this member received, oldest first."""
        return [m for m in self.double.world.messages.values() if m.ephemeral_to is self.member]

    def seen(self) -> list[MessageVersion]:
        """Every version of every message this member could ever see."""
        return self.double.everything_seen_by(self)

    def notifications(self) -> list[Notification]:
        """What Discord would have notified this member of, oldest first."""
        return self.double.notifications(self)

    # -- actions ---------------------------------------------------------------------------

    async def slash(
        self,
        command: str,
        /,
        *,
        where: ChannelRef = None,
        options: Mapping[str, Any] | None = None,
        wait_deferred: float = 5.0,
        **kwargs: Any,
    ) -> InteractionResult:
        """Run ``/command sub ...`` with options; ``where`` is a channel, its name, or "dm".

        Options are keyword arguments (or ``options=`` for names that are not identifiers).
        A deferred reply is awaited up to ``wait_deferred`` seconds for its real content."""
        channel = self._channel(where)
        schema, words = self._command(command, channel)
        resolved: JSON = {}
        data: JSON = {
            "id": schema["id"],
            "name": schema["name"],
            "type": 1,
            "options": self._options(
                schema, words, {**(options or {}), **kwargs}, channel, resolved
            ),
        }
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in schema:
            data["guild_id"] = schema["guild_id"]
        return await self._interact(
            2, channel, data, f"/{command.lstrip('/')}", wait_deferred=wait_deferred
        )

    async def autocomplete(
        self,
        command: str,
        focused: str,
        value: str,
        /,
        *,
        where: ChannelRef = None,
        **kwargs: Any,
    ) -> list[JSON]:
        """Type ``value`` into option ``focused`` and return the choices the bot offered."""
        channel = self._channel(where)
        schema, words = self._command(command, channel)
        resolved: JSON = {}
        options = self._options(schema, words, kwargs, channel, resolved, focused=(focused, value))
        data: JSON = {"id": schema["id"], "name": schema["name"], "type": 1, "options": options}
        if "guild_id" in schema:
            data["guild_id"] = schema["guild_id"]
        result = await self._interact(4, channel, data, f"autocomplete /{command} {focused}")
        if result.failed or result.choices is None:
            raise AssertionError(f"autocomplete for {focused!r} got no answer: {result.failure}")
        return result.choices

    async def click(
        self,
        message: Message | InteractionResult | int,
        custom_id: str | None = None,
        /,
        *,
        label: str | None = None,
        wait_deferred: float = 5.0,
    ) -> InteractionResult:
        """Click the button with this custom_id (or label) on the message's current version."""
        msg = self._message(message)
        if custom_id is None and label is None:
            raise TypeError("click() needs a custom_id or a label")
        buttons = [
            b
            for b in msg.buttons()
            if (custom_id is None or b.get("custom_id") == custom_id)
            and (label is None or b.get("label") == label)
        ]
        if len(buttons) != 1:
            have = [(b.get("label"), b.get("custom_id")) for b in msg.buttons()]
            problem = "no" if not buttons else "more than one"
            raise AssertionError(
                f"{problem} button {label or custom_id!r} on message {msg.id}; "
                f"buttons (label, custom_id): {have}"
            )
        button = buttons[0]
        if button.get("disabled"):
            raise AssertionError(f"button {label or custom_id!r} is disabled")
        if "custom_id" not in button:
            raise AssertionError(
                f"button {label or custom_id!r} is a link; it sends no interaction"
            )
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(
            3,
            msg.channel,
            data,
            f"click {button.get('label') or button['custom_id']!r}",
            source=msg,
            wait_deferred=wait_deferred,
        )

    async def select(
        self,
        message: Message | InteractionResult | int,
        custom_id: str | None = None,
        /,
        *,
        values: list[Any] | None = None,
        labels: list[str] | None = None,
        wait_deferred: float = 5.0,
    ) -> InteractionResult:
        """Pick ``values`` (or the options with these ``labels``) in a select menu.

        Without a custom_id the message must have exactly one select. User, role and channel
        selects take members, roles and channels (or their names) as values."""
        msg = self._message(message)
        selects = [s for s in msg.selects() if custom_id is None or s.get("custom_id") == custom_id]
        if len(selects) != 1:
            have = [s.get("custom_id") for s in msg.selects()]
            raise AssertionError(
                f"cannot pick select {custom_id!r} on message {msg.id}; selects: {have}"
            )
        menu = selects[0]
        if menu.get("disabled"):
            raise AssertionError(f"select {menu['custom_id']!r} is disabled")
        kind = menu["type"]
        resolved: JSON = {}
        if kind == 3:
            options = menu.get("options") or []
            if labels is not None:
                by_label = {o["label"]: o["value"] for o in options}
                missing = [x for x in labels if x not in by_label]
                if missing:
                    raise AssertionError(
                        f"select {menu['custom_id']!r} has no options {missing}; "
                        f"labels: {list(by_label)}"
                    )
                values = [by_label[x] for x in labels]
            picked = [str(v) for v in values or []]
            unknown = [v for v in picked if v not in {o["value"] for o in options}]
            if unknown:
                raise AssertionError(
                    f"select {menu['custom_id']!r} has no values {unknown}; "
                    f"values: {[o['value'] for o in options]}"
                )
        else:
            target = {5: 6, 6: 8, 7: 9, 8: 7}[kind]  # select type -> option type
            picked = [
                self._resolve({"type": target, "name": menu["custom_id"]}, v, resolved)
                for v in values or []
            ]
        least, most = menu.get("min_values", 1), menu.get("max_values", 1)
        if not least <= len(picked) <= most:
            raise AssertionError(
                f"select {menu['custom_id']!r} takes {least}..{most} values, got {picked}"
            )
        data: JSON = {"custom_id": menu["custom_id"], "component_type": kind, "values": picked}
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            3,
            msg.channel,
            data,
            f"select {menu['custom_id']!r} {picked}",
            source=msg,
            wait_deferred=wait_deferred,
        )

    async def forge_click(
        self,
        message: Message | InteractionResult | int,
        custom_id: str,
        /,
        *,
        carried: bool = True,
        component_type: int = 2,
        wait_deferred: float = 5.0,
    ) -> InteractionResult:
        """A click on ``custom_id``, whatever the message shows: what an old client or a
        tampered one can send. With ``carried`` the message in the interaction holds a button
        with that id (as Discord would for a button that was once there); without, the id is
        on no component of the message. Visibility of the message is not checked either, nor
        that ``component_type`` (a button's, 2, unless told) is the carried component's."""
        msg = self.double.message(message) if isinstance(message, int) else (
            message.message if isinstance(message, InteractionResult) else message)
        if msg is None:
            raise AssertionError("forge_click needs a message")
        extra = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
        return await self._interact(
            3,
            msg.channel,
            {"custom_id": custom_id, "component_type": component_type},
            f"forged click {custom_id!r}",
            source=msg,
            wait_deferred=wait_deferred,
            extra_component=extra if carried else None,
        )

    async def raw_command(
        self,
        name: str,
        options: list[JSON],
        /,
        *,
        where: ChannelRef = None,
        members: Sequence[SimulatedMember] = (),
    ) -> InteractionResult:
        """``/name`` with ``options`` exactly as given, checked against no schema and sent
        wherever asked (a DM included): what a client that has not resynced sends for a
        renamed subcommand, a removed choice, or a command no longer offered there.
        ``members`` are resolved in the payload, as Discord resolves the members a user
        option names."""
        channel = self._channel(where)
        world = self.double.world
        synced = [*world.guild_commands.get(self.guild.id, []), *world.global_commands]
        schema = next(c for c in synced if c["name"] == name)  # offered here or not
        data: JSON = {"id": schema["id"], "name": schema["name"], "type": 1, "options": options}
        resolved: JSON = {}
        for member in members:
            self._resolve({"type": 6, "name": "member"}, member, resolved)
        if resolved:
            data["resolved"] = resolved
        return await self._interact(2, channel, data, f"/{name} (raw)", wait_deferred=5.0)

    async def user_command(
        self,
        name: str,
        target: SimulatedMember | Member,
        /,
        *,
        where: ChannelRef = None,
        wait_deferred: float = 5.0,
    ) -> InteractionResult:
        """Right-click ``target`` in ``where`` and pick ``name`` among the Apps: a user
        command (application command type 2), as synced there."""
        channel = self._channel(where)
        world = self.double.world
        guild = world.guild_of(channel)
        synced = [*(world.guild_commands.get(guild.id, []) if guild else []),
                  *world.global_commands]
        schema = next((c for c in synced if c.get("type") == 2 and c["name"] == name), None)
        if schema is None:
            raise AssertionError(
                f"{name!r} is not a synced user command; synced: "
                f"{sorted(c['name'] for c in synced if c.get('type') == 2)}"
            )
        resolved: JSON = {}
        target_id = self._resolve({"type": 6, "name": "target"}, target, resolved)
        data: JSON = {
            "id": schema["id"],
            "name": schema["name"],
            "type": 2,
            "target_id": target_id,
            "resolved": resolved,
        }
        if "guild_id" in schema:
            data["guild_id"] = schema["guild_id"]
        return await self._interact(
            2, channel, data, f"Apps → {name}", wait_deferred=wait_deferred
        )

    async def raw_autocomplete(
        self, name: str, options: list[JSON], /, *, where: ChannelRef = None
    ) -> InteractionResult:
        """An autocomplete request for ``/name`` with ``options`` exactly as given (one of them
        ``"focused": True``), checked against no schema, like :meth:`raw_command`. The result
        says whether the bot answered (``choices``), not only what it offered."""
        channel = self._channel(where)
        world = self.double.world
        synced = [*world.guild_commands.get(self.guild.id, []), *world.global_commands]
        schema = next(c for c in synced if c["name"] == name)
        data: JSON = {"id": schema["id"], "name": schema["name"], "type": 1, "options": options}
        return await self._interact(4, channel, data, f"autocomplete /{name} (raw)")

    # -- building interactions -----------------------------------------------------------------

    async def _interact(
        self,
        kind: int,
        channel: Channel,
        data: JSON,
        description: str,
        *,
        source: Message | None = None,
        wait_deferred: float = 0.0,
        extra_component: JSON | None = None,
    ) -> InteractionResult:
        double, world = self.double, self.double.world
        if double.gateway.current is None:
            raise AssertionError("no bot is connected to the double; nothing would answer")
        loop = asyncio.get_running_loop()
        payload = self._payload(kind, channel, data)
        if source is not None:
            payload["message"] = source.payload()
            if extra_component is not None:
                payload["message"] = _carry(payload["message"], extra_component)
        window = double.interaction_window
        interaction = Interaction(
            int(payload["id"]),
            payload["token"],
            kind,
            self.member,
            channel,
            payload,
            description,
            window=window,
            deadline=loop.time() + window,
            created_at=world.clock.now(),
            source_message=source,
        )
        world.interactions[interaction.id] = interaction
        source_versions = len(source.versions) if source is not None else 0
        world.touch()
        loop.call_later(window, double.expire, interaction)
        await double.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=channel.guild_id)
        await interaction.answered.wait()
        original = interaction.original
        with contextlib.suppress(AssertionError):
            if wait_deferred and interaction.response_type == 5 and original is not None:
                # still "thinking" after this? the result shows it through message.loading
                await double.wait_for(lambda: not original.loading, timeout=wait_deferred)
            # Let the bot read the callback's response (it may register a view for the new
            # message only then) before the test acts on what it sees.
            await double.settle(quiet=double.action_quiet, timeout=1.0)
        return InteractionResult(interaction, source_versions)

    def _payload(self, kind: int, channel: Channel, data: JSON) -> JSON:
        """An INTERACTION_CREATE body with every field discord.py reads."""
        world = self.double.world
        guild = world.guild_of(channel) or self.guild
        payload: JSON = {
            "id": str(world.ids.next()),
            "application_id": str(world.application_id),
            "type": kind,
            "token": world.new_token(),
            "version": 1,
            "data": data,
            "locale": self.locale,
            "app_permissions": str(world.permissions(world.bot, channel)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(channel.id),
        }
        if channel.is_dm:
            payload |= {
                "channel": channel.payload(),
                "user": self.member.user_payload(),
                "context": 1,
                "authorizing_integration_owners": {"0": "0"},
            }
        else:
            allowed = world.permissions(self.member, channel)
            payload |= {
                "guild_id": str(guild.id),
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "guild_locale": guild.preferred_locale,
                "channel": channel.payload(allowed),
                "member": self.member.member_payload(allowed, guild=guild),
                "context": 0,
                "authorizing_integration_owners": {"0": str(guild.id)},
            }
        return payload

    def _channel(self, where: ChannelRef) -> Channel:
        if where is None:
            return next(iter(self.guild.channels.values()))
        if where == "dm":
            return self.dm
        if isinstance(where, str):
            return self.guild.channel_named(where)
        return where

    def _message(self, ref: Message | InteractionResult | int) -> Message:
        if isinstance(ref, InteractionResult):
            if ref.message is None:
                raise AssertionError(f"{ref!r} has no message to act on")
            ref = ref.message
        message = self.double.message(ref) if isinstance(ref, int) else ref
        if message.deleted:
            raise AssertionError(f"message {message.id} has been deleted")
        if not self.can_see(message):
            raise AssertionError(f"{self.name} cannot see message {message.id}")
        return message

    # -- commands and options --------------------------------------------------------------

    def _named(self, node: JSON, word: str) -> bool:
        """Users type either the default name or the one localized for their locale."""
        localized = (node.get("name_localizations") or {}).get(self.locale)
        return word in (node["name"], localized)

    def _command(self, command: str, channel: Channel) -> tuple[JSON, list[str]]:
        world = self.double.world
        name, *words = command.lstrip("/").split()
        guild = world.guild_of(channel)
        guild_commands = [] if guild is None else world.guild_commands.get(guild.id, [])
        candidates = [c for c in [*guild_commands, *world.global_commands] if c.get("type", 1) == 1]
        schema = next((c for c in candidates if self._named(c, name)), None)
        if schema is None:
            where = "in DMs" if channel.is_dm else f"in #{channel.name}"
            raise AssertionError(
                f"/{name} is not a synced command {where}; synced: "
                f"{sorted(c['name'] for c in candidates)}"
            )
        contexts = schema.get("contexts")
        context = 1 if channel.is_dm else 0
        if (contexts is not None and context not in contexts) or (
            channel.is_dm and contexts is None and schema.get("dm_permission") is False
        ):
            raise AssertionError(
                f"/{name} is not available {'in DMs' if channel.is_dm else 'in guilds'}"
            )
        needed = schema.get("default_member_permissions")
        if needed is not None and not channel.is_dm:
            have = world.permissions(self.member, channel)
            if have & int(needed) != int(needed):
                raise AssertionError(f"/{name} is hidden from {self.name}: missing permissions")
        return schema, words

    def _options(
        self,
        schema: JSON,
        words: list[str],
        values: Mapping[str, Any],
        channel: Channel,
        resolved: JSON,
        *,
        focused: tuple[str, str] | None = None,
    ) -> list[JSON]:
        """The nested ``options`` for subcommand group/subcommand path ``words`` and values."""
        top: list[JSON] = []
        into, node, path = top, schema, [schema["name"]]
        for word in words:
            subs = [o for o in node.get("options") or [] if o["type"] in (SUBCOMMAND, GROUP)]
            sub = next((o for o in subs if self._named(o, word)), None)
            if sub is None:
                raise AssertionError(
                    f"/{' '.join(path)} has no subcommand {word!r}; has {[o['name'] for o in subs]}"
                )
            entry: JSON = {"type": sub["type"], "name": sub["name"], "options": []}
            into.append(entry)
            into, node = entry["options"], sub
            path.append(sub["name"])
        params = node.get("options") or []
        subs = [o["name"] for o in params if o["type"] in (SUBCOMMAND, GROUP)]
        if subs:
            raise AssertionError(f"/{' '.join(path)} needs a subcommand: one of {subs}")
        for key, value in values.items():
            param = next((p for p in params if self._named(p, key)), None)
            if param is None:
                raise AssertionError(
                    f"/{' '.join(path)} has no option {key!r}; "
                    f"options: {[p['name'] for p in params]}"
                )
            into.append(
                {
                    "type": param["type"],
                    "name": param["name"],
                    "value": self._resolve(param, value, resolved),
                }
            )
        if focused is not None:
            key, typed = focused
            param = next((p for p in params if self._named(p, key)), None)
            if param is None or not param.get("autocomplete"):
                raise AssertionError(f"/{' '.join(path)} has no autocomplete option {key!r}")
            into.append(
                {"type": param["type"], "name": param["name"], "value": typed, "focused": True}
            )
        else:
            given = {o["name"] for o in into}
            missing = [p["name"] for p in params if p.get("required") and p["name"] not in given]
            if missing:
                raise AssertionError(f"/{' '.join(path)} is missing required options {missing}")
        return top

    def _resolve(self, param: JSON, value: Any, resolved: JSON) -> Any:
        """Check ``value`` against the option's schema; snowflake types go into ``resolved``."""
        kind, name = param["type"], param["name"]
        world = self.double.world
        choices = param.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            # a member picks a choice by its (possibly localized) name
            names = {
                n: c["value"]
                for c in choices
                for n in [c["name"], *(c.get("name_localizations") or {}).values()]
            }
            if value not in names:
                raise AssertionError(
                    f"option {name!r}: {value!r} is not one of {[c['value'] for c in choices]}"
                )
            value = names[value]
        if kind == 3:
            if not isinstance(value, str):
                raise AssertionError(f"option {name!r} takes a string, got {value!r}")
            if not param.get("min_length", 0) <= len(value) <= param.get("max_length", 6000):
                raise AssertionError(f"option {name!r}: {value!r} has the wrong length")
            return value
        if kind in (4, 10):
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or (kind == 4 and not isinstance(value, int))
            ):
                raise AssertionError(f"option {name!r} takes {OPTION_TYPES[kind]}, got {value!r}")
            low, high = param.get("min_value"), param.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise AssertionError(f"option {name!r}: {value} is outside {low}..{high}")
            return value
        if kind == 5:
            if not isinstance(value, bool):
                raise AssertionError(f"option {name!r} takes a boolean, got {value!r}")
            return value
        if (
            kind in (6, 9)
            and isinstance(value, SimulatedMember | Member | int)
            and not isinstance(value, bool)
        ):
            member = self._member(value)
            allowed = world.permissions(member, None)
            resolved.setdefault("users", {})[str(member.id)] = member.user_payload()
            resolved.setdefault("members", {})[str(member.id)] = member.member_payload(
                allowed, with_user=False, guild=self.guild
            )
            return str(member.id)
        if kind in (8, 9) and isinstance(value, Role | str):
            role = value if isinstance(value, Role) else self.guild.role_named(value)
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        if kind == 7 and isinstance(value, Channel | str):
            channel = value if isinstance(value, Channel) else self.guild.channel_named(value)
            types = param.get("channel_types")
            if types and channel.type not in types:
                raise AssertionError(f"option {name!r} takes channel types {types}")
            resolved.setdefault("channels", {})[str(channel.id)] = {
                **channel.payload(world.permissions(self.member, channel))
            }
            return str(channel.id)
        raise AssertionError(
            f"option {name!r} ({OPTION_TYPES.get(kind, kind)}) cannot take {value!r}"
        )

    def _member(self, value: SimulatedMember | Member | int) -> Member:
        if isinstance(value, SimulatedMember):
            return value.member
        if isinstance(value, Member):
            return value
        member = self.double.world.user(value)
        if member is None:
            raise AssertionError(f"no member with id {value}")
        return member
