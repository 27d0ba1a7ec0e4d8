"""What Discord's platform imposes on every part of the bot that speaks to it, with no
discord.py: the global REST rate limit shared by the Discord front-end, the Activity's
server and the metrics (:mod:`.pacing`), and the shards (:mod:`.cluster`: which shard a
guild is on and which process of a cluster owns it).

It imports nothing of the project, so the Discord front-end (``cogs/``), the Activity's
server (``bot/web``) and the process (``bot/process``) can all read it.
"""
