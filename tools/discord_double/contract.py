"""Discord's own contract for a request body: its published OpenAPI description of the HTTP API
(``openapi/openapi.json``, MIT, as Discord publishes it), read by a JSON Schema validator.

Every body the double reads is held to the schema of its route's request body before anything
is done with it, so a request real Discord would refuse is refused here too (400, 50035), and
recorded so the test that sent it fails. The one allowance is Discord's own: a snowflake may
be sent as an integer (discord.py does so for mention, attachment and emoji ids, and Discord
takes them), where the description types snowflakes as strings.

The schemas are compiled into Python once per route (``fastjsonschema``: the double reads
thousands of bodies a test run, and an interpreting validator would slow every test). The
description uses nothing of JSON Schema 2020-12 that draft 7 reads otherwise (no ``$ref`` has
constraints beside it), so they are compiled as draft 7; its formats are Discord's own names
for what the types already say, and are not checked further.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema

SPEC = Path(__file__).with_name("openapi") / "openapi.json"
PARAMETER = re.compile(r"\{[^}]*\}")
FORMATS = ("date-time", "double", "int32", "int64", "nonce", "snowflake", "uri")

Validate = Callable[[Any], Any]


class OffContract(ValueError):
    """A request body that Discord's description of the route does not allow."""


ANNOTATIONS = ("contentEncoding", "contentMediaType")
"""What 2020-12 only notes and draft 7 would check (an emoji's image is a ``data:`` URI)."""


def _as_discord_reads(node: Any) -> Any:
    """The description as Discord reads a body: without the annotations, and each union
    (``oneOf``, whose alternatives differ by their ``type``, Discord's discriminator) as
    ``anyOf``, which stops at the alternative that fits rather than trying every one (ten
    times faster on a table message, and the same answer for a body that fits one)."""
    if isinstance(node, dict):
        return {("anyOf" if k == "oneOf" else k): _as_discord_reads(v)
                for k, v in node.items() if k not in ANNOTATIONS}
    if isinstance(node, list):
        return [_as_discord_reads(v) for v in node]
    return node


@cache
def _spec() -> dict[str, Any]:
    spec: dict[str, Any] = _as_discord_reads(json.loads(SPEC.read_text(encoding="utf-8")))
    schemas = spec["components"]["schemas"]
    schemas["SnowflakeType"] = {"anyOf": [schemas["SnowflakeType"],
                                          {"type": "integer", "minimum": 0}]}
    return spec


@cache
def _paths() -> dict[str, str]:
    """The description's paths by shape: parameters named alike (the double names them after
    what they hold; the description sometimes otherwise)."""
    return {PARAMETER.sub("{}", path): path for path in _spec()["paths"]}


@cache
def validator(method: str, route: str) -> Validate | None:
    """The validator of ``route``'s (a path template) JSON body for ``method``; None for a
    route or method the description gives no body."""
    path = _paths().get(PARAMETER.sub("{}", route))
    if path is None:
        return None
    operation = _spec()["paths"][path].get(method.lower()) or {}
    content = (operation.get("requestBody") or {}).get("content") or {}
    if "application/json" not in content:
        return None
    schema = {"$schema": "http://json-schema.org/draft-07/schema#",
              "components": _spec()["components"], **content["application/json"]["schema"]}
    compiled: Validate = fastjsonschema.compile(
        schema, formats={name: lambda _: True for name in FORMATS})
    return compiled


def check(method: str, route: str, body: Any) -> None:
    """Raise :class:`OffContract` if ``body`` does not fit ``route``'s description, saying
    where and why."""
    validate = validator(method, route)
    if validate is None:
        return
    try:
        validate(body)
    except fastjsonschema.JsonSchemaValueException as error:
        raise OffContract(error.message.removeprefix("data.")[:300]) from None
