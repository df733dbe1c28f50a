"""What the double's payloads are made of: JSON objects, and timestamps in Discord's text form."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

JSON = dict[str, Any]


def iso(ts: float) -> str:
    """Discord's timestamp format (ISO 8601 with an explicit UTC offset)."""
    return datetime.fromtimestamp(ts, UTC).isoformat()
