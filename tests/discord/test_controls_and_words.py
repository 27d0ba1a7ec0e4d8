"""Issue 36's controls and words: the hand DM's controls during the auction, level names
in the reader's language, a ping that names what to beat, and the small wrongs."""

from __future__ import annotations

import discord
import pytest

from bot.engine import Rules, level_for
from bot.store.records import Leaderboard, LeaderboardEntry, Player
from bot.words.names import level_name
from cogs.handtext import ends_words
from cogs.scenes import deal_result_scene, leaderboard_scene, profile_scene
from tests.engine.game_helpers import cards, random_game

from .helpers import buttons, open_table, setup, speak, table_message

_PLAY_CONTROLS = ("Play selected", "Hint", "Play hint")


def _labels(message) -> dict[str, object]:
    return {b.label: b for b in buttons(message) if getattr(b, "label", None)}


def _selects(message) -> list[object]:
    return [b for b in buttons(message) if isinstance(b, discord.SelectMenu)]


async def _three(env, variant: str = "classic"):
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], variant, members)
    return guild, channel, table, {table.seat_of(m.id): m for m in members}


async def test_the_hand_dm_plays_nothing_during_the_auction(simcord_env) -> None:
    """Bidding: the bidder's DM has its play buttons and card selects off; once the deal is
    played, the landlord's turn has them on."""
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    await env.bot.presenter.drain()
    bidder = table.game.to_act
    assert table.game.phase == "bid"
    dm = seats[bidder].user.dm_channel.last_message
    labels = _labels(dm)
    assert all(labels[k].disabled for k in _PLAY_CONTROLS), labels
    assert _selects(dm) and all(s.disabled for s in _selects(dm))
    await seats[bidder].click(table_message(env, channel), label="3 pt")
    await env.bot.presenter.drain()
    assert table.game.phase == "play" and table.game.to_act == bidder
    dm = seats[bidder].user.dm_channel.last_message
    labels = _labels(dm)
    assert not any(labels[k].disabled for k in _PLAY_CONTROLS), labels
    assert _selects(dm) and not any(s.disabled for s in _selects(dm))


# ------------------------------------------------------------------ level names (point 7)
_FARMHAND = {"en": "Farmhand", "zh-CN": "长工", "zh-TW": "長工"}  # level 3, 200 points
_NEXT = {"en": "Tenant Farmer", "zh-CN": "佃户", "zh-TW": "佃戶"}
_LOCALES = ("en", "zh-CN", "zh-TW")


def _player(points: int, name: str = "Ada", balance: int = 1000) -> Player:
    return Player(1, 7, name, balance, points, 3, 1, 1, 0, 2, 1, None)


@pytest.mark.parametrize("locale", _LOCALES)
def test_levels_are_named_in_the_readers_language(locale: str) -> None:
    assert level_name(locale, 3) == _FARMHAND[locale]
    profile = profile_scene(_player(250), locale)
    assert (profile.level_name, profile.next_level_name) == (_FARMHAND[locale], _NEXT[locale])
    entry = LeaderboardEntry(1, 7, "Ada", 1000, 250, 3, 1, level_for(250))
    board = leaderboard_scene(Leaderboard(1, "balance", 1, 10, 1, (entry,)), "Top", 7, locale)
    assert board.rows[0].level_name == _FARMHAND[locale]
    game, _ = random_game(Rules.preset("classic"), 3)
    assert game.result is not None
    result = deal_result_scene(game.result, game.rules, ["A", "B", "C"], [False] * 3, None,
                               [250, 250, 250], [250, 250, 250], locale=locale)
    assert result is not None
    assert {p.level_after for p in result.players} == {_FARMHAND[locale]}


def test_every_level_has_an_english_name_and_its_chinese_title() -> None:
    names = [level_name("en", n) for n in range(1, 24)]
    assert len(set(names)) == 23 and all(n.isascii() for n in names)
    assert (names[0], names[-1]) == ("Indentured Labourer", "Emperor")
    assert level_name("en", 2, chinese=True) == "Day Labourer (短工)"
    assert level_name("zh-TW", 2, chinese=True) == "短工"


@pytest.mark.parametrize(("locale", "words"), [
    ("en-US", "level 3 Farmhand (长工)"), ("zh-CN", "3 级 长工"), ("zh-TW", "3 級 長工")])
async def test_balance_names_the_level_in_the_readers_language(simcord_env, monkeypatch,
                                                               locale: str,
                                                               words: str) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    speak(monkeypatch, {alice.id: locale})

    async def ensure_player(*_args: object) -> Player:
        return _player(250, "alice")

    monkeypatch.setattr(env.bot.store, "ensure_player", ensure_player)
    result = await alice.slash(channel, "ddz balance")
    assert words in result.response.content, result.response.content


# ------------------------------------------------------------ the ping to beat (point 8)
@pytest.mark.parametrize(("locale", "lead", "follow"), [
    ("en-US", "your turn: play (ends <t:", "your turn: beat KK (pair) from ann (ends <t:"),
    ("zh-CN", "：出牌（<t:", "：要管 ann 出的 对子 KK（<t:"),
    ("zh-TW", "：出牌（<t:", "：要管 ann 出的 對子 KK（<t:")])
