"""Settings of a running bot, from the environment (and ``.env``)."""

from __future__ import annotations

import dataclasses
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from bot.discord_api.cluster import EVERY_SHARD, ShardError, ShardPlan
from bot.web.devlogin import loopback
from bot.web.door import ActivityLimits

DEFAULT_DB = Path("data") / "doudizhu.db"
LOCALES = ("en", "zh-CN", "zh-TW")


class ConfigError(ValueError):
    """A setting that cannot be used; the message says what to do."""


def activity_limits() -> ActivityLimits:
    """The Activity's limits from ``DDZ_WS_PER_USER``, ``DDZ_WS_PER_ADDRESS``,
    ``DDZ_WS_TOTAL``, ``DDZ_FRAMES_PER_USER``, ``DDZ_FRAMES_PER_ADDRESS``,
    ``DDZ_AUTH_FAILURES_PER_ADDRESS``, ``DDZ_INSTANCE_CHECKS_PER_USER``,
    ``DDZ_AUTH_INVALID_PER_MINUTE`` and ``DDZ_TRUSTED_PROXIES`` (addresses or networks,
    comma-separated: the reverse proxies whose ``X-Forwarded-For`` names the client)."""
    base = ActivityLimits()
    proxies = tuple(p.strip() for p in os.environ.get("DDZ_TRUSTED_PROXIES", "").split(",")
                    if p.strip())
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise ConfigError(f"DDZ_TRUSTED_PROXIES lists addresses or networks (like "
                              f"127.0.0.1 or 10.0.0.0/8), comma-separated, not {proxy!r}"
                              ) from None
    return ActivityLimits(
        sockets_per_user=_whole("DDZ_WS_PER_USER", 1, base.sockets_per_user),
        sockets_per_address=_whole("DDZ_WS_PER_ADDRESS", 0, base.sockets_per_address),
        sockets_total=_whole("DDZ_WS_TOTAL", 1, base.sockets_total),
        frames_per_user=_whole("DDZ_FRAMES_PER_USER", 1, base.frames_per_user),
        frames_per_address=_whole("DDZ_FRAMES_PER_ADDRESS", 0, base.frames_per_address),
        failures_per_address=_whole("DDZ_AUTH_FAILURES_PER_ADDRESS", 0,
                                    base.failures_per_address),
        instance_checks_per_user=_whole("DDZ_INSTANCE_CHECKS_PER_USER", 1,
                                        base.instance_checks_per_user),
        invalid_per_minute=_whole("DDZ_AUTH_INVALID_PER_MINUTE", 1, base.invalid_per_minute),
        trusted_proxies=proxies)


