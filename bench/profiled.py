"""``python -m bench.profiled PATH MODULE [ARGS...]``: run ``python -m MODULE ARGS`` under
cProfile timed by the main thread's CPU clock (``time.thread_time``), and write the profile
to ``PATH`` when it ends (read it with ``python -m pstats PATH``).

``bench/discord_load.py --profile`` starts the bot this way. ``python -m cProfile`` times
with the wall clock, so a call that waits (a socket's ``send`` or a queue's ``put`` while
another thread holds the GIL, the process preempted on shared cores) would count as the
process's work; the thread's CPU clock counts only what the event loop's thread spends.
The other threads (aiosqlite's, the executors') are not profiled.
"""

from __future__ import annotations

import cProfile
import runpy
import sys
import time


def main(argv: list[str]) -> None:
    path, module, *args = argv
    sys.argv = [module, *args]
    profile = cProfile.Profile(time.thread_time)
    try:
        profile.runcall(runpy.run_module, module, run_name="__main__", alter_sys=True)
    except SystemExit:
        pass
    finally:
        profile.dump_stats(path)


if __name__ == "__main__":
    main(sys.argv[1:])
