"""Conservation: thousands of random self-play games settled by concurrent writers, with
daily bonuses, relief and grants in between. Beans are never lost or doubled."""

from __future__ import annotations

import asyncio
import random
from datetime import date, timedelta

import pytest

from bot.engine import Rules
from bot.store import (
    AlreadyClaimedError,
    ClaimRefusedError,
    InsufficientBalanceError,
    Settlement,
    Store,
)

from .backends import Target, rounds
from .helpers import AI_BANKROLL, GUILD, OTHER_GUILD, play_random

CHUNKS = 4
WRITERS = 4
GAMES_PER_WRITER = 200  # 4 chunks x 4 writers x 200 = 3200 games
VARIANTS = ("classic", "happy", "laizi", "super", "four")
WEIGHTS = (3, 3, 1, 3, 2)  # laizi games are the slowest to play out


# PostgreSQL plays one chunk (its round trips make a chunk about four times as long)
@pytest.mark.parametrize(("backend", "chunk"), rounds(CHUNKS, 1), indirect=["backend"])
async def test_random_games_conserve_beans(target: Target, chunk: int) -> None:
    async with Store.open(target, start_balance=5_000,
                          daily_bonus=700, relief_amount=1_500) as store:
        guilds = (GUILD, OTHER_GUILD)
        users = {g: list(range(1, 9)) for g in guilds}
        expected: dict[tuple[int, int], int] = {}
        minted = dict.fromkeys(guilds, 0)
        house = dict.fromkeys(guilds, 0)
        for g in guilds:
            for u in users[g]:
                player = await store.ensure_player(g, u, f"user {u}")
                expected[g, u] = player.balance
                minted[g] += player.balance
        await store.set_guild_setting(OTHER_GUILD, "daily_bonus", 250)
        tally = {"settled": 0, "refused": 0, "claimed": 0, "duplicate_claims": 0}

        async def writer(w: int) -> None:
            rng = random.Random(chunk * 1000 + w)
            for i in range(GAMES_PER_WRITER):
                g = guilds[i % 2]
                rules = Rules.preset(rng.choices(VARIANTS, WEIGHTS)[0])
                seated: list[int | None] = list(rng.sample(users[g], rules.players))
                for n in range(rules.players):
                    if rng.random() < 0.25:
                        seated[n] = None  # an AI seat
                balances = [AI_BANKROLL if u is None else await store.balance(g, u)
                            for u in seated]
                game = play_random(rules, rng.randrange(10**9), balances, rng)
                assert game.result is not None
                settlement = Settlement.from_result(f"{chunk}-{w}-{i}", g, game.result, seated)
                try:
                    assert await store.settle(settlement) is True
                except InsufficientBalanceError:
                    # another writer spent a seat's beans after we read them: refused whole
                    tally["refused"] += 1
                    continue
                tally["settled"] += 1
                for n, u in enumerate(seated):
                    if u is not None:
                        expected[g, u] += game.result.beans[n]
                house[g] += settlement.house_delta
                if i % 7 == 0:  # bonuses, relief and grants in between
                    u = rng.choice(users[g])
                    day = date(2025, 1, 1) + timedelta(days=i // 21)
                    try:
                        given = await store.claim_daily(g, u, day)
                        expected[g, u] += given
                        minted[g] += given
                        tally["claimed"] += 1
                    except AlreadyClaimedError:
                        tally["duplicate_claims"] += 1
                    try:
                        given = await store.claim_relief(g, u, 1_000, day)
                        expected[g, u] += given
                        minted[g] += given
                    except (AlreadyClaimedError, ClaimRefusedError):
                        pass
                    amount = rng.randint(1, 500)
                    await store.grant(g, u, amount, "test grant", 42)
                    expected[g, u] += amount
                    minted[g] += amount

        await asyncio.gather(*(writer(w) for w in range(WRITERS)))

        assert tally["settled"] > WRITERS * GAMES_PER_WRITER * 0.8, tally
        for g in guilds:
            board = await store.leaderboard(g, per_page=100)
            balances = {e.user_id: e.balance for e in board}
            assert balances == {u: expected[g, u] for u in users[g]}
            assert await store.house_balance(g) == house[g]
            # every bean ever given is held by a player or the house, none made or lost
            assert sum(balances.values()) + house[g] == minted[g]
            report = await store.check_invariants(g)
            assert report.ok, str(report)
            assert report.minted == report.held == minted[g]
        report = await store.check_invariants()
        assert report.ok, str(report)
        assert report.settlements == tally["settled"]
