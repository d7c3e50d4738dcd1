"""Game tokens: the Play API stays stateless by sealing the answer into the client's token."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from ..errors import BadTokenError
from ..modes import Mode

__all__ = ["BadTokenError", "GameSealer"]


class GameSealer:
    """Hides a game's answer in an opaque token, so the Play API can stay stateless.

    Layout (url-safe base64): ``nonce[8] | answer index and mode code (0
    normal, 1 hard, 2 ultra), XOR a keystream[5] | tag[12]``.  Keystream and tag are HMAC-SHA256 under the app's
    secret; the tag also covers the word list's digest, so a token only opens
    for the list it was made for.  Tokens do not expire.
    """

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def _mac(self, label: bytes, data: bytes) -> bytes:
        return hmac.new(self._secret, label + data, hashlib.sha256).digest()

    def seal(self, answer: int, mode: Mode, digest: str) -> str:
        nonce = secrets.token_bytes(8)
        plain = answer.to_bytes(4, "big") + bytes([mode.code])
        # the keystream (32 bytes) is longer than the body: zip stops at the body's end
        body = bytes(a ^ b for a, b in zip(plain, self._mac(b"key", nonce), strict=False))
        tag = self._mac(b"tag", nonce + body + digest.encode())[:12]
        return base64.urlsafe_b64encode(nonce + body + tag).decode().rstrip("=")

    def open(self, token: str, digest: str) -> tuple[int, Mode]:
        """``(answer index, mode)``; raises :class:`BadTokenError`."""
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        except (ValueError, TypeError):
            raw = b""
        if len(raw) != 25:
            raise BadTokenError("the game token is malformed; start a new game")
        nonce, body, tag = raw[:8], raw[8:13], raw[13:]
        if not hmac.compare_digest(tag, self._mac(b"tag", nonce + body + digest.encode())[:12]):
            raise BadTokenError(
                "the game token does not match this server or word list "
                "(the server may have restarted); start a new game"
            )
        plain = bytes(a ^ b for a, b in zip(body, self._mac(b"key", nonce), strict=False))
        modes = list(Mode)
        if plain[4] >= len(modes):
            raise BadTokenError("the game token names no game mode; start a new game")
        return int.from_bytes(plain[:4], "big"), modes[plain[4]]
