"""Uploaded files: the attachments they become on a message, the ``attachment://`` media that show
them, and the url that serves their bytes."""

from __future__ import annotations

import mimetypes

from aiohttp import web

from .messages import walk_components
from .payload import JSON
from .rest import DiscordError, Double, Upload, path_int


class Attachments:
    """The uploads of the double's world, as attachments of its messages."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.world = double.world

    def attach(self, body: JSON, files: dict[int, Upload], existing: list[JSON]) -> None:
        """Turn ``attachments`` entries and uploaded files into attachment objects.

        An entry whose id is a file index is a new upload; one whose id is an existing
        attachment keeps it; on edit, attachments not listed are removed."""
        if not files and "attachments" not in body:
            return
        by_id = {a["id"]: a for a in existing}
        entries = body.get("attachments")
        if entries is None:  # files alone add to what the message has
            entries = [{"id": a["id"]} for a in existing]
            entries += [{"id": i, "filename": f.filename} for i, f in sorted(files.items())]
        result: list[JSON] = []
        for entry in entries:
            key = str(entry.get("id"))
            if key in by_id:
                result.append(by_id[key])
                continue
            upload = files.get(int(key)) if key.isdigit() else None
            if upload is None:
                raise DiscordError(400, 50035, f"Invalid Form Body: attachments: no file {key}")
            attachment_id = self.world.ids.next()
            self.world.uploads[attachment_id] = upload.data
            filename = entry.get("filename") or upload.filename
            url = f"{self.double.url}/attachments/{attachment_id}/{filename}"
            attachment: JSON = {
                "id": str(attachment_id),
                "filename": filename,
                "size": len(upload.data),
                "url": url,
                "proxy_url": url,
                # Discord goes by the name; discord.py sends every file as octet-stream
                "content_type": mimetypes.guess_type(filename)[0] or upload.content_type,
            }
            if entry.get("description"):
                attachment["description"] = entry["description"]
            if upload.data.startswith(b"\x89PNG\r\n\x1a\n") and len(upload.data) >= 24:
                attachment["width"] = int.from_bytes(upload.data[16:20], "big")
                attachment["height"] = int.from_bytes(upload.data[20:24], "big")
            result.append(attachment)
        body["attachments"] = result

    async def get_upload(self, request: web.Request) -> web.Response:
        data = self.world.uploads.get(path_int(request, "attachment_id"))
        if data is None:
            raise web.HTTPNotFound()
        kind = mimetypes.guess_type(request.match_info["filename"])[0]
        return web.Response(body=data, headers={"Content-Type": kind or "application/octet-stream"})


def resolve_media(body: JSON, attachments: list[JSON]) -> None:
    """``attachment://name`` in a thumbnail, gallery item or file component must name an
    attachment of the message; it is stored (and returned) as that attachment's url."""
    by_name = {a["filename"]: a for a in attachments}
    problems: list[str] = []
    for c in walk_components(body.get("components") or []):
        kind = c.get("type")
        if kind == 11:
            medias = [c.get("media")]
        elif kind == 12:
            medias = [item.get("media") for item in c.get("items") or []]
        elif kind == 13:
            medias = [c.get("file")]
        else:
            continue
        for media in medias:
            url = str(media.get("url") or "") if isinstance(media, dict) else ""
            if not url.startswith("attachment://"):
                continue
            assert isinstance(media, dict)
            attachment = by_name.get(url.removeprefix("attachment://"))
            if attachment is None:
                problems.append(f"{url}: no attachment of this message has that filename")
                continue
            media.update(
                url=attachment["url"],
                proxy_url=attachment["proxy_url"],
                attachment_id=attachment["id"],
                content_type=attachment.get("content_type"),
                flags=0,
                **{k: attachment[k] for k in ("width", "height") if k in attachment},
            )
            if kind == 13:
                c.update(name=attachment["filename"], size=attachment["size"])
    if problems:
        raise DiscordError(400, 50035, "Invalid Form Body: components: " + "; ".join(problems))
