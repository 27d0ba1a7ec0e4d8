"""The metrics' settings and the parts read at scrape time (the endpoints themselves are
read during deals: tests/discord/test_metrics.py, tests/cluster/test_metrics.py)."""

from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.metrics import BotMetrics
from bot.process.config import ConfigError, Settings


def test_the_port_and_host_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DDZ_METRICS_PORT", raising=False)
    monkeypatch.delenv("DDZ_METRICS_HOST", raising=False)
    unset = Settings.from_env(env_file=None)
    assert (unset.metrics_port, unset.metrics_host) == (None, "127.0.0.1")  # not served
    monkeypatch.setenv("DDZ_METRICS_PORT", "9108")
    monkeypatch.setenv("DDZ_METRICS_HOST", "0.0.0.0")
    served = Settings.from_env(env_file=None)
    assert (served.metrics_port, served.metrics_host) == (9108, "0.0.0.0")
    for wrong in ("http", "0", "70000", "-1"):
        monkeypatch.setenv("DDZ_METRICS_PORT", wrong)
        with pytest.raises(ConfigError, match="DDZ_METRICS_PORT"):
            Settings.from_env(env_file=None)


def test_each_bot_has_its_own_registry() -> None:
    first, second = BotMetrics(), BotMetrics()
    first.refused("not_your_turn")
    first.wrote("statement", 0.002)
    assert b'ddz_errors_total{code="not_your_turn"} 1.0' in first.exposition()
    assert b'code="not_your_turn"' not in second.exposition()
    assert b'ddz_store_write_seconds_count{kind="statement"} 1.0' in first.exposition()


def test_the_gauges_are_read_when_scraped() -> None:
    metrics = BotMetrics()
    tables = {("classic", "playing"): 2, ("happy", "lobby"): 1}
    latencies = [(0, 0.042), (1, float("nan"))]  # shard 1: no heartbeat answered yet
    metrics.watch(tables=lambda: tables, gateway=lambda: latencies)
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(metrics.exposition().decode())
               for s in family.samples}
    assert samples[("ddz_tables", (("status", "playing"), ("variant", "classic")))] == 2
    assert samples[("ddz_tables", (("status", "lobby"), ("variant", "happy")))] == 1
    assert samples[("ddz_gateway_latency_seconds", (("shard", "0"),))] == 0.042
    assert ("ddz_gateway_latency_seconds", (("shard", "1"),)) not in samples
    tables.clear()
    assert b"ddz_tables{" not in metrics.exposition()  # no table left: no series
    # every action kind and actor is a series from the start (at 0)
    for kind in ("play", "pass", "bid", "call", "grab", "show", "double", "escape"):
        assert f'ddz_actions_total{{by="player",kind="{kind}"}} 0.0'.encode() in \
            metrics.exposition()


async def test_a_taken_port_is_one_clear_error() -> None:
    from bot.metrics import Check, Health, MetricsPortError, MetricsServer

    async def answering() -> Check:
        return Check(True, "answering")

    health = Health(gateway=lambda: Check(True, "connected"), store=answering,
                    recovery=lambda: Check(True, "finished"))
    first = await MetricsServer.start(BotMetrics(), health, host="127.0.0.1", port=0)
    try:
        with pytest.raises(MetricsPortError, match="DDZ_METRICS_PORT"):
            await MetricsServer.start(BotMetrics(), health, host="127.0.0.1", port=first.port)
    finally:
        await first.stop()


async def test_the_loop_lag_probe_reports_a_blocked_loop() -> None:
    import asyncio
    import time

    from bot.metrics import LoopLagProbe

    metrics = BotMetrics()
    probe = LoopLagProbe(metrics.lagged, tick=0.005)
    probe.start()
    await asyncio.sleep(0.03)
    time.sleep(0.06)  # the loop is blocked: the probe wakes about 60 ms late
    await asyncio.sleep(0.03)
    await probe.stop()
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(metrics.exposition().decode())
               for s in family.samples}
    assert samples[("ddz_event_loop_lag_seconds_count", ())] >= 3
    assert samples[("ddz_event_loop_lag_seconds_sum", ())] >= 0.04
    assert samples[("ddz_event_loop_lag_seconds_bucket", (("le", "0.03"),))] < \
        samples[("ddz_event_loop_lag_seconds_count", ())]  # the blocked wake-up is late
