"""``/ddz tournament new|join|leave|start|cancel|show``: server tournaments.

:class:`TournamentGroup`, an ``app_commands.Group`` the ``/ddz`` cog holds as its
``tournament`` subgroup, made with the store, the tournament desk and who draws. Creating
needs Manage Server or the server's ``tournament_role`` (``/ddz config``); bad input is
refused privately in the user's language and nothing is created. ``join``, ``leave``,
``start`` and ``cancel`` act on the channel's open tournament and do what the sign-up
message's buttons do (:class:`cogs.tournament_desk.TournamentDesk`); ``show`` shows a
tournament's status, standings (text and picture) and prizes.
"""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.engine import VARIANTS
from bot.tournaments import TournamentError, TournamentSettings, TournamentStatus
from bot.words.catalogue import t
from render import render_standings

from .errors import reply
from .i18n import locale_of
from .markdown import DESCRIPTION, clip, safe
from .tournament_host import entrant_names, standings_scene
from .tournament_text import (
    places_text,
    prizes_text,
    settings_lines,
    signup_title,
    standings_block,
    status_text,
)

if TYPE_CHECKING:
    from bot.store import Store, Tournament

    from .replay import Drawing
    from .tournament_desk import TournamentDesk

VARIANT_CHOICES = [app_commands.Choice(name=v, value=v) for v in VARIANTS]
SEED_BITS = 62


def parse_split(text: str) -> tuple[int, ...]:
    """``"50,30,20"`` (or spaces, ``/``, ``%``) as shares; what is not a number is refused
    with the words typed."""
    parts = [p for p in text.replace("%", " ").replace("/", " ").replace(",", " ").split()]
    try:
        return tuple(int(p) for p in parts)
    except ValueError:
        raise TournamentError(f"the prize split {text!r} is not numbers",
                              code="bad_prize_split", split=parts[:10]) from None


def may_create(interaction: discord.Interaction, role_id: int) -> bool:
    """Manage Server, or the server's tournament role."""
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", ())
    return bool(role_id) and any(r.id == role_id for r in roles)


