"""A standing ladder of one game (docs/ladders.md): its rungs (who stands where), the challenges
played on it, and every move of places, kept for the history."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Ladder(models.Model):
    game = models.CharField(max_length=32, help_text="which game: its name in the registry (games.rules)")
    title = models.CharField(max_length=100)
    # The clock of its challenges' games (games.services.clock_fields), as a tournament's: hours per
    # move, or a time bank (its start, increment and cap; hours_per_move then holds the increment).
    time_control = models.CharField(max_length=8, default="per_turn", db_default="per_turn")
    hours_per_move = models.PositiveIntegerField(default=72, help_text="per turn: the hours of every turn; a time bank: its increment")
    bank_hours = models.PositiveIntegerField(default=0, db_default=0)
    increment_hours = models.PositiveIntegerField(default=0, db_default=0)
    cap_hours = models.PositiveIntegerField(default=0, db_default=0)
    reach = models.PositiveSmallIntegerField(default=5, help_text="how many places above their own a player may challenge")
    open_limit = models.PositiveSmallIntegerField(
        default=3, help_text="a player with this many open games on the ladder or more cannot be challenged")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "title"]

    def __str__(self) -> str:
        return self.title


class Rung(models.Model):
    """A player's place on a ladder, 1 at the top. Places are always 1..n without a gap: every change
    of places locks the ladder's row (ladders.services)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="rungs")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rungs")
    place = models.PositiveIntegerField()
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ladder", "place"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "place"], name="rung_place_unique"),
            models.UniqueConstraint(fields=["ladder", "user"], name="rung_user_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user} #{self.place} on {self.ladder}"


class Challenge(models.Model):
    class Result(models.TextChoices):
        CHALLENGER = "challenger", _("the challenger won")
        DEFENDER = "defender", _("the defender kept the place")
        VOID = "void", _("void")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="challenges")
    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    defender = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="ladder_challenge")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True, help_text="blank while the game is open")
    result = models.CharField(max_length=10, choices=Result.choices, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["ladder", "decided_at"], name="challenge_open")]

    def __str__(self) -> str:
        return f"{self.challenger} → {self.defender} on {self.ladder}"


class Move(models.Model):
    """One player's place changing: from nothing (joined), to nothing (left), or from one to another."""

    class Why(models.TextChoices):
        JOINED = "joined", _("joined")
        LEFT = "left", _("left")
        WON = "won", _("won a challenge")
        PUSHED = "pushed", _("moved down: a challenger took a place above")
        CLOSED_UP = "closed_up", _("moved up: a player above left")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="moves")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    from_place = models.PositiveIntegerField(null=True, blank=True)
    to_place = models.PositiveIntegerField(null=True, blank=True)
    why = models.CharField(max_length=10, choices=Why.choices)
    other = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+", help_text="whose win or departure moved this player")
    challenge = models.ForeignKey(Challenge, null=True, blank=True, on_delete=models.SET_NULL, related_name="moves")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]
