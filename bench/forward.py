"""Forwarding latency between two cluster processes over one PostgreSQL (loopback).

Run: ``python -m bench.forward [--forwards N] [--concurrency C] [--postgres URL]``.

A child process takes everything forwarded to shard 1 with a cluster process's taker
(delete the rows named, notify their acknowledgements); this process forwards interaction
payloads to it with the shard-0 process's courier (insert + ``NOTIFY`` of the id, wait for
the acknowledgement, check that the row is gone) and times each from the send to the
checked acknowledgement: the time the forwarding itself adds to a DM click, both
directions. Payloads of a DM click's size (2.5 kB) and of 12 kB, one at a time and ``C``
at once; a notification carries only the forward's id whatever the size, the payload is
read from the row. ``--flood N`` adds the DM click's cases again while another connection
notifies N made-up forward ids a second (and some text that is no id) on the owner's
channel and the acknowledgements' (what any role on the database can do; the owner's
work stays one statement at a time). PostgreSQL as for ``bench/store.py``:
``--postgres`` / ``DDZ_BENCH_DATABASE_URL``, else a throwaway local server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import statistics
import sys
import time
from collections.abc import AsyncIterator, Callable

import asyncpg

from bot.store import Store
from bot.store.pg import redact_url
from bot.store.pg.forward import ForwardQueue
from cogs.transport.forwarding.relay import Courier, Taker

from .store import ROOT, postgres_target

OWNER_SHARD = 1
SIZES = (("2.5 kB (a DM click)", 2_500), ("12 kB", 12_000))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def serve_owner(url: str) -> None:
    """The child: take every forward for the owner's shard until stdin closes."""
    queue = await ForwardQueue.open(url)
    taker = Taker(queue, lambda _notice, _payload: None)
    await taker.start([OWNER_SHARD])
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await taker.close()
    await queue.close()


@contextlib.asynccontextmanager
async def forging(url: str, queue: ForwardQueue, per_second: int) -> AsyncIterator[list[int]]:
    """Another connection notifies ``per_second`` made-up ids (two in three on the owner's
    channel, the rest on the acknowledgements') and a little text that is no id, in 20 ms
    bursts, while the block runs; the list holds how many it sent."""
    raw = await asyncpg.connect(url)
    sent = [0]
    ids = itertools.count(10 ** 15)
    per_burst = max(1, per_second // 50)

    async def forge() -> None:
        while True:
            tick = time.monotonic()
            made_up = [str(next(ids)) for _ in range(per_burst)]
            cut = len(made_up) * 2 // 3
            for channel, texts in ((queue.shard_channel(OWNER_SHARD), made_up[:cut]),
                                   (queue.ack_channel, [*made_up[cut:], "x", "1:{}"])):
                await raw.execute("SELECT pg_notify($1, t) FROM unnest($2::text[]) AS t",
                                  channel, texts)
                sent[0] += len(texts)
            await asyncio.sleep(max(0.0, 0.02 - (time.monotonic() - tick)))

    task = asyncio.get_running_loop().create_task(forge())
    try:
        yield sent
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await raw.close()


async def measure(url: str, forwards: int, concurrency: int,
                  out: Callable[[str], None] | None = print, *, flood: int = 0
                  ) -> dict[str, tuple[float, ...]]:
    """``{case: (p50, p99, max) in ms}`` for each payload size, sequential and concurrent
    (and the DM click's again under ``flood`` forged notifications a second, when not 0)."""
    say = out or (lambda _line: None)
    async with Store.open(url):  # the migrations
        pass
    owner = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.forward", "--owner", url, cwd=ROOT,
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    assert owner.stdout is not None and owner.stdin is not None
    queue = await ForwardQueue.open(url)
    results: dict[str, tuple[float, ...]] = {}
    try:
        if (await asyncio.wait_for(owner.stdout.readline(), 60)).strip() != b"ready":
            raise RuntimeError("the owner process did not start")
        courier = Courier(queue, timeout=5.0)
        await courier.start()
        say(f"forwarding over {redact_url(url)}: {forwards} forwards per case, shard 0 -> "
            f"a process owning shard {OWNER_SHARD}, timed from send to the acknowledgement "
            f"checked against the row")
        cases = [(label, size, "") for label, size in SIZES]
        if flood:
            cases.append((SIZES[0][0], SIZES[0][1], f" under {flood}/s forged"))
        for label, size, forged in cases:
            payload = json.dumps({"d": {"pad": "x" * size}, "deferral": 6})
            for together in (1, concurrency):
                courier.latencies.clear()
                lost = 0

                async def lane(n: int, payload: str = payload) -> None:
                    nonlocal lost
                    for _ in range(n):
                        lost += not await courier.deliver(OWNER_SHARD, payload)

                share = forwards // together
                started = time.monotonic()
                flooding: contextlib.AbstractAsyncContextManager[list[int]] = (
                    forging(url, queue, flood) if forged else contextlib.nullcontext([0]))
                async with flooding as sent:
                    await asyncio.gather(*(lane(share) for _ in range(together)))
                ms = [s * 1000 for s in courier.latencies]
                case = (f"{label}, {'one at a time' if together == 1 else f'{together} at once'}"
                        f"{forged}")
                results[case] = (statistics.median(ms), percentile(ms, 0.99), max(ms))
                p50, p99, top = results[case]
                rate = (f"  ({sent[0] / (time.monotonic() - started):.0f} forged/s sent)"
                        if forged else "")
                say(f"  {case:60} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {top:6.2f} ms"
                    + (f"  ({lost} not taken)" if lost else "") + rate)
    finally:
        await queue.close()
        owner.stdin.close()
        try:
            await asyncio.wait_for(owner.wait(), 10)
        except TimeoutError:
            owner.kill()
    return results


async def run(args: argparse.Namespace) -> None:
    async with postgres_target(args.postgres) as target:
        if target is None:
            print("forwarding needs PostgreSQL: no --postgres URL and no local PostgreSQL 15")
            return
        await measure(target, args.forwards, args.concurrency, flood=args.flood)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--forwards", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--flood", type=int, default=0, metavar="N",
                        help="also time DM clicks under N forged notifications a second")
    parser.add_argument("--postgres", default=os.environ.get("DDZ_BENCH_DATABASE_URL") or None)
    parser.add_argument("--owner", help=argparse.SUPPRESS)  # the child's database URL
    args = parser.parse_args(argv)
    if args.owner:
        asyncio.run(serve_owner(args.owner))
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
