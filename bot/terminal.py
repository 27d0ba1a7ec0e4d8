"""Play Dou Dizhu in a terminal: the quickest way to try the game.

``python -m bot play --variant laizi [--seed N] [--watch] [--level hard]`` seats you with
AI players at a table of the real :class:`~bot.tables.TableManager` (with a temporary
database), prints every play and the result. Type cards in the usual notation
(``33344``, ``10 j q k a``, ``小王``…), ``pass``, ``hint``, a bid (``0``–``3``), ``y``/``n``
for call, grab, show and double, or ``quit``. ``--watch`` lets the AI play your seat too.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.engine import VARIANTS, Action, Bid, Call, Double, Grab, RuleError, Show
from bot.engine.play import KIND_NAMES
from bot.store import Store
from bot.tables import (
    ActionTaken,
    DealEnded,
    DealStarted,
    HandChanged,
    ReadingNeeded,
    TableError,
    TableEvent,
    TableManager,
    TrusteeChanged,
    TurnStarted,
)

CHANNEL, GUILD, YOU = 1, 1, 1
PHASE_PROMPTS = {
    "show_start": "明牌开始 show your hand before the deal (x5)? [y/n]",
    "show_deal": "发牌明牌 show your hand now? [y/n]",
    "show_landlord": "明牌 show your hand (x2)? [y/n]",
    "bid": "bid 1, 2 or 3 points, or 0 to pass",
    "call": "叫地主 call the landlord? [y/n]",
    "grab": "抢地主 grab the landlord (x2)? [y/n]",
    "double": "加倍 double? [y/n]",
}


def describe_action(action: Action, names: tuple[str, ...]) -> str:
    """One line for an action: ``Bo plays 33344 (三带二 trio with a pair)``."""
    who = names[action.seat]
    kind = action.type
    if kind == "play":
        text = f"{who} plays {action.cards}"  # type: ignore[attr-defined]
        if action.kind:  # type: ignore[attr-defined]
            zh, en = KIND_NAMES[action.kind]  # type: ignore[attr-defined]
            text += f"  ({zh} {en})"
        return text
    if kind == "pass":
        return f"{who}: 不出 pass"
    if kind == "bid":
        points = action.points  # type: ignore[attr-defined]
        return f"{who} bids {points}" if points else f"{who}: 不叫 no bid"
    yes = bool(getattr(action, kind, False))
    words = {"call": ("叫地主 calls", "不叫 does not call"),
             "grab": ("抢地主 grabs", "不抢 does not grab"),
             "show": ("明牌 shows the hand", "does not show"),
             "double": ("加倍 doubles", "不加倍 does not double"),
             "escape": ("leaves the table (逃跑)", "leaves the table (逃跑)")}[kind]
    return f"{who} {words[0] if yes or kind == 'escape' else words[1]}"


class TerminalPresenter:
    """Prints table events for the player at seat 0 and queues their turns."""

    def __init__(self, manager_ref: Callable[[], TableManager], out: TextIO) -> None:
        self._manager = manager_ref
        self.out = out
        self.turns: asyncio.Queue[TurnStarted | DealEnded] = asyncio.Queue()
        self.ended: DealEnded | None = None

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def publish(self, event: TableEvent) -> None:
        manager = self._manager()
        table = manager.tables.get(event.channel_id)
        names = table.names() if table else ()
        if isinstance(event, DealStarted):
            self.say(f"\n=== deal {event.deal} ({table.rules.variant if table else ''}) ===")
        elif isinstance(event, HandChanged) and event.seat == 0:
            self.say(f"your hand: {' '.join(event.cards)}")
        elif isinstance(event, ActionTaken):
            self.say("  " + describe_action(event.action, names) +
                     ("  [auto]" if event.by in ("timeout", "trustee") else ""))
            for e in event.events:
                if e.type == "landlord":
                    self.say(f"  → {names[e.seat]} is the landlord 地主; bottom 底牌: "
                             f"{e.bottom}")
                elif e.type == "laizi":
                    self.say(f"  → the laizi 癞子 is {e.rank}")
                elif e.type == "trick_won":
                    self.say(f"  → {names[e.seat]} leads")
                elif e.type == "redeal":
                    self.say("  → nobody bid: redeal")
                elif e.type == "doubles":
                    doubled = [names[i] for i, d in enumerate(e.doubles) if d]
                    self.say(f"  → 加倍: {', '.join(doubled) or 'nobody'}")
        elif isinstance(event, TrusteeChanged) and event.seat_index == 0:
            self.say("  (the AI now plays for you: 托管)" if event.on else "  (托管 off)")
        elif isinstance(event, ReadingNeeded):
            options = ", ".join(f"{p.kind} {p.main_rank}" for p in event.options)
            self.say(f"  {event.cards} can be read as: {options}. Type e.g. "
                     f"'{event.cards} as {event.options[0].kind}'")
        elif isinstance(event, TurnStarted) and event.to_act == 0 and not event.auto:
            await self.turns.put(event)
        elif isinstance(event, DealEnded):
            self.ended = event
            self.say(format_result(event))
            await self.turns.put(event)


def format_result(event: DealEnded) -> str:
    r = event.result
    lines = ["", "=== result ==="]
    if r.outcome == "dissolved":
        lines.append("nobody bid three deals in a row: the table is dissolved (解散)")
        return "\n".join(lines)
    if r.outcome == "escape":
        lines.append(f"{event.names[r.escaper]} left the deal (逃跑)")
    else:
        side = "landlord 地主" if r.outcome == "landlord" else "farmers 农民"
        lines.append(f"the {side} won" + (" — spring 春天!" if r.spring else "")
                     + (" — anti-spring 反春!" if r.anti_spring else ""))
    parts = " x ".join(f"{name} x{factor}" + (f"^{n}" if n > 1 else "")
                       for name, factor, n in r.parts) or "none"
    lines.append(f"multiplier x{r.multiplier} ({parts}); bid {r.bid}")
    for i, name in enumerate(event.names):
        lines.append(f"  {name:<24} points {r.points[i]:+6d}   beans {r.beans[i]:+7d}")
    lines.append(f"  house takes {r.house}")
    return "\n".join(lines)


def parse_command(text: str, phase: str, seat: int) -> Action | str:
    """A typed line as an action for the bidding phases, or a play command string."""
    word = text.strip().lower()
    yes = word in ("y", "yes", "是", "要", "1") if phase != "bid" else False
    no = word in ("n", "no", "不", "不要", "0")
    if phase == "bid":
        if word in ("0", "1", "2", "3"):
            return Bid(seat, int(word))
        if word in ("n", "no", "pass", "不叫"):
            return Bid(seat, 0)
        raise ValueError("bid 0, 1, 2 or 3")
    makers = {"call": Call, "grab": Grab, "double": Double, "show_start": Show,
              "show_deal": Show, "show_landlord": Show}
    if phase in makers:
        if not (yes or no):
            raise ValueError("answer y or n")
        return makers[phase](seat, yes)
    return text


async def play_terminal(variant: str = "classic", *, seed: int | None = None,
                        watch: bool = False, level: str = "normal",
                        db_path: Path | None = None, out: TextIO = sys.stdout,
                        read_line: Callable[[str], str] | None = None) -> int:
    """Play one deal in the terminal; returns the exit status (0: the deal ended)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(db_path or Path(tmp) / "terminal.db")
        manager: TableManager | None = None
        presenter = TerminalPresenter(lambda: manager, out)  # type: ignore[arg-type,return-value]
        seeds = iter([seed]) if seed is not None else None
        manager = TableManager(store, presenter, ai_delay=0.0, trustee_delay=0.0,
                               seed_source=(lambda: next(seeds)) if seeds else None)  # type: ignore[arg-type]
        try:
            await manager.create(CHANNEL, GUILD, YOU, "You", variant, ai_level=level,
                                 turn_play_s=3600, turn_bid_s=3600)
            while not manager.tables[CHANNEL].is_full:
                await manager.add_ai(CHANNEL, YOU, level)
            await manager.start(CHANNEL, YOU)
            status = await _loop(manager, presenter, watch, read_line or input)
        finally:
            await manager.shutdown()
            await store.close()
    return status


