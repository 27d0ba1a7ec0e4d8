"""Play Dou Dizhu in a terminal: the quickest way to try the game.

``python -m bot play --variant laizi [--room high] [--seed N] [--watch] [--level hard]``
seats you with AI players in a room (novice, normal or high: its stakes) at a table of the
real :class:`~bot.tables.TableManager` (with a temporary database), prints every play and
the result. Type cards in the usual notation (``33344``, ``10 j q k a``, ``小王``…; ``q``
is a queen), ``pass``, ``hint``, ``help``, a bid (``0``–``3``, ``1分``), ``y``/``n`` or
叫 / 不叫, 抢 / 不抢, 加倍 / 不加倍, 明牌 / 不明牌 for call, grab, double and show, or
``quit`` (which asks first during a deal: leaving is an escape). ``--watch`` lets the AI
play your seat too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from bot.ai.levels import AI_LEVELS
from bot.engine import (
    ROOMS,
    VARIANTS,
    Action,
    Bid,
    BidOffer,
    Call,
    Choice,
    ChoiceOffer,
    Double,
    Grab,
    Offer,
    Outcome,
    PassOffer,
    Phase,
    Play,
    PlayOffer,
    RuleError,
    SeatView,
    Show,
    result_factors,
    result_total,
    room_of,
    seat_stakes,
    table_rules,
)
from bot.engine.actions import (
    DoublesRevealed,
    Event,
    LaiziDrawn,
    LandlordChosen,
    Played,
    Redealt,
    TrickWon,
)
from bot.engine.cards import sort_text
from bot.store import Store
from bot.tables import (
    ActionTaken,
    Actor,
    DealEnded,
    GameStarted,
    HandChanged,
    PlayStatus,
    ReadingNeeded,
    TableError,
    TableEvent,
    TableManager,
    TrusteeChanged,
    TurnStarted,
)
from bot.tables.hint_cursor import HintCursor
from bot.words.cards import card_name, cards_text, hint_words, play_phrase
from bot.words.errors import error_text
from bot.words.locales import EN
from bot.words.multiplier import multiplier_text
from bot.words.names import kind_name, player_name
from bot.words.reasons import reason_words

CHANNEL, GUILD, YOU = 1, 1, 1
QUESTIONS = {
    "call": "call the landlord? [y/n]",
    "grab": "grab the landlord (x2)? [y/n]",
    "double": "double? [y/n]",
}
SHOW_QUESTIONS = {  # by what 明牌 multiplies by: before the deal, while dealt, the landlord's
    5: "show your hand before the deal (x5)? [y/n]",
    2: "show your hand (x2)? [y/n]",
}
QUIT_WORDS = ("quit", "exit", "退出")  # not "q": that is a queen
HELP_WORDS = ("help", "?", "帮助", "幫助")
HINT_WORDS = ("hint", "h", "提示")
PASS_WORDS = ("pass", "p", "不出", "不要", "要不起")
YES_WORDS = {"y", "yes", "是"}
NO_WORDS = {"n", "no", "否", "不"}
# each question takes y/n and its own words only (叫 at "show your hand?" is not a yes)
OWN_WORDS: dict[str, tuple[set[str], set[str]]] = {
    "call": ({"叫", "叫地主"}, {"不叫"}),
    "grab": ({"抢", "抢地主", "搶", "搶地主"}, {"不抢", "不搶"}),
    "double": ({"加倍"}, {"不加倍"}),
    "show": ({"明牌"}, {"不明牌"}),
}
HELP = """Cards: 3 4 5 6 7 8 9 10 (or T) J Q K A 2, B = Small Joker (小王), R = Big Joker (大王),
F = Flower (花牌, super only). Type them together or apart: 33344, 10 j q k a, 小王 大王.
q is a queen: type quit to leave. In play: cards to play them, pass (不出), hint (提示).
A wild play that reads several ways lists its readings: type the number of one.
Bids: 0-3 (1分 2分 3分, 不叫). Questions: y/n, or 叫 / 不叫, 抢 / 不抢, 加倍 / 不加倍, 明牌."""


def _played(event: Played, laizi: str | None) -> Play:
    wild = ("F" if "F" in event.cards else laizi or "") if event.wild_as else ""
    return Play(event.kind, event.main, event.cards, event.wild_as, wild)


def describe_action(action: Action, names: tuple[str, ...], play: Play | None = None) -> str:
    """One line for an action: ``Bo plays 333 + 44 (trio with a pair)``, ``You pass``."""
    who = names[action.seat]
    you = who == "You"

    def says(third: str, base: str) -> str:
        return f"{who} {base if you else third}"

    kind = action.type
    if kind == "play":
        if play is not None:
            shown = play_phrase(EN, play, kind_name(EN, play.kind))
        else:
            shown = cards_text(EN, action.cards)  # type: ignore[attr-defined]
        return says("plays", "play") + f" {shown}"
    if kind == "pass":
        return says("passes", "pass")
    if kind == "bid":
        points = action.points  # type: ignore[attr-defined]
        return says("bids", "bid") + f" {points}" if points else says("does not bid",
                                                                        "do not bid")
    yes = isinstance(action, Choice) and action.yes
    words = {"call": (("calls the landlord", "call the landlord"), ("does not call",
                                                                     "do not call")),
             "grab": (("grabs the landlord", "grab the landlord"), ("does not grab",
                                                                     "do not grab")),
             "show": (("shows the hand", "show your hand"), ("does not show", "do not show")),
             "double": (("doubles", "double"), ("does not double", "do not double")),
             "escape": (("leaves the deal", "leave the deal"),) * 2}[kind]
    return says(*words[0 if yes or kind == "escape" else 1])


class TerminalPresenter:
    """Prints table events for the player at seat 0 and queues their turns."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.turns: asyncio.Queue[TurnStarted | DealEnded] = asyncio.Queue()
        self.ended: DealEnded | None = None
        self.readings: tuple[Play, ...] = ()  # the readings offered for a wild play
        self.hints = HintCursor()  # the suggestion shown at each turn
        self.left = False  # the player left the deal: its plays from then on are not said


    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def publish(self, event: TableEvent) -> None:
        if self.left:  # after "You leave the deal": the deal goes on without the player
            if isinstance(event, DealEnded):
                self.ended = event
                if event.result.outcome == Outcome.ESCAPE:  # settled at once: the cost
                    self.say(format_result(event))
                await self.turns.put(event)
            return
        table = event.table  # what the table looks like now
        names = tuple(player_name(n, EN) for n in table.names()) if table else ()
        laizi = table.game.view.laizi if table and table.game else None
        if isinstance(event, GameStarted):
            where = table.rules.variant if table else ""
            if table and room_of(table.rules) != "normal":
                where += f", {room_of(table.rules)} room: {table.rules.beans_per_point:,} " \
                         "beans a point"
            self.say(f"\n=== deal {event.deal} ({where}) ===")
        elif isinstance(event, HandChanged) and event.seat == 0:
            self.say(f"your hand: {cards_text(EN, event.cards, laizi=laizi)}")
        elif isinstance(event, ActionTaken):
            played = next((e for e in event.events if isinstance(e, Played)), None)
            line = describe_action(event.action, names,
                                   _played(played, laizi) if played else None)
            auto = event.by in (Actor.TIMEOUT, Actor.TRUSTEE)
            self.say("  " + line + ("  [auto]" if auto else ""))
            if event.action.type == "escape" and event.action.seat == 0:
                self.left = True
                return
            for e in event.events:
                self._say_event(e, names)
        elif isinstance(event, TrusteeChanged) and event.seat_index == 0:
            self.say("  (the AI now plays for you until you act)" if event.on else
                     "  (you play again)")
        elif isinstance(event, ReadingNeeded):
            self.readings = event.options
            self.say(f"  {cards_text(EN, event.cards)} can be played as:")
            for i, play in enumerate(event.options, 1):
                self.say(f"    {i}. {play_phrase(EN, play, kind_name(EN, play.kind))}")
            self.say("  type the number of the one you mean")
        elif isinstance(event, TurnStarted) and event.to_act == 0 and not event.auto:
            await self.turns.put(event)
        elif isinstance(event, DealEnded):
            self.ended = event
            self.say(format_result(event))
            await self.turns.put(event)

    def _say_event(self, e: Event, names: tuple[str, ...]) -> None:
        if isinstance(e, LandlordChosen):
            who = "You are" if names[e.seat] == "You" else f"{names[e.seat]} is"
            bottom = " ".join(card_name(EN, c) for c in sort_text(e.bottom))
            self.say(f"  → {who} the landlord; the bottom cards: {bottom}")
        elif isinstance(e, LaiziDrawn):
            self.say(f"  → the wild rank (laizi) is {card_name(EN, e.rank)}")
        elif isinstance(e, TrickWon):
            self.say("  → you lead" if names[e.seat] == "You" else f"  → {names[e.seat]} leads")
        elif isinstance(e, Redealt):
            self.say("  → nobody bid: redeal")
        elif isinstance(e, DoublesRevealed):
            doubled = [names[i] for i, d in enumerate(e.doubles) if d]
            self.say(f"  → doubled: {', '.join(doubled) or 'nobody'}")


