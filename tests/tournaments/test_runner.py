"""The tournament runner on live tables and a SQLite file: whole tournaments played by the
AI to the prizes, duplicate deals, a leaver, and restarts between deals, mid-round and
between rounds (bot/tournament_runner/runner.py, bot/tables/tournament.py)."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.store import Store
from bot.store.tournaments import Payout, Tournament
from bot.tables import ManualClock, TableManager
from bot.tables.snapshot import TableSnapshot
from bot.tables.status import TableStatus
from bot.tournament_runner import TournamentRunner, settled_by
from bot.tournaments import Standing, TournamentSettings, deal_plan
from tests.bot.helpers import make_manager, open_store, quick_decide, run_until

GUILD = 77
CHANNEL = 5_000
CREATOR = 1
START = 10_000


class FakeHost:
    """Records what the runner asks of a front-end; ``gate`` holds round_over back."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.places: list[tuple[int, int]] = []
        self.rounds: list[tuple[int, list[Standing]]] = []
        self.over: list[tuple[list[Standing], Payout]] = []
        self.gate = gate
        self.waiting = False
        self.progressed: list[tuple[str, int]] = []
        self.stopped: list[tuple[int, int, list[int]]] = []

    async def open_table_place(self, t: Tournament, round_no: int, table_no: int) -> int:
        self.places.append((round_no, table_no))
        return 100_000 + round_no * 100 + table_no

    async def round_over(self, t: Tournament, round_no: int, table: list[Standing]) -> None:
        if self.gate is not None:
            self.waiting = True
            await self.gate.wait()
        self.rounds.append((round_no, table))

    async def tournament_over(self, t: Tournament, table: list[Standing],
                              payout: Payout) -> None:
        assert t.status == "finished"
        self.over.append((table, payout))

    async def posted(self, t: Tournament, round_no: int) -> bool:
        return False  # a stop while posting: this host lost its post with the process

    async def progress(self, t: Tournament) -> None:
        self.progressed.append((t.status, t.round_no))

    async def table_stopped(self, t: Tournament, round_no: int, table_no: int,
                            away: list[int]) -> None:
        self.stopped.append((round_no, table_no, away))


async def new_tournament(store: Store, entrants: int = 9, *, away: bool = True,
                         **settings: object) -> tuple[int, list[int]]:
    users = list(range(11, 11 + entrants))
    for u in [CREATOR, *users]:
        await store.ensure_player(GUILD, u, f"player{u}")
    options: dict[str, object] = {"name": "Friday night", "rounds": 3, "deals_per_round": 2,
                                  "buy_in": 100, "house_percent": 10}
    options.update(settings)
    t = await store.create_tournament(GUILD, CHANNEL, CREATOR,
                                      TournamentSettings(**options),  # type: ignore[arg-type]
                                      seed=424242)
    for u in users:
        await store.join_tournament(t.tournament_id, u)
    if away:  # every seat played by the AI from the start
        await store.set_tournament_away(t.tournament_id, users)
    return t.tournament_id, users


def runner_for(store: Store, host: FakeHost, **kw: object
               ) -> tuple[TournamentRunner, TableManager, ManualClock]:
    runner: TournamentRunner | None = None
    manager, _, clock = make_manager(store, decide=kw.pop("decide", quick_decide),
                                     on_tournament_settled=settled_by(lambda: runner))
    runner = TournamentRunner(store, manager, host,
                              between_deals=float(kw.pop("between_deals", 0.0)))  # type: ignore[arg-type]
    return runner, manager, clock


def tables_of(manager: TableManager, host: FakeHost, round_no: int) -> list[TableSnapshot]:
    """The live tables of a round (away entrants hold no live seat: found by channel)."""
    return [s for r, n in host.places if r == round_no
            if (s := manager.find(100_000 + r * 100 + n)) is not None]


async def stop(runner: TournamentRunner, manager: TableManager, store: Store) -> None:
    await runner.shutdown()
    await manager.shutdown()
    await store.close()


