"""The site-wide figures of each game, kept as games finish (stats.summary): a few rows a game and
month instead of every finished game read again for each page (docs/stats.md)."""
from django.db import models


class Summary(models.Model):
    """Figures of one game's finished games at one table size, added up."""

    name = models.CharField(max_length=32, help_text="the game's name in the registry (games.rules)")
    players = models.PositiveSmallIntegerField(help_text="the table size (Game.players)")

    class Meta:
        abstract = True

    def __str__(self):
        key = self._meta.constraints[0].fields  # the row's key, the summary's unique constraint
        return " ".join(str(getattr(self, field)) for field in key)


class GameMonth(Summary):
    """The games finished in one calendar month (in the site's time zone): how many, and the sums
    behind their average length."""

    month = models.DateField(help_text="the first day of the month the games finished in, in the site's time zone")
    games = models.IntegerField(default=0, help_text="finished games")
    decisions = models.BigIntegerField(default=0, help_text="their decisions that stand (not undone), summed")
    seconds = models.BigIntegerField(default=0, help_text="their whole seconds from start to finish, summed")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name", "month", "players"], name="game_month_key")]


class SeatResult(Summary):
    """The seats at one place in the turn order, and how many of them won (a first place, shared or not)."""

    seat = models.PositiveSmallIntegerField(help_text="the seat's order: 0 plays first")
    seats = models.IntegerField(default=0, help_text="seats in finished games")
    wins = models.IntegerField(default=0, help_text="of them placed first")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["name", "players", "seat"], name="seat_result_key")]
