"""Empty the reliability summary and write it again from the games stored."""
from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from reliability import summary
from reliability.models import Played


class Command(BaseCommand):
    help = ("Write the reliability summary again from every finished game with a clock (after a restore, "
            "or to check it); running it twice gives the same rows.")

    def handle(self, *args, **options):
        began = time.monotonic()
        summary.fill()
        self.stdout.write(f"{Played.objects.count()} rows in {time.monotonic() - began:.1f} s\n")
