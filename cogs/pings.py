"""Turn notifications: Discord notifies for a new message, never for an edit.

The table message and the hand DM are edited as the deal moves, and an edit that adds a
mention notifies nobody; so when a person's turn starts (not an AI's, not in 托管) a new
message mentions them: in the channel, its ``allowed_mentions`` limited to that user, or
by DM when the server turned channel pings off (``/ddz config turn_pings off``) or the
channel cannot be written. Exactly one per turn: it is deleted when the turn ends.

Pings keep within an explicit budget under Discord's rate limits (:class:`PingBudget`):
each table's ping is one worker that brings the channel to the turn as it is now, so a
burst of quick turns costs few messages. A turn already over when its ping could go out
gets none; when the same player's turn comes again before their ping was removed, that
ping stays (its words follow the new turn) instead of a delete and a new message.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import deque
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord_api.pacing import BACKGROUND, Dropped, priority, wanted_while
from bot.engine import Phase
from bot.tables import TableEvent, TurnStarted
from bot.words.cards import play_text
from bot.words.catalogue import STRINGS, t
from bot.words.names import kind_name

from .dm_channels import DmChannels
from .handtext import ends_words
from .markdown import NO_PINGS, ping, safe_seat
from .readers import SettingsReader, required

if TYPE_CHECKING:
    from bot.tables import TableSnapshot

log = logging.getLogger("ddz.pings")


def _pattern(template: str) -> str:
    parts = re.split(r"\{[a-z]+\}", template)
    return ".+".join(re.escape(p) for p in parts)


# a turn ping in any language (to find the ones an earlier run of the bot left)
PING = re.compile("|".join(_pattern(STRINGS[lang]["ping.channel"]) for lang in STRINGS))


def turn_words(table: TableSnapshot, turn: TurnStarted, locale: str) -> str:
    """What the turn asks, as a ping says it: the play to beat and whose it is when the
    player follows (``beat KK (pair) from Ada``), else the phase (``play``, ``bid``)."""
    game = table.game
    trick = game.trick if game is not None else None
    if turn.phase != Phase.PLAY or trick is None or trick.to_beat is None or \
            trick.to_beat_seat in (None, turn.to_act):
        return t(locale, f"phase.{turn.phase}")
    play, owner = trick.to_beat, table.seats[trick.to_beat_seat]
    return t(locale, "ping.beat", cards=play_text(locale, play),
             kind=kind_name(locale, play.kind),
             name=safe_seat(owner, locale) if owner is not None else "?")


def ping_mentions(shown: _Shown) -> discord.AllowedMentions:
    """A ping in the channel mentions its player and no one else; one by DM, no one."""
    return ping([shown.user]) if shown.where > 0 else NO_PINGS


class Speaker(Protocol):
    """What the pings need from the presenter they help (:class:`cogs.presenter.
    DiscordPresenter`): the tables it was shown, the languages, who closed their DMs,
    the client it speaks through, the people's DM channels, its background tasks."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def dms(self) -> DmChannels: ...

    def snapshot(self, channel_id: int) -> TableSnapshot | None: ...

    def locale_for(self, user_id: int, channel_id: int) -> str: ...

    def dms_closed(self, user_id: int) -> bool: ...

    def spawn(self, coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]: ...


@dataclass(frozen=True)
class Rate:
    """At most ``count`` requests in any ``per`` seconds."""

    count: int
    per: float


@dataclass(frozen=True)
class PingBudget:
    """What the turn pings may spend of Discord's rate limits. Discord's buckets (its
    response headers are the authority, and discord.py waits when they say so) allow about
    5 new messages per 5 s and 5 deletions per second in one channel (a DM is a channel
    too), and 50 requests per second for the whole bot; the pings take part of each, so
    the table message, replies and notices of the same channel never wait behind them."""

    sends: Rate = Rate(3, 5.0)  # new ping messages per channel
    deletes: Rate = Rate(3, 1.0)  # removed pings per channel
    total: Rate = Rate(20, 1.0)  # every ping request of the bot (sends, deletes, edits)


DEFAULT_BUDGET = PingBudget()


class Window:
    """A sliding window of the requests spent against one :class:`Rate`."""

    def __init__(self, rate: Rate) -> None:
        self.rate = rate
        self._times: deque[float] = deque()

    def wait(self, now: float) -> float:
        """Seconds until one more request fits (0: now)."""
        while self._times and self._times[0] <= now - self.rate.per:
            self._times.popleft()
        if len(self._times) < self.rate.count:
            return 0.0
        return self._times[0] + self.rate.per - now

    def spend(self, now: float) -> None:
        self._times.append(now)


@dataclass(frozen=True)
class _Shown:
    """The ping that is out: whose, where, what it says."""

    user: int
    where: int  # the channel it is in (the table's, or the player's DM)
    text: str


