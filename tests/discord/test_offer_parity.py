"""The three front-ends draw the engine's offers (SeatView.legal_actions), in every variant
and every phase a self-played deal reaches: the Discord table message's auction buttons
and the hand's Play / Pass, the page's frame (``you.offers`` and ``you.legal``, also as
the presenter splices it), and the terminal's options; and 报单 / 报双 as the view says."""

from __future__ import annotations

import json
import re
from typing import Any

import discord
import pytest

from bot.engine import (
    VARIANTS,
    Action,
    Bid,
    Game,
    Pass,
    Phase,
    PlayCards,
    SeatView,
    actions_of,
)
from bot.engine.offers import CHOICE_TYPES
from bot.tables import GameSnapshot, SeatSnapshot, TableSnapshot, TableStatus
from bot.terminal import offer_options, offer_prompt, parse_command
from bot.web.legal_text import LegalTexts, you_text
from bot.web.protocol import table_json, you_json
from cogs.views import hand_view, table_view
from tests.engine.offer_positions import expected_phases, one_per_phase

CID = 4242
BUTTON = re.compile(r"ddz:(?P<table>\d+):(?P<action>[a-z]+)(?::(?P<arg>[0-9a-z]+))?(?::\d+)?")


def snapshot_of(game: Game) -> TableSnapshot:
    seats = tuple(SeatSnapshot(100 + i, f"P{i}", False) for i in range(game.players))
    return TableSnapshot(
        channel_id=CID, guild_id=1, owner_id=100, rules=game.rules, locale=None,
        status=TableStatus.PLAYING, seats=seats, deals=1, seq=len(game.actions),
        deadline=None, game=GameSnapshot(game.view(None), game.trick,
                                         game.auction.show_factor, None))


def _plays(view: SeatView) -> list[Action]:
    return [a for a in actions_of(view.legal_actions(), view.seat or 0)
            if isinstance(a, PlayCards)]


def discord_actions(table: TableSnapshot, view: SeatView) -> list[Action]:
    """What the seat may press on Discord: the table message's enabled auction buttons, or
    in the play the hand's enabled Play (standing for every legal play) and Pass."""
    seat = view.seat
    assert seat is not None
    if view.phase != Phase.PLAY:
        out: list[Action] = []
        for item in table_view(table, "en").children:
            button = getattr(item, "item", item)
            match = BUTTON.fullmatch(getattr(button, "custom_id", "") or "")
            if match is None or button.disabled or match["action"] not in (
                    "bid", *CHOICE_TYPES):
                continue
            action, arg = match["action"], match["arg"]
            out.append(Bid(seat, int(arg)) if action == "bid" else
                       CHOICE_TYPES[action].answer(seat, arg == "y"))
        return out
    hand = hand_view(CID, list(view.cards), "en", active=True, leading=view.is_leading,
                     cannot_beat=view.cannot_beat)
    on = {getattr(i, "item", i).custom_id.rsplit(":", 1)[-1] for i in hand.children
          if isinstance(getattr(i, "item", i), discord.ui.Button)
          and not getattr(i, "item", i).disabled}
    return (_plays(view) if "play" in on else []) + ([Pass(seat)] if "pass" in on else [])


def page_actions(frame: dict[str, Any], seat: int) -> list[Action]:
    """The actions the page's buttons send, from the frame's offers (and its legal plays)."""
    out: list[Action] = []
    for offer in frame["offers"]:
        kind = offer["action"]
        if kind == "play":
            out += [PlayCards(seat, p["cards"], p["kind"], p["main"]) for p in frame["legal"]]
        elif kind == "pass":
            out.append(Pass(seat))
        elif kind == "bid":
            out += [Bid(seat, 0)] * offer["no_bid"] + [Bid(seat, p) for p in offer["points"]]
        else:
            out += [CHOICE_TYPES[kind].answer(seat, True), CHOICE_TYPES[kind].answer(seat, False)]
    return out


def terminal_actions(view: SeatView) -> list[Action]:
    """The terminal's options, each typed word read as the terminal reads it."""
    seat = view.seat
    assert seat is not None
    out: list[Action] = []
    for word in offer_options(view.legal_actions()):
        if word == "cards":
            out += _plays(view)
        elif word == "pass":
            out.append(Pass(seat))
        else:
            action = parse_command(word, str(view.phase), seat)
            assert isinstance(action, Action)
            out.append(action)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
async def test_every_front_end_offers_what_the_engine_offers(variant: str) -> None:
    found = one_per_phase(variant)
    assert set(found) == expected_phases(variant)
    for phase, game in found.items():
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        engine = actions_of(view.legal_actions(), seat)
        assert engine == game.legal_actions() and engine, (variant, phase)
        table = snapshot_of(game)
        assert discord_actions(table, view) == engine, (variant, phase)
        frame = you_json(table, view)
        assert page_actions(frame, seat) == engine, (variant, phase)
        spliced = json.loads(you_text(table, view, LegalTexts().of(CID, view)))
        assert page_actions(spliced, seat) == engine, (variant, phase)
        assert terminal_actions(view) == engine, (variant, phase)
        assert offer_prompt(view.legal_actions()) != "wait"
        # another seat is offered nothing, on the page as in the engine
        other = game.view((seat + 1) % game.players)
        assert other.legal_actions() == () and you_json(table, other)["offers"] == []


def test_the_alarm_on_every_front_end() -> None:
    from cogs.handtext import counts_lines

    game = next(g for g in one_per_phase("classic").values() if g.phase == Phase.PLAY)
    game.hands[1] = game.hands[1][:1]
    game.hands[2] = game.hands[2][:2]
    view = game.view(None)
    assert view.alarm == {1: 1, 2: 2}
    table = snapshot_of(game)
    seats = table_json(table)["seats"]
    assert [s["alarm"] for s in seats] == [None, "single", "double"]
    line = counts_lines(table.game, ["A", "B", "C"], "en")[0]  # type: ignore[arg-type]
    assert "B 1 (last card!)" in line and "C 2 (two cards left!)" in line
    assert "A " in line and "A 1 (" not in line


def test_leaving_on_the_page_frame() -> None:
    game = one_per_phase("classic")[Phase.BID]
    table = snapshot_of(game)
    assert you_json(table, game.view(0))["leaving"] == {"kind": "escape", "asks": True}
    from dataclasses import replace

    tournament = replace(table, tournament=True)
    assert you_json(tournament, game.view(0))["leaving"] == {"kind": "away", "asks": True}
    between = replace(table, status=TableStatus.BETWEEN)
    assert you_json(between, game.view(0))["leaving"] == {"kind": "free", "asks": False}
