"""The bot's Prometheus metrics, in a registry of its own (not the library's global one), so
a test process can build several bots and each serves only its own numbers.

What is counted where: the tables' events (actions, finished deals) pass through
:class:`CountingPresenter` on their way to the Discord presenter; the other parts report
through small callbacks the composition root (:mod:`bot.process.app`) connects (a picture drawn,
a store write, a forwarded interaction, an interaction's first answer, an error reply).
The live tables and the gateway's latency are read when Prometheus scrapes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import generate_latest
from prometheus_client.registry import Collector

from bot.engine.actions import ACTION_TYPES
from bot.tables import ActionTaken, Actor, DealEnded, Presenter, TableEvent

FAST_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a store write, a forward (milliseconds when all is well, seconds when not)."""

ANSWER_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
"""Seconds: an interaction's first answer (Discord gives up on it after 3 s)."""

LAG_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25,
               0.5, 1.0, 2.5)
"""Seconds: how late the event loop woke a probe (within 20 ms is the target)."""

PICTURE_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a picture (a hand is milliseconds; a replay's animation takes longer)."""
SHOWN_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 5.0, 7.5, 10.0,
                 15.0, 20.0, 30.0)
"""Seconds: an action to the table message showing it (issue 37's target is 1.5 s)."""

TableCount = Callable[[], Mapping[tuple[str, str], int]]
"""The live tables now, by (variant, status)."""

ShardLatencies = Callable[[], Iterable[tuple[int, float]]]
"""Each gateway connection's heartbeat latency now: (shard id, seconds)."""

LoadFigures = Callable[[], dict[str, float]]
"""The load figures now, by name (:data:`LOAD_METRICS`)."""


class BotMetrics:
    """One bot's metrics. The callbacks (:meth:`drawn`, :meth:`wrote`, :meth:`forwarded`,
    :meth:`answered`, :meth:`lagged`, :meth:`refused`) are cheap and never raise."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.actions = Counter(
            "ddz_actions", "Actions applied at the tables, by kind (play, pass, bid, call, "
            "grab, show, double, escape) and by who acted (player, ai, trustee, timeout, "
            "autopass, escaped)", ["kind", "by"], registry=registry)
        self.deals = Counter(
            "ddz_deals_finished", "Deals finished and settled, by variant and outcome "
            "(landlord, farmers, escape, dissolved)", ["variant", "outcome"],
            registry=registry)
        self.answers = Histogram(
            "ddz_interaction_answer_seconds", "Seconds from an interaction's arrival to its "
            "first answer (a reply, a deferral, an edit), by interaction type",
            ["type"], buckets=ANSWER_BUCKETS, registry=registry)
        self.pictures = Histogram(
            "ddz_picture_seconds", "Seconds to draw a picture, by kind (table, hand, "
            "result, profile, leaderboard, replay…)", ["kind"], buckets=PICTURE_BUCKETS,
            registry=registry)
        self.table_edits = Histogram(
            "ddz_table_edit_stage_seconds", "Seconds a table message update spent in each "
            "stage: coalesce (the edit delay), lock (the table's previous update), avatars, "
            "slot (waiting to draw), draw, request (the edit, with its rate-limit waits); "
            "and a new hand DM: hand_lock (the player's previous hand update), hand_draw, "
            "hand_words, hand_request",
            ["stage"], buckets=PICTURE_BUCKETS, registry=registry)
        self.action_stages = Histogram(
            "ddz_action_stage_seconds", "Seconds a player's action spent in each stage "
            "inside the bot: lock (waiting for the table's previous work), hint (the AI's "
            "suggestion, for Play hint), store (its write), publish (its events handed on); "
            "and every AI decision (a seat's or a hint): ai_waited (for a worker, and its "
            "answer's way back), ai_thought (the worker's time); hint_waited, hint_thought "
            "the same for a person's hint",
            ["stage"], buckets=PICTURE_BUCKETS, registry=registry)
        self.table_shown = Histogram(
            "ddz_table_shown_seconds", "Seconds from an action to the table message "
            "showing it, by part: words (and controls), picture (the same edit unless "
            "every drawing slot was busy: then the picture follows the words)",
            ["part"], buckets=SHOWN_BUCKETS, registry=registry)
        self.store_writes = Histogram(
            "ddz_store_write_seconds", "Seconds a store write took, from asking for the "
            "writer to the commit: a transaction, or a single statement",
            ["kind"], buckets=FAST_BUCKETS, registry=registry)
        self.loop_lag = Histogram(
            "ddz_event_loop_lag_seconds", "Seconds a probe's callback, handed to the event "
            "loop 4 times a second, waited to run (how long ready work waits for the loop)",
            buckets=LAG_BUCKETS, registry=registry)
        self.forwards = Counter(
            "ddz_forwards", "DM interactions forwarded to the process owning their table, "
            "by outcome (taken, or not_taken: the player was told the table is restarting)",
            ["outcome"], registry=registry)
        self.forward_seconds = Histogram(
            "ddz_forward_seconds", "Seconds from queueing a forwarded interaction to its "
            "owner taking it", buckets=FAST_BUCKETS, registry=registry)
        self.errors = Counter(
            "ddz_errors", "Error replies, by code: a refusal's code (not_your_turn, "
            "no_table…), or unexpected for a bug (logged with the id the user was given)",
            ["code"], registry=registry)
        for kind in ACTION_TYPES:  # every series exists from the start (rate() sees a 0)
            for actor in Actor:
                self.actions.labels(kind=kind, by=actor.value)
        self.live = LiveCollector()
        registry.register(self.live)

    def watch(self, *, tables: TableCount, gateway: ShardLatencies,
              load: LoadFigures | None = None) -> None:
        """Read the live tables, the gateway's latency and the load figures (REST pacing,
        edits through tokens, the AI's queue) from these when scraped."""
        self.live.tables, self.live.gateway, self.live.load = tables, gateway, load

    def exposition(self) -> bytes:
        """Every metric in Prometheus' text format (what ``/metrics`` serves)."""
        return generate_latest(self.registry)

    # ------------------------------------------------------------------ what is reported
    def count(self, event: TableEvent) -> None:
        """Count an action or a finished deal (any other event: nothing)."""
        if isinstance(event, ActionTaken):
            self.actions.labels(kind=event.action.type, by=str(event.by)).inc()
        elif isinstance(event, DealEnded):
            variant = event.table.rules.variant if event.table is not None else "unknown"
            self.deals.labels(variant=variant, outcome=str(event.result.outcome)).inc()

    def drawn(self, kind: str, seconds: float) -> None:
        self.pictures.labels(kind=kind).observe(seconds)

    def staged(self, stage: str, seconds: float) -> None:
        self.table_edits.labels(stage=stage).observe(seconds)

    def acted(self, stage: str, seconds: float) -> None:
        self.action_stages.labels(stage=stage).observe(seconds)

    def shown(self, part: str, seconds: float) -> None:
        self.table_shown.labels(part=part).observe(seconds)

    def wrote(self, kind: str, seconds: float) -> None:
        self.store_writes.labels(kind=kind).observe(seconds)

    def forwarded(self, taken: bool, seconds: float) -> None:
        self.forwards.labels(outcome="taken" if taken else "not_taken").inc()
        if taken:
            self.forward_seconds.observe(seconds)

    def answered(self, kind: str, seconds: float) -> None:
        self.answers.labels(type=kind).observe(seconds)

    def lagged(self, seconds: float) -> None:
        self.loop_lag.observe(seconds)

    def refused(self, code: str) -> None:
        self.errors.labels(code=code).inc()