class TurnPings:
    """The one turn notification of each table (the presenter's helper)."""

    def __init__(self, presenter: Speaker, settings: SettingsReader,
                 budget: PingBudget | None = None) -> None:
        self.presenter = presenter
        self.settings = required(settings, "a store", "TurnPings")  # the server's switch
        self.budget = budget  # None: no budget (tests of other things)
        self.messages: dict[int, discord.Message] = {}  # table -> its ping now
        self._shown: dict[int, _Shown] = {}
        self._wanted: dict[int, TurnStarted | None] = {}  # table -> the turn to ping
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._windows: dict[tuple[str, int], Window] = {}
        # the tables waiting for the total budget, in line: when the last is due to look again
        self._line_end = 0.0
        self._lined: set[int] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self.swept: set[int] = set()  # tables whose pings of an earlier run are gone

    def follow(self, event: TableEvent) -> None:
        """A turn started (ping the player) or an action was taken (remove the ping)."""
        channel_id = event.channel_id
        self._wanted[channel_id] = event if isinstance(event, TurnStarted) and \
            not event.auto else None
        worker = self._workers.get(channel_id)
        if worker is None or worker.done():  # a running worker sees the change itself
            # under load, pings wait behind the table messages and hands (bot.discord_api.pacing): a
            # ping that waited too long is for a turn already over, and is not sent
            with priority(BACKGROUND):
                self._workers[channel_id] = self.presenter.spawn(self._work(channel_id))

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    # ------------------------------------------------------------------ the budget
    def _wait(self, kind: str, where: int, now: float) -> float:
        """Seconds until a request of ``kind`` (send, delete, edit) to ``where`` fits."""
        if self.budget is None:
            return 0.0
        waits = [self._window("total", 0, self.budget.total).wait(now)]
        if kind in ("send", "delete"):
            rate = self.budget.sends if kind == "send" else self.budget.deletes
            waits.append(self._window(kind, where, rate).wait(now))
        return max(waits)

    def _spend(self, kind: str, where: int) -> None:
        if self.budget is None:
            return
        now = time.monotonic()
        self._window("total", 0, self.budget.total).spend(now)
        if kind in ("send", "delete"):
            rate = self.budget.sends if kind == "send" else self.budget.deletes
            self._window(kind, where, rate).spend(now)

    def _window(self, kind: str, where: int, rate: Rate) -> Window:
        return self._windows.setdefault((kind, where), Window(rate))

    # ------------------------------------------------------------------ the worker
    def _turn(self, channel_id: int) -> TurnStarted | None:
        """The turn to ping now: the last one started, unless it is over already."""
        event = self._wanted.get(channel_id)
        table = self.presenter.snapshot(channel_id)
        game = table.game if table is not None else None
        if event is None or table is None or game is None or game.is_over or \
                table.seq != event.seq or game.to_act != event.to_act:
            return None
        entry = table.seats[event.to_act]
        if entry is None or entry.user_id is None or entry.auto:
            return None
        return event

    async def _work(self, channel_id: int) -> None:
        """Bring the table's ping to its turn now, within the budget, until it stays."""
        async with self._lock(channel_id):
            try:
                await self._bring(channel_id)
            finally:
                self._lined.discard(channel_id)

    async def _bring(self, channel_id: int) -> None:
        """:meth:`_work`'s steps, until the ping stays as it is."""
        while True:
            turn = self._turn(channel_id)
            shown = self._shown.get(channel_id)
            if turn is None:
                if channel_id not in self.messages:
                    return
                if await self._wait_for("delete", shown, channel_id):
                    continue  # the same player's turn may have come back meanwhile
                await self._delete(channel_id)
                continue
            ping = await self._compose(turn)
            if ping is None:  # nowhere to ping (DMs closed, channel pings off)
                await self._delete(channel_id)
                return
            if shown is not None and (shown.user, shown.where) == (ping.user, ping.where):
                if shown.text == ping.text and self._turn(channel_id) is turn:
                    return  # the ping out is this turn's
                if shown.text != ping.text and not await self._wait_for("edit", ping, channel_id):
                    await self._edit(channel_id, ping)  # the same player again: one
                continue                                # ping for both turns
            if channel_id in self.messages:
                if await self._wait_for("delete", shown, channel_id):
                    continue
                await self._delete(channel_id)
                continue
            if channel_id not in self.swept:  # the first ping since the bot started
                await self._sweep(channel_id)
                continue
            if await self._wait_for("send", ping, channel_id):
                continue  # the turn may be over, or another's, by now
            if not await self._send(channel_id, turn, ping):
                continue  # the turn ended while the ping waited its turn: not sent
            if channel_id not in self.messages:  # the send failed: not again
                return

    async def _wait_for(self, kind: str, ping: _Shown | None, channel_id: int) -> bool:
        """Wait if the budget has no room for this request now; True if it waited (the
        caller looks at the turn again).

        The tables waiting for the bot's total budget wait in line for its slots, one
        slot apart, and a table keeps its place until it sends: all waking at the moment
        the next slot frees, for one of them to take it, made a burst on the event loop
        twenty times a second (at 500 tables ~350 waited, woke ~2,300 times a second and
        composed their pings again each time; issue 37)."""
        now = time.monotonic()
        delay = self._wait(kind, ping.where if ping is not None else 0, now)
        if delay <= 0:
            self._lined.discard(channel_id)
            return False
        assert self.budget is not None  # there is no wait without one
        total = self.budget.total
        if channel_id not in self._lined and \
                self._window("total", 0, total).wait(now) >= delay:
            due = max(now + delay, self._line_end + total.per / total.count)
            self._line_end = due
            self._lined.add(channel_id)
            delay = due - now
        await asyncio.sleep(delay)
        return True

    async def _compose(self, turn: TurnStarted) -> _Shown | None:
        """The ping of ``turn``: in the channel, or by DM when the server turned channel
        pings off (None when that player's DMs are closed)."""
        presenter = self.presenter
        channel_id = turn.channel_id
        table = presenter.snapshot(channel_id)
        assert table is not None
        entry = table.seats[turn.to_act]
        assert entry is not None and entry.user_id is not None
        user = entry.user_id
        locale = presenter.locale_for(user, channel_id)
        phase = turn_words(table, turn, locale)
        ends = ends_words(locale, turn.deadline)
        if await self._in_channel(table.guild_id, channel_id):
            return _Shown(user, channel_id, t(locale, "ping.channel", mention=f"<@{user}>",
                                              phase=phase, ends=ends))
        if presenter.dms_closed(user):
            return None
        return _Shown(user, -user, t(locale, "ping.dm", channel=f"<#{channel_id}>",
                                     phase=phase, ends=ends))  # a DM: keyed by the user

    async def _send(self, channel_id: int, turn: TurnStarted, ping: _Shown) -> bool:
        """Send the ping; False if the turn ended while it waited for its turn under the
        global limit (bot.discord_api.pacing): a ping sent then would only be deleted again."""
        presenter = self.presenter
        self._spend("send", ping.where)
        try:
            if ping.where == channel_id:
                mentions = ping_mentions(ping)
                channel = presenter.client.get_partial_messageable(channel_id)
                with wanted_while(lambda: self._turn(channel_id) is turn):
                    message = await channel.send(ping.text, allowed_mentions=mentions)
            else:
                dm = await presenter.dms.channel(presenter.client, ping.user)
                with wanted_while(lambda: self._turn(channel_id) is turn):
                    message = await dm.send(ping.text, allowed_mentions=NO_PINGS)
        except Dropped:
            return False
        except discord.HTTPException:
            log.warning("could not ping %s in %s", ping.user, channel_id)
            return True
        self.messages[channel_id] = message
        self._shown[channel_id] = ping
        return True

    async def _edit(self, channel_id: int, ping: _Shown) -> None:
        message = self.messages[channel_id]
        self._spend("edit", ping.where)
        try:
            self.messages[channel_id] = await message.edit(
                content=ping.text, allowed_mentions=ping_mentions(ping))
            self._shown[channel_id] = ping
        except discord.HTTPException:
            log.info("the turn ping in %s was gone", channel_id)
            self.messages.pop(channel_id, None)
            self._shown.pop(channel_id, None)

    async def close(self, channel_id: int) -> None:
        """The table closes: remove its ping now, and forget the table."""
        self._wanted.pop(channel_id, None)
        async with self._lock(channel_id):
            await self._delete(channel_id)
        for per_table in (self._locks, self._wanted, self._workers, self._shown):
            per_table.pop(channel_id, None)

    async def _delete(self, channel_id: int) -> None:
        message = self.messages.pop(channel_id, None)
        shown = self._shown.pop(channel_id, None)
        if message is not None:
            self._spend("delete", shown.where if shown is not None else channel_id)
            try:
                await message.delete()
            except discord.HTTPException:
                log.info("the turn ping in %s was already gone", channel_id)

    async def _sweep(self, channel_id: int) -> None:
        """After a restart: delete the pings the bot left in the channel before it."""
        self.swept.add(channel_id)
        client = self.presenter.client
        me = client.user
        try:
            async for message in client.get_partial_messageable(channel_id).history(limit=25):
                if me is not None and message.author.id == me.id and \
                        not message.components and PING.fullmatch(message.content or ""):
                    self._spend("delete", channel_id)
                    await message.delete()
        except discord.HTTPException:
            log.info("could not sweep the old pings in %s", channel_id)

    async def _in_channel(self, guild_id: int, channel_id: int) -> bool:
        """Ping in the channel (the default) unless the server turned that off."""
        settings = await self.settings.get_settings(guild_id, channel_id)
        return settings.turn_pings


__all__ = ["DEFAULT_BUDGET", "PingBudget", "Rate", "TurnPings"]
