"""No catalogue key in anything the bot sends (:func:`.catalogue_keys.assert_no_catalogue_keys`),
over a whole deal of each variant and a whole tournament, each in en, zh-CN and zh-TW: the
players act through the buttons and commands only, labelled in their own language."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from bot.process.app import create_bot
from bot.words.catalogue import t
from tests.bot.helpers import quick_decide

from .catalogue_keys import assert_no_catalogue_keys, key_in, keys_sent
from .helpers import buttons, restart, setup, table_message, table_of
from .test_tournament import admin_and_players, signup_message

LOCALES = {"en": "en-US", "zh-CN": "zh-CN", "zh-TW": "zh-TW"}  # ours: Discord's
AUCTION = {"bid": ("btn.bid", {"n": 3}), "call": ("btn.call", {}), "grab": ("btn.nograb", {}),
           "double": ("btn.nodouble", {}), "show_start": ("btn.noshow", {}),
           "show_deal": ("btn.noshow", {}), "show_landlord": ("btn.noshow", {})}


class _Sent:
    """What the checker reads of SimCord: the bot's requests, as (method, path, json)."""

    def __init__(self, *requests: tuple[str, str, Any]) -> None:
        self.http_requests = [SimpleNamespace(method=m, path=p, json=j) for m, p, j in requests]


def test_the_check_finds_a_key_in_any_words_a_person_reads() -> None:
    sent = _Sent(
        ("PATCH", "/channels/1/messages/2", {"content": t("en", "closed.no_such_reason")}),
        ("POST", "/channels/1/threads", {"name": "tour.table_name"}),
        ("POST", "/interactions/3/t/callback", {"type": 4, "data": {"embeds": [
            {"title": "Cup", "fields": [{"name": "Seats", "value": "see btn.join"}]}]}}),
        ("POST", "/channels/1/messages", {"components": [{"type": 1, "components": [
            {"type": 2, "label": "btn.hint", "custom_id": "ddz:hint"}]}]}),
        ("POST", "/interactions/4/t/callback", {"type": 9, "data": {"title": "review.title"}}),
        ("PATCH", "/channels/1/messages/5", {"content": "balance"}),
    )
    assert [key for _, key, _ in keys_sent(sent)] == [
        "closed.no_such_reason", "tour.table_name", "btn.join", "btn.hint", "review.title",
        "balance"]
    with pytest.raises(AssertionError, match=r"closed\.no_such_reason"):
        assert_no_catalogue_keys(sent)


def test_the_check_passes_words_ids_and_values_sent_back() -> None:
    sent = _Sent(
        ("POST", "/channels/1/messages", {"content": "Your balance: 10 beans. Ok. Next!",
                                          "embeds": [{"image": {"url": "attachment://table.png"}}],
                                          "attachments": [{"id": 0, "filename": "table.png"}]}),
        ("POST", "/channels/1/messages", {"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "ddz:sort", "options": [
                {"label": "大到小", "value": "sort.desc"}]}]}]}),
        ("POST", "/interactions/3/t/callback", {"type": 8, "data": {"choices": [
            {"name": "3 4 5 6 7", "value": "hand.select"}]}}),
        ("PUT", "/applications/9/commands", [{"name": "ddz", "description": "btn.hint"}]),
    )
    assert keys_sent(sent) == []
    assert assert_no_catalogue_keys(sent) == 3
    assert key_in("牌桌已关闭。") is None and key_in("(see turn.who)") == "turn.who"


def _enabled(message: Any) -> set[str]:
    return {b.label for b in buttons(message) if getattr(b, "label", None)
            and not getattr(b, "disabled", False)}


async def _auction_turn(member: Any, message: Any, phase: str, locale: str) -> None:
    key, params = AUCTION[phase]
    label = t(locale, key, **params)
    if label not in _enabled(message):
        label = t(locale, "btn.bid0")
    await member.click(message, label=label)


async def _play_a_deal(env: Any, variant: str, locale: str) -> None:
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz new", variant=variant)
    while any(s is None for s in table_of(env, channel).seats):
        await alice.click(table_message(env, channel), label=t(locale, "btn.addai"))
    await alice.click(table_message(env, channel), label=t(locale, "btn.start"))
    table = table_of(env, channel)
    looked = False
    for _ in range(400):
        await env.settle()
        await env.bot.presenter.drain()
        if table.status != "playing":
            break
        game = table.game
        if game.to_act != 0 or table.seats[0].auto:
            continue
        if game.phase != "play":
            await _auction_turn(alice, table_message(env, channel), game.phase, locale)
            continue
        dm = alice.user.dm_channel.last_message
        if not looked:  # the private views once: the hand on the table, the DM's hint
            looked = True
            await alice.click(table_message(env, channel), label=t(locale, "btn.hand"))
            await alice.user.click(dm, label=t(locale, "btn.hint"))
        label = t(locale, "btn.cannot_beat")
        if label not in _enabled(dm):
            label = t(locale, "btn.playhint")
        await alice.user.click(dm, label=label)
    await env.bot.presenter.drain()
    assert table.status != "playing", "the deal ended"
    await alice.slash(channel, "ddz balance")


