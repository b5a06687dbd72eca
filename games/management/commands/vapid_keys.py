"""Print a new VAPID key pair for Web Push, as environment lines (`. ./.vapid.env` to use them)."""
from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_pair() -> tuple[str, str]:
    """(public, private): the public key as the browser's applicationServerKey wants it (an
    uncompressed point), the private one as its 32-byte number."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return b64url(public), b64url(key.private_numbers().private_value.to_bytes(32, "big"))


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push as VAPID_PUBLIC_KEY=… and VAPID_PRIVATE_KEY=… lines."

    def handle(self, *args, **options):
        public, private = new_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")
