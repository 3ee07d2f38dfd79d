"""TLS for a game on the local network, with the standard library alone, and the join code's
proofs that bind it to the host.

Every connection to a LAN host is TLS 1.3. The host's certificate is its own: a P-256 key made when the game
is created (kept in the host's save, so a resumed host shows the same one) and a self-signed
certificate built here, because the ``ssl`` module cannot make one and the player's bundle
carries no ``cryptography``. Encryption alone keeps a listener out; who is at the other end is
settled by the join code, which the players share out of band:

- ``code_key(code, fingerprint)``: scrypt of the code, salted by the host certificate's
  SHA-256 (16 MB, about 70 ms). The host keeps this key (never the code) in its save.
- the client's ``hello`` carries ``proof(key, CLIENT)``; the host's ``welcome`` carries
  ``proof(key, HOST)``. A man in the middle shows another certificate, so the client's proof
  is for a key the host does not hold (the host refuses it), and it cannot make the host's
  proof for its own certificate without the code (the client refuses it, having sent nothing
  but its name and proof). The client proves first, so a stranger who merely connects to the
  host learns nothing to guess the code against offline.
- a seat's ticket is only sent to the certificate the seat was welcomed by (pinned in the
  ticket file), so a ticket cannot be phished by a host pretending to be the one that gave it.

``fingerprint``/``fingerprint_text``/``client_context`` are shared with the online server
(``game.server.tls``), which has real certificates from ``cryptography``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import ssl
import tempfile

from game.net.seats import normal_code

#: scrypt's cost: 2^14 rounds of 8 blocks, 16 MB of memory, about 70 ms here; made once by the
#: host for its game and once per host by a client (cached), never per guess by the host.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 1 << 14, 8, 1
CLIENT, HOST = b"mindbug-lan-client:1", b"mindbug-lan-host:1"

# --- P-256 (secp256r1), enough of it to make a key and sign one certificate ----------------------
_P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
_A = _P - 3
_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
      0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
Point = tuple[int, int] | None


def _add(p1: Point, p2: Point) -> Point:
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2 and (y1 + y2) % _P == 0:
        return None
    if p1 == p2:
        slope = (3 * x1 * x1 + _A) * pow(2 * y1, -1, _P) % _P
    else:
        slope = (y2 - y1) * pow(x2 - x1, -1, _P) % _P
    x3 = (slope * slope - x1 - x2) % _P
    return x3, (slope * (x1 - x3) - y1) % _P


def _times(k: int, point: Point) -> Point:
    result: Point = None
    while k:
        if k & 1:
            result = _add(result, point)
        point = _add(point, point)
        k >>= 1
    return result


def new_private_key() -> int:
    """A P-256 private key: a random scalar (the host keeps it in its save)."""
    return 1 + secrets.randbelow(_N - 1)


def _public_bytes(private: int) -> bytes:
    point = _times(private, _G)
    assert point is not None  # 0 < private < n
    return b"\x04" + point[0].to_bytes(32, "big") + point[1].to_bytes(32, "big")


def _sign(private: int, data: bytes) -> tuple[int, int]:
    """ECDSA with a nonce derived from the key and the message (as RFC 6979 and EdDSA do), so a
    key signs its certificate the same way every time: a resumed host shows the same one."""
    digest_bytes = hashlib.sha256(data).digest()
    digest = int.from_bytes(digest_bytes, "big")
    for attempt in range(1000):
        seed = hmac.new(private.to_bytes(32, "big"), digest_bytes + bytes([attempt % 256]),
                        hashlib.sha512).digest()
        k = 1 + int.from_bytes(seed, "big") % (_N - 1)
        point = _times(k, _G)
        assert point is not None
        r = point[0] % _N
        s = pow(k, -1, _N) * (digest + r * private) % _N
        if r and s:
            return r, s
    raise ValueError("no signature")  # not reached: r or s is 0 with probability 2^-255


# --- DER, enough of it for one certificate and one key ---------------------------------------------
def _der(tag: int, content: bytes) -> bytes:
    size = len(content)
    if size < 0x80:
        return bytes([tag, size]) + content
    length = size.to_bytes((size.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(length)]) + length + content


def _int(value: int) -> bytes:
    return _der(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


def _oid(dotted: str) -> bytes:
    arcs = [int(a) for a in dotted.split(".")]
    body = bytearray([40 * arcs[0] + arcs[1]])
    for arc in arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.append(0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(reversed(chunk))
    return _der(0x06, bytes(body))


def _seq(*parts: bytes) -> bytes:
    return _der(0x30, b"".join(parts))


EC_PUBLIC_KEY, PRIME256V1, ECDSA_SHA256 = "1.2.840.10045.2.1", "1.2.840.10045.3.1.7", \
    "1.2.840.10045.4.3.2"


def certificate(private: int) -> tuple[bytes, bytes]:
    """A self-signed X.509 certificate for the key (DER) and the key in PEM (SEC1).

    The same key always gives the same certificate (a resumed host keeps its fingerprint): the
    validity is 2020 to 2049 (nothing checks it: the client pins or proves, it does not ask an
    authority), the serial is taken from the public key and the signature's nonce from the key."""
    name = _seq(_der(0x31, _seq(_oid("2.5.4.3"), _der(0x0C, b"Mindbug host"))))
    algorithm = _seq(_oid(ECDSA_SHA256))
    public = _public_bytes(private)
    serial = int.from_bytes(hashlib.sha256(public).digest()[:8], "big") >> 1 | 1
    tbs = _seq(_der(0xA0, _int(2)), _int(serial), algorithm, name,
               _seq(_der(0x17, b"200101000000Z"), _der(0x17, b"491231235959Z")), name,
               _seq(_seq(_oid(EC_PUBLIC_KEY), _oid(PRIME256V1)), _der(0x03, b"\x00" + public)))
    r, s = _sign(private, tbs)
    der = _seq(tbs, algorithm, _der(0x03, b"\x00" + _seq(_int(r), _int(s))))
    key = _seq(_int(1), _der(0x04, private.to_bytes(32, "big")), _der(0xA0, _oid(PRIME256V1)),
               _der(0xA1, _der(0x03, b"\x00" + public)))
    return der, _pem("EC PRIVATE KEY", key)


