"""One JSON post to a checked address (webhooks.addresses.Target): the connection goes to the address
that was checked, with the host's name in the Host header, the TLS server name (SNI) and the
certificate's check, so that the name is never resolved a second time. No redirect is followed, no
retry is made, and nothing of the answer is read beyond its status."""
from __future__ import annotations

from dataclasses import dataclass

import certifi
import urllib3

from .addresses import Target

TIMEOUT = 5  # seconds to connect, and again to the answer's first line
PASSING = {408, 425, 429}  # client errors that say "later", not "never"


@dataclass(frozen=True)
class Outcome:
    status: int | None  # the answer's status, None when there was none (the network, a timeout)
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    @property
    def lasting(self) -> bool:
        """A refusal that trying again would not change: a redirect, or a 4xx but 408, 425 and 429."""
        return self.status is not None and 300 <= self.status < 500 and self.status not in PASSING


def post(target: Target, body: bytes) -> Outcome:
    timeout = urllib3.Timeout(connect=TIMEOUT, read=TIMEOUT)
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(target.address, target.port, timeout=timeout, retries=False, maxsize=1,
                                           server_hostname=target.host, cert_reqs="CERT_REQUIRED",
                                           ca_certs=certifi.where())
    else:  # settings.WEBHOOKS_ALLOW_LOCAL alone lets an http address this far
        pool = urllib3.HTTPConnectionPool(target.address, target.port, timeout=timeout, retries=False, maxsize=1)
    headers = {"Host": target.host_header, "Content-Type": "application/json", "User-Agent": "Argo Station webhooks"}
    try:
        response = pool.urlopen("POST", target.path, body=body, headers=headers, redirect=False, retries=False,
                                preload_content=False, assert_same_host=False)
        response.close()
        return Outcome(response.status)
    except urllib3.exceptions.HTTPError as exc:  # timeouts, refused connections, TLS failures
        return Outcome(None, type(exc).__name__)
    except OSError as exc:
        return Outcome(None, type(exc).__name__)
    finally:
        pool.close()
