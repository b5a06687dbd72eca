"""Who follows whom, who are friends, who blocked whom, and what each player accepts from strangers."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from games.models import Game

USER = settings.AUTH_USER_MODEL


def one_way(table: str, source: str, target: str) -> list:
    """A player to another, once, and never to themselves."""
    return [models.UniqueConstraint(fields=[source, target], name=f"{table}_unique"),
            models.CheckConstraint(condition=~Q(**{source: F(target)}), name=f"{table}_not_self")]


class Follow(models.Model):
    """One way: the follower sees the followed player's games on /friends/; nobody is asked."""

    follower = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="follows")
    followed = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = one_way("follow", "follower", "followed")


class Friendship(models.Model):
    """A request while `accepted_at` is empty, a friendship after. One row per pair, the lower user
    id first, so that two players asking each other at the same moment meet on the same row (the
    second to ask accepts the first request) instead of leaving two requests."""

    low = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    high = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["low", "high"], name="friendship_pair_unique"),
                       models.CheckConstraint(condition=Q(low__lt=F("high")), name="friendship_ordered_pair")]

    def other(self, user_id: int) -> int:
        return self.high_id if self.low_id == user_id else self.low_id


class Block(models.Model):
    """The blocked player cannot join the blocker's games, invite them or chat where they sit."""

    blocker = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="blocked_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = one_way("block", "blocker", "blocked")


class Preferences(models.Model):
    """A player's choices about strangers; a player without a row accepts everyone."""

    user = models.OneToOneField(USER, on_delete=models.CASCADE, primary_key=True, related_name="friend_preferences")
    invites_from_friends_only = models.BooleanField(default=False)
    chat_from_friends_only = models.BooleanField(default=False)
    messages_from_friends_only = models.BooleanField(default=False, db_default=False)


class InvitationNote(models.Model):
    """The words a player sent with an invitation to a friend (games.Invitation has no message);
    shown to the invitee on /friends/ while the game is open."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="invitation_notes")
    author = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="invitation_note_unique")]
