"""Every game of the family in its own terms, in every language: each bid a panel offers is
described from its game's numbers (the points a hand deals there, its tricks, what a contract of
every trick scores in a game kept in points), spoken to "you" where each plays alone, listed in
the order the engine ranks the bids; what the table and the picture say of a contract in play
(who needs what) is true at every point of a real hand; and each game's leftover has one name,
the game's own, in the text, the pictures and their alt text."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot.i18n import name, reader
from bot.records import Player, Status, TableRecord
from bot.service import Panel, TableSnapshot
from cogs.games import leftover_name
from cogs.messages.panel import panel_message
from cogs.messages.reply import Reply
from cogs.messages.table import table_message
from cogs.pictured import table_picture, table_words
from cogs.pictures import hand_alt, hand_scene, table_alt
from engine import (
    DEFAULT_OPTIONS,
    VARIANTS,
    Bid,
    BidKind,
    Game,
    Options,
    Phase,
    bid_rank,
    goal_of,
    observe,
    parse_action,
    terms_of,
)
from engine.variants import Variant, variant_named

LOCALES = (None, "pt-BR", "it")
GAMES: tuple[tuple[str, Options], ...] = (
    *((game, DEFAULT_OPTIONS) for game in VARIANTS),
    ("42", Options(splash=True, plunge=True, nello=True)),
    ("42", Options(points_game=True)),
)
"""Every game, and 42 with the house rules that add bids (H-SPLASH, H-PLUNGE) or make it a
game kept in points (H-POINTS)."""

SIDE_WORDS = {
    None: ("your side", "your partner", "your team"),
    "pt-BR": ("sua dupla", "sua equipe", "seu parceiro", "seu time"),
    "it": ("la tua coppia", "la tua squadra", "il tuo compagno", "il compagno"),
}
"""How each language speaks to a member of a side: never where each plays alone."""
NOTHING_MORE = {
    None: re.compile(r"\b0 more\b|\bwith 0\b"),
    "pt-BR": re.compile(r"\bmais 0\b|\bcom 0\b"),
    "it": re.compile(r"\baltri 0\b|\bancora 0\b|\bcon 0\b"),
}
""""Set them with 0 more": a number nobody needs, said while the hand plays on."""


def table_of(variant: Variant, options: Options, locale: str | None) -> TableRecord:
    return TableRecord(id=7, guild_id=1, channel_id=2, message_id=3, creator_id=100,
                       locale=locale, status=Status.PLAYING,
                       seats=tuple(Player.member(100 + s) for s in variant.seating.seats),
                       seed="terms", options=options, variant=variant)


def auction_turns(variant: Variant, options: Options, deals: int) -> Iterator[Game]:
    """Each turn of the first auction of ``deals`` real games, every call chosen at random
    among the legal ones (so marks, moons and special bids come up too)."""
    for number in range(deals):
        rng = random.Random(number)
        game = Game.new(f"terms-{variant.name}-{number}", options, variant=variant)
        while game.hand.phase is Phase.AUCTION and game.hand_number == 1:
            yield game
            seat = game.to_act
            assert seat is not None
            game = game.apply(seat, rng.choice(game.legal_actions()))


def bid_options(reply: Reply) -> list[dict[str, Any]]:
    """The bids of the panel's select, with their descriptions."""
    assert reply.view is not None
    return [option for row in reply.view.to_components() for c in row["components"]
            if c["type"] == 3 for option in c.get("options", [])
            if option["value"].startswith("bid:")]


@pytest.mark.parametrize(("game", "options"), GAMES,
                         ids=[f"{g}-{'-'.join(o.names) or 'plain'}" for g, o in GAMES])
def test_each_bid_is_described_in_its_own_games_numbers(game: str, options: Options) -> None:
    variant = variant_named(game)
    goal = goal_of(variant, options)
    seen: set[BidKind | str] = set()
    for state in auction_turns(variant, options, 40):
        seat = state.to_act
        assert seat is not None
        observation = observe(state, seat)
        for locale in LOCALES:
            panel = panel_message(Panel(table_of(variant, options, locale), seat, observation,
                                        0), locale)
            offered = bid_options(panel)
            bids = [parse_action(option["value"], variant.top) for option in offered]
            ranks = [bid_rank(variant, bid) for bid in bids if isinstance(bid, Bid)]
            assert ranks == sorted(ranks), f"{game}: bids out of the engine's order {bids}"
            for option, bid in zip(offered, bids, strict=True):
                assert isinstance(bid, Bid)
                said = option.get("description") or ""
                terms = terms_of(variant, goal, bid)
                seen.add(bid.kind if bid.kind is not BidKind.PLAIN
                         else "marks" if bid.is_marks else "points")
                numbers = [int(n) for n in re.findall(r"\d+", said)]
                where = f"{game} {locale} {option['label']!r}: {said!r}"
                assert 0 < len(said) <= 100, where
                if terms.every_trick:
                    assert terms.tricks in numbers, where
                else:
                    assert bid.points in numbers and terms.out_of in numbers, where
                if terms.worth is not None:
                    assert terms.worth in numbers, where
                assert set(numbers) <= {bid.points, terms.out_of, terms.tricks, terms.worth,
                                        bid.marks}, where  # never another game's 42
                if terms.alone:
                    assert not any(word in said.lower() for word in SIDE_WORDS[locale]), where
                if locale is None and terms.in_tricks and not terms.every_trick:
                    assert "tricks" in said, where
                if locale is None and not terms.alone:
                    assert "your side" in said.lower(), where
    expected = {"points", *(["marks"] if variant.marks_bids else []),
                *([BidKind.MOON, BidKind.OVER_MOON] if variant.moon_bids else []),
                *([BidKind.DIP] if variant.water_bids else []),
                *([BidKind.SPLASH] if options.splash else [])}
    assert expected <= seen, f"{game}: the auctions offered only {seen}"


