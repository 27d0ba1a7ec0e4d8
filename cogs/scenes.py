"""From tables and results to the plain scenes :mod:`render` draws, with their words
finished (``bot/words``: render holds none). No Discord here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.engine import (
    LEVELS,
    Outcome,
    Phase,
    Play,
    Result,
    Rules,
    SeatView,
    level_for,
    result_factors,
    result_total,
)
from bot.engine.cards import RANK_CHARS, RANK_INDEX
from bot.engine.kinds import BOMB_KINDS, RUN_CARDS, UNIT
from bot.store import PlayerStats
from bot.store.records import Leaderboard, Player
from bot.tables import DealEnded, TableSnapshot
from bot.words.multiplier import deal_factors, multiplier_words
from bot.words.names import level_name
from bot.words.pictures import picture_words, said_word
from bot.words.settling import result_notes
from render import (
    LeaderboardRow,
    LeaderboardScene,
    PlayerResult,
    ProfileScene,
    ProfileStats,
    ResultScene,
    SeatScene,
    TableScene,
)


def pattern_order(play: Play) -> tuple[str, str]:
    """A play's cards in pattern order (the trios of a plane, then its wings: ``555666`` +
    ``3344``; a chain low to high), and what each card stands for, card by card (a wild
    card where the rank it stands for goes: the laizi A of 6-7-8-A-10-J-Q is fourth)."""
    read = play.resolved
    if play.kind in BOMB_KINDS:  # bombs and rockets: as they are
        main: list[str] = list(read)
    else:
        unit = UNIT[play.kind]
        top = RANK_INDEX[play.main_rank]
        links = len(read) // RUN_CARDS[play.kind] if play.kind in RUN_CARDS else 1
        ranks = [RANK_CHARS[r] for r in range(top - links + 1, top + 1)]
        main = [r for r in ranks for _ in range(unit)]
    kickers = list(read)
    for r in main:
        kickers.remove(r)
    order = main + kickers
    natural: dict[str, int] = {}
    wilds = len(play.wild_as)
    for ch in play.cards:
        if ch == play.wild and wilds:
            wilds -= 1
            continue
        natural[ch] = natural.get(ch, 0) + 1
    cards = []
    for r in order:
        if natural.get(r, 0) > 0:
            natural[r] -= 1
            cards.append(r)
        else:
            cards.append(play.wild)  # a wild card standing for r
    return "".join(cards), "".join(order)


def auction_words(game: SeatView) -> tuple[dict[int, str], int | None]:
    """What each seat said in the current phase of the auction (the words of an earlier
    phase are gone: no 不抢 during 加倍), and who spoke last."""
    said: list[tuple[int, str]] = []
    if game.phase == Phase.BID:
        said = [(seat, f"bid{points}" if points else "no_bid") for seat, points in game.bids]
    elif game.phase in (Phase.CALL, Phase.GRAB):
        said = list(game.calls)
    elif game.phase.is_show:
        said = [(seat, "show") for seat, _ in game.shows]
    words = dict(said)
    return words, said[-1][0] if said else None


def parts_words(parts: tuple[tuple[str, int], ...], total: int,
                locale: str) -> tuple[str, ...]:
    """The multiplier's parts as a picture draws them under the total (none: nothing)."""
    return multiplier_words(parts, total, locale) if parts else ()


def picture_phase(phase: str) -> str:
    """The phase a picture names (the three 明牌 phases are one)."""
    return "show" if phase.startswith("show") else phase


def short_name(name: str, is_ai: bool) -> str:
    """A seat's name for the pictures: an AI's level is left out (its avatar says AI)."""
    return name.split(" (")[0] if is_ai else name


def table_scene(table: TableSnapshot, *, title: str | None = None, locale: str = "zh-CN",
                avatars: Mapping[int, bytes] | None = None) -> TableScene:
    """The table as the channel may see it, in the table's ``locale``; ``avatars`` are the
    pictures of the players by user id (a player without one gets an initial)."""
    assert table.game is not None
    avatars = avatars or {}
    # the spectator's view: 加倍 choices stay hidden while they are being made
    view = game = table.game.view
    playing = game.phase in (Phase.PLAY, Phase.OVER)
    current = table.game.trick if playing else None
    # what each seat did in the current trick: its play, or None for 不出
    trick: dict[int, Play | None] = dict(current.plays) if current else {}
    to_beat = current.to_beat_seat if current else None
    said, newest = auction_words(game) if not playing else ({}, None)
    if current and current.plays:
        newest = current.plays[-1][0]
    doubled = view.doubles
    shown = {s for s, _ in game.shows}
    seats = []
    for i, entry in enumerate(table.seats):
        role = None if game.landlord is None else (
            "landlord" if i == game.landlord else "farmer")
        play = trick.get(i)
        cards, stands = pattern_order(play) if play is not None else (None, "")
        seats.append(SeatScene(
            name=short_name(entry.name, entry.is_ai) if entry else "—", role=role,
            cards_left=game.counts[i], last_play=cards,
            play_as=stands if stands != cards else "",
            passed=i in trick and play is None,
            action=said_word(said[i], locale) if i in said else None,
            shown=game.shown.get(i) if i in shown else None,
            turn=game.to_act == i,
            # an escaper's seat is played by the AI to the deal's end (then it is free)
            auto=bool(entry and (entry.trustee or (i in game.escaped
                                                   and game.phase != Phase.OVER))),
            bot=bool(entry and entry.is_ai), doubled=bool(doubled[i]) if doubled else False,
            to_beat=playing and i == to_beat and play is not None, newest=i == newest,
            avatar=avatars.get(entry.user_id) if entry and entry.user_id else None,
        ))
    return TableScene(
        seats=tuple(seats), title=title,
        bottom=game.bottom, bottom_count=game.rules.bottom_size, laizi=game.laizi,
        multiplier=game.total_multiplier,
        multiplier_words=parts_words(deal_factors(game), game.total_multiplier,
                                    locale),
        phase=picture_phase(game.phase), words=picture_words(locale))


