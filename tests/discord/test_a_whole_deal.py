"""A whole deal of each variant as the one human at the table reads it, in en and zh-CN:
every turn is announced by one ping, the hand message says what to do, replies use card
names and the reader's language. ``DDZ_TRANSCRIPT=path`` writes what was read, in order."""

from __future__ import annotations

import math
import os
import re

import pytest

from bot.engine import KINDS

from .helpers import (
    LABELS_FOR_PHASE,
    buttons,
    open_table,
    setup,
    speak,
    table_message,
    table_of,
)

ZH_LABELS = {"bid": "3 分", "call": "叫地主", "grab": "不抢", "double": "不加倍",
             "show_start": "不明牌", "show_deal": "不明牌", "show_landlord": "不明牌"}
INTERNAL = re.compile(r"\b(" + "|".join(k for k in KINDS if "_" in k) + r")\b")


async def _deal(env, variant: str, locale: str, monkeypatch) -> list[str]:
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    speak(monkeypatch, {alice.id: locale})
    read: list[str] = []
    if locale == "zh-CN":  # the table speaks its creator's language: 添加 AI, 开始
        await alice.slash(channel, "ddz new", variant=variant)
        while any(s is None for s in table_of(env, channel).seats):
            await alice.click(table_message(env, channel), label="添加 AI")
        await alice.click(table_message(env, channel), label="开始")
        table = table_of(env, channel)
    else:
        table = await open_table(env, channel, alice, variant, [alice])
    labels = ZH_LABELS if locale == "zh-CN" else LABELS_FOR_PHASE
    for _ in range(400):
        await env.settle()
        await env.bot.presenter.drain()
        if table.status != "playing":
            break
        game = table.game
        if game.to_act != 0 or table.seats[0].auto:
            continue
        pings = [m.content for m in channel.history() if f"<@{alice.id}>" in (m.content or "")
                 and m.id != env.bot.presenter.message(channel.id).id]
        assert len(pings) == 1, pings
        read.append(f"[ping] {pings[0]}")
        dm = alice.user.dm_channel.last_message
        if dm is not None:  # none before the deal (明牌开始 comes first in happy, laizi)
            read.append("[hand DM] " + dm.content.replace("\n", " | "))
        if game.phase == "play":
            names = {getattr(b, "label", None): b for b in buttons(dm)}
            label = next(k for k in ("要不起", "Can't beat", "按提示出", "Play hint")
                         if k in names)
            result = await alice.user.click(dm, label=label)
        else:
            message = table_message(env, channel)
            label = labels[game.phase]
            enabled = {getattr(b, "label", None) for b in buttons(message)
                       if not getattr(b, "disabled", False)}
            if label not in enabled:
                label = "不叫" if locale == "zh-CN" else "No bid"
            result = await alice.click(message, label=label)
        said = result.response.content if result.ephemeral and result.response else ""
        read.append(f"[you] {label}" + (f" → {said}" if said else ""))
    await env.bot.presenter.drain()
    read.append("[table] " + table_message(env, channel).content.replace("\n", " | "))
    read.append("[hand DM] " + alice.user.dm_channel.last_message.content.replace("\n", " | "))
    assert table.status != "playing", "the deal ended"
    return read


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_a_whole_deal_reads_well(simcord_env, monkeypatch, variant, locale) -> None:
    read = await _deal(simcord_env, variant, locale, monkeypatch)
    text = "\n".join(read)
    assert not INTERNAL.search(text), INTERNAL.search(text)
    assert "Deal over" in read[-1] or "本局结束" in read[-1]
    assert re.search(r"alice(: [+-]\d+ points, [+-][\d,]+ beans|：[+-]\d+ 积分，[+-][\d,]+ 欢乐豆)",
                     read[-2]), read[-2]  # the table's result says what the numbers are
    # issue 36: the result's equation multiplies out; before 加倍/明牌 the stake is said
    equation = re.search(r"(Multiplier|倍数)：?:? ?(.*?) \|", read[-2])
    assert equation, read[-2]
    if "=" in equation[2]:
        left, total = equation[2].rsplit("= ×", 1)
        assert math.prod(int(x) for x in re.findall(r"×(\d+)", left)) == int(total)
    if variant in ("happy", "laizi"):  # 加倍 turns, and 明牌 in happy
        assert re.search(r"(At stake now: up to [\d,]+ beans \([\d,]+ if you double\)"
                         r"|本局输赢：现在最多 [\d,]+ 欢乐豆（加倍则 [\d,]+）)", text), text
    if locale == "zh-CN":
        assert not re.search(r"\((easy|normal|hard)\)|Turn|ends|Your", text), text
    else:
        assert not re.search(r"[\u4e00-\u9fff]", text.replace("AI 🤖", "")), text
    path = os.environ.get("DDZ_TRANSCRIPT")
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(f"=== {variant} {locale}\n{text}\n\n")
