"""One table, four languages, through the Discord double: a member whose Discord speaks
Italian, one in Brazilian Portuguese, one in American English and one in French (which the bot
does not speak: English), on a server whose language is Brazilian Portuguese.

Each reads their private answers, panels and refusals in their own language; the table message
in the channel is in the server's, whoever opened the table."""

from __future__ import annotations

import logging
import re

import pytest

from engine import SEATS
from engine.seats import seat_title
from tests.bot.conftest import LiveBot
from tests.bot.e2e import MENTION, PanelControls, components, table_state
from tests.common import EAST, NORTH, SOUTH, WEST
from tools.discord_double import DiscordDouble, Message, SimulatedMember

LOCALES = {NORTH: "it", EAST: "pt-BR", SOUTH: "en-US", WEST: "fr"}
NAMES = {NORTH: "ana", EAST: "bia", SOUTH: "caio", WEST: "dede"}

# What a language's panel says, and words of the other languages it must never show.
PANEL = {
    "it": ("La tua mano — ", "Compagno: "),
    "pt-BR": ("Sua mão — ", "Parceiro: "),
    "en-US": ("Your hand — ", "Partner: "),
    "fr": ("Your hand — ", "Partner: "),
}
FOREIGN = {
    "it": r"\b(Your|Partner|Trick|Trump|Bid|Pass|Refresh|Sua|Parceiro|Vaza|Trunfo|Lance)\b",
    "pt-BR": r"\b(Your|Partner|Trick|Trump|Bid|Pass|Refresh|La tua|Compagno|Presa|Dichiara)\b",
    "en-US": r"\b(Sua|Parceiro|Vaza|Trunfo|Lance|Passo|La tua|Compagno|Presa|Dichiara)\b",
}
FOREIGN["fr"] = FOREIGN["en-US"]
BID_30 = {"it": "Dichiara 30", "pt-BR": "Lance de 30", "en-US": "Bid 30", "fr": "Bid 30"}
PASS = {"it": "Passo", "pt-BR": "Passo", "en-US": "Pass", "fr": "Pass"}
FIVES = {"it": "Seme di cinque", "pt-BR": "Naipe de cinco", "en-US": "Fives", "fr": "Fives"}
STARTED = {  # /42 leave once the game is on, in the member's language
    "it": "La partita è iniziata: ora i posti non possono cambiare.",
    "pt-BR": "A partida começou: os lugares não podem mais mudar.",
    "en-US": "The game has started: seats can't change now.",
    "fr": "The game has started: seats can't change now.",
}
LEAVE = {"it": "42 lascia", "pt-BR": "42 sair", "en-US": "42 leave", "fr": "42 leave"}


def table_message(double: DiscordDouble) -> Message:
    found = [m for m in double.messages("general") if not m.ephemeral and any(
        c.get("custom_id", "").startswith(("42:hand:", "42:sit:", "42:start:"))
        for c in components(m))]
    assert found, "no table message"
    return found[-1]


def labels(message: Message) -> list[str]:
    return [str(c.get("label")) for c in components(message) if c.get("label")]


