"""The small counting tools of the Activity's edge: token buckets (alone and by key), a
tally of open sockets by key, the budget of failed requests to Discord, caches that forget
after a while, and a log that says a limit was reached at most once an interval.

Every one of them takes a ``clock`` (seconds, monotonic) so tests can move time, and every
keyed one holds at most a bounded number of keys, whatever arrives.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from typing import Generic, TypeVar

from aiohttp.http_exceptions import HttpProcessingError

Clock = Callable[[], float]
K = TypeVar("K")
V = TypeVar("V")
MAX_KEYS = 10_000  # keys one keyed structure holds before it forgets the oldest


class Bucket:
    """A token bucket: ``rate`` tokens a second, holding at most ``burst``."""

    def __init__(self, rate: float, burst: float | None = None,
                 clock: Clock = time.monotonic) -> None:
        self.rate = rate
        self.burst = float(burst if burst is not None else rate)
        self._clock = clock
        self._tokens = self.burst
        self._at = clock()

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._at) * self.rate)
        self._at = now

    def ready(self) -> bool:
        """Is there a token (none taken)?"""
        self._refill()
        return self._tokens >= 1

    def take(self) -> None:
        self._tokens -= 1

    def give(self) -> None:
        """A token taken is given back (what it was taken for did not count)."""
        self._tokens = min(self.burst, self._tokens + 1)

    def allow(self) -> bool:
        """Take a token if there is one."""
        if not self.ready():
            return False
        self.take()
        return True


class KeyedBuckets(Generic[K]):
    """One :class:`Bucket` per key (a user, an address), made when first asked; the least
    recently used are forgotten when there are too many keys. A rate of 0: no limit."""

    def __init__(self, rate: float, burst: float | None = None,
                 clock: Clock = time.monotonic, max_keys: int = MAX_KEYS) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._max = max_keys
        self._buckets: OrderedDict[K, Bucket] = OrderedDict()

    @property
    def unlimited(self) -> bool:
        return self.rate <= 0

    def __getitem__(self, key: K) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._max:
                self._forget()
            bucket = self._buckets[key] = Bucket(self.rate, self.burst, self._clock)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def _forget(self) -> None:
        """The least recently used tenth goes (in one go: no scan per new key)."""
        for _ in range(max(1, self._max // 10)):
            self._buckets.popitem(last=False)

    def ready(self, key: K) -> bool:
        return self.unlimited or self[key].ready()

    def take(self, key: K) -> None:
        if not self.unlimited:
            self[key].take()

    def allow(self, key: K) -> bool:
        return self.unlimited or self[key].allow()


class Tally(Generic[K]):
    """How many of something each key holds now (open sockets by user, by address)."""

    def __init__(self) -> None:
        self._counts: Counter[K] = Counter()

    def __getitem__(self, key: K) -> int:
        return self._counts[key]

    def add(self, key: K) -> None:
        self._counts[key] += 1

    def remove(self, key: K) -> None:
        self._counts[key] -= 1
        if self._counts[key] <= 0:
            del self._counts[key]


class InvalidBudget:
    """At most ``limit`` requests a ``window`` that end in a refusal (4xx), whatever
    arrives: a request is sent only with a reservation (:meth:`reserve`), and
    :meth:`settle` says how it ended. Reservations still out count as spent, so no burst of
    requests in flight can overdraw it."""

    def __init__(self, limit: int, window: float = 60.0, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._spent: deque[float] = deque()
        self._out = 0
        self.refused = 0  # requests refused here because the budget was spent
        self.invalid = 0  # requests that ended in a 4xx, ever

    def _prune(self) -> None:
        edge = self._clock() - self.window
        while self._spent and self._spent[0] <= edge:
            self._spent.popleft()

    @property
    def left(self) -> int:
        self._prune()
        return max(0, self.limit - len(self._spent) - self._out)

    def reserve(self) -> bool:
        if self.left <= 0:
            self.refused += 1
            return False
        self._out += 1
        return True

    def settle(self, invalid: bool) -> None:
        self._out -= 1
        if invalid:
            self.invalid += 1
            self._spent.append(self._clock())


class TtlCache(Generic[K, V]):
    """A map whose entries expire ``ttl`` seconds after they were put (at most ``max_keys``
    entries: the oldest go first)."""

    def __init__(self, ttl: float, clock: Clock = time.monotonic,
                 max_keys: int = MAX_KEYS) -> None:
        self.ttl = ttl
        self._clock = clock
        self._max = max_keys
        self._items: OrderedDict[K, tuple[V, float]] = OrderedDict()

    def get(self, key: K) -> V | None:
        item = self._items.get(key)
        if item is None:
            return None
        if item[1] <= self._clock():
            del self._items[key]
            return None
        return item[0]

    def __contains__(self, key: K) -> bool:
        return self.get(key) is not None

    def put(self, key: K, value: V, ttl: float | None = None) -> None:
        self._items.pop(key, None)
        while len(self._items) >= self._max:
            self._items.popitem(last=False)
        self._items[key] = (value, self._clock() + (self.ttl if ttl is None else ttl))

    def drop(self, key: K) -> None:
        self._items.pop(key, None)


class QuietLog:
    """Says that a limit was reached at most once an ``interval`` per kind, with how many
    times it was reached since the last line (a flood writes a line a minute, not a
    traceback a request)."""

    def __init__(self, logger: logging.Logger, interval: float = 60.0,
                 clock: Clock = time.monotonic) -> None:
        self.logger = logger
        self.interval = interval
        self._clock = clock
        self._last: dict[str, float] = {}
        self._since: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()  # every time each kind was reached

    def note(self, kind: str, message: str, *args: object) -> None:
        self.counts[kind] += 1
        self._since[kind] += 1
        now = self._clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.interval:
            return
        self._last[kind] = now
        times = self._since.pop(kind)
        suffix = f" ({times} times in the last {self.interval:g} s)" if last is not None else ""
        self.logger.warning(message + suffix, *args)


class QuietFilter(logging.Filter):
    """On the logger of aiohttp's HTTP protocol (malformed requests, errors in a handler):
    each message at most once an ``interval``, and a client's malformed request without
    its traceback (garbage sent to the port is not a bug of the bot)."""

    def __init__(self, interval: float = 60.0, clock: Clock = time.monotonic) -> None:
        super().__init__()
        self.interval = interval
        self._clock = clock
        self._last: dict[str, float] = {}
        self.dropped = 0

    def filter(self, record: logging.LogRecord) -> bool:
        now = self._clock()
        key = str(record.msg)
        if now - self._last.get(key, -self.interval) < self.interval:
            self.dropped += 1
            return False
        self._last[key] = now
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.exc_info, record.exc_text = None, None
            record.msg = f"{record.msg}: %s"
            record.args = (*(record.args if isinstance(record.args, tuple) else ()),
                           str(error).splitlines()[0] if str(error) else type(error).__name__)
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


__all__ = ["MAX_KEYS", "Bucket", "Clock", "InvalidBudget", "KeyedBuckets", "QuietFilter",
           "QuietLog", "Tally", "TtlCache"]
