"""Every REST route the double knows, by what it serves.

Route templates mirror discord.py's ``Route`` paths (http.py, webhook/async_.py) so that fault
patterns can be copied from there.
"""

from __future__ import annotations

from .attachments import Attachments
from .rest import Double, Route, RouteGroup
from .routes_commands import CommandRoutes
from .routes_emojis import EmojiRoutes
from .routes_guilds import GuildRoutes
from .routes_identity import IdentityRoutes
from .routes_interactions import InteractionRoutes
from .routes_messages import MessageRoutes
from .routes_scheduled_events import ScheduledEventRoutes
from .routes_threads import ThreadRoutes


class RestApi:
    """Every route the double knows; anything else is an unknown route (404)."""

    def __init__(self, double: Double) -> None:
        self.attachments = Attachments(double)
        guilds = GuildRoutes(double)
        messages = MessageRoutes(double, self.attachments)
        self.groups: tuple[RouteGroup, ...] = (
            IdentityRoutes(double),
            guilds,
            messages,
            ThreadRoutes(double),
            InteractionRoutes(double, messages),
            EmojiRoutes(double),
            CommandRoutes(double, guilds),
            ScheduledEventRoutes(double, guilds),
        )

    def routes(self) -> list[Route]:
        return [route for group in self.groups for route in group.routes()]
