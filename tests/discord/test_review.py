"""/ddz review through Discord after a real deal played to the end: the AI's suggestions
are legal in their positions, are what the AI plays there, and a review repeats exactly;
the three costliest decisions come as pictures; unknown, foreign, live and other players'
deals are refused."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.ai.agent import decide
from bot.ai.review import review_deal
from bot.engine import Game, PlayCards
from cogs.review import COSTLIEST, LEVEL, review_pictures, review_seed

from .helpers import open_table, play_to_the_end, setup, table_of


def _reviewer(env):
    return next(cog for cog in env.bot.cogs.values() if hasattr(cog, "reviewer")).reviewer


# a whole deal's search may take seconds on a busy machine (the 30 s turn clock stays virtual)
@pytest.mark.simcord(settle_timeout=20)
async def test_review_of_a_real_deal(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    await open_table(env, channel, alice, "classic", [alice])
    await play_to_the_end(env, channel, {0: alice})
    game_id = table_of(env, channel).game_id
    record = await env.bot.store.get_game(game_id)
    log = record.log

    choices = await alice.autocomplete(channel, "ddz review", "deal", game_id[:3])
    assert choices and choices[0]["value"] == game_id
    shown = await alice.slash(channel, "ddz review", deal=game_id[:8])
    assert shown.ephemeral
    text = shown.response.content
    assert f"AI review of deal `{game_id[:8]}`" in text

    review = review_deal(log, 0, LEVEL, review_seed(game_id))
    # every decision of alice's seat, in order, as the log has them
    mine = [(i, a) for i, a in enumerate(log.actions) if a.seat == 0 and not a.auto]
    assert [d.index for d in review.decisions] == [i for i, _ in mine]
    assert [d.made for d in review.decisions] == [a for _, a in mine]
    assert any(d.phase == "play" for d in review.decisions)
    for d in review.decisions:
        game = Game.from_log(dataclasses.replace(log, actions=log.actions[:d.index]))
        assert game.to_act == 0 and game.can(d.best), d  # legal in its position
        assert d.view == game.view(0)  # what the seat knew then, nothing more
        # the suggestion is what the AI plays there (no time cap: the level's whole search)
        assert d.best == decide(game.view(0), LEVEL, review_seed(game_id), budget_ms=None)
        for e in (d.made_estimate, d.best_estimate):
            assert 0.0 <= e.win <= 1.0
        if d.agrees:
            assert d.cost == 0.0
    assert review_deal(log, 0, LEVEL, review_seed(game_id)) == review  # repeats exactly

    costly = review.costliest(COSTLIEST)
    assert all(d.cost > 0 or d.win_cost > 0 for d in costly)
    assert [d.cost for d in costly] == sorted((d.cost for d in costly), reverse=True)
    files = shown.response.attachments
    assert [a.filename for a in files] == [f"review{i}.png" for i in range(1, len(costly) + 1)]
    pictures = review_pictures(record, review, "en")
    assert [await a.read() for a in files] == pictures
    for picture in pictures:
        assert Image.open(io.BytesIO(picture)).width == 800
    lines = [line for line in text.splitlines() if line.startswith("**")]
    assert len(lines) == len(costly)
    for line, d in zip(lines, costly, strict=True):
        assert f"expected points {d.made_estimate.points:+.1f} → " \
               f"{d.best_estimate.points:+.1f}" in line
        if isinstance(d.made, PlayCards):
            assert "you play " in line

    # a second review is the cached one; a fresh search gives the same reply
    reviewer = _reviewer(env)
    assert len(reviewer.reviews) == 1
    again = await alice.slash(channel, "ddz review", deal=game_id)
    assert again.response.content == text
    reviewer.reviews._items.clear()
    fresh = await alice.slash(channel, "ddz review", deal=game_id)
    assert fresh.response.content == text
    assert [await a.read() for a in fresh.response.attachments] == pictures


async def test_review_refusals(simcord_env) -> None:
    env = simcord_env
    guild, channel = await setup(env)
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    table = await open_table(env, channel, alice, "classic", [alice])
    live = await alice.slash(channel, "ddz review", deal=table.game_id[:8])
    assert live.ephemeral and "is not finished: a review is made once it has ended" in \
        live.response.content
    unknown = await alice.slash(channel, "ddz review", deal="0123abcd")
    assert unknown.ephemeral and "no deal" in unknown.response.content
    await play_to_the_end(env, channel, {0: alice})
    game_id = table_of(env, channel).game_id
    # another player's review: bob did not play this deal
    other = await bob.slash(channel, "ddz review", deal=game_id[:8])
    assert other.ephemeral and "You did not play in deal" in other.response.content
    assert not other.response.attachments
    # another server's deal is unknown there
    elsewhere = env.create_guild()
    there = elsewhere.create_text_channel("ddz")
    carol = elsewhere.add_member(alice.user)
    foreign = await carol.slash(there, "ddz review", deal=game_id[:8])
    assert foreign.ephemeral and "no deal" in foreign.response.content
    assert len(_reviewer(env).reviews) == 0  # nothing was reviewed
