"""Entry point: ``python -m bot`` runs the Discord bot."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Run the bot (the Discord layer lands with its issue)."""
    print("doudizhu-bot: the Discord layer is not built yet; the rules engine is in bot.engine.",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
