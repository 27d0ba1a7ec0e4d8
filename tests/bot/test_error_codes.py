"""Every error code has one owner: one parameter signature wherever it is raised, and a
text in every language that formats with those parameters.

The first tests read the raise sites of the whole bot (``bot/``, ``cogs/``); the last one
raises each translated code from its real call site (the engine, the tables, the store)
and formats its text in English, 简体中文 and 繁體中文 with that error's own parameters.
"""

from __future__ import annotations

import ast
import string
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path
from typing import Any, cast

import pytest

import bot.store.errors
import bot.tables.errors
import bot.tournaments
import cogs.entry_point
from bot.engine import Bid, Escape, Game, Pass, PlayCards, Rules, parse_cards
from bot.engine.errors import CodedError
from bot.words.errors import ZH_ERRORS, error_text
from bot.words.locales import EN, TW, ZH

from .helpers import make_manager, open_store

ROOT = Path(__file__).resolve().parents[2]


def _error_classes() -> dict[str, str]:
    """Every CodedError subclass by name -> its default code."""
    # imported: their classes are known
    assert bot.store.errors and bot.tables.errors and bot.tournaments and cogs.entry_point
    out: dict[str, str] = {}
    todo = [CodedError]
    while todo:
        cls = todo.pop()
        out[cls.__name__] = cls.code
        todo.extend(cls.__subclasses__())
    return out


def _codes(node: ast.expr | None, default: str, where: str) -> list[str]:
    """The codes a raise can give: its class's, a literal, or either literal of an
    ``a if … else b``; anything else (a code computed at run time) fails the test."""
    if node is None:
        return [default]
    if isinstance(node, ast.IfExp):
        return _codes(node.body, default, where) + _codes(node.orelse, default, where)
    assert isinstance(node, ast.Constant) and isinstance(node.value, str), where
    return [node.value]


