"""A quick smoke run of bench/discord_load.py: the bot process, the rate-limited Discord
stand-in and 5 tables (people and AI seats at a fast pace here, and each person hands their
seat to the AI after a play, so that deals finish within seconds), every printed
measurement a real number. Its window ends once every figure has something to measure
(seconds on an idle machine), not after a fixed time: on a loaded machine the bot, at a
lower priority than everything else there, may take minutes for what an idle one does in
seconds."""

from __future__ import annotations

import asyncio
import math
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bench import discord_load, discord_procs, load_figures
from bench.discord_people import Action, Seen

PG_URL = os.environ.get("DDZ_TEST_DATABASE_URL", "").strip() or None

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


SEVERAL = {"rest_by": 4, "queued_by": 4, "picture_wait": 2,  # by priority; p50 p99
           **{f"act_{stage}": 2 for stage, _ in load_figures.ACTION_STAGES}}
# the stages of words sent ahead of their picture: only when every drawing slot is busy,
# which 5 tables never make them (tests/discord/test_words_first.py tests that path)
BUSY_ONLY = {"edit_words", "edit_picture_slot", "edit_picture_draw", "edit_picture_request"}


SMOKE_LONGEST = 150.0  # the longest window (beside busy loops: 27-56 s); under the 300 s timeout


def _real(key: str, value: Any) -> bool:
    if isinstance(value, str):  # several figures: by priority, or p50 and p99
        figures = [float(x) for x in value.split()]
        return len(figures) == SEVERAL[key] and all(math.isfinite(x) for x in figures)
    if key in BUSY_ONLY:
        return math.isnan(value) or value >= 0
    return isinstance(value, int | float) and math.isfinite(value)


def _unmeasured(row: dict[str, Any]) -> list[str]:
    """What the window has nothing to measure for yet (empty: the smoke's window can end):
    every printed figure a real number, and what it checks happened inside the window."""
    missing = [f"{label} ({row[key]})" for label, key, _ in load_figures.ROWS
               if key in row and key != "stop_s" and not _real(key, row[key])]
    wanted = {"over 20 actions": row["actions"] > 20,
              "a play shown in its hand DM": row["hand_n"] > 0,
              "a deal finished": row["deals_min"] > 0,
              "a bid, a play hint and a next deal": {"playhint", "bid", "next"} <= set(
                  row["kinds"]),
              "pictures drawn": row["pictures_s"] > 0 and row["picture_cpu_ms"] > 0}
    return missing + [what for what, seen in wanted.items() if not seen]


def test_discord_load_smoke() -> None:
    lines: list[str] = []
    row = asyncio.run(discord_load.run_load(
        5, SMOKE_LONGEST, ramp=0.5, warmup=1.0, think=(0.05, 0.3), trustee_after=1,
        stop_s=5.0, bot_env={"DDZ_AI_DELAY": "0", "DDZ_TRUSTEE_DELAY": "0"},
        out=lines.append, enough=lambda figures: not _unmeasured(figures)))
    assert lines and "5 tables open" in lines[0]
    assert "the opening's requests as the bot (urgent, normal) drained" in lines[1], lines[1]
    assert _unmeasured(row) == [], f"nothing measured for these in {row['seconds']:.0f} s"
    assert row["unanswered"] == 0
    assert 0 < row["first_p50"] <= row["first_p99"] < 3000  # Discord's 3 s
    assert 0 < row["table_p50"] <= row["table_p99"]
    assert row["shown_words"] > 0 and row["shown_picture"] > 0  # in the bot: both parts
    assert row["hand_p99"] > 0
    p50, p99 = (float(x) for x in row["picture_wait"].split())
    assert 0 < p50 <= p99
    assert row["bot_cpu"] > 0 and row["rss_mb"] > 20
    table = load_figures.table_lines([row])
    assert table[0].split() == ["tables", "5"] and len(table) == len(load_figures.ROWS) + 1


def _table(left: int, plays: str) -> Seen:
    content = f"Cards left: Ann {left} · AI 🤖 Ada (normal) 17 · AI 🤖 Bo (normal) 17\n" \
              f"Last plays: {plays}"
    return Seen(1.0, "m", content, {}, [], ["table.png"])


def test_a_pass_shows_when_the_next_seats_passed_in_the_same_edit() -> None:
    passed = Action(1, 2, "Ann", "pass", "i", "t", left=51)
    ada, bo = "AI 🤖 Ada (normal)", "AI 🤖 Bo (normal)"
    assert load_figures.reflects(passed, _table(17, f"{bo} plays 7 · Ann passes"))
    assert load_figures.reflects(passed, _table(17, f"{bo} plays 7 · Ann passes · {ada} passes"))
    # before the pass: the play Ann had to beat, or her pass of an earlier trick
    assert not load_figures.reflects(passed, _table(17, f"Ann passes · {ada} passes · "
                                                        f"{bo} plays 7"))
    assert not load_figures.reflects(passed, _table(17, f"{ada} plays 5 · {bo} plays 7"))
    assert load_figures.reflects(passed, _table(16, f"{bo} plays 7 · {ada} plays 8"))


