"""Forwarding latency between two cluster processes over one PostgreSQL (loopback).

Run: ``python -m bench.forward [--forwards N] [--concurrency C] [--postgres URL]``.

A child process takes everything forwarded to shard 1 with a cluster process's taker
(delete the rows named, notify their acknowledgements); this process forwards interaction
payloads to it with the shard-0 process's courier (insert + ``NOTIFY`` of the id, wait for
the acknowledgement, check that the row is gone) and times each from the send to the
checked acknowledgement: the time the forwarding itself adds to a DM click, both
directions. Payloads of a DM click's size (2.5 kB) and of 12 kB, one at a time and ``C``
at once; a notification carries only the forward's id whatever the size, the payload is
read from the row. PostgreSQL as for ``bench/store.py``: ``--postgres`` /
``DDZ_BENCH_DATABASE_URL``, else a throwaway local server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
from collections.abc import Callable

from bot.forwarding.relay import Courier, Taker
from bot.store import Store
from bot.store.pg import redact_url
from bot.store.pg.forward import ForwardQueue

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


async def measure(url: str, forwards: int, concurrency: int,
                  out: Callable[[str], None] | None = print) -> dict[str, tuple[float, ...]]:
    """``{case: (p50, p99, max) in ms}`` for each payload size, sequential and concurrent."""
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
            f"a process owning shard {OWNER_SHARD}, timed from send to acknowledgement")
        for label, size in SIZES:
            payload = json.dumps({"d": {"pad": "x" * size}, "deferral": 6})
            for together in (1, concurrency):
                courier.latencies.clear()
                lost = 0

                async def lane(n: int, payload: str = payload) -> None:
                    nonlocal lost
                    for _ in range(n):
                        lost += not await courier.deliver(OWNER_SHARD, payload)

                share = forwards // together
                await asyncio.gather(*(lane(share) for _ in range(together)))
                ms = [s * 1000 for s in courier.latencies]
                case = f"{label}, {'one at a time' if together == 1 else f'{together} at once'}"
                results[case] = (statistics.median(ms), percentile(ms, 0.99), max(ms))
                p50, p99, top = results[case]
                say(f"  {case:48} p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  max {top:6.2f} ms"
                    + (f"  ({lost} not taken)" if lost else ""))
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
        await measure(target, args.forwards, args.concurrency)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} cores")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--forwards", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--postgres", default=os.environ.get("DDZ_BENCH_DATABASE_URL") or None)
    parser.add_argument("--owner", help=argparse.SUPPRESS)  # the child's database URL
    args = parser.parse_args(argv)
    if args.owner:
        asyncio.run(serve_owner(args.owner))
        return
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
