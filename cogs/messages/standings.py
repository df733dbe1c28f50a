"""A server's standings: the leaderboard of each kind of game, and one member's statistics."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Locale, t, tn
from bot.rating import PROVISIONAL_GAMES
from bot.records import (
    COMPUTER_PARTNER,
    ComputerStanding,
    GameKind,
    Ranking,
    Rivalry,
    Standing,
    mention,
)
from bot.service import MemberStats

from ..games import kind_title
from .reply import COLOUR, Reply
from .score import signed
from .words import LEVEL_NAMES


def stats_message(stats: MemberStats, member: str, locale: Locale,
                  rival: str | None = None) -> Reply:
    """One member's games on the server: each kind of game, whom they played beside most and
    won most beside, and (``rival``) their games against and with another member; their
    rating's course is the picture the caller adds."""
    embed = discord.Embed(colour=COLOUR, title=t(locale, "Texas 42: statistics"),
                          description=member)
    if not stats.standings:
        embed.description = t(locale, "{member} has not finished a game on this server yet.",
                              member=member)
        return Reply(None, embed)
    if stats.rivalry is not None and rival is not None:
        embed.add_field(name=t(locale, "Head to head"),
                        value=_rivalry_text(locale, stats.rivalry, rival), inline=False)
    order = list(GameKind)
    for kind, line in sorted(stats.standings.items(), key=lambda item: order.index(item[0])):
        made = line.contracts_made
        set_rate = (1 - made / line.contracts_bid) if line.contracts_bid else 0.0
        rows = [_rating_text(locale, line),
                t(locale, "Games: {games} · won: {won}", games=line.games_played,
                  won=line.games_won),
                t(locale, "Contracts bid: {bid} · made: {made} · set: {rate:.0%}",
                  bid=line.contracts_bid, made=made, rate=set_rate)]
        if kind.in_points:
            rows.append(t(locale, "Points scored: {points}", points=signed(line.points_won)))
        else:
            rows.append(t(locale, "Marks won: {marks}", marks=line.marks_won))
        if line.hints_used:
            rows.append(tn(locale, "Hint used at {n} turn", "Hints used at {n} turns",
                           line.hints_used))
        embed.add_field(name=kind_title(locale, kind), value="\n".join(rows), inline=False)
    partner = stats.partner
    if partner is not None:
        who_ = (t(locale, "🤖 Bot") if partner.partner_id == COMPUTER_PARTNER
                else mention(partner.partner_id))
        embed.add_field(name=t(locale, "Favourite partner"),
                        value=tn(locale, "{partner}: {n} game together · won: {wins}",
                                 "{partner}: {n} games together · won: {wins}", partner.games,
                                 partner=who_, wins=partner.wins),
                        inline=False)
    if stats.best:
        embed.add_field(name=t(locale, "Best partners"), value="\n".join(
            tn(locale, "{partner}: won {wins} of {n} game together",
               "{partner}: won {wins} of {n} games together", best.games,
               partner=mention(best.partner_id), wins=best.wins) for best in stats.best),
            inline=False)
    return Reply(None, embed)


def _rivalry_text(locale: Locale, rivalry: Rivalry, rival: str) -> str:
    """Two members' games on opposite sides and on the same one."""
    if not rivalry.against and not rivalry.together:
        return t(locale, "No finished game with {rival} yet.", rival=rival)
    lines = []
    if rivalry.against:
        lines.append(tn(locale, "{n} game on opposite sides: won {won}, lost {lost}",
                        "{n} games on opposite sides: won {won}, lost {lost}", rivalry.against,
                        won=rivalry.won, lost=rivalry.lost))
    if rivalry.together:
        lines.append(tn(locale, "{n} game as partners: won {won}",
                        "{n} games as partners: won {won}", rivalry.together,
                        won=rivalry.won_together))
    return "\n".join(lines)