def raise_sites() -> dict[str, dict[frozenset[str], list[str]]]:
    """code -> {its parameter names: the places that raise it with those names}."""
    classes = _error_classes()
    sites: dict[str, dict[frozenset[str], list[str]]] = defaultdict(lambda: defaultdict(list))
    for path in sorted([*ROOT.glob("bot/**/*.py"), *ROOT.glob("cogs/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in classes:
                continue
            keywords = {k.arg: k.value for k in node.keywords}
            assert None not in keywords, f"{path}:{node.lineno}: no **params at a raise"
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            for code in _codes(keywords.pop("code", None), classes[name], where):
                sites[code][frozenset(k for k in keywords if k)].append(where)
    return sites


SITES = raise_sites()


def test_each_code_has_one_signature() -> None:
    assert len(SITES) > 60, "the raise sites were found"
    several = {code: {tuple(sorted(p)): w for p, w in sigs.items()}
               for code, sigs in SITES.items() if len(sigs) > 1}
    assert not several, several


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_each_translation_is_of_a_raised_code() -> None:
    for key in ZH_ERRORS:  # "code" or "code.case"
        assert key.split(".")[0] in SITES, f"{key}: translated but never raised"


# ---------------------------------------------------------------------------- raising
Trigger = Callable[[Any], Awaitable[None]]
TRIGGERS: dict[str, Trigger] = {}


def trigger(code: str) -> Callable[[Trigger], Trigger]:
    def register(fn: Trigger) -> Trigger:
        TRIGGERS[code] = fn
        return fn
    return register


def _play_phase(variant: str = "classic", seed: int = 3) -> Game:
    from tests.engine.game_helpers import to_play

    return to_play(Game.new(Rules.preset(variant), seed))


def _lead(game: Game) -> None:
    """The leader plays its lowest single (so the next seat follows a single)."""
    seat = game.to_act
    single = min((p for p in game.legal_plays() if p.kind == "single"),
                 key=lambda p: p.main_index)
    game.apply(PlayCards(seat, single.cards, single.kind, single.main_rank))


# the engine: notation
@trigger("unknown_token")
async def _(ctx: Any) -> None:
    parse_cards("33x")


@trigger("empty")
async def _(ctx: Any) -> None:
    parse_cards(" , ")


@trigger("not_held")
async def _(ctx: Any) -> None:
    parse_cards("3333", hand="3345")


@trigger("ambiguous_joker")
async def _(ctx: Any) -> None:
    parse_cards("joker")


@trigger("no_flower")
async def _(ctx: Any) -> None:
    parse_cards("F", rules=Rules.preset("classic"))


@trigger("too_many")
async def _(ctx: Any) -> None:
    parse_cards("33333", rules=Rules.preset("classic"))


# the engine: plays
@trigger("no_pattern")
async def _(ctx: Any) -> None:
    game = _play_phase()
    hand = game.hand_text(game.to_act)
    low, high = hand[0], next(c for c in hand if c not in (hand[0], hand[0]))
    game.apply(PlayCards(game.to_act, low + high))


@trigger("no_such_reading")
async def _(ctx: Any) -> None:
    game = _play_phase()
    game.apply(PlayCards(game.to_act, game.hand_text(game.to_act)[0], "bomb"))


@trigger("does_not_beat")
async def _(ctx: Any) -> None:
    game = _play_phase()
    top = game.hand_text(game.to_act)[-1]
    game.apply(PlayCards(game.to_act, top, "single", top))
    low = game.hand_text(game.to_act)[0]
    game.apply(PlayCards(game.to_act, low, "single", low))


@trigger("must_lead")
async def _(ctx: Any) -> None:
    game = _play_phase()
    game.apply(Pass(game.to_act))


@trigger("strands_flower")
async def _(ctx: Any) -> None:
    from tests.engine.game_helpers import force_hands

    game = _play_phase("super")
    hands = ["3F", "456789", "TJQKA2"]
    leader = game.to_act
    force_hands(game, hands[-leader:] + hands[:-leader])
    game.apply(PlayCards(leader, "3", "single", "3"))


@trigger("wrong_phase")
async def _(ctx: Any) -> None:
    game = _play_phase()
    game.apply(Bid(game.to_act, 3))


@trigger("not_your_turn")
async def _(ctx: Any) -> None:
    game = Game.new(Rules.preset("classic"), 3)
    game.apply(Bid((game.to_act + 1) % 3, 3))


@trigger("game_over")
async def _(ctx: Any) -> None:
    from tests.engine.game_helpers import random_game

    game, _ = random_game(Rules.preset("classic"), 5)
    game.apply(Pass(0))


@trigger("already_escaped")
async def _(ctx: Any) -> None:
    game = _play_phase()
    game.apply(Escape(1))
    game.apply(Escape(1))


# the engine: bidding
@trigger("bad_bid")
async def _(ctx: Any) -> None:
    game = Game.new(Rules.preset("classic"), 3)
    game.apply(Bid(game.to_act, 5))


@trigger("bid_too_low")
async def _(ctx: Any) -> None:
    game = Game.new(Rules.preset("classic"), 3)
    game.apply(Bid(game.to_act, 2))
    game.apply(Bid(game.to_act, 1))


@trigger("escaped_seat")
async def _(ctx: Any) -> None:
    game = Game.new(Rules.preset("classic"), 3)
    seat = game.to_act
    game.apply(Escape(seat))
    game.apply(Bid(seat, 1))


# the engine: rules
@trigger("unknown_variant")
async def _(ctx: Any) -> None:
    Rules.preset("poker")


@trigger("unknown_option")
async def _(ctx: Any) -> None:
    Rules.preset("classic", colour="red")


@trigger("bad_option")
async def _(ctx: Any) -> None:
    Rules.preset("classic", beans_per_point=-1)


# the tables
async def _lobby(ctx: Any, *, full: bool = False, start: bool = False) -> Any:
    manager = ctx.manager
    await manager.create(1, 1, 10, "ann", Rules.preset("classic"))
    if full or start:
        await manager.add_ai(1, 10)
        await manager.add_ai(1, 10)
    if start:
        await manager.start(1, 10)
    return manager


@trigger("no_table")
async def _(ctx: Any) -> None:
    await ctx.manager.join(99, 10, "ann")


@trigger("not_seated")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.start(1, 11)


@trigger("bad_ai_level")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.add_ai(1, 10, "genius")


@trigger("table_exists")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.create(1, 1, 11, "bo", Rules.preset("classic"))


@trigger("already_seated")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.create(2, 1, 10, "ann", Rules.preset("classic"))


@trigger("already_here")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.join(1, 10, "ann")


@trigger("low_balance")
async def _(ctx: Any) -> None:
    await ctx.manager.create(1, 1, 10, "ann", Rules.preset("classic", min_balance=10**7))


@trigger("game_running")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx, start=True)
    await manager.join(1, 11, "bo")


@trigger("table_full")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx, full=True)
    await manager.join(1, 11, "bo")


@trigger("already_left")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx, start=True)
    table = manager._tables[1]
    await manager.leave(1, 10)
    await manager.act(1, 10, Pass, seq=table.seq)


@trigger("seats_not_full")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.start(1, 10)


