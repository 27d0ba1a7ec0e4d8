"""The table as a Discord Activity, server side (issue 35): an aiohttp server in the bot
process serving the page, the OAuth2 token exchange and a WebSocket per open page.

- :mod:`~bot.web.server`: the app and its routes (``/api/…`` and ``/.proxy/api/…``);
- :mod:`~bot.web.auth`: the code exchange, the token's proof (for this application) and
  the Activity instance check, each shape-checked, remembered and budgeted;
- :mod:`~bot.web.protocol`: the JSON frames, documented;
- :mod:`~bot.web.presenter`: table events pushed to the pages (one more presenter);
- :mod:`~bot.web.actions`: the pages' actions, through the table manager's methods;
- :mod:`~bot.web.sessions`: the open pages by table;
- :mod:`~bot.web.door`: what each user, address and everyone may open and send;
- :mod:`~bot.web.signin`: a page's sign-in and re-checks, asked within the door's limits;
- :mod:`~bot.web.origins`: who may call and frame the server, the client's address;
- :mod:`~bot.web.devlogin`: the developer's sign-in without Discord (off by default, on
  the loopback only);
- :mod:`~bot.web.limits`: the token buckets, budget, caches and quiet log behind them.

Like every front-end it reads only snapshots and seat views, and acts only through the
manager's action methods (tests/test_imports.py checks it); it imports no discord.
"""

from .auth import AuthError, DiscordAuth, WebUser
from .door import ActivityLimits
from .presenter import FanOutPresenter, WebPresenter
from .server import ActivityServer

__all__ = ["ActivityLimits", "ActivityServer", "AuthError", "DiscordAuth", "FanOutPresenter",
           "WebPresenter", "WebUser"]
