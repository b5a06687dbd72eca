"""The player's follows, friends, blocks, preferences and invitation notes, for their data export
(foundation.export). Names are usernames; a note another player wrote them is theirs to read."""
from __future__ import annotations

from django.db.models import Q

from .models import Block, Follow, Friendship, InvitationNote, Preferences


def friends(user) -> dict:
    ties = Friendship.objects.filter(Q(low=user) | Q(high=user)).select_related("low", "high", "requested_by")
    preferences = Preferences.objects.filter(user=user).first()
    return {
        "following": [{"username": f.followed.username, "since": f.created_at}
                      for f in Follow.objects.filter(follower=user).select_related("followed")],
        "friends": [{"username": (t.high if t.low_id == user.pk else t.low).username, "asked_by": t.requested_by.username,
                     "asked": t.created_at, "accepted": t.accepted_at} for t in ties],
        "blocked": [{"username": b.blocked.username, "since": b.created_at}
                    for b in Block.objects.filter(blocker=user).select_related("blocked")],
        "preferences": {"invites_from_friends_only": bool(preferences and preferences.invites_from_friends_only),
                        "chat_from_friends_only": bool(preferences and preferences.chat_from_friends_only),
                        "messages_from_friends_only": bool(preferences and preferences.messages_from_friends_only)},
        "invitation_notes": [{"game": n.game_id, "from": n.author.username, "to": n.user.username, "text": n.text,
                              "written": n.created_at}
                             for n in InvitationNote.objects.filter(Q(user=user) | Q(author=user))
                             .select_related("author", "user").order_by("created_at")],
    }
