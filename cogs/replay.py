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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

import discord
from discord import app_commands

from bot.store import GameRecord, GameStatus
from bot.tables import TableError
from bot.tables.replay import replay_deal
from bot.words.catalogue import t
from bot.words.names import variant_name
from render import ResultScene, render_result, render_table
from render.replay import render_replay
from render.scenes import TableScene

from .controls import label_of
from .errors import send_error
from .i18n import locale_of
from .scenes import deal_result_scene, table_scene

if TYPE_CHECKING:
    from .readers import DealReader


def replay_scenes(record: GameRecord, locale: str) -> list[TableScene]:
    """The table at the start of the play, then after every play or pass, every hand face
    up (the deal is over: nothing is hidden any more)."""
    return replay_steps(record, locale)[0]


def replay_steps(record: GameRecord, locale: str
                 ) -> tuple[list[TableScene], ResultScene | None]:
    """The table scenes of :func:`replay_scenes` and the deal's result picture (None for a
    dissolved deal), the replay's last step."""
    deal = replay_deal(record)
    scenes: list[TableScene] = []
    for number, step in enumerate(deal.steps):
        title = t(locale, "replay.title", variant=variant_name(locale, deal.rules.variant),
                  step=number, total=deal.plays)
        scene = table_scene(step.table, title=title, locale=locale)
        seats = tuple(dataclasses.replace(s, shown=step.hands[i] or None, turn=False)
                      for i, s in enumerate(scene.seats))
        scenes.append(dataclasses.replace(scene, seats=seats))
    result = None
    if deal.result is not None:
        result = deal_result_scene(
            deal.result, deal.rules, [s.name for s in record.seats],
            [s.ai_level is not None for s in record.seats], deal.hands,
            title=t(locale, "result.title"), locale=locale)
    return scenes, result


def render_step(scenes: list[TableScene], result: ResultScene | None, step: int) -> bytes:
    """The still picture of one step: a table, or the result after the last play."""
    if result is not None and step >= len(scenes):
        return render_result(result)
    return render_table(scenes[min(step, len(scenes) - 1)])


async def finished_record(store: DealReader, guild_id: int, deal: str) -> GameRecord:
    """The settled deal of this guild named by ``deal`` (its id or the start of it)."""
    game_id = await store.find_deal(guild_id, deal)
    record = await store.get_game(game_id)  # find_deal looked in this guild only
    if record.status != GameStatus.SETTLED:
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


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=(
        r"ddzrp:(?P<game>[0-9A-Za-z_-]+):(?P<step>[0-9]+)")):
    """◀ or ▶ under a replay's still picture: shows step ``step`` in place."""

    def __init__(self, game_id: str, step: int, *, label: str = "?",
                 disabled: bool = False) -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"ddzrp:{game_id}:{max(step, 0)}",
                                           disabled=disabled))
        self.game_id, self.step = game_id, max(step, 0)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ReplayButton:
        return cls(match["game"], int(match["step"]), label=label_of(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        locale = locale_of(interaction)
        try:
            assert interaction.guild_id is not None
            host = cast(ReplayHost, interaction.client)
            record = await finished_record(host.store, interaction.guild_id, self.game_id)
            draw = host.presenter.draw
            scenes, result = await draw(replay_steps, record, locale)
            last = len(scenes) - (result is None)
            step = min(self.step, last)
            png = await draw(render_step, scenes, result, step)
            await interaction.response.edit_message(
                attachments=[discord.File(io.BytesIO(png), filename="replay.png")],
                view=still_view(record.game_id, step, last, locale))
        except Exception as error:
            await send_error(interaction, error)


T = TypeVar("T")


class Drawing(Protocol):
    """Who draws the bot's pictures (the presenter: in its drawing processes, timed)."""

    async def draw(self, render: Callable[..., T], /, *args: Any, **kwargs: Any) -> T: ...


class ReplayHost(Protocol):
    """What a replay button reaches through ``interaction.client`` (the bot)."""

    @property
    def store(self) -> DealReader: ...

    @property
    def presenter(self) -> Drawing: ...


class Replays:
    """``/ddz replay``'s answers: a finished deal read from the store, drawn by
    ``drawing`` as a GIF and a still with step buttons."""

    def __init__(self, *, store: DealReader, drawing: Drawing) -> None:
        self.store = store
        self.drawing = drawing

    async def show(self, interaction: discord.Interaction, deal: str) -> None:
        """Replay ``deal``, privately."""
        locale = locale_of(interaction)
        assert interaction.guild_id is not None
        record = await finished_record(self.store, interaction.guild_id, deal)
        await interaction.response.defer(ephemeral=True, thinking=True)
        draw = self.drawing.draw
        scenes, result = await draw(replay_steps, record, locale)
        gif = await draw(render_replay, scenes, result)
        still = await draw(render_table, scenes[0])
        await interaction.followup.send(
            t(locale, "replay.text", deal=record.game_id[:8], steps=len(scenes) - 1),
            files=[discord.File(io.BytesIO(gif), filename="replay.gif"),
                   discord.File(io.BytesIO(still), filename="replay.png")],
            view=still_view(record.game_id, 0, len(scenes) - (result is None), locale),
            ephemeral=True)

    async def deals(self, interaction: discord.Interaction, current: str
                    ) -> list[app_commands.Choice[str]]:
        """The caller's recent deals, for the command's autocomplete."""
        return await recent_deals(self.store, interaction, current)


async def recent_deals(store: DealReader, interaction: discord.Interaction, current: str
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

__all__ = ["REPLAY_ITEMS", "Drawing", "ReplayButton", "Replays", "finished_record",
           "recent_deals", "render_step", "replay_scenes", "replay_steps"]
