"""The Discord front-end's transport: how its requests and events travel, below its
commands and presenter.

- :mod:`.interaction_thread`: interaction requests sent from one thread of the process;
- :mod:`.headless`: gateway events read as JSON lines (``python -m bot --headless``);
- :mod:`.connecting`: connecting within a timeout;
- :mod:`.forwarding`: interactions forwarded between the processes of a cluster.
"""
