"""A tournament's announcements in the store, on every backend: a round's standings and
the final ranking each go from due to posting to announced, never back; the final is due
from the payout's own transaction, and a finished tournament whose final is not announced
is found at start-up (bot/store/tournaments.py, migration 014)."""

from __future__ import annotations

from bot.store import Store
from bot.store.tournaments import FINAL, Announcement

from .test_tournaments import _play, _signed_up


async def test_a_round_goes_due_posting_announced(store: Store) -> None:
    tid = await _signed_up(store, 4)
    await store.start_tournament(tid)
    assert await store.announcement(tid, 1) == Announcement.DUE
    await store.announcing(tid, 1)
    assert await store.announcement(tid, 1) == Announcement.POSTING
    await store.announcing(tid, 1)  # posted again after a stop: still posting
    assert await store.announcement(tid, 1) == Announcement.POSTING
    await store.announced(tid, 1)
    assert await store.announcement(tid, 1) == Announcement.DONE
    await store.announcing(tid, 1)  # never back
    assert await store.announcement(tid, 1) == Announcement.DONE
    assert await store.announcement(tid, 2) == Announcement.DUE  # each round its own
    await store.announced(tid, 2)  # noted without a "posting" before it: announced too
    assert await store.announcement(tid, 2) == Announcement.DONE


async def test_the_final_is_due_with_the_payout_until_announced(store: Store) -> None:
    tid = await _signed_up(store, 4)
    await store.start_tournament(tid)
    await _play(store, tid)
    assert await store.unannounced_finals() == []  # not paid yet: nothing due
    await store.pay_prizes(tid)
    assert [t.tournament_id for t in await store.unannounced_finals()] == [tid]
    assert await store.announcement(tid, FINAL) == Announcement.DUE
    await store.pay_prizes(tid)  # a second call changes nothing
    await store.announcing(tid, FINAL)
    assert [t.tournament_id for t in await store.unannounced_finals()] == [tid]
    await store.announced(tid, FINAL)
    assert await store.unannounced_finals() == []
    await store.pay_prizes(tid)
    assert await store.announcement(tid, FINAL) == Announcement.DONE


async def test_a_cancelled_tournament_has_no_final_to_announce(store: Store) -> None:
    tid = await _signed_up(store, 4)
    await store.start_tournament(tid)
    await store.cancel_tournament(tid)
    assert await store.unannounced_finals() == []
