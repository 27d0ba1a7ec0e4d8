"""Worker processes that answer on the event loop itself (issue 37).

The bot draws its pictures and thinks its AI's moves in worker processes. With
:class:`concurrent.futures.ProcessPoolExecutor` each pool ran two threads in the bot's
process (one feeding the jobs in, one reading the answers and handing them to the loop):
every job woke both, and each needed the GIL while the event loop had work (at 500 busy
tables about 180 jobs a second; a thread woken that often, even lightly loaded, made the
loop wait: a third thread for the first answers doubled the loop's lag).

:class:`WorkerPool` has no thread. Each worker has two pipes: the event loop writes a job
(pickled, as :mod:`multiprocessing` connections frame it) into a worker's and reads
the answer from the other one as the pipe says it is readable, neither blocking however
long the job or the answer (a scene with its avatars, a PNG: more than a pipe holds).
Jobs wait in order for a worker (urgent ones first); each worker holds one or more
beyond the one it runs (``ahead``), so it starts the next as it ends one, not once a busy
loop has read its answer, but nothing behind a long one. A worker that dies fails its jobs
(:class:`BrokenProcessPool`) and is replaced.
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

try:
    import fcntl
except ImportError:  # not a Unix: pipes keep their size
    fcntl = None  # type: ignore[assignment]

__all__ = ["BrokenProcessPool", "WorkerPool"]

log = logging.getLogger("ddz")
T = TypeVar("T")
JOIN_S = 10.0  # at close, how long a worker may take to finish its job and leave
PIPE_SIZE = 1 << 20  # a pipe's buffer (Linux: F_SETPIPE_SZ; 1 MiB is its default limit)
AHEAD = 1  # jobs sent to a worker beyond the one it runs


@dataclass(eq=False)
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    future: asyncio.Future[Any]
    long: bool = False  # seconds of work: nothing is sent to its worker behind it


@dataclass(eq=False)
class _Worker:
    process: Any  # multiprocessing's Process of the pool's context
    jobs: Connection  # written by the bot (non-blocking)
    answers: Connection  # read by the bot (non-blocking)
    jobs_out: collections.deque[_Job] = field(default_factory=collections.deque)  # in order
    buffer: bytearray = field(default_factory=bytearray)  # answers read, not yet whole
    out: bytearray = field(default_factory=bytearray)  # jobs not yet written
    writing: bool = False  # waiting for its jobs' pipe to take more


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

    def __init__(self, count: int, initializer: Callable[[], object] | None = None, *,
                 ahead: int = AHEAD) -> None:
        if count < 1:
            raise ValueError("a worker pool needs at least one worker process")
        if ahead < 0:
            raise ValueError("a worker cannot hold fewer than no jobs ahead")
        self.count = count
        self.ahead = ahead  # jobs sent to a worker beyond the one it runs
        self._initializer = initializer
        self._context = multiprocessing.get_context("forkserver")
        self._workers: list[_Worker] = []
        self._waiting: collections.deque[_Job] = collections.deque()
        self._urgent: collections.deque[_Job] = collections.deque()  # go before the waiting
        self._loop: asyncio.AbstractEventLoop | None = None
        self._loop_thread = 0  # the thread running it
        self._closed = False

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker (``fn`` a module-level function, the
        arguments picklable); raises what it raised."""
        return await self._run(self._waiting, fn, args, kwargs)

    async def run_urgent(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """As :meth:`run`, but before every job waiting for a worker that was not urgent
        (someone waits for this one: a person's hint, not an AI seat's paced move)."""
        return await self._run(self._urgent, fn, args, kwargs)

    async def run_long(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """As :meth:`run`, for a job of seconds (a deal's review): no job is sent to its
        worker behind it, where it would wait that long while another worker is free."""
        return await self._run(self._waiting, fn, args, kwargs, long=True)

    async def _run(self, queue: collections.deque[_Job], fn: Callable[..., T],
                   args: tuple[Any, ...], kwargs: dict[str, Any], *, long: bool = False
                   ) -> T:
        loop = asyncio.get_running_loop()
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        self._bind(loop)
        job = _Job(fn, args, kwargs, loop.create_future(), long)
        queue.append(job)
        self._hand_out()
        return await job.future  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ the workers
    def _bind(self, loop: asyncio.AbstractEventLoop) -> None:
        """Read the answers on ``loop`` (the workers start with the first job)."""
        if self._loop is loop:
            return
        old, self._loop = self._loop, loop
        self._loop_thread = threading.get_ident()
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
        for end in (answers_out, jobs_in):
            os.set_blocking(end.fileno(), False)
            _widen(end.fileno())
        self._workers.append(worker)
        assert self._loop is not None
        self._loop.add_reader(answers_out.fileno(), self._readable, worker)

    def _hand_out(self) -> None:
        """Give the waiting jobs to the workers, urgent ones first, then oldest first, each
        to the worker with the fewest: one running and up to ``ahead`` more sent, so a
        worker starts its next job as it ends one, not once a busy loop has read its
        answer. A worker with a long job (:meth:`run_long`) is given nothing more."""
        while (self._urgent or self._waiting) and not self._closed:
            worker = min((w for w in self._workers if not any(j.long for j in w.jobs_out)),
                         key=lambda w: len(w.jobs_out), default=None)
            if worker is None or len(worker.jobs_out) > self.ahead:
                return
            job = (self._urgent or self._waiting).popleft()
            if job.future.done():  # its caller was cancelled
                continue
            try:
                data = pickle.dumps((job.fn, job.args, job.kwargs), pickle.HIGHEST_PROTOCOL)
            except Exception as error:
                job.future.set_exception(error)
                continue
            worker.jobs_out.append(job)
            self._send(worker, data)

    def _send(self, worker: _Worker, data: bytes) -> None:
        """On the loop: write ``data`` framed to the worker's jobs' pipe, the rest when the
        pipe takes more."""
        worker.out += _framed(data)
        self._write(worker)

    def _write(self, worker: _Worker) -> None:
        fd = worker.jobs.fileno()
        while worker.out:
            try:
                written = os.write(fd, worker.out)
            except BlockingIOError:
                break
            except OSError:  # the worker is gone: its answers' pipe says so too
                worker.out.clear()
                break
            del worker.out[:written]
        waiting = bool(worker.out)
        if waiting != worker.writing and self._loop is not None:
            if waiting:
                self._loop.add_writer(fd, self._write, worker)
            else:
                self._loop.remove_writer(fd)
            worker.writing = waiting

    def _readable(self, worker: _Worker) -> None:
        """On the loop: read what the worker wrote; a whole answer settles its job."""
        try:
            data = os.read(worker.answers.fileno(), PIPE_SIZE)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost(worker)
            return
        worker.buffer += data
        while (answer := _frame(worker.buffer)) is not None:
            job = worker.jobs_out.popleft() if worker.jobs_out else None
            if job is not None and not job.future.done():
                try:
                    ok, value = pickle.loads(answer)
                except Exception as error:  # an error that cannot be rebuilt here
                    ok, value = False, RuntimeError(f"the worker's answer is unreadable: "
                                                    f"{error!r}")
                if ok:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
        self._hand_out()

    def _lost(self, worker: _Worker) -> None:
        """The worker's answers ended: it stopped (closing) or died (replaced)."""
        for job in worker.jobs_out:
            if not job.future.done():
                job.future.set_exception(BrokenProcessPool(
                    "a worker process died before answering"))
        worker.jobs_out.clear()
        self._replace(worker)
        self._hand_out()

    def _replace(self, worker: _Worker) -> None:
        if worker not in self._workers:
            return
        self._workers.remove(worker)
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.answers.fileno())
            if worker.writing:
                self._loop.remove_writer(worker.jobs.fileno())
        worker.answers.close()
        worker.jobs.close()
        if not self._closed:
            log.warning("a worker process died (exit code %s): starting another",
                        worker.process.exitcode)
            self._start_worker()

    # ------------------------------------------------------------------ closing
    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closed

    def close(self) -> None:
        """Stop the workers (the jobs a worker has are finished first; jobs still waiting
        for one are cancelled). May be called from another thread than the event loop's."""
        if self._closed:
            return
        self._closed = True
        workers = list(self._workers)
        loop = self._loop
        if loop is not None and loop.is_running() and \
                threading.get_ident() != self._loop_thread:
            done = threading.Event()

            def stop() -> None:
                self._stop(workers)
                done.set()

            loop.call_soon_threadsafe(stop)
            done.wait(JOIN_S)
        else:  # on the loop's thread, or no loop runs any more: nothing else writes
            self._stop(workers)
        for worker in workers:
            if worker.out and not worker.writing:  # no loop will write it: wait for it
                with contextlib.suppress(OSError):
                    os.set_blocking(worker.jobs.fileno(), True)
                    os.write(worker.jobs.fileno(), worker.out)
            worker.process.join(JOIN_S)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(1)

    def _stop(self, workers: list[_Worker]) -> None:
        """Cancel the jobs still waiting; tell every worker to leave after its job."""
        waiting = [*self._urgent, *self._waiting]
        self._urgent, self._waiting = collections.deque(), collections.deque()
        for job in waiting:
            job.future.cancel()
        stop = _framed(pickle.dumps(None))
        for worker in workers:
            if not worker.jobs.closed:
                worker.out += stop
                if self._loop is not None and self._loop.is_running():
                    self._write(worker)  # else close() writes it, blocking


def _widen(fd: int) -> None:
    """Let the pipe hold a whole answer (a table picture is 100-200 KB; a pipe holds 64 KB
    by default): the worker writes it at once and goes on, and the loop reads it in one
    turn instead of one a 64 KB, each after everything else ready to run."""
    setpipe = getattr(fcntl, "F_SETPIPE_SZ", None)  # Linux's
    if setpipe is not None:
        with contextlib.suppress(OSError):  # over the system's limit: the default stays
            fcntl.fcntl(fd, setpipe, PIPE_SIZE)


_HEADER = struct.Struct("!i")
_LONG_HEADER = struct.Struct("!Q")


def _framed(data: bytes) -> bytes:
    """``data`` with the size before it, as
    :meth:`multiprocessing.connection.Connection.send_bytes` frames it."""
    if len(data) < 0x7FFFFFFF:
        return _HEADER.pack(len(data)) + data
    return _HEADER.pack(-1) + _LONG_HEADER.pack(len(data)) + data


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
