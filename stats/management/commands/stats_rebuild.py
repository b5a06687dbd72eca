"""Empty the summary of each game's figures and compute it again from the games stored."""
from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from stats import summary
from stats.models import GameMonth, SeatResult


class Command(BaseCommand):
    help = ("Compute the summary of each game's site-wide figures again from every finished game "
            "(after a restore, or to check it); running it twice gives the same rows.")

    def handle(self, *args, **options):
        began = time.monotonic()
        summary.fill()
        self.stdout.write(f"{GameMonth.objects.count()} month rows and {SeatResult.objects.count()} seat rows "
                          f"in {time.monotonic() - began:.1f} s\n")
