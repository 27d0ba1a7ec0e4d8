"""The hint says why: /ddz hint and the Hint button show the AI's reason under the play."""

from __future__ import annotations

from bot.ai.agent import explain_action
from bot.words.catalogue import t
from bot.words.reasons import REASON_WORDS, reason_line, reason_words

from .helpers import open_table, setup
from .test_commands import _to_my_play_turn


async def test_the_hint_shows_its_reason(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await _to_my_play_turn(env, channel, alice)
    manager = env.bot.manager
    hint = await manager.hint(channel.id, alice.id)
    reason = explain_action(table.game.view(0), hint)
    assert reason is not None, "the first play of this seeded deal has a reason"
    assert await manager.hint_reason(channel.id, alice.id) == reason
    result = await alice.slash(channel, "ddz hint")
    content = result.response.content if result.response.content else \
        result.followups[-1].content
    words = reason_words("en", reason)
    assert content.endswith(reason_line("en", reason)) and words in content
    assert content.startswith(t("en", "hint.text", cards=hint.cards).split(":")[0])
    hints = await manager.hints(channel.id, alice.id)
    assert len(hints) > 1 and f"(1/{len(hints)})" in content
    # pressed again (the button): the next suggestion, with its own reason
    pressed = await alice.user.click(alice.user.dm_channel.last_message, label="Hint")
    await env.bot.presenter.drain()
    sent = pressed.followups[-1] if pressed.followups else pressed.response
    assert f"(2/{len(hints)})" in sent.content and sent.content != content
    second = hints[1]
    assert sent.content.startswith(t("en", "hint.text", cards="").split(":")[0])
    again = await manager.explain(channel.id, alice.id, second)
    assert sent.content.endswith(reason_line("en", again))
    # Play hint plays the one shown: the second suggestion
    await alice.user.click(alice.user.dm_channel.last_message, label="Play hint")
    await env.bot.presenter.drain()
    mine = [cards for seat, cards in manager.snapshot(channel.id).game.view.plays if seat == 0]
    assert mine and mine[0] is not None and sorted(mine[0].cards) == sorted(second.cards)


def test_every_language_words_every_reason() -> None:
    from bot.ai.reasons import REASONS, Reason
    for locale, words in REASON_WORDS.items():
        assert set(words) == set(REASONS), locale
        for kind in REASONS:
            text = reason_words(locale, Reason(kind, "34567", 1))
            assert "{" not in text and text
    # zh-TW is Traditional script, not the Simplified sentence
    assert reason_words("zh-TW", Reason("bomb_win")) != reason_words("zh-CN", Reason("bomb_win"))
    assert "炸彈" in reason_words("zh-TW", Reason("bomb_win"))


async def test_an_auction_hint_shows_its_reason(simcord_env) -> None:
    """/ddz hint at the bid: the AI's bid (or 不叫) with the bidding model's reason, at the
    table's AI level."""
    from bot.ai.auction_reasons import AUCTION_REASONS

    from .helpers import human_turn

    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    await human_turn(env, channel, 0)
    assert table.game.phase == "bid"
    manager = env.bot.manager
    hint = await manager.hint(channel.id, alice.id)
    reason = await manager.hint_reason(channel.id, alice.id)
    assert reason is not None and reason.kind in AUCTION_REASONS
    assert reason == explain_action(table.game.view(0), hint, table.ai_level)
    result = await alice.slash(channel, "ddz hint")
    content = result.response.content if result.response.content else \
        result.followups[-1].content
    assert content.endswith(reason_line("en", reason))
    assert "in 10" in content or reason.kind == "bid_table"
