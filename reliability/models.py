"""A summary row per player and finished game with a clock (reliability.summary writes them as games
finish): what the player's reliability reads over their last games, never the games themselves
(docs/reliability.md)."""
from django.conf import settings
from django.db import models

# Where each bucket of a turn's length begins, in seconds: the median is said as the bucket that
# holds the middle turn ("3–4 h"). The last bucket has no end.
MINUTE, HOUR, DAY = 60, 3600, 86400
BUCKETS = (0, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 9 * HOUR, 12 * HOUR,
           18 * HOUR, DAY, 2 * DAY, 3 * DAY, 4 * DAY, 5 * DAY, 7 * DAY, 10 * DAY, 14 * DAY, 21 * DAY)
BUCKET_COLUMNS = tuple(f"b{i}" for i in range(len(BUCKETS)))


class Played(models.Model):
    """One player's part in one finished game with a clock."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    finished_at = models.DateTimeField(help_text="when the game finished: the last 100 are read")
    turns = models.PositiveIntegerField(default=0, help_text="the player's turns on the clock: those they played "
                                                             "and the one whose deadline passed")
    timed_out = models.PositiveIntegerField(default=0, help_text="of them, the turns whose deadline passed")
    left_game = models.BooleanField(default=False, help_text="timed out, resigned, or a stand-in bot kept the seat to the end")
    # The player's own turns by length (BUCKETS): b0 under 10 minutes, b1 10 to 30 minutes, ...
    b0 = models.PositiveIntegerField(default=0)
    b1 = models.PositiveIntegerField(default=0)
    b2 = models.PositiveIntegerField(default=0)
    b3 = models.PositiveIntegerField(default=0)
    b4 = models.PositiveIntegerField(default=0)
    b5 = models.PositiveIntegerField(default=0)
    b6 = models.PositiveIntegerField(default=0)
    b7 = models.PositiveIntegerField(default=0)
    b8 = models.PositiveIntegerField(default=0)
    b9 = models.PositiveIntegerField(default=0)
    b10 = models.PositiveIntegerField(default=0)
    b11 = models.PositiveIntegerField(default=0)
    b12 = models.PositiveIntegerField(default=0)
    b13 = models.PositiveIntegerField(default=0)
    b14 = models.PositiveIntegerField(default=0)
    b15 = models.PositiveIntegerField(default=0)
    b16 = models.PositiveIntegerField(default=0)
    b17 = models.PositiveIntegerField(default=0)
    b18 = models.PositiveIntegerField(default=0)
    b19 = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="played_user_game")]
        # a player's last games, newest first (the window of the reads)
        indexes = [models.Index(fields=["user", "-finished_at", "-game"], name="played_user_latest")]

    def __str__(self) -> str:
        return f"{self.user_id} in game {self.game_id}"
