"""The table pictures' drawing slots: waiters for a picture nobody sees anything of yet
go ahead of the line; no slot is ever lost to a cancelled waiter."""

from __future__ import annotations

import asyncio

import pytest

from cogs.drawing_slots import DrawingSlots


async def _waiter(slots: DrawingSlots, name: str, order: list[str], *, first: bool,
                  hold: asyncio.Event) -> None:
    await slots.acquire(first=first)
    order.append(name)
    await hold.wait()
    slots.release()


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_waiters_ahead_go_first_each_kind_in_its_order() -> None:
    slots, order, hold = DrawingSlots(1), [], asyncio.Event()
    await slots.acquire()
    assert slots.locked()
    tasks = [asyncio.create_task(_waiter(slots, name, order, first=name.startswith("F"),
                                         hold=hold))
             for name in ("L1", "F1", "L2", "F2")]
    await _settle()
    assert order == [] and slots.waiting == 4
    hold.set()  # each releases at once once it has its slot
    slots.release()
    await asyncio.gather(*tasks)
    assert order == ["F1", "F2", "L1", "L2"]
    assert not slots.locked() and slots.waiting == 0


async def test_a_waiter_cancelled_once_handed_a_slot_passes_it_on() -> None:
    slots, order, hold = DrawingSlots(1), [], asyncio.Event()
    await slots.acquire()
    handed = asyncio.create_task(slots.acquire())
    nxt = asyncio.create_task(_waiter(slots, "next", order, first=False, hold=hold))
    await _settle()
    slots.release()  # the slot is handed to the first waiter ...
    handed.cancel()  # ... which is cancelled before it runs again
    with pytest.raises(asyncio.CancelledError):
        await handed
    await _settle()
    assert order == ["next"], "the slot went on to the next waiter"
    hold.set()
    await nxt
    assert not slots.locked()


async def test_a_waiter_cancelled_in_line_leaves_it() -> None:
    slots = DrawingSlots(2)
    await slots.acquire()
    async with slots.first():
        assert slots.locked()
        gone = asyncio.create_task(slots.acquire())
        await _settle()
        gone.cancel()
        await _settle()
        assert slots.waiting == 0
    slots.release()
    assert not slots.locked()
    await slots.acquire()
    await slots.acquire()  # both slots are back
    assert slots.locked()


def test_there_is_at_least_one_slot() -> None:
    with pytest.raises(ValueError):
        DrawingSlots(0)
