"""Benchmark: hostile pages against the Activity's server, and how long its event loop stalls.

Run: ``python -m bench.hostile [--smoke] [--variants laizi,super,four] [--turns 3]
[--workers N]``.

The Activity's server runs on loopback in this process against the Discord REST stand-in
(tests/cluster/standin.py), with a table manager whose AI thinks in real worker processes
(:class:`~bot.workers.ai_pool.AiPool`). One table a variant: a hostile player and AI seats,
dealt so that the player holds the hand with the most legal leads among the deals searched
(the longest hint list, the longest state frame: 癞子's wild cards multiply them) and leads
first. The attacker is another process (its JSON decoding never runs on the server's loop):
at its first lead it sends, within the rate limits (a burst of as many frames as a second
allows, then a second's pause),

* ``hint``: Hint pressed 20 times at once at a fresh turn (index 0..19);
* ``state``: 20 auth frames at once (each answered by the whole state afresh);
* ``readings``: 20 plays of the card set of its hand with the most readings;
* ``whole hand``: 20 plays of its whole hand (every other one naming a reading);
* ``trustee``: 托管 asked for and taken back, 10 times each (every change re-sends the state
  to every page and starts the turn again);

then plays on, pressing Hint 20 times at once at each of its next ``--turns`` turns; then,
on a page of its own, ``junk``: 20 frames of every malformed kind (bad JSON, nested 2,000
deep, unknown actions, cards that do not read).

The process runs as the bot's does (:mod:`bot.process.tuning`: uvloop where installed, the GIL's
switch interval, the collector's pace). A probe on the server's loop wakes every 2 ms and
notes how late it woke (the stall) and how much CPU the loop's thread spent meanwhile (its
own work: a core taken by another process does not count). Printed: for each variant and
sequence, the frames answered, the longest stall, the lag's p99 and the most CPU the loop
spent between two wakes; then the whole run's, and the stalls outside the bursts.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib
import itertools
import json
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection as Pipe
from pathlib import Path
from typing import Any

from bot.engine import Bid, Call, Double, Game, Grab, Rules, Show
from bot.engine.actions import Action
from bot.tables.turns import AI_BALANCE, ai_seed

from .loop_probe import LoopProbe

GUILD = 900_000_000_000_000_001
BURST = 20  # frames a second a page (and a user) may send: bot.web.protocol.RATE
PAUSE = 1.1  # seconds after a burst, for the rate limit to fill again
START_BALANCE = 10_000  # a new player's beans (the store's default start balance)
VARIANTS = ("laizi", "super", "four", "classic")
Mark = tuple[str, str, float, float, int, int]  # variant, sequence, start, end, answered, refused


@dataclass
class Figures:
    variant: str
    sequence: str
    answered: int
    refused: int
    seconds: float
    stall_ms: float
    p99_ms: float
    busy_ms: float

    def line(self) -> str:
        return (f"  {self.variant:8} {self.sequence:11} {self.answered:3} answered "
                f"{self.refused:3} refused  {self.seconds * 1000:7.0f} ms   max stall "
                f"{self.stall_ms:6.1f} ms   p99 lag {self.p99_ms:6.1f} ms   loop CPU "
                f"between wakes {self.busy_ms:6.1f} ms")


def figures(probe: LoopProbe, mark: Mark) -> Figures:
    variant, sequence, start, end, answered, refused = mark
    samples = probe.between(start, end + 0.05)
    lags = sorted(s[1] * 1000 for s in samples) or [0.0]
    return Figures(variant, sequence, answered, refused, end - start, lags[-1],
                   lags[min(len(lags) - 1, int(0.99 * len(lags)))],
                   max((s[2] * 1000 for s in samples), default=0.0))


# ------------------------------------------------------------------ the deals
def _no_show(seat: int) -> Action:
    return Show(seat, False)


_MINE: dict[str, Callable[[int], Action]] = {
    "bid": lambda s: Bid(s, 3), "call": lambda s: Call(s, True),
    "grab": lambda s: Grab(s, False), "double": lambda s: Double(s, False)}


def lead_of(variant: str, seed: int) -> int | None:
    """How many legal leads seat 0 has when the deal of ``seed`` reaches its first play
    turn, with seat 0 answering the auction as the attacker does (bench.activity.AUCTION)
    and the AI the others; None unless seat 0 opens the auction, wins it and leads."""
    from bot.ai.agent import decide

    rules = Rules.preset(variant)
    game = Game.new(rules, seed, balances=[START_BALANCE] + [AI_BALANCE] * (rules.players - 1))
    if game.auction.first != 0:
        return None
    while game.phase != "play":
        seat = game.to_act
        if game.is_over or seat is None:
            return None
        mine = _MINE.get(str(game.phase), _no_show)
        game.apply(mine(0) if seat == 0 else decide(game.view(seat), "normal",
                                                   ai_seed(game, seat), None))
    if game.landlord != 0 or game.to_act != 0:
        return None
    return len(game.view(0).legal_plays())


def worst_seed(variant: str, tries: int) -> int:
    """The seed of the first ``tries`` whose deal gives seat 0 the most legal leads."""
    best, seed = -1, 1
    for s in range(1, tries + 1):
        leads = lead_of(variant, s)
        if leads is not None and leads > best:
            best, seed = leads, s
    return seed


# ------------------------------------------------------------------ the attacker
def _attack(url: str, tables: list[tuple[str, str, str]], turns: int, pipe: Pipe) -> None:
    """The attacker's process: ``tables`` are (variant, access token, instance id); sends
    back its marks, or what went wrong."""
    try:
        pipe.send(asyncio.run(_attack_all(url, tables, turns)))
    except Exception as error:
        pipe.send(f"the attacker failed: {error!r}")
    finally:
        pipe.close()


class HostilePage:
    """A page that keeps its latest table frame and counts answers and table frames."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.you: dict[str, Any] | None = None
        self.over = False
        self.answers: list[dict[str, Any]] = []
        self.tables = 0
        self.changed = asyncio.Event()
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            frame = json.loads(message.data)
            if frame["type"] == "table":
                self.tables += 1
                self.you = frame["you"]
                deal = frame["table"].get("deal")
                self.over = deal is not None and bool(deal.get("over"))
            elif frame["type"] in ("answer", "error"):  # an error: a frame without an id
                self.answers.append(frame)
            elif frame["type"] in ("result", "no_table"):
                self.over = True
            self.changed.set()

    async def until(self, done: Callable[[], bool], timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not done():
            if self.reader.done():
                raise ConnectionError("the server closed the hostile page")
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the hostile page waited in vain")
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(left, 0.5))

    async def burst(self, frames: list[str], table_frames: bool = False) -> tuple[int, int]:
        """Send ``frames`` back to back and wait for each one's answer (an ``answer`` with
        its id, an ``error`` frame, or for an auth frame the state again), or the socket's
        end: (answered, refused as rate limited)."""
        answers, tables = len(self.answers), self.tables
        for frame in frames:
            await self.ws.send_str(frame)

        def heard() -> list[dict[str, Any]]:
            return [a for a in self.answers[answers:] if a["type"] == "error" or
                    a.get("id", 0) >= first]

        first = min((_id_of(f) for f in frames), default=0)
        wanted = len(frames)
        await self.until(lambda: len(heard()) + (self.tables - tables if table_frames else 0)
                         >= wanted or self.reader.done())
        got = heard()
        refused = sum(1 for a in got if a.get("code") == "rate_limited")
        return len(got) + (self.tables - tables if table_frames else 0) - refused, refused


