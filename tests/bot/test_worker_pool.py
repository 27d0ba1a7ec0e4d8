"""Worker processes answered on the event loop, with no thread in the bot's process
(issue 37): answers of any size, errors raised to the caller, jobs waiting their turn, a
dead worker replaced, closing."""

from __future__ import annotations

import asyncio
import fcntl
import os
import threading
import time
from collections.abc import Iterator

import pytest

from bot.workers.worker_pool import PIPE_SIZE, BrokenProcessPool, WorkerPool


def _echo(value: object, *, times: int = 1) -> object:
    return value * times  # type: ignore[operator]


def _fail(message: str) -> None:
    raise ValueError(message)


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


class _TwoArgError(Exception):
    def __init__(self, first: str, second: str) -> None:
        super().__init__(first)  # pickled with one argument: rebuilding it fails


def _fail_oddly() -> None:
    raise _TwoArgError("a", "b")


def _die() -> None:
    os._exit(3)


@pytest.fixture
def pool() -> Iterator[WorkerPool]:
    workers = WorkerPool(2)
    yield workers
    workers.close()


async def test_answers_of_any_size_and_errors(pool: WorkerPool) -> None:
    threads = threading.active_count()
    assert await pool.run(_echo, "ab", times=3) == "ababab"
    big = os.urandom(3 << 20)  # far more than a pipe holds
    assert await pool.run(_echo, big) == big
    with pytest.raises(ValueError, match="no such card"):
        await pool.run(_fail, "no such card")
    with pytest.raises(Exception, match="pickle"):  # refused here, never sent
        await pool.run(_echo, lambda: 1)
    assert await pool.run(_echo, 7) == 7
    with pytest.raises(RuntimeError, match="unreadable"):  # not a job waiting forever
        await pool.run(_fail_oddly)
    assert threading.active_count() == threads  # no thread of the pool's in this process


async def test_jobs_wait_for_a_free_worker_and_all_are_answered(pool: WorkerPool) -> None:
    started = time.perf_counter()
    pids = await asyncio.gather(*(pool.run(_pid_after, 0.2) for _ in range(6)))
    took = time.perf_counter() - started
    assert len(set(pids)) == 2 and os.getpid() not in pids  # both workers, not the bot
    assert 0.55 < took < 3.0  # three rounds of two, not six at once


async def test_a_dead_worker_fails_its_job_and_is_replaced(pool: WorkerPool) -> None:
    before = set(await asyncio.gather(*(pool.run(_pid_after, 0.1) for _ in range(2))))
    with pytest.raises(BrokenProcessPool):
        await pool.run(_die)
    after = set(await asyncio.gather(*(pool.run(_pid_after, 0.1) for _ in range(4))))
    assert len(after) == 2 and len(after & before) == 1  # one new worker


def _named_after(name: str, seconds: float) -> str:
    time.sleep(seconds)
    return name


async def test_an_urgent_job_goes_before_the_waiting_ones() -> None:
    pool = WorkerPool(1)
    try:
        done: list[str] = []

        async def run(name: str, urgent: bool = False) -> None:
            done.append(await (pool.run_urgent if urgent else pool.run)(_named_after,
                                                                         name, 0.1))

        # "busy" runs, "ahead" was sent to the worker with it, the rest wait for it
        jobs = [asyncio.ensure_future(run(name)) for name in ("busy", "ahead", "n1", "n2")]
        await asyncio.sleep(0.02)
        jobs += [asyncio.ensure_future(run("hint", urgent=True)),
                 asyncio.ensure_future(run("n3"))]
        await asyncio.gather(*jobs)
        assert done == ["busy", "ahead", "hint", "n1", "n2", "n3"]
    finally:
        pool.close()


async def test_nothing_waits_behind_a_long_job(pool: WorkerPool) -> None:
    await asyncio.gather(*(pool.run(_echo, n) for n in range(2)))  # both workers up
    long = asyncio.ensure_future(pool.run_long(_named_after, "long", 0.6))
    await asyncio.sleep(0.05)
    started = time.perf_counter()
    short = await asyncio.gather(*(pool.run(_named_after, str(n), 0.05) for n in range(4)))
    took = time.perf_counter() - started
    assert short == ["0", "1", "2", "3"] and not long.done()  # all on the other worker
    assert took < 0.55  # not one of them behind the long job (0.6 s)
    assert await long == "long"


async def test_close_cancels_urgent_jobs_waiting_too(pool: WorkerPool) -> None:
    running = [asyncio.ensure_future(pool.run(_pid_after, 0.3)) for _ in range(4)]
    urgent = asyncio.ensure_future(pool.run_urgent(_pid_after, 0.3))
    await asyncio.sleep(0.1)
    await asyncio.to_thread(pool.close)
    await asyncio.gather(*running)
    with pytest.raises(asyncio.CancelledError):
        await urgent


async def test_close_finishes_the_workers_jobs_and_cancels_the_waiting(pool: WorkerPool
                                                                      ) -> None:
    # two running, two sent ahead to the workers, the fifth waiting for one
    running = [asyncio.ensure_future(pool.run(_pid_after, 0.3)) for _ in range(4)]
    waiting = asyncio.ensure_future(pool.run(_pid_after, 0.3))
    await asyncio.sleep(0.1)
    await asyncio.to_thread(pool.close)
    assert all(isinstance(pid, int) for pid in await asyncio.gather(*running))
    with pytest.raises(asyncio.CancelledError):
        await waiting
    with pytest.raises(RuntimeError, match="closed"):
        await pool.run(_echo, 1)


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError):
        WorkerPool(0)
    with pytest.raises(ValueError):
        WorkerPool(1, ahead=-1)


async def test_a_worker_holds_as_many_jobs_ahead_as_asked() -> None:
    pool = WorkerPool(1, ahead=3)
    try:
        jobs = [asyncio.ensure_future(pool.run(_named_after, str(n), 0.05))
                for n in range(6)]
        await asyncio.sleep(0.01)
        (worker,) = pool._workers
        assert len(worker.jobs_out) == 4 and len(pool._waiting) == 2  # 1 running + 3
        assert await asyncio.gather(*jobs) == [str(n) for n in range(6)]
    finally:
        pool.close()


@pytest.mark.skipif(not hasattr(fcntl, "F_GETPIPE_SZ"), reason="Linux's pipe sizes only")
async def test_a_whole_picture_fits_in_the_answers_pipe(pool: WorkerPool) -> None:
    await pool.run(_echo, 1)  # the workers start with the first job
    for worker in pool._workers:
        for end in (worker.answers, worker.jobs):
            assert fcntl.fcntl(end.fileno(), fcntl.F_GETPIPE_SZ) == PIPE_SIZE