def result_scene(event: DealEnded, table: TableSnapshot, *, title: str | None = None,
                 locale: str = "zh-CN") -> ResultScene | None:
    """The result picture of a finished deal (None for a dissolved table), in the table's
    ``locale``: each row with that player's own stake and fee."""
    hands = table.game.hands if table.game is not None else None
    ais = tuple(before is None and after is None  # no levels: an AI
                for before, after in zip(event.levels_before, event.levels_after, strict=True))
    return deal_result_scene(event.result, table.rules, event.names, ais, hands,
                             event.levels_before, event.levels_after, title=title,
                             locale=locale, notes=result_notes(
                                 locale, table.rules, event.result, event.names,
                                 event.balances_after))


def _level_of(points: int | None, locale: str) -> str | None:
    """The name of the level ``points`` reach, in the reader's ``locale`` (None: no points)."""
    return None if points is None else level_name(locale, level_for(points).number)


def deal_result_scene(r: Result, rules: Rules, names: Sequence[str], ais: Sequence[bool],
                      hands: Sequence[str] | None,
                      levels_before: Sequence[int | None] | None = None,
                      levels_after: Sequence[int | None] | None = None, *,
                      title: str | None = None, locale: str = "zh-CN",
                      notes: Sequence[str] | None = None) -> ResultScene | None:
    """The result picture of a deal's engine :class:`Result` (None for a dissolved table):
    ``names`` and ``ais`` per seat, the cards left in ``hands``, the points before and after
    (None: no level line)."""
    if r.outcome == Outcome.DISSOLVED:
        return None
    landlord = r.landlord
    if r.outcome == Outcome.ESCAPE:
        winner = "landlord" if landlord is not None and r.escaper != landlord else "farmers"
    else:
        winner = "landlord" if r.outcome == Outcome.LANDLORD else "farmers"
    players = []
    for i, name in enumerate(names):
        before = levels_before[i] if levels_before else None
        after = levels_after[i] if levels_after else None
        players.append(PlayerResult(
            name=short_name(name, ais[i]),
            role="landlord" if i == landlord else "farmer",
            points=r.points[i], beans=r.beans[i],
            level_before=_level_of(before, locale), level_after=_level_of(after, locale),
            remaining=hands[i] if hands else "", doubled=bool(r.doubles[i]) if r.doubles else False,
            escaped=r.escaper == i, stake=r.stakes[i] if r.stakes else 0,
            fee=r.fees[i] if r.fees else 0, note=notes[i] if notes else ""))
    # the engine counts spring and anti-spring as one "spring" factor: name the right one
    spring = "anti_spring" if r.anti_spring else "spring" if r.spring else None
    total = result_total(rules, r)
    return ResultScene(winner=winner, players=tuple(players), spring=spring,
                       multiplier=total,
                       multiplier_words=parts_words(result_factors(rules, r), total, locale),
                       title=title, words=picture_words(locale))


def profile_scene(player: Player, locale: str = "zh-CN",
                  stats: PlayerStats | None = None) -> ProfileScene:
    """A player's profile card, in the reader's ``locale``, with its counters (springs,
    bombs, streaks, biggest win) when ``stats`` are given."""
    level = player.level
    nxt = level_name(locale, level.number + 1) if level.number < len(LEVELS) else None
    return ProfileScene(
        name=player.name, level=level.number, level_name=level_name(locale, level.number),
        points=player.points,
        progress=level.progress, next_level_name=nxt,
        next_threshold=level.next_threshold, balance=player.balance,
        landlord_games=player.landlord_games, landlord_wins=player.landlord_wins,
        farmer_games=player.farmer_games, farmer_wins=player.farmer_wins,
        words=picture_words(locale),
        stats=None if stats is None else ProfileStats(
            springs=stats.springs, anti_springs=stats.anti_springs, bombs=stats.bombs,
            rockets=stats.rockets, streak=stats.streak, best_streak=stats.best_streak,
            biggest_win=stats.biggest_win))


def leaderboard_scene(board: Leaderboard, title: str, viewer: int | None,
                      locale: str = "zh-CN") -> LeaderboardScene:
    """A page of a ranking, in the reader's ``locale``."""
    rows = []
    for entry in board.entries:
        if board.by == "balance":
            value = f"{entry.balance:,}"
        elif board.by == "points":
            value = f"{entry.points:,}"
        elif board.by == "streak":
            value = f"{entry.best_streak}  ({entry.streak})"
        elif board.by == "springs":
            value = f"{entry.springs} + {entry.anti_springs}"
        else:
            value = f"{entry.win_rate * 100:.1f}%  ({entry.wins}/{entry.games})"
        rows.append(LeaderboardRow(rank=entry.position, name=entry.name, value=value,
                                   level_name=level_name(locale, entry.level.number),
                                   highlight=entry.user_id == viewer))
    subtitle = f"{board.page}/{board.pages}"
    return LeaderboardScene(title=title, rows=tuple(rows), subtitle=subtitle,
                            words=picture_words(locale))