async def results(store: Store, tid: int) -> list[tuple[str, int, int, int]]:
    rows = await store._db.fetch_all(
        "SELECT game_id, round_no, table_no, deal_no FROM tournament_results WHERE "
        "tournament_id = ? ORDER BY round_no, table_no, deal_no", (tid,))
    return [(str(g), int(r), int(t), int(d)) for g, r, t, d in rows]


async def check_books(store: Store, tid: int, users: list[int], host: FakeHost) -> None:
    """Prizes paid once, prizes + take = pool, no bean moved by a deal, the ledger
    balanced, and the standings the store's."""
    t = await store.get_tournament(tid)
    assert t.status == "finished" and t.paid
    assert len(host.over) == 1
    table, payout = host.over[0]
    assert table == await store.tournament_standings(tid)
    pool = 100 * len(users)
    assert sum(payout.prizes.values()) + payout.house_take == pool
    assert payout.house_take == pool // 10
    for u in users:
        player = await store.get_player(GUILD, u)
        assert player is not None and player.balance == START - 100 + payout.prizes.get(u, 0)
    moved = await store._db.fetch_all(
        "SELECT COUNT(*) FROM settlement_seats WHERE transfer <> 0 OR fee <> 0 OR penalty <> 0")
    assert moved[0][0] == 0
    report = await store.check_invariants()
    assert report.ok, str(report)
    assert report.minted == report.held  # the books balance: beans only moved
    ledger = await store._db.fetch_all("SELECT SUM(amount), COUNT(*) FROM ledger WHERE "
                                       "tournament_id = ?", (tid,))
    assert ledger[0][0] == 0 and ledger[0][1] > 0  # buy-ins and prizes, player and house
    paid = await store._db.fetch_all("SELECT COUNT(*) FROM ledger WHERE reason = 'prize' AND "
                                     "user_id IS NOT NULL")
    assert paid[0][0] == len([v for v in payout.prizes.values() if v])


# ---------------------------------------------------------------------------- to the end
async def test_nine_entrants_three_rounds_to_the_prizes(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: bool(host.over))
    assert [r for r, _ in host.rounds] == [1, 2, 3]
    assert host.places == [(r, n) for r in (1, 2, 3) for n in (1, 2, 3)]
    done = await results(store, tid)
    assert len(done) == 3 * 3 * 2 and len({g for g, *_ in done}) == 18
    final = host.rounds[-1][1]
    assert sum(s.deals for s in final) == 9 * 6  # every entrant played every deal
    assert all(s.deals == 6 for s in final)
    assert sum(s.points for s in final) == 0  # each deal's points sum to zero
    await check_books(store, tid, users, host)
    # the round-2 and round-3 seatings follow the standings: nobody meets twice when it
    # can be helped (9 players, tables of 3: round 2 has no repeated pair)
    met = set()
    for r in (1, 2):
        for table in await store.round_tables(tid, r):
            pairs = {frozenset((a, b)) for a in table for b in table if a != b}
            assert not pairs & met
            met |= pairs
    # the tables closed themselves after their last deal
    assert manager.count_tables() == {}
    assert await runner.resume() == 0  # nothing left to run
    await stop(runner, manager, store)


async def test_duplicate_deals_same_seeds_and_rotation(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, rounds=1, deals_per_round=3, duplicate=True)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: bool(host.over))
    tables = await store.round_tables(tid, 1)
    t = await store.get_tournament(tid)
    seeds: dict[int, set[int]] = {}
    for game_id, _, table_no, deal_no in await results(store, tid):
        record = await store.get_game(game_id)
        seeds.setdefault(deal_no, set()).add(int(record.seed))
        seated = tuple(s.user_id for s in record.seats)
        plan = deal_plan(t.seed, 1, table_no, deal_no, tables[table_no - 1], True)
        assert seated == plan.seats and int(record.seed) == plan.seed
        # the rotation: the player at position p sits in seat (p + deal - 1) mod 3
        for p, user in enumerate(tables[table_no - 1]):
            assert seated[(p + deal_no - 1) % 3] == user
    # one block of 3 deals: one seed for every table and every deal of the round
    assert len(seeds[1] | seeds[2] | seeds[3]) == 1
    await check_books(store, tid, users, host)
    await stop(runner, manager, store)


