"""What Discord checks in a message body before it accepts it (content and embed limits, the
layout of classic and Components V2 components), and the ids it gives V2 components.

Whatever Discord would refuse with 50035 Invalid Form Body is refused here the same way, so a
bot that would be rejected by Discord is rejected by the double.
"""

from __future__ import annotations

from typing import Any

from .messages import Flag, walk_components
from .payload import JSON
from .rest import DiscordError


def check_message(body: JSON, *, flags: int | None = None) -> None:
    """Reject what Discord would reject with 50035 Invalid Form Body.

    ``flags`` are the message's flags after this request (on an edit without ``flags``, the
    message's current ones); they decide whether components follow the classic layout or
    Components V2."""
    problems: list[str] = []

    def limit(path: str, value: Any, most: int, least: int = 0) -> None:
        n = len(value or "")
        if n > most:
            problems.append(f"{path}: Must be {most} or fewer in length.")
        elif n < least:
            problems.append(f"{path}: Must be {least} or more in length.")

    limit("content", body.get("content"), 2000)
    embeds = body.get("embeds") or []
    limit("embeds", embeds, 10)
    total = 0
    for n, embed in enumerate(embeds):
        limit(f"embeds.{n}.title", embed.get("title"), 256)
        limit(f"embeds.{n}.description", embed.get("description"), 4096)
        limit(f"embeds.{n}.footer.text", (embed.get("footer") or {}).get("text"), 2048)
        limit(f"embeds.{n}.author.name", (embed.get("author") or {}).get("name"), 256)
        fields = embed.get("fields") or []
        limit(f"embeds.{n}.fields", fields, 25)
        for k, f in enumerate(fields):
            limit(f"embeds.{n}.fields.{k}.name", f.get("name"), 256, 1)
            limit(f"embeds.{n}.fields.{k}.value", f.get("value"), 1024, 1)
        total += sum(len(embed.get(key) or "") for key in ("title", "description"))
        total += len((embed.get("footer") or {}).get("text") or "")
        total += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
    if total > 6000:
        problems.append("embeds: Embed size exceeds maximum size of 6000")
    components = body.get("components") or []
    if flags is None:
        flags = body.get("flags") or 0
    if flags & Flag.COMPONENTS_V2:
        for key in ("content", "embeds", "sticker_ids", "poll"):
            if body.get(key):
                problems.append(
                    f"{key}: Cannot be used when the message has the IS_COMPONENTS_V2 flag"
                )
        problems += v2_problems(components)
    else:
        problems += component_problems(components)
    custom_ids = [c["custom_id"] for c in walk_components(components) if "custom_id" in c]
    for custom_id in custom_ids:
        limit("components.custom_id", custom_id, 100, 1)
    if len(custom_ids) != len(set(custom_ids)):
        problems.append("components: Component custom id cannot be duplicated")
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body: " + "; ".join(problems))


def component_problems(rows: list[JSON]) -> list[str]:
    """Layout rules for classic components: up to 5 rows of 5 buttons or 1 select."""
    problems = ["components: Must be 5 or fewer in length."] if len(rows) > 5 else []
    for r, row in enumerate(rows):
        if row.get("type") != 1:
            problems.append(
                f"components.{r}: top-level components must be action rows"
                + (" (layout components need the IS_COMPONENTS_V2 flag)" if row.get("type") else "")
            )
        problems += _row_problems(f"components.{r}", row)
    return problems


def _row_problems(path: str, row: JSON) -> list[str]:
    """An action row: 1 to 5 buttons, or one select."""
    problems: list[str] = []
    children = row.get("components") or []
    if not 1 <= len(children) <= 5:
        problems.append(f"{path}.components: Must be between 1 and 5 in length.")
    if len(children) > 1 and any(c.get("type") != 2 for c in children):
        problems.append(f"{path}: a select menu must be alone in its row")
    for c, child in enumerate(children):
        where = f"{path}.components.{c}"
        if child.get("type") not in INTERACTIVE:
            problems.append(f"{where}.type: an action row holds only buttons and selects")
        problems += _interactive_problems(where, child)
    return problems


INTERACTIVE = (2, 3, 5, 6, 7, 8)


def _interactive_problems(where: str, child: JSON) -> list[str]:
    problems: list[str] = []
    if child.get("type") == 2:
        if len(child.get("label") or "") > 80:
            problems.append(f"{where}.label: Must be 80 or fewer in length.")
        if not child.get("label") and not child.get("emoji"):
            problems.append(f"{where}: a button needs a label or an emoji")
        if child.get("style") == 5 and not child.get("url"):
            problems.append(f"{where}.url: This field is required")
        if child.get("style") not in (5, 6) and not child.get("custom_id"):
            problems.append(f"{where}.custom_id: This field is required")
    if child.get("type") == 3:
        options = child.get("options") or []
        if not 1 <= len(options) <= 25:
            problems.append(f"{where}.options: Must be between 1 and 25 in length.")
        for o, option in enumerate(options):
            for key in ("label", "value", "description"):
                if len(option.get(key) or "") > 100:
                    problems.append(f"{where}.options.{o}.{key}: Must be 100 or fewer in length.")
    if child.get("type") in (3, 5, 6, 7, 8) and not child.get("custom_id"):
        problems.append(f"{where}.custom_id: This field is required")
    if len(child.get("placeholder") or "") > 150:
        problems.append(f"{where}.placeholder: Must be 150 or fewer in length.")
    return problems


