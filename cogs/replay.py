"""``/ddz replay deal:<id>``: a finished deal of this server, trick by trick, every hand
face up: an animated GIF of the whole deal and a still picture with ◀ ▶ to step through
the plays one by one (:class:`ReplayButton`, ``ddzrp:<game>:<step>``).

The pictures are the table scenes of :func:`cogs.scenes.table_scene` on the deal rebuilt
from its stored log, one step after another (a deal that has ended hides nothing, so every
hand is drawn as shown), and last the deal's result picture (the animation ends on it, and
so does the still's last step). A live deal, an unknown or another server's deal is refused.
"""

from __future__ import annotations

import dataclasses
import io
import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.engine import Game, Pass, PlayCards
from bot.store import GameRecord
from bot.tables import TableError
from bot.tables.picture_pool import PicturePool, draw
from bot.tables.state import Seat, Table
from bot.words.catalogue import t
from bot.words.names import variant_name
from render import ResultScene, render_result, render_table
from render.replay import render_replay
from render.scenes import TableScene

from .errors import send_error
from .i18n import locale_of
from .scenes import deal_result_scene, table_scene

if TYPE_CHECKING:
    from bot.store import Store


def replay_scenes(record: GameRecord, locale: str) -> list[TableScene]:
    """The table at the start of the play, then after every play or pass, every hand face
    up (the deal is over: nothing is hidden any more)."""
    return replay_steps(record, locale)[0]


def replay_steps(record: GameRecord, locale: str
                 ) -> tuple[list[TableScene], ResultScene | None]:
    """The table scenes of :func:`replay_scenes` and the deal's result picture (None for a
    dissolved deal), the replay's last step."""
    log = record.log
    game = Game.from_log(dataclasses.replace(log, actions=()))
    table = record_table(record, game)
    scenes: list[TableScene] = []
    total = sum(isinstance(a, PlayCards | Pass) for a in log.actions)

    def snap(step: int) -> None:
        title = t(locale, "replay.title", variant=variant_name(locale, game.rules.variant),
                  step=step, total=total)
        scene = table_scene(table.snapshot(), title=title, locale=locale)
        seats = tuple(dataclasses.replace(s, shown=game.hand_text(i) or None, turn=False)
                      for i, s in enumerate(scene.seats))
        scenes.append(dataclasses.replace(scene, seats=seats))

    step = 0
    for action in log.actions:
        if game.phase == "play" and not scenes:
            snap(0)
        game.apply(action)
        if isinstance(action, PlayCards | Pass):
            step += 1
            snap(step)
    if not scenes:  # over before any play (an escape, or three redeals)
        snap(0)
    result = None
    if game.result is not None:
        result = deal_result_scene(
            game.result, game.rules, [s.name for s in record.seats],
            [s.ai_level is not None for s in record.seats],
            [game.hand_text(i) for i in range(game.players)],
            title=t(locale, "result.title"), locale=locale)
    return scenes, result


def record_table(record: GameRecord, game: Game) -> Table:
    """A table holding ``game`` (the stored deal, rebuilt to some point) with the deal's
    seats, for :func:`cogs.scenes.table_scene`."""
    return Table(record.channel_id or 1, record.guild_id, 0, game.rules,
                 [Seat(s.user_id, s.name, s.ai_level) for s in record.seats], game=game)


def render_step(scenes: list[TableScene], result: ResultScene | None, step: int) -> bytes:
    """The still picture of one step: a table, or the result after the last play."""
    if result is not None and step >= len(scenes):
        return render_result(result)
    return render_table(scenes[min(step, len(scenes) - 1)])


async def finished_record(store: Store, guild_id: int, deal: str) -> GameRecord:
    """The settled deal of this guild named by ``deal`` (its id or the start of it)."""
    game_id = await store.find_deal(guild_id, deal)
    record = await store.get_game(game_id)  # find_deal looked in this guild only
    if record.status != "settled":
        raise TableError(f"deal {game_id[:8]} is not finished: a replay shows a deal once it "
                         "has ended", code="deal_unfinished", deal=game_id[:8])
    return record


