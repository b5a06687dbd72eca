"""A demo rematch (run after `demo` and `demo_tournaments`): bob proposes one of a finished game he
played against alice, so that alice finds the invitation waiting in My games."""
from __future__ import annotations

from django.core.management.base import BaseCommand
from django.test import override_settings

from games.models import Game
from rematches import services
from rematches.models import Rematch


class Command(BaseCommand):
    help = "Propose the demo rematch, once: bob asks alice to play a finished game of theirs again."

    def handle(self, *args, **options):
        if Rematch.objects.exists():
            self.stdout.write("The demo rematch exists already.")
            return
        finished = (Game.objects.filter(status=Game.Status.FINISHED, seats__user__username="alice")
                    .filter(pk__in=Game.objects.filter(seats__user__username="bob").values("pk"))
                    .filter(players=2).order_by("-finished_at").first())
        if finished is None:
            self.stdout.write("No finished game of alice and bob: no demo rematch.")
            return
        bob = finished.seats.get(user__username="bob").user
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            rematch, _ = services.propose(bob, finished.pk)
        self.stdout.write(self.style.SUCCESS(
            f"Rematch: bob proposed game #{rematch.game_id}, a rematch of #{finished.pk}; alice is invited."))
