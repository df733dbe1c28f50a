"""The double's own rules, checked over plain HTTP where discord.py would hide the details."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.discord_double import DiscordDouble, Perm
from tests.discord_double.faults import route_matches
from tests.discord_double.state import Snowflakes


@pytest.fixture
async def http(discord_double: DiscordDouble) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {discord_double.token}"}
    async with aiohttp.ClientSession(discord_double.url, headers=headers) as session:
        yield session


async def call(http: aiohttp.ClientSession, method: str, path: str, **kw: Any) -> tuple[int, Any]:
    async with http.request(method, "/api/v10" + path, **kw) as response:
        body = await response.json() if response.content_type == "application/json" else None
        if body is not None:  # discord.py decodes JSON only under exactly this header
            assert response.headers["Content-Type"] == "application/json"
        return response.status, body


async def test_the_token_is_checked(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    status, me = await call(http, "GET", "/users/@me")
    assert status == 200 and me["id"] == str(discord_double.bot.id) and me["bot"] is True
    status, body = await call(http, "GET", "/users/@me", headers={"Authorization": "Bot wrong"})
    assert (status, body["code"]) == (401, 0)


async def test_messages_discord_would_refuse_are_refused(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    general = f"/channels/{discord_double.channel('general').id}/messages"
    button = {"type": 2, "style": 1, "label": "Go"}
    refused = [
        ({"content": "x" * 2001}, 50035),
        ({"content": ""}, 50006),
        ({"components": [{"type": 1, "components": [button]}]}, 50035),  # no custom_id
        ({"components": [{"type": 1, "components": [{**button, "custom_id": "a"}] * 2}]}, 50035),
        ({"embeds": [{"fields": [{"name": "", "value": "v"}]}]}, 50035),
    ]
    for body, code in refused:
        status, error = await call(http, "POST", general, json=body)
        assert (status, error["code"]) == (400, code), body

    status, message = await call(http, "POST", general, json={"content": "hi <@1>", "tts": False})
    assert status == 200
    for key in (
        "id",
        "channel_id",
        "author",
        "content",
        "timestamp",
        "edited_timestamp",
        "tts",
        "mention_everyone",
        "mentions",
        "mention_roles",
        "attachments",
        "embeds",
        "pinned",
        "type",
        "flags",
        "components",
    ):
        assert key in message
    assert message["author"]["id"] == str(discord_double.bot.id)

    lobby = discord_double.add_channel("lobby", bot_can_send=False)
    status, error = await call(
        http, "POST", f"/channels/{lobby.id}/messages", json={"content": "x"}
    )
    assert (status, error["code"]) == (403, 50013)
    status, error = await call(http, "GET", "/channels/1/messages/2")
    assert (status, error["code"]) == (404, 10003)


async def test_ephemeral_messages_are_not_reachable_through_channel_routes(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    ana = discord_double.member("ana")
    general = discord_double.channel("general")
    secret = discord_double.world.create_message(
        general, {"content": "for ana", "flags": 64}, ephemeral_to=ana.member
    )
    status, error = await call(http, "GET", f"/channels/{general.id}/messages/{secret.id}")
    assert (status, error["code"]) == (404, 10008)
    status, listed = await call(http, "GET", f"/channels/{general.id}/messages")
    assert (status, listed) == (200, [])


async def test_uploads_are_multipart_and_served_back(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", '{"content": "a file", "attachments": [{"id": 0}]}')
    form.add_field("files[0]", b"6|4", filename="hand.txt", content_type="application/octet-stream")
    general = discord_double.channel("general").id
    status, message = await call(http, "POST", f"/channels/{general}/messages", data=form)
    assert status == 200
    (attachment,) = message["attachments"]
    assert (attachment["filename"], attachment["size"]) == ("hand.txt", 3)
    async with http.get(attachment["url"]) as response:
        assert await response.read() == b"6|4"


def test_permissions_follow_roles_and_overwrites(discord_double: DiscordDouble) -> None:
    world = discord_double.world
    lobby = discord_double.add_channel("lobby", bot_can_send=False)
    general = discord_double.channel("general")
    ana = discord_double.member("ana").member
    assert world.permissions(world.bot, general) & Perm.SEND_MESSAGES
    assert not world.permissions(world.bot, lobby) & Perm.SEND_MESSAGES
    assert world.permissions(ana, lobby) & Perm.SEND_MESSAGES
    discord_double.add_role("admins", Perm.ADMINISTRATOR)
    boss = discord_double.member("boss", roles=("admins",)).member
    assert world.permissions(boss, lobby) == Perm.ALL


def test_snowflakes_increase_and_tell_the_time(discord_double: DiscordDouble) -> None:
    ids = [discord_double.world.ids.next() for _ in range(1000)]
    assert ids == sorted(set(ids))
    assert abs(Snowflakes.timestamp(ids[-1]) - time.time()) < 5


@pytest.mark.parametrize(
    ("pattern", "matches"),
    [
        ("POST /channels/{channel_id}/messages", True),
        ("/channels/*/messages", True),
        ("*", True),
        ("GET /channels/{channel_id}/messages", False),
        ("POST /channels/9/*", False),
    ],
)
def test_route_patterns(pattern: str, matches: bool) -> None:
    route = "/api/v10/channels/{channel_id}/messages"
    assert route_matches(pattern, "POST", route, "/api/v10/channels/5/messages") is matches
