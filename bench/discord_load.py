"""Benchmark: N live tables as Discord sees them, on the real bot process (issue 37).

Run: ``python -m bench.discord_load [--tables 100,300,500] [--seconds 120]``.

For each load: a Discord stand-in in its own process (``bench/discord_standin.py``: REST,
Discord's rate limits, every 429 counted) and the real bot, ``python -m bot --headless``
on SQLite with its defaults (AI pace, edit coalescing, picture and AI worker processes),
pinned with ``taskset`` to cores 0 and 1 with its workers. This driver writes gateway
events to the bot's stdin: it opens the tables (``/ddz new``, a second person joins on
every other table, AI seats fill the rest, the creator starts), and the simulated people
(:mod:`bench.discord_people`) answer at a human pace from what the stand-in received; the
creator starts the next deal when one ends. After the tables are open, ``--seconds`` are
measured:

- interaction first answer: from writing the event to the stand-in seeing the callback;
- action -> table message edit: to the first edit that shows the action (an auction
  button's turn passed; fewer cards left, or the person's pass last; or the result);
- action -> hand DM edit (plays): to the hand DM showing the smaller hand;
- pictures drawn a second (the bot's ``/metrics``) and the picture workers' CPU;
- the event loop's lag p99 (``ddz_event_loop_lag_seconds``), the bot's CPU and memory;
- 429 answers; deals finished a minute.

It measures once the opening's burst of requests as the bot has drained (at most 180 s).
With ``DDZ_BENCH_DATABASE_URL`` set, the bot runs on that PostgreSQL instead of SQLite, in a
schema of its own a load (created empty, dropped after); the URL is never printed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from bench.discord_people import Action, Person, Seen, Table, command, table_click
from bench.discord_procs import (
    BOT_CORES,
    ProcessTree,
    core_list,
    free_port,
    lower_autogroup,
    machine_speed_ms,
    pinning,
)
from bench.load_figures import (
    ENOUGH_EVERY,
    FOUND_WITHIN,
    Window,
    people_actions,
    scrape,
    shown,
    table_edit,
    table_lines,
    timed_by_table,
)

ROOT = Path(__file__).resolve().parents[1]
GUILD = 770_000_000_000_000_000
CHANNELS = 2_100_000_000_000_000_000 // 1000  # table channels: CHANNELS + i
USERS = 1_300_000_000_000_000_000 // 1000  # people: USERS + 2 * k (their DM: +1)
THINK = (2.0, 6.0)  # seconds a person takes to decide
STOP_S = 30.0  # seconds the bot has to stop cleanly before it is killed


class Load:
    """One run: the stand-in, the bot, the tables and their people."""

    def __init__(self, tables: int, folder: Path, seed: int = 1,
                 think: tuple[float, float] = THINK, trustee_after: int | None = None
                 ) -> None:
        self.folder = folder
        self.think = think
        self.rng = random.Random(seed)
        self.tables: dict[int, Table] = {}
        self.people: dict[int, Person] = {}
        self.dms: dict[int, list[Seen]] = {}  # user -> their hand DM's messages, in order
        self.changed: dict[int, asyncio.Event] = {}
        self.actions: list[Action] = []
        self.callbacks: dict[str, float] = {}
        self.waiting: dict[str, asyncio.Future[float]] = {}
        self.tokens: dict[str, str] = {}  # token -> interaction id
        # a click's token -> (its channel, the message clicked), and how each click was
        # answered: one answered by updating its message edits that message through the
        # token ("@original"), as Discord does
        self.clicked: dict[str, tuple[str, str]] = {}
        self.answer_types: dict[str, int] = {}
        self.refused: set[str] = set()
        self.refusals: dict[str, int] = {}  # the refusals' words (their first line), counted
        self.limited: list[tuple[float, str, str]] = []
        self.standin: asyncio.subprocess.Process | None = None
        self.bot: asyncio.subprocess.Process | None = None
        self.stopping = False
        self.summary: dict[str, Any] = {}  # the stand-in's last line
        # at each event written: (when, bytes of earlier events the bot's stdin has not taken)
        self.stdin_waiting: list[tuple[float, int]] = []
        self.patience = STOP_S  # seconds the bot has to stop cleanly
        self.arrived = asyncio.Event()  # set at each line of the stand-in's record
        for i in range(tables):
            channel = CHANNELS + i
            people = []
            for k in range(1 + i % 2):  # one person, two on every other table
                user = USERS + 2 * (2 * i + k)
                people.append(Person(user, f"P{2 * i + k}", channel, GUILD, k == 0,
                                     random.Random(self.rng.random()),
                                     trustee_after=trustee_after))
            self.tables[channel] = Table(channel, GUILD, people)
            for person in people:
                self.people[person.user] = person
                self.changed[person.user] = asyncio.Event()
                self.dms[person.user] = []

    # ------------------------------------------------------------------ processes
    async def start(self, metrics_port: int, pin: list[str],
                    bot_env: dict[str, str] | None = None,
                    profile: Path | None = None) -> None:
        """Start the stand-in, then the bot on it; ``profile``: run the bot's process under
        cProfile, which writes its profile there when the bot stops cleanly."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("DDZ_")}
        self.standin = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bench.discord_standin", cwd=ROOT, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2 ** 24)
        assert self.standin.stdout is not None
        line = (await self.standin.stdout.readline()).decode().split()
        assert line[:1] == ["listening"], line
        env.update(DISCORD_TOKEN="bench-token", DDZ_DISCORD_API=line[1],
                   DDZ_DB_PATH=str(self.folder / "bench.db"), DDZ_LOG_LEVEL="WARNING",
                   DDZ_METRICS_PORT=str(metrics_port),
                   PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT),
                                                            os.environ.get("PYTHONPATH")))),
                   **(bot_env or {}))
        with open(self.folder / "bot.log", "wb") as log:
            self.bot = await asyncio.create_subprocess_exec(
                *pin, sys.executable, *bot_module(profile), "--headless",
                cwd=self.folder, env=env,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log,
                start_new_session=True)
        if pin[:1] == ["nice"]:  # sharing the cores with the driver and the stand-in
            lower_autogroup(self.bot.pid)
        assert self.bot.stdout is not None
        ready = await asyncio.wait_for(self.bot.stdout.readline(), 120)
        if ready.strip() != b"ready":
            raise RuntimeError("the bot did not start: "
                               + (self.folder / "bot.log").read_text()[-3000:])

    async def stop(self, patience: float = STOP_S) -> float | None:
        """Stop the bot by ending its input (a clean stop), or kill it and its workers
        after ``patience`` seconds; then the stand-in. The seconds the bot took to stop (None:
        it did not stop by itself)."""
        stopped: float | None = None
        if self.bot is not None and self.bot.returncode is None:
            assert self.bot.stdin is not None
            began = time.monotonic()
            self.bot.stdin.close()
            try:
                await asyncio.wait_for(self.bot.wait(), patience)
                stopped = time.monotonic() - began
            except TimeoutError:
                pass
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.bot.pid, signal.SIGKILL)  # and any worker left behind
            await self.bot.wait()
        if self.standin is not None and self.standin.returncode is None:
            assert self.standin.stdin is not None
            self.standin.stdin.close()
            try:
                await asyncio.wait_for(self.standin.wait(), 10)
            except TimeoutError:
                self.standin.kill()
                await self.standin.wait()
        return stopped

    # ------------------------------------------------------------------ the stand-in's record
    async def read_standin(self) -> None:
        assert self.standin is not None and self.standin.stdout is not None
        async for raw in self.standin.stdout:
            self.arrived.set()
            event = json.loads(raw)
            kind = event["k"]
            if kind == "cb":
                interaction = event["i"]
                self.callbacks.setdefault(interaction, event["t"])
                self.answer_types.setdefault(interaction, event.get("ty") or 0)
                if event["ct"].startswith("❌"):
                    self.refused.add(interaction)
                    self._refusal(event["ct"])
                future = self.waiting.pop(interaction, None)
                if future is not None and not future.done():
                    future.set_result(event["t"])
            elif kind in ("fu", "orig"):
                if (event["ct"] or "").startswith("❌") and event["tok"] in self.tokens:
                    self.refused.add(self.tokens[event["tok"]])
                    self._refusal(event["ct"])
                clicked = self.clicked.get(event["tok"])
                answer = self.answer_types.get(self.tokens.get(event["tok"], ""), 0)
                if kind == "orig" and event["m"] is None and clicked is not None and \
                        answer in (6, 7):  # the clicked message, edited through the token
                    self._message({**event, "c": clicked[0], "m": clicked[1]})
            elif kind in ("post", "edit"):
                self._message(event)
            elif kind == "429":
                self.limited.append((event["t"], event["scope"], event["p"]))
            elif kind == "end":
                self.summary = event

    def _refusal(self, words: str) -> None:
        line = words.split("\n")[0][:90]
        self.refusals[line] = self.refusals.get(line, 0) + 1

    def _message(self, event: dict[str, Any]) -> None:
        channel = int(event["c"])
        seen = Seen(event["t"], event["m"], event["ct"], event["b"], event["o"], event["f"],
                    event["k"])
        table = self.tables.get(channel)
        # the message's last state: a table channel also gets turn pings, so the last
        # message seen there need not be the one edited
        before = table.messages.get(seen.message_id) if table is not None else \
            self.people.get(channel - 1, None)
        if isinstance(before, Person):
            before = before.dm
        if before is not None and before.message_id == seen.message_id:
            # an edit keeps what it does not name: the words and controls (a table's
            # picture alone, when every drawing slot was busy), the table's picture (its
            # words alone); a hand DM's files stay as sent (None: no new picture)
            seen = Seen(seen.t, seen.message_id,
                        before.content if seen.content is None else seen.content,
                        before.buttons if seen.buttons is None else seen.buttons,
                        before.selects if seen.selects is None else seen.selects,
                        before.files if seen.files is None and table is not None
                        else seen.files, seen.via)
        elif seen.content is None or seen.buttons is None:
            seen = Seen(seen.t, seen.message_id, seen.content or "", seen.buttons or {},
                        seen.selects or [], seen.files, seen.via)
        if table is not None:
            table.messages[seen.message_id] = seen
            if not seen.buttons and not seen.files:
                return  # a turn ping, not the table message (which has its controls)
            table.seen = seen
            table.history.append(seen)
            for player in table.people:
                self.changed[player.user].set()
            return
        person = self.people.get(channel - 1)
        if person is not None:
            if (before is None or before.message_id != seen.message_id) and \
                    not seen.buttons and not seen.files:
                return  # a ping by DM, not the hand DM (a new one has its picture)
            person.dm = seen
            self.dms[person.user].append(seen)
            self.changed[person.user].set()

    # ------------------------------------------------------------------ acting
    def write(self, data: dict[str, Any], action: Action) -> None:
        assert self.bot is not None and self.bot.stdin is not None
        self.tokens[action.token] = action.interaction
        if data.get("type") == 3 and data.get("message"):
            self.clicked[action.token] = (data["channel_id"], data["message"]["id"])
        action.written = time.monotonic()
        self.stdin_waiting.append((action.written,
                                   self.bot.stdin.transport.get_write_buffer_size()))
        self.bot.stdin.write(json.dumps({"t": "INTERACTION_CREATE", "d": data}).encode()
                             + b"\n")
        self.actions.append(action)

    async def answered(self, data: dict[str, Any], person: Person, kind: str) -> None:
        """Write a set-up event and wait for its callback."""
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self.waiting[data["id"]] = future
        self.write(data, Action(person.table, person.user, person.name, kind, data["id"],
                                data["token"]))
        await asyncio.wait_for(future, 60)

    async def open_table(self, table: Table, delay: float) -> None:
        await asyncio.sleep(delay)
        first = table.people[0]
        await self.answered(command("new", first.user, first.name, guild_id=GUILD,
                                    channel_id=table.channel), first, "setup")
        for _ in range(1200):  # people click the table message's buttons once they see it
            if table.seen is not None:
                break
            await asyncio.sleep(0.05)
        for person in table.people[1:]:
            await self.answered(table_click(GUILD, table.channel, person.user, person.name,
                                            f"ddz:{table.channel}:join", shown(table)),
                                person, "setup")
        for _ in range(3 - len(table.people)):
            await self.answered(table_click(GUILD, table.channel, first.user, first.name,
                                            f"ddz:{table.channel}:addai", shown(table)),
                                first, "setup")
        await self.answered(table_click(GUILD, table.channel, first.user, first.name,
                                        f"ddz:{table.channel}:start", shown(table)), first,
                            "setup")

    async def play(self, person: Person) -> None:
        """The person, deal after deal, at a human pace."""
        table = self.tables[person.table]
        changed = self.changed[person.user]
        while not self.stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), 1.0)
            changed.clear()
            if person.next_move(table.seen) is None:
                continue
            await asyncio.sleep(person.rng.uniform(*self.think))
            move = None if self.stopping else person.next_move(table.seen)
            if move is not None:
                self.write(*move)
                person.acted_after = move[1].written
                person.acted_in_deal += move[1].kind in ("play", "playhint", "pass")

    async def settled(self, since: float, until: float, limit: float) -> None:
        """Wait until each people's action written in ``[since, until)`` has its answer and
        (when it is measured) its table edit seen, or is ``FOUND_WITHIN`` old (measured
        as missing then), at most ``limit`` seconds."""
        ends = time.monotonic() + limit
        while (now := time.monotonic()) < ends:
            open_until = [a.written + FOUND_WITHIN for a in people_actions(self, since, until)
                          if (a.interaction not in self.callbacks or (
                              timed_by_table(self, a) and table_edit(self, a) is None))
                          and now < a.written + FOUND_WITHIN]
            if not open_until:
                return
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), min(ends, *open_until) - now)


