"""From tables and results to the plain scenes :mod:`render` draws. No Discord here."""

from __future__ import annotations

from bot.engine import Game, level_for
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
from render.fonts.charset import LEVEL_NAMES

_AUCTION_WORDS = {"call": "call", "no_call": "no_call", "grab": "grab", "no_grab": "no_grab"}


def current_trick(game: Game) -> dict[int, str | None]:
    """What each seat did in the current round: its cards, or None for 不出."""
    trick: dict[int, str | None] = {}
    passes = 0
    for seat, play in game.history:
        if play is None:
            passes += 1
            trick[seat] = None
            if passes == game.players - 1:
                trick, passes = {}, 0  # everyone else passed: the round is over
        else:
            passes = 0
            trick[seat] = play.cards
    return trick


def auction_words(game: Game) -> dict[int, str]:
    """The last thing each seat said during the auction (for the table picture)."""
    words: dict[int, str] = {}
    for seat, points in game.bids:
        words[seat] = f"bid{points}" if points else "no_bid"
    for seat, said in game.calls:
        words[seat] = _AUCTION_WORDS.get(said, said)
    return words


def multiplier_parts(game: Game) -> tuple[tuple[str, int], ...]:
    """The table multiplier's parts as (label, factor) pairs, with the base first."""
    _, parts = game.table_multiplier()
    out: list[tuple[str, int]] = []
    if game.rules.bidding == "points" and game.high_bid:
        out.append(("base", game.high_bid))
    elif game.rules.bidding == "call" and game.rules.m_init > 1:
        out.append(("init", game.rules.m_init))
    for name, factor, count in parts:
        if name == "cap":
            continue
        out.extend([(name, factor)] * max(count, 1))
    return tuple(out)


def table_scene(table: Table, viewer: int | None, now: float, *,
                title: str | None = None, status: str | None = None) -> TableScene:
    """The table as ``viewer`` (a seat, or None for the channel) may see it."""
    game = table.game
    assert game is not None
    trick = current_trick(game) if game.phase in ("play", "over") else {}
    said = auction_words(game) if game.phase not in ("play", "over") else {}
    shown = {s for s, _ in game.shows}
    doubled = game.view(None).doubles
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
    mult, _ = game.table_multiplier()
    base = game.high_bid if game.rules.bidding == "points" and game.high_bid else 1
    return TableScene(
        seats=tuple(seats), viewer=viewer if viewer is not None else 0, title=title,
        bottom=game.bottom, bottom_count=game.rules.bottom_size, laizi=game.laizi,
        multiplier=mult * base * (game.rules.m_init if game.rules.bidding == "call" else 1),
        multiplier_parts=multiplier_parts(game), status=status)


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
    parts = [(name, factor) for name, factor, count in r.parts if name != "cap"
             for _ in range(max(count, 1))]
    if game.rules.bidding == "points":
        parts.insert(0, ("base", r.bid))
    return ResultScene(winner=winner, players=tuple(players), spring=spring,
                       multiplier=r.multiplier * (r.bid if game.rules.bidding == "points" else 1),
                       multiplier_parts=tuple(parts), title=title)


def profile_scene(player: Player) -> ProfileScene:
    level = player.level
    nxt = LEVEL_NAMES[level.number] if level.number < len(LEVEL_NAMES) else None
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
