"""Edits through a click's token: the table message and the hand DM move on without
spending Discord's global rate limit, and look exactly as the bot's own edits do."""

from __future__ import annotations

from typing import Any

import discord

from .helpers import open_table, setup, table_message, table_of


def _patches(env: Any) -> dict[str, int]:
    """REST edits by kind: as the bot (channels/…/messages/…) or through a token."""
    counts = {"bot": 0, "token": 0}
    for entry in env.http_requests:
        if entry.method != "PATCH":
            continue
        if entry.path.startswith("/webhooks/"):
            counts["token"] += 1
        elif "/messages/" in entry.path:
            counts["bot"] += 1
    return counts


async def _ann_and_two_ais(env: Any) -> tuple[Any, Any, Any]:
    """A classic table of ann and two AI seats, dealt, its messages out: (channel, ann,
    the table)."""
    guild, channel = await setup(env)
    ann = guild.add_member(env.create_user("ann"))
    table = await open_table(env, channel, ann, "classic", [ann])
    await env.bot.presenter.drain()
    return channel, ann, table


async def test_a_click_lets_the_table_message_be_edited_through_its_token(simcord_env
                                                                          ) -> None:
    env = simcord_env
    channel, ann, table = await _ann_and_two_ais(env)
    edits = env.bot.presenter.edits
    before = edits.through_token
    # the Start click is answered by updating the table message: its token edits it now
    for _ in range(200):
        if table.game.to_act == table.seat_of(ann.id) and table.game.phase == "bid":
            break
        await env.settle()
    message = table_message(env, channel)
    await ann.click(message, label="No bid")
    await env.bot.presenter.drain()
    assert edits.through_token > before
    counts = _patches(env)
    assert counts["token"] >= 1
    # what the token wrote is the table as it is: the auction moved past ann's turn
    shown = table_message(env, channel)
    assert table_of(env, channel).game.to_act != table.seat_of(ann.id) or \
        table_of(env, channel).game.phase != "bid"
    assert "ann" in (shown.content or "")


async def test_a_refused_token_falls_back_to_the_bot(simcord_env) -> None:
    env = simcord_env
    channel, _ann, _table = await _ann_and_two_ais(env)
    presenter = env.bot.presenter
    message = presenter.message(channel.id)

    class Expired:
        """A click whose token Discord no longer takes."""

        class response:  # stands for its InteractionResponse
            type = discord.InteractionResponseType.deferred_message_update

        async def edit_original_response(self, **fields: Any) -> None:
            raise discord.NotFound(_Gone(), {"code": 10015, "message": "Unknown Webhook"})

    now = presenter.edits._clock()
    presenter.edits._clicks[message.id] = [(now, Expired())]  # type: ignore[list-item]
    assert presenter.edits.editor(message.id) is not None
    as_bot = presenter.edits.as_bot
    presenter.tables.of(channel.id).notices.append("a notice: the message changes")
    presenter.refresh(channel.id, now=True)
    await presenter.drain()
    assert presenter.edits.as_bot == as_bot + 1
    assert presenter.edits.editor(message.id) is None  # the refused token is dropped
    assert "a notice" in table_message(env, channel).content  # still edited, as the bot


class _Gone:
    status = 404
    reason = "Not Found"


async def test_an_edit_that_changes_nothing_is_not_sent(simcord_env) -> None:
    env = simcord_env
    channel, _ann, _table = await _ann_and_two_ais(env)
    presenter = env.bot.presenter
    before = sum(_patches(env).values())
    drawn = presenter.tables.of(channel.id).drawn
    presenter.refresh(channel.id, now=True)
    await presenter.drain()
    assert sum(_patches(env).values()) == before  # nothing new to show: no request
    assert presenter.tables.of(channel.id).drawn is drawn  # and the picture was reused


async def test_a_hand_sent_again_with_the_same_cards_is_not_drawn_again(simcord_env
                                                                        ) -> None:
    env = simcord_env
    channel, ann, table = await _ann_and_two_ais(env)
    presenter = env.bot.presenter
    drawn: list[str] = []
    presenter.drawn = lambda kind, seconds: drawn.append(kind)
    seat = table.seat_of(ann.id)
    presenter.resend_hand(channel.id, seat)
    await presenter.drain()
    assert "hand" not in drawn  # the same cards: the picture of before
    dm = presenter.hand_dm(channel.id, ann.id)
    assert dm is not None and dm.attachments  # and the DM still carries it