def leaderboard_message(standings: Sequence[Standing], locale: Locale, guild_name: str,
                        computers: Sequence[ComputerStanding] = (),
                        game: GameKind = GameKind.MARKS, by: Ranking = Ranking.RATING) -> Reply:
    """Members by rating (docs/RATINGS.md: provisional ones marked, then those not rated yet),
    with their games and how often they won; or by marks won, the 250-point games (H-POINTS)
    by games won, then points scored. The server's computer players follow on a line of their
    own per level. Hints asked for stay in the member's own statistics.

    The rule, said under the board: a member's line counts each of their games, whoever their
    partner was (a bot partner or a bot standing in while they were away included); the
    computer players' line counts every seat a computer player held from the start, one game
    per seat, so a table of four bots adds four seats to it and nothing to any member. A
    rating counts the games between members only."""
    points = game.in_points
    if game is GameKind.POINTS:
        heading = t(locale, "Texas 42 leaderboard, 250-point games — {guild}", guild=guild_name)
    elif game is GameKind.MARKS:
        heading = t(locale, "Texas 42 leaderboard — {guild}", guild=guild_name)
    else:
        heading = t(locale, "{game} leaderboard — {guild}", game=kind_title(locale, game),
                    guild=guild_name)
    embed = discord.Embed(colour=COLOUR, title=heading)
    if not standings and not computers:
        if game is GameKind.POINTS:
            embed.description = t(locale, "No 250-point game has been finished on this server"
                                          " yet.")
        elif game is GameKind.MARKS:
            embed.description = t(locale, "No game has been finished on this server yet.")
        else:
            embed.description = t(locale, "No game of {game} has been finished on this server"
                                          " yet.", game=kind_title(locale, game))
        return Reply(None, embed, None)
    if by is Ranking.RATING:
        lines = [_rating_line(locale, rank, s) for rank, s in enumerate(standings, start=1)]
    elif points:
        lines = [
            t(locale, "**{rank}.** {player} — games played: {played} · won: {won} · points"
              " scored: {points} · contracts bid: {bid} · made: {made}", rank=rank,
              player=mention(s.user_id), points=s.points_won, played=s.games_played,
              won=s.games_won, bid=s.contracts_bid, made=s.contracts_made)
            for rank, s in enumerate(standings, start=1)]
    else:
        lines = [
            t(locale, "**{rank}.** {player} — marks won: {marks} · games played: {played} ·"
              " won: {won} · contracts bid: {bid} · made: {made}", rank=rank,
              player=mention(s.user_id), marks=s.marks_won, played=s.games_played,
              won=s.games_won, bid=s.contracts_bid, made=s.contracts_made)
            for rank, s in enumerate(standings, start=1)]
    for line in computers:
        level = t(locale, LEVEL_NAMES[line.level])
        if by is Ranking.RATING and line.rating is not None:
            lines.append(t(locale, "🤖 **Computer players ({level})** — rating against members:"
                           " {rating} · seats played: {played} · won: {share:.0%}", level=level,
                           rating=line.rating.shown, played=line.seats_played,
                           share=line.seats_won / line.seats_played if line.seats_played
                           else 0.0))
        elif points:
            lines.append(t(locale, "🤖 **Computer players ({level})** — seats played: {played}"
                           " · won: {won} · points scored: {points} · contracts bid: {bid} ·"
                           " made: {made}", level=level, points=line.points_won,
                           played=line.seats_played, won=line.seats_won,
                           bid=line.contracts_bid, made=line.contracts_made))
        else:
            lines.append(t(locale, "🤖 **Computer players ({level})** — marks won: {marks} ·"
                           " seats played: {played} · won: {won} · contracts bid: {bid} · made:"
                           " {made}", level=level, marks=line.marks_won, played=line.seats_played,
                           won=line.seats_won, bid=line.contracts_bid,
                           made=line.contracts_made))
    notes = []
    if by is Ranking.RATING:
        notes.append(tn(locale, "Ratings count the games between members only, and are"
                                " provisional until {n} such game.",
                        "Ratings count the games between members only, and are provisional"
                        " until {n} such games.", PROVISIONAL_GAMES))
    if computers:
        notes.append(t(locale, "A member's games count for them whoever their partner was, a"
                               " bot included. Computer players are counted together, one game"
                               " per seat they held."))
    if by is Ranking.RATING and any(line.rating is not None for line in computers):
        notes.append(t(locale, "Computer players are rated by their games with members, on the"
                               " members' scale; those games leave the members' ratings as they"
                               " were."))
    if notes:
        embed.set_footer(text=" ".join(notes))
    embed.description = "\n".join(lines)
    return Reply(None, embed, None)


def _rating_text(locale: Locale, line: Standing) -> str:
    """A member's own rating in one kind of game, for their statistics."""
    rating = line.rating
    if rating is None:
        return t(locale, "Not rated yet: only games between members are rated.")
    if rating.provisional:
        return tn(locale, "Rating: {rating} (provisional: {n} rated game so far)",
                  "Rating: {rating} (provisional: {n} rated games so far)", rating.games,
                  rating=rating.shown)
    return t(locale, "Rating: {rating}", rating=rating.shown)


def _rating_line(locale: Locale, rank: int, standing: Standing) -> str:
    """A member's rating, marked while provisional, beside their games and how often they won."""
    rating, player = standing.rating, mention(standing.user_id)
    played = standing.games_played
    share = standing.games_won / played if played else 0.0
    if rating is None:
        return t(locale, "**{rank}.** {player} — not rated yet · games played: {played} ·"
                 " won: {share:.0%}", rank=rank, player=player, played=played, share=share)
    if rating.provisional:
        return t(locale, "**{rank}.** {player} — rating: {rating} (provisional) · games"
                 " played: {played} · won: {share:.0%}", rank=rank, player=player,
                 rating=rating.shown, played=played, share=share)
    return t(locale, "**{rank}.** {player} — rating: {rating} · games played: {played} · won:"
             " {share:.0%}", rank=rank, player=player, rating=rating.shown, played=played,
             share=share)