LOAD_METRICS: dict[str, tuple[str, str]] = {
    # figure -> (metric, help); a name ending in _total is a counter
    "rest_queued": ("ddz_rest_queued", "REST requests waiting for their turn under the "
                    "global rate limit now (bot.discord_api.pacing)"),
    "rest_granted": ("ddz_rest_requests_total", "REST requests let through by the pacer"),
    "rest_waited": ("ddz_rest_waited_total", "REST requests that waited for their turn"),
    "rest_dropped": ("ddz_rest_dropped_total", "REST requests no longer wanted when their "
                     "turn came (a turn ping for a turn over), not sent"),
    "edits_token": ("ddz_edits_through_token_total", "Message edits made through a click's "
                    "token (not bound by the global rate limit)"),
    "edits_bot": ("ddz_edits_as_bot_total", "Message edits made as the bot (paced)"),
    "ai_in_flight": ("ddz_ai_in_flight", "AI decisions sent to the workers, not answered"),
    "ai_hurried": ("ddz_ai_hurried_total", "AI decisions given the busy search budget"),
    "ai_core_share": ("ddz_ai_core_share", "The share of a core the AI's workers got while "
                      "they thought, of late (CPU over wall time; below 0.8 the AI hurries)"),
}


def load_metrics(figures: dict[str, float]) -> Iterator[Metric]:
    """The load figures as Prometheus metrics (unknown names are skipped)."""
    by_priority: dict[str, GaugeMetricFamily | CounterMetricFamily] = {
        "rest_queued_": GaugeMetricFamily(
        "ddz_rest_queued_by_priority", "REST requests waiting now, by priority",
        labels=["priority"]), "rest_granted_": CounterMetricFamily(
        "ddz_rest_requests_by_priority", "REST requests let through, by priority",
        labels=["priority"])}
    for key, value in figures.items():
        prefix = next((p for p in by_priority if key.startswith(p)), None)
        if prefix is not None:
            by_priority[prefix].add_metric([key.removeprefix(prefix)], value)
            continue
        if key not in LOAD_METRICS:
            continue
        name, text = LOAD_METRICS[key]
        family = CounterMetricFamily if name.endswith("_total") else GaugeMetricFamily
        yield family(name.removesuffix("_total"), text, value=value)
    yield from by_priority.values()


class LiveCollector(Collector):
    """The gauges read at scrape time: the live tables by variant and status, and each
    gateway connection's latency (none until the first heartbeat is answered)."""

    def __init__(self) -> None:
        self.tables: TableCount | None = None
        self.gateway: ShardLatencies | None = None
        self.load: LoadFigures | None = None

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily("ddz_tables", "Live tables in this process, by variant "
                                   "and status (lobby, playing, between)",
                                   labels=["variant", "status"])
        for (variant, status), count in sorted((self.tables or dict)().items()):
            tables.add_metric([variant, status], count)
        yield tables
        latency = GaugeMetricFamily("ddz_gateway_latency_seconds", "Seconds between a "
                                    "gateway heartbeat and its acknowledgement, per shard",
                                    labels=["shard"])
        for shard, seconds in (self.gateway or tuple)():
            if seconds == seconds and seconds != float("inf"):  # nan: no heartbeat yet
                latency.add_metric([str(shard)], seconds)
        yield latency
        if self.load is not None:
            yield from load_metrics(self.load())


class CountingPresenter:
    """The tables' presenter when metrics are on: counts each event
    (:meth:`BotMetrics.count`), then hands it to the presenter that shows it."""

    def __init__(self, presenter: Presenter, metrics: BotMetrics) -> None:
        self.presenter = presenter
        self.metrics = metrics

    async def publish(self, event: TableEvent) -> None:
        self.metrics.count(event)
        await self.presenter.publish(event)


__all__ = ["BotMetrics", "CountingPresenter", "LiveCollector", "ShardLatencies", "TableCount"]
