"""The Discord side of a running tournament: the round runner's host
(``bot.tournament_runner.runner.TournamentHost``).

- :meth:`DiscordTournamentHost.open_table_place`: a public thread per table under the
  tournament's channel, named ``<name> · R1 T2``, where the table's players are pinged; a
  server that refuses threads gets a text channel instead (said in it). Asked again for the
  same table (a restart), it returns the same place.
- :meth:`~DiscordTournamentHost.round_over`: the standings as a picture and as text in the
  tournament's channel; :meth:`~DiscordTournamentHost.tournament_over`: the final ranking
  and the prizes. Each is sent with a nonce of its own (Discord drops the same nonce sent
  again within minutes), and :meth:`~DiscordTournamentHost.posted` finds it in the
  channel's last messages: after a stop while it was being posted, it is not posted twice.
- :meth:`~DiscordTournamentHost.progress`: the sign-up message shows where the tournament
  is (the round, the leader; finished, the winners).
- :meth:`~DiscordTournamentHost.table_stopped`: a server manager closed a table; said in
  the channel and the table's thread (the tournament goes on).

Words are the tournament's language (its creator's); pictures are drawn in the picture
pool (``draw``, the presenter's).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.tournaments import Standing
from bot.words.catalogue import t as say
from bot.words.names import variant_name
from render import StandingRow, StandingsScene, render_standings

from .markdown import CONTENT, NO_PINGS, clip, ping, safe
from .tournament_text import (
    entrant_names,
    locale_of_tournament,
    prizes_text,
    standings_block,
)

if TYPE_CHECKING:
    from bot.store import Payout, Store, Tournament

    from .tournament_desk import TournamentDesk

log = logging.getLogger("ddz.tournament")

Draw = Callable[..., Awaitable[bytes]]
TEXT_ROWS = 20  # rows of the standings' text under the picture (a message holds 2,000)
COLUMNS = ("rank", "player", "points", "landlord_wins", "farmer_wins", "deals")
LOOK_BACK = 50  # the channel's last messages searched for an announcement already posted
FINAL = 0  # the final ranking's round number (bot.store.tournaments.FINAL)


def nonce_of(tour: Tournament, round_no: int) -> str:
    """The announcement's nonce (Discord's 25 characters at most): the same for a post
    sent again, so Discord keeps one."""
    return f"ddzt{tour.tournament_id % 10**16}r{round_no}"


def place_name(tour: Tournament, round_no: int, table_no: int) -> str:
    """``<name> · R1 T2`` (Discord's 100 characters at most)."""
    suffix = f" · R{round_no} T{table_no}"
    return tour.settings.name[:100 - len(suffix)] + suffix


def standings_scene(tour: Tournament, table: Sequence[Standing], names: Mapping[int, str],
                    locale: str, *, final: bool = False,
                    viewer: int | None = None) -> StandingsScene:
    """The standings picture's scene, in ``locale``; ``viewer``'s row outlined."""
    s = tour.settings
    title = say(locale, "tour.final_title", name=s.name) if final else \
        say(locale, "tour.standings_title", name=s.name, round=max(tour.round_no, 1),
          rounds=s.rounds)
    subtitle = f"{variant_name(locale, s.variant)} · {say(locale, 'tour.entrants', n=len(table))}"
    heads = tuple(say(locale, f"tour.col.{c}") for c in COLUMNS)
    rows = tuple(StandingRow(x.rank, names.get(x.user_id, str(x.user_id)), x.points,
                             x.landlord_wins, x.farmer_wins, x.deals,
                             highlight=x.user_id == viewer) for x in table)
    assert len(heads) == 6
    return StandingsScene(title, subtitle, (heads[0], heads[1], heads[2], heads[3], heads[4],
                                            heads[5]), rows, say(locale, "tour.tie_breaks"))


class DiscordTournamentHost:
    """Threads for the tables, standings in the channel (see the module)."""

    def __init__(self, client: discord.Client, store: Store, desk: TournamentDesk,
                 draw: Draw) -> None:
        self.client = client
        self.store = store
        self.desk = desk
        self.draw = draw
        self._places: dict[tuple[int, int, int], int] = {}

    async def open_table_place(self, t: Tournament, round_no: int, table_no: int) -> int:
        key = (t.tournament_id, round_no, table_no)
        if key in self._places:
            return self._places[key]
        parent = await self.desk.channel(t.channel_id)
        if not isinstance(parent, discord.TextChannel):
            raise RuntimeError(f"tournament {t.tournament_id}'s channel {t.channel_id} is "
                               "not a text channel the bot can see")
        name = place_name(t, round_no, table_no)
        place, fallback = await self._place(parent, name)
        self._places[key] = place.id
        locale = locale_of_tournament(t)
        seats = (await self.store.round_tables(t.tournament_id, round_no))[table_no - 1]
        mentions = " ".join(f"<@{u}>" for u in seats if u is not None)
        text = say(locale, "tour.table_here", mentions=mentions, name=safe(t.settings.name),
                 round=round_no, table=table_no)
        if fallback:
            text += "\n" + say(locale, "tour.table_channel")
        try:
            await place.send(text, allowed_mentions=ping(u for u in seats if u is not None))
        except discord.HTTPException:
            log.warning("could not ping table %s of round %s in %s", table_no, round_no,
                        place.id)
        return place.id

    async def _place(self, parent: discord.TextChannel, name: str
                     ) -> tuple[discord.Thread | discord.TextChannel, bool]:
        """A thread named ``name`` under ``parent`` (the one there already after a
        restart), or a text channel beside it when threads are refused (True)."""
        for thread in parent.threads:
            if thread.name == name and not thread.archived:
                return thread, False
        try:
            return await parent.create_thread(name=name, type=discord.ChannelType.public_thread,
                                              auto_archive_duration=1440), False
        except discord.HTTPException:
            log.warning("threads refused under %s: the table gets a channel", parent.id)
        channel = await parent.guild.create_text_channel(name=name, category=parent.category)
        return channel, True

    async def round_over(self, t: Tournament, round_no: int, table: list[Standing]) -> None:
        locale = locale_of_tournament(t)
        tour = await self.store.get_tournament(t.tournament_id)
        names = await entrant_names(self.store, t.guild_id, [s.user_id for s in table])
        text = _heading(t, round_no) + "\n" + standings_block(table, names, locale, TEXT_ROWS)
        scene = standings_scene(_at_round(tour, round_no), table, names, locale)
        await self._post(t, round_no, text, scene, f"standings-r{round_no}.png")

    async def tournament_over(self, t: Tournament, table: list[Standing],
                              payout: Payout) -> None:
        locale = locale_of_tournament(t)
        names = await entrant_names(self.store, t.guild_id, [s.user_id for s in table])
        text = (_heading(t, FINAL) + "\n"
                + standings_block(table, names, locale, TEXT_ROWS) + "\n"
                + prizes_text(payout.prizes, table, names, locale))
        scene = standings_scene(t, table, names, locale, final=True)
        await self._post(t, FINAL, text, scene, "standings-final.png")

    async def posted(self, t: Tournament, round_no: int) -> bool:
        """Is the announcement among the channel's last messages (the bot's, after the
        sign-up message, opening with its heading)?"""
        channel = await self.desk.channel(t.channel_id)
        me = self.client.user
        if channel is None or me is None:
            return False
        heading = clip(_heading(t, round_no), CONTENT)
        since = t.settings.extra.get("message_id")
        try:
            async for message in channel.history(limit=LOOK_BACK):
                if isinstance(since, int) and message.id <= since:
                    break
                if message.author.id == me.id and message.content.startswith(heading):
                    return True
        except discord.HTTPException:
            log.warning("could not read tournament %s's channel", t.tournament_id)
        return False

    async def progress(self, t: Tournament) -> None:
        await self.desk.refresh(t.tournament_id)

    async def table_stopped(self, t: Tournament, round_no: int, table_no: int,
                            away: list[int]) -> None:
        text = say(locale_of_tournament(t), "tour.table_stopped", name=safe(t.settings.name),
                   round=round_no, table=table_no)
        progress = await self.store.round_progress(t.tournament_id, round_no)
        thread = progress.get(table_no, (None, 0))[0]
        for place in (t.channel_id, thread):
            channel = await self.desk.channel(place) if place is not None else None
            if channel is None:
                continue
            try:
                await channel.send(text, allowed_mentions=NO_PINGS)
            except discord.HTTPException:
                log.warning("could not say that table %s of tournament %s was closed",
                            table_no, t.tournament_id)

    async def _post(self, tour: Tournament, round_no: int, text: str,
                    scene: StandingsScene, filename: str) -> None:
        """Post an announcement (a failure is logged: the tournament goes on)."""
        channel = await self.desk.channel(tour.channel_id)
        if channel is None:
            log.warning("tournament %s's channel is gone", tour.tournament_id)
            return
        extra: dict[str, Any] = {}
        try:
            png = await self.draw(render_standings, scene)
            extra["file"] = discord.File(io.BytesIO(png), filename=filename)
        except Exception:  # the words still go out
            log.exception("could not draw the standings of tournament %s", tour.tournament_id)
        try:
            await channel.send(clip(text, CONTENT), allowed_mentions=NO_PINGS,
                               nonce=nonce_of(tour, round_no), **extra)
        except discord.HTTPException:
            log.warning("could not post announcement %s of tournament %s", round_no,
                        tour.tournament_id)


def _heading(tour: Tournament, round_no: int) -> str:
    """An announcement's first line: a round's standings, or (:data:`FINAL`) the final."""
    locale, name = locale_of_tournament(tour), safe(tour.settings.name)
    if round_no == FINAL:
        return say(locale, "tour.final", name=name)
    return say(locale, "tour.round_over", name=name, round=round_no,
               rounds=tour.settings.rounds)


def _at_round(tour: Tournament, round_no: int) -> Tournament:
    """``tour`` as of the end of ``round_no`` (the store may have seated the next one)."""
    return replace(tour, round_no=round_no)


__all__ = ["DiscordTournamentHost", "entrant_names", "place_name", "standings_scene"]
