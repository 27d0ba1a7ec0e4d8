"""The web endpoint of the metrics and the health check (aiohttp, which discord.py brings):
``GET /metrics`` (Prometheus' text format) and ``GET /health`` (JSON; 200 healthy, 503 not),
on ``DDZ_METRICS_HOST:DDZ_METRICS_PORT``. The bot starts it in ``setup_hook`` and stops it
in ``close``."""

from __future__ import annotations

import logging

from aiohttp import web
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from .health import Health
from .meters import BotMetrics

log = logging.getLogger("ddz.metrics")


class MetricsPortError(OSError):
    """The endpoint cannot listen where it was told to (the port is taken, the address is
    not this machine's); the message says which setting to change."""


class MetricsServer:
    """A running ``/metrics`` and ``/health`` endpoint; :meth:`stop` it."""

    def __init__(self, runner: web.AppRunner) -> None:
        self._runner = runner

    @classmethod
    async def start(cls, metrics: BotMetrics, health: Health, *, host: str,
                    port: int) -> MetricsServer:
        """Serve on ``host:port`` (port 0: any free port, see :attr:`port`)."""

        async def serve_metrics(request: web.Request) -> web.Response:
            return web.Response(body=metrics.exposition(),
                                headers={"Content-Type": CONTENT_TYPE_LATEST})

        async def serve_health(request: web.Request) -> web.Response:
            healthy, body = await health.report()
            return web.json_response(body, status=200 if healthy else 503)

        app = web.Application()
        app.router.add_get("/metrics", serve_metrics)
        app.router.add_get("/health", serve_health)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        try:
            await site.start()
        except OSError as err:
            await runner.cleanup()
            raise MetricsPortError(
                f"cannot serve the metrics on {host}:{port} ({err.strerror or err}). Is "
                "another process using it? Change DDZ_METRICS_PORT (or DDZ_METRICS_HOST), "
                "or unset it to serve none") from err
        except BaseException:
            await runner.cleanup()
            raise
        server = cls(runner)
        log.info("metrics on http://%s:%d/metrics, health on /health", host, server.port)
        return server

    @property
    def port(self) -> int:
        """The port it listens on (the one given, or the one chosen for port 0)."""
        addresses = self._runner.addresses
        return int(addresses[0][1]) if addresses else 0

    async def stop(self) -> None:
        await self._runner.cleanup()


__all__ = ["MetricsPortError", "MetricsServer"]