DRAIN_LIMIT = 180.0  # seconds the measurement waits for the opening's backlog
DRAINED = 5  # requests waiting at urgent and normal priority: under 0.2 s of the pacer's


async def drain_opening(port: int, limit: float = DRAIN_LIMIT, every: float = 0.5) -> float:
    """Wait until at most ``DRAINED`` requests as the bot wait at urgent or normal priority
    (opening hundreds of tables within seconds sends their first messages and hand DMs at
    once, at the global limit's pace: a backlog of seconds that steady play never has;
    steady play at 500 tables keeps a few waiting at any moment); the seconds it took
    (``limit`` if it never did)."""
    started = time.monotonic()
    while (waited := time.monotonic() - started) < limit:
        figures = await scrape(port)
        if sum(figures.get(("ddz_rest_queued_by_priority", frozenset({("priority", name)})),
                           0.0) for name in ("urgent", "normal")) <= DRAINED:
            return waited
        await asyncio.sleep(every)
    return limit


def bot_module(profile: Path | None) -> list[str]:
    """The interpreter's arguments that run the bot's module: ``-m bot``, or under cProfile
    writing to ``profile`` (:mod:`bench.profiled`: the event loop's thread, timed by its CPU
    clock; the workers are other processes, not profiled)."""
    if profile is None:
        return ["-m", "bot"]
    return ["-m", "bench.profiled", str(profile.resolve()), "bot"]