async def test_four_player_variant_seats_four(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, entrants=7, variant="four", rounds=1,
                                      deals_per_round=1)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: bool(host.over))
    tables = await store.round_tables(tid, 1)
    assert [len(t) for t in tables] == [4, 4] and tables[1].count(None) == 1
    for game_id, *_ in await results(store, tid):
        assert len((await store.get_game(game_id)).seats) == 4
    await check_books(store, tid, users, host)
    await stop(runner, manager, store)


# ---------------------------------------------------------------------------- a leaver
async def test_a_leaver_is_played_by_the_ai_and_keeps_scoring(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, away=False, rounds=2)
    leaver, others = users[0], users[1:]
    await store.set_tournament_away(tid, others)  # the others are played by the AI
    host = FakeHost()
    runner, manager, _clock = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: (s := manager.table_of(leaver)) is not None
                    and s.playing is not None)
    channel = manager.table_of(leaver).channel_id
    assert manager.escape_cost(channel, leaver).beans == 0
    before = (await store.get_player(GUILD, leaver)).balance
    assert await manager.leave(channel, leaver) == "away"  # no escape: 托管
    assert await store.tournament_away(tid) >= {leaver}
    await run_until(lambda: bool(host.over))
    final = {s.user_id: s for s in host.over[0][0]}
    assert final[leaver].deals == 4  # every deal of both rounds counted for them
    rows = await store._db.fetch_all("SELECT COUNT(*) FROM tournament_scores WHERE "
                                     "tournament_id = ? AND user_id = ?", (tid, leaver))
    assert rows[0][0] == 4
    # round 2 seated them as away from the start (the AI played every turn for them)
    games = [g for g, r, *_ in await results(store, tid) if r == 2]
    for game_id in games:
        record = await store.get_game(game_id)
        if any(s.user_id == leaver for s in record.seats):
            seat = next(i for i, s in enumerate(record.seats) if s.user_id == leaver)
            acts = [json.loads(a) for a in record.actions]
            assert all(a.get("auto") for a in acts if a.get("seat") == seat)
    no_escape = await store._db.fetch_all("SELECT COUNT(*) FROM ledger WHERE reason = "
                                          "'escape_penalty'")
    assert no_escape[0][0] == 0
    player = await store.get_player(GUILD, leaver)
    assert player.balance == before + host.over[0][1].prizes.get(leaver, 0)
    await check_books(store, tid, users, host)
    await stop(runner, manager, store)


async def test_a_player_who_leaves_can_take_the_seat_back(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, away=False, rounds=1, deals_per_round=1)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: all((s := manager.table_of(u)) is not None and
                                s.playing is not None for u in users))
    channel = manager.table_of(users[0]).channel_id
    await runner.left(channel, users[0])
    assert manager.table_of(users[0]) is None  # no live seat: free to play elsewhere
    snap = manager.snapshot(channel)
    seat = next(i for i, s in enumerate(snap.seats) if s is not None and s.user_id == users[0])
    assert snap.seats[seat].trustee
    await manager.resume(channel, users[0])
    assert not manager.snapshot(channel).seats[seat].trustee
    await runner.shutdown()
    await manager.shutdown()
    await store.close()


# ---------------------------------------------------------------------------- restarts
async def test_a_restart_between_deals(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, rounds=1, deals_per_round=2)
    host = FakeHost()
    runner, manager, clock = runner_for(store, host, between_deals=5.0)
    await runner.start(tid)
    await clock.advance(5)  # the first deals are dealt and played
    await run_until(lambda: len(tables := tables_of(manager, host, 1)) == 3 and all(
        s.status == TableStatus.BETWEEN and s.deals == 1 for s in tables))
    assert len(await results(store, tid)) == 3
    await stop(runner, manager, store)  # every table waits for its second deal

    store = await open_store(tmp_path)
    host2 = FakeHost()
    runner, manager, _ = runner_for(store, host2)
    assert await manager.recover() == 3
    assert await runner.resume() == 1
    await run_until(lambda: bool(host2.over))
    assert host2.places == []  # the tables came back in their places
    done = await results(store, tid)
    assert [(t, d) for _, _, t, d in done] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    await check_books(store, tid, users, host2)
    await stop(runner, manager, store)


