"""/ddz replay through Discord after a real deal played to the end: the animated GIF and
the still with ◀ ▶; the frames are the stored log replayed; live and unknown deals are
refused."""

from __future__ import annotations

import dataclasses
import io
import time

import pytest
from PIL import Image

from bot.engine import Game, Pass, PlayCards
from cogs.replay import replay_scenes, replay_steps
from render import render_result
from render.replay import render_replay, replay_frames

from .helpers import open_table, play_to_the_end, response_buttons, setup, table_of


@pytest.mark.simcord(settle_timeout=20)  # the GIF takes a few seconds on a busy machine
async def test_replay_of_a_real_deal(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    await play_to_the_end(env, channel, {0: alice})
    table = table_of(env, channel)
    game_id = table.game_id
    record = await env.bot.store.get_game(game_id)

    # the frames are the stored log replayed: each play's cards left and played cards
    scenes = replay_scenes(record, "en")
    log = record.log
    game = Game.from_log(dataclasses.replace(log, actions=()))
    plays = [a for a in log.actions if isinstance(a, PlayCards | Pass)]
    assert len(scenes) == len(plays) + 1
    step = 0
    for action in log.actions:
        game.apply(action)
        if isinstance(action, PlayCards | Pass):
            step += 1
            scene = scenes[step]
            assert [s.cards_left for s in scene.seats] == [len(h) for h in game.hands]
            assert [s.shown or "" for s in scene.seats] == [game.hand_text(i) for i in
                                                            range(game.players)]
    assert game.is_over and sum(s.cards_left for s in scenes[-1].seats) > 0

    choices = await alice.autocomplete(channel, "ddz replay", "deal", game_id[:3])
    assert choices and choices[0]["value"] == game_id
    shown = await alice.slash(channel, "ddz replay", deal=game_id[:8])
    assert shown.ephemeral
    names = [a.filename for a in shown.response.attachments]
    assert names == ["replay.gif", "replay.png"]
    gif = Image.open(io.BytesIO(await shown.response.attachments[0].read()))
    # every play, then the result picture
    assert gif.format == "GIF" and gif.n_frames == len(scenes) + 1
    _, result = replay_steps(record, "en")
    assert result is not None and result.winner == (
        "landlord" if game.result.outcome == "landlord" else "farmers")
    assert [p.remaining for p in result.players] == [game.hand_text(i)
                                                     for i in range(game.players)]
    frames = replay_frames(scenes, result)
    gif.seek(gif.n_frames - 1)
    last = gif.convert("RGB")
    assert _distance(last, frames[-1]) < 8 < _distance(last, frames[-2])
    prev, nxt = response_buttons(shown.response)
    assert prev.get("disabled") and not nxt.get("disabled")
    stepped = await alice.click(shown.response, custom_id=nxt["custom_id"])
    assert [a.filename for a in stepped.response.attachments] == ["replay.png"]
    # ▶ to the end: the still's last step is the result picture, and ▶ is disabled there
    message, steps = stepped.response, 1
    while not response_buttons(message)[1].get("disabled"):
        message = (await alice.click(message, custom_id=response_buttons(message)[1]["custom_id"])
                   ).response
        steps += 1
    assert steps == len(scenes)
    assert await message.attachments[0].read() == render_result(result)


def _distance(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two pictures' pixels (0..255)."""
    from PIL import ImageChops, ImageStat

    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b.convert("RGB"))).mean) / 3


async def test_live_and_unknown_deals_are_refused(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    table = await open_table(env, channel, alice, "classic", [alice])
    live = await alice.slash(channel, "ddz replay", deal=table.game_id[:8])
    assert live.ephemeral and "not finished" in live.response.content
    unknown = await alice.slash(channel, "ddz replay", deal="0123abcd")
    assert unknown.ephemeral and "no deal" in unknown.response.content


def test_a_long_replay_renders_fast_and_small(tmp_path) -> None:
    """A four-player deal (30+ plays): under 2 s for the GIF, under 8 MB."""
    import random

    from bot.engine import Rules
    from bot.store import GameRecord, GameStatus, SeatRecord

    rules = Rules.preset("four")
    for seed in range(100):  # the first random deal with 30 to 60 plays
        game = Game.new(rules, seed, balances=(10**9,) * 4)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if 30 <= len(game.history) <= 60:
            break
    record = GameRecord("long", 1, 2, rules.to_json(), seed,
                        tuple(SeatRecord(i, None, f"AI {i}", "easy") for i in range(4)),
                        (10**9,) * 4, tuple(a.to_json() for a in game.actions),
                        GameStatus.SETTLED,
                        None, "", None)
    scenes, result = replay_steps(record, "zh-CN")
    assert len(scenes) > 30 and result is not None
    start = time.process_time()
    gif = render_replay(scenes, result)
    spent = time.process_time() - start
    (tmp_path / "replay.gif").write_bytes(gif)
    assert len(gif) < 8 * 1024 * 1024
    assert spent < 4  # CPU seconds (the target is 2; a shared test machine is slower)