@trigger("not_owner")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.join(1, 11, "bo")
    await manager.close(1, 11)


@trigger("no_game")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.pass_turn(1, 10)


@trigger("stale")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx, start=True)
    await manager.pass_turn(1, 10, seq=manager._tables[1].seq + 5)


@trigger("not_trustee")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx)
    await manager.resume(1, 10)


@trigger("already_trustee")
async def _(ctx: Any) -> None:
    manager = await _lobby(ctx, start=True)
    await manager.trustee(1, 10)
    await manager.trustee(1, 10)


# the store
@trigger("daily_claimed")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.claim_daily(1, 10, date(2026, 1, 1))
    await ctx.store.claim_daily(1, 10, date(2026, 1, 1))


@trigger("daily_disabled")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.set_guild_setting(1, "daily_bonus", 0)
    await ctx.store.claim_daily(1, 10, date(2026, 1, 1))


@trigger("relief_claimed")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.claim_relief(1, 10, 10**6, date(2026, 1, 1))
    await ctx.store.claim_relief(1, 10, 10**6, date(2026, 1, 1))


@trigger("relief_not_needed")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.claim_relief(1, 10, 100, date(2026, 1, 1))


@trigger("relief_disabled")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.set_guild_setting(1, "relief_enabled", False)
    await ctx.store.claim_relief(1, 10, 10**6, date(2026, 1, 1))


@trigger("unknown_setting")
async def _(ctx: Any) -> None:
    await ctx.store.set_guild_setting(1, "colour", "red")


@trigger("invalid_setting")
async def _(ctx: Any) -> None:
    await ctx.store.set_guild_setting(1, "daily_bonus", "lots")


@trigger("setting_choice")
async def _(ctx: Any) -> None:
    await ctx.store.set_guild_setting(1, "variant", "poker")


@trigger("setting_range")
async def _(ctx: Any) -> None:
    await ctx.store.set_guild_setting(1, "daily_bonus", -5)


@trigger("guild_only_setting")
async def _(ctx: Any) -> None:
    await ctx.store.set_channel_setting(2, 1, "daily_bonus", 5)


@trigger("unknown_player")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.balance(1, 11)


@trigger("insufficient_balance")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.take(1, 10, 10**8, "test", 99)


@trigger("bad_amount")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.grant(1, 10, -5, "test", 99)


@trigger("not_an_int")
async def _(ctx: Any) -> None:
    await ctx.store.ledger_entries(1, 10, limit="ten")


class _Context:
    def __init__(self, store: Any) -> None:
        self.store = store
        self.manager, _, _ = make_manager(store)


@trigger("unknown_deal")
async def _(ctx: Any) -> None:
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.find_deal(1, "abcd1234")


@trigger("ambiguous_deal")
async def _(ctx: Any) -> None:
    from bot.store import SeatSettlement, Settlement

    for user in (10, 11):
        await ctx.store.ensure_player(1, user, f"p{user}")
    for game_id in ("abcd1234aa", "abcd1234bb"):
        await ctx.store.settle(Settlement(game_id, 1, (
            SeatSettlement(10, 10, 0, 1, "landlord", True),
            SeatSettlement(11, -10, 0, -1, "farmer", False))))
    await ctx.store.find_deal(1, "abcd12")


async def _live_game(ctx: Any, game_id: str) -> None:
    """A deal of ann's (user 10) in guild 1, still being played."""
    from bot.engine import GameLog

    await ctx.store.ensure_player(1, 10, "ann")
    seats = [{"user_id": 10, "name": "ann"}, {"user_id": None, "name": "AI 1"},
             {"user_id": None, "name": "AI 2"}]
    await ctx.store.create_game(game_id, 1, 5, GameLog(Rules.preset("classic"), 1,
                                                       (10_000,) * 3), seats)


@trigger("deal_unfinished")
async def _(ctx: Any) -> None:
    from cogs.replay import finished_record

    await _live_game(ctx, "live0001")
    await finished_record(ctx.store, 1, "live0001")


@trigger("review_unfinished")
async def _(ctx: Any) -> None:
    from cogs.review import reviewable

    await _live_game(ctx, "live0002")
    await reviewable(ctx.store, 1, "live0002", 10)


async def _private_table(ctx: Any, *, private: bool = True) -> None:
    await ctx.manager.create(1, 1, 10, "ann", Rules.preset("classic"), private=private)


@trigger("not_invited")
async def _(ctx: Any) -> None:
    await _private_table(ctx)
    await ctx.manager.join(1, 11, "bob")


@trigger("invite_owner_only")
async def _(ctx: Any) -> None:
    await _private_table(ctx)
    await ctx.manager.invite(1, 11, [12])


