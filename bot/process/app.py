"""Building and running the Discord bot.

``python -m bot`` reads ``.env`` (see ``.env.example``), opens the store, builds the table
manager and the bot, and connects. Tests build the same bot without connecting::

    bot = await create_bot(Settings(db_path=tmp / "ddz.db", dev_guild_id=None, turn_seconds=30))

No privileged intent is used: slash commands and components need none.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from enum import StrEnum
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.discord_api.cluster import EVERY_SHARD, format_shards
from bot.discord_api.pacing import PRIORITY_NAMES, RestPacer, trace
from bot.metrics import (
    BotMetrics,
    Check,
    CountingPresenter,
    Health,
    LoopLagProbe,
    MetricsPortError,
    MetricsServer,
    gateway_check,
    shard_latencies,
    store_check,
    time_first_answers,
)
from bot.process import tuning
from bot.process.config import ConfigError, Settings
from bot.process.stopping import serve_until_stopped
from bot.process.tuning import collect_rarely, share_the_gil
from bot.store import Store
from bot.store.maintenance import BotRunningError, DatabaseCorruptError, LostDataError, RunLock
from bot.tables import Decider, Presenter, TableManager
from bot.tournament_runner import TournamentRunner, settled_by
from bot.web import ActivityServer, DiscordAuth, FanOutPresenter, WebPresenter
from bot.web.server import page_served
from bot.workers.ai_pool import AiPool
from bot.workers.picture_pool import PicturePool
from cogs.ddz import Ddz
from cogs.errors import DdzActivityTree, DdzTree
from cogs.history import HISTORY_ITEMS
from cogs.i18n import DdzTranslator
from cogs.pings import DEFAULT_BUDGET
from cogs.presenter import DiscordPresenter
from cogs.private import PRIVATE_ITEMS
from cogs.replay import REPLAY_ITEMS
from cogs.tournament_desk import TOURNAMENT_ITEMS, TournamentDesk
from cogs.tournament_host import DiscordTournamentHost
from cogs.transport.connecting import DiscordSilentError, start_within
from cogs.transport.forwarding import ClusterLink
from cogs.transport.forwarding.relay import dispatch
from cogs.transport.headless import feed_gateway_events, stdin_lines, use_api
from cogs.transport.interaction_thread import ThreadedWebhookAdapter, send_from_thread
from cogs.views import DYNAMIC_ITEMS

log = logging.getLogger("ddz")


class Recovery(StrEnum):
    """Where the tables' recovery after a start is (``/health``'s ``recovery`` says so)."""

    WAITING = "waiting"  # for the gateway
    RUNNING = "running"
    FINISHED = "finished"
    FAILED = "failed"  # the tables' recovery raised (logged)


class DdzBot(commands.Bot):
    """The bot: holds the store, the table manager and the presenter it is given
    (:func:`create_bot` builds them), and speaks for the presenter."""

    def __init__(self, settings: Settings, *, store: Store, presenter: DiscordPresenter,
                 manager: TableManager, activity: ActivityServer | None = None,
                 metrics: BotMetrics | None = None,
                 interaction_thread: ThreadedWebhookAdapter | None = None,
                 closing: AsyncExitStack | None = None) -> None:
        """``closing``: the shutdown of what :func:`create_bot` made before the bot (the
        store, the worker pools); the bot adds its own steps to it (see :meth:`close`)."""
        # a card game has no voice: no warning about voice libraries at every start
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        # every process of a cluster shares the bot's global limit: each takes its share
        self.pacer = RestPacer(settings.rest_rate * settings.shards.share)
        super().__init__(command_prefix=commands.when_mentioned,
                         intents=discord.Intents.default(), help_command=None,
                         # with the Activity on, the global sync keeps its Entry Point
                         tree_cls=DdzTree if activity is None else DdzActivityTree,
                         # no message pings anybody unless it names them (cogs.markdown.ping)
                         allowed_mentions=discord.AllowedMentions.none(),
                         http_trace=trace(self.pacer, lambda: discord.http.Route.BASE),
                         **getattr(self, "_shard_options", {}))
        self.settings = settings
        self.store = store
        self.presenter = presenter
        self.manager = manager
        presenter.attach(self)
        self._recovery: asyncio.Task[None] | None = None
        self._maintenance: asyncio.Task[None] | None = None
        self.link: ClusterLink | None = None  # forwarding, when this runs only some shards
        self.activity_server = activity  # the Discord Activity's web server (bot/web), when on
        if activity is not None:  # its instance checks use the bot's token: paced as the bot
            activity.auth.pace(trace(self.pacer, lambda: activity.auth.api))
        self.metrics = metrics  # DDZ_METRICS_PORT set: served on /metrics with /health
        self.metrics_server: MetricsServer | None = None
        self.lag_probe: LoopLagProbe | None = None  # the event loop's lag, with the metrics
        # interaction requests sent from a thread (cogs.transport.interaction_thread),
        # when installed
        self.interaction_thread = interaction_thread
        self.recovery = Recovery.WAITING
        self.headless = False  # logged in over REST only (no gateway to be connected)
        # the start succeeded (READY came, or the headless login): only then is the
        # database backed up, so a start refused by Discord or the network writes none
        self.served = False
        if metrics is not None:
            metrics.watch(tables=manager.count_tables, gateway=lambda: shard_latencies(self),
                          load=self.load_figures)
        # the shutdown: one stack, each step added as the bot takes its piece on, closed
        # in the reverse order (the last piece taken on stops first); the steps of a
        # connection are skipped by close_store. The link and the metrics' server are
        # opened in setup_hook: their steps are added here, in their place.
        self._closing = closing if closing is not None else AsyncExitStack()
        self._offline = False
        stack = self._closing
        stack.push_async_callback(self._close_link)
        stack.push_async_callback(self._online, self._final_backup)
        stack.push_async_callback(self._online, self.pacer.close)  # every request is out
        stack.push_async_callback(self._online, super().close)
        stack.push_async_callback(self._stop_interaction_thread)
        stack.push_async_callback(self._online, self._close_ephemeral)
        stack.push_async_callback(self._online, presenter.drain)
        stack.push_async_callback(self._stop_activity)
        stack.push_async_callback(manager.shutdown)
        # tournaments: the desk (sign-ups, their clock), made with the round runner and
        # its Discord host; the runner is made before the tables are recovered (it hears
        # their deals settle: create_bot gave the manager ``settled_by``), resumed after
        # them by the desk
        self.tournaments = TournamentDesk(self, store, owns=settings.shards.owns,
                                          runner=self._round_runner)
        # no next deal is dealt while the tables stop (the store knows where each
        # tournament is: the next start resumes them)
        stack.push_async_callback(self.round_runner.shutdown)
        stack.push_async_callback(self._stop_metrics)
        stack.callback(self.tournaments.close)

    def _round_runner(self, desk: TournamentDesk) -> TournamentRunner:
        """The desk's round runner, reporting to the Discord host (which posts through the
        desk)."""
        settings = self.settings
        self.tournament_host = DiscordTournamentHost(self, self.store, desk,
                                                     self.presenter.draw)
        self.round_runner = TournamentRunner(self.store, self.manager, self.tournament_host,
                                             owns=settings.shards.owns,
                                             turn_seconds=settings.turn_seconds)
        return self.round_runner

    def load_figures(self) -> dict[str, float]:
        """REST pacing, edits through tokens and the AI's queue now (for /metrics)."""
        edits, pool = self.presenter.edits, self.manager.ai_pool
        figures: dict[str, float] = {
            "rest_queued": self.pacer.queued, "rest_granted": self.pacer.granted,
            "rest_waited": self.pacer.waited, "rest_dropped": self.pacer.dropped,
            "edits_token": edits.through_token, "edits_bot": edits.as_bot}
        for name, waiting, granted in zip(PRIORITY_NAMES, self.pacer.queued_by(),
                                          self.pacer.granted_by, strict=True):
            figures[f"rest_queued_{name}"] = waiting
            figures[f"rest_granted_{name}"] = granted
        if pool is not None:
            figures |= {"ai_in_flight": pool.in_flight, "ai_hurried": pool.hurried,
                        "ai_core_share": pool.share}
        return {k: float(v) for k, v in figures.items()}

    async def setup_hook(self) -> None:
        if self.metrics is not None:  # first: the forwarding wraps the answer timer
            await self._serve_metrics(self.metrics)
        await self.tree.set_translator(DdzTranslator())
        await self.add_cog(Ddz(self, manager=self.manager, store=self.store,
                               presenter=self.presenter, settings=self.settings,
                               tournaments=self.tournaments))
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HISTORY_ITEMS, *PRIVATE_ITEMS,
                                *REPLAY_ITEMS, *TOURNAMENT_ITEMS)
        if not self.settings.shards.runs_every_shard:
            assert self.settings.database_url is not None  # Settings.with_shards checked it
            self.link = await ClusterLink.open(self, self.settings.database_url,
                                               self.settings.shards,
                                               timeout=self.settings.forward_timeout,
                                               default_locale=self.settings.default_locale,
                                               on_forward=self.metrics.forwarded
                                               if self.metrics is not None else None)
            await self.link.start_forwarding()
        if self.settings.dev_guild_id and self.settings.shards.is_primary:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        self._recovery = asyncio.create_task(self._recover())
        if self.activity_server is not None:
            await self.activity_server.start()
        if self.store.backend == "sqlite":
            self._maintenance = asyncio.create_task(self._maintain())

    async def _serve_metrics(self, metrics: BotMetrics) -> None:
        """Time every interaction's first answer, and serve ``/metrics`` and ``/health``."""
        time_first_answers(self, metrics.answered, dispatch)
        health = Health(gateway=self._gateway_check, store=lambda: store_check(self.store.ping),
                        recovery=lambda: Check(self.recovery == Recovery.FINISHED, self.recovery))
        assert self.settings.metrics_port is not None
        self.metrics_server = await MetricsServer.start(
            metrics, health, host=self.settings.metrics_host, port=self.settings.metrics_port)
        self.lag_probe = LoopLagProbe(metrics.lagged)
        self.lag_probe.start()

    def _gateway_check(self) -> Check:
        if self.headless and self.is_ready() and not self.is_closed():
            return Check(True, "headless")  # REST only, by choice: nothing to connect
        return gateway_check(self)

    async def _stop_metrics(self) -> None:
        server, self.metrics_server = self.metrics_server, None
        probe, self.lag_probe = self.lag_probe, None
        if probe is not None:
            await probe.stop()
        if server is not None:
            await server.stop()

    async def _maintain(self) -> None:
        """Checkpoint the write-ahead log every few minutes and back the database up every
        ``backup_minutes`` once the start has succeeded, unless it is unchanged since the
        newest backup (a failure is logged; the next round tries again)."""
        settings = self.settings
        tick = max(1.0, settings.checkpoint_minutes * 60)
        since_backup = 0.0
        while True:
            await asyncio.sleep(tick)
            since_backup += tick
            try:
                await self.store.checkpoint()
                if settings.backup_minutes and self.served and \
                        since_backup >= settings.backup_minutes * 60:
                    since_backup = 0.0
                    await self._backup()
            except Exception:
                log.exception("database maintenance failed")

    async def _final_backup(self) -> None:
        """The backup at shutdown (SQLite; after the tables stopped writing), of a bot
        whose start succeeded: a start that Discord or the network refused writes none."""
        if self._maintenance is not None:
            self._maintenance.cancel()
        if self.settings.backup_minutes and self.served and \
                self.store.backend == "sqlite" and not self.store.closed:
            try:
                await self._backup()
            except Exception:
                log.exception("the backup at shutdown failed")

    async def _backup(self) -> None:
        """A backup into ``DDZ_BACKUP_DIR``, none when the database is unchanged since the
        newest one; the newest ``DDZ_BACKUP_KEEP`` are kept."""
        made = await self.store.backup_if_changed(self.settings.backups,
                                                  keep=self.settings.backup_keep)
        if made is None:
            log.info("the database is unchanged since its newest backup: no new backup")
        else:
            log.info("backed up the database to %s", made)

    async def on_command_error(self, ctx: commands.Context[Any],
                               error: commands.CommandError) -> None:
        """Text commands are only ``@bot sync`` for the owner: anything else said to the
        bot by mention is ignored quietly."""
        if isinstance(error, commands.CheckFailure | commands.CommandNotFound |
                      commands.UserInputError):
            return
        log.error("text command %s failed", ctx.command, exc_info=error)

    async def _recover(self) -> None:
        await self.wait_until_ready()
        self.served = True
        self.recovery = Recovery.RUNNING
        try:
            restored = await self.manager.recover()
            if restored:
                log.info("restored %d table(s)", restored)
        except Exception:
            log.exception("table recovery failed")
            self.recovery = Recovery.FAILED
        try:  # after the tables: a running tournament's tables are among them
            armed = await self.tournaments.resume()
            if armed:
                log.info("%d tournament sign-up(s) waiting for their start", armed)
        except Exception:
            log.exception("tournament recovery failed")
        if self.link is not None:  # the tables are back: take forwarded clicks for them
            await self.link.start_receiving()
        if self.recovery == Recovery.RUNNING:
            self.recovery = Recovery.FINISHED

    async def login_headless(self, token: str) -> None:
        """Log in over REST only (no gateway: :mod:`cogs.transport.headless`), then recover
        the tables and start taking forwarded interactions, as after a gateway's READY."""
        await self.login(token)
        self.headless = True
        self._ready.set()  # no gateway: nothing else will say the bot is ready
        if self._recovery is not None:
            await self._recovery

    async def close(self) -> None:
        """Stop everything, each piece once, in the reverse order of taking it on: the
        desk's timers, the metrics, the round runner, the tables, the Activity's server,
        the presenter's last messages, the interaction thread, the connection, the REST
        pacing, the backup, the cluster link, the store and the worker pools. A step that
        raises does not keep the later ones from running (its error is raised after)."""
        await self._closing.aclose()

    async def close_store(self) -> None:
        """:meth:`close` without the steps of a connection (the presenter's last messages,
        the client, the REST pacing, the backup at shutdown): for a bot that never
        connected, as in the offline tests."""
        self._offline = True
        await self.close()

    async def _online(self, step: Callable[[], Awaitable[object]]) -> None:
        """A step of the shutdown that only a bot that may have connected takes."""
        if not self._offline:
            await step()

    async def _close_ephemeral(self) -> None:
        self.presenter.ephemeral.close()

    async def _stop_interaction_thread(self) -> None:
        thread, self.interaction_thread = self.interaction_thread, None
        if thread is not None:
            await thread.close()

    async def _stop_activity(self) -> None:
        activity, self.activity_server = self.activity_server, None
        if activity is not None:
            await activity.stop()

    async def _close_link(self) -> None:
        link, self.link = self.link, None
        if link is not None:
            await link.close()