def _pem(label: str, der: bytes) -> bytes:
    body = base64.encodebytes(der).decode("ascii").replace("\n", "")
    lines = [body[i:i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----", ""]).encode()


# --- contexts and fingerprints ----------------------------------------------------------------------
def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256, 64 lowercase hex digits (what pins, proofs and logs use)."""
    return hashlib.sha256(der).hexdigest()


def fingerprint_text(hex_digits: str) -> str:
    """The fingerprint for people to compare: ``AB:CD:...`` in groups of two."""
    upper = hex_digits.upper()
    return ":".join(upper[i:i + 2] for i in range(0, len(upper), 2))


def key_fingerprint(private: int) -> str:
    """The fingerprint of the certificate a host with this key shows."""
    return fingerprint(certificate(private)[0])


def valid_private_key(value: object) -> bool:  # any JSON value of a save
    return type(value) is int and 0 < value < _N


def host_context(private: int) -> tuple[ssl.SSLContext, str]:
    """The LAN host's TLS context for its key, and its certificate's fingerprint."""
    der, key_pem = certificate(private)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    # Only this game's clients connect, and every build of it has TLS 1.3: always an ephemeral
    # key exchange, and no renegotiation for a peer to spend the host's time on.
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.num_tickets = 0  # nobody resumes a session: a ticket would be bytes for nothing
    # load_cert_chain reads files only: the key passes through a file only its owner may read,
    # removed at once.
    fd, path = tempfile.mkstemp(prefix="mindbug-host-", suffix=".pem")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(_pem("CERTIFICATE", der) + key_pem)
        context.load_cert_chain(path)
    finally:
        os.unlink(path)
    return context, fingerprint(der)


def client_context() -> ssl.SSLContext:
    """A client's TLS context. The certificate is not checked against a certificate authority
    (a host or server anyone runs has none): the caller checks it right after the handshake and
    before sending anything that matters (a pin, or the join code's proofs)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


# --- the join code's key and proofs -------------------------------------------------------------------
def code_key(code: str, host_fingerprint: str) -> str:
    """The key both ends derive from the join code for this host's certificate (hex): slow
    (scrypt) and salted by the certificate, so neither a table nor another host's key helps."""
    return hashlib.scrypt(normal_code(code).encode("utf-8"),
                          salt=b"mindbug-lan-code:1:" + host_fingerprint.encode("ascii"),
                          n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=64 << 20, dklen=32).hex()


def proof(key_hex: str, side: bytes) -> str:
    """What one side sends to show it holds the code's key (``CLIENT`` or ``HOST``)."""
    return hmac.new(bytes.fromhex(key_hex), side, hashlib.sha256).hexdigest()


def proof_matches(key_hex: str, side: bytes, given: str | None) -> bool:
    return isinstance(given, str) and hmac.compare_digest(proof(key_hex, side), given)