def _id_of(frame: str) -> int:
    """The id of an action frame of this benchmark (a large number for any other)."""
    try:
        found = json.loads(frame).get("id")
    except (ValueError, AttributeError, RecursionError):
        return 1 << 62
    return found if isinstance(found, int) else 1 << 62


def _action(ids: itertools.count[int], action: str, **fields: Any) -> str:
    return json.dumps({"type": "action", "id": next(ids), "action": action, **fields})


def _most_readings(hand: str, variant: str) -> str:
    """The card set of ``hand`` (at most 8 cards) with the most readings, of a sample."""
    import random

    from bot.engine.readings import readings

    rules, rng, best = Rules.preset(variant), random.Random(5), (0, hand[:4])
    for _ in range(400):
        cards = "".join(sorted(rng.sample(hand, rng.randint(4, min(8, len(hand))))))
        try:
            count = len(readings(cards, rules))
        except Exception:
            continue
        best = max(best, (count, cards))
    return best[1]


async def _attack_all(url: str, tables: list[tuple[str, str, str]], turns: int) -> list[Mark]:
    import aiohttp

    marks: list[Mark] = []
    ids = itertools.count(1)
    async with aiohttp.ClientSession() as http:
        for variant, token, instance in tables:
            page = HostilePage(await http.ws_connect(f"{url}/api/ws", max_msg_size=0,
                                                     headers={"Origin": url}))
            try:
                marks += await _attack_table(page, ids, variant, token, instance, turns)
            finally:
                await page.ws.close()
                page.reader.cancel()
            # malformed frames on a page of their own (a server may drop it for them)
            junk = HostilePage(await http.ws_connect(f"{url}/api/ws", max_msg_size=0,
                                                     headers={"Origin": url}))
            try:
                await junk.ws.send_str(json.dumps({"type": "auth", "token": token,
                                                   "instance_id": instance}))
                await junk.until(lambda j=junk: j.you is not None)  # type: ignore[misc]
                start = time.monotonic()
                answered, refused = await junk.burst(_junk(ids))
                marks.append((variant, "junk", start, time.monotonic(), answered, refused))
            finally:
                await junk.ws.close()
                junk.reader.cancel()
    return marks


