"""Frames between the per-connection apps and the table hub: msgpack maps over a unix socket.

A frame is a 4-byte big-endian length, then that many bytes of one msgpack map with a ``t``
(type) key. Frames over :data:`MAX_FRAME` bytes are refused by both ends: the reader raises
:class:`FrameTooLarge` without reading the body, and the connection is closed.

Values that msgpack cannot carry natively and that views or outcomes may hold travel as
extension types: :class:`fractions.Fraction` (iMperium's deck-unit scores) as ext 1.
"""

from __future__ import annotations

import asyncio
import struct
from fractions import Fraction
from typing import Any

import msgpack

MAX_FRAME = 1 << 20
"""The largest frame body in bytes (1 MiB); a view with its whole log stays far below it."""

_LEN = struct.Struct(">I")
_EXT_FRACTION = 1


class FrameTooLarge(Exception):
    """A frame whose declared length exceeds the limit; the connection must be closed."""


class ProtocolError(Exception):
    """A frame that is not a msgpack map with a string ``t`` key."""


def _default(obj: Any) -> Any:
    if isinstance(obj, Fraction):
        return msgpack.ExtType(_EXT_FRACTION, msgpack.packb([obj.numerator, obj.denominator]))
    if isinstance(obj, set | frozenset):
        return sorted(obj, key=repr)
    raise TypeError(f"cannot send {type(obj).__name__}")


def _ext_hook(code: int, data: bytes) -> Any:
    if code == _EXT_FRACTION:
        num, den = msgpack.unpackb(data)
        return Fraction(num, den)
    return msgpack.ExtType(code, data)


def encode(message: dict[str, Any], limit: int = MAX_FRAME) -> bytes:
    """One frame (length prefix + msgpack body) for ``message``.

    Raises FrameTooLarge when the body exceeds ``limit`` bytes, TypeError for unsendable values.
    """
    body = msgpack.packb(message, use_bin_type=True, default=_default)
    if len(body) > limit:
        raise FrameTooLarge(f"a message of {len(body)} bytes is over the {limit}-byte limit")
    return _LEN.pack(len(body)) + body


def decode(body: bytes) -> dict[str, Any]:
    """The message of one frame body. Raises ProtocolError when it is not a typed map."""
    try:
        msg = msgpack.unpackb(body, raw=False, strict_map_key=False, ext_hook=_ext_hook)
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as err:
        raise ProtocolError(f"bad frame: {err}") from None
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise ProtocolError("a frame must be a map with a type")
    return msg


async def read_frame(reader: asyncio.StreamReader, limit: int = MAX_FRAME) -> dict[str, Any]:
    """Read one message. Raises asyncio.IncompleteReadError at the end of the stream,
    FrameTooLarge (nothing of the body is read) and ProtocolError."""
    head = await reader.readexactly(_LEN.size)
    (size,) = _LEN.unpack(head)
    if size > limit:
        raise FrameTooLarge(f"a message of {size} bytes is over the {limit}-byte limit")
    return decode(await reader.readexactly(size))


def write_frame(writer: asyncio.StreamWriter, message: dict[str, Any]) -> None:
    """Queue one message on ``writer`` (no await: the caller may drain). Raises FrameTooLarge."""
    writer.write(encode(message))