def as_seats(action: Action) -> Callable[[int], Action]:
    """What :meth:`TableManager.act` makes for the seat: ``action`` as the player's own."""
    return lambda seat: replace(action, seat=seat, auto=False)


def format_result(event: DealEnded) -> str:
    r = event.result
    names = [player_name(n, EN) for n in event.names]
    lines = ["", "=== result ==="]
    if r.outcome == Outcome.DISSOLVED:
        lines.append("nobody bid three deals in a row: the table is dissolved")
        return "\n".join(lines)
    if r.outcome == Outcome.ESCAPE and r.escaper is not None:
        lines.append(f"{names[r.escaper]} left the deal")
    else:
        side = "landlord" if r.outcome == Outcome.LANDLORD else "farmers"
        lines.append(f"the {side} won" + (" — spring!" if r.spring else "")
                     + (" — anti-spring!" if r.anti_spring else ""))
    rules = event.table.rules if event.table is not None else None
    if rules is not None:  # one equation that multiplies out; 反春 by its name, no bid in call
        lines.append("multiplier " + multiplier_text(result_factors(rules, r),
                                                     result_total(rules, r), EN))
    doubled = any(r.doubles)
    for i, name in enumerate(names):
        stake = (f"   stake x{r.stakes[i]}" + (" (doubled)" if r.doubles[i] else "")
                 if doubled and r.stakes and r.stakes[i] else "")
        lines.append(f"  {name:<24} points {r.points[i]:+6d}   beans {r.beans[i]:+7d}{stake}")
    lines.append(f"  house takes {r.house}")
    return "\n".join(lines)


