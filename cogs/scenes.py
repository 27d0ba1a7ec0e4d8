"""From tables and results to the plain scenes :mod:`render` draws. No Discord here."""

from __future__ import annotations

from bot.engine import LEVELS, Game, level_for
from bot.store.records import Leaderboard, Player
from bot.tables import DealEnded, Table
from render import (
    LeaderboardRow,
    LeaderboardScene,
    PlayerResult,
    ProfileScene,
    ResultScene,
    TableScene,
)
from render import SeatView as SeatScene


def auction_words(game: Game) -> dict[int, str]:
    """The last thing each seat said during the auction (for the table picture)."""
    words: dict[int, str] = {}
    for seat, points in game.bids:
        words[seat] = f"bid{points}" if points else "no_bid"
    for seat, said in game.calls:
        words[seat] = said
    return words


def _factors(parts: tuple[tuple[str, int, int], ...]) -> list[tuple[str, int]]:
    """The engine's (event, factor, count) parts as (label, factor) pairs, one per time
    (the super cap is not a factor)."""
    return [(name, factor) for name, factor, count in parts if name != "cap"
            for _ in range(max(count, 1))]


def multiplier_parts(game: Game, parts: tuple[tuple[str, int, int], ...]
                     ) -> tuple[tuple[str, int], ...]:
    """The table multiplier's ``parts`` as (label, factor) pairs, with the base first."""
    out: list[tuple[str, int]] = []
    if game.rules.bidding == "points" and game.high_bid:
        out.append(("base", game.high_bid))
    elif game.rules.bidding == "call" and game.rules.m_init > 1:
        out.append(("init", game.rules.m_init))
    out.extend(_factors(parts))
    return tuple(out)


def table_scene(table: Table, now: float, *, title: str | None = None) -> TableScene:
    """The table as the channel may see it."""
    game = table.game
    assert game is not None
    view = game.view(None)  # 加倍 choices stay hidden while they are being made
    # what each seat did in the current trick: its cards, or None for 不出
    trick = {s: p.cards if p else None for s, p in game.trick.plays} if game.trick else {}
    said = auction_words(game) if game.phase not in ("play", "over") else {}
    shown = {s for s, _ in game.shows}
    doubled = view.doubles
    seats = []
    for i, entry in enumerate(table.seats):
        name = entry.name if entry else "—"
        role = None if game.landlord is None else (
            "landlord" if i == game.landlord else "farmer")
        turn = game.to_act == i
        seconds = None
        if turn and table.deadline is not None:
            seconds = max(0, int(table.deadline - now))
        seats.append(SeatScene(
            name=name, role=role, cards_left=len(game.hands[i]),
            last_play=trick.get(i) if trick.get(i) else None,
            passed=i in trick and trick[i] is None,
            action=said.get(i) or ("show" if i in shown and game.phase != "play" else None),
            shown=game.hand_text(i) if i in shown else None, turn=turn,
            seconds_left=seconds, auto=bool(entry and (entry.trustee or i in game.escaped)),
            bot=bool(entry and entry.is_ai), doubled=bool(doubled[i]) if doubled else False,
        ))
    base = game.high_bid if game.rules.bidding == "points" and game.high_bid else 1
    return TableScene(
        seats=tuple(seats), title=title,
        bottom=game.bottom, bottom_count=game.rules.bottom_size, laizi=game.laizi,
        multiplier=view.multiplier * base * (game.rules.m_init if game.rules.bidding == "call"
                                             else 1),
        multiplier_parts=multiplier_parts(game, view.parts))


def result_scene(event: DealEnded, game: Game, *, title: str | None = None
                 ) -> ResultScene | None:
    """The result picture of a finished deal (None for a dissolved table)."""
    r = event.result
    if r.outcome == "dissolved":
        return None
    landlord = r.landlord
    if r.outcome == "escape":
        winner = "landlord" if landlord is not None and r.escaper != landlord else "farmers"
    else:
        winner = "landlord" if r.outcome == "landlord" else "farmers"
    players = []
    for i, name in enumerate(event.names):
        before, after = event.levels_before[i], event.levels_after[i]
        players.append(PlayerResult(
            name=name, role="landlord" if i == landlord else "farmer",
            points=r.points[i], beans=r.beans[i],
            level_before=level_for(before).name if before is not None else None,
            level_after=level_for(after).name if after is not None else None,
            remaining=game.hand_text(i), doubled=bool(r.doubles[i]) if r.doubles else False,
            escaped=r.escaper == i))
    spring = "spring" if r.spring else "anti_spring" if r.anti_spring else None
    parts = _factors(r.parts)
    if game.rules.bidding == "points":
        parts.insert(0, ("base", r.bid))
    return ResultScene(winner=winner, players=tuple(players), spring=spring,
                       multiplier=r.multiplier * (r.bid if game.rules.bidding == "points" else 1),
                       multiplier_parts=tuple(parts), title=title)


def profile_scene(player: Player) -> ProfileScene:
    level = player.level
    nxt = LEVELS[level.number][0] if level.number < len(LEVELS) else None
    return ProfileScene(
        name=player.name, level=level.number, level_name=level.name, points=player.points,
        progress=level.progress, next_level_name=nxt,
        next_threshold=level.next_threshold, balance=player.balance,
        landlord_games=player.landlord_games, landlord_wins=player.landlord_wins,
        farmer_games=player.farmer_games, farmer_wins=player.farmer_wins)


def leaderboard_scene(board: Leaderboard, title: str, viewer: int | None) -> LeaderboardScene:
    rows = []
    for entry in board.entries:
        if board.by == "balance":
            value = f"{entry.balance:,}"
        elif board.by == "points":
            value = f"{entry.points:,}"
        else:
            value = f"{entry.win_rate * 100:.1f}%  ({entry.wins}/{entry.games})"
        rows.append(LeaderboardRow(rank=entry.position, name=entry.name, value=value,
                                   level_name=entry.level.name,
                                   highlight=entry.user_id == viewer))
    subtitle = f"{board.page}/{board.pages}"
    return LeaderboardScene(title=title, rows=tuple(rows), subtitle=subtitle)