def hand_states(variant: Variant, options: Options, deals: int) -> Iterator[Game]:
    """Every state of the first hand of ``deals`` real games played at random, from the
    first call to the hand's end."""
    for number in range(deals):
        rng = random.Random(number)
        game = Game.new(f"play-{variant.name}-{number}", options, variant=variant)
        while game.winner is None and game.hand_number == 1:
            yield game
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            bids = [a for a in legal if isinstance(a, Bid) and not a.is_marks
                    and not a.kind.is_moon]
            action = bids[0] if bids and game.hand.phase is Phase.AUCTION else rng.choice(legal)
            game = game.apply(seat, action)
        yield game  # the hand just finished, its result lying on the table


def table_texts(game: Game, table: TableRecord) -> list[str]:
    """What the table says in text, its picture's alt text and every panel's description."""
    snapshot = TableSnapshot(table, observe(game, None), 0)
    reply = table_message(snapshot)
    assert reply.embed is not None
    found = [reply.content or "", reply.embed.description or ""]
    found += [str(field.value) for field in reply.embed.fields]
    found.append(table_alt(table_picture(snapshot)))
    for seat in table.variant.seating.seats:
        panel = panel_message(Panel(table, seat, observe(game, seat), 0), table.locale)
        assert panel.embed is not None
        found.append(panel.embed.description or "")
    return found


@pytest.mark.parametrize("game", ["moon", "three", "big", "140", "42"])
def test_what_a_contract_still_needs_is_true_while_the_hand_plays_on(game: str) -> None:
    """In every language: nobody is told a side "needs 0" or "sets them with 0" (140 and the
    Big Game play every trick after a contract is decided, V-140-SCORE, V-BIG-SCORE), and a
    player alone needs something in the singular (V-GEN-SEATS)."""
    variant = variant_named(game)
    options = DEFAULT_OPTIONS
    seen_play = 0
    for locale in LOCALES:
        table = table_of(variant, options, locale)
        voice = reader(locale, variant.seating)
        seats = [name(voice, seat) for seat in variant.seating.seats]
        for state in hand_states(variant, options, 3):
            if state.hand.phase is not Phase.PLAY and state.hand_number == 1:
                continue
            seen_play += 1
            for text in table_texts(state, table):
                assert not NOTHING_MORE[locale].search(text), f"{game} {locale}: {text!r}"
                if locale is None and not variant.seating.has_teams:
                    for seat in seats:
                        assert f"{seat} need " not in text, f"{game}: {text!r}"
    assert seen_play


LEFTOVER_WORDS = ("leftover", "widow", "boneyard")


@pytest.mark.parametrize("game", ["moon", "big", "140", "72"])
def test_each_game_names_its_leftover_by_its_own_word(game: str) -> None:
    """V-GEN-DEAL: Moon and 72 have a widow, 140 a boneyard, the Big Game a leftover; nothing
    a player reads at a table calls it anything else, whatever the step (72's widow comes after
    trump, V-72-WIDOW: then the declarer discards). Beside the legend's other words ("trump",
    "count") it is written as they are, in lower case, in every language."""
    variant = variant_named(game)
    own = leftover_name(None, variant)
    assert own in LEFTOVER_WORDS
    others = [word for word in LEFTOVER_WORDS if word != own]
    seen_step = 0
    for state in hand_states(variant, DEFAULT_OPTIONS, 4):
        table = table_of(variant, DEFAULT_OPTIONS, None)
        texts = table_texts(state, table)
        for seat in variant.seating.seats:
            observation = observe(state, seat)
            if observation.hand:
                texts.append(hand_alt(hand_scene(observation, table_words(None, table))))
        if state.hand.phase in (Phase.LEFTOVER, Phase.DISCARD):
            seen_step += 1
            assert any("discard" in text or own in text for text in texts[:1]), texts[0]
        for text in texts:
            lower = text.lower()
            assert not [word for word in others if word in lower], f"{game}: {text!r}"
    assert seen_step
    for locale in LOCALES:
        words = table_words(locale, table_of(variant, DEFAULT_OPTIONS, locale))
        legend = (words.legend_trump, words.legend_count, words.legend_playable,
                  words.from_leftover)
        assert words.from_leftover and all(w == w.lower() for w in legend), legend