async def _loop(manager: TableManager, presenter: TerminalPresenter, watch: bool,
                read_line: Callable[[str], str]) -> int:
    while True:
        event = await presenter.turns.get()
        if isinstance(event, DealEnded):
            return 0
        table = manager.tables[CHANNEL]
        game = table.game
        if game is None or game.is_over or game.to_act != 0 or table.seq != event.seq:
            continue
        if watch:
            hint = await manager.hint(CHANNEL, YOU)
            assert hint is not None
            await manager.act(CHANNEL, YOU, lambda s, h=hint: type(h)(
                **{**h.__dict__, "seat": s, "auto": False}), seq=event.seq)
            continue
        if not await _ask(manager, presenter, game.phase, read_line):
            return 1


async def _ask(manager: TableManager, presenter: TerminalPresenter, phase: str,
               read_line: Callable[[str], str]) -> bool:
    """Ask the player until one action is accepted; False when they quit."""
    table = manager.tables[CHANNEL]
    while True:
        game = table.game
        assert game is not None
        if phase == "play":
            last = game.last
            prompt = ("lead: any play" if last is None else
                      f"beat {last[1].cards} ({last[1].kind}) or pass")
        else:
            prompt = PHASE_PROMPTS.get(phase, phase)
        presenter.say(f"your turn — {prompt}; hand: {' '.join(game.hand_text(0))}")
        try:
            line = await asyncio.to_thread(read_line, "> ")
        except EOFError:
            return False
        word = line.strip()
        if word.lower() in ("quit", "exit", "q"):
            await manager.leave(CHANNEL, YOU)
            return False
        try:
            if word.lower() in ("hint", "h", "提示"):
                hint = await manager.hint(CHANNEL, YOU)
                presenter.say(f"  hint: {getattr(hint, 'cards', None) or hint}")
                continue
            if phase == "play":
                if word.lower() in ("pass", "p", "不出", "不要"):
                    await manager.pass_turn(CHANNEL, YOU, seq=table.seq)
                    return True
                cards, _, kind = word.partition(" as ")
                status, _ = await manager.play(CHANNEL, YOU, cards,
                                               kind=kind.strip() or None, seq=table.seq)
                if status == "applied":
                    return True
                continue
            action = parse_command(word, phase, 0)
            assert isinstance(action, Action)
            await manager.act(CHANNEL, YOU, lambda s, a=action: a, seq=table.seq)
            return True
        except (RuleError, TableError, ValueError) as err:
            presenter.say(f"  ✗ {err}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot play",
                                     description="Play Dou Dizhu in the terminal.")
    parser.add_argument("--variant", choices=VARIANTS, default="classic")
    parser.add_argument("--seed", type=int, default=None, help="a reproducible deal")
    parser.add_argument("--watch", action="store_true", help="the AI plays your seat too")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal")
    args = parser.parse_args(argv)
    return asyncio.run(play_terminal(args.variant, seed=args.seed, watch=args.watch,
                                     level=args.level))