async def run_load(tables: int, seconds: float, *, ramp: float | None = None,
                   warmup: float = 5.0, grace: float = FOUND_WITHIN,
                   think: tuple[float, float] = THINK, bot_env: dict[str, str] | None = None,
                   trustee_after: int | None = None, stop_s: float = STOP_S,
                   profile: Path | None = None, out: Any = print,
                   bot_cores: str = BOT_CORES,
                   enough: Callable[[dict[str, Any]], bool] | None = None
                   ) -> dict[str, Any]:
    """One load: open ``tables`` tables, let the deals start (``warmup``), measure
    ``seconds``, wait until the answers and table edits of the window's actions are seen
    (each for ``FOUND_WITHIN`` after it, at most ``grace`` seconds in all), stop; the
    numbers. With ``enough``, the window ends as soon as ``enough`` holds for its figures
    so far, ``seconds`` being then the longest it lasts: the smoke test's window ends once
    every figure it checks has something to measure, however slow a loaded machine makes
    the bot. ``think`` (the people's pace), ``bot_env`` (the bot's settings) and
    ``trustee_after`` (people hand their seat to the AI after so many plays a deal) are for
    the smoke test, where deals must end within seconds. ``profile``: the bot's main
    process runs under cProfile and its profile is written to that file. ``bot_cores``:
    the cores the bot and its workers are pinned to (as many picture and AI workers as
    cores)."""
    pin, _ = pinning(bot_cores)
    workers = str(len(core_list(bot_cores)))
    bot_env = {"DDZ_RENDER_PROCESSES": workers, "DDZ_AI_PROCESSES": workers,
               **(bot_env or {})}
    port = free_port()
    speed = machine_speed_ms()
    with tempfile.TemporaryDirectory(prefix="ddz-load-") as tmp:
        load = Load(tables, Path(tmp), think=think, trustee_after=trustee_after)
        try:
            load.patience = stop_s
            row = await _measure_load(load, port, pin, bot_env, ramp, warmup, seconds, grace,
                                      out, profile, enough)
        finally:
            await load.stop()
    row["speed_ms"] = speed
    return row


