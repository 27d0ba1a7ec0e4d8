"""Benchmark of the Activity server's door under a flood (issue 54): what reaches Discord,
what is refused, and how long the event loop stalls.

Run: ``python -m bench.auth_flood [--seconds 60] [--smoke]``.

This process runs the Activity's server (bot/web, its limits from the environment as the
bot reads them, ``DDZ_WS_*``, ``DDZ_AUTH_*``…, with 127.0.0.1 trusted as a proxy so the
flood can name many client addresses) against the REST stand-in of Discord
(tests/cluster/standin.py), its instance checks paced as the bot's (``bot.discord_api.pacing``). A
child process floods it on loopback for the set time:

- garbage auth frames (not JSON, deeply nested, CR/LF and short tokens);
- made-up codes at ``/api/token`` and made-up tokens in auth frames, from many addresses;
- a real user's token with made-up instance ids;
- many sockets opened and held without signing in;
- a real user's four pages sending frames as fast as they are answered;
- and, every half second, one real sign-in (a fresh code, then the socket).

Printed, all measured: the requests the stand-in received from the server (in total and
those answered 4xx, over the run and in its busiest 60 seconds), the refusals by kind (at
the door, in the auth, and as the flood's clients saw them), how the real sign-ins fared,
and the event loop's longest stall (a task that sleeps 5 ms at a time notes how late it
wakes). The process runs as the bot's does (:mod:`bot.process.tuning`: its collector's pace,
uvloop where installed); a full collection of a big heap is a stall of its own.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import logging
import multiprocessing
import queue
import random
import statistics
import string
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp

from bench.loop_probe import GcLoopProbe

INSTANCE = "i-flood-1"
GUILD, CHANNEL = 1_000_001, 1_000_002
PLAYER, FRAMER, FIRST_FRESH = 10, 11, 100
PROBE = 0.005  # seconds the lag probe sleeps at a time
JUNK = ["not json", "[" * 2000 + "]" * 2000, '{"type": "auth"}', "[1, 2, 3]",
        '{"type": "auth", "token": 5, "instance_id": []}']
BAD_TOKENS = ["x", "short", "tok\r\nX-Evil: 1" + "a" * 20, "a" * 500, "t ö k e n " * 3]


@dataclasses.dataclass
class Plan:
    seconds: float
    workers: int  # tasks per kind of garbage
    sockets: int  # sockets the holder keeps open
    addresses: str  # "many": each attempt names a new address; "one": all from one
    fresh_codes: list[str]
    player_token: str
    framer_token: str


def _shaped(rng: random.Random, prefix: str) -> str:
    return prefix + "".join(rng.choices(string.ascii_letters + string.digits, k=24))


def _address(rng: random.Random, many: bool = True) -> str:
    if not many:
        return "203.0.113.66"
    return f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(1, 255)}"


# ---------------------------------------------------------------------- the flood (child)
class Flood:
    def __init__(self, url: str, plan: Plan) -> None:
        self.url = url
        self.plan = plan
        self.seen: Counter[str] = Counter()  # what the flood's clients were answered
        self.attempts: Counter[str] = Counter()
        self.fresh: Counter[str] = Counter()  # the real sign-ins: ok, or the refusal
        self.deadline = time.monotonic() + plan.seconds
        self.many = plan.addresses == "many"

    def headers(self, address: str | None) -> dict[str, str]:
        return {"Origin": self.url} | ({"X-Forwarded-For": address} if address else {})

    @property
    def on(self) -> bool:
        return time.monotonic() < self.deadline

    async def first_answer(self, http: aiohttp.ClientSession, frame: str,
                           address: str | None) -> str:
        """Open a socket, send one frame, the code of what came back."""
        try:
            async with http.ws_connect(f"{self.url}/api/ws",
                                       headers=self.headers(address)) as ws:
                await ws.send_str(frame)
                message = await ws.receive(timeout=15)
                if message.type != aiohttp.WSMsgType.TEXT:
                    return "closed"
                answer = json.loads(message.data)
                return str(answer.get("code") or answer.get("type"))
        except aiohttp.WSServerHandshakeError as refused:
            return f"http_{refused.status}"
        except (aiohttp.ClientError, TimeoutError, ConnectionError):
            return "no_answer"

    async def garbage(self, http: aiohttp.ClientSession, seed: int) -> None:
        rng = random.Random(seed)
        while self.on:
            if rng.random() < 0.5:
                frame = rng.choice(JUNK)
            else:
                frame = json.dumps({"type": "auth", "token": rng.choice(BAD_TOKENS),
                                    "instance_id": INSTANCE})
            self.attempts["garbage frames"] += 1
            self.seen[await self.first_answer(http, frame, _address(rng, self.many))] += 1

    async def tokens(self, http: aiohttp.ClientSession, seed: int) -> None:
        rng = random.Random(seed)
        while self.on:
            frame = json.dumps({"type": "auth", "token": _shaped(rng, "tok"),
                                "instance_id": INSTANCE})
            self.attempts["made-up tokens"] += 1
            self.seen[await self.first_answer(http, frame, _address(rng, self.many))] += 1

    async def codes(self, http: aiohttp.ClientSession, seed: int) -> None:
        rng = random.Random(seed)
        while self.on:
            code = _shaped(rng, "code") if rng.random() < 0.8 else rng.choice(BAD_TOKENS)
            self.attempts["made-up codes"] += 1
            answer = await self.post_code(http, code, _address(rng, self.many))
            self.seen[answer.split(":")[0]] += 1

    async def post_code(self, http: aiohttp.ClientSession, code: str,
                        address: str | None) -> str:
        """The refusal's code, or ``ok:<the token>``."""
        try:
            async with http.post(f"{self.url}/api/token", json={"code": code},
                                 headers=self.headers(address)) as response:
                answer = await response.json(content_type=None)
                if response.status == 200:
                    return f"ok:{answer['access_token']}"
                return str(answer.get("code") or response.status)
        except (aiohttp.ClientError, TimeoutError, ValueError, KeyError):
            return "no_answer"

    async def instances(self, http: aiohttp.ClientSession, seed: int) -> None:
        rng = random.Random(seed)
        while self.on:
            frame = json.dumps({"type": "auth", "token": self.plan.player_token,
                                "instance_id": f"i-{rng.randrange(10 ** 18)}"})
            self.attempts["made-up instances"] += 1
            self.seen[await self.first_answer(http, frame, "192.0.2.10")] += 1

    async def holder(self, http: aiohttp.ClientSession, seed: int) -> None:
        """Sockets opened and held without signing in (the server drops them after its
        auth timeout; they are opened again)."""
        rng = random.Random(seed)
        held: list[aiohttp.ClientWebSocketResponse] = []
        while self.on:
            held = [ws for ws in held if not ws.closed]
            if len(held) >= self.plan.sockets:
                await asyncio.sleep(0.05)
                continue
            self.attempts["sockets"] += 1
            address = None if rng.random() < 0.5 else _address(rng, self.many)
            try:
                held.append(await http.ws_connect(f"{self.url}/api/ws",
                                                  headers=self.headers(address)))
            except aiohttp.WSServerHandshakeError as refused:
                self.seen[f"http_{refused.status}"] += 1
            except (aiohttp.ClientError, ConnectionError):
                self.seen["no_answer"] += 1
        for ws in held:
            await ws.close()

    async def framer(self, http: aiohttp.ClientSession, seed: int) -> None:
        """A signed-in user's page sending frames as fast as they are answered."""
        try:
            ws = await http.ws_connect(f"{self.url}/api/ws", headers=self.headers("192.0.2.11"))
        except aiohttp.ClientError:
            self.seen["no_answer"] += 1
            return
        await ws.send_str(json.dumps({"type": "auth", "token": self.plan.framer_token,
                                      "instance_id": INSTANCE}))
        ids = 0
        while self.on and not ws.closed:
            ids += 1
            frame = {"type": "action", "id": ids, "action": "cost"} if ids % 4 else \
                JUNK[1]
            self.attempts["frames"] += 1
            await ws.send_str(frame if isinstance(frame, str) else json.dumps(frame))
            with contextlib.suppress(TimeoutError, aiohttp.ClientError, ConnectionError,
                                     ValueError):
                while True:
                    message = await ws.receive(timeout=5)
                    if message.type != aiohttp.WSMsgType.TEXT:
                        return
                    answer = json.loads(message.data)
                    if answer.get("type") in ("answer", "error"):
                        self.seen[f"frame_{answer.get('code') or 'ok'}"] += 1
                        break
        await ws.close()

    async def sign_ins(self, http: aiohttp.ClientSession) -> None:
        """Real users signing in now and then, as the flood goes on."""
        for i, code in enumerate(self.plan.fresh_codes):
            if not self.on:
                return
            address = f"198.51.100.{i % 250 + 1}"
            answer = await self.post_code(http, code, address)
            if answer.startswith("ok:"):
                frame = json.dumps({"type": "auth", "token": answer[3:],
                                    "instance_id": INSTANCE})
                answer = await self.first_answer(http, frame, address)
            self.fresh["signed in" if answer == "welcome" else answer] += 1
            await asyncio.sleep(0.5)

    async def run(self) -> dict[str, Any]:
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as http:
            kinds: list[Callable[[aiohttp.ClientSession, int], Any]] = [
                self.garbage, self.tokens, self.codes, self.instances]
            tasks = [kind(http, i * 100 + n) for i, kind in enumerate(kinds)
                     for n in range(self.plan.workers)]
            tasks += [self.holder(http, 7), self.framer(http, 8), self.sign_ins(http)]
            await asyncio.gather(*tasks)
        return {"seen": dict(self.seen), "attempts": dict(self.attempts),
                "fresh": dict(self.fresh)}


