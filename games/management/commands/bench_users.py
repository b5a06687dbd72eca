"""Users for benchmarks/api_moves.py: bench-1 … bench-N, password 'bench-pass'."""
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games import limits

PASSWORD = "bench-pass"


class Command(BaseCommand):
    help = "Create the benchmark users bench-1 … bench-N (password 'bench-pass') and start their limits afresh."

    def add_arguments(self, parser):
        parser.add_argument("count", type=int, nargs="?", default=64)

    def handle(self, *args, count, **options):
        User = get_user_model()
        for i in range(1, count + 1):
            user, created = User.objects.get_or_create(username=f"bench-{i}",
                                                       defaults={"email": f"bench-{i}@example.org"})
            if created:
                user.set_password(PASSWORD)
                user.save()
                EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
            # A benchmark starts games by the dozen, run after run: far more than a person may.
            for action, (_, seconds) in settings.USER_LIMITS.items():
                limits.forget(f"{action}:{user.pk}", seconds)
        self.stdout.write(f"{count} benchmark users ready (password '{PASSWORD}').")