SETTINGS_TTL_S = 60.0
"""Seconds the bot's store gives a server's settings again without reading them
(:attr:`bot.store.Store.settings_ttl`): a change through the bot is seen at once."""


async def create_bot(settings: Settings, *, seed_source: Callable[[], int] | None = None,
                     decide: Decider | None = None,
                     interaction_thread: ThreadedWebhookAdapter | None = None) -> DdzBot:
    """The bot, its store open and its manager ready; call ``await bot.start(token)``.

    The store, the presenter and the table manager are made here and given to the bot
    (discord.py's ``examples/advanced_startup.py``). ``seed_source`` (each deal's seed)
    and ``decide`` (the AI) are the table manager's: tests fix the deals with them.
    ``interaction_thread``: the adapter sending interaction requests from a thread
    (:func:`cogs.transport.interaction_thread.send_from_thread`), closed with the bot."""
    settings.check_activity()  # before anything is opened
    closing = AsyncExitStack()  # the bot's shutdown, from the first piece made
    try:
        return await _build(settings, closing, seed_source, decide, interaction_thread)
    except BaseException:
        await closing.aclose()
        raise


async def _build(settings: Settings, closing: AsyncExitStack,
                 seed_source: Callable[[], int] | None, decide: Decider | None,
                 interaction_thread: ThreadedWebhookAdapter | None) -> DdzBot:
    """:func:`create_bot`'s pieces, each made once, its close added to ``closing`` as it
    is made (so they close in the reverse order)."""
    metrics = BotMetrics() if settings.metrics_port is not None else None
    pictures = None  # drawn in a thread
    if settings.render_processes > 0:
        from render import warm_up

        pictures = PicturePool(settings.render_processes, warm=warm_up)
        closing.push_async_callback(asyncio.to_thread, pictures.close)
    acted = metrics.acted if metrics is not None else None  # each stage's seconds
    ai_pool = AiPool(settings.ai_processes, on_decided=acted) \
        if settings.ai_processes > 0 and decide is None else None
    if ai_pool is not None:
        closing.push_async_callback(asyncio.to_thread, ai_pool.close)
    store = await Store.open(settings.store_target, settings_ttl=SETTINGS_TTL_S)
    closing.push_async_callback(store.close)
    if metrics is not None:
        store.time_writes(metrics.wrote)
    web_presenter = WebPresenter() if settings.activity_port is not None else None
    presenter = DiscordPresenter(store=store, pictures=pictures,
                                 edit_delay=settings.edit_delay,
                                 default_locale=settings.default_locale,
                                 ping_budget=DEFAULT_BUDGET if settings.ping_budget else None,
                                 drawn=metrics.drawn if metrics is not None else None,
                                 staged=metrics.staged if metrics is not None else None,
                                 shown_after=metrics.shown if metrics is not None else None,
                                 # Play in the app: the Activity on, its page built
                                 app=web_presenter is not None and page_served())
    shown: Presenter = presenter if web_presenter is None else \
        FanOutPresenter(presenter, web_presenter)
    bot: DdzBot | None = None  # the round runner is made with the bot, after the manager
    manager = TableManager(store, shown if metrics is None else
                           CountingPresenter(shown, metrics), ai_delay=settings.ai_delay,
                           trustee_delay=settings.trustee_delay,
                           ai_in_thread=settings.ai_in_thread, seed_source=seed_source,
                           decide=decide, owns=settings.shards.owns, ai_pool=ai_pool,
                           on_stage=acted,
                           on_tournament_settled=settled_by(
                               lambda: bot.round_runner if bot is not None else None))
    activity = _activity_server(settings, store, manager, web_presenter) \
        if web_presenter is not None else None
    plan = settings.shards
    if plan == EVERY_SHARD:  # no shard settings: one connection, as a small bot needs
        bot = DdzBot(settings, store=store, presenter=presenter, manager=manager,
                     activity=activity, metrics=metrics,
                     interaction_thread=interaction_thread, closing=closing)
    else:
        bot = ShardedDdzBot(settings, store=store, presenter=presenter, manager=manager,
                            activity=activity,
                            shard_ids=list(plan.shard_ids) if plan.shard_ids else None,
                            shard_count=plan.shard_count, metrics=metrics,
                            interaction_thread=interaction_thread, closing=closing)
    return bot