async def _measure_load(load: Load, port: int, pin: list[str], bot_env: dict[str, str] | None,
                        ramp: float | None, warmup: float, seconds: float, grace: float,
                        out: Any, profile: Path | None = None,
                        enough: Callable[[dict[str, Any]], bool] | None = None
                        ) -> dict[str, Any]:
    tables = len(load.tables)
    await load.start(port, pin, bot_env, profile)
    reader = asyncio.create_task(load.read_standin())
    assert load.bot is not None and load.standin is not None
    tree = ProcessTree(load.bot.pid)
    idle_rss = tree.rss_main()
    ramp = ramp if ramp is not None else min(30.0, max(1.0, tables / 20))
    started = time.monotonic()
    await asyncio.gather(*(load.open_table(t, ramp * i / tables)
                           for i, t in enumerate(load.tables.values())))
    out(f"  {tables} tables open in {time.monotonic() - started:.1f} s")
    players = [asyncio.create_task(load.play(p)) for p in load.people.values()]
    await asyncio.sleep(warmup)  # the first auctions under way
    drained = await drain_opening(port)
    out(f"  the opening's requests as the bot (urgent, normal) drained {drained:.1f} s after "
        f"the warm-up" if drained < DRAIN_LIMIT else
        f"  the opening's requests as the bot (urgent, normal) NOT drained after "
        f"{DRAIN_LIMIT:.0f} s: measured anyway")
    before, cpu0, since = await scrape(port), tree.cpu(load.standin.pid), time.monotonic()
    window = Window(load, tree, port, idle_rss, before, cpu0, since)
    figures = await window.end(seconds if enough is None else 0.0)
    while enough is not None and not enough(figures) and \
            window.until - since < seconds:  # the smoke: until its figures have samples
        figures = await window.end(ENOUGH_EVERY)
    load.stopping = True
    await load.settled(since, window.until, grace)  # the last actions' answers and edits
    for task in players:
        task.cancel()
    stopped = await load.stop(load.patience)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(reader, 5)  # the stand-in's summary
    reader.cancel()
    summary = load.summary
    kept = ROOT / "bench" / "out" / f"discord_load-bot-{tables}.log"
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(load.folder / "bot.log", kept)  # the bot's log, for reading after
    complaints = [line for line in (load.folder / "bot.log").read_text(
        errors="replace").splitlines() if "ERROR" in line or "Traceback" in line]
    if complaints:
        out(f"  the bot logged {len(complaints)} error lines (its log: {kept}), the first: "
            f"{complaints[0]}")
    row = window.figures()  # again: with the answers and edits seen since it ended
    row.update(limited_total=sum(summary.get("limited", {}).values()),
               requests=summary.get("requests", 0),
               stop_s=stopped if stopped is not None else float("nan"))
    row["routes"] = summary.get("routes", {})
    row["limited_paths"] = sorted({p.split("/")[1] + " " + p.split()[0]
                                   for _, _, p in load.limited})
    return row


