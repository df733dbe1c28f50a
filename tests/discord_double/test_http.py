"""The double's own rules, checked over plain HTTP where discord.py would hide the details."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import aiohttp
import pytest

from tools.discord_double import DiscordDouble, Interaction, Perm, contract
from tools.discord_double.clock import Snowflakes
from tools.discord_double.faults import route_matches


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


async def test_a_file_through_a_channel_route_needs_attach_files(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """Without Attach Files, posting or editing in a file is refused (403, 50013) as Discord
    refuses it; the same message without a file is not."""
    channel = discord_double.add_channel("no-files", bot_can_attach=False)
    messages = f"/channels/{channel.id}/messages"

    def with_file() -> aiohttp.FormData:
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", '{"content": "t", "attachments": [{"id": 0}]}')
        form.add_field("files[0]", b"png", filename="table.png", content_type="image/png")
        return form

    status, error = await call(http, "POST", messages, data=with_file())
    assert (status, error["code"]) == (403, 50013)
    status, message = await call(http, "POST", messages, json={"content": "text only"})
    assert status == 200
    status, error = await call(http, "PATCH", f"{messages}/{message['id']}", data=with_file())
    assert (status, error["code"]) == (403, 50013)
    status, edited = await call(http, "PATCH", f"{messages}/{message['id']}",
                                json={"content": "still text"})
    assert status == 200 and edited["content"] == "still text"


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


def test_events_are_granted_to_the_bot_by_hand(discord_double: DiscordDouble) -> None:
    """A new server's @everyone, and the bot's own role, have neither Create Events nor Manage
    Events; ``grant_bot`` gives the bot's role a permission in one guild, ``revoke_bot`` takes
    it away."""
    double = discord_double
    events = Perm.CREATE_EVENTS | Perm.MANAGE_EVENTS
    assert (Perm.CREATE_EVENTS, Perm.MANAGE_EVENTS) == (1 << 44, 1 << 33)
    club = double.add_guild("club")
    ana = double.member("ana").member
    for guild in (double.guild, club):
        assert not guild.everyone.permissions & events
        assert not guild.permissions(double.bot) & events
    assert not double.world.permissions(ana, None) & events
    double.grant_bot(Perm.CREATE_EVENTS)
    assert double.guild.permissions(double.bot) & events == Perm.CREATE_EVENTS
    assert not club.permissions(double.bot) & events  # that guild's admin did not
    assert not double.guild.everyone.permissions & events
    double.grant_bot(Perm.MANAGE_EVENTS, club)
    assert club.permissions(double.bot) & events == Perm.MANAGE_EVENTS
    double.revoke_bot(Perm.CREATE_EVENTS)
    assert not double.guild.permissions(double.bot) & events
    assert double.guild.permissions(double.bot) & Perm.SEND_MESSAGES  # the rest stays


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


V2 = 1 << 15


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def go(custom_id: str = "go") -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


async def test_components_v2_follow_discords_component_reference(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    general = f"/channels/{discord_double.channel('general').id}/messages"
    item = {"media": {"url": "https://example.com/a.png"}}
    gallery = {"type": 12, "items": [item]}
    section = {"type": 9, "components": [text("hi")], "accessory": go()}
    accepted = {
        "flags": V2,
        "components": [
            {
                "type": 17,
                "accent_color": 0x2E7D32,
                "spoiler": False,
                "components": [
                    section,
                    gallery,
                    {"type": 14, "divider": True, "spacing": 2},
                    {"type": 1, "components": [go("a"), go("b")]},
                ],
            },
            text("<@1> outside the container"),
        ],
    }
    status, message = await call(http, "POST", general, json=accepted)
    assert status == 200 and message["flags"] == V2, message
    stored = discord_double.message(int(message["id"]))
    assert stored.text_displays() == ["hi", "<@1> outside the container"]
    assert [b["custom_id"] for b in stored.buttons()] == ["go", "a", "b"]

    thumb = {"type": 11, "media": {"url": "https://example.com/t.png"}, "description": "alt"}
    refused = [
        {"components": [text("no flag")]},  # layout components need the flag
        {"flags": V2, "content": "hi", "components": [text("x")]},
        {"flags": V2, "embeds": [{"title": "t"}], "components": [text("x")]},
        {"flags": V2, "components": [go()]},  # a button outside a row or section
        {"flags": V2, "components": [thumb]},  # a thumbnail only as an accessory
        {"flags": V2, "components": [{"type": 9, "components": [text("x")]}]},  # no accessory
        {"flags": V2, "components": [{**section, "components": [text("x")] * 4}]},
        {"flags": V2, "components": [{**section, "accessory": text("x")}]},
        {"flags": V2, "components": [{"type": 12, "items": [item] * 11}]},
        {"flags": V2, "components": [{"type": 12, "items": [{"media": {}}]}]},
        {"flags": V2, "components": [{"type": 13, "file": {"url": "https://example.com/f"}}]},
        {"flags": V2, "components": [{"type": 17, "components": []}]},
        {
            "flags": V2,
            "components": [{"type": 17, "components": [{"type": 17, "components": [text("x")]}]}],
        },
        {
            "flags": V2,
            "components": [{"type": 17, "components": [text("x")], "accent_color": 1 << 24}],
        },
        {"flags": V2, "components": [{"type": 14, "spacing": 3}]},
        {"flags": V2, "components": [text("")]},
        {"flags": V2, "components": [text("x")] * 41},  # 40 at most
        {"flags": V2, "components": [{"type": 17, "components": [text("x")] * 40}]},  # 41 nested
        {"flags": V2, "components": [text("x" * 2001), text("y" * 2000)]},  # 4000 characters
        {"flags": V2, "components": [{"type": 1, "components": [go(), go()]}]},  # same custom_id
        {
            "flags": V2,
            "components": [
                {"type": 11 + 1, "items": [{"media": {"url": "attachment://nope.png"}}]}
            ],
        },
    ]
    for body in refused:
        status, error = await call(http, "POST", general, json=body)
        assert (status, error["code"]) == (400, 50035), body
    status, _ = await call(
        http, "POST", general, json={"flags": V2, "components": [text("x")] * 40}
    )
    assert status == 200
    discord_double.invalid_bodies.clear()  # refused on purpose, above


async def test_a_v2_message_keeps_its_flag_and_drops_no_attachment_it_keeps(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    general = discord_double.channel("general").id
    form = aiohttp.FormData(quote_fields=False)
    body = {
        "flags": V2,
        "components": [
            {"type": 12, "items": [{"media": {"url": "attachment://a.png"}, "description": "A"}]},
            {"type": 13, "file": {"url": "attachment://b.txt"}},
        ],
        "attachments": [{"id": 0, "description": "picture A"}, {"id": 1}],
    }
    form.add_field("payload_json", json.dumps(body))
    form.add_field("files[0]", b"AAA", filename="a.png")
    form.add_field("files[1]", b"BB", filename="b.txt")
    status, sent = await call(http, "POST", f"/channels/{general}/messages", data=form)
    assert status == 200, sent
    message = discord_double.message(int(sent["id"]))
    assert message.files() == {"a.png": b"AAA", "b.txt": b"BB"}
    assert [a.get("description") for a in message.attachments] == ["picture A", None]
    assert [m["description"] for m in message.media()] == ["A", None]
    assert [m["data"] for m in message.media()] == [b"AAA", b"BB"]
    assert sent["components"][1]["name"] == "b.txt"  # file components name their file
    path = f"/channels/{general}/messages/{sent['id']}"

    status, error = await call(http, "PATCH", path, json={"flags": 0})
    assert (status, error["code"]) == (400, 50035)
    status, error = await call(http, "PATCH", path, json={"content": "hi"})
    assert (status, error["code"]) == (400, 50035)

    # keep a.png, drop b.txt, add c.png: the kept one keeps its bytes and alt text
    kept = sent["attachments"][0]
    form = aiohttp.FormData(quote_fields=False)
    edit = {
        "components": [{"type": 12, "items": [{"media": {"url": "attachment://c.png"}}]}],
        "attachments": [{"id": kept["id"]}, {"id": 0}],
    }
    form.add_field("payload_json", json.dumps(edit))
    form.add_field("files[0]", b"CCCC", filename="c.png")
    status, edited = await call(http, "PATCH", path, data=form)
    assert status == 200, edited
    assert message.files() == {"a.png": b"AAA", "c.png": b"CCCC"}
    assert message.attachments[0]["description"] == "picture A" and message.flags == V2
    assert message.versions[0].files()["b.txt"] == b"BB"

    # files without an attachments list are added to what the message has
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", "{}")
    form.add_field("files[0]", b"D", filename="d.txt")
    status, _ = await call(http, "PATCH", path, data=form)
    assert status == 200 and list(message.files()) == ["a.png", "c.png", "d.txt"]
    # an edit referring to an attachment the message no longer has is refused
    gone = {"components": [{"type": 12, "items": [{"media": {"url": "attachment://b.txt"}}]}]}
    status, error = await call(http, "PATCH", path, json=gone)
    assert (status, error["code"]) == (400, 50035)


async def test_notifications_follow_allowed_mentions_and_creation_only(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    double = discord_double
    ana, bruno, chiara = double.member("ana"), double.member("bruno"), double.member("chiara")
    general = f"/channels/{double.channel('general').id}/messages"
    both = f"{ana.mention} {bruno.mention}"

    async def post(body: dict[str, Any]) -> int:
        status, message = await call(http, "POST", general, json=body)
        assert status == 200, message
        return int(message["id"])

    first = await post({"content": both})  # no allowed_mentions: every mention parsed
    assert [(n.member, n.message.id) for n in double.notifications()] == [
        (ana.member, first),
        (bruno.member, first),
    ]
    await post({"content": both, "allowed_mentions": {"parse": []}})
    only = await post({"content": both, "allowed_mentions": {"users": [str(bruno.id)]}})
    await post({"content": both, "allowed_mentions": {"parse": ["users"]}, "flags": 1 << 12})
    v2 = await post({"flags": V2, "components": [text(f"{chiara.mention}, your turn")]})
    assert [n.message.id for n in bruno.notifications()] == [first, only]
    assert [n.message.id for n in chiara.notifications()] == [v2]
    status, error = await call(
        http,
        "POST",
        general,
        json={"content": both, "allowed_mentions": {"parse": ["users"], "users": [str(ana.id)]}},
    )
    assert (status, error["code"]) == (400, 50035)

    quiet = await post({"content": "nobody yet"})
    status, _ = await call(
        http, "PATCH", f"{general}/{quiet}", json={"content": f"{chiara.mention} now"}
    )
    assert status == 200 and len(chiara.notifications()) == 1  # an edit never notifies
    double.world.create_message(
        double.channel("general"), {"content": chiara.mention, "flags": 64}, ephemeral_to=ana.member
    )
    assert len(chiara.notifications()) == 1 and len(ana.notifications()) == 1

    status, dm = await call(http, "POST", "/users/@me/channels", json={"recipient_id": str(ana.id)})
    await call(http, "POST", f"/channels/{dm['id']}/messages", json={"content": "psst"})
    assert [n.reason for n in ana.notifications()] == ["mention", "dm"]
    assert ana.notifications()[-1].channel is ana.dm

    status, _ = await call(http, "DELETE", f"{general}/{first}")
    assert status == 204 and double.deletions == [double.message(first)]
    assert double.message(first).deleted_at is not None
    status, error = await call(http, "DELETE", f"{general}/{first}")
    assert (status, error["code"]) == (404, 10008)


async def test_interaction_webhooks_expire_on_the_doubles_clock(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    double = discord_double
    ana = double.member("ana")
    general = double.channel("general")
    interaction = Interaction(
        double.world.ids.next(),
        double.world.new_token(),
        2,
        ana.member,
        general,
        {"authorizing_integration_owners": {"0": str(double.guild.id)}},
        "test",
        window=3.0,
        deadline=0.0,
        created_at=double.now(),
        status="answered",
        response_type=4,
    )
    double.world.interactions[interaction.id] = interaction
    interaction.original = double.world.create_message(
        general, {"content": "panel"}, interaction=interaction
    )
    hook = f"/webhooks/{double.application_id}/{interaction.token}"
    before = double.now()
    double.advance(minutes=14, seconds=59)
    assert double.now() - before >= 14 * 60 + 59
    status, _ = await call(http, "PATCH", f"{hook}/messages/@original", json={"content": "a"})
    assert status == 200
    double.advance(seconds=1)
    for method, path, body in [
        ("PATCH", f"{hook}/messages/@original", {"content": "b"}),
        ("GET", f"{hook}/messages/@original", None),
        ("POST", hook, {"content": "followup"}),
        ("DELETE", f"{hook}/messages/@original", None),
    ]:
        status, error = await call(http, method, path, json=body)
        assert (status, error) == (401, {"message": "Invalid Webhook Token", "code": 50027})
    assert interaction.original.content == "a"
    later = double.world.ids.next()
    assert Snowflakes.timestamp(later) >= before + 15 * 60 - 1  # ids follow the clock
    with pytest.raises(ValueError):
        double.advance(seconds=-1)


async def test_bodies_are_held_to_discords_published_description(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """What Discord's OpenAPI description does not allow is refused (400, 50035) and recorded;
    snowflakes may be integers, as discord.py sends them and Discord takes them."""
    general = f"/channels/{discord_double.channel('general').id}/messages"
    status, _ = await call(
        http, "POST", general,
        json={"content": "<@1>", "allowed_mentions": {"parse": [], "users": [1, "2"]}},
    )
    assert status == 200
    off = [
        {"content": 42},  # a string
        {"content": "x", "embeds": [{"title": "t", "color": "green"}]},  # an integer colour
        {"content": "x", "allowed_mentions": {"parse": ["nobody"]}},  # not a mention kind
        {"content": "x", "sticker_ids": ["1", "2", "3", "4"]},  # three at most
    ]
    for body in off:
        status, error = await call(http, "POST", general, json=body)
        assert (status, error["code"]) == (400, 50035), body
        assert error["message"].startswith("Invalid Form Body: "), error
    assert len(discord_double.invalid_bodies) == len(off)
    _, error = await call(http, "POST", general, json=off[1])  # the field at fault, as Discord
    (problem,) = error["errors"]["embeds"]["0"]["color"]["_errors"]  # says where it is
    assert problem["message"] == "must be integer or null", problem
    assert error["message"] == "Invalid Form Body: embeds.0.color: must be integer or null"
    _, error = await call(http, "POST", general, json=off[3])
    assert error["errors"]["sticker_ids"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    # a union is read as the alternative the body names (a component by its type)
    _, error = await call(http, "POST", general, json={
        "flags": 1 << 15, "components": [{"type": 10, "content": 5}]})
    assert error["errors"] == {"components": {"0": {"content": {"_errors": [
        {"code": "BASE_TYPE_INVALID", "message": "must be string"}]}}}}
    discord_double.invalid_bodies.clear()  # refused on purpose, above


async def test_edits_to_hour_old_messages_are_capped_and_noted(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """Discord's cap on edits to messages older than an hour (30046): a few per channel every
    few seconds, then 429; every such edit is noted, so a test can show a bot makes none."""
    general = f"/channels/{discord_double.channel('general').id}/messages"
    _, fresh = await call(http, "POST", general, json={"content": "new"})
    _, old = await call(http, "POST", general, json={"content": "old"})
    status, _ = await call(http, "PATCH", f"{general}/{fresh['id']}", json={"content": "x"})
    assert status == 200 and discord_double.world.old_message_edits == []
    discord_double.advance(minutes=61)
    for n in range(3):
        status, _ = await call(http, "PATCH", f"{general}/{old['id']}", json={"content": f"{n}"})
        assert status == 200
    status, error = await call(http, "PATCH", f"{general}/{old['id']}", json={"content": "4"})
    assert (status, error["code"]) == (429, 30046) and 0 < error["retry_after"] <= 6
    assert discord_double.world.old_message_edits == [int(old["id"])] * 4


async def test_the_token_has_one_global_budget(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """Discord's global limit (50 requests a second for a bot token; 10 here, to be quick),
    whichever process sends them (here two sessions); past it, 429 with ``global``, which
    discord.py waits out. Interaction answers are not sent with the token and do not count."""
    assert discord_double.global_limit == 50
    discord_double.global_limit = 10
    headers = {"Authorization": f"Bot {discord_double.token}"}
    async with aiohttp.ClientSession(discord_double.url, headers=headers) as other:
        started = time.monotonic()
        answers = [await call(session, "GET", "/users/@me")
                   for _ in range(8) for session in (http, other)]
        assert time.monotonic() - started < 1.0, "too slow to try the limit"
    limited = [body for status, body in answers if status == 429]
    assert len(limited) == 6 and all(body["global"] for body in limited), answers
    assert len(discord_double.globally_limited) == 6


async def test_a_thread_is_started_as_discord_starts_one(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """``POST /channels/{id}/threads`` without a message: its body held to Discord's
    description, Create Public Threads needed in the channel, a thread of a text channel only;
    the thread has the channel's permissions, and posting in it needs Send Messages in Threads
    where the channel needs Send Messages."""
    double = discord_double
    general = double.channel("general")
    threads = f"/channels/{general.id}/threads"
    public = {"name": "42 · Ana", "type": 11, "auto_archive_duration": 1440}
    for body in ({**public, "name": ""}, {**public, "auto_archive_duration": 30},
                 {"type": 11}):
        status, error = await call(http, "POST", threads, json=body)
        assert (status, error["code"]) == (400, 50035), body
    assert len(double.invalid_bodies) == 3
    double.invalid_bodies.clear()  # refused on purpose, above

    double.deny_bot(general, Perm.CREATE_PUBLIC_THREADS)
    status, error = await call(http, "POST", threads, json=public)
    assert (status, error["code"]) == (403, 50013) and not double.threads()
    general.overwrites.clear()
    status, thread = await call(http, "POST", threads, json=public)
    assert status == 201, thread
    assert (thread["type"], thread["parent_id"], thread["name"]) == (11, str(general.id),
                                                                     "42 · Ana")
    assert thread["thread_metadata"]["auto_archive_duration"] == 1440
    assert thread["owner_id"] == str(double.bot.id) and thread["member_count"] == 1
    (started,) = double.threads("general")
    assert str(started.id) == thread["id"]
    status, error = await call(http, "POST", f"/channels/{started.id}/threads", json=public)
    assert (status, error["code"]) == (400, 50024)  # no thread in a thread

    posted = f"/channels/{started.id}/messages"
    double.deny_bot(general, Perm.SEND_MESSAGES)
    status, message = await call(http, "POST", posted, json={"content": "in the thread"})
    assert status == 200 and message["channel_id"] == thread["id"]
    status, error = await call(http, "POST", f"/channels/{general.id}/messages",
                               json={"content": "in the channel"})
    assert (status, error["code"]) == (403, 50013)
    double.deny_bot(general, Perm.SEND_MESSAGES_IN_THREADS)
    status, error = await call(http, "POST", posted, json={"content": "again"})
    assert (status, error["code"]) == (403, 50013)
    double.deny_bot(general, Perm.VIEW_CHANNEL)  # a thread is seen as its channel is
    status, error = await call(http, "POST", posted, json={"content": "again"})
    assert (status, error["code"]) == (403, 50001)
    status, fetched = await call(http, "GET", f"/channels/{started.id}")
    assert status == 200 and fetched["message_count"] == 1


def an_event(double: DiscordDouble, *, starts_in: float = 3600, lasts: float = 3600,
             **fields: Any) -> dict[str, Any]:
    """The body of an external event in the first guild, ``starts_in`` seconds from now."""
    start = double.now() + starts_in
    body = {
        "name": "Texas 42 Open",
        "description": "Sign-ups in #general",
        "scheduled_start_time": datetime.fromtimestamp(start, UTC).isoformat(),
        "scheduled_end_time": datetime.fromtimestamp(start + lasts, UTC).isoformat(),
        "privacy_level": 2,
        "entity_type": 3,
        "entity_metadata": {"location": f"https://discord.com/channels/{double.guild.id}/1"},
    }
    return {**body, **fields}


async def test_scheduled_events_are_held_to_discords_rules(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """An external event: Create Events to create it, its body held to Discord's description
    and rules (each refusal says which field), the object Discord answers, its status moved
    only along SCHEDULED → ACTIVE or CANCELED, ACTIVE → COMPLETED, and nothing changed once
    it is finished; 404 code 10070 for an event that is not there."""
    double = discord_double
    events = f"/guilds/{double.guild.id}/scheduled-events"
    status, error = await call(http, "POST", events, json=an_event(double))
    assert (status, error["code"], double.scheduled_events()) == (403, 50013, [])
    double.grant_bot(Perm.MANAGE_EVENTS)  # edits others' events, creates none
    status, error = await call(http, "POST", events, json=an_event(double))
    assert (status, error["code"]) == (403, 50013)
    double.revoke_bot(Perm.MANAGE_EVENTS)
    double.grant_bot(Perm.CREATE_EVENTS)

    body = an_event(double)
    no_metadata = {k: v for k, v in body.items() if k != "entity_metadata"}
    no_end = {k: v for k, v in body.items() if k != "scheduled_end_time"}
    refused = [
        ({**body, "name": ""}, "name", "BASE_TYPE_BAD_LENGTH"),
        ({**body, "name": "x" * 101}, "name", "BASE_TYPE_MAX_LENGTH"),
        ({**body, "description": "x" * 1001}, "description", "BASE_TYPE_MAX_LENGTH"),
        ({**body, "entity_metadata": {"location": ""}}, "entity_metadata.location",
         "BASE_TYPE_BAD_LENGTH"),
        ({**body, "entity_metadata": {"location": "x" * 101}}, "entity_metadata.location",
         "BASE_TYPE_MAX_LENGTH"),
        (no_metadata, "entity_metadata", "BASE_TYPE_REQUIRED"),
        (no_end, "scheduled_end_time", "BASE_TYPE_REQUIRED"),
        ({**body, "scheduled_end_time": None}, "scheduled_end_time", "BASE_TYPE_REQUIRED"),
        (an_event(double, lasts=-60), "scheduled_end_time",
         "GUILD_SCHEDULED_EVENT_END_BEFORE_START"),
        (an_event(double, starts_in=-60), "scheduled_start_time",
         "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST"),
        ({**body, "scheduled_start_time": "next Tuesday"}, "scheduled_start_time",
         "DATE_TIME_TYPE_PARSE"),
        ({**body, "privacy_level": 1}, "privacy_level", "BASE_TYPE_CHOICES"),
        ({**body, "channel_id": str(double.channel("general").id)}, "channel_id",
         "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL"),
        ({**body, "entity_type": 2, "channel_id": "1"}, "channel_id", "CHANNEL_TYPE_INVALID"),
    ]
    for wrong, field, code in refused:
        status, error = await call(http, "POST", events, json=wrong)
        assert (status, error["code"]) == (400, 50035), (field, error)
        at = error["errors"]
        for key in field.split("."):
            at = at[key]
        assert at["_errors"][0]["code"] == code, (field, error)
    assert double.scheduled_events() == []
    double.invalid_bodies.clear()  # refused on purpose, above

    status, created = await call(http, "POST", events, json=body)
    assert status == 200, created
    contract.schema_validator("ExternalScheduledEventResponse")(created)
    assert {k: created[k] for k in ("guild_id", "channel_id", "creator_id", "name", "status",
                                    "entity_type", "entity_id", "privacy_level")} == {
        "guild_id": str(double.guild.id), "channel_id": None, "creator_id": str(double.bot.id),
        "name": "Texas 42 Open", "status": 1, "entity_type": 3, "entity_id": None,
        "privacy_level": 2}
    assert created["entity_metadata"] == body["entity_metadata"]
    assert created["creator"]["id"] == str(double.bot.id) and "user_count" not in created
    assert created["scheduled_start_time"] == body["scheduled_start_time"]
    (event,) = double.scheduled_events()
    assert (str(event.id), event.creator, event.status) == (created["id"], double.bot, 1)

    one = f"{events}/{event.id}"
    status, listed = await call(http, "GET", events, params={"with_user_count": "true"})
    assert status == 200 and [e["id"] for e in listed] == [created["id"]]
    assert listed[0]["user_count"] == 0
    status, fetched = await call(http, "GET", one)
    assert status == 200 and fetched == created
    for method in ("GET", "PATCH", "DELETE"):
        status, error = await call(http, method, f"{events}/{double.world.ids.next()}",
                                   json={"name": "x"} if method == "PATCH" else None)
        assert (status, error["code"], error["message"]) == (
            404, 10070, "Unknown Guild Scheduled Event"), method

    status, error = await call(http, "PATCH", one, json={"status": 3})  # not a transition
    assert (status, error["code"]) == (400, 50035)
    assert error["errors"]["status"]["_errors"][0]["message"].startswith(
        "Cannot change the status from SCHEDULED to COMPLETED")
    status, same = await call(http, "PATCH", one, json={"status": 1})  # no change
    assert (status, same["status"]) == (200, 1)
    status, started = await call(http, "PATCH", one, json={"status": 2, "name": "Open: day 1"})
    assert (status, started["status"], started["name"]) == (200, 2, "Open: day 1")
    for asked in (4, 1):  # an active event is not canceled, nor scheduled again
        status, error = await call(http, "PATCH", one, json={"status": asked})
        assert (status, error["code"]) == (400, 50035) and "status" in error["errors"]
    status, ended = await call(http, "PATCH", one, json={"status": 3})
    assert (status, ended["status"]) == (200, 3)
    for change in ({"status": 2}, {"name": "again"}):
        status, error = await call(http, "PATCH", one, json=change)
        assert (status, error["code"], error["message"]) == (
            400, 180000, "Cannot update a finished event")
    assert [(c.status, c.automatic) for c in event.changes] == [(1, False), (2, False),
                                                                (3, False)]

    _, second = await call(http, "POST", events, json=an_event(double, name="Rematch"))
    status, canceled = await call(http, "PATCH", f"{events}/{second['id']}",
                                  json={"status": 4})
    assert (status, canceled["status"]) == (200, 4)
    status, error = await call(http, "PATCH", f"{events}/{second['id']}", json={"status": 2})
    assert (status, error["code"]) == (400, 180000)
    double.invalid_bodies.clear()  # refused on purpose, above


async def test_scheduled_events_of_others_need_manage_events(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """Create Events edits and deletes the bot's own events; Manage Events anyone's. A deleted
    event is gone (404 code 10070) but kept for tests."""
    double = discord_double
    events = f"/guilds/{double.guild.id}/scheduled-events"
    ana = double.member("ana").member
    hers = double.world.add_scheduled_event(double.guild, ana, an_event(double, name="Ana's"))
    double.grant_bot(Perm.CREATE_EVENTS)
    _, mine = await call(http, "POST", events, json=an_event(double))
    for method in ("PATCH", "DELETE"):
        status, error = await call(http, method, f"{events}/{hers.id}",
                                   json={"name": "taken"} if method == "PATCH" else None)
        assert (status, error["code"]) == (403, 50013), method
    status, _ = await call(http, "PATCH", f"{events}/{mine['id']}", json={"name": "renamed"})
    assert status == 200
    double.revoke_bot(Perm.CREATE_EVENTS)
    status, error = await call(http, "PATCH", f"{events}/{mine['id']}", json={"name": "x"})
    assert (status, error["code"]) == (403, 50013)  # not even its own, now
    double.grant_bot(Perm.MANAGE_EVENTS)
    status, edited = await call(http, "PATCH", f"{events}/{hers.id}", json={"status": 4})
    assert (status, edited["status"], edited["creator_id"]) == (200, 4, str(ana.id))
    async with http.delete(f"/api/v10{events}/{mine['id']}") as response:
        assert (response.status, await response.read()) == (204, b"")
    status, error = await call(http, "GET", f"{events}/{mine['id']}")
    assert (status, error["code"]) == (404, 10070)
    assert [e.name for e in double.scheduled_events()] == ["Ana's"]
    (gone,) = [e for e in double.scheduled_events(include_deleted=True) if e.deleted]
    assert gone.name == "renamed" and gone.deleted_at is not None


async def test_an_external_event_starts_and_ends_on_the_doubles_clock(
    discord_double: DiscordDouble, http: aiohttp.ClientSession
) -> None:
    """Discord starts an external event at its start time and completes it at its end time
    by itself: a bot asking for ACTIVE then is answered with what it is, and asking for
    COMPLETED after the end gets 180000."""
    double = discord_double
    double.grant_bot(Perm.CREATE_EVENTS)
    events = f"/guilds/{double.guild.id}/scheduled-events"
    _, created = await call(http, "POST", events, json=an_event(double, starts_in=600,
                                                                lasts=3600))
    one = f"{events}/{created['id']}"
    double.advance(minutes=9)
    (event,) = double.scheduled_events()
    assert event.status == 1
    double.advance(minutes=2)
    assert event.status == 2 and event.changes[-1].automatic
    status, same = await call(http, "PATCH", one, json={"status": 2})
    assert (status, same["status"]) == (200, 2)
    double.advance(minutes=60)
    status, fetched = await call(http, "GET", one)
    assert fetched["status"] == 3 and event.changes[-1].automatic
    assert [(c.status, c.automatic) for c in event.changes] == [(1, False), (2, True),
                                                                (3, True)]
    status, error = await call(http, "PATCH", one, json={"status": 3})
    assert (status, error["code"]) == (400, 180000)
