"""The words players read: card names, plays as said, errors, one language, real 繁體."""

from __future__ import annotations

import re

import opencc
import pytest

from bot.engine import Bid, Rules, readings
from bot.engine.errors import IllegalActionError
from bot.engine.readings import reading_of
from bot.tables import TableError
from bot.words.cards import cards_text, play_text
from bot.words.catalogue import STRINGS
from bot.words.commands import COMMAND_TEXT
from bot.words.errors import EN_ERRORS, ZH_ERRORS, error_text
from bot.words.locales import EN, TW, ZH, traditional
from bot.words.names import VARIANT_NAMES, kind_name, player_name
from bot.words.rules import rules_summary
from tests.engine.game_helpers import cards

from .helpers import buttons, open_table, setup, speak, table_message, table_of

_S2T = opencc.OpenCC("s2t")
MAINLAND = ("服务器", "服務器", "设置", "設置", "私信", "添加", "全局")
CJK = re.compile(r"[\u3400-\u9fff]")


def _tw_texts() -> list[str]:
    texts = list(STRINGS[TW].values()) + list(VARIANT_NAMES[TW].values())
    texts += [traditional(v) for v in ZH_ERRORS.values()]
    texts += [rules_summary(v, TW) for v in ("classic", "happy", "laizi", "super", "four")]
    texts += [traditional(e[ZH]) for e in COMMAND_TEXT.values()]
    texts += [kind_name(TW, k) for k in ("rocket", "pair_chain", "plane_singles", "soft_bomb",
                                         "laizi_bomb", "four_two_pairs")]
    texts += [cards_text(TW, "TBRF", laizi="T"), player_name("AI 🤖 Ada (normal)", TW)]
    return texts


def test_zh_tw_has_no_simplified_only_character() -> None:
    found = {ch for text in _tw_texts() for ch in text
             if CJK.match(ch) and _S2T.convert(ch) != ch}
    assert not found, f"simplified characters in zh-TW: {''.join(sorted(found))}"
    for text in _tw_texts():
        assert not any(word in text for word in MAINLAND), text
    joined = "".join(_tw_texts())
    for word in ("伺服器", "設定", "私訊", "全域"):  # Taiwanese words, not mainland ones
        assert word in joined, word


def test_the_old_simplified_leftovers_are_gone() -> None:
    # the 16 characters the old hand-made table missed
    joined = "".join(_tw_texts())
    assert not set("须于会数当双确计适够项难员随顶万") & set(joined)


def test_english_texts_are_english_only() -> None:
    def prose(text: str) -> str:
        return re.sub(r"`[^`]*`", "", text)  # typing examples in code spans may be Chinese

    texts = [*STRINGS[EN].values(), *EN_ERRORS.values(),
             *(rules_summary(v, EN) for v in ("classic", "happy", "laizi", "super", "four"))]
    assert not [text for text in texts if CJK.search(prose(text))]
    assert not [text for text in STRINGS[ZH].values() if re.search(r"\((easy|normal|hard)\)",
                                                                   text)]


def test_card_names_and_plays_as_players_say_them() -> None:
    assert cards_text(EN, "TJQKA") == "10 J Q K A"
    assert cards_text(ZH, "BR") == "小王 大王"
    assert cards_text(EN, "3R") == "3 Big Joker"
    trio = readings("3QQQ", Rules.preset("classic"))[0]
    assert (play_text(ZH, trio), play_text(EN, trio)) == ("QQQ带3", "QQQ + 3")
    plane = readings("33344456", Rules.preset("classic"))[0]
    assert play_text(ZH, plane) == "333444带56"
    chain = readings("F4567", Rules.preset("super"))[0]
    assert play_text(ZH, chain) == "45678（花牌当8）"
    assert play_text(EN, chain) == "45678 (Flower as 8)"
    assert kind_name(ZH, "rocket") == "王炸" and kind_name(TW, "rocket") == "王炸"
    assert player_name("AI 🤖 Ada (normal)", ZH) == "AI 🤖 Ada（普通）"


def test_a_play_that_does_not_beat_is_said_as_players_say_plays() -> None:
    classic = Rules.preset("classic")
    with pytest.raises(IllegalActionError) as err:
        reading_of("3JJJ", classic, last=reading_of("3QQQ", classic))
    assert error_text(err.value, ZH) == "JJJ带3 管不住 QQQ带3。"  # not "3JJJ 管不住 3QQQ"
    assert error_text(err.value, EN) == "JJJ + 3 does not beat QQQ + 3."
    assert error_text(err.value, TW) == "JJJ帶3 管不住 QQQ帶3。"
    plane = reading_of("33344456", classic)
    with pytest.raises(IllegalActionError) as err:
        reading_of("3334449T", classic, last=plane)  # the same plane, other wings
    said = error_text(err.value, ZH)
    assert said.startswith("333444带9") and said.endswith("管不住 333444带56。")
    super_ = Rules.preset("super")  # a wild card is said with what it stands for
    with pytest.raises(IllegalActionError) as err:
        reading_of("34567", super_, last=reading_of("F4567", super_))
    assert error_text(err.value, EN) == "34567 does not beat 45678 (Flower as 8)."


