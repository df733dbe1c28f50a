"""The websocket gateway: HELLO, IDENTIFY/READY, heartbeats, RESUME, and event dispatch.

Frames are plain JSON text. discord.py asks for ``compress=zlib-stream`` (or zstd) in the URL,
but it decodes text frames without decompressing, so the double never compresses.

Each IDENTIFY starts a session, for the shard it names (``shard: [id, count]``; without it,
the one shard of a bot that does not shard). A guild's events go to the sessions of its shard,
``(guild_id >> 22) % count`` as on Discord, DMs to shard 0: to every connected session of that
shard (two processes holding one shard for a moment both get them, as on Discord), or, when
none is connected, to the newest one. Each session keeps its dispatches with their sequence
numbers, so that after a dropped connection a RESUME replays what the client missed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiohttp import WSMsgType, web

from .guilds import Channel
from .messages import Message
from .payload import JSON
from .scheduled_events import ScheduledEvent
from .world import World

log = logging.getLogger(__name__)


class Op:
    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE_UPDATE = 3
    RESUME = 6
    RECONNECT = 7
    REQUEST_GUILD_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_MESSAGES = 1 << 9
    DIRECT_MESSAGES = 1 << 12
    GUILD_SCHEDULED_EVENTS = 1 << 16


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    identify: JSON
    seq: int = 0
    sent: list[JSON] = field(default_factory=list)  # every dispatch, for replay on RESUME
    ws: web.WebSocketResponse | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ready: bool = False  # READY and GUILD_CREATE have been sent
    resumes: int = 0
    replayed: int = 0
    shard: tuple[int, int] = (0, 1)
    """(shard id, shard count) as identified."""

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session's shard gets ``guild_id``'s events (``None``: a DM)."""
        shard_id, count = self.shard
        return ((guild_id >> 22) % count if guild_id is not None else 0) == shard_id


class Double(Protocol):
    """What the gateway needs of the double that serves it."""

    world: World

    @property
    def token(self) -> str: ...

    @property
    def gateway_url(self) -> str: ...


