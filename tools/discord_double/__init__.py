"""A small Discord on 127.0.0.1 for end-to-end tests (and the restart benchmark) through the
real discord.py client.

See README.md in this folder for how to use it from a test.
"""

from .driver import InteractionResult, SimulatedMember
from .guilds import Channel, Guild, Member, Perm, Role
from .messages import Interaction, Message, MessageVersion, Notification
from .process import BotProcess
from .scheduled_events import EventStatus, ScheduledEvent
from .server import DiscordDouble, RequestRecord

__all__ = [
    "BotProcess",
    "Channel",
    "DiscordDouble",
    "EventStatus",
    "Guild",
    "Interaction",
    "InteractionResult",
    "Member",
    "Message",
    "MessageVersion",
    "Notification",
    "Perm",
    "RequestRecord",
    "Role",
    "ScheduledEvent",
    "SimulatedMember",
]
