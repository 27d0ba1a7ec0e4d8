"""A tournament in words: its settings, its status, the sign-up message's embed, the
standings as a code block and the prizes, in the reader's language (:mod:`bot.words`).

Pure functions of stored values (:class:`bot.store.Tournament`, standings, names), and
:func:`entrant_names`, the names' look-up in the store: the Discord parts (posting,
editing, buttons) are :mod:`cogs.tournament_desk` and :mod:`cogs.tournament_host`'s.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from datetime import datetime

import discord

from bot.store import Store, Tournament
from bot.tournaments import Standing, TournamentStatus, place_prizes
from bot.words.catalogue import t
from bot.words.names import variant_name

from .markdown import DESCRIPTION, TITLE, clip, safe

ENTRANTS_SHOWN = 40  # mentions listed on the sign-up message (an embed field's 1,024 chars)
NAME_COLUMN = 16  # display cells of a name in the standings' code block


def starts_at(tour: Tournament) -> datetime | None:
    """The sign-up's end, as stored in the tournament's notes (None: no start time)."""
    text = tour.settings.extra.get("starts_at")
    try:
        return datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


def locale_of_tournament(tour: Tournament, default: str = "en") -> str:
    """The language the tournament speaks in its channel (its creator's)."""
    locale = tour.settings.extra.get("locale")
    return locale if isinstance(locale, str) else default


def pool_of(tour: Tournament, entrants: int) -> int:
    """The prize pool: every entrant's buy-in (the store's ``pool`` while it holds it)."""
    return tour.pool if tour.pool else tour.settings.buy_in * entrants


def places_text(tour: Tournament, entrants: int, locale: str) -> str:
    """``1. 600 · 2. 360 · 3. 240`` for the pool now, or the split in percent before anyone
    paid (``50% · 30% · 20%``)."""
    pool = pool_of(tour, entrants)
    if not tour.settings.buy_in:
        return t(locale, "tour.no_pool")
    if pool <= 0:
        return " · ".join(f"{share}%" for share in tour.settings.prize_split)
    prizes = place_prizes(pool, tour.settings.prize_split, max(entrants, 1),
                          tour.settings.house_percent)
    return " · ".join(t(locale, "tour.place", rank=n, amount=amount)
                      for n, amount in enumerate(prizes, 1))


def settings_lines(tour: Tournament, locale: str) -> list[str]:
    """The settings as the sign-up message says them: one line, then the AI and the
    duplicate deals' lines."""
    s = tour.settings
    entry = t(locale, "tour.buy_in", amount=s.buy_in) if s.buy_in else t(locale, "tour.free")
    split = "/".join(str(p) for p in s.prize_split) + " %" if s.buy_in else \
        t(locale, "tour.no_pool")
    lines = [t(locale, "tour.settings", variant=variant_name(locale, s.variant),
               rounds=s.rounds, deals=s.deals_per_round, entry=entry, split=split),
             t(locale, "tour.ai_fill" if s.ai_fill else "tour.no_ai_fill")]
    if s.duplicate:
        lines.append(t(locale, "tour.duplicate"))
    return lines


def status_text(tour: Tournament, locale: str) -> str:
    """Sign-up open / running: round N of R / finished / cancelled."""
    return t(locale, f"tour.status.{tour.status}", round=max(tour.round_no, 1),
             rounds=tour.settings.rounds)


def leader_line(table: Sequence[Standing], names: Mapping[int, str], locale: str) -> str | None:
    """``Leading: ann (+8 pts)`` (every entrant sharing first place), or None before any
    deal was counted."""
    first = [s for s in table if s.rank == 1 and s.deals]
    if not first:
        return None
    return t(locale, "tour.leader", points=first[0].points,
             names=", ".join(safe(names.get(s.user_id, str(s.user_id))) for s in first))


def winners_line(table: Sequence[Standing], names: Mapping[int, str], locale: str,
                 places: int = 3) -> str | None:
    """``Winners: 1. ann · 2. bo · 3. cy`` (the first ``places`` ranks, ties included)."""
    lines = [t(locale, "tour.winner_line", rank=s.rank,
               name=safe(names.get(s.user_id, str(s.user_id))))
             for s in table if s.rank <= places and s.deals]
    return t(locale, "tour.winners", lines=" · ".join(lines)) if lines else None


def signup_embed(tour: Tournament, entrants: Sequence[int], locale: str, *,
                 table: Sequence[Standing] = (), names: Mapping[int, str] | None = None,
                 prizes: Mapping[int, int] | None = None) -> discord.Embed:
    """The sign-up message: name, settings, status or start time, the entrants; once
    it runs, the standings' leader (``table``: the standings now, ``names`` the
    entrants'), and when finished the winners and their ``prizes``."""
    lines = settings_lines(tour, locale)
    when = starts_at(tour)
    names = names or {}
    if tour.status == TournamentStatus.SIGNUP:
        if when is not None:
            lines.append(t(locale, "tour.starts", when=f"<t:{int(when.timestamp())}:R>"))
        lines.append(t(locale, "tour.needs", n=tour.settings.table_size))
    else:
        lines.append(f"**{status_text(tour, locale)}**")
        if tour.status == TournamentStatus.RUNNING:
            extra = leader_line(table, names, locale)
            if extra:
                lines.append(extra)
        elif tour.status == TournamentStatus.FINISHED:
            winners = winners_line(table, names, locale)
            if winners:
                lines.append(winners)
            if prizes and any(prizes.values()):
                lines.append(prizes_text(prizes, table, names, locale))
    colour = discord.Colour.gold() if tour.status.is_open else discord.Colour.dark_grey()
    embed = discord.Embed(title=signup_title(tour, locale),
                          description=clip("\n".join(lines), DESCRIPTION), colour=colour)
    shown = " ".join(f"<@{u}>" for u in entrants[:ENTRANTS_SHOWN])
    if len(entrants) > ENTRANTS_SHOWN:
        shown += " " + t(locale, "tour.more", n=len(entrants) - ENTRANTS_SHOWN)
    embed.add_field(name=t(locale, "tour.entrants", n=len(entrants)),
                    value=shown or t(locale, "tour.nobody"), inline=False)
    if tour.settings.buy_in:
        embed.add_field(name="💰", value=t(locale, "tour.show_prizes",
                                          pool=pool_of(tour, len(entrants)),
                                          places=places_text(tour, len(entrants), locale)),
                        inline=False)
    embed.set_footer(text=f"#{tour.tournament_id}")
    return embed


def signup_title(tour: Tournament, locale: str) -> str:
    """The sign-up embed's title: the tournament's name, escaped, within Discord's 256."""
    return clip(t(locale, "tour.signup_title", name=safe(tour.settings.name)), TITLE)


def cells(text: str) -> int:
    """Display cells of ``text`` in a monospaced block (CJK and full-width take two)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit_cells(text: str, width: int) -> str:
    """``text`` cut (with …) and padded to ``width`` display cells."""
    text = " ".join(text.replace("`", "'").split())
    if cells(text) > width:
        while text and cells(text) > width - 1:
            text = text[:-1]
        text += "…"
    return text + " " * (width - cells(text))


def standings_block(table: Sequence[Standing], names: Mapping[int, str], locale: str,
                    limit: int = 30) -> str:
    """The standings as a code block: rank, player, points, landlord wins, farmer wins,
    deals; the tie-breaks under it. At most ``limit`` lines (then … and N more)."""
    if not table:
        return t(locale, "tour.no_standings")
    heads = [t(locale, f"tour.col.{c}").replace("\n", " ") for c in
             ("rank", "player", "points", "landlord_wins", "farmer_wins", "deals")]
    widths = [max(4, cells(heads[0])), NAME_COLUMN, *(max(6, cells(h)) for h in heads[2:])]
    rows = [[str(s.rank), names.get(s.user_id, str(s.user_id)), f"{s.points:+d}",
             str(s.landlord_wins), str(s.farmer_wins), str(s.deals)] for s in table[:limit]]
    lines = []
    for row in [heads, *rows]:
        parts = [fit_cells(row[0], widths[0]), fit_cells(row[1], widths[1]),
                 *(" " * max(0, w - cells(v)) + v for v, w in zip(row[2:], widths[2:],
                                                                   strict=True))]
        lines.append(" ".join(parts).rstrip())
    if len(table) > limit:
        lines.append(t(locale, "tour.more", n=len(table) - limit))
    return "```\n" + "\n".join(lines) + "\n```\n" + t(locale, "tour.tie_breaks")


def prizes_text(prizes: Mapping[int, int], table: Sequence[Standing],
                names: Mapping[int, str], locale: str) -> str:
    """``Prizes: 1. ann +600 · 2. bo +360`` in ranking order (winners only)."""
    lines = [t(locale, "tour.prize_line", rank=s.rank, name=safe(names.get(s.user_id, s.user_id)),
               amount=prizes[s.user_id]) for s in table if prizes.get(s.user_id, 0) > 0]
    return t(locale, "tour.prizes", lines=" · ".join(lines)) if lines else \
        t(locale, "tour.no_prizes")


async def entrant_names(store: Store, guild_id: int, users: Sequence[int]) -> dict[int, str]:
    """Each entrant's name as the store knows it (their id when unknown)."""
    names: dict[int, str] = {}
    for user in users:
        player = await store.get_player(guild_id, user)
        names[user] = player.name if player is not None else str(user)
    return names


def history_line(tour: Tournament, standing: Standing | None, entrants: int,
                 locale: str) -> str:
    """One tournament in ``/ddz history``: name, status, and the player's rank."""
    line = t(locale, "tour.history_line", name=safe(tour.settings.name),
             status=status_text(tour, locale))
    if standing is not None and standing.deals:
        line += " · " + t(locale, "tour.history_rank", rank=standing.rank, of=entrants,
                          points=standing.points)
    return line + f" · `#{tour.tournament_id}`"


__all__ = ["cells", "entrant_names", "fit_cells", "history_line", "leader_line",
           "locale_of_tournament", "places_text", "pool_of", "prizes_text", "settings_lines",
           "signup_embed", "signup_title", "standings_block", "starts_at", "status_text",
           "winners_line"]