@pytest.mark.parametrize("locale", list(LOCALES))
@pytest.mark.parametrize("variant", ["classic", "happy", "laizi", "super", "four"])
async def test_a_whole_deal_sends_no_key(simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
                                         variant: str, locale: str) -> None:
    env = simcord_env
    _speak_all(monkeypatch, LOCALES[locale])
    await _play_a_deal(env, variant, locale)
    assert assert_no_catalogue_keys(env.backend) > 20


def _speak_all(monkeypatch: pytest.MonkeyPatch, discord_locale: str) -> None:
    """Every interaction comes in ``discord_locale`` (SimCord sends en-US)."""
    import simcord.interactions as interactions

    build = interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = build(*args, **kwargs)
        payload["locale"] = discord_locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", base_payload)


async def _turns(env: Any, guild: Any, people: list[Any], locale: str) -> None:
    """Each person whose turn it is at a live table acts once, through the buttons."""
    for person in people:
        table = env.bot.manager.table_of(person.id)
        table = env.bot.manager._tables.get(table.channel_id) if table is not None else None
        if table is None or table.game is None or table.game.is_over:
            continue
        seat = table.seat_of(person.id)
        if table.game.to_act != seat or table.seats[seat].auto:
            continue
        thread = _thread(guild, table.channel_id)
        message = table_message(env, thread)
        if table.game.phase != "play":
            await _auction_turn(person, message, table.game.phase, locale)
            continue
        choices = await person.autocomplete(thread, "ddz play", "cards", "")
        if choices:
            await person.slash(thread, "ddz play", cards=choices[0]["value"])
        else:
            await person.slash(thread, "ddz pass")


def _thread(guild: Any, channel_id: int) -> Any:
    for channel in guild.channels.values():
        for thread in getattr(channel, "threads", ()):
            if thread.id == channel_id:
                return thread
    raise AssertionError(f"no thread {channel_id}")


@pytest.mark.simcord(settle_timeout=15)  # tables deal at once: slow on a busy machine
@pytest.mark.parametrize("locale", list(LOCALES))
async def test_a_whole_tournament_sends_no_key(simcord_env: Any, settings: Any,
                                               monkeypatch: pytest.MonkeyPatch, locale: str
                                               ) -> None:
    """Sign-up, two rounds of one deal at tables in threads (two entrants play, one steps
    away), the standings, a restart between the rounds and the prizes."""
    env = simcord_env
    _speak_all(monkeypatch, LOCALES[locale])
    settings = dataclasses.replace(settings, turn_seconds=600)
    made = [await create_bot(settings, decide=quick_decide)]
    await restart(env, made[0])
    try:
        guild, channel, boss, players = await admin_and_players(env, n=4)
        opened = await boss.slash(channel, "ddz tournament new", name="Cup", rounds=2, deals=1,
                                  buy_in=100, split="60,40")
        assert "❌" not in opened.response.content, opened.response.content
        for p in players:
            await p.click(signup_message(channel), label=t(locale, "tour.btn.join"))
        tid = (await env.bot.store.channel_tournament(channel.id)).tournament_id
        await boss.click(signup_message(channel), label=t(locale, "tour.btn.start"))
        leaver, playing = players[0], players[1:]
        for _ in range(200):
            table = env.bot.manager.table_of(leaver.id)
            if table is not None:
                break
            await env.settle()
        assert table is not None, "every entrant is seated in round 1"
        asked = await leaver.click(table_message(env, _thread(guild, table.channel_id)),
                                   label=t(locale, "btn.leave"))
        await leaver.click(asked.response, label=t(locale, "btn.leaveok"))
        for n in range(20_000):
            t_now = await env.bot.store.get_tournament(tid)
            if t_now.status == "finished" and t_now.paid:
                break
            if t_now.round_no == 2 and len(made) == 1:  # a restart between the rounds
                made.append(await create_bot(settings, decide=quick_decide))
                await restart(env, made[-1])
            await _turns(env, guild, playing, locale)
            await env.settle()
            if n % 5 == 4:
                await env.advance_time(3.0)  # the pause between deals, the turn timers
        else:
            raise AssertionError("the tournament never ended")
        await boss.slash(channel, "ddz tournament show")
        await env.settle()
        assert assert_no_catalogue_keys(env.backend) > 50
    finally:
        for bot in made:
            await bot.close_store()
