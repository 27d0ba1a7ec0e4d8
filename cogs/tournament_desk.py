"""The tournament desk: what the ``/ddz tournament`` commands and the sign-up buttons do,
in one place, and the clock that starts a tournament when its sign-up ends.

:class:`TournamentDesk` (the bot's ``tournaments``) holds the store, the round runner (the
bot is given one: :class:`RoundRunner`; without it a start is refused, nothing half-done),
and a timer per sign-up. The sign-up message is the bot's own channel message (editable
at any time); its id and the start time are kept in the tournament's notes
(:meth:`bot.store.Store.note_tournament`), so after a restart :meth:`TournamentDesk.resume`
re-arms every timer of the guilds this process owns, and the buttons
(:class:`TournamentButton`, DynamicItems ``ddzto:<id>:<action>``) keep working.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord

from bot.store.errors import InsufficientBalanceError, InvalidInputError
from bot.tournaments import Standing, TournamentError, TournamentStatus
from bot.words.catalogue import t

from .controls import label_of
from .errors import reply, send_error
from .i18n import locale_of
from .markdown import NO_PINGS, safe
from .names import shown_name
from .tournament_text import (
    entrant_names,
    locale_of_tournament,
    signup_embed,
    starts_at,
    status_text,
)

if TYPE_CHECKING:
    from bot.store import Payout, Store, Tournament

log = logging.getLogger("ddz.tournament")

ACTIONS = ("join", "leave", "start", "cancel")
STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
          "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger}


class RoundRunner(Protocol):
    """The round runner (``bot.tournament_runner.runner.TournamentRunner``): starts a tournament
    (the store's start, then round 1) and, at start-up, resumes the running ones."""

    async def start(self, tournament_id: int) -> None: ...

    async def resume(self) -> int: ...

    async def shutdown(self) -> None: ...


async def join_entrant(store: Store, tour: Tournament, user_id: int, name: str) -> int:
    """Sign ``user_id`` up (their account made if new); the number of entrants. A buy-in
    above the free balance is refused with both amounts."""
    await store.ensure_player(tour.guild_id, user_id, name)
    try:
        return await store.join_tournament(tour.tournament_id, user_id)
    except InsufficientBalanceError as short:
        raise TournamentError(f"the buy-in is {tour.settings.buy_in}; the balance "
                              f"{short.params.get('balance')}", code="buy_in_short",
                              buy_in=tour.settings.buy_in,
                              balance=int(short.params.get("balance", 0))) from short


def require_signup(tour: Tournament, locale: str = "en") -> None:
    """Refuse unless the tournament is in sign-up (its status said in ``locale``)."""
    if tour.status != TournamentStatus.SIGNUP:
        raise InvalidInputError(f"tournament {tour.tournament_id} is {tour.status}",
                                code="tournament_status", tournament_id=tour.tournament_id,
                                status=status_text(tour, locale))


def require_runner(runner: RoundRunner | None) -> RoundRunner:
    """The runner, or a clear refusal when this bot runs no rounds."""
    if runner is None:
        raise TournamentError("no round runner is attached to this bot",
                              code="tournaments_off")
    return runner


def is_organiser(interaction: discord.Interaction, tour: Tournament) -> bool:
    """The creator, or a server manager."""
    return interaction.user.id == tour.creator_id or bool(
        interaction.permissions.manage_guild)


def signup_view(tour: Tournament, locale: str) -> discord.ui.View | None:
    """Join / Leave / Start now / Cancel while the sign-up is open; none after."""
    if tour.status != TournamentStatus.SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    for action in ACTIONS:
        view.add_item(TournamentButton(tour.tournament_id, action,
                                       label=t(locale, f"tour.btn.{action}")))
    return view


class TournamentDesk:
    """The bot's tournament desk (see the module)."""

    def __init__(self, client: discord.Client, store: Store, *,
                 owns: Callable[[int], bool] | None = None,
                 runner: Callable[[TournamentDesk], RoundRunner] | None = None) -> None:
        """``runner(desk)`` makes the round runner (None: this bot runs no rounds); it is
        given the desk, as the host the runner reports to posts through it."""
        self.client = client
        self.store = store
        self.owns = owns or (lambda guild_id: True)
        self._timers: dict[int, asyncio.Task[None]] = {}
        self.runner: RoundRunner | None = runner(self) if runner is not None else None

    # ----------------------------------------------------------------- the message
    async def channel(self, channel_id: int) -> discord.abc.Messageable | None:
        found = self.client.get_channel(channel_id)
        if found is None:
            try:
                found = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return found if isinstance(found, discord.abc.Messageable) else None

    async def post_signup(self, tour: Tournament) -> Tournament:
        """Post the sign-up message in the tournament's channel and note its id."""
        channel = await self.channel(tour.channel_id)
        if channel is None:
            return tour
        locale = locale_of_tournament(tour)
        view = signup_view(tour, locale) or discord.ui.View()
        message = await channel.send(embed=signup_embed(tour, [], locale), view=view)
        return await self.store.note_tournament(tour.tournament_id, message_id=message.id)

    async def refresh(self, tournament_id: int) -> None:
        """Edit the sign-up message to the tournament as it is now (a failure is logged:
        the store is the truth, the message its picture)."""
        tour = await self.store.get_tournament(tournament_id)
        message_id = tour.settings.extra.get("message_id")
        channel = await self.channel(tour.channel_id)
        if not isinstance(message_id, int) or not isinstance(channel, discord.abc.Messageable):
            return
        locale = locale_of_tournament(tour)
        entrants = await self.store.tournament_entrants(tournament_id)
        table: list[Standing] = []
        prizes: dict[int, int] = {}
        if tour.status in (TournamentStatus.RUNNING, TournamentStatus.FINISHED):
            table = await self.store.tournament_standings(tournament_id)
        if tour.status == TournamentStatus.FINISHED and tour.paid:
            prizes = (await self.store.pay_prizes(tournament_id)).prizes  # paid: only read
        names = await entrant_names(self.store, tour.guild_id, [s.user_id for s in table])
        embed = signup_embed(tour, entrants, locale, table=table, names=names, prizes=prizes)
        try:
            partial = cast(Any, channel).get_partial_message(message_id)
            await partial.edit(embed=embed, view=signup_view(tour, locale))
        except (discord.HTTPException, AttributeError):
            log.warning("could not edit the sign-up message of tournament %s", tournament_id,
                        exc_info=True)

    async def announce(self, tour: Tournament, text: str) -> None:
        channel = await self.channel(tour.channel_id)
        if channel is None:
            return
        try:
            await channel.send(text, allowed_mentions=NO_PINGS)
        except discord.HTTPException:
            log.warning("could not announce in tournament %s's channel", tour.tournament_id)

    # ----------------------------------------------------------------- actions
    async def open_here(self, channel_id: int | None) -> Tournament:
        """The channel's open tournament, or a clear refusal."""
        tour = await self.store.channel_tournament(channel_id) if channel_id else None
        if tour is None:
            raise TournamentError("there is no tournament in this channel",
                                  code="no_tournament_here")
        return tour

    async def join(self, interaction: discord.Interaction, tournament_id: int) -> None:
        locale = locale_of(interaction)
        tour = await self.store.get_tournament(tournament_id)
        require_signup(tour, locale)
        count = await join_entrant(self.store, tour, interaction.user.id,
                                   shown_name(interaction.user))
        await self.refresh(tournament_id)
        fee = tour.settings.buy_in
        await reply(interaction, "✅ " + t(locale, "tour.joined_paid" if fee else
                                          "tour.joined", name=safe(tour.settings.name), n=count,
                                          amount=fee))

    async def leave(self, interaction: discord.Interaction, tournament_id: int) -> None:
        locale = locale_of(interaction)
        tour = await self.store.get_tournament(tournament_id)
        require_signup(tour, locale)
        if not await self.store.leave_tournament(tournament_id, interaction.user.id):
            await reply(interaction, t(locale, "tour.not_in", name=safe(tour.settings.name)))
            return
        await self.refresh(tournament_id)
        fee = tour.settings.buy_in
        await reply(interaction, "✅ " + t(locale, "tour.left_refund" if fee else "tour.left",
                                          name=safe(tour.settings.name), amount=fee))

    async def start(self, interaction: discord.Interaction, tournament_id: int) -> None:
        locale = locale_of(interaction)
        tour = await self.store.get_tournament(tournament_id)
        if not is_organiser(interaction, tour):
            raise discord.app_commands.CheckFailure(t(locale, "tour.not_organiser"))
        require_signup(tour, locale)
        runner = require_runner(self.runner)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._start(tour, runner)
        await reply(interaction, "✅ " + t(locale, "tour.started", name=safe(tour.settings.name)))

    async def cancel(self, interaction: discord.Interaction, tournament_id: int) -> None:
        locale = locale_of(interaction)
        tour = await self.store.get_tournament(tournament_id)
        if not is_organiser(interaction, tour):
            raise discord.app_commands.CheckFailure(t(locale, "tour.not_organiser"))
        require_signup(tour, locale)
        payout = await self._cancel(tour)
        await reply(interaction, "✅ " + t(locale, "tour.cancelled", name=safe(tour.settings.name),
                                          n=len(payout.prizes)))

    async def _start(self, tour: Tournament, runner: RoundRunner) -> None:
        await runner.start(tour.tournament_id)  # refused (too few entrants): still armed
        self._disarm(tour.tournament_id)
        await self.refresh(tour.tournament_id)
        await self.announce(tour, "🏆 " + t(locale_of_tournament(tour), "tour.started",
                                           name=safe(tour.settings.name)))

    async def _cancel(self, tour: Tournament, *, few: int | None = None) -> Payout:
        self._disarm(tour.tournament_id)
        payout = await self.store.cancel_tournament(tour.tournament_id)
        await self.refresh(tour.tournament_id)
        locale = locale_of_tournament(tour)
        text = t(locale, "tour.cancelled", name=safe(tour.settings.name), n=len(payout.prizes)) \
            if few is None else t(locale, "tour.cancelled_few", name=safe(tour.settings.name),
                                  n=few, needed=tour.settings.table_size)
        await self.announce(tour, "🏆 " + text)
        return payout

    # ----------------------------------------------------------------- the clock
    def arm(self, tour: Tournament) -> None:
        """Start ``tour`` by itself when its sign-up ends (at once if that time passed);
        only in the process that owns its guild."""
        when = starts_at(tour)
        if when is None or tour.status != TournamentStatus.SIGNUP or not self.owns(tour.guild_id):
            return
        self._disarm(tour.tournament_id)
        delay = max(0.0, (when - datetime.now(UTC)).total_seconds())
        self._timers[tour.tournament_id] = asyncio.create_task(
            self._when_due(tour.tournament_id, delay), name=f"tournament-{tour.tournament_id}")

    def armed(self) -> list[int]:
        """The tournaments waiting for their start time here."""
        return sorted(tid for tid, task in self._timers.items() if not task.done())

    def _disarm(self, tournament_id: int) -> None:
        task = self._timers.pop(tournament_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _when_due(self, tournament_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        try:
            await self.start_due(tournament_id)
        except Exception:
            log.exception("the scheduled start of tournament %s failed", tournament_id)
        finally:
            if self._timers.get(tournament_id) is asyncio.current_task():
                del self._timers[tournament_id]

    async def start_due(self, tournament_id: int) -> None:
        """The sign-up has ended: start, or cancel (buy-ins returned) when too few signed
        up; nothing when it was started or cancelled meanwhile."""
        tour = await self.store.get_tournament(tournament_id)
        if tour.status != TournamentStatus.SIGNUP:
            return
        entrants = await self.store.tournament_entrants(tournament_id)
        if len(entrants) < tour.settings.table_size:
            await self._cancel(tour, few=len(entrants))
            return
        if self.runner is None:
            log.warning("tournament %s is due but this bot runs no rounds", tournament_id)
            return
        await self._start(tour, self.runner)

    async def resume(self) -> int:
        """At start-up: the runner resumes the running tournaments; every sign-up of an
        owned guild gets its timer back. Returns the number of timers armed."""
        if self.runner is not None:
            try:
                await self.runner.resume()
            except Exception:
                log.exception("resuming the running tournaments failed")
        for tour in await self.store.tournaments_in(TournamentStatus.SIGNUP):
            self.arm(tour)
        return len(self.armed())

    def close(self) -> None:
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()


class DeskHost(Protocol):
    """What a sign-up button reaches through ``interaction.client`` (the bot)."""

    @property
    def tournaments(self) -> TournamentDesk: ...


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        r"ddzto:(?P<tournament>[0-9]+):(?P<action>join|leave|start|cancel)")):
    """A button of the sign-up message; works after a restart."""

    def __init__(self, tournament_id: int, action: str, *, label: str = "?") -> None:
        super().__init__(discord.ui.Button(label=label, style=STYLES[action],
                                           custom_id=f"ddzto:{tournament_id}:{action}"))
        self.tournament_id, self.action = tournament_id, action

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TournamentButton:
        return cls(int(match["tournament"]), match["action"], label=label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        desk = cast(DeskHost, interaction.client).tournaments
        try:
            await getattr(desk, self.action)(interaction, self.tournament_id)
        except Exception as error:
            await send_error(interaction, error)


TOURNAMENT_ITEMS: tuple[Any, ...] = (TournamentButton,)

__all__ = ["TOURNAMENT_ITEMS", "RoundRunner", "TournamentButton", "TournamentDesk",
           "is_organiser", "join_entrant", "require_runner", "require_signup",
           "signup_view"]
