"""Driving the bot like players do: slash commands and buttons only."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.store.errors import StoreUnavailableError
from bot.words.errors import error_text
from cogs.errors import DdzTree, unwrap

LABELS_FOR_PHASE = {  # what a scripted human presses in each auction phase
    "bid": "3 pt", "call": "Call landlord", "grab": "Don't grab", "double": "Don't double",
    "show_start": "Don't show", "show_deal": "Don't show", "show_landlord": "Don't show",
}


def answered_first(env: Any, *names: str) -> list[bool]:
    """Wrap the manager's methods ``names``: each call records whether the interaction
    that asked for it had been answered already (the table's lock may wait for an AI's
    move, past Discord's 3 s). Returns the record."""
    manager, seen = env.bot.manager, []
    for name in names:
        act = getattr(manager, name)

        async def wrapped(*args: Any, _act: Any = act, **kwargs: Any) -> Any:
            seen.append(list(env.backend.interactions.values())[-1].responded)
            return await _act(*args, **kwargs)

        setattr(manager, name, wrapped)
    return seen


def answered_errors_pass(bot: Any) -> None:
    """SimCord records every error that reaches the command tree's ``on_error`` (and fails
    the test at its end); most are refusals the bot answers in the user's language. Let
    only unexpected ones (bugs) reach SimCord's recorder. Call after each (re)start."""
    recorder = bot.tree.on_error  # SimCord's wrapper around DdzTree.on_error

    async def on_error(interaction: discord.Interaction, error: Any) -> None:
        original = unwrap(error)
        if isinstance(original, app_commands.CheckFailure | StoreUnavailableError) or \
                error_text(original, "en") is not None:
            await DdzTree.on_error(bot.tree, interaction, error)
        else:
            await recorder(interaction, error)

    bot.tree.on_error = on_error


async def restart(env: Any, bot: Any) -> None:
    """Restart SimCord's client as ``bot`` (a new bot, as after a crash)."""
    await env.restart_bot(bot)
    answered_errors_pass(bot)


async def ai_bids_three(env: Any, settings: Any) -> Any:
    """Restart SimCord's client as a bot whose deal has the AI seat (2) bid first, and bid
    3: the AI takes the landlord and leads (close the bot's store at the end)."""
    from bot.engine import Bid
    from bot.process.app import create_bot
    from bot.tables.turns import default_decider

    real = default_decider()

    def bid_three(view: Any, level: Any, seed: int) -> Any:
        return Bid(view.seat, 3) if view.phase == "bid" else real(view, level, seed)

    bot = await create_bot(settings, seed_source=lambda: 6, decide=bid_three)
    await restart(env, bot)
    return bot


async def setup(env: Any) -> tuple[Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("ddz")
    await env.bot.tree.sync()
    return guild, channel


def table_message(env: Any, channel: Any) -> discord.Message:
    """The bot's public table message as it is now (a fresh snapshot)."""
    wanted = env.bot.presenter.message(channel.id).id
    for message in channel.history():
        if message.id == wanted:
            return message
    raise AssertionError("no table message")


def table_of(env: Any, channel: Any) -> Any:
    return env.bot.manager._tables.get(channel.id)


def buttons(message: discord.Message) -> list[Any]:
    """Every component of a message (buttons and selects), row after row."""
    out = []
    for row in message.components:
        out.extend(getattr(row, "children", [row]))
    return out


def response_buttons(message: object) -> list[dict[str, object]]:
    """Every component of a SimCord interaction response (raw dicts), row after row."""
    return [c for row in message.components for c in row.get("components", [row])]


async def human_turn(env: Any, channel: Any, seat: int) -> None:
    """Let the AI seats move until it is ``seat``'s turn (and a person acts for it)."""
    for _ in range(500):
        table = table_of(env, channel)
        if table.game.to_act == seat and not table.seats[seat].auto:
            return
        await env.settle()
    raise AssertionError("never my turn")


async def open_table(env: Any, channel: Any, owner: Any, variant: str, humans: list[Any]
                     ) -> Any:
    """/ddz new, the other humans press Join, the owner presses Add AI, then Start."""
    await owner.slash(channel, "ddz new", variant=variant)
    for member in humans[1:]:
        result = await member.click(table_message(env, channel), label="Join")
        assert result.ephemeral
    while any(s is None for s in table_of(env, channel).seats):
        await owner.click(table_message(env, channel), label="Add AI")
    await owner.click(table_message(env, channel), label="Start")
    return table_of(env, channel)


async def take_turn(env: Any, channel: Any, member: Any, *, play_via: str = "slash") -> None:
    """One move of a human, through the Discord UI only."""
    table = table_of(env, channel)
    phase = table.game.phase
    if phase == "play":
        choices = await member.autocomplete(channel, "ddz play", "cards", "")
        if choices:
            result = await member.slash(channel, "ddz play", cards=choices[0]["value"])
        else:
            result = await member.slash(channel, "ddz pass")
        assert result.ephemeral, "replies to plays are private"
        return
    label = LABELS_FOR_PHASE[phase]
    message = table_message(env, channel)
    if phase == "bid" and not _enabled(message, label):
        label = "No bid"
    await member.click(message, label=label)


def _enabled(message: discord.Message, label: str) -> bool:
    for item in buttons(message):
        if getattr(item, "label", None) == label:
            return not item.disabled
    return False


async def play_to_the_end(env: Any, channel: Any, members: dict[int, Any]) -> None:
    """Every human plays through slash commands and buttons until the deal is over."""
    for _ in range(3000):
        table = table_of(env, channel)
        if table is None or table.status != "playing":
            return
        game = table.game
        seat = game.to_act
        if seat in members and not table.seats[seat].auto and not game.is_over:
            await take_turn(env, channel, members[seat])
        else:
            await env.settle()
    raise AssertionError("the deal did not end")


def speak(monkeypatch: Any, locales: dict[int, str]) -> None:
    """Interactions of these users come with these Discord locales (SimCord sends en-US)."""
    import simcord.interactions as interactions

    build = interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = build(*args, **kwargs)
        locale = locales.get(kwargs.get("user_id", 0))
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)
