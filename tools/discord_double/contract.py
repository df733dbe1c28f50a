"""Discord's own contract for a request body: its published OpenAPI description of the HTTP API
(``openapi/openapi.json``, MIT, as Discord publishes it), read by a JSON Schema validator.

Every body the double reads is held to the schema of its route's request body before anything
is done with it, so a request real Discord would refuse is refused here too (400, 50035), and
recorded so the test that sent it fails. The one allowance is Discord's own: a snowflake may
be sent as an integer (discord.py does so for mention, attachment and emoji ids, and Discord
takes them), where the description types snowflakes as strings. A refusal says which field is
at fault, as Discord's ``errors`` object does: a union whose alternative the body names (a
component by its ``type``, a scheduled event by its ``entity_type``) is checked as that
alternative, so the error is the field's and not the union's.

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
    """A request body that Discord's description of the route does not allow: where (the keys
    down to the field at fault; list indices as strings, as Discord writes them), the code and
    the message Discord's ``errors`` object gives it there."""

    def __init__(self, message: str, path: tuple[str, ...] = (),
                 code: str = "BASE_TYPE_INVALID") -> None:
        super().__init__(f"{'.'.join(path) or 'body'}: {message}")
        self.message, self.path, self.code = message, path, code


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


def _compile(schema: dict[str, Any]) -> Validate:
    document = {"$schema": "http://json-schema.org/draft-07/schema#",
                "components": _spec()["components"], **schema}
    compiled: Validate = fastjsonschema.compile(
        document, formats={name: lambda _: True for name in FORMATS})
    return compiled


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
    return _compile(content["application/json"]["schema"])


@cache
def schema_validator(name: str) -> Validate:
    """The validator of the description's schema called ``name`` (e.g.
    ``ExternalScheduledEventResponse``), for what the double answers as much as what it reads."""
    return _compile({"allOf": [{"$ref": f"#/components/schemas/{name}"}]})


RULE_CODES = {
    "required": "BASE_TYPE_REQUIRED",
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "anyOf": "BASE_TYPE_CHOICES",
}
"""The code of an error in Discord's ``errors`` object, by the schema rule a value breaks."""


def _alternative(definition: Any, value: Any) -> dict[str, Any] | None:
    """The one alternative of a union (``anyOf``) that ``value`` names by its discriminators
    (properties, like ``type`` or ``entity_type``, whose allowed values tell the alternatives
    apart), if exactly one does: what Discord reads the value as."""
    if not isinstance(definition, dict) or not isinstance(value, dict):
        return None
    schemas = _spec()["components"]["schemas"]
    named = []
    for option in definition.get("anyOf") or []:
        if isinstance(option, dict) and "$ref" in option:
            option = schemas.get(option["$ref"].removeprefix("#/components/schemas/"))
        properties = (option or {}).get("properties") or {}
        fits = [key in value and value[key] in (prop.get("enum") or [prop.get("const")])
                for key, prop in properties.items()
                if isinstance(prop, dict) and ("enum" in prop or "const" in prop)]
        if fits and all(fits):
            named.append(option)
    return named[0] if len(named) == 1 else None


@cache
def _validator_of(schema: str) -> Validate:
    return _compile(json.loads(schema))


def _off_contract(error: fastjsonschema.JsonSchemaValueException, prefix: tuple[str, ...],
                  depth: int = 0) -> OffContract:
    """The error as Discord would place it: a union the value names one alternative of is
    checked as that alternative, so the error is the field's, not the union's."""
    path = prefix + tuple(error.path[1:])
    if error.rule == "anyOf" and depth < 8:
        alternative = _alternative(error.definition, error.value)
        if alternative is not None:
            try:
                _validator_of(json.dumps(alternative, sort_keys=True))(error.value)
            except fastjsonschema.JsonSchemaValueException as inner:
                return _off_contract(inner, path, depth + 1)
    if error.rule == "required" and isinstance(error.value, dict):
        missing = [k for k in error.rule_definition or [] if k not in error.value]
        if missing:
            return OffContract("This field is required", (*path, missing[0]),
                               "BASE_TYPE_REQUIRED")
    name = error.name or "data"
    said = error.message[len(name):] if error.message.startswith(name) else error.message
    return OffContract(said.strip()[:300], path,
                       RULE_CODES.get(error.rule or "", "BASE_TYPE_INVALID"))


def check(method: str, route: str, body: Any) -> None:
    """Raise :class:`OffContract` if ``body`` does not fit ``route``'s description, saying
    where and why."""
    validate = validator(method, route)
    if validate is None:
        return
    try:
        validate(body)
    except fastjsonschema.JsonSchemaValueException as error:
        raise _off_contract(error, ()) from None