@trigger("tournament_table")
async def _(ctx: Any) -> None:
    from bot.tables.place import TournamentPlace

    for user in (10, 11, 12):
        await ctx.store.ensure_player(1, user, f"p{user}")
    place = TournamentPlace(1, 1, 1, (10, 11, 12), 2, 7)
    await ctx.manager.tournaments.open(1, 1, Rules.preset("classic"), place, ["a", "b", "c"])
    await ctx.manager.start(1, 10)  # the tournament deals here, not a player


@trigger("not_private")
async def _(ctx: Any) -> None:
    await _private_table(ctx, private=False)
    await ctx.manager.invite(1, 10, [12])


# tournaments: the settings, the store, the Discord desk (cogs/tournament*.py)
async def _tournament(ctx: Any, buy_in: int = 0) -> Any:
    from bot.tournaments import TournamentSettings

    return await ctx.store.create_tournament(1, 5, 10, TournamentSettings(
        "Cup", buy_in=buy_in), seed=7)


@trigger("bad_name")
async def _(ctx: Any) -> None:
    from bot.tournaments import TournamentSettings

    TournamentSettings(" ")


@trigger("bad_variant")
async def _(ctx: Any) -> None:
    from bot.tournaments import TournamentSettings

    TournamentSettings("Cup", variant="poker")


@trigger("bad_setting")
async def _(ctx: Any) -> None:
    from bot.tournaments import TournamentSettings

    TournamentSettings("Cup", rounds=10)


@trigger("bad_prize_split")
async def _(ctx: Any) -> None:
    from cogs.tournament import parse_split

    parse_split("half, half")


@trigger("tournament_here")
async def _(ctx: Any) -> None:
    await _tournament(ctx)
    await _tournament(ctx)


@trigger("already_joined")
async def _(ctx: Any) -> None:
    tour = await _tournament(ctx)
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.join_tournament(tour.tournament_id, 10)
    await ctx.store.join_tournament(tour.tournament_id, 10)


@trigger("too_few_entrants")
async def _(ctx: Any) -> None:
    tour = await _tournament(ctx)
    await ctx.store.start_tournament(tour.tournament_id)


@trigger("tournament_status")
async def _(ctx: Any) -> None:
    tour = await _tournament(ctx)
    await ctx.store.cancel_tournament(tour.tournament_id)
    await ctx.store.ensure_player(1, 10, "ann")
    await ctx.store.join_tournament(tour.tournament_id, 10)


@trigger("unknown_tournament")
async def _(ctx: Any) -> None:
    await ctx.store.get_tournament(999)


@trigger("no_tournament_here")
async def _(ctx: Any) -> None:
    from cogs.tournament_desk import TournamentDesk

    await TournamentDesk(cast(Any, None), ctx.store).open_here(5)


@trigger("buy_in_short")
async def _(ctx: Any) -> None:
    from cogs.tournament_desk import join_entrant

    tour = await _tournament(ctx, buy_in=10**6)
    await join_entrant(ctx.store, tour, 10, "ann")


@trigger("tournaments_off")
async def _(ctx: Any) -> None:
    from cogs.tournament_desk import require_runner

    require_runner(None)


UI_ONLY = {  # raised by the Discord layer itself (tests/discord drives those)
    "no_selection", "never_played", "no_history_page", "review_not_yours",
    "entry_point_kept",  # a global sync Discord refused (cogs/entry_point.py)
}


def test_every_translated_code_has_a_trigger() -> None:
    assert {key.split(".")[0] for key in ZH_ERRORS} - UI_ONLY <= set(TRIGGERS)


@pytest.mark.parametrize("code", sorted(TRIGGERS))
async def test_each_code_from_its_call_site_in_every_language(code: str, tmp_path) -> None:
    store = await open_store(tmp_path)
    ctx = _Context(store)
    try:
        with pytest.raises(CodedError) as caught:
            await TRIGGERS[code](ctx)
    finally:
        await ctx.manager.shutdown()
        await store.close()
    error = caught.value
    assert error.code == code, (error.code, str(error))
    (params,) = SITES[code]
    assert set(error.params) == params, "raised with the signature its code has"
    for locale in (EN, ZH, TW):
        text = error_text(error, locale)
        assert text and "{" not in text and "}" not in text, (locale, text)
    if _fields(ZH_ERRORS[code]):
        assert error_text(error, ZH) != ZH_ERRORS[code], "the parameters were filled in"
    assert error_text(error, ZH) != str(error), "a Chinese text, not the English"