def _activity_server(settings: Settings, store: Store, manager: TableManager,
                     presenter: WebPresenter) -> ActivityServer:
    """The Discord Activity's web server (``DDZ_ACTIVITY_PORT`` is set; it serves once the
    bot's ``setup_hook`` runs), on the manager that publishes to ``presenter``; its OAuth2
    client must be set too."""
    assert settings.activity_port is not None
    assert settings.client_id is not None and settings.client_secret is not None
    limits = settings.activity_limits
    auth = DiscordAuth(api=settings.discord_api, client_id=settings.client_id,
                       client_secret=settings.client_secret, bot_token=settings.token,
                       invalid_per_minute=limits.invalid_per_minute)
    return ActivityServer(host=settings.activity_host, port=settings.activity_port,
                          auth=auth, store=store, manager=manager, presenter=presenter,
                          turn_seconds=settings.turn_seconds, limits=limits,
                          dev_login=settings.activity_dev_login)


class ShardedDdzBot(DdzBot, commands.AutoShardedBot):
    """The bot over a range of shards (``--shards`` / ``--shard-count``): discord.py's
    AutoShardedBot, one gateway connection per shard, in this process."""

    def __init__(self, settings: Settings, *, store: Store, presenter: DiscordPresenter,
                 manager: TableManager, shard_ids: list[int] | None,
                 shard_count: int | None, activity: ActivityServer | None = None,
                 metrics: BotMetrics | None = None,
                 interaction_thread: ThreadedWebhookAdapter | None = None,
                 closing: AsyncExitStack | None = None) -> None:
        self._shard_options: dict[str, Any] = {"shard_ids": shard_ids,
                                               "shard_count": shard_count}
        super().__init__(settings, store=store, presenter=presenter, manager=manager,
                         activity=activity, metrics=metrics,
                         interaction_thread=interaction_thread, closing=closing)


