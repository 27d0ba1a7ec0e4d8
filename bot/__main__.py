"""Entry point: ``python -m bot`` runs the Discord bot; ``python -m bot play`` plays in the
terminal (see :mod:`bot.terminal`); ``python -m bot backup`` copies the database into its
backups folder; ``python -m bot restore FILE`` puts a backup back (not while the bot runs).
"""

from __future__ import annotations

import argparse
import sys


def maintenance(command: str, args: list[str]) -> int:
    """``backup`` and ``restore FILE``, on the database of ``.env`` (or ``--db``)."""
    from bot.process.config import ConfigError, Settings
    from bot.store.maintenance import (
        PG_BACKUP_HINT,
        BotRunningError,
        DatabaseCorruptError,
        backup_database,
        restore_database,
    )

    parser = argparse.ArgumentParser(prog=f"python -m bot {command}")
    if command == "restore":
        parser.add_argument("file", help="the backup to restore")
    parser.add_argument("--db", help="the database (default: DDZ_DB_PATH or data/doudizhu.db)")
    parser.add_argument("--dir", help="the backups folder (default: DDZ_BACKUP_DIR or "
                                      "backups/ beside the database)")
    options = parser.parse_args(args)
    try:
        settings = Settings.from_env()
    except ConfigError as err:
        print(f"doudizhu-bot: {err}", file=sys.stderr)
        return 2
    if settings.database_url and not options.db:
        print(f"doudizhu-bot: {PG_BACKUP_HINT}.", file=sys.stderr)
        return 2
    db = options.db or settings.db_path
    folder = options.dir or settings.backups
    try:
        if command == "backup":
            made = backup_database(db, folder, keep=settings.backup_keep)
            print(f"backed up {db} to {made}")
            return 0
        saved = restore_database(options.file, db, backup_dir=folder)
        if saved is not None:
            print(f"the database that was replaced is kept as {saved}")
        print(f"restored {db} from {options.file}")
        return 0
    except (BotRunningError, DatabaseCorruptError, FileNotFoundError) as err:
        print(f"doudizhu-bot: {err}", file=sys.stderr)
        return 4


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "play":
        from bot.terminal import main as play_main

        return play_main(args[1:])
    if args and args[0] in ("backup", "restore"):
        return maintenance(args[0], args[1:])
    from bot.process.app import run

    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
