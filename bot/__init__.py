"""doudizhu-bot: Dou Dizhu tables for Discord."""

__version__ = "0.1.0"