class TournamentGroup(app_commands.Group, name=_("tournament"),
                      description=_("Server tournaments: sign-up, rounds, standings")):
    """The ``/ddz tournament`` subgroup: its commands read the store, act through the
    tournament desk (:class:`cogs.tournament_desk.TournamentDesk`: what the sign-up
    message's buttons do too) and have the standings drawn by ``drawing``."""

    def __init__(self, *, store: Store, desk: TournamentDesk, drawing: Drawing) -> None:
        super().__init__()
        self.store = store
        self.desk = desk
        self.drawing = drawing

    @app_commands.command(name=_("new"), description=_("Create a tournament in this channel"))
    @app_commands.choices(variant=VARIANT_CHOICES)
    @app_commands.describe(rounds="1 to 9", deals="deals per round", buy_in="beans, 0: free",
                           split="prize split in percent, e.g. 50,30,20",
                           ai_fill="AI players fill short tables",
                           duplicate="every table of a round plays the same deals",
                           start_in="minutes of sign-up before it starts by itself")
    async def tournament_new(self, interaction: discord.Interaction, name: str,
                             variant: app_commands.Choice[str] | None = None,
                             rounds: app_commands.Range[int, 1, 9] = 3,
                             deals: app_commands.Range[int, 1, 12] = 2,
                             buy_in: app_commands.Range[int, 0, 1_000_000] = 0,
                             split: str = "50,30,20", ai_fill: bool = True,
                             duplicate: bool = False,
                             start_in: app_commands.Range[int, 1, 10_080] = 15) -> None:
        locale = locale_of(interaction)
        assert interaction.guild_id is not None and interaction.channel_id is not None
        server = await self.store.get_settings(interaction.guild_id)
        if not may_create(interaction, server.tournament_role):
            role = f"<@&{server.tournament_role}>" if server.tournament_role else \
                t(locale, "tour.no_role")
            raise app_commands.CheckFailure(t(locale, "tour.no_permission", role=role))
        starts = datetime.now(UTC) + timedelta(minutes=start_in)
        settings = TournamentSettings(
            name=name, variant=variant.value if variant else server.variant, rounds=rounds,
            deals_per_round=deals, buy_in=buy_in, prize_split=parse_split(split),
            ai_fill=ai_fill, duplicate=duplicate,
            extra={"starts_at": starts.isoformat(timespec="seconds"), "locale": locale})
        tour = await self.store.create_tournament(
            interaction.guild_id, interaction.channel_id, interaction.user.id, settings,
            random.SystemRandom().getrandbits(SEED_BITS))
        tour = await self.desk.post_signup(tour)
        self.desk.arm(tour)
        await reply(interaction, "✅ " + t(locale, "tour.created", name=safe(settings.name)))

    @app_commands.command(name=_("join"), description=_("Sign up for this channel's tournament"))
    async def tournament_join(self, interaction: discord.Interaction) -> None:
        tour = await self.desk.open_here(interaction.channel_id)
        await self.desk.join(interaction, tour.tournament_id)

    @app_commands.command(name=_("leave"),
                        description=_("Leave this channel's tournament before it starts"))
    async def tournament_leave(self, interaction: discord.Interaction) -> None:
        tour = await self.desk.open_here(interaction.channel_id)
        await self.desk.leave(interaction, tour.tournament_id)

    @app_commands.command(name=_("start"), description=_("Start this channel's tournament now"))
    async def tournament_start(self, interaction: discord.Interaction) -> None:
        tour = await self.desk.open_here(interaction.channel_id)
        await self.desk.start(interaction, tour.tournament_id)

    @app_commands.command(name=_("cancel"),
                        description=_("Cancel this channel's tournament (buy-ins returned)"))
    async def tournament_cancel(self, interaction: discord.Interaction) -> None:
        tour = await self.desk.open_here(interaction.channel_id)
        await self.desk.cancel(interaction, tour.tournament_id)

    @app_commands.command(name=_("show"),
                        description=_("A tournament's status, standings and prizes"))
    async def tournament_show(self, interaction: discord.Interaction,
                              id: app_commands.Range[int, 1, 2**53] | None = None) -> None:
        locale = locale_of(interaction)
        assert interaction.guild_id is not None
        if id is None:
            found = await self.store.channel_tournament(interaction.channel_id or 0,
                                                        open_only=False)
            if found is None:
                raise TournamentError("there is no tournament in this channel",
                                      code="no_tournament_here")
            tour = found
        else:
            tour = await self.store.get_tournament(id)
            if tour.guild_id != interaction.guild_id:  # another server's: as if unknown
                raise TournamentError(f"there is no tournament {id}",
                                      code="unknown_tournament", tournament_id=id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed, file = await self._shown(tour, interaction.user.id, locale)
        if file is None:
            await reply(interaction, embed=embed)
        else:
            await reply(interaction, embed=embed, file=file)

    async def _shown(self, tour: Tournament, viewer: int, locale: str
                     ) -> tuple[discord.Embed, discord.File | None]:
        entrants = await self.store.tournament_entrants(tour.tournament_id)
        table = await self.store.tournament_standings(tour.tournament_id) \
            if tour.status != TournamentStatus.SIGNUP else []
        names = await entrant_names(self.store, tour.guild_id, entrants)
        lines = settings_lines(tour, locale)
        lines.append(t(locale, "tour.show_status", status=status_text(tour, locale)))
        if tour.status == TournamentStatus.FINISHED and tour.paid:
            payout = await self.store.pay_prizes(tour.tournament_id)  # paid: only read
            lines.append(prizes_text(payout.prizes, table, names, locale))
        elif tour.settings.buy_in and tour.status != TournamentStatus.CANCELLED:
            lines.append(t(locale, "tour.show_prizes", pool=tour.pool,
                           places=places_text(tour, len(entrants), locale)))
        if table:
            lines.append(standings_block(table, names, locale, 20))
        embed = discord.Embed(title=signup_title(tour, locale),
                              description=clip("\n".join(lines), DESCRIPTION),
                              colour=discord.Colour.gold())
        embed.set_footer(text=f"#{tour.tournament_id} · "
                              + t(locale, "tour.entrants", n=len(entrants)))
        if not table:
            return embed, None
        scene = standings_scene(tour, table, names, locale,
                                final=tour.status == TournamentStatus.FINISHED, viewer=viewer)
        png = await self.drawing.draw(render_standings, scene)
        return embed, discord.File(io.BytesIO(png), filename="standings.png")


__all__ = ["TournamentGroup", "may_create", "parse_split"]