def test_errors_quote_a_short_excerpt_and_fit_discord() -> None:
    long = "x" * 6000
    err = TableError("bad", code="unknown_token", token=long, text=long)
    text = error_text(err, EN)
    assert len(text) < 200 and "…" in text


async def _three(env, variant: str):
    guild, channel = await setup(env)
    members = [guild.add_member(env.create_user(n)) for n in ("ann", "ben", "cat")]
    table = await open_table(env, channel, members[0], variant, members)
    seats = {table.seat_of(m.id): m for m in members}
    return channel, table, seats


async def _to_play(env, channel, table, seats) -> int:
    landlord = table.game.to_act
    await seats[landlord].click(table_message(env, channel), label="3 pt")
    assert table.game.phase == "play" and table.game.to_act == landlord
    return landlord


@pytest.mark.parametrize(("locale", "word", "reply"), [
    ("en-US", "joker", "✅ Played Big Joker."), ("zh-CN", "王", "✅ 已出 大王。")])
async def test_a_lone_joker_is_played_and_named(simcord_env, monkeypatch, locale, word,
                                                reply) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "classic")
    landlord = await _to_play(env, channel, table, seats)
    speak(monkeypatch, {seats[landlord].id: locale})
    table.game.hands[landlord] = cards("39R")  # one joker: "joker" means it
    result = await seats[landlord].slash(channel, "ddz play", cards=word)
    assert result.response.content == reply  # not "could be either joker"
    assert table.game.history[-1][1].cards == "R"


async def test_a_wild_play_during_bidding_is_refused_first(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "super")
    bidder = table.game.to_act
    assert table.game.phase == "bid"
    table.game.hands[bidder] = cards("999F3456789TJQKA2B")
    result = await seats[bidder].slash(channel, "ddz play", cards="999F")
    assert result.ephemeral
    assert result.response.content == "❌ It is not the time to play cards: this is bidding."
    assert not result.response.components, "no reading is offered"


async def test_a_wild_chain_that_differs_only_in_rank_is_asked(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "super")
    landlord = await _to_play(env, channel, table, seats)
    table.game.hands[landlord] = cards("4567F9")
    result = await seats[landlord].slash(channel, "ddz play", cards="F4567")
    labels = [c["label"] for row in result.response.components for c in row["components"]]
    assert labels == ["45678 (Flower as 8) — chain", "34567 (Flower as 3) — chain"]
    assert table.game.last is None
    await seats[landlord].click(result.response, label=labels[1])
    assert table.game.history[-1][1].main_rank == "7"


async def test_out_of_turn_names_the_player_to_act(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "classic")
    landlord = await _to_play(env, channel, table, seats)
    waiting = seats[(landlord + 2) % 3]
    result = await waiting.slash(channel, "ddz play", cards="3")
    name = table.seats[landlord].name
    expected = f"❌ It is not your turn: it is {name}'s."
    assert result.response.content == expected
    # the hand message's Pass is off outside one's turn
    await env.bot.presenter.drain()
    dm = waiting.user.dm_channel.last_message
    assert next(b for b in buttons(dm) if getattr(b, "label", None) == "Pass").disabled


async def test_a_button_out_of_turn_names_the_player_to_act(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "classic")
    bidder = table.game.to_act
    waiting = seats[(bidder + 1) % 3]
    result = await waiting.click(table_message(env, channel), label="No bid")
    name = table.seats[bidder].name
    assert result.response.content == f"❌ It is not your turn: it is {name}'s."


async def test_a_6000_character_input_is_answered_briefly(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "classic")
    landlord = await _to_play(env, channel, table, seats)
    result = await seats[landlord].slash(channel, "ddz play", cards="z" * 6000)
    content = result.response.content
    assert content.startswith("❌ Could not read “zzzz") and len(content) < 200


async def test_hint_gives_the_advice_not_the_action_type(simcord_env) -> None:
    env = simcord_env
    channel, table, seats = await _three(env, "classic")
    bidder = table.game.to_act
    table.hint = ((table.game_id, table.seq), Bid(bidder, 0))  # the AI's advice this turn
    result = await seats[bidder].slash(channel, "ddz hint")
    assert result.response.content == "Hint: don't bid"


async def test_the_win_rate_board_says_why_it_is_empty(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "ddz balance")
    result = await alice.slash(channel, "ddz leaderboard", by="winrate")
    assert "at least 5 games" in result.response.content
    assert table_of(env, channel) is None