def _flood_process(url: str, plan: Plan, results: Any) -> None:
    results.put(asyncio.run(Flood(url, plan).run()))


# ---------------------------------------------------------------------- the server (here)
class LogCount(logging.Handler):
    """Counts the lines the server logs (instead of printing them): a flood must not
    turn into a flood of lines."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        self.lines[record.levelname] += 1
        if record.exc_info:
            self.lines["tracebacks"] += 1


async def _results_of(child: Any, results: Any, timeout: float) -> dict[str, Any]:
    """The flood's figures, once the child sends them (an error if it died first)."""
    loop = asyncio.get_running_loop()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            found: dict[str, Any] = await loop.run_in_executor(None, results.get, True, 1.0)
            return found
        except queue.Empty:
            if not child.is_alive():
                raise RuntimeError(f"the flood's process ended ({child.exitcode}) "
                                   "without its figures") from None
    raise TimeoutError("the flood's process sent no figures")


def _busiest_minute(times: list[float]) -> int:
    """The most of these moments within any 60 seconds."""
    times = sorted(times)
    best, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] > 60:
            first += 1
        best = max(best, last - first + 1)
    return best


def _counts(counter: Counter[str] | dict[str, int]) -> str:
    items = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
    return ", ".join(f"{k} {v}" for k, v in items) or "none"


