"""The figures of bench/discord_load.py's measured window: which edit or hand DM shows each
simulated person's action (as the Discord stand-in saw them), the bot's metrics scraped
before and after, and the table of rows the benchmark prints."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
from prometheus_client.parser import text_string_to_metric_families

from bench.discord_people import AUCTION, Action, Seen, Table
from bench.discord_procs import ProcessTree, histogram_quantile, lag_p99, percentile
from bot.discord_api.pacing import PRIORITY_NAMES

if TYPE_CHECKING:
    from bench.discord_load import Load

ROUTE = {"orig": "a click's token", "edit": "the bot", "post": "a new message"}
FOUND_WITHIN = 30.0  # an edit later than this after the action is not counted as its own


def shown(table: Table) -> str | None:
    """The table message's id, once the stand-in has seen it (clicks are on it)."""
    return table.seen.message_id if table.seen is not None else None


# ---------------------------------------------------------------------------- measuring
def reflects(action: Action, seen: Seen) -> bool:
    """Does this table message show the table after ``action``?"""
    from bench.discord_people import cards_left, pass_shown, seq_of

    files = seen.files or []
    if "result.png" in files:
        return True
    if "table.png" not in files:
        return False
    if action.kind in AUCTION:
        seqs = [q for q in (seq_of(b) for b in seen.buttons) if q is not None]
        return action.seq is not None and all(q > action.seq for q in seqs)
    left = cards_left(seen.content)
    if left is None or action.left is None:
        return False
    return left < action.left or (left == action.left and
                                  pass_shown(seen.content, action.name))


def hand_shown(action: Action, dms: list[Seen]) -> Seen | None:
    """The hand DM's first message showing the smaller hand after a play (None: no play)."""
    for seen in dms:
        if seen.t <= action.written:
            continue
        if seen.t > action.written + FOUND_WITHIN:
            return None
        count = sum(len(o) for o in seen.selects)
        if not seen.buttons or (action.hand is not None and count < action.hand):
            return seen  # fewer cards, or the deal is over
        if seen.files is None and not any(not off and b.endswith((":playhint", ":pass"))
                                          for b, off in seen.buttons.items()):
            return None  # the turn moved on with the same hand: it was a pass
    return None


def people_actions(load: Load, since: float, until: float) -> list[Action]:
    """The people's actions written in ``[since, until)`` (not the tables' opening)."""
    return [a for a in load.actions if since <= a.written < until and a.kind != "setup"]


def timed_by_table(load: Load, action: Action) -> bool:
    """Is ``action`` timed to the table message showing it (not refused, and of a kind
    the table shows)?"""
    return action.interaction not in load.refused and \
        action.kind not in ("next", "resume", "trustee")


def table_edit(load: Load, action: Action) -> float | None:
    """When the table message first showed ``action``, within ``FOUND_WITHIN`` (None:
    not seen)."""
    return next((s.t for s in load.tables[action.table].history
                 if action.written < s.t <= action.written + FOUND_WITHIN
                 and reflects(action, s)), None)