def still_view(game_id: str, step: int, last: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, step - 1, label=t(locale, "btn.prev"),
                               disabled=step <= 0))
    view.add_item(ReplayButton(game_id, step + 1, label=t(locale, "btn.next_page"),
                               disabled=step >= last))
    return view


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button], template=(
        r"ddzrp:(?P<game>[0-9A-Za-z_-]+):(?P<step>[0-9]+)")):
    """◀ or ▶ under a replay's still picture: shows step ``step`` in place."""

    def __init__(self, game_id: str, step: int, *, label: str = "?",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ddzrp:{game_id}:{max(step, 0)}",
                                           disabled=disabled))
        self.game_id, self.step = game_id, max(step, 0)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> ReplayButton:
        return cls(match["game"], int(match["step"]), label=item.label or "?")

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        try:
            assert interaction.guild_id is not None
            store = cast("Store", interaction.client.store)  # type: ignore[attr-defined]
            record = await finished_record(store, interaction.guild_id, self.game_id)
            pool = pictures_of(interaction.client)
            scenes, result = await draw(pool, replay_steps, record, locale)
            last = len(scenes) - (result is None)
            step = min(self.step, last)
            png = await draw(pool, render_step, scenes, result, step)
            await interaction.response.edit_message(
                attachments=[discord.File(io.BytesIO(png), filename="replay.png")],
                view=still_view(record.game_id, step, last, locale))
        except Exception as error:
            await send_error(interaction, error)


def pictures_of(client: object) -> PicturePool | None:
    """The bot's drawing processes (None: draw in a thread)."""
    return getattr(getattr(client, "presenter", None), "pictures", None)


class ReplayCommands:
    """The replay command of the ``/ddz`` cog (a mixin: it needs ``self.store``)."""

    store: Store

    @app_commands.command(name=_("replay"), description=_("Watch a finished deal again"))
    @app_commands.guild_only()
    async def replay(self, interaction: discord.Interaction, deal: str) -> None:
        locale = locale_of(interaction)
        assert interaction.guild_id is not None
        record = await finished_record(self.store, interaction.guild_id, deal)
        await interaction.response.defer(ephemeral=True, thinking=True)
        pool = pictures_of(interaction.client)
        scenes, result = await draw(pool, replay_steps, record, locale)
        gif = await draw(pool, render_replay, scenes, result)
        still = await draw(pool, render_table, scenes[0])
        await interaction.followup.send(
            t(locale, "replay.text", deal=record.game_id[:8], steps=len(scenes) - 1),
            files=[discord.File(io.BytesIO(gif), filename="replay.gif"),
                   discord.File(io.BytesIO(still), filename="replay.png")],
            view=still_view(record.game_id, 0, len(scenes) - (result is None), locale),
            ephemeral=True)

    @replay.autocomplete("deal")
    async def replay_deals(self, interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        return await recent_deals(self.store, interaction, current)


async def recent_deals(store: Store, interaction: discord.Interaction, current: str
                       ) -> list[app_commands.Choice[str]]:
    """The caller's last 25 deals here, newest first, filtered by what was typed."""
    if interaction.guild_id is None:
        return []
    locale = locale_of(interaction)
    page = await store.history(interaction.guild_id, interaction.user.id, per_page=25)
    typed = current.strip().lower()
    out = []
    for e in page:
        if typed and not e.game_id.startswith(typed):
            continue
        role = t(locale, f"hist.{e.role}") if e.role else t(locale, "hist.void")
        won = t(locale, "hist.won" if e.won else "hist.lost").strip("*")
        label = (f"{e.short_id} · {e.settled_at[5:16].replace('T', ' ')} · "
                 f"{variant_name(locale, e.variant)} · {role} · {won} · {e.beans:+,}")
        out.append(app_commands.Choice(name=label[:100], value=e.game_id))
    return out


REPLAY_ITEMS: tuple[Any, ...] = (ReplayButton,)

__all__ = ["REPLAY_ITEMS", "ReplayButton", "ReplayCommands", "finished_record",
           "recent_deals", "record_table", "render_step", "replay_scenes", "replay_steps"]