async def _attack_table(page: HostilePage, ids: itertools.count[int], variant: str,
                        token: str, instance: str, turns: int) -> list[Mark]:
    """Deal, answer the auction, then the bursts at the first lead and a hint burst at
    each of the next ``turns`` turns."""
    from bench.activity import AUCTION

    marks: list[Mark] = []
    ws = page.ws
    auth = json.dumps({"type": "auth", "token": token, "instance_id": instance})
    await ws.send_str(auth)
    await page.until(lambda: page.you is not None)
    await ws.send_str(_action(ids, "start"))
    seen: set[int] = set()
    turn = 0
    while turn <= turns:
        await page.until(lambda: page.over or bool(
            page.you and page.you["my_turn"] and page.you["seq"] not in seen))
        you = page.you
        if page.over or you is None:
            break
        seen.add(you["seq"])
        if you["phase"] != "play":
            action, choice = AUCTION[you["phase"]]
            await ws.send_str(_action(ids, action, seq=you["seq"], **choice))
            continue
        sequences: list[tuple[str, list[str], bool]] = [
            ("hint", [_action(ids, "hint", index=i) for i in range(BURST)], False)]
        if turn == 0:
            hand = you["hand"]
            sequences += [
                ("state", [auth] * BURST, True),
                ("readings", [_action(ids, "play", cards=_most_readings(hand, variant))
                              for _ in range(BURST)], False),
                ("whole hand", [_action(ids, "play", cards=hand, **({"kind": "bomb",
                                 "main": hand[-1]} if i % 2 else {})) for i in range(BURST)],
                 False),
                ("trustee", [_action(ids, "trustee", on=i % 2 == 0) for i in range(BURST)],
                 False)]
        for name, frames, tables_back in sequences:
            start = time.monotonic()
            answered, refused = await page.burst(frames, tables_back)
            marks.append((variant, name, start, time.monotonic(), answered, refused))
            await asyncio.sleep(PAUSE)
        turn += 1
        move = you["legal"][0] if you["legal"] else None
        await ws.send_str(_action(ids, "pass", seq=you["seq"]) if move is None else
                          _action(ids, "play", cards=move["cards"], kind=move["kind"],
                                  main=move["main"], seq=you["seq"]))
        await asyncio.sleep(PAUSE)  # the next burst has the whole second's frames
    return marks


def _junk(ids: itertools.count[int]) -> list[str]:
    kinds = ["{", "[]", '{"type": 1}', '{"type": "nope"}', _action(ids, "nope"),
             _action(ids, "play", cards="zz" * 900), _action(ids, "bid", points="3"),
             "[" * 2000 + "]" * 2000, _action(ids, "play", cards=12), '"' + "x" * 4000 + '"']
    return [kinds[i % len(kinds)] for i in range(BURST)]


