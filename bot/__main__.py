"""Entry point: ``doudizhu-bot`` (installed with the package) or ``python -m bot`` runs the
Discord bot; ``doudizhu-bot play`` plays in the terminal (see :mod:`bot.terminal`);
``doudizhu-bot backup`` copies the database into its backups folder (none when it is
unchanged since the newest backup); ``doudizhu-bot restore FILE`` puts a backup back (not
while the bot runs).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

SCRIPT = "doudizhu-bot"  # pyproject.toml's [project.scripts] name


def program() -> str:
    """How the user ran us, for the usage lines: the console command or ``python -m bot``."""
    return SCRIPT if Path(sys.argv[0]).name == SCRIPT else "python -m bot"


def maintenance(command: str, args: list[str]) -> int:
    """``backup`` and ``restore FILE``, on the database of ``.env`` (or ``--db``)."""
    from bot.process.config import ConfigError, Settings
    from bot.store.maintenance import (
        PG_BACKUP_HINT,
        BotRunningError,
        DatabaseCorruptError,
        backup_if_changed,
        list_backups,
        restore_database,
    )

    parser = argparse.ArgumentParser(prog=f"{program()} {command}")
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
            made = backup_if_changed(db, folder, keep=settings.backup_keep)
            if made is None:
                print(f"{db} is unchanged since its newest backup, "
                      f"{list_backups(folder)[-1]}: no new backup")
            else:
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
    """``doudizhu-bot [play | backup | restore FILE] ...``: no command runs the bot."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "play":
        from bot.terminal import main as play_main

        return play_main(args[1:], prog=f"{program()} play")
    if args and args[0] in ("backup", "restore"):
        return maintenance(args[0], args[1:])
    from bot.process.app import run

    return run(args, prog=program())


if __name__ == "__main__":
    raise SystemExit(main())