def parse_command(text: str, phase: Phase, seat: int) -> Action | str:
    """A typed line as an action for the bidding phases, or a play command string."""
    word = text.strip().lower()
    if phase == Phase.BID:
        word = word.removesuffix("分").strip()
        if word in ("0", "1", "2", "3"):
            return Bid(seat, int(word))
        if word in ("n", "no", "pass", "不叫", "不"):
            return Bid(seat, 0)
        raise ValueError("bid 0, 1, 2 or 3")
    makers = {"call": Call, "grab": Grab, "double": Double, "show_start": Show,
              "show_deal": Show, "show_landlord": Show}
    if phase in makers:
        own_yes, own_no = OWN_WORDS["show" if phase.startswith("show") else phase]
        yes, no = YES_WORDS | own_yes, NO_WORDS | own_no
        if word not in yes and word not in no:
            raise ValueError(f"answer y or n (or {min(own_yes)} / {min(own_no)})")
        return makers[phase](seat, word in yes)
    return text


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def offer_prompt(offers: Sequence[Offer]) -> str:
    """What the player is asked at their turn, from their offers
    (:meth:`bot.engine.SeatView.legal_actions`): lead, beat or pass, the bids offered, or
    the question (明牌 with its factor)."""
    kinds = {offer.action for offer in offers}
    if "play" in kinds or "pass" in kinds:
        return "play cards that beat it, or pass" if "pass" in kinds else \
            "you lead: play any cards"
    for offer in offers:
        if isinstance(offer, BidOffer):
            points = [str(p) for p in offer.points]
            if not points:
                return "0 for no bid"
            return f"bid {_either(points)} point{'s' if points != ['1'] else ''}, or 0 " \
                   "for no bid"
        if isinstance(offer, ChoiceOffer):
            if offer.choice == "show":
                return SHOW_QUESTIONS.get(offer.factor, "show your hand now? [y/n]")
            return QUESTIONS[offer.choice]
    return "wait"


def offer_options(offers: Sequence[Offer]) -> list[str]:
    """What the player may type now, one word for each offered action (``cards`` stands
    for the plays): ``cards`` and ``pass``, each bid (``0``: no bid), or ``y`` and ``n``."""
    words: list[str] = []
    for offer in offers:
        if isinstance(offer, PlayOffer):
            words.append("cards")
        elif isinstance(offer, PassOffer):
            words.append("pass")
        elif isinstance(offer, BidOffer):
            words += ["0"] * offer.no_bid + [str(p) for p in offer.points]
        else:
            words += ["y", "n"]
    return words


