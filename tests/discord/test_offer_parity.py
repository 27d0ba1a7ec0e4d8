"""The three front-ends draw the engine's offers (SeatView.legal_actions), in every variant
and every phase a self-played deal reaches: the Discord table message's auction buttons
and the hand's Play / Pass, the page's frame (``you.offers`` and ``you.legal``, also as
the presenter splices it), and the terminal's options; and 报单 / 报双 as the view says."""

from __future__ import annotations

import json
import re
from dataclasses import replace
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
from bot.store import Settings
from bot.tables import GameSnapshot, SeatSnapshot, TableSnapshot, TableStatus
from bot.terminal import offer_options, offer_prompt, parse_command
from bot.web.legal_text import LegalTexts, you_text
from bot.web.protocol import table_json, you_json
from cogs.hand_dms import HandDms
from cogs.preferences import DEFAULT_ORDER
from cogs.presenter import DiscordPresenter
from cogs.views import table_view
from tests.engine.offer_positions import expected_phases, one_per_phase, positions

CID = 4242
BUTTON = re.compile(r"ddz:(?P<table>\d+):(?P<action>[a-z]+)(?::(?P<arg>[0-9a-z]+))?(?::\d+)?")


def snapshot_of(game: Game) -> TableSnapshot:
    seats = tuple(SeatSnapshot(100 + i, f"P{i}", False) for i in range(game.players))
    return TableSnapshot(
        channel_id=CID, guild_id=1, owner_id=100, rules=game.rules, locale=None,
        status=TableStatus.PLAYING, seats=seats, deals=1, seq=len(game.actions),
        deadline=None, game=GameSnapshot(game.view(None), game.trick, None))


def _plays(view: SeatView) -> list[Action]:
    return [a for a in actions_of(view.legal_actions(), view.seat or 0)
            if isinstance(a, PlayCards)]


class _Store:
    """The presenter's store: the default settings, no player's own setting."""

    async def get_settings(self, guild_id: int, channel_id: int | None = None) -> Settings:
        return Settings()

    async def player_setting(self, user_id: int, key: str) -> Any:
        return {"hand_sort": DEFAULT_ORDER}.get(key)

    async def set_player_setting(self, user_id: int, key: str, value: bool | str) -> None:
        raise AssertionError("nothing is set here")


def hand_dms() -> HandDms:
    return DiscordPresenter(store=_Store(), pictures=None).hand_dms


async def hand_dm_views(dms: HandDms, table: TableSnapshot, view: SeatView
                        ) -> list[discord.ui.View]:
    """The controls the seat's hand DM is sent with, and those of its "My hand" (a view
    of its own), built as the presenter builds them (:meth:`HandDms.hand_payload`)."""
    seat = view.seat
    assert seat is not None
    out = []
    for own in (False, True):
        _, controls, words = await dms.hand_payload(table, seat, view.cards, "en",
                                                    own_view=own)
        assert words
        out.append(controls)
    return out


def hand_actions(controls: discord.ui.View, view: SeatView) -> list[Action]:
    """What the hand's enabled Play (standing for every legal play) and Pass send."""
    seat = view.seat
    assert seat is not None
    on = {getattr(i, "item", i).custom_id.rsplit(":", 1)[-1] for i in controls.children
          if isinstance(getattr(i, "item", i), discord.ui.Button)
          and not getattr(i, "item", i).disabled}
    plays = [a for a in actions_of(view.legal_actions(), seat) if isinstance(a, PlayCards)]
    assert plays or "play" not in on, "Play is on with nothing to play"
    return (plays if "play" in on else []) + ([Pass(seat)] if "pass" in on else [])


def table_actions(table: TableSnapshot, seat: int) -> list[Action]:
    """What the table message's enabled auction buttons send for ``seat``."""
    out: list[Action] = []
    for item in table_view(table, "en").children:
        button = getattr(item, "item", item)
        match = BUTTON.fullmatch(getattr(button, "custom_id", "") or "")
        if match is None or button.disabled or match["action"] not in ("bid", *CHOICE_TYPES):
            continue
        action, arg = match["action"], match["arg"]
        out.append(Bid(seat, int(arg)) if action == "bid" else
                   CHOICE_TYPES[action].answer(seat, arg == "y"))
    return out