async def test_a_restart_mid_round(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    # round 2 under way: stop while its deals are being played
    await run_until(lambda: len(host.rounds) == 1 and any(
        s.playing is not None and s.seq > 2 for s in tables_of(manager, host, 2)))
    await stop(runner, manager, store)

    store = await open_store(tmp_path)
    recorded = len(await results(store, tid))
    assert 6 <= recorded < 12  # round 1 counted, round 2 not
    live = await store._db.fetch_all("SELECT COUNT(*) FROM games WHERE status = 'live'")
    assert live[0][0] >= 1  # a deal was cut in the middle
    host2 = FakeHost()
    runner, manager, _ = runner_for(store, host2)
    assert await manager.recover() >= 1
    assert await runner.resume() == 1
    await run_until(lambda: bool(host2.over))
    assert [r for r, _ in host2.rounds] == [2, 3]
    assert len(await results(store, tid)) == 18
    abandoned = await store._db.fetch_all("SELECT COUNT(*) FROM games WHERE status <> "
                                          "'settled'")
    assert abandoned[0][0] == 0  # the cut deals were played on, not dealt again
    await check_books(store, tid, users, host2)
    await stop(runner, manager, store)


async def test_a_restart_between_rounds(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store)
    gate = asyncio.Event()
    host = FakeHost(gate)
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: host.waiting)  # round 1 over, round 2 not seated
    assert (await store.get_tournament(tid)).round_no == 1
    assert len(await results(store, tid)) == 6
    await stop(runner, manager, store)

    store = await open_store(tmp_path)
    host2 = FakeHost()
    runner, manager, _ = runner_for(store, host2)
    assert await manager.recover() == 0
    assert await runner.resume() == 1
    await run_until(lambda: bool(host2.over))
    # round 1's end was being posted (held back) when the process stopped: posted now,
    # then rounds 2 and 3, each once
    assert [r for r, _ in host2.rounds] == [1, 2, 3]
    assert len(await results(store, tid)) == 18
    await check_books(store, tid, users, host2)
    # a third process finds nothing to do and pays nothing again
    runner2 = TournamentRunner(store, manager, FakeHost(), between_deals=0)
    assert await runner2.resume() == 0
    assert (await store.pay_prizes(tid)).done_now is False
    await stop(runner, manager, store)


async def test_a_settled_deal_is_counted_once(tmp_path) -> None:
    """Settling a tournament deal again (a restart right after its transaction) records
    nothing twice, and other content for the same game is refused."""
    from bot.store import SettlementConflictError

    store = await open_store(tmp_path)
    tid, _users = await new_tournament(store, rounds=1, deals_per_round=1)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: bool(host.over))
    game_id, _, table_no, _ = (await results(store, tid))[0]
    settlement = await store.get_settlement(game_id)
    scores = await store._db.fetch_all("SELECT user_id, points, role, won FROM "
                                       "tournament_scores WHERE game_id = ? ORDER BY seat",
                                       (game_id,))
    from bot.tournaments import SeatScore

    seats = [SeatScore(u, p, r, bool(w)) for u, p, r, w in scores]
    # again (a restart right after the transaction): nothing changes
    assert await store.settle_tournament_deal(settlement, tid, 1, table_no, 1, seats) is False
    before = await store.table_counts()
    swapped = [SeatScore(s.user_id, -s.points, s.role, s.won) for s in seats]
    with pytest.raises(SettlementConflictError):
        await store.record_result(tid, 1, table_no, 1, game_id, swapped)
    assert await store.record_result(tid, 1, table_no, 1, game_id, seats) is False
    assert await store.table_counts() == before
    await stop(runner, manager, store)


