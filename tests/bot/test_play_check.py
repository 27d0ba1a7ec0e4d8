"""A play of many wild cards is checked off the event loop (issue 54, flaw 1): the same
refusal or readings as the engine gives, from a thread."""

from __future__ import annotations

import threading

import pytest

from bench.hostile import _MINE, _no_show, worst_seed
from bot.ai.agent import decide
from bot.engine import Game, PlayCards, RuleError, Rules
from bot.tables import play_check
from bot.tables.turns import AI_BALANCE, ai_seed


def _laizi_lead() -> Game:
    """Seat 0's first lead of a 癞子 deal: four wild cards among twenty."""
    game = Game.new(Rules.preset("laizi"), worst_seed("laizi", 120),
                    balances=[10_000, AI_BALANCE, AI_BALANCE])
    while game.phase != "play":
        seat = game.to_act
        game.apply(_MINE.get(str(game.phase), _no_show)(0) if seat == 0 else
                   decide(game.view(seat), "normal", ai_seed(game, seat), None))
    assert game.to_act == 0 and game.play_rules.laizi is not None
    return game


async def test_a_play_of_wild_cards_is_read_in_a_thread(monkeypatch) -> None:
    game = _laizi_lead()
    hand, wild = game.hand_text(0), game.play_rules.laizi
    assert hand.count(wild) == 4
    threads: list[int] = []
    real = play_check.readings_of

    def readings_of(*args):
        threads.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(play_check, "readings_of", readings_of)
    with pytest.raises(RuleError) as refused:
        await play_check.checked_play(game, 0, PlayCards(0, hand))
    with pytest.raises(RuleError) as engine:
        game.verify(PlayCards(0, hand))
    assert refused.value.code == engine.value.code
    with pytest.raises(RuleError):  # naming a reading: looked for among them all
        await play_check.checked_play(game, 0, PlayCards(0, hand, "bomb", wild))
    pair = wild * 2
    assert await play_check.checked_play(game, 0, PlayCards(0, pair)) == \
        game.readings_for(0, pair)
    assert len(threads) == 3 and threading.get_ident() not in threads
    single = next(c for c in hand if c != wild)
    assert await play_check.checked_play(game, 0, PlayCards(0, single)) == \
        game.readings_for(0, single)
    assert threads[-1] == threading.get_ident(), "a play of no wild card: at once"
    assert await play_check.checked_play(game, 0, PlayCards(0, single, "single", single)) \
        is None
