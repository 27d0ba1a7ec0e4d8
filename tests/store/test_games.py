"""Game records: create, log actions in order, deadlines, replay, settle or abandon; and the
live tables' saved state."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from bot.engine import Game, GameLog, Pass, Rules
from bot.store import (
    ActionSequenceError,
    GameConflictError,
    GameStatus,
    InvalidInputError,
    SeatRecord,
    Settlement,
    SettlementConflictError,
    Store,
    UnknownGameError,
    UnknownPlayerError,
)

from .helpers import CHANNEL, GUILD, play_random, snapshot

SEATS = [{"user_id": 1, "name": "player 1"}, {"user_id": 2, "name": "player 2"},
         {"user_id": None, "name": "AI", "ai_level": "hard"}]


async def _record(store: Store, game_id: str = "t1", variant: str = "happy") -> None:
    await store.create_game(game_id, GUILD, CHANNEL, _log(Rules.preset(variant)), SEATS)


def _log(rules: Rules, seed: int = 77, balances: tuple[int, ...] = (10_000, 10_000, 10**6),
         first: int | None = None) -> GameLog:
    return GameLog(rules, seed, balances, first)


async def test_a_game_is_logged_replayed_and_settled(store: Store, players: list[int]) -> None:
    rules = Rules.preset("happy")
    record = await store.create_game("t1", GUILD, CHANNEL, _log(rules), SEATS)
    assert record.seats[2] == SeatRecord(2, None, "AI", "hard")
    game = play_random(rules, 77, [10_000, 10_000, 10**6], random.Random(1), escapes=False)
    for seq, action in enumerate(game.actions):
        await store.set_deadline("t1", seq, 1_700_000_000.5 + seq)
        if seq == 3:  # a restart in the middle of the game restores it from the log
            live = await store.unfinished_games()
            assert [r.game_id for r in live] == ["t1"]
            assert live[0].deadline_seq == 3 and live[0].deadline == 1_700_000_003.5
            assert Game.from_log(live[0].log).actions == game.actions[:3]
        await store.append_action("t1", seq, action.to_json())
    stored = await store.get_game("t1")
    assert stored.deadline is None and stored.deadline_seq is None  # cleared by the action
    assert stored.next_seq == len(game.actions) and not stored.finished
    assert stored.log == game.log
    assert Game.from_log(stored.log) == game  # same seed, same actions: the same game
    assert game.result is not None
    assert await store.settle(Settlement.from_result("t1", GUILD, game.result, [1, 2, None]))
    stored = await store.get_game("t1")
    assert stored.finished and stored.status == "settled"
    assert json.loads(stored.result_json or "{}")["beans"] == list(game.result.beans)
    assert await store.unfinished_games() == []
    with pytest.raises(GameConflictError) as info:
        await store.append_action("t1", stored.next_seq, '{"t": "pass", "seat": 0}')
    assert info.value.code == "game_finished"


async def test_action_sequence_refuses_gaps_and_duplicates(store: Store,
                                                           players: list[int]) -> None:
    await _record(store)
    await store.append_action("t1", 0, '{"t": "call", "seat": 0}')
    before = await snapshot(store)
    with pytest.raises(ActionSequenceError) as gap:
        await store.append_action("t1", 2, '{"t": "call", "seat": 1}')
    assert gap.value.code == "action_gap" and gap.value.params["expected"] == 1
    with pytest.raises(ActionSequenceError) as dup:
        await store.append_action("t1", 0, '{"t": "call", "seat": 0}')
    assert dup.value.code == "action_duplicate"
    with pytest.raises(ActionSequenceError):
        await store.set_deadline("t1", 5, 1e9)
    with pytest.raises(InvalidInputError):
        await store.append_action("t1", 1, "not json")
    with pytest.raises(UnknownGameError):
        await store.append_action("nope", 0, "{}")
    with pytest.raises(InvalidInputError):
        await store.set_deadline("t1", 1, float("nan"))
    assert await snapshot(store) == before
    assert (await store.get_game("t1")).actions == ('{"t": "call", "seat": 0}',)


async def test_create_game_is_idempotent_and_validated(store: Store, players: list[int]) -> None:
    await _record(store)
    again = await store.create_game("t1", GUILD, CHANNEL, _log(Rules.preset("happy")), SEATS)
    assert again == await store.get_game("t1")
    before = await snapshot(store)
    with pytest.raises(GameConflictError):
        await store.create_game("t1", GUILD, CHANNEL, _log(Rules.preset("happy"), 78), SEATS)
    happy = _log(Rules.preset("happy"), 1, (1, 2, 3))
    bad_calls = [
        ("t2", _log(Rules.preset("four"), 1, (1, 2, 3, 4)), SEATS, InvalidInputError),
        ("t2", GameLog(Rules.preset("happy"), 1), SEATS, InvalidInputError),  # no balances
        ("t2", _log(Rules.preset("happy"), "x" * 201, (1, 2, 3)), SEATS, InvalidInputError),
        ("t2", replace(happy, actions=(Pass(0),)), SEATS, InvalidInputError),  # not new
        ("t2", Rules.preset("happy").to_json(), SEATS, InvalidInputError),  # not a log
        ("t2", happy, [SEATS[0], SEATS[0], SEATS[2]], InvalidInputError),
        ("t2", happy, [{"user_id": 99, "name": "x"}, *SEATS[1:]], UnknownPlayerError),
        ("t2", happy, [{"user_id": 1, "name": ""}, *SEATS[1:]], InvalidInputError),
        ("t2", happy, [{"user_id": None, "name": "AI", "ai_level": "godlike"}, *SEATS[1:]],
         InvalidInputError),
        (" t2", happy, SEATS, InvalidInputError),
    ]
    for game_id, log, seats, error in bad_calls:
        with pytest.raises(error):
            await store.create_game(game_id, GUILD, CHANNEL, log, seats)  # type: ignore[arg-type]
    assert await snapshot(store) == before


async def test_settlement_must_fit_the_record(store: Store, players: list[int]) -> None:
    await _record(store)
    result = play_random(Rules.preset("happy"), 77, [10_000, 10_000, 10**6],
                         random.Random(2)).result
    assert result is not None
    before = await snapshot(store)
    with pytest.raises(SettlementConflictError):  # seats swapped
        await store.settle(Settlement.from_result("t1", GUILD, result, [2, 1, None]))
    assert await snapshot(store) == before
    assert await store.abandon_game("t1", "channel deleted") is True
    assert await store.abandon_game("t1") is False
    with pytest.raises(SettlementConflictError):  # abandoned games are not settled
        await store.settle(Settlement.from_result("t1", GUILD, result, [1, 2, None]))
    record = await store.get_game("t1")
    assert record.status == "abandoned" and record.finished
    assert record.status is GameStatus.ABANDONED  # read back as its member
    assert json.loads(record.result_json or "{}")["outcome"] == "abandoned"


async def test_saved_tables(store: Store) -> None:
    assert await store.load_tables() == []
    await store.save_table(10, GUILD, {"seats": [1, 2, None], "game_id": "t1"})
    await store.save_table(11, GUILD, {"seats": []})
    await store.save_table(10, GUILD, {"seats": [1, 2, 3], "game_id": "t2"})
    tables = await store.load_tables()
    assert tables == [(10, GUILD, {"seats": [1, 2, 3], "game_id": "t2"}),
                      (11, GUILD, {"seats": []})]
    assert tables[0].data["game_id"] == "t2"
    assert await store.delete_table(11) is True
    assert await store.delete_table(11) is False
    with pytest.raises(InvalidInputError):
        await store.save_table(12, GUILD, {"bad": {1, 2}})
    with pytest.raises(InvalidInputError):
        await store.save_table(12, GUILD, ["not", "a", "dict"])  # type: ignore[arg-type]
    assert [t.channel_id for t in await store.load_tables()] == [10]


async def test_a_fixed_first_bidder_is_replayed(store: Store, players: list[int]) -> None:
    rules = Rules.preset("super")
    game = Game.new(rules, 5, balances=(10_000, 10_000, 10_000), first=2)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    seats = [{"user_id": u, "name": f"p{u}"} for u in (1, 2, 3)]
    await store.create_game("s1", GUILD, CHANNEL, _log(rules, 5, (10_000,) * 3, 2), seats)
    for seq, action in enumerate(game.actions):
        await store.append_action("s1", seq, action.to_json())
    record = await store.get_game("s1")
    assert record.first == 2 and Game.from_log(record.log) == game