class Gateway:
    """Sessions, connections and what happened on them (for tests to assert on)."""

    def __init__(self, double: Double, *, heartbeat_interval: float) -> None:
        self.double = double
        self.heartbeat_interval = heartbeat_interval
        self.sessions: dict[str, Session] = {}
        self.current: Session | None = None
        self.connections: list[web.WebSocketResponse] = []
        self.connection_paths: list[str] = []  # path and query of every connection
        self.heartbeats = 0
        self.resumes = 0
        self.drops = 0
        self.invalid_sessions = 0
        self._accept_after = 0.0

    @property
    def identifies(self) -> int:
        return len(self.sessions)

    # -- connection --------------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connections.append(ws)
        self.connection_paths.append(request.path_qs)
        delay = self._accept_after - time.monotonic()
        if delay > 0:  # a test asked the outage to last a while
            await asyncio.sleep(delay)
        session: Session | None = None
        try:
            await self._send(
                ws,
                {"op": Op.HELLO, "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)}},
            )
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(ws, frame, session)
        except ConnectionResetError:
            pass
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
            self.connections.remove(ws)
            self.double.world.touch()
        return ws

    async def _on_frame(
        self, ws: web.WebSocketResponse, frame: JSON, session: Session | None
    ) -> Session | None:
        op, d = frame.get("op"), frame.get("d")
        d = d if isinstance(d, dict) else {}
        if op == Op.HEARTBEAT:
            self.heartbeats += 1
            await self._send(ws, {"op": Op.HEARTBEAT_ACK})
        elif op == Op.IDENTIFY:
            if d.get("token") != self.double.token:
                await ws.close(code=4004, message=b"Authentication failed.")
                return None
            return await self._identify(ws, d)
        elif op == Op.RESUME:
            return await self._resume(ws, d)
        elif op == Op.REQUEST_GUILD_MEMBERS and session is not None:
            await self._member_chunk(session, d)
        return session

    async def _identify(self, ws: web.WebSocketResponse, d: JSON) -> Session | None:
        world = self.double.world
        shard_id, shard_count = d.get("shard") or (0, 1)
        if not 0 <= shard_id < shard_count:
            await ws.close(code=4010, message=b"Invalid shard.")
            return None
        session = Session(
            secrets.token_hex(16),
            int(d.get("intents", 0)),
            identify=d,
            ws=ws,
            shard=(shard_id, shard_count),
        )
        self.sessions[session.id] = session
        self.current = session
        guilds = [g for g in world.guilds.values() if session.serves(g.id)]
        ready: JSON = {
            "v": 10,
            "user": {
                **world.bot.user_payload(),
                "verified": True,
                "mfa_enabled": False,
                "flags": 0,
                "email": None,
            },
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.double.gateway_url + "/resume",
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }
        if "shard" in d:
            ready["shard"] = d["shard"]
        await self._dispatch(session, "READY", ready)
        with_members = bool(session.intents & Intent.GUILD_MEMBERS)
        for guild in guilds:
            await self._dispatch(
                session, "GUILD_CREATE", world.guild_payload(guild, with_members=with_members)
            )
        session.ready = True
        world.touch()
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: JSON) -> Session | None:
        session = self.sessions.get(d.get("session_id", ""))
        seq = d.get("seq") or 0
        if session is None or d.get("token") != self.double.token or seq > session.seq:
            self.invalid_sessions += 1
            await self._send(ws, {"op": Op.INVALID_SESSION, "d": False})
            return None
        async with session.lock:
            if session.ws is not None and session.ws is not ws:
                await session.ws.close(code=4000)
            session.ws = ws
            missed = [f for f in session.sent if f["s"] > seq]
            for frame in missed:
                await self._send(ws, frame)
            session.replayed += len(missed)
            session.resumes += 1
            self.resumes += 1
            session.seq += 1
            resumed = {"op": Op.DISPATCH, "t": "RESUMED", "s": session.seq, "d": {}}
            session.sent.append(resumed)
            await self._send(ws, resumed)
        self.double.world.touch()
        return session

    async def _member_chunk(self, session: Session, d: JSON) -> None:
        guild = self.double.world.guilds.get(int(d.get("guild_id") or 0))
        if guild is None:
            return
        await self._dispatch(
            session,
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": [m.member_payload(guild=guild) for m in guild.members.values()],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [],
                "nonce": d.get("nonce"),
            },
        )

    # -- sending -----------------------------------------------------------------------------

    async def _send(self, ws: web.WebSocketResponse, frame: JSON) -> None:
        try:
            await ws.send_str(json.dumps(frame))
        except (ConnectionResetError, RuntimeError):
            log.debug("gateway send failed; the client will resume and get it replayed")

    async def _dispatch(self, session: Session, event: str, data: Any) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": Op.DISPATCH, "t": event, "s": session.seq, "d": data}
            session.sent.append(frame)
            if session.ws is not None and not session.ws.closed:
                await self._send(session.ws, frame)

    def sessions_for(self, guild_id: int | None) -> list[Session]:
        """The sessions that get ``guild_id``'s events now (``None``: a DM): every connected
        one of its shard, else the newest one of its shard, which keeps them for a RESUME."""
        serving = [s for s in self.sessions.values() if s.serves(guild_id)]
        connected = [s for s in serving if s.ws is not None and not s.ws.closed]
        return connected or serving[-1:]

    async def send_to(self, session: Session, event: str, data: Any) -> None:
        await self._dispatch(session, event, data)

    async def dispatch(self, event: str, data: Any, *, guild_id: int | None = None) -> None:
        """Send an event about ``guild_id`` (a DM's: ``None``) to the sessions of its shard."""
        sessions = self.sessions_for(guild_id)
        if not sessions:
            raise RuntimeError("no bot session of that shard has connected to the double yet")
        for session in sessions:
            await self._dispatch(session, event, data)

    async def dispatch_message(self, event: str, message: Message) -> None:
        """MESSAGE_CREATE/UPDATE/DELETE as Discord would send them: never for ephemerals,
        and only with the matching messages intent."""
        if message.ephemeral:
            return
        needed = Intent.DIRECT_MESSAGES if message.channel.is_dm else Intent.GUILD_MESSAGES
        if event == "MESSAGE_DELETE":
            data: JSON = {"id": str(message.id), "channel_id": str(message.channel.id)}
            if message.channel.guild_id is not None:
                data["guild_id"] = str(message.channel.guild_id)
        else:
            data = message.payload()
        for session in self.sessions_for(message.channel.guild_id):
            if session.intents & needed:
                await self._dispatch(session, event, data)

    async def dispatch_thread_create(self, thread: Channel) -> None:
        """THREAD_CREATE for a thread just started (``newly_created``), to the sessions of its
        guild's shard that asked for guild events (the Guilds intent)."""
        data = {**thread.payload(), "newly_created": True}
        for session in self.sessions_for(thread.guild_id):
            if session.intents & Intent.GUILDS:
                await self._dispatch(session, "THREAD_CREATE", data)

    async def dispatch_scheduled_event(self, event: str, scheduled: ScheduledEvent) -> None:
        """GUILD_SCHEDULED_EVENT_CREATE/UPDATE/DELETE (``event``), with the event as it is
        now, to the sessions of its guild's shard that asked for them (the Guild Scheduled
        Events intent)."""
        data = scheduled.payload()
        for session in self.sessions_for(scheduled.guild_id):
            if session.intents & Intent.GUILD_SCHEDULED_EVENTS:
                await self._dispatch(session, event, data)

    # -- faults ------------------------------------------------------------------------------

    async def drop(self, code: int = 4000, reconnect_delay: float = 0.0) -> None:
        """Close the bot's connection with a resumable code; hold reconnects for a while."""
        session = self.current
        if session is None or session.ws is None:
            raise RuntimeError("no connected gateway session to drop")
        self._accept_after = time.monotonic() + reconnect_delay
        ws, session.ws = session.ws, None
        self.drops += 1
        await ws.close(code=code, message=b"dropped by the test")

    async def close_all(self) -> None:
        for ws in list(self.connections):
            await ws.close(code=1001, message=b"double stopping")
