"""Who is who, without accounts: a player's Ed25519 key and the challenge it signs.

The key is made on first use and kept in the player's data folder (``online/player-key.json``,
readable by its owner only). The server sends a random nonce; the client signs
``CONTEXT + nonce + the server certificate's fingerprint`` (so a signature given to one server
cannot be replayed to another, nor relayed through a server in the middle showing another
certificate). The server checks it against the public key, which is the player's identity:
ratings are kept per key. A name is a label only, under the one text-safety rule.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
from pathlib import Path

from game.common import safe_text
from game.common.safe_files import UnreadableFile, load_json, set_aside

KEY_FORMAT = "mindbug-player-key"
CONTEXT = b"mindbug-server-login:1:"


def player_id(public_hex: str) -> str:
    """A key's short id, what logs and the client show (16 hex digits)."""
    return hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:16]


def signed_text(nonce_hex: str, server_fingerprint: str) -> bytes:
    return CONTEXT + bytes.fromhex(nonce_hex) + bytes.fromhex(server_fingerprint)


def new_nonce() -> str:
    return secrets.token_hex(32)


class PlayerKey:
    """The player's private key (never sent) and its public half as hex."""

    def __init__(self, private: bytes) -> None:
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

        self._key = Ed25519PrivateKey.from_private_bytes(private)
        self.public_hex = self._key.public_key().public_bytes(
            Encoding.Raw, PublicFormat.Raw).hex()

    @property
    def player(self) -> str:
        return player_id(self.public_hex)

    def sign(self, nonce_hex: str, server_fingerprint: str) -> str:
        return self._key.sign(signed_text(nonce_hex, server_fingerprint)).hex()


def key_path(root: Path) -> Path:
    return Path(root) / "online" / "player-key.json"


def load_or_make_key(root: Path) -> PlayerKey:
    """The player's key from their data folder, made and kept there the first time (a damaged
    file is set aside and a new key made: the player starts again with a new rating)."""
    path = key_path(root)
    try:
        data = load_json(path, 4096)
    except UnreadableFile:
        set_aside(path, "broken")
        data = None
    private = data.get("private") if isinstance(data, dict) \
        and data.get("format") == KEY_FORMAT else None
    if isinstance(private, str) and len(private) == 64:
        try:
            return PlayerKey(bytes.fromhex(private))
        except ValueError:
            set_aside(path, "broken")
    raw = secrets.token_bytes(32)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": KEY_FORMAT, "private": raw.hex()})
    temp = path.with_name(path.name + ".new")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(text)
    os.replace(temp, path)
    return PlayerKey(raw)


def signature_ok(public_hex: str, signature_hex: str, nonce_hex: str,
                 server_fingerprint: str) -> bool:
    """Whether ``signature_hex`` is the key's signature of this connection's challenge."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
        key.verify(bytes.fromhex(signature_hex), signed_text(nonce_hex, server_fingerprint))
    except (InvalidSignature, ValueError):
        return False
    return True


def display_name(text: str, fallback: str) -> str:
    """A name another player may be shown: the one text-safety rule's clean form."""
    name = " ".join(safe_text.clean(text, safe_text.NAME_MAX).split())
    return name or fallback
