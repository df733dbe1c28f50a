"""Guild scheduled events as Discord holds them: external ones (a place rather than a channel),
their statuses and the transitions Discord allows between them, and the status changes Discord
makes by itself on the clock.

Discord's rules for an EXTERNAL event (entity type 3): no channel, ``entity_metadata.location``
of 1 to 100 characters, a ``scheduled_end_time`` after the start, a start in the future when
it is created (or moved), a name of 1 to 100 characters, a description of at most 1000, and
privacy level GUILD_ONLY (2). Its status goes SCHEDULED → ACTIVE or CANCELED, ACTIVE →
COMPLETED; COMPLETED and CANCELED are final. Discord starts an external event at its start
time and completes it at its end time by itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import ClassVar

from .guilds import Member
from .payload import JSON, iso


class EventStatus:
    SCHEDULED = 1
    ACTIVE = 2
    COMPLETED = 3
    CANCELED = 4
    NAMES: ClassVar[dict[int, str]] = {1: "SCHEDULED", 2: "ACTIVE", 3: "COMPLETED",
                                       4: "CANCELED"}
    ALLOWED: ClassVar[frozenset[tuple[int, int]]] = frozenset(
        {(SCHEDULED, ACTIVE), (SCHEDULED, CANCELED), (ACTIVE, COMPLETED)})
    """The transitions Discord allows; COMPLETED and CANCELED are final."""
    FINAL = (COMPLETED, CANCELED)


class EntityType:
    STAGE_INSTANCE = 1
    VOICE = 2
    EXTERNAL = 3


GUILD_ONLY = 2
MAX_UNFINISHED = 100
"""Events a guild may have SCHEDULED or ACTIVE at once (else 400 code 30038)."""


class EventRuleBroken(ValueError):
    """A body that breaks a rule of scheduled events: the field at fault, the code Discord's
    ``errors`` object gives it, and why."""

    def __init__(self, field: tuple[str, ...], code: str, message: str) -> None:
        super().__init__(message)
        self.field, self.code, self.message = field, code, message


@dataclass(frozen=True)
class StatusChange:
    status: int
    at: float
    automatic: bool
    """Made by Discord on the clock (start time or end time reached), not asked for."""

    def __repr__(self) -> str:
        how = " (automatic)" if self.automatic else ""
        return f"<{EventStatus.NAMES[self.status]}{how} at {iso(self.at)}>"


@dataclass(eq=False, repr=False)
class ScheduledEvent:
    """An external guild scheduled event. ``changes`` are its statuses in order, the first
    SCHEDULED at its creation."""

    id: int
    guild_id: int
    creator: Member
    name: str
    description: str | None
    start: float
    end: float
    location: str
    created_at: float
    status: int = EventStatus.SCHEDULED
    privacy_level: int = GUILD_ONLY
    entity_type: int = EntityType.EXTERNAL
    user_count: int = 0
    changes: list[StatusChange] = field(default_factory=list)
    deleted_at: float | None = None

    def __repr__(self) -> str:
        return (f"<ScheduledEvent {self.name!r} {EventStatus.NAMES[self.status]} "
                f"id={self.id}{' deleted' if self.deleted else ''}>")

    @property
    def deleted(self) -> bool:
        return self.deleted_at is not None

    @property
    def finished(self) -> bool:
        return self.status in EventStatus.FINAL

    def set_status(self, status: int, at: float, *, automatic: bool = False) -> None:
        self.status = status
        self.changes.append(StatusChange(status, at, automatic))

    def automate(self, now: float) -> bool:
        """Discord's own changes at ``now``: an external event starts at its start time and
        completes at its end time. Whether anything changed."""
        changed = False
        if self.deleted:
            return False
        if self.status == EventStatus.SCHEDULED and now >= self.start:
            self.set_status(EventStatus.ACTIVE, self.start, automatic=True)
            changed = True
        if self.status == EventStatus.ACTIVE and now >= self.end:
            self.set_status(EventStatus.COMPLETED, self.end, automatic=True)
            changed = True
        return changed

    def payload(self, *, with_user_count: bool = False) -> JSON:
        """Discord's guild scheduled event object for an external event."""
        data: JSON = {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "channel_id": None,
            "creator_id": str(self.creator.id),
            "creator": self.creator.user_payload(),
            "name": self.name,
            "description": self.description,
            "image": None,
            "scheduled_start_time": iso(self.start),
            "scheduled_end_time": iso(self.end),
            "privacy_level": self.privacy_level,
            "status": self.status,
            "entity_type": self.entity_type,
            "entity_id": None,
            "entity_metadata": {"location": self.location},
            "recurrence_rule": None,
            "guild_scheduled_event_exceptions": [],
        }
        if with_user_count:
            data["user_count"] = self.user_count
        return data


def timestamp(body: JSON, key: str) -> float:
    """``body[key]``, an ISO 8601 timestamp (UTC when it names no offset), as a Unix time."""
    try:
        moment = datetime.fromisoformat(body[key])
    except (TypeError, ValueError):
        raise EventRuleBroken((key,), "DATE_TIME_TYPE_PARSE",
                              f"Could not parse {body[key]!r}. Should be ISO8601.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def check_external(body: JSON, *, creating: bool) -> None:
    """The fields of an external event a create (or an edit) body sets, by Discord's rules
    for them (what the published description does not say itself)."""
    entity_type = body.get("entity_type")
    if entity_type in (EntityType.STAGE_INSTANCE, EntityType.VOICE):
        raise EventRuleBroken(("channel_id",), "CHANNEL_TYPE_INVALID",
                              "A stage or voice channel is required; the guild has none.")
    if body.get("channel_id") is not None:
        raise EventRuleBroken(("channel_id",), "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL",
                              "An external event has no channel: channel_id must be null.")
    if "name" in body and not 1 <= len(body["name"]) <= 100:
        raise EventRuleBroken(("name",), "BASE_TYPE_BAD_LENGTH",
                              "Must be between 1 and 100 in length.")
    if "entity_metadata" in body:
        location = (body["entity_metadata"] or {}).get("location")
        if location is None:
            raise EventRuleBroken(("entity_metadata", "location"), "BASE_TYPE_REQUIRED",
                                  "This field is required")
        if not 1 <= len(location) <= 100:
            raise EventRuleBroken(("entity_metadata", "location"), "BASE_TYPE_BAD_LENGTH",
                                  "Must be between 1 and 100 in length.")
    if (creating and body.get("scheduled_end_time") is None) or (
            "scheduled_end_time" in body and body["scheduled_end_time"] is None):
        raise EventRuleBroken(("scheduled_end_time",), "BASE_TYPE_REQUIRED",
                              "This field is required for an external event")


def check_times(start: float, end: float, now: float, *, start_set: bool) -> None:
    """A start in the future when it is set, and an end after the start."""
    if start_set and start <= now:
        raise EventRuleBroken(("scheduled_start_time",), "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                              "Cannot schedule event in the past.")
    if end <= start:
        raise EventRuleBroken(("scheduled_end_time",), "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                              "Cannot schedule event to end before starting.")


def check_transition(current: int, wanted: int) -> None:
    """SCHEDULED → ACTIVE or CANCELED, ACTIVE → COMPLETED (asking for the status it has is no
    change). A finished event is refused before this, with 180000."""
    if wanted != current and (current, wanted) not in EventStatus.ALLOWED:
        names = EventStatus.NAMES
        raise EventRuleBroken(
            ("status",), "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
            f"Cannot change the status from {names[current]} to {names[wanted]}: "
            "SCHEDULED goes to ACTIVE or CANCELED, ACTIVE to COMPLETED.")