V2_TOP_LEVEL = (1, 9, 10, 12, 13, 14, 17)
V2_IN_CONTAINER = (1, 9, 10, 12, 13, 14)
V2_MAX_COMPONENTS = 40
V2_MAX_TEXT = 4000


def v2_problems(components: list[JSON]) -> list[str]:
    """Layout rules for Components V2 (Discord's component reference)."""
    problems: list[str] = []
    if not components:
        return problems
    count = sum(1 for _ in walk_components(components))
    if count > V2_MAX_COMPONENTS:
        problems.append(
            f"components: Must be {V2_MAX_COMPONENTS} or fewer in total, nested ones included "
            f"(got {count})"
        )
    text = sum(
        len(c.get("content") or "") for c in walk_components(components) if c.get("type") == 10
    )
    if text > V2_MAX_TEXT:
        problems.append(
            f"components: text displays must total {V2_MAX_TEXT} or fewer characters (got {text})"
        )
    numbered = [c["id"] for c in walk_components(components) if c.get("id") is not None]
    if len(numbered) != len(set(numbered)):
        problems.append("components: Component id cannot be duplicated")
    for n, component in enumerate(components):
        path = f"components.{n}"
        if component.get("type") not in V2_TOP_LEVEL:
            problems.append(f"{path}.type: {component.get('type')} is not valid at the top level")
        problems += _v2_component_problems(path, component)
    return problems


def number_components(components: list[JSON]) -> None:
    """Give every component without an ``id`` the next free number, in tree order, as
    Discord does for the message it stores and returns."""
    used = {c["id"] for c in walk_components(components) if c.get("id") is not None}
    n = 0
    for c in walk_components(components):
        if c.get("id") is None:
            n += 1
            while n in used:
                n += 1
            c["id"] = n


def _media_problems(path: str, media: Any) -> list[str]:
    if not isinstance(media, dict) or not media.get("url"):
        return [f"{path}.url: This field is required"]
    url = str(media["url"])
    if not url.startswith(("http://", "https://", "attachment://")):
        return [f"{path}.url: Scheme must be one of http, https, attachment"]
    return []


def _v2_component_problems(path: str, c: JSON) -> list[str]:
    problems: list[str] = []
    kind = c.get("type")
    children = c.get("components") or []
    if kind == 1:
        problems += _row_problems(path, c)
    elif kind in INTERACTIVE:
        problems.append(f"{path}.type: buttons and selects must be in an action row")
    elif kind == 9:
        if not 1 <= len(children) <= 3:
            problems.append(f"{path}.components: Must be between 1 and 3 in length.")
        for k, child in enumerate(children):
            if child.get("type") != 10:
                problems.append(f"{path}.components.{k}.type: a section holds text displays")
            problems += _v2_component_problems(f"{path}.components.{k}", child)
        accessory = c.get("accessory")
        if not isinstance(accessory, dict):
            problems.append(f"{path}.accessory: This field is required")
        elif accessory.get("type") == 2:
            problems += _interactive_problems(f"{path}.accessory", accessory)
        elif accessory.get("type") == 11:
            problems += _v2_component_problems(f"{path}.accessory", accessory)
        else:
            problems.append(f"{path}.accessory.type: must be a button or a thumbnail")
    elif kind == 10:
        if not c.get("content"):
            problems.append(f"{path}.content: This field is required")
    elif kind == 11:
        problems += _media_problems(f"{path}.media", c.get("media"))
        if len(c.get("description") or "") > 1024:
            problems.append(f"{path}.description: Must be 1024 or fewer in length.")
    elif kind == 12:
        items = c.get("items") or []
        if not 1 <= len(items) <= 10:
            problems.append(f"{path}.items: Must be between 1 and 10 in length.")
        for k, item in enumerate(items):
            problems += _media_problems(f"{path}.items.{k}.media", item.get("media"))
            if len(item.get("description") or "") > 1024:
                problems.append(f"{path}.items.{k}.description: Must be 1024 or fewer in length.")
    elif kind == 13:
        url = str((c.get("file") or {}).get("url") or "")
        if not url.startswith("attachment://"):
            problems.append(f"{path}.file.url: a file component takes only attachment:// urls")
    elif kind == 14:
        if c.get("spacing", 1) not in (1, 2):
            problems.append(f"{path}.spacing: Value must be one of (1, 2).")
    elif kind == 17:
        if not children:
            problems.append(f"{path}.components: Must be 1 or more in length.")
        for k, child in enumerate(children):
            if child.get("type") not in V2_IN_CONTAINER:
                problems.append(f"{path}.components.{k}.type: not valid in a container")
            problems += _v2_component_problems(f"{path}.components.{k}", child)
        color = c.get("accent_color")
        if color is not None and not (isinstance(color, int) and 0 <= color <= 0xFFFFFF):
            problems.append(f"{path}.accent_color: Must be a color between 0 and 0xFFFFFF")
    else:
        problems.append(f"{path}.type: unknown component type {kind!r}")
    return problems


def is_empty(body: JSON) -> bool:
    return not any(
        body.get(k)
        for k in ("content", "embeds", "components", "attachments", "sticker_ids", "poll")
    )
