"""TLS for the online server: its certificate, its fingerprint, and the client's pins.

A server given no certificate makes a self-signed one at first start (an ECDSA P-256 key, ten
years) and keeps it in its data folder, so its fingerprint stays the same across restarts.
The fingerprint (SHA-256 of the certificate's DER bytes) is printed at start; a client pins
it on first contact (trust on first use, kept in the player's data folder by address) and
refuses a server that later shows another one. Two people comparing the fingerprint their
screens show (``fingerprint_text``) know they reach the same server.
"""

from __future__ import annotations

import datetime
import importlib.util
import ipaddress
import json
import os
import ssl
from pathlib import Path

from game.common.safe_files import UnreadableFile, atomic_write_text, load_json

# Shared with the LAN host and client: the server's client checks the certificate against the
# pin (``check_pin``) right after the handshake and before anything is sent.
from game.net.tls import client_context as client_context
from game.net.tls import fingerprint as fingerprint
from game.net.tls import fingerprint_text as fingerprint_text

#: What to install when the server extra is missing (said by the server and the client).
INSTALL_HINT = "pip install -e '.[server]' (the cryptography library)"
CERT_NAME = "cert.pem"
KEY_NAME = "key.pem"
PINS_FORMAT = "mindbug-server-pins"
MAX_PINS = 200


def available() -> bool:
    """Whether the server extra (cryptography: certificates, player keys) is installed."""
    return importlib.util.find_spec("cryptography") is not None


class PinMismatch(ssl.SSLError):
    """The server shows another certificate than the one pinned for its address."""


def make_self_signed(folder: Path, host_names: tuple[str, ...] = ("localhost",)) -> tuple[Path, Path]:
    """Make (or keep) the server's own certificate and key in ``folder``: (cert, key)."""
    from cryptography import x509  # the server extra; imported here to say so in one place
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    cert_path, key_path = folder / CERT_NAME, folder / KEY_NAME
    if cert_path.is_file() and key_path.is_file():
        return cert_path, key_path
    folder.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Mindbug server")])
    now = datetime.datetime.now(datetime.timezone.utc)
    alt: list[x509.GeneralName] = [x509.DNSName(h) for h in host_names]
    alt.append(x509.IPAddress(ipaddress.ip_address("127.0.0.1")))
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .sign(key, hashes.SHA256()))
    key_bytes = key.private_bytes(serialization.Encoding.PEM,
                                  serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption())
    fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key_bytes)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def server_context(cert: Path, key: Path) -> tuple[ssl.SSLContext, str]:
    """The server's TLS context (TLS 1.2 at least) and its certificate's fingerprint; OSError
    or ssl.SSLError with one line if the files cannot be used."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    der = ssl.PEM_cert_to_DER_cert(cert.read_text(encoding="ascii"))
    return context, fingerprint(der)


# ---------------------------------------------------------------------------------------------
# The client's pins: address -> fingerprint, in the player's data folder
# ---------------------------------------------------------------------------------------------
def pins_path(root: Path) -> Path:
    return Path(root) / "online" / "servers.json"


def read_pins(path: Path) -> dict[str, str]:
    try:
        data = load_json(path, 64 * 1024)
    except UnreadableFile:
        return {}
    if not isinstance(data, dict) or data.get("format") != PINS_FORMAT \
            or not isinstance(data.get("pins"), dict):
        return {}
    return {k: v for k, v in data["pins"].items()
            if isinstance(k, str) and isinstance(v, str) and len(v) == 64}


def check_pin(path: Path, address: str, seen: str, expected: str | None = None) -> bool:
    """Whether the server at ``address`` showing certificate ``seen`` may be trusted: the
    fingerprint given (``expected``), else the one pinned for it, else it is pinned now (first
    contact; True). PinMismatch if it differs from what was given or pinned."""
    pins = read_pins(path)
    wanted = expected.replace(":", "").lower() if expected else pins.get(address)
    if wanted is not None and wanted != seen:
        raise PinMismatch(f"the server at {address} shows another certificate than the one "
                          f"{'given' if expected else 'it showed before'} "
                          f"({fingerprint_text(seen)[:23]}..., expected "
                          f"{fingerprint_text(wanted)[:23]}...): it may not be the same server")
    first = address not in pins
    if first or pins[address] != seen:
        pins[address] = seen
        while len(pins) > MAX_PINS:
            pins.pop(next(iter(pins)))
        atomic_write_text(path, json.dumps({"format": PINS_FORMAT, "pins": pins}))
    return first
