"""The process: settings from ``.env`` and the environment (:mod:`.config`), the
composition root that builds and runs the bot (:mod:`.app`), stopping on a signal
(:mod:`.stopping`) and the interpreter's tuning (:mod:`.tuning`: uvloop, the GIL's
switch interval, the collector's pace).

Nothing below imports this package: the layers are given what they need by constructor.
"""