DATABASE_VARIABLE = "DDZ_BENCH_DATABASE_URL"  # set: the bot runs on this PostgreSQL


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``schema`` as the search path (asyncpg passes it to the server)."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@contextlib.asynccontextmanager
async def fresh_schema(url: str | None, schema: str) -> AsyncIterator[str | None]:
    """A new, empty ``schema`` on the PostgreSQL of ``url`` for one load (the bot would
    recover the tables of an earlier load), dropped after; the URL to it. ``url`` None
    (SQLite): None."""
    if not url:
        yield None
        return
    import asyncpg

    connection = await asyncpg.connect(url)
    try:
        await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await connection.execute(f'CREATE SCHEMA "{schema}"')
        yield with_schema(url, schema)
    finally:
        await connection.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await connection.close()


async def run(loads: list[int], seconds: float, out: Any = print,
              profile: Path | None = None, bot_cores: str = BOT_CORES
              ) -> list[dict[str, Any]]:
    """Each load in turn, then their numbers side by side; ``profile``: profile the bot's
    main process (a load's profile goes to ``profile`` with ``-TABLES`` before its suffix);
    ``bot_cores``: the cores the bot runs on."""
    _, pinned = pinning(bot_cores)
    database = os.environ.get(DATABASE_VARIABLE)
    store = "SQLite" if not database else \
        f"PostgreSQL ({DATABASE_VARIABLE}, a schema of its own a load; its server unpinned)"
    out(f"Discord load: {pinned}; {store}; bot defaults (AI pace, 1 s edit coalescing, "
        f"picture and AI workers = the bot's cores); {seconds:.0f} s measured a load")
    out("stand-in limits: 5 message creates/edits per channel per 5 s, 50 requests/s "
        "global (interaction endpoints exempt)")
    rows = []
    for tables in loads:
        path = None if profile is None else profile.with_name(
            f"{profile.stem}-{tables}{profile.suffix}")
        async with fresh_schema(database, f"ddz_bench_{os.getpid()}_{tables}") as url:
            rows.append(await run_load(tables, seconds, out=out, profile=path, grace=10.0,
                                       bot_env={"DDZ_DATABASE_URL": url} if url else None,
                                       bot_cores=bot_cores))
        if path is not None:
            out(f"  the bot's main process profile: {path}"
                + ("" if path.exists() else " (NOT written: the bot did not stop cleanly)"))
    for line in table_lines(rows):
        out(line)
    for r in rows:
        out(f"people's actions at {r['tables']} tables: "
            + ", ".join(f"{k} {n}" for k, n in sorted(r["kinds"].items())))
        out("  1st answer p99 ms: " + ", ".join(
            f"{k} {v:.0f}" for k, v in sorted(r["first_p99_by"].items())))
        out("  action -> table edit p50/p99 ms: " + ", ".join(
            f"{k} {a:.0f}/{b:.0f}" for k, (a, b) in sorted(r["table_p99_by"].items())))
        out("  hand DM p99 ms (plays): " + ", ".join(
            f"{k} {v:.0f} ({n})" for k, (v, n) in sorted(r["hand_p99_by"].items())))
        for words, n in sorted(r["refusals"].items(), key=lambda kv: -kv[1])[:5]:
            out(f"  refused {n}×: {words}")
        routes = sorted(r["routes"].items(), key=lambda kv: -kv[1])[:8]
        out("  requests (whole run): " + ", ".join(f"{k} {n}" for k, n in routes))
    out(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.discord_load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="100,300,500",
                        help="loads, comma-separated (default 100,300,500)")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--profile", type=Path, metavar="PATH",
                        help="run the bot's main process under cProfile; each load's profile "
                        "is written to PATH with -TABLES before its suffix (read it with "
                        "python -m pstats); the profiler slows the process, so its CPU "
                        "figures compare only with other profiled runs")
    parser.add_argument("--bot-cores", default=BOT_CORES, metavar="LIST",
                        help="the cores the bot and its workers run on, as taskset's list "
                        f"(default {BOT_CORES}); on a machine with more, the driver and the "
                        "stand-in run on the others (e.g. --bot-cores 0 on 2 cores: the bot "
                        "on a core of its own, one picture and one AI worker)")
    args = parser.parse_args(argv)
    core_list(args.bot_cores)
    asyncio.run(run([int(n) for n in args.tables.split(",")], args.seconds,
                    profile=args.profile, bot_cores=args.bot_cores))


if __name__ == "__main__":
    main()