async def test_each_member_reads_their_language(discord_double: DiscordDouble,
                                                live_bot: LiveBot,
                                                caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="bot.i18n")
    double = discord_double
    double.world.guild.preferred_locale = "pt-BR"
    seats = {seat: double.member(NAMES[seat], locale=LOCALES[seat]) for seat in SEATS}
    ana, bia, caio, dede = (seats[s] for s in (NORTH, EAST, SOUTH, WEST))

    async def quiet() -> None:
        await live_bot.idle()
        await double.settle(quiet=0.02)

    # The lobby: private answers in each member's language, the table in the server's.
    opened = await ana.slash("42 nuovo")
    assert opened.ephemeral and opened.content.startswith("Il tuo tavolo è aperto: https://")
    lobby = table_message(double)
    assert f"Mesa de {ana.mention}" in lobby.embeds[0]["description"]
    assert "1 dos 4 lugares está ocupado." in lobby.embeds[0]["description"]
    assert {"Sentar no Leste", "Sair", "Começar"} <= set(labels(lobby))
    sat = await bia.slash("42 sentar", lugar="Leste")
    assert sat.ephemeral and sat.content == "Seu lugar é o Leste."
    assert not (await caio.click(lobby, label="Sentar no Sul")).failed
    sat = await dede.slash("42 join", seat="west")
    assert sat.ephemeral and sat.content == "You sit West."
    await double.wait_for(lambda: any(c.get("label") == "Começar" and not c.get("disabled")
                                      for c in components(table_message(double))), 5,
                          "Começar to be enabled")
    started = await ana.slash("42 inizia")
    # Italian, naming the button as the table shows it, in the server's language.
    assert started.ephemeral and re.fullmatch(
        r"La partita è iniziata: https://\S+\. Apri la tua mano con Minha mão\.",
        started.content), started.content
    await quiet()
    table_id = int(next(components(table_message(double)))["custom_id"].split(":")[2])

    panels: dict[int, Message] = {}
    for seat, member in seats.items():
        shown = await member.click(table_message(double), label="Minha mão")
        assert shown.ephemeral and shown.message is not None
        panels[member.id] = shown.message
        title = shown.message.embeds[0]["title"]
        seat_name = {"it": ("Nord", "mano"), "pt-BR": ("Leste", "mão")}.get(
            member.locale, (seat_title(seat), "hand"))
        assert title == f"{PANEL[member.locale][0]}{seat_name[0]}, {seat_name[1]} 1", title

    # The auction and the first trick: whoever's turn it is acts on their own panel.
    by_id = {m.id: m for m in seats.values()}
    bid = False
    while not table_state(live_bot.db, table_id).hand.tricks:
        def ready() -> tuple[SimulatedMember, PanelControls] | None:
            found = MENTION.search(table_message(double).content or "")
            member = by_id[int(found[1])] if found else None
            if member is None or not PanelControls.of(panels[member.id]).can_act:
                return None
            return member, PanelControls.of(panels[member.id])

        member, controls = await double.wait_for(ready, 5, "the next player's panel")
        panel, locale = panels[member.id], member.locale
        if controls.in_auction:
            assert controls.pass_button is not None
            assert controls.pass_button["label"] == PASS[locale]
            if not bid:
                bid = True
                result = await member.select(panel, labels=[BID_30[locale]])
            else:
                result = await member.click(panel, controls.pass_button["custom_id"])
        elif controls.select is not None:
            options = [o["label"] for o in controls.select["options"]]
            assert FIVES[locale] in options, options
            result = await member.select(panel, labels=[FIVES[locale]])
        else:
            result = await member.click(panel, controls.tiles[0]["custom_id"])
        assert not result.failed and not result.errors, result
        await quiet()

    # Refusals, privately, in the refused member's language.
    for member in seats.values():
        refused = await member.slash(LEAVE[member.locale])
        assert refused.ephemeral and refused.content == STARTED[member.locale]

    # Every panel, in every version, in its member's own language.
    for member in seats.values():
        own_title, own_partner = PANEL[member.locale]
        private = member.ephemerals()
        assert panels[member.id] in private and len(private) >= 2
        for message in private:
            for text in message.texts():
                found = re.search(FOREIGN[member.locale], text)
                assert found is None, f"{member.name} ({member.locale}) read {text!r}"
        panel = panels[member.id]
        assert len(panel.versions) > 2  # drawn again as the hand went on
        for version in panel.versions:
            embed = version.embeds[0]
            assert embed["title"].startswith(own_title)
            assert own_partner in embed["description"]

    # The table message, in every version, in the server's language.
    table = table_message(double)
    for text in table.texts():
        found = re.search(FOREIGN["pt-BR"], text)
        assert found is None, f"the table message said {text!r}"
    # The picture's alt text says the table in the same language, the trick still on the
    # table with who took it (R-SEE-TABLE); the embed keeps the mentions.
    (alt,) = [str(attachment["description"]) for attachment in table.attachments]
    seat = "(Norte|Leste|Sul|Oeste)"
    assert re.match(rf"Mão 1 · {seat} deu lance de 30 · Trunfo: cinco\. ", alt), alt
    assert re.search(r"Vaza 1: .*: levou a vaza, \[\d\|\d\]", alt), alt
    assert "nesta mão" in alt and "Norte–Sul: 0 marca" in alt
    assert any(text.startswith("Mão 1 · Leilão") for version in table.versions
               for text in version.texts())  # until the play
    assert "**Norte–Sul**: Norte <@" in table.embeds[0]["description"]
    assert re.fullmatch(r"→ vez de <@\d+> jogar \((Norte|Leste|Sul|Oeste)\)", table.content)
    assert "Minha mão" in labels(table)

    assert not double.failed_interactions
    assert not [r for r in caplog.records if "has no translation" in r.getMessage()]