def measure(load: Load, since: float, until: float) -> dict[str, Any]:
    acts = people_actions(load, since, until)
    first = [(load.callbacks[a.interaction] - a.written) * 1000 for a in acts
             if a.interaction in load.callbacks]
    table_ms, hand_ms, missing = [], [], 0
    hand_by: dict[str, list[float]] = {}  # by the action's kind and the edit's way
    table_by: dict[str, list[float]] = {}  # by the action's kind
    for a in acts:
        if not timed_by_table(load, a):
            continue
        found = table_edit(load, a)
        if found is None:
            missing += 1
        else:
            table_ms.append((found - a.written) * 1000)
            table_by.setdefault(a.kind, []).append(table_ms[-1])
        if a.kind in ("play", "playhint"):
            shown = hand_shown(a, load.dms[a.user])
            if shown is not None:
                hand_ms.append((shown.t - a.written) * 1000)
                hand_by.setdefault(f"{a.kind} shown by {ROUTE.get(shown.via, shown.via)}",
                                   []).append(hand_ms[-1])
    behind = [b for t, b in load.stdin_waiting if since <= t < until]
    kinds: dict[str, int] = {}
    first_by: dict[str, list[float]] = {}
    for a in acts:
        kinds[a.kind] = kinds.get(a.kind, 0) + 1
        if a.interaction in load.callbacks:
            first_by.setdefault(a.kind, []).append(
                (load.callbacks[a.interaction] - a.written) * 1000)
    return {"kinds": kinds, "refusals": dict(load.refusals),
            "first_p99_by": {k: percentile(v, 0.99) for k, v in first_by.items()},
            "hand_p99_by": {k: (percentile(v, 0.99), len(v)) for k, v in hand_by.items()},
            "table_p99_by": {k: (percentile(v, 0.5), percentile(v, 0.99))
                             for k, v in table_by.items()},
            "actions": len(acts), "unanswered": len(acts) - len(first),
            "refused": sum(a.interaction in load.refused for a in acts),
            "first_p50": percentile(first, 0.5), "first_p99": percentile(first, 0.99),
            "table_p50": percentile(table_ms, 0.5), "table_p99": percentile(table_ms, 0.99),
            "table_missing": missing, "hand_p99": percentile(hand_ms, 0.99),
            "hand_n": len(hand_ms),
            "stdin_behind": 100 * sum(b > 0 for b in behind) / max(1, len(behind)),
            "stdin_behind_kb": max(behind, default=0) / 1024,
            "limited": sum(since <= t < until for t, _, _ in load.limited),
            "limited_global": sum(since <= t < until and s == "global"
                                  for t, s, _ in load.limited)}


async def scrape(port: int) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    async with aiohttp.ClientSession() as http, \
            http.get(f"http://127.0.0.1:{port}/metrics") as response:
        text = await response.text()
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def delta(after: dict[Any, float], before: dict[Any, float], name: str,
          **labels: str) -> float:
    wanted = set(labels.items())
    return sum(v - before.get(k, 0.0) for k, v in after.items()
               if k[0] == name and wanted <= k[1])


Metrics = dict[tuple[str, frozenset[tuple[str, str]]], float]
ENOUGH_EVERY = 0.5  # seconds between two looks at a window that ends on a condition