def status_line(view: SeatView, names: tuple[str, ...]) -> str:
    """Cards left per player, the multiplier and the play to beat."""
    counts = ", ".join(f"{names[i]} {held}" for i, held in enumerate(view.counts))
    text = f"cards left: {counts} · multiplier x{view.total_multiplier}"
    stakes = seat_stakes(view, view.seat) if view.seat is not None else {}
    if stakes and any(view.doubles):  # after 加倍: the player's own stake, pairwise
        base = view.total_multiplier // max(view.multiplier, 1)
        text += " · your stake " + ", ".join(f"x{base * n} with {names[o]}"
                                             for o, n in stakes.items())
    if view.phase == Phase.PLAY and view.last is not None and view.last[0] != view.to_act:
        seat, play = view.last
        text += (f" · to beat: {play_phrase(EN, play, kind_name(EN, play.kind))} "
                 f"from {names[seat]}")
    return text


async def play_terminal(variant: str = "classic", *, seed: int | None = None,
                        watch: bool = False, level: str = "normal", room: str = "normal",
                        db_path: Path | None = None, out: TextIO = sys.stdout,
                        read_line: Callable[[str], str] | None = None) -> int:
    """Play one deal in the terminal, in ``room`` (:data:`bot.engine.ROOMS`); returns the
    exit status (0: the deal ended or you left it, 1: the table could not open, 130:
    interrupted by Ctrl-C, after leaving cleanly)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(db_path or Path(tmp) / "terminal.db")
        presenter = TerminalPresenter(out)
        seeds = iter([seed]) if seed is not None else None
        manager = TableManager(store, presenter, ai_delay=0.0, trustee_delay=0.0,
                               seed_source=(lambda: next(seeds)) if seeds else None)
        rules = table_rules(variant, room, turn_seconds=3600)
        if db_path is None:  # a throwaway player: beans enough for the room's seat
            start = (await store.get_settings(GUILD)).start_balance
            need = 5 * ROOMS[room].get("min_balance", 0)
            if need > start:
                await store.set_guild_setting(GUILD, "start_balance", need)
        try:
            try:
                await manager.create(CHANNEL, GUILD, YOU, "You", rules, ai_level=level)
            except TableError as err:
                presenter.say(f"✗ {error_text(err, EN)}")
                return 1
            while not manager.snapshot(CHANNEL).is_full:
                await manager.add_ai(CHANNEL, YOU, level)
            await manager.start(CHANNEL, YOU)
            try:
                status = await _loop(manager, presenter, watch, read_line or input)
            except asyncio.CancelledError:  # Ctrl-C: leave cleanly, no traceback
                await _leave_now(manager, presenter, "interrupted")
                status = 130
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
        table = manager.snapshot(CHANNEL)
        game = table.game
        if game is None or game.is_over or game.to_act != 0 or table.seq != event.seq:
            continue
        if watch:
            hint = await manager.hint(CHANNEL, YOU)
            assert hint is not None
            await manager.act(CHANNEL, YOU, as_seats(hint), seq=event.seq)
            continue
        if not await _ask(manager, presenter, game.phase, read_line):
            return 0  # a confirmed quit, or the input ended: left cleanly


async def _confirm_leave(manager: TableManager, presenter: TerminalPresenter,
                         read_line: Callable[[str], str]) -> bool:
    """Leaving mid-deal is an escape: say what it costs and ask first (as every front-end
    does when leaving asks: :meth:`TableManager.leaving`)."""
    leaving = manager.leaving(CHANNEL, YOU)
    cost = leaving.cost
    if not leaving.asks or cost is None:
        return True
    more = "" if cost.final else ", and the AI plays your seat to the end of the deal"
    presenter.say(f"  leaving now is an escape: you lose {cost.beans} beans and "
                  f"{cost.points} points{more}. Leave? [y/N]")
    answer = await _read(read_line)
    return answer is None or answer.strip().lower() in YES_WORDS


async def _read(read_line: Callable[[str], str]) -> str | None:
    """The next line typed (None at the end of the input: Ctrl-D). The line is read in a
    daemon thread, so a Ctrl-C while it waits ends the program without waiting for Enter."""
    loop = asyncio.get_running_loop()
    typed: asyncio.Future[str | None] = loop.create_future()

    def read() -> None:
        try:
            line: str | None = read_line("> ")
        except Exception:  # EOFError (Ctrl-D), a closed or unreadable input: its end
            line = None
        def hand_over() -> None:
            if not typed.done():
                typed.set_result(line)

        loop.call_soon_threadsafe(hand_over)

    threading.Thread(target=read, daemon=True, name="terminal-input").start()
    return await typed


async def _leave_now(manager: TableManager, presenter: TerminalPresenter, why: str) -> None:
    """Leave at once (the input ended, or Ctrl-C), saying what it costs."""
    table = manager.snapshot(CHANNEL)
    game = table.game
    if game is not None and not game.is_over and table.seat_of(YOU) is not None:
        cost = manager.escape_cost(CHANNEL, YOU)
        presenter.say(f"  {why}: you leave the deal, an escape: you lose {cost.beans} beans "
                      f"and {cost.points} points")
    else:
        presenter.say(f"  {why}: you leave the table")
    with contextlib.suppress(TableError, RuleError):
        await manager.leave(CHANNEL, YOU)


async def _ask(manager: TableManager, presenter: TerminalPresenter, phase: Phase,
               read_line: Callable[[str], str]) -> bool:
    """Ask the player until one action is accepted; False when they quit."""
    names = tuple(player_name(n, EN) for n in manager.snapshot(CHANNEL).names())
    while True:
        table, view = manager.seat_view(CHANNEL, YOU)  # this turn as the seat sees it
        prompt = offer_prompt(view.legal_actions())
        if view.hand or any(view.counts):
            presenter.say(status_line(view, names))
            presenter.say(f"your turn — {prompt}; your hand: "
                          f"{cards_text(EN, view.hand, laizi=view.laizi)}")
        else:  # 明牌开始: asked before the deal, nobody holds a card yet
            presenter.say(f"your turn — {prompt}")
        line = await _read(read_line)
        if line is None:  # Ctrl-D: the input ended
            await _leave_now(manager, presenter, "the input ended")
            return False
        word = line.strip()
        lower = word.lower()
        if lower in QUIT_WORDS:
            if await _confirm_leave(manager, presenter, read_line):
                await manager.leave(CHANNEL, YOU)
                return False
            continue
        if lower in HELP_WORDS:
            presenter.say(HELP)
            continue
        try:
            if lower in HINT_WORDS:  # asked again at this turn: the next suggestion
                hints = await manager.hints(CHANNEL, YOU)
                if not hints:
                    presenter.say("  " + hint_words(None, EN, view))
                    continue
                index = presenter.hints.step(YOU, table.seq, len(hints))
                hint = hints[index]
                more = f" ({index + 1}/{len(hints)})" if len(hints) > 1 else ""
                reason = await manager.explain(CHANNEL, YOU, hint)
                presenter.say("  " + hint_words(hint, EN, view) + more
                              + (f" — {reason_words(EN, reason)}" if reason else ""))
                continue
            if phase == Phase.PLAY:
                if lower in PASS_WORDS:
                    await manager.pass_turn(CHANNEL, YOU, seq=table.seq)
                    return True
                offered = presenter.readings
                if offered and word.isdigit() and 1 <= int(word) <= len(offered):
                    chosen = offered[int(word) - 1]
                    presenter.readings = ()
                    await manager.play(CHANNEL, YOU, chosen.cards, kind=chosen.kind,
                                       main=chosen.main_rank, seq=table.seq)
                    return True
                presenter.readings = ()
                cards, _, kind = word.partition(" as ")
                status, _ = await manager.play(CHANNEL, YOU, cards,
                                               kind=kind.strip() or None, seq=table.seq)
                if status == PlayStatus.APPLIED:
                    return True
                continue
            action = parse_command(word, phase, 0)
            assert isinstance(action, Action)
            await manager.act(CHANNEL, YOU, as_seats(action), seq=table.seq)
            return True
        except (RuleError, TableError) as err:
            presenter.say(f"  ✗ {error_text(err, EN)}")
        except ValueError as err:
            presenter.say(f"  ✗ {err}")


def main(argv: list[str] | None = None, prog: str = "python -m bot play") -> int:
    """The terminal game (``prog``: how the user ran it, for the usage line)."""
    parser = argparse.ArgumentParser(prog=prog,
                                     description="Play Dou Dizhu in the terminal.")
    parser.add_argument("--variant", choices=VARIANTS, default="classic")
    parser.add_argument("--room", choices=tuple(ROOMS), default="normal",
                        help="the stakes: novice, normal or high")
    parser.add_argument("--seed", type=int, default=None, help="a reproducible deal")
    parser.add_argument("--watch", action="store_true", help="the AI plays your seat too")
    parser.add_argument("--level", choices=AI_LEVELS, default="normal")
    args = parser.parse_args(argv)
    try:
        return asyncio.run(play_terminal(args.variant, seed=args.seed, watch=args.watch,
                                         level=args.level, room=args.room))
    except KeyboardInterrupt:  # before the table was open: nothing to leave
        print("interrupted")
        return 130
