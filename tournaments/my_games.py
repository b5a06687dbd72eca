"""My games, kept to one tournament: the filter the tournaments app gives the games app's list
(games.groupings), registered in TournamentsConfig.ready."""
from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.groupings import Grouping

from .models import Table, Tournament


def choices(user) -> list[tuple[str, str]]:
    """The tournaments with a table of the player's, the latest first."""
    mine = Table.objects.filter(game__seats__user=user).values("round__tournament_id")
    return [(str(pk), title) for pk, title in
            Tournament.objects.filter(pk__in=mine).order_by("-pk").values_list("pk", "title")]


def games(value: str) -> set[int] | None:
    """The games of the tournament's tables; None when no tournament has that id."""
    if not Tournament.objects.filter(pk=value).exists():
        return None
    return set(Table.objects.filter(round__tournament_id=value, game__isnull=False).values_list("game_id", flat=True))


GROUPING = Grouping(key="tournament", label=gettext_lazy("Tournament"),
                    description="only the games of this tournament (its id)", pattern=r"^[0-9]{1,9}$",
                    choices=choices, games=games)