async def discord_actions(dms: HandDms, table: TableSnapshot, view: SeatView
                          ) -> list[Action]:
    """What the seat may press on Discord: the table message's enabled auction buttons
    and its hand DM's enabled Play and Pass (the DM and its "My hand" alike)."""
    seat = view.seat
    assert seat is not None
    dm, own = [hand_actions(c, view) for c in await hand_dm_views(dms, table, view)]
    assert dm == own, (view.phase, dm, own)
    return table_actions(table, seat) + dm


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


PLAY_TURNS = ("lead", "follow", "cannot_beat")
"""The play phase's turns, each with its own buttons: a lead (no Pass), a follow (Play and
Pass) and 要不起 (Pass alone)."""


def play_turn(view: SeatView) -> str:
    return "lead" if view.is_leading else "cannot_beat" if view.cannot_beat else "follow"


def positions_to_check(variant: str) -> dict[str, Game]:
    """One position of every phase a deal of ``variant`` reaches, and of every play turn."""
    found: dict[str, Game] = {str(p): g for p, g in one_per_phase(variant).items()}
    assert set(found) == {str(p) for p in expected_phases(variant)}
    for game in positions(variant):
        if game.phase == Phase.PLAY:
            turn = f"play/{play_turn(game.view(game.to_act))}"
            found.setdefault(turn, Game.from_log(game.log))
    assert {f"play/{turn}" for turn in PLAY_TURNS} <= set(found), sorted(found)
    return found


@pytest.mark.parametrize("variant", VARIANTS)
async def test_every_front_end_offers_what_the_engine_offers(variant: str) -> None:
    dms = hand_dms()
    for phase, game in positions_to_check(variant).items():
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        engine = actions_of(view.legal_actions(), seat)
        assert engine == game.legal_actions() and engine, (variant, phase)
        table = snapshot_of(game)
        assert await discord_actions(dms, table, view) == engine, (variant, phase)
        frame = you_json(table, view)
        assert page_actions(frame, seat) == engine, (variant, phase)
        spliced = json.loads(you_text(table, view, LegalTexts().of(CID, view)))
        assert page_actions(spliced, seat) == engine, (variant, phase)
        assert terminal_actions(view) == engine, (variant, phase)
        assert offer_prompt(view.legal_actions()) != "wait"
        # another seat is offered nothing: by the engine, on the page and in its hand DM
        other = game.view((seat + 1) % game.players)
        assert other.legal_actions() == () and you_json(table, other)["offers"] == []
        for controls in await hand_dm_views(dms, table, other):
            assert hand_actions(controls, other) == [], (variant, phase)


async def test_the_hand_dm_says_cannot_beat_and_is_off_for_a_trustee() -> None:
    """要不起: the hand DM's one Pass button says Can't beat; a seat the AI plays for (托管)
    has its turn's buttons off, whatever the engine offers it."""
    dms = hand_dms()
    game = positions_to_check("classic")["play/cannot_beat"]
    seat = game.to_act
    assert seat is not None
    table = snapshot_of(game)
    for controls in await hand_dm_views(dms, table, game.view(seat)):
        on = [getattr(i, "item", i) for i in controls.children
              if isinstance(getattr(i, "item", i), discord.ui.Button)
              and not getattr(i, "item", i).disabled]
        assert [(b.custom_id, b.label) for b in on][:1] == [
            (f"ddzh:{CID}:pass", "Can't beat")], on
    seats = list(table.seats)
    entry = seats[seat]
    assert entry is not None
    seats[seat] = replace(entry, trustee=True)
    trustee = replace(table, seats=tuple(seats))
    for controls in await hand_dm_views(dms, trustee, game.view(seat)):
        assert hand_actions(controls, game.view(seat)) == []


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
    tournament = replace(table, tournament=True)
    assert you_json(tournament, game.view(0))["leaving"] == {"kind": "away", "asks": True}
    between = replace(table, status=TableStatus.BETWEEN)
    assert you_json(between, game.view(0))["leaving"] == {"kind": "free", "asks": False}