@dataclass
class Window:
    """The measured part of one load, from ``since`` to its latest end."""

    load: Load
    tree: ProcessTree
    port: int
    idle_rss: int
    before: Metrics
    cpu0: dict[str, float]
    since: float
    after: Metrics = field(default_factory=dict)
    cpu1: dict[str, float] = field(default_factory=dict)
    until: float = 0.0
    rss: tuple[int, int] = (0, 0)

    async def end(self, wait: float) -> dict[str, Any]:
        """End the window ``wait`` seconds from now (again, if it had ended): its figures."""
        await asyncio.sleep(wait)
        assert self.load.standin is not None
        self.after, self.cpu1 = await scrape(self.port), self.tree.cpu(self.load.standin.pid)
        self.until = time.monotonic()
        self.rss = self.tree.rss_main(), self.tree.rss_all()
        return self.figures()

    def figures(self) -> dict[str, Any]:
        """The window's figures: the bot's metrics and CPU as it ended, the answers and
        edits of its actions as seen so far."""
        load, tables, idle_rss = self.load, len(self.load.tables), self.idle_rss
        before, after, cpu0, cpu1 = self.before, self.after, self.cpu0, self.cpu1
        since, until = self.since, self.until
        rss_main, rss_all = self.rss
        window = until - since
        row = measure(load, since, until)
        drawn = {k: delta(after, before, "ddz_picture_seconds_count", kind=k)
                 for k in ("table", "hand", "result")}
        pictures = sum(drawn.values())
        cpu = {k: (cpu1[k] - cpu0[k]) / window for k in cpu1}
        row.update(
            tables=tables, people=len(load.people), seconds=window,
            pictures_s=pictures / window, table_pics_s=drawn["table"] / window,
            hand_pics_s=drawn["hand"] / window,
            picture_cpu=cpu["pictures"] * 100,
            picture_cpu_ms=cpu["pictures"] * window / pictures * 1000 if pictures else 0.0,
            lag_p99=lag_p99(after, before) * 1000,
            own_answer_p99=histogram_quantile(after, before,
                                              "ddz_interaction_answer_seconds") * 1000,
            **{f"edit_{stage}": histogram_quantile(
                after, before, "ddz_table_edit_stage_seconds", 0.99, {"stage": stage}) * 1000
               for stage, _ in EDIT_STAGES},
            **{f"shown_{part}": histogram_quantile(
                after, before, "ddz_table_shown_seconds", 0.99, {"part": part}) * 1000
               for part in ("words", "picture")},
            **{f"act_{stage}": " ".join(f"{histogram_quantile(after, before, 'ddz_action_stage_seconds', q, {'stage': stage}) * 1000:.0f}"  # noqa: E501
                                        for q in (0.5, 0.99))
               for stage, _ in ACTION_STAGES},
            **{f"write_{kind}": histogram_quantile(
                after, before, "ddz_store_write_seconds", 0.99, {"kind": kind}) * 1000
               for kind in ("statement", "transaction")},
            words_s=delta(after, before, "ddz_table_edit_stage_seconds_count", stage="words")
            / window,
            later_s=delta(after, before, "ddz_table_edit_stage_seconds_count",
                          stage="picture_request") / window,
            picture_wait=" ".join(
                f"{histogram_quantile(after, before, 'ddz_picture_seconds', q) * 1000:.0f}"
                for q in (0.5, 0.99)),
            bot_cpu=cpu["main"] * 100, bot_all_cpu=cpu["all"] * 100, ai_cpu=cpu["ai"] * 100,
            standin_cpu=cpu["standin"] * 100, driver_cpu=cpu["driver"] * 100,
            rss_mb=rss_main / 2 ** 20, rss_all_mb=rss_all / 2 ** 20,
            kb_per_table=(rss_main - idle_rss) / tables / 1024,
            deals_min=delta(after, before, "ddz_deals_finished_total") * 60 / window,
            ai_actions_s=delta(after, before, "ddz_actions_total", by="ai") / window,
            player_actions_s=delta(after, before, "ddz_actions_total", by="player") / window,
            rest_s=delta(after, before, "ddz_rest_requests_total") / window,
            rest_waited_s=delta(after, before, "ddz_rest_waited_total") / window,
            rest_dropped_s=delta(after, before, "ddz_rest_dropped_total") / window,
            rest_queued=after.get(("ddz_rest_queued", frozenset()), float("nan")),
            token_edits_s=delta(after, before, "ddz_edits_through_token_total") / window,
            bot_edits_s=delta(after, before, "ddz_edits_as_bot_total") / window,
            ai_hurried_s=delta(after, before, "ddz_ai_hurried_total") / window,
            ai_share=after.get(("ddz_ai_core_share", frozenset()), float("nan")),
            rest_by=" ".join(f"{rate:.0f}" for rate in (
                delta(after, before, "ddz_rest_requests_by_priority_total", priority=n) / window
                for n in PRIORITY_NAMES)),
            queued_by=" ".join(f"{after.get(('ddz_rest_queued_by_priority', frozenset({('priority', n)})), 0):.0f}"  # noqa: E501
                               for n in PRIORITY_NAMES))
        return row


EDIT_STAGES = [  # ddz_table_edit_stage_seconds: where a table message update waits
    ("coalesce", "table update p99 ms: edit delay"), ("lock", "  its table's last update"),
    ("avatars", "  avatars"), ("slot", "  a drawing slot"), ("draw", "  drawing"),
    ("request", "  the edit request"), ("words", "  words first: their edit"),
    ("picture_slot", "  then: a drawing slot"), ("picture_draw", "  drawing"),
    ("picture_request", "  the picture's edit"),
    ("hand_lock", "new hand DM p99 ms: its last update"), ("hand_draw", "  drawing"),
    ("hand_words", "  its words"), ("hand_request", "  the edit request")]
ACTION_STAGES = [  # ddz_action_stage_seconds: a player's action inside the bot
    ("lock", "a player's action p50 p99 ms: the lock"), ("hint", "  the AI's hint"),
    ("store", "  its store write"), ("publish", "  its events handed on"),
    ("ai_waited", "AI seats' decisions p50 p99 ms: waiting"), ("ai_thought", "  thinking"),
    ("hint_waited", "people's hints p50 p99 ms: waiting"), ("hint_thought", "  thinking")]