# ------------------------------------------------------------------ the run
async def run(*, variants: tuple[str, ...] = VARIANTS, turns: int = 3, workers: int | None = None,
              tries: int = 200, out: Callable[[str], None] = print) -> list[Figures]:
    """Serve, attack, print the figures; returns them."""
    from bot.process.tuning import collect_rarely, share_the_gil
    from bot.store import Store
    from bot.tables import TableManager
    from bot.workers.ai_pool import AiPool

    seeds = [worst_seed(v, tries) for v in variants]
    pool = AiPool(workers)
    probe = LoopProbe()
    switch, thresholds = sys.getswitchinterval(), gc.get_threshold()
    share_the_gil()  # the process runs as the bot's does (bot.process.tuning)
    collect_rarely()
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "ddz.db")
        dealt = iter(seeds)
        kit = _web_kit()
        activity = await kit.open_activity(store, lambda presenter: TableManager(
            store, presenter, ai_pool=pool, ai_delay=0.0, trustee_delay=1.0,
            seed_source=lambda: next(dealt)))
        try:
            tables = []
            for i, variant in enumerate(variants):
                user, channel, instance = 10 + i, 800 + i, f"hostile-{variant}"
                activity.stand.open_instance(instance, GUILD, channel, [user])
                token = await activity.token(user, f"hostile-{variant}")
                await activity.manager.create(channel, GUILD, user, f"hostile-{variant}",
                                              Rules.preset(variant))
                for _ in range(Rules.preset(variant).players - 1):
                    await activity.manager.add_ai(channel, user)
                tables.append((variant, token, instance))
            probe.start()
            marks = await _run_attacker(activity.url, tables, turns)
        finally:
            await probe.stop()
            await kit.close_activity(activity)
            await store.close()
            pool.close()
            sys.setswitchinterval(switch)  # as it was (a test's process goes on)
            gc.unfreeze()
            gc.set_threshold(*thresholds)
    found = [figures(probe, m) for m in marks]
    everything = probe.samples
    lags = sorted(s[1] * 1000 for s in everything) or [0.0]
    out(f"Hostile pages: {len(variants)} tables ({', '.join(variants)}), AI in "
        f"{pool.workers} worker processes, a burst of {BURST} frames a second at most")
    for f in found:
        out(f.line())
    out(f"  whole run: {len(everything)} wakes, max stall {lags[-1]:.1f} ms, p99 lag "
        f"{lags[min(len(lags) - 1, int(0.99 * len(lags)))]:.1f} ms, loop CPU between wakes "
        f"at most {max((s[2] * 1000 for s in everything), default=0.0):.1f} ms")
    between = [s for s in everything
               if not any(m[2] <= s[0] <= m[3] + 0.05 for m in marks)]
    out(f"  outside the bursts (deals, AI turns, moves, the first turn's imports): max "
        f"stall {max((s[1] * 1000 for s in between), default=0.0):.1f} ms, loop CPU "
        f"between wakes at most {max((s[2] * 1000 for s in between), default=0.0):.1f} ms")
    return found


def _web_kit() -> Any:
    """tests/web/pages.py: the Activity's server wired to a table manager and the Discord
    REST stand-in, as the tests build it (imported by name: the tests are not type-checked
    with the benchmarks)."""
    return importlib.import_module("tests.web.pages")


async def _run_attacker(url: str, tables: list[tuple[str, str, str]],
                        turns: int) -> list[Mark]:
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe(duplex=False)
    process = context.Process(target=_attack, args=(url, tables, turns, theirs),
                              name="ddz-hostile", daemon=True)
    process.start()
    theirs.close()
    loop = asyncio.get_running_loop()
    try:
        marks: list[Mark] | str = await loop.run_in_executor(None, ours.recv)
    finally:
        await loop.run_in_executor(None, process.join, 30)
        ours.close()
    if isinstance(marks, str):
        raise RuntimeError(marks)
    return marks


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="one 癞子 table, one turn")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--tries", type=int, default=200, help="deals searched a variant")
    args = parser.parse_args(argv)
    from bot.process import tuning

    if args.smoke:
        tuning.run(run(variants=("laizi",), turns=0, workers=1, tries=40))
        return
    tuning.run(run(variants=tuple(v for v in args.variants.split(",") if v),
                   turns=args.turns, workers=args.workers, tries=args.tries))


if __name__ == "__main__":
    main()
