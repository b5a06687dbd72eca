"""CPU of one password check with the site's password hasher (the first of settings.PASSWORD_HASHERS):
what each sign-in costs the server, right or wrong, and so what the sign-in limits bound
(docs/security.md, "Limits").

    python3 benchmarks/password_hash.py [--checks 20]

Needs no database. Prints one JSON object: the hasher, its work factor, and the CPU seconds of one
check (median, and the fastest and slowest), measured with `time.process_time`.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "argo_site.settings")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checks", type=int, default=20)
    args = parser.parse_args()

    import django
    django.setup()
    from django.contrib.auth.hashers import check_password, get_hasher, make_password
    hasher = get_hasher()
    encoded = make_password("a-Sturdy-passw0rd")
    seconds = []
    for n in range(args.checks):
        started = time.process_time()
        check_password("a-Sturdy-passw0rd" if n % 2 else "a-wrong-guess", encoded)
        seconds.append(time.process_time() - started)
    print(json.dumps({"hasher": hasher.algorithm, "iterations": getattr(hasher, "iterations", None),
                      "checks": args.checks, "cpu_seconds_median": round(statistics.median(seconds), 3),
                      "cpu_seconds_min": round(min(seconds), 3), "cpu_seconds_max": round(max(seconds), 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