@dataclass(frozen=True)
class Settings:
    """Everything the entry point needs to build the bot. ``token`` is never logged."""

    db_path: Path | str = DEFAULT_DB
    database_url: str | None = None  # postgresql://…: the PostgreSQL store instead of SQLite
    shards: ShardPlan = EVERY_SHARD  # the shards this process runs (bot.discord_api.cluster)
    token: str | None = None
    dev_guild_id: int | None = None
    default_locale: str = "en"
    log_level: str = "INFO"
    turn_seconds: int | None = None  # overrides every room's play timer (tests, events)
    ai_delay: float = 1.0  # seconds before an AI seat moves, so people can follow
    trustee_delay: float = 1.0
    edit_delay: float = 1.0  # table message edits are coalesced over this window
    # REST requests a second under Discord's global 50 (bot.discord_api.pacing)
    rest_rate: float = 36.0
    ping_budget: bool = True  # turn pings keep within a budget of Discord's rate limits
    ai_in_thread: bool = True
    ai_processes: int = 0  # AI worker processes (0: a thread); python -m bot: DDZ_AI_PROCESSES
    backup_minutes: int = 60  # an online backup this often (0: never), and at shutdown
    backup_keep: int = 24  # the newest backups kept (a day of hourly backups)
    backup_dir: Path | str | None = None  # default: backups/ beside the database
    checkpoint_minutes: float = 5.0  # fold SQLite's write-ahead log into the database file

    @property
    def backups(self) -> Path:
        """Where the backups go (``data/backups/`` for the default database)."""
        if self.backup_dir:
            return Path(self.backup_dir)
        return Path(self.db_path).parent / "backups"
    render_processes: int = 0  # drawing processes (0: a thread); DDZ_RENDER_PROCESSES
    forward_timeout: float = 2.0  # seconds an owner has to take a forwarded DM interaction
    discord_api: str | None = None  # Discord's REST base URL (a proxy; tests: a stand-in)
    connect_timeout: float = 30.0  # seconds Discord has to answer the login, then the gateway
    metrics_port: int | None = None  # /metrics and /health served here (None: not served)
    metrics_host: str = "127.0.0.1"  # the address they listen on (0.0.0.0: every interface)
    # the Discord Activity's web server (bot/web): on when activity_port is set
    activity_port: int | None = None  # DDZ_ACTIVITY_PORT (0: any free port, for tests)
    activity_host: str = "127.0.0.1"  # DDZ_ACTIVITY_HOST
    client_id: str | None = None  # DISCORD_CLIENT_ID: the application's OAuth2 client
    client_secret: str | None = None  # DISCORD_CLIENT_SECRET (never logged)
    # DDZ_WS_*, DDZ_AUTH_*: its limits
    activity_limits: ActivityLimits = dataclasses.field(default_factory=ActivityLimits)
    # DDZ_ACTIVITY_DEV_LOGIN: the page opened at localhost signs in without Discord
    # (bot.web.devlogin; a developer's setting, accepted on a loopback address only)
    activity_dev_login: bool = False

    def check_activity(self) -> None:
        """With the Activity on, its OAuth2 client must be known: one clear line if not."""
        if self.activity_port is None:
            if self.activity_dev_login:
                raise ConfigError("DDZ_ACTIVITY_DEV_LOGIN is set but the Activity is off: "
                                  "set DDZ_ACTIVITY_PORT too, or unset DDZ_ACTIVITY_DEV_LOGIN")
            return
        if self.activity_dev_login and not loopback(self.activity_host):
            raise ConfigError(f"DDZ_ACTIVITY_DEV_LOGIN lets anyone who reaches the Activity "
                              f"sign in without Discord: it is accepted only with "
                              f"DDZ_ACTIVITY_HOST on this machine (127.0.0.1, ::1 or "
                              f"localhost), not {self.activity_host!r}")
        missing = [name for name, value in (("DISCORD_CLIENT_ID", self.client_id),
                                            ("DISCORD_CLIENT_SECRET", self.client_secret))
                   if not value]
        if missing:
            raise ConfigError(f"DDZ_ACTIVITY_PORT is set, so the Activity needs "
                              f"{' and '.join(missing)} (Developer Portal → OAuth2); set "
                              f"{'them' if len(missing) > 1 else 'it'} or unset "
                              f"DDZ_ACTIVITY_PORT")

    def __repr__(self) -> str:  # keep the token out of every log and traceback
        token = "set" if self.token else "missing"
        from bot.store.pg import redact_url

        where = (f"database_url={redact_url(self.database_url)!r}" if self.database_url
                 else f"db_path={str(self.db_path)!r}")
        return (f"Settings({where}, token=<{token}>, "
                f"dev_guild_id={self.dev_guild_id}, default_locale={self.default_locale!r})")

    @property
    def store_target(self) -> Path | str:
        """What :meth:`bot.store.Store.open` opens: the PostgreSQL URL, else the file."""
        return self.database_url or self.db_path

    def with_shards(self, shards: str | None, shard_count: str | int | None) -> Settings:
        """These settings running ``shards`` of ``shard_count`` (the command line's
        ``--shards`` / ``--shard-count``); a process running only some shards needs
        PostgreSQL."""
        try:
            plan = ShardPlan.from_text(shards, shard_count)
        except ShardError as err:
            raise ConfigError(str(err)) from None
        if not plan.runs_every_shard and self.database_url is None:
            raise ConfigError(f"this process would run {plan.describe()}: the other shards' "
                              "processes must share its database, and SQLite is one "
                              "process's file. Set DDZ_DATABASE_URL=postgresql://... for "
                              "every process (or run all shards in one process)")
        return dataclasses.replace(self, shards=plan)

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read ``DISCORD_TOKEN``, ``DDZ_DATABASE_URL``, ``DDZ_DB_PATH``, ``DDZ_DEV_GUILD_ID``,
        ``DDZ_DEFAULT_LOCALE``, ``DDZ_LOG_LEVEL``, ``DDZ_SHARDS``, ``DDZ_SHARD_COUNT``,
        ``DDZ_AI_PROCESSES``, ``DDZ_BACKUP_MINUTES``, ``DDZ_BACKUP_KEEP``, ``DDZ_BACKUP_DIR``,
        ``DDZ_FORWARD_TIMEOUT``, ``DDZ_DISCORD_API``, ``DDZ_AI_DELAY``, ``DDZ_TRUSTEE_DELAY``,
        ``DDZ_EDIT_DELAY``, ``DDZ_REST_RATE``, ``DDZ_RENDER_PROCESSES``, ``DDZ_METRICS_PORT``,
        ``DDZ_METRICS_HOST``, ``DDZ_ACTIVITY_DEV_LOGIN``, the Activity's limits
        (:func:`activity_limits`) (``.env`` first, the environment wins)."""
        if env_file is not None:
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        guild = os.environ.get("DDZ_DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"DDZ_DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        locale = os.environ.get("DDZ_DEFAULT_LOCALE", "en").strip() or "en"
        if locale not in LOCALES:
            raise ConfigError(f"DDZ_DEFAULT_LOCALE must be one of {', '.join(LOCALES)}")
        url = os.environ.get("DDZ_DATABASE_URL", "").strip() or None
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ConfigError("DDZ_DATABASE_URL must be a postgresql://user:password@host:port/"
                              "database URL (leave it unset for the SQLite file of DDZ_DB_PATH)")
        workers = os.environ.get("DDZ_AI_PROCESSES", "").strip()
        if workers and not workers.isdigit():
            raise ConfigError(f"DDZ_AI_PROCESSES is a number of processes (0: think in a "
                              f"thread), not {workers!r}")
        drawers = os.environ.get("DDZ_RENDER_PROCESSES", "").strip()
        if drawers and not drawers.isdigit():
            raise ConfigError(f"DDZ_RENDER_PROCESSES is a number of processes (0: draw in a "
                              f"thread), not {drawers!r}")
        forward_timeout = _seconds("DDZ_FORWARD_TIMEOUT", 2.0, 0.1, 60)
        connect_timeout = _seconds("DDZ_CONNECT_TIMEOUT", cls.connect_timeout, 1, 600)
        api = os.environ.get("DDZ_DISCORD_API", "").strip().rstrip("/") or None
        if api is not None and not api.startswith(("http://", "https://")):
            raise ConfigError(f"DDZ_DISCORD_API is Discord's REST base URL, like "
                              f"https://discord.com/api/v10, not {api!r}")
        settings = cls(
            metrics_port=_port("DDZ_METRICS_PORT", "the port of /metrics and /health"),
            metrics_host=os.environ.get("DDZ_METRICS_HOST", "").strip() or cls.metrics_host,
            activity_port=_port("DDZ_ACTIVITY_PORT", "the Activity's port"),
            activity_host=os.environ.get("DDZ_ACTIVITY_HOST", "").strip() or cls.activity_host,
            client_id=os.environ.get("DISCORD_CLIENT_ID", "").strip() or None,
            client_secret=os.environ.get("DISCORD_CLIENT_SECRET", "").strip() or None,
            activity_limits=activity_limits(),
            activity_dev_login=_switch("DDZ_ACTIVITY_DEV_LOGIN"),
            backup_minutes=_whole("DDZ_BACKUP_MINUTES", 0, cls.backup_minutes),
            backup_keep=_whole("DDZ_BACKUP_KEEP", 1, cls.backup_keep),
            backup_dir=os.environ.get("DDZ_BACKUP_DIR", "").strip() or None,
            forward_timeout=forward_timeout, discord_api=api,
            ai_delay=_seconds("DDZ_AI_DELAY", 1.0, 0.0, 30),
            trustee_delay=_seconds("DDZ_TRUSTEE_DELAY", 1.0, 0.0, 30),
            edit_delay=_seconds("DDZ_EDIT_DELAY", 1.0, 0.0, 30),
            rest_rate=_rate("DDZ_REST_RATE", cls.rest_rate),
            connect_timeout=connect_timeout,
            render_processes=int(drawers) if drawers else (os.cpu_count() or 1),
            ai_processes=int(workers) if workers else (os.cpu_count() or 1),
            database_url=url,
            db_path=os.environ.get("DDZ_DB_PATH", "").strip() or DEFAULT_DB,
            token=os.environ.get("DISCORD_TOKEN", "").strip() or None,
            dev_guild_id=int(guild) if guild else None,
            default_locale=locale,
            log_level=os.environ.get("DDZ_LOG_LEVEL", "INFO").strip().upper() or "INFO",
        )
        settings.check_activity()
        return settings.with_shards(os.environ.get("DDZ_SHARDS", "").strip() or None,
                                    os.environ.get("DDZ_SHARD_COUNT", "").strip() or None)


def _port(name: str, what: str) -> int | None:
    """A port from the environment (1-65535), None when unset (nothing is served)."""
    text = os.environ.get(name, "").strip()
    if not text:
        return None
    if not (text.isdigit() and 1 <= int(text) <= 65535):
        raise ConfigError(f"{name} is {what}, from 1 to 65535 (unset: not served), "
                          f"not {text!r}")
    return int(text)


def _switch(name: str) -> bool:
    """An on/off setting, off when unset: 1/true/yes/on or 0/false/no/off."""
    text = os.environ.get(name, "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ConfigError(f"{name} is 1 (on) or 0 (off), not {text!r}")


def _whole(name: str, low: int, default: int) -> int:
    """A whole-number setting of at least ``low`` from the environment."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or int(text) < low:
        raise ConfigError(f"{name} must be a whole number of at least {low}, not {text!r}")
    return int(text)


def _rate(name: str, default: float) -> float:
    """Requests a second from the environment (above 0, at most Discord's 50)."""
    text = os.environ.get(name, "").strip()
    try:
        value = float(text) if text else default
    except ValueError:
        value = -1.0
    if not 0 < value <= 50:
        raise ConfigError(f"{name} is the REST requests a second the bot allows itself, "
                          f"above 0 and at most Discord's global limit of 50, not {text!r}")
    return value


def _seconds(name: str, default: float, low: float, high: float) -> float:
    """A number of seconds from the environment, ``default`` when unset."""
    text = os.environ.get(name, "").strip()
    try:
        value = float(text) if text else default
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise ConfigError(f"{name} is a number of seconds from {low:g} to {high:g}, "
                          f"not {text!r}")
    return value
