"""Worker processes that answer on the event loop itself (issue 37).

The bot draws its pictures and thinks its AI's moves in worker processes. With
:class:`concurrent.futures.ProcessPoolExecutor` each pool ran two threads in the bot's
process (one feeding the jobs in, one reading the answers and handing them to the loop):
every job woke both, and each needed the GIL while the event loop had work (at 500 busy
tables about 180 jobs a second; a thread woken that often, even lightly loaded, made the
loop wait: a third thread for the first answers doubled the loop's lag).

:class:`WorkerPool` has no thread. Each worker has two pipes: the event loop writes a job
(pickled, as :mod:`multiprocessing` connections frame it) into an idle worker's and reads
the answer from the other one as the pipe says it is readable, without blocking, however
long the answer (a PNG is tens of KB, more than a pipe holds). Jobs wait in order for a
worker. A worker that dies fails its job (:class:`BrokenProcessPool`) and is replaced.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

__all__ = ["BrokenProcessPool", "WorkerPool"]

log = logging.getLogger("ddz")
T = TypeVar("T")
JOIN_S = 10.0  # at close, how long a worker may take to finish its job and leave
READ_SIZE = 1 << 18


@dataclass(eq=False)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    future: asyncio.Future[Any]


@dataclass(eq=False)
class _Worker:
    process: Any  # multiprocessing's Process of the pool's context
    jobs: Connection  # written by the bot
    answers: Connection  # read by the bot
    job: _Job | None = None
    buffer: bytearray = field(default_factory=bytearray)


def _serve(jobs: Connection, answers: Connection,
           initializer: Callable[[], object] | None) -> None:
    """A worker's life: run each job, send back ``(True, result)`` or ``(False, error)``,
    until told to stop (None) or the bot is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the bot stops its workers itself
    if initializer is not None:
        initializer()
    while True:
        try:
            job = jobs.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if job is None:
            return
        fn, args, kwargs = job
        try:
            answer: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except BaseException as error:  # sent back to the caller
            answer = (False, error)
        try:
            answers.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            answers.send((False, RuntimeError(f"the worker's answer cannot be sent: {error}")))
        except (OSError, KeyboardInterrupt):
            return


class WorkerPool:
    """``count`` worker processes (forkserver: they inherit no event loop, socket or
    thread of the bot's), each started with ``initializer``."""

    def __init__(self, count: int, initializer: Callable[[], object] | None = None) -> None:
        if count < 1:
            raise ValueError("a worker pool needs at least one worker process")
        self.count = count
        self._initializer = initializer
        self._context = multiprocessing.get_context("forkserver")
        self._workers: list[_Worker] = []
        self._idle: collections.deque[_Worker] = collections.deque()
        self._waiting: collections.deque[_Job] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()  # the jobs' pipes: close() may run in another thread
        self._closed = False

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (``fn`` a module-level function, the
        arguments picklable); raises what it raised."""
        loop = asyncio.get_running_loop()
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        self._bind(loop)
        job = _Job(fn, args, kwargs, loop.create_future())
        self._waiting.append(job)
        self._hand_out()
        return await job.future  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ the workers
    def _bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the answers on ``loop`` (the workers start with the first job)."""
        if self._loop is loop:
            return
        old, self._loop = self._loop, loop
        if not self._workers:
            for _ in range(self.count):
                self._start_worker()
            return
        for worker in self._workers:
            if old is not None and not old.is_closed():
                old.remove_reader(worker.answers.fileno())
            loop.add_reader(worker.answers.fileno(), self._readable, worker)

    def _start_worker(self) -> None:
        jobs_out, jobs_in = self._context.Pipe(duplex=False)  # (reader, writer)
        answers_out, answers_in = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_serve, args=(jobs_out, answers_in,
                                                              self._initializer),
                                        daemon=True, name="ddz-worker")
        process.start()
        jobs_out.close()
        answers_in.close()
        worker = _Worker(process, jobs_in, answers_out)
        os.set_blocking(answers_out.fileno(), False)
        self._workers.append(worker)
        self._idle.append(worker)
        assert self._loop is not None
        self._loop.add_reader(answers_out.fileno(), self._readable, worker)

    def _hand_out(self) -> None:
        """Give the waiting jobs to the idle workers, oldest first."""
        while self._waiting and self._idle:
            job = self._waiting.popleft()
            if job.future.done():  # its caller was cancelled
                continue
            worker = self._idle.popleft()
            try:
                data = pickle.dumps((job.fn, job.args, job.kwargs), pickle.HIGHEST_PROTOCOL)
            except Exception as error:
                self._idle.appendleft(worker)
                job.future.set_exception(error)
                continue
            with self._lock:
                if self._closed:
                    job.future.set_exception(RuntimeError("the worker pool is closed"))
                    self._idle.appendleft(worker)
                    continue
                try:
                    worker.jobs.send_bytes(data)  # an idle worker's pipe is empty
                except OSError:
                    job.future.set_exception(BrokenProcessPool("a worker process died"))
                    self._replace(worker)
                    continue
            worker.job = job

    def _readable(self, worker: _Worker) -> None:
        """On the loop: read what the worker wrote; a whole answer settles its job."""
        try:
            data = os.read(worker.answers.fileno(), READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost(worker)
            return
        worker.buffer += data
        while (answer := _frame(worker.buffer)) is not None:
            job, worker.job = worker.job, None
            if job is not None and not job.future.done():
                ok, value = pickle.loads(answer)
                if ok:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
            if not self._closed:
                self._idle.append(worker)
        self._hand_out()

    def _lost(self, worker: _Worker) -> None:
        """The worker's answers ended: it stopped (closing) or died (replaced)."""
        job, worker.job = worker.job, None
        if job is not None and not job.future.done():
            job.future.set_exception(BrokenProcessPool(
                "a worker process died before answering"))
        self._replace(worker)
        self._hand_out()

    def _replace(self, worker: _Worker) -> None:
        with self._lock:
            if worker not in self._workers:
                return
            self._workers.remove(worker)
            worker.jobs.close()
        with contextlib.suppress(ValueError):
            self._idle.remove(worker)
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.answers.fileno())
        worker.answers.close()
        if not self._closed:
            log.warning("a worker process died (exit code %s): starting another",
                        worker.process.exitcode)
            self._start_worker()

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Stop the workers (a job in progress is finished first; jobs still waiting are
        cancelled). May be called from another thread than the event loop's."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers)
            for worker in workers:
                with contextlib.suppress(OSError):
                    worker.jobs.send(None)
        waiting, self._waiting = list(self._waiting), collections.deque()
        if waiting and self._loop is not None and not self._loop.is_closed():
            for job in waiting:
                with contextlib.suppress(RuntimeError):
                    self._loop.call_soon_threadsafe(job.future.cancel)
        for worker in workers:
            worker.process.join(JOIN_S)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(1)


_HEADER = struct.Struct("!i")
_LONG_HEADER = struct.Struct("!Q")


def _frame(buffer: bytearray) -> bytes | None:
    """The first whole message of ``buffer`` (taken out of it), framed as
    :meth:`multiprocessing.connection.Connection.send_bytes` frames it; None while it is
    not whole yet."""
    if len(buffer) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack_from(buffer)
    start = _HEADER.size
    if size == -1:  # a message over 2 GiB: its size follows in 8 bytes
        if len(buffer) < start + _LONG_HEADER.size:
            return None
        (size,) = _LONG_HEADER.unpack_from(buffer, start)
        start += _LONG_HEADER.size
    if len(buffer) < start + size:
        return None
    message = bytes(buffer[start:start + size])
    del buffer[:start + size]
    return message
