"""Worker processes of the bot's own, answered on the event loop through pipes.

- :mod:`.worker_pool`: :class:`WorkerPool`, the generic pool (urgent jobs first);
- :mod:`.ai_pool`: :class:`AiPool`, the AI's decisions and hint lists (engine and AI only);
- :mod:`.picture_pool`: :class:`PicturePool`, the pictures drawn out of the bot's process.

They know the engine and the AI, never the tables (the tables hold an ``AiPool``, the
Discord presenter a ``PicturePool``).
"""

from .ai_pool import AiPool
from .picture_pool import PicturePool
from .worker_pool import WorkerPool

__all__ = ["AiPool", "PicturePool", "WorkerPool"]
