"""Players for the arena: our AI, RLCard's rule agent, a uniformly random agent.

Each agent is called with a :class:`Seat` view and returns an engine ``Play`` (with its
reading) or None to pass. Our AI gets only public information plus its own hand, through
the position API. The rule agent gets the state RLCard's own environment would build
(``raw_obs`` with ``trace``, ``current_hand``, ``actions``…); its legal actions come from
our engine, ordered as RLCard orders them (that order breaks the agent's ties).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from bot.ai import choose_play_reading
from bot.engine import Play, Rules, legal_plays, reading_of
from bot.engine.cards import sort_text, text_of_counts


@dataclass
class Seat:
    """What the arena shows an agent at its turn (``hands`` is for the rule agent's
    ``others_hand`` field and the referee only; our AI never reads it)."""

    rules: Rules
    seat: int
    landlord: int
    hands: list[list[int]]
    bottom: str
    history: list[tuple[int, Play | str]]  # "" for a pass; plays with their reading
    last: Play | None
    seed: int

    @property
    def hand_text(self) -> str:
        return text_of_counts(self.hands[self.seat])


@dataclass
class OurAgent:
    level: str = "normal"
    budget_ms: float | None = 100
    times: list[float] = field(default_factory=list)  # wall-clock seconds per decision
    cpu: list[float] = field(default_factory=list)  # CPU seconds of this thread per decision

    def __call__(self, view: Seat) -> Play | None:
        t0, c0 = time.perf_counter(), time.thread_time()
        play = choose_play_reading(view.rules, view.hand_text, view.history, view.landlord,
                                   view.seat, view.bottom, {}, view.seed, self.level,
                                   self.budget_ms)
        self.times.append(time.perf_counter() - t0)
        self.cpu.append(time.thread_time() - c0)
        return play


@dataclass
class RandomAgent:
    """Uniform over the legal plays (every reading counts once), and passing when allowed."""

    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def __call__(self, view: Seat) -> Play | None:
        options: list[Play | None] = list(legal_plays(view.hands[view.seat], view.last,
                                                      view.rules))
        if view.last is not None:
            options.append(None)
        return self.rng.choice(options)


class RuleAgent:
    """RLCard's ``DouDizhuRuleAgentV1`` behind RLCard's state format (classic only)."""

    def __init__(self) -> None:
        from rlcard.models import doudizhu_rule_models  # type: ignore[import-untyped]
        self.agent = doudizhu_rule_models.DouDizhuRuleAgentV1()

    def __call__(self, view: Seat) -> Play | None:
        state = rlcard_state(view)
        action = str(self.agent.step({"raw_obs": state}))
        if action == "pass":
            return None
        return reading_of(action, view.rules, last=view.last)


def rlcard_state(view: Seat) -> dict[str, Any]:
    """The ``raw_obs`` dict RLCard's Dou Dizhu game gives a player (classic)."""
    n = len(view.hands)
    history = [(s, p.cards if isinstance(p, Play) else p) for s, p in view.history]
    trace = [(s, cards if cards else "pass") for s, cards in history]
    played = ["" for _ in range(n)]
    for s, cards in history:
        if cards:
            played[s] += cards
    played = [sort_text(p) for p in played]
    seen = view.bottom
    for s, cards in history:
        if s == view.landlord and cards:
            for c in cards:
                seen = seen.replace(c, "", 1)
    others = [0] * 16
    for s in range(n):
        if s != view.seat:
            others = [a + b for a, b in zip(others, view.hands[s], strict=True)]
    hand = view.hand_text
    legal = [p.cards for p in legal_plays(hand, view.last, view.rules)]
    if view.last is None:
        actions = legal
    else:
        actions = rlcard_follow_order(view.last.cards, legal)
    return {
        "seen_cards": seen, "landlord": view.landlord, "trace": trace, "played_cards": played,
        "self": view.seat, "current_hand": hand, "others_hand": text_of_counts(others),
        "num_cards_left": [sum(h) for h in view.hands], "actions": actions,
    }


def rlcard_follow_order(target: str, legal: list[str]) -> list[str]:
    """``['pass']`` then the legal answers in the order of RLCard's ``get_gt_cards``."""
    from rlcard.games.doudizhu.utils import CARD_TYPE, TYPE_CARD  # type: ignore[import-untyped]
    wanted = set(legal)
    out = ["pass"]
    type_dict: dict[str, str | int] = {}
    for card_type, weight in CARD_TYPE[0][target]:
        type_dict.setdefault(card_type, weight)
    if "rocket" in type_dict:
        return out
    type_dict["rocket"] = -1
    type_dict.setdefault("bomb", -1)
    seen: set[str] = set()
    for card_type, weight in type_dict.items():
        for can_weight, cards_list in TYPE_CARD[card_type].items():
            if int(can_weight) > int(weight):
                for cards in cards_list:
                    if cards in wanted and cards not in seen:
                        seen.add(cards)
                        out.append(cards)
    if seen != wanted:  # pragma: no cover - the engine's parity tests guard this
        raise AssertionError(f"legal answers to {target!r} differ from RLCard's")
    return out