async def test_a_cancel_closes_the_tables_and_returns_the_buy_ins(tmp_path) -> None:
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, away=False)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: all((s := manager.table_of(u)) is not None and
                                s.playing is not None for u in users))
    payout = await runner.cancel(tid)
    assert payout.done_now and payout.prizes == {u: 100 for u in users}
    assert manager.count_tables() == {} and all(manager.table_of(u) is None for u in users)
    for u in users:
        assert (await store.get_player(GUILD, u)).balance == START
    live = await store._db.fetch_all("SELECT COUNT(*) FROM games WHERE status = 'live'")
    assert live[0][0] == 0  # the deals being played are void
    assert (await store.get_tournament(tid)).status == "cancelled"
    assert await runner.resume() == 0
    await stop(runner, manager, store)


async def test_a_table_that_ends_while_the_runner_resumes_is_not_dealt_again(
        tmp_path) -> None:
    """The race behind a cut deal dealt again: at a restart the recovered table plays its
    last deal on and closes itself while the runner is still reading where the round was
    (a loaded machine). The runner must not open the table again from that old count."""
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, entrants=3, rounds=1, deals_per_round=2)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    channel = 100_000 + 101
    await run_until(lambda: (s := manager.find(channel)) is not None and s.deals == 2
                    and s.playing is not None and s.seq > 2)
    await stop(runner, manager, store)

    store = await open_store(tmp_path)
    read = store.round_progress
    first = True

    async def late_progress(tournament_id: int, round_no: int
                            ) -> dict[int, tuple[int | None, int]]:
        """Where the round was, as read before the table's last deal was counted; the
        answer reaches the runner once the table has closed itself."""
        nonlocal first
        progress = await read(tournament_id, round_no)
        if first:
            first = False
            assert progress[1][1] == 1  # the last deal is still being played
            for _ in range(20_000):
                if manager.find(channel) is None:
                    break
                await asyncio.sleep(0.001)
        return progress

    store.round_progress = late_progress  # type: ignore[method-assign]
    host2 = FakeHost()
    runner, manager, _ = runner_for(store, host2)
    assert await manager.recover() == 1
    assert await runner.resume() == 1
    await run_until(lambda: bool(host2.over))
    assert not first
    assert [(t, d) for _, _, t, d in await results(store, tid)] == [(1, 1), (1, 2)]
    games = await store._db.fetch_all("SELECT status, COUNT(*) FROM games GROUP BY status")
    assert games == [("settled", 2)]  # no deal dealt again, none left behind
    await check_books(store, tid, users, host2)
    await stop(runner, manager, store)


async def test_a_server_manager_closing_a_table_lets_the_ai_play_it_on(tmp_path) -> None:
    """An admin's close of a tournament table: its deal is void, the tournament goes on
    (the table opens again in its place, the AI plays its players' seats and their points
    count), and the host says so; it does not wait for the next start."""
    store = await open_store(tmp_path)
    tid, users = await new_tournament(store, entrants=3, away=False, rounds=1,
                                      deals_per_round=2)
    host = FakeHost()
    runner, manager, _ = runner_for(store, host)
    await runner.start(tid)
    await run_until(lambda: all((s := manager.table_of(u)) is not None and
                                s.playing is not None for u in users))
    channel = manager.table_of(users[0]).channel_id
    (cut,), = await store._db.fetch_all("SELECT game_id FROM games WHERE status = 'live'")
    await manager.close(channel, CREATOR, admin=True)
    await run_until(lambda: bool(host.over))
    assert [(r, n, sorted(a)) for r, n, a in host.stopped] == [(1, 1, users)]
    assert await store.tournament_away(tid) == set(users)
    assert host.places == [(1, 1)]  # opened again in its own place
    done = await results(store, tid)
    assert [(t, d) for _, _, t, d in done] == [(1, 1), (1, 2)]
    assert cut not in {g for g, *_ in done}
    assert (await store.get_game(cut)).status == "abandoned"  # void: no beans, no points
    final = {s.user_id: s for s in host.over[0][0]}
    assert all(final[u].deals == 2 for u in users)  # every deal counted for them
    await check_books(store, tid, users, host)
    await stop(runner, manager, store)