COMMANDS = """other commands:
  {prog} play [--variant V] ...    play in the terminal against AI seats (play --help)
  {prog} backup [--db F] [--dir D] back the SQLite database up into its backups folder
  {prog} restore FILE [--db F]     put a backup back (not while the bot runs)"""


def run(argv: list[str] | None = None, *, prog: str = "python -m bot") -> int:
    """``doudizhu-bot`` (``python -m bot``): one clear line instead of a traceback when
    something is missing. ``prog``: how the user ran it, for the usage lines."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Run the Discord bot (settings: .env, see .env.example).",
        epilog=COMMANDS.format(prog=prog), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--shards", help="the shards this process runs, e.g. 0-3 "
                        "(default: every shard; DDZ_SHARDS)")
    parser.add_argument("--shard-count", help="the number of shards of all processes "
                        "together (DDZ_SHARD_COUNT)")
    parser.add_argument("--headless", action="store_true", help="no gateway: gateway events "
                        "as JSON lines on stdin, REST to DDZ_DISCORD_API (tests)")
    args = parser.parse_args(argv or [])
    try:
        settings = Settings.from_env()
        if args.shards is not None or args.shard_count is not None:
            ids = settings.shards.shard_ids  # the flags override DDZ_SHARDS / _COUNT
            settings = settings.with_shards(
                args.shards if args.shards is not None else
                (format_shards(ids) if ids is not None else None),
                args.shard_count if args.shard_count is not None
                else settings.shards.shard_count)
    except ConfigError as err:
        print(f"doudizhu-bot: {err}", file=sys.stderr)
        return 2
    if not settings.token:
        print("doudizhu-bot: DISCORD_TOKEN is not set. Put DISCORD_TOKEN=<your bot token> in "
              ".env (see .env.example) or in the environment, then run again.",
              file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, settings.log_level, logging.INFO))
    log.info("running %s", settings.shards.describe())
    share_the_gil()
    collect_rarely()
    # one bot per SQLite file; `python -m bot restore` refuses while it is held
    running = RunLock(settings.db_path) if settings.database_url is None else None
    try:
        if running is not None:
            running.acquire()
        if args.headless:
            tuning.run(_serve_headless(settings))
            return 0
        tuning.run(_serve(settings))
    except (BotRunningError, DatabaseCorruptError, LostDataError) as err:
        print(f"doudizhu-bot: {err}", file=sys.stderr)
        return 4
    except DiscordSilentError as err:
        print(f"doudizhu-bot: Discord did not answer ({err}). Check the network connection "
              "(and DDZ_DISCORD_API if it is set), then run again.", file=sys.stderr)
        return 3
    except MetricsPortError as err:
        print(f"doudizhu-bot: {err}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("doudizhu-bot: Discord rejected the token. Copy it again from the Developer "
              "Portal (Bot → Reset Token) into DISCORD_TOKEN in .env.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as err:
        print(f"doudizhu-bot: cannot reach Discord ({type(err).__name__}: {err}). Check the "
              "network connection, then run again.", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 0
    finally:
        if running is not None:
            running.release()
    return 0


async def _serve_headless(settings: Settings) -> None:
    """``python -m bot --headless``: gateway events from stdin (:mod:`cogs.transport.headless`)."""
    use_api(settings.discord_api)
    # interaction requests go from a thread in this task and the tasks started from here on
    bot = await create_bot(settings, interaction_thread=send_from_thread())
    token = settings.token
    assert token is not None

    async def serve() -> None:
        await bot.login_headless(token)
        print("ready", flush=True)
        await feed_gateway_events(bot, stdin_lines())

    await serve_until_stopped(bot, serve)


async def _serve(settings: Settings) -> None:
    use_api(settings.discord_api)
    # interaction requests go from a thread in this task and the tasks started from here on
    bot = await create_bot(settings, interaction_thread=send_from_thread())
    warming = asyncio.create_task(warm_pictures())
    token = settings.token
    assert token is not None
    try:
        await serve_until_stopped(
            bot, lambda: start_within(bot, token, settings.connect_timeout))
    finally:
        await warming


async def warm_pictures() -> None:
    """Draw every card sprite in a thread while the bot logs in (about half a second), so
    the first hands are drawn as fast as the later ones."""
    from render import warm_up

    try:
        await asyncio.to_thread(warm_up)
    except Exception:  # pictures are then drawn on first use, as without the warm-up
        log.exception("could not prepare the card pictures")