ROWS = [  # (label, key, format)
    ("people (1 or 2 a table)", "people", "{:.0f}"),
    ("actions by people", "actions", "{:.0f}"),
    ("interaction 1st answer p50 ms", "first_p50", "{:.1f}"),
    ("interaction 1st answer p99 ms", "first_p99", "{:.1f}"),
    ("  in the bot, arrival to answer p99 ms", "own_answer_p99", "{:.0f}"),
    ("  events behind in the bot's input %", "stdin_behind", "{:.1f}"),
    ("    the most waiting KB", "stdin_behind_kb", "{:.0f}"),
    ("  unanswered / refused", "unanswered", "{:.0f}"),
    ("action -> table edit p50 ms", "table_p50", "{:.0f}"),
    ("action -> table edit p99 ms", "table_p99", "{:.0f}"),
    ("  no edit showing it (30 s)", "table_missing", "{:.0f}"),
    ("  in the bot p99 ms: words", "shown_words", "{:.0f}"),
    ("    picture", "shown_picture", "{:.0f}"),
    ("  words edits / later pictures /s", "words_s", "{:.1f}"),
    ("action -> hand DM edit p99 ms", "hand_p99", "{:.0f}"),
    ("  plays timed for the DM", "hand_n", "{:.0f}"),
    ("pictures drawn /s", "pictures_s", "{:.1f}"),
    ("  table / hand pictures /s", "table_pics_s", "{:.1f}"),
    ("picture workers CPU %", "picture_cpu", "{:.0f}"),
    ("  CPU ms a picture", "picture_cpu_ms", "{:.1f}"),
    ("  queued + drawn ms p50 p99", "picture_wait", "{}"),
    *((label, f"edit_{stage}", "{:.0f}") for stage, label in EDIT_STAGES),
    *((label, f"act_{stage}", "{}") for stage, label in ACTION_STAGES),
    ("store write p99 ms: a statement", "write_statement", "{:.0f}"),
    ("  a transaction", "write_transaction", "{:.0f}"),
    ("event loop lag p99 ms", "lag_p99", "{:.1f}"),
    ("REST requests /s (paced)", "rest_s", "{:.1f}"),
    ("  of them waited /s", "rest_waited_s", "{:.1f}"),
    ("  dropped unsent /s (turn over)", "rest_dropped_s", "{:.1f}"),
    ("  waiting at the end", "rest_queued", "{:.0f}"),
    ("  /s by priority u n b i", "rest_by", "{}"),
    ("  waiting by priority u n b i", "queued_by", "{}"),
    ("edits through a token / as bot /s", "token_edits_s", "{:.1f}"),
    ("AI decisions hurried /s", "ai_hurried_s", "{:.1f}"),
    ("  share of a core the AI got (end)", "ai_share", "{:.2f}"),
    ("bot process CPU %", "bot_cpu", "{:.0f}"),
    ("bot + workers CPU %", "bot_all_cpu", "{:.0f}"),
    ("  AI workers CPU %", "ai_cpu", "{:.0f}"),
    ("stand-in / driver CPU %", "standin_cpu", "{:.0f}"),
    ("bot RSS MB (main)", "rss_mb", "{:.0f}"),
    ("bot + workers RSS MB", "rss_all_mb", "{:.0f}"),
    ("KB a table (main, over idle)", "kb_per_table", "{:.0f}"),
    ("429 answers (window)", "limited", "{:.0f}"),
    ("  of them global", "limited_global", "{:.0f}"),
    ("429 answers (whole run)", "limited_total", "{:.0f}"),
    ("deals finished /min", "deals_min", "{:.1f}"),
    ("AI / people actions /s", "ai_actions_s", "{:.1f}"),
    ("clean stop s (nan: killed)", "stop_s", "{:.1f}"),
    ("a fixed Python loop ms (before)", "speed_ms", "{:.1f}"),
]
PAIRED = {"unanswered": "refused", "token_edits_s": "bot_edits_s", "words_s": "later_s",
          "table_pics_s": "hand_pics_s", "standin_cpu": "driver_cpu",
          "ai_actions_s": "player_actions_s"}


def table_lines(rows: list[dict[str, Any]]) -> list[str]:
    lines = [f"{'tables':32}" + "".join(f"{r['tables']:>14}" for r in rows)]
    for label, key, fmt in ROWS:
        cells = []
        for r in rows:
            cell = fmt.format(r[key])
            if key in PAIRED:
                cell += " / " + fmt.format(r[PAIRED[key]])
            cells.append(f"{cell:>14}")
        lines.append(f"{label:32}" + "".join(cells))
    return lines
