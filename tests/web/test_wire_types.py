"""The wire, declared once (bot/web/wire.py): the page's generated types are current, and
every frame a whole deal sends, or a page sends, is what the declaration says (no key sent
that is not declared, none declared as required and missing, every value of its type)."""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from bot.engine import VARIANTS
from bot.web import protocol, wire
from bot.web.wire_ts import COMMAND, TARGET, generate

from .pages import play_my_turns


def test_the_pages_types_are_generated_from_the_wire() -> None:
    assert TARGET.read_text(encoding="utf-8") == generate(), \
        f"web/src/wire.ts is stale: run `{COMMAND}` (and commit it)"


def test_the_actions_parser_reads_the_action_frames() -> None:
    """The parser's table of actions is the action frames' (one declaration)."""
    assert set(protocol.ACTIONS) == set(get_args(wire.ActionName))
    assert protocol.ACTIONS["play"] == {"cards": str, "kind": str, "main": str, "seq": int}
    assert protocol.REQUIRED == {"play": ("cards",), "check": ("cards",), "bid": ("points",),
                                 "call": ("yes",),
                                 "grab": ("yes",), "show": ("yes",), "double": ("yes",),
                                 "trustee": ("on",)}


# ----------------------------------------------------------------- the validator


def problems(value: Any, tp: Any, where: str = "$") -> list[str]:
    """What in ``value`` (JSON as parsed) is not of the wire's type ``tp``; [] if nothing."""
    origin, args = get_origin(tp), get_args(tp)
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {tp.__name__} is an object, not {value!r:.60}"]
        hints = get_type_hints(tp)
        out = [f"{where}.{k}: sent but not declared in {tp.__name__}"
               for k in value if k not in hints]
        out += [f"{where}.{k}: declared in {tp.__name__} but missing"
                for k in tp.__required_keys__ if k not in value]
        for key, hint in hints.items():
            if key in value:
                out += problems(value[key], hint, f"{where}.{key}")
        return out
    if origin in (Union, types.UnionType):
        tried = [problems(value, arg, where) for arg in args]
        if any(not found for found in tried):
            return []
        return min(tried, key=len)  # the member it came nearest to
    if origin is Literal:
        same = any(type(value) is type(a) and value == a for a in args)  # 1 is not True
        return [] if same else [f"{where}: {value!r} is none of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: a list, not {value!r:.60}"]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], f"{where}[{i}]")]
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            return [f"{where}: {len(args)} items, not {value!r:.60}"]
        return [p for i, (v, a) in enumerate(zip(value, args, strict=True))
                for p in problems(v, a, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: an object, not {value!r:.60}"]
        return [p for k, v in value.items() for p in problems(v, args[1], f"{where}.{k}")]
    if tp is type(None) or tp is None:
        return [] if value is None else [f"{where}: null, not {value!r:.60}"]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{where}: a boolean, not {value!r:.60}"]
    if tp in (int, float):
        ok = isinstance(value, int | float) and not isinstance(value, bool) and \
            (tp is float or isinstance(value, int))
        return [] if ok else [f"{where}: a {tp.__name__}, not {value!r:.60}"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{where}: a string, not {value!r:.60}"]
    raise TypeError(f"{where}: the wire has no type {tp!r}")


def test_the_validator_refuses_a_key_undeclared_or_missing_and_a_wrong_value() -> None:
    play = {"cards": "3", "kind": "single", "main": "3", "resolved": "3"}
    assert problems(play, wire.PlayJson) == []
    assert problems({**play, "text": "3"}, wire.PlayJson) == \
        ["$.text: sent but not declared in PlayJson"]
    assert problems({k: v for k, v in play.items() if k != "kind"}, wire.PlayJson) == \
        ["$.kind: declared in PlayJson but missing"]
    assert problems({**play, "main": None}, wire.PlayJson)
    assert problems({"type": "error", "code": "x", "error": "y"}, wire.ServerFrame) == []
    assert problems({"type": "error", "code": "x"}, wire.ServerFrame)
    assert problems({"action": "bid", "points": [1, 2], "no_bid": True}, wire.OfferJson) == []
    assert problems({"action": "bid", "points": [True], "no_bid": True}, wire.OfferJson)


def assert_frames(frames: list[dict[str, Any]], tp: Any) -> None:
    found = [f"frame {i} ({f.get('type')}): {p}" for i, f in enumerate(frames)
             for p in problems(f, tp)]
    assert not found, "\n".join(found[:20])


# ------------------------------------------------------- whole deals on the wire


@pytest.mark.parametrize("variant", VARIANTS)
async def test_every_frame_of_a_whole_deal_is_as_declared(activity, variant: str) -> None:
    ann = await activity.page(101, "Ann", locale="zh-CN")
    bob = await activity.page(102, "Bob")  # a spectator: "you" is null
    assert (await ann.act("cost"))  # before there is a table
    players = 4 if variant == "four" else 3
    assert (await ann.act("open", variant=variant, room="novice", ai_seats=players - 1))["ok"]
    await ann.wait(lambda: ann.table and all(not s["empty"]
                                             for s in ann.table["table"]["seats"]))
    assert (await ann.act("start"))["ok"]
    await ann.wait(lambda: ann.table["you"] and ann.table["you"]["phase"] is not None)
    await ann.act("hint")
    await ann.act("leave")  # refused: what leaving costs is asked first
    await ann.act("play", cards="ZZ")  # refused: no such cards
    bad = [{"type": "action", "id": 99, "action": "fly"},  # refused as a frame
           {"type": "nonsense"}]  # an error frame
    for frame in bad:
        await ann.send(frame)
    await ann.wait(lambda: any(f["type"] == "error" for f in ann.frames))
    await play_my_turns(ann)
    await ann.wait(lambda: ann.table["table"]["status"] != "playing")
    await bob.wait(lambda: bob.of_type("result"))
    for page in (ann, bob):
        kinds = {f["type"] for f in page.frames}
        assert {"welcome", "table", "no_table", "result"} <= kinds
        assert_frames(page.frames, wire.ServerFrame)
    assert {"answer", "error"} <= {f["type"] for f in ann.frames}
    assert_frames([f for f in ann.sent if f not in bad], wire.PageFrame)
    for frame in bad:
        assert problems(frame, wire.PageFrame)
    await ann.close()
    await bob.close()
