"""What every picture shares: the shipped fonts, the colours, text that fits, and PNG bytes.

The fonts are read from this package, never from the system, so every machine draws the same
picture; the PNG is quantised to a small palette, which keeps a table under 60 KB.
"""

from __future__ import annotations

import functools
import io
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

from .scene import Look

Colour = tuple[int, int, int]

FELT: Colour = (18, 84, 56)
TABLE: Colour = (24, 104, 69)
RIM: Colour = (12, 60, 40)
BAR: Colour = (9, 44, 30)
PLATE: Colour = (8, 38, 26)
TEXT: Colour = (255, 255, 255)
MUTED: Colour = (186, 214, 198)
TURN: Colour = (255, 214, 64)
"""The seat whose turn it is, and the need/set line: the two things a player looks for."""
TRUMP: Colour = (255, 170, 0)
COUNT: Colour = (222, 38, 52)
PLAYABLE: Colour = (92, 230, 120)
COMPASS: tuple[Colour, ...] = ((96, 172, 255), (255, 128, 170))
"""42's two sides, told apart on the felt and from the trump and count marks."""
TEAMS: tuple[Colour, ...] = ((244, 98, 86), (96, 172, 255), (120, 214, 96))
"""Red, blue and green, as the bot names the teams at six and eight seats; far apart in
lightness too, and each side also has its shape, for colour-blind players."""
PLAYERS: tuple[Colour, ...] = ((96, 172, 255), (255, 128, 170), (128, 228, 210))
"""One colour per player each for oneself, with a shape each as well."""

PALETTE_COLOURS = 96


def side_colour(side: int, look: Look = Look.COMPASS) -> Colour:
    colours = {Look.COMPASS: COMPASS, Look.TEAMS: TEAMS, Look.PLAYERS: PLAYERS}[look]
    return colours[side % len(colours)]


@functools.cache
def _font_bytes(name: str) -> bytes:
    return resources.files(__package__).joinpath("fonts", name).read_bytes()


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(io.BytesIO(_font_bytes(name)), size)


_NOTDEF = "\U0010fffd"
"""A private-use character no font draws: its glyph is the font's "missing" box."""


@functools.lru_cache(maxsize=4096)
def _drawn(character: str) -> bool:
    face = font(20, bold=True)
    mask = face.getmask(character)
    missing = face.getmask(_NOTDEF)
    return character.isspace() or (mask.size, bytes(mask)) != (missing.size, bytes(missing))


def drawable(text: str) -> str:
    """``text`` without the characters the shipped font lacks (most emoji, CJK), which would
    show as empty boxes; the text alternative keeps them."""
    return " ".join("".join(c for c in text if _drawn(c)).split())


SEPARATORS = " _-.·/|:,;–"
"""What may stand between the words of a name or a line: a cut ends before them."""


def fit(draw: ImageDraw.ImageDraw, text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, or where it would be wider than ``width`` its first words that fit with an
    ellipsis, so a name reads "Maximiliano…" rather than "Maximilian…"; only a first word too
    long for ``width`` is cut within it."""
    if draw.textlength(text, font=face) <= width:
        return text
    cut = text
    while cut and draw.textlength(cut + "…", font=face) > width:
        cut = cut[:-1]
    ends = [n for n in range(1, len(cut) + 1)
            if text[n] in SEPARATORS and text[n - 1] not in SEPARATORS]
    words = text[:ends[-1]].rstrip(SEPARATORS) if ends else ""
    return (words or cut.rstrip(SEPARATORS)) + "…"


def largest(draw: ImageDraw.ImageDraw, text: str, sizes: tuple[int, ...], width: float,
            bold: bool = False) -> ImageFont.FreeTypeFont:
    """The face of the first size in which ``text`` fits ``width``; when none does, the
    largest in which what the smallest keeps of it fits (:func:`fit`): a long name is drawn
    smaller before it is shortened, and not smaller than its shortened words need."""
    shown = drawable(text)
    faces = [font(size, bold) for size in sizes]
    whole = next((face for face in faces if draw.textlength(shown, font=face) <= width), None)
    if whole is not None:
        return whole
    kept = fit(draw, shown, faces[-1], width)
    return next(face for face in faces if draw.textlength(kept, font=face) <= width)


def text_at(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
            face: ImageFont.FreeTypeFont | tuple[int, ...], fill: Colour, width: float,
            anchor: str = "la", bold: bool = False) -> None:
    """Draw ``text`` cut to ``width``; anchors as Pillow's (``"mm"``: centred on ``xy``). Given
    sizes rather than a face, in the largest of them that the text needs (:func:`largest`)."""
    if isinstance(face, tuple):
        face = largest(draw, text, face, width, bold)
    draw.text(xy, fit(draw, drawable(text), face, width), font=face, fill=fill, anchor=anchor)


def png(image: Image.Image) -> bytes:
    """Palette PNG bytes: the same image always gives the same bytes."""
    quantised = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, format="PNG", compress_level=6)
    return out.getvalue()
