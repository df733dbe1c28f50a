"""Invitations through the double: from a member's Apps menu and from ``/42 new invite:``, the
invited member (or a role's members) gets one ping with a button that seats them."""

from __future__ import annotations

from tests.bot.conftest import LiveBot
from tests.bot.e2e import latest_table_id
from tests.bot.test_e2e_computers import table_message
from tools.discord_double import DiscordDouble, Message, SimulatedMember

MENU = "Invite to the 42 table"


def invitations(member: SimulatedMember) -> list[Message]:
    return [n.message for n in member.notifications() if "invites you" in n.message.content]


async def test_an_invitation_from_the_apps_menu_seats_its_guest(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    ana, bia, caio, eve = (double.member(n) for n in ("ana", "bia", "caio", "eve"))
    assert not (await ana.slash("42 new")).failed
    invited = await ana.user_command(MENU, bia)
    assert invited.ephemeral and f"You invited {bia.mention}" in invited.content, invited
    (invitation,) = invitations(bia)
    assert ana.mention in invitation.content and "Texas 42" in invitation.content
    assert not invitations(ana) and not invitations(eve)
    # Only a player at the table (or its creator) invites, and never twice to a seat.
    stranger = await eve.user_command(MENU, caio)
    assert stranger.ephemeral and "Only a seated player" in stranger.content, stranger
    sat = await bia.click(invitation, label="Take a seat")
    assert sat.ephemeral and "You sit East" in sat.content, sat
    await live_bot.idle()
    assert "East " + bia.mention in table_message(double).embeds[0]["description"]
    again = await ana.user_command(MENU, bia)
    assert again.ephemeral and "already sits" in again.content, again
    assert len(invitations(bia)) == 1
    twice = await bia.click(invitation, label="Take a seat")
    assert twice.ephemeral and "already sitting" in twice.content, twice
    assert not double.failed_interactions and not double.late_answers


async def test_new_invites_a_member_or_a_role_and_refuses_without_a_free_seat(
        discord_double: DiscordDouble, live_bot: LiveBot) -> None:
    double = discord_double
    role = double.add_role("fortytwo", mentionable=True)
    ana = double.member("ana")
    bia, caio = (double.member(n, roles=("fortytwo",)) for n in ("bia", "caio"))
    refused = await ana.slash("42 new", bots="others", invite=bia)
    assert refused.ephemeral and "free seat" in refused.content, refused
    opened = await ana.slash("42 new", invite=role)
    assert not opened.failed, opened
    assert len(invitations(bia)) == 1 and len(invitations(caio)) == 1
    table_id = latest_table_id(live_bot.db)
    assert str(table_id) in str(invitations(bia)[0].components)
    for member, seat in ((bia, "East"), (caio, "South")):
        sat = await member.click(invitations(member)[0], label="Take a seat")
        assert sat.ephemeral and f"You sit {seat}" in sat.content, sat
    assert not double.failed_interactions and not double.late_answers
