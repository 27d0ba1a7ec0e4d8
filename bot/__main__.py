"""Entry point: ``python -m bot`` runs the Discord bot; ``python -m bot play`` plays in the
terminal (see :mod:`bot.terminal`)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "play":
        from bot.terminal import main as play_main

        return play_main(args[1:])
    from bot.app import run

    return run(args)


if __name__ == "__main__":
    raise SystemExit(main())