def test_a_turn_ping_is_not_taken_for_the_table_message(tmp_path: Path) -> None:
    load = discord_load.Load(1, tmp_path)
    channel = next(iter(load.tables))

    def message(t: float, message_id: str, content: str | None, buttons: dict[str, bool] | None,
                files: list[str] | None, via: str) -> None:
        load._message({"t": t, "c": str(channel), "m": message_id, "ct": content, "b": buttons,
                       "o": None, "f": files, "k": via})

    message(1.0, "T", "Turn: P0", {f"ddz:{channel}:hand": False}, ["table.png"], "post")
    message(1.1, "P", "<@1>, your turn", {}, None, "post")  # a ping in the channel
    message(1.2, "T", "Turn: Ada", None, None, "orig")  # the words alone, through a token
    table = load.tables[channel]
    assert table.seen is not None and table.seen.message_id == "T"
    assert table.seen.content == "Turn: Ada" and table.seen.files == ["table.png"], \
        "the words-only edit keeps the table's picture and controls"
    assert [(s.message_id, s.content) for s in table.history] == [("T", "Turn: P0"),
                                                                  ("T", "Turn: Ada")]


async def test_the_windows_last_actions_are_waited_for_until_their_edits_are_seen(
        tmp_path: Path) -> None:
    """After the window the driver waits for what it measures (each action's answer and
    table edit), not for a fixed time: it ends as soon as they are seen."""
    load = discord_load.Load(1, tmp_path)
    channel = next(iter(load.tables))
    person = load.tables[channel].people[0]
    now = time.monotonic()
    load.actions.append(Action(channel, person.user, person.name, "bid", "i1", "t1",
                               written=now, seq=3))
    waiting = asyncio.create_task(load.settled(now - 1, now + 1, limit=120))

    async def still_waiting() -> bool:
        for _ in range(20):
            await asyncio.sleep(0)
        return not waiting.done()

    assert await still_waiting(), "nothing of the bid seen yet"
    load.callbacks["i1"] = now + 0.1
    load.arrived.set()
    assert await still_waiting(), "answered, but the table edit showing it not seen yet"
    load._message({"t": now + 0.5, "c": str(channel), "m": "T", "ct": "Turn: AI",
                   "b": {f"ddz:{channel}:bid:1:4": False}, "o": None, "f": ["table.png"],
                   "k": "edit"})
    load.arrived.set()
    await asyncio.wait_for(waiting, 60)  # at once, far from the limit of 120 s


def test_a_postgresql_url_gets_the_loads_schema_as_its_search_path() -> None:
    assert discord_load.with_schema("postgresql://u@h/d", "s1") == \
        "postgresql://u@h/d?search_path=s1"
    assert discord_load.with_schema("postgresql://u@h/d?sslmode=disable", "s1") == \
        "postgresql://u@h/d?sslmode=disable&search_path=s1"


async def test_sqlite_needs_no_schema() -> None:
    async with discord_load.fresh_schema(None, "unused") as url:
        assert url is None


@pytest.mark.skipif(PG_URL is None, reason="needs DDZ_TEST_DATABASE_URL (CI sets it)")
async def test_each_load_gets_an_empty_schema_dropped_after() -> None:
    """The bot recovers the tables it finds: each load on PostgreSQL starts empty."""
    import asyncpg

    assert PG_URL is not None
    schema = f"ddz_bench_test_{os.getpid()}"
    async with discord_load.fresh_schema(PG_URL, schema) as url:
        assert url is not None and url.endswith(f"search_path={schema}")
        inside = await asyncpg.connect(url)
        try:
            await inside.execute("CREATE TABLE left_over (x int)")
            assert await inside.fetchval("SHOW search_path") == schema
        finally:
            await inside.close()
    async with discord_load.fresh_schema(PG_URL, schema):
        check = await asyncpg.connect(PG_URL)
        try:
            assert await check.fetchval(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = $1",
                schema) == 0, "a schema left by an earlier load is emptied"
        finally:
            await check.close()
    check = await asyncpg.connect(PG_URL)
    try:
        assert await check.fetchval(
            "SELECT count(*) FROM information_schema.schemata WHERE schema_name = $1",
            schema) == 0
    finally:
        await check.close()


def test_the_machine_speed_is_a_time_in_milliseconds() -> None:
    one = discord_procs.machine_speed_ms(rounds=1)
    best = discord_procs.machine_speed_ms(rounds=3)
    assert 0 < best < 10_000 and math.isfinite(one)


def test_the_bot_cores_are_a_list_of_cores() -> None:
    assert discord_procs.core_list("1,0") == [0, 1]
    for bad in ("", "a", "0-1", "-1"):
        with pytest.raises(SystemExit, match="--bot-cores"):
            discord_procs.core_list(bad)