async def run(seconds: float = 60.0, workers: int = 4, sockets: int = 1200,
              out: Callable[[str], None] = print, addresses: str = "many",
              **limits: Any) -> dict[str, Any]:
    """Flood a server for ``seconds``; print and return the measured figures."""
    from bench.tables import cheap_decide
    from bot.discord_api.pacing import RestPacer, trace
    from bot.process.config import activity_limits
    from bot.process.tuning import collect_rarely, share_the_gil
    from bot.store import Store
    from bot.tables import TableManager
    from bot.web import ActivityServer, DiscordAuth, WebPresenter
    from tests.cluster.standin import APP_ID, DiscordStandIn

    settings = dataclasses.replace(activity_limits(), trusted_proxies=("127.0.0.1",),
                                   **limits)
    stand = DiscordStandIn()
    base = await stand.start()
    stand.open_instance(INSTANCE, GUILD, CHANNEL, [PLAYER, FRAMER])
    pacer = RestPacer()
    logs, root = LogCount(), logging.getLogger()
    saved = root.handlers, root.level
    root.handlers, root.level = [logs], logging.INFO
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "flood.db")
        auth = DiscordAuth(api=base, client_id=str(APP_ID), client_secret="-",
                           bot_token="bot-token",
                           invalid_per_minute=settings.invalid_per_minute)
        auth.pace(trace(pacer, lambda: auth.api))
        presenter = WebPresenter()
        manager = TableManager(store, presenter, decide=cheap_decide, ai_delay=0.0,
                               trustee_delay=0.0, ai_in_thread=False)
        server = ActivityServer(host="127.0.0.1", port=0, auth=auth, store=store,
                                manager=manager, presenter=presenter, limits=settings)
        await server.start()
        share_the_gil()  # the process runs as the bot's does (bot.process.tuning)
        collect_rarely()
        plan = Plan(seconds, workers, sockets, addresses,
                    [stand.grant(FIRST_FRESH + i) for i in range(int(seconds * 2) + 2)],
                    stand.mint_token(PLAYER), stand.mint_token(FRAMER))
        stand.open_instance(INSTANCE, GUILD, CHANNEL, [PLAYER, FRAMER, *range(
            FIRST_FRESH, FIRST_FRESH + len(plan.fresh_codes))])
        context = multiprocessing.get_context("spawn")
        results = context.Queue()
        child = context.Process(target=_flood_process, args=(server.url, plan, results))
        began = time.monotonic()
        child.start()  # before the probe: starting a process holds the loop a moment
        probe = GcLoopProbe(PROBE)
        probe.start()
        try:
            flood = await _results_of(child, results, seconds + 120)
        finally:
            await asyncio.get_running_loop().run_in_executor(None, child.join, 30)
            took = time.monotonic() - began
            await probe.stop()
            await server.stop()
            await manager.shutdown()
            await store.close()
            await pacer.close()
            await stand.close()
            root.handlers, root.level = saved
    calls = [c for c in stand.calls if c.at >= began]
    invalid = [c for c in calls if 400 <= c.status < 500]
    by_path: Counter[str] = Counter()
    for call in calls:
        by_path[call.path.rsplit("/", 1)[0] + "/…" if "/activity-instances/" in call.path
                else call.path] += 1
    lags = sorted(lag for _, lag, _ in probe.samples) or [0.0]
    worst = max(probe.samples, key=lambda s: s[1], default=(began, 0.0, 0.0))
    worst_at = worst[0] - began
    busiest = max((cpu for _, _, cpu in probe.samples), default=0.0)
    report = {
        "seconds": took, "requests": len(calls), "invalid": len(invalid),
        "requests_minute": _busiest_minute([c.at for c in calls]),
        "invalid_minute": _busiest_minute([c.at for c in invalid]),
        "door": dict(server.door.refusals), "auth": dict(auth.refusals),
        "seen": flood["seen"], "attempts": flood["attempts"], "fresh": flood["fresh"],
        "stall_ms": lags[-1] * 1000, "stall_cpu_ms": worst[2] * 1000,
        "busiest_ms": busiest * 1000, "stall_at_s": worst_at,
        "gc_longest_ms": max(probe.collections, default=(0.0, 0, 0))[0] * 1000,
        "gc_count": len(probe.collections), "lag_p99_ms": lags[int(0.99 * (len(lags) - 1))] * 1000,
        "lag_median_ms": statistics.median(lags) * 1000, "log_lines": dict(logs.lines)}
    attempts = sum(flood["attempts"].values())
    out(f"auth flood: {took:.1f} s on loopback from {addresses} address"
        f"{'es' if addresses == 'many' else ''}, {attempts} attempts "
        f"({_counts(flood['attempts'])})")
    window = "in the busiest 60 s" if took >= 60 else f"over all {took:.1f} s (under a minute)"
    out(f"  Discord (the stand-in) received {len(calls)} requests, {len(invalid)} answered 4xx;"
        f" {window}: {report['requests_minute']} requests, "
        f"{report['invalid_minute']} answered 4xx")
    out(f"  requests by path: {_counts(by_path)}")
    out(f"  refused at the door: {_counts(server.door.refusals)}")
    out(f"  refused by the auth (never asked of Discord): {_counts(auth.refusals)}")
    out(f"  the flood's clients were answered: {_counts(flood['seen'])}")
    out(f"  real sign-ins meanwhile: {_counts(flood['fresh'])}")
    out(f"  event loop: longest stall {report['stall_ms']:.1f} ms, {worst_at:.1f} s in "
        f"(the loop's CPU meanwhile {report['stall_cpu_ms']:.1f} ms), p99 "
        f"{report['lag_p99_ms']:.1f} ms, median "
        f"{report['lag_median_ms']:.2f} ms; the most CPU between two wake-ups "
        f"{report['busiest_ms']:.1f} ms ({len(probe.samples)} wake-ups of a "
        f"{PROBE * 1000:.0f} ms sleep)")
    longest = max(probe.collections, default=(0.0, 0, 0))
    out(f"  garbage collections: {len(probe.collections)}, the longest {longest[0] * 1000:.1f} "
        f"ms (generation {longest[1]}, {longest[2]} objects freed)")
    out(f"  the server's log meanwhile: {_counts(logs.lines)} lines")
    return report


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.auth_flood", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=4, help="tasks per kind of garbage")
    parser.add_argument("--sockets", type=int, default=1200, help="sockets held open")
    parser.add_argument("--addresses", choices=("many", "one"), default="many",
                        help="the flood from a new address each attempt (a botnet, or a "
                        "trusted proxy's word taken for it), or from one")
    parser.add_argument("--smoke", action="store_true", help="2 seconds, a small flood")
    args = parser.parse_args(argv)
    from bot.process import tuning

    if args.smoke:
        tuning.run(run(2.0, 2, 60, sockets_total=40))
    else:
        tuning.run(run(args.seconds, args.workers, args.sockets, addresses=args.addresses))


if __name__ == "__main__":
    main()
