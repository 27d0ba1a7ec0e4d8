"""Metrics and health for operators: with ``DDZ_METRICS_PORT`` set, a Prometheus endpoint
(``/metrics``) and a health check (``/health``) served by the bot (see docs/operations.md,
"Monitoring").

- :mod:`.meters`: the metrics of one bot, in a registry of its own;
- :mod:`.answers`: every interaction's first answer, timed at one seam;
- :mod:`.lag`: the event loop's lag, read by a probe task;
- :mod:`.health`: the gateway, the store and the recovery checks;
- :mod:`.server`: the aiohttp endpoint serving both.
"""

from .answers import time_first_answers
from .health import Check, Health, gateway_check, shard_latencies, store_check
from .lag import LoopLagProbe
from .meters import BotMetrics, CountingPresenter
from .server import MetricsPortError, MetricsServer

__all__ = ["BotMetrics", "Check", "CountingPresenter", "Health", "LoopLagProbe",
           "MetricsPortError", "MetricsServer", "gateway_check", "shard_latencies", "store_check",
           "time_first_answers"]
