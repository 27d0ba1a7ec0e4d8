"""Helpers for table tests: a quick decider, a store on a temp file, a manager."""

from __future__ import annotations

from bot.engine import Action, Bid, Call, Double, Grab, Pass, PlayCards, SeatView, Show
from bot.store import Store
from bot.tables import ManualClock, RecordingPresenter, TableManager


def quick_decide(view: SeatView, level: str, seed: int) -> Action:
    """A fast, deterministic test decider (not the product AI): the first bidder takes
    the landlord, everyone else declines; in play the longest legal play (games end fast)."""
    phase, seat = view.phase, view.seat
    assert seat is not None
    if phase == "bid":
        return Bid(seat, 3 if seat == view.first and view.bid < 3 else 0)
    if phase == "call":
        return Call(seat, True)
    if phase == "grab":
        return Grab(seat, False)
    if phase.startswith("show"):
        return Show(seat, False)
    if phase == "double":
        return Double(seat, False)
    plays = view.legal_plays()
    if not plays:
        return Pass(seat)
    best = max(plays, key=lambda p: (len(p), -p.main_index))
    return PlayCards(seat, best.cards, best.kind, best.main_rank)


def _seeds():
    """Deterministic game seeds for tests."""
    import itertools

    return itertools.count(7).__next__


async def open_store(tmp_path, name: str = "ddz.db") -> Store:
    return await Store.open(tmp_path / name)


async def open_store_at(path) -> Store:
    return await Store.open(path)


def make_manager(store: Store, **kw) -> tuple[TableManager, RecordingPresenter, ManualClock]:
    presenter = RecordingPresenter()
    clock = kw.pop("clock", None) or ManualClock()
    manager = TableManager(store, presenter, clock=clock, decide=kw.pop("decide", quick_decide),
                           ai_delay=kw.pop("ai_delay", 0.0),
                           trustee_delay=kw.pop("trustee_delay", 0.0),
                           ai_in_thread=kw.pop("ai_in_thread", False),
                           seed_source=kw.pop("seed_source", _seeds()), **kw)
    return manager, presenter, clock


async def settle_down(rounds: int = 50) -> None:
    """Let automatic turns (tasks) run."""
    import asyncio

    for _ in range(rounds):
        await asyncio.sleep(0)


SPIN = 5_000  # bare yields before run_until starts sleeping between tries


async def run_until(cond, limit: int = 200_000) -> None:
    """Yield to the event loop until ``cond()`` holds: at once for the first thousands of
    tries, then every millisecond. The store works in a thread of its own (aiosqlite), and
    a loop of bare yields holds the interpreter so long that on a loaded machine (CI's
    two workers) the store's thread could not finish in ``limit`` yields."""
    import asyncio

    for i in range(limit):
        if cond():
            return
        await asyncio.sleep(0 if i < SPIN else 0.001)
    raise AssertionError("condition never held")


async def play_out(manager: TableManager, channel: int, humans: dict[int, int]) -> None:
    """Play the current deal to its end: ``humans`` maps seat -> user id; each human
    plays the quick decider's choice through the manager, like a player would."""
    table = manager._tables[channel]

    def waiting() -> bool:
        t = manager._tables.get(channel)
        if t is None or t.status != "playing":
            return True
        if t.game is None or t.game.is_over:
            return False  # the settlement is being stored
        seat = t.game.to_act
        return seat in humans and not t.seats[seat].auto

    while True:
        await run_until(waiting)
        t = manager._tables.get(channel)
        if t is None or t.status != "playing":
            return
        game = t.game
        seat = game.to_act
        action = quick_decide(game.view(seat), "normal", 0)
        await manager.act(channel, humans[seat], lambda s, a=action: type(a)(
            **{**a.__dict__, "seat": s}), seq=table.seq)
