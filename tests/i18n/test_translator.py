"""Slash commands in the member's language: what the bot syncs, and what Discord would accept."""

from __future__ import annotations

import gettext
from typing import Any

import discord
import pytest
from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

from bot import translator
from bot.i18n import catalog_name
from bot.translator import CommandTranslator, valid_name
from tests.bot.conftest import LiveBot
from tools.discord_double import DiscordDouble

LANGUAGES = tuple(locale.value for locale in discord.Locale if catalog_name(locale.value))
"""The Discord locales the bot speaks besides English: pt-BR and it, and any added since."""
ENGLISH = ("en-US", "en-GB")


def test_valid_names() -> None:
    assert all(valid_name(name) for name in ("join", "começar", "classificação", "mão", "42"))
    assert not any(valid_name(name) for name in ("Join", "two words", "", "x" * 33, "a.b"))


class Wrong(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return "x" * 101

    def pgettext(self, context: str, message: str) -> str:
        return "Two Words"


async def test_a_translation_discord_would_refuse_is_left_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(translator, "translations", lambda locale: Wrong())
    command: Any = None
    name = TranslationContext(TranslationContextLocation.command_name, command)
    description = TranslationContext(TranslationContextLocation.command_description, command)
    translate = CommandTranslator().translate
    assert await translate(locale_str("join", msgctxt="command name"), discord.Locale.italian,
                           name) is None
    assert await translate(locale_str("Take a seat"), discord.Locale.italian, description) is None


async def test_translator_answers_per_language() -> None:
    command: Any = None
    name = TranslationContext(TranslationContextLocation.command_name, command)
    translate = CommandTranslator().translate
    join = locale_str("join", msgctxt="command name")
    assert await translate(join, discord.Locale.brazil_portuguese, name) == "sentar"
    assert await translate(join, discord.Locale.italian, name) == "siediti"
    assert await translate(join, discord.Locale.american_english, name) is None
    assert await translate(join, discord.Locale.french, name) is None


def _check_level(nodes: list[dict[str, Any]], path: str, problems: list[str]) -> None:
    """Names valid and distinct in every language, descriptions of 1 to 100 characters."""
    for language in LANGUAGES:
        seen: set[str] = set()
        for node in nodes:
            names = node.get("name_localizations") or {}
            name = names.get(language, node["name"])
            if not valid_name(name):
                problems.append(f"{path} {node['name']}: {language} name {name!r}")
            if name in seen:
                problems.append(f"{path}: two options are called {name!r} in {language}")
            seen.add(name)
            text = (node.get("description_localizations") or {}).get(language, "")
            if not 0 < len(text) <= 100:
                problems.append(f"{path} {node['name']}: {language} description {text!r}")
            for english in ENGLISH:
                if english in names:
                    problems.append(f"{path} {node['name']}: an {english} name")
    for node in nodes:
        _check_level(node.get("options") or [], f"{path} {node['name']}", problems)


async def test_synced_commands_carry_their_localizations(discord_double: DiscordDouble,
                                                         live_bot: LiveBot) -> None:
    """The translator is installed before the sync: what Discord received is localized."""
    commands = discord_double.commands()
    group = next(c for c in commands if c["name"] == "42")
    assert not group["name_localizations"]  # "42" is "42" everywhere
    assert {"pt-BR", "it"} <= set(LANGUAGES)
    assert group["description_localizations"].items() >= {
        "pt-BR": "Texas 42 numa mesa deste canal",
        "it": "Texas 42 a un tavolo in questo canale"}.items()
    subcommands = {o["name"]: o for o in group["options"]}
    assert subcommands["join"]["name_localizations"].items() >= {
        "pt-BR": "sentar", "it": "siediti"}.items()
    assert subcommands["start"]["name_localizations"].items() >= {
        "pt-BR": "começar", "it": "inizia"}.items()
    seat = subcommands["join"]["options"][0]
    assert seat["name"] == "seat"
    assert seat["name_localizations"].items() >= {"pt-BR": "lugar", "it": "posto"}.items()
    assert seat["autocomplete"] is True  # the free seats of the channel's table, by name
    game = subcommands["new"]["options"][0]
    assert game["name_localizations"].items() >= {"pt-BR": "partida", "it": "partita"}.items()
    assert [c["value"] for c in game["choices"]] == [
        "42", "moon", "three", "big", "140", "geezer", "72", "84"]
    assert game["choices"][1]["name_localizations"]["it"].startswith("Moon: tre giocatori")

    problems: list[str] = []
    _check_level(group["options"], "/42", problems)
    assert not problems, problems
    every_subcommand = {name: node["name_localizations"] for name, node in subcommands.items()}
    assert all(set(names) == set(LANGUAGES) for names in every_subcommand.values()), (
        every_subcommand)

    # The members type them in their language, and the bot understands.
    it = discord_double.member("giulia", locale="it")
    board = await it.slash("42 classifica")
    assert not board.failed and board.message is not None
    assert board.message.embeds[0]["title"].startswith("Texas 42 leaderboard")  # the server's
    refused = await discord_double.member("joão", locale="pt-BR").slash("42 mão")
    assert refused.ephemeral and refused.content == (
        "Não há mesa neste canal: abra uma com /42 nova.")