async def test_the_turn_ping_names_what_to_beat(simcord_env, monkeypatch, locale: str,
                                                lead: str, follow: str) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], "classic", members)
    speak(monkeypatch, {m.id: locale for m in members})  # the table stays English
    for member in members:
        await member.slash(channel, "ddz balance")  # the bot learns their language
    seats = {table.seat_of(m.id): m for m in members}
    landlord = table.game.to_act
    await seats[landlord].click(table_message(env, channel), label="3 pt")
    await env.bot.presenter.drain()
    assert lead in _ping(channel), _ping(channel)
    table.game.hands[landlord] = cards("KK3456")
    await env.bot.manager.play(channel.id, seats[landlord].id, "KK")
    await env.bot.presenter.drain()
    text = _ping(channel)
    assert follow.replace("ann", table.seats[landlord].name) in text, text
    assert f"<@{seats[(landlord + 1) % 3].id}>" in text


def _ping(channel) -> str:
    pings = [m.content for m in channel.history() if "<@" in (m.content or "") and
             "<t:" in m.content and m.content.count("\n") == 0]
    assert len(pings) == 1, pings
    return str(pings[0])


# ------------------------------------------------------------------ small wrongs (point 9)
@pytest.mark.parametrize("locale", _LOCALES)
def test_a_turn_without_a_deadline_says_nothing_of_its_end(locale: str) -> None:
    assert ends_words(locale, None) == ""
    assert "<t:1700000000:R>" in ends_words(locale, 1_700_000_000.5)


async def test_the_auction_shows_no_empty_end_and_no_count_before_the_deal(simcord_env
                                                                         ) -> None:
    """A happy deal's auction, said yes to: no "(ends —)" anywhere, and no "Cards left"
    line while no card is dealt (明牌 before the deal)."""
    env = simcord_env
    _guild, channel, table, seats = await _three(env, "happy")
    phases = set()
    for _ in range(40):
        game = table.game
        if table.status != "playing" or game.phase == "play":
            break
        await env.bot.presenter.drain()
        dms = [m.user.dm_channel and m.user.dm_channel.last_message for m in seats.values()]
        texts = [table_message(env, channel).content or ""] + [dm.content for dm in dms if dm]
        assert not any("—)" in text for text in texts), texts
        dealt = game.phase != "show_start"
        assert all(("Cards left:" in text) == dealt for text in texts), (game.phase, texts)
        phases.add(game.phase)
        yes = next(b.label for b in buttons(table_message(env, channel)) if b.label and
                   b.label.startswith(("Call landlord", "Grab", "Show hand", "Double")))
        await seats[game.to_act].click(table_message(env, channel), label=yes)
        await env.settle()
    assert {"show_start", "call", "double"} <= phases


@pytest.mark.parametrize(("locale", "words"), [
    ("en-US", "No hint now: it is {name}'s turn."), ("zh-CN", "现在没有提示：轮到 {name}。"),
    ("zh-TW", "現在沒有提示：輪到 {name}。")])
async def test_no_hint_says_whose_turn_it_is(simcord_env, monkeypatch, locale: str,
                                             words: str) -> None:
    env = simcord_env
    _guild, channel, table, seats = await _three(env)
    waiting = seats[(table.game.to_act + 1) % 3]
    speak(monkeypatch, {waiting.id: locale})
    result = await waiting.slash(channel, "ddz hint")
    said = result.followups[-1] if result.followups else result.response
    name = table.seats[table.game.to_act].name
    assert said.ephemeral and words.format(name=name) in said.content, said.content


async def test_rules_without_a_variant_show_the_tables_own(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    result = await alice.slash(channel, "ddz rules")
    assert result.response.embeds[0].title == "Classic", "no table here: the classic rules"
    await alice.slash(channel, "ddz new", variant="laizi")
    result = await alice.slash(channel, "ddz rules")
    assert result.response.embeds[0].title == "Laizi (wild rank)"
    result = await alice.slash(channel, "ddz rules", variant="happy")
    assert result.response.embeds[0].title == "Happy (call & grab)", "a variant asked for"


async def test_rank_is_as_private_as_balance(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    await bob.slash(channel, "ddz balance")
    for kwargs in ({}, {"user": bob}):
        result = await alice.slash(channel, "ddz rank", **kwargs)
        sent = result.followups[-1] if result.followups else result.response
        assert result.ephemeral and sent.ephemeral and \
            sent.attachments[0].filename == "profile.png"
    assert (await alice.slash(channel, "ddz balance")).ephemeral


async def test_equal_balances_share_a_rank_on_the_leaderboard(simcord_env) -> None:
    env = simcord_env
    guild, _channel = await setup(env)
    store = env.bot.store
    for user_id in range(1, 5):
        await store.ensure_player(guild.id, user_id, f"p{user_id}")
    for user_id, beans in ((1, 1000), (2, 500), (3, 500)):
        await store.grant(guild.id, user_id, beans, "gift", 1)
    board = await store.leaderboard(guild.id)
    assert [(e.user_id, e.position) for e in board] == [(1, 1), (2, 2), (3, 2), (4, 4)]
    scene = leaderboard_scene(board, "Beans", None, "en")
    assert [row.rank for row in scene.rows] == [1, 2, 2, 4]
