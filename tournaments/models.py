"""Tournaments over the site's games: who signed up, the rounds, and each round's tables.

A table is one game of the games app (or, for a player who withdrew, a forfeit without a game); its
places are copied from the game's seats when the game ends, so that standings are read from this
app's own rows.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("knock-out")

    class Status(models.TextChoices):
        SIGNUP = "signup", _("open for sign-up")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    title = models.CharField(max_length=80)
    game = models.CharField(max_length=32, help_text="which game: its name in the registry (games.rules)")
    options = models.JSONField(default=dict)
    format = models.CharField(max_length=12, choices=Format.choices)
    seats = models.PositiveSmallIntegerField(help_text="players at each table")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Swiss only: the number of rounds")
    hours_per_move = models.PositiveIntegerField(default=72)
    # The clock of its games (games.services.clock_fields): hours per move, or a time bank.
    time_control = models.CharField(max_length=8, default="per_turn", db_default="per_turn")
    bank_hours = models.PositiveIntegerField(default=0, db_default=0)
    increment_hours = models.PositiveIntegerField(default=0, db_default=0)
    cap_hours = models.PositiveIntegerField(default=0, db_default=0)
    # Its games' clocks ignore the players' quiet hours, days off and vacations (Game.strict).
    strict = models.BooleanField(default=False, db_default=False)
    rated = models.BooleanField(default=True)
    min_players = models.PositiveSmallIntegerField(default=2)
    max_players = models.PositiveSmallIntegerField(default=64)
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    signup_closes = models.DateTimeField(help_text="the tournament starts then, with whoever signed up")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_created")
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SIGNUP, db_index=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Round robin: the whole schedule, fixed at the start (rounds of tables of entry ids in seat order).
    schedule = models.JSONField(null=True, blank=True, editable=False)
    end_reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["status", "signup_closes"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_format_display()}, {self.status})"


class Entry(models.Model):
    """A player's place in a tournament; kept when they withdraw or are removed."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REMOVED = "removed", _("removed by a moderator")
        OUT = "out", _("knocked out")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournament_entries")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    joined_at = models.DateTimeField(auto_now_add=True)
    rating = models.IntegerField(default=1000, help_text="the player's rating in the game when the tournament began")
    byes = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["tournament", "joined_at"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="entry_unique")]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament_id}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    byes = models.JSONField(default=list, help_text="entry ids sitting out this round")

    class Meta:
        ordering = ["tournament", "number"]
        # The guard against a round started twice (two workers, a retried task): the second insert fails.
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_once")]


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    entries = models.JSONField(help_text="entry ids in seat order")
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.PROTECT, related_name="tournament_table")
    places = models.JSONField(null=True, blank=True, help_text="entry id -> place, once the table is decided")
    replaced = models.BooleanField(default=False, help_text="a moderator replaced this pairing; it counts for nothing")

    class Meta:
        ordering = ["round", "number"]


class ModeratorNote(models.Model):
    """The audit trail of what moderators did to tournaments: who, what, when, why."""

    class Kind(models.TextChoices):
        CANCEL = "cancel", _("cancel tournament")
        REMOVE = "remove", _("remove player")
        REPLACE = "replace", _("replace pairing")

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="moderation")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    target_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    reason = models.TextField()
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]


class RoundNotice(models.Model):
    """The claim of one "your game in round N" notice, committed before it is sent: a worker that
    dies after sending cannot send it twice."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="notices")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "user"], name="round_notice_once")]
