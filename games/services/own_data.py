"""What the games keep of a player, for their data export (foundation.export): each game they sat
in (its seat, result and record's address), their chat messages and their invitations. What they
decided is in each game's record (docs/game-record.md); nothing here is hidden from them, and no
seed is given before the game is over (the record's own rule)."""
from __future__ import annotations

from games.models import ChatMessage, Invitation, Seat


def games(user) -> list[dict]:
    seats = Seat.objects.filter(user=user).select_related("game").order_by("game_id")
    return [{"game": s.game_id, "name": s.game.name, "status": s.game.status, "created": s.game.created_at,
             "started": s.game.started_at, "finished": s.game.finished_at, "seat": s.order, "colour": s.colour,
             "seat_status": s.status, "rank": s.rank, "score": s.score, "page": f"/games/{s.game_id}/",
             "record": f"/api/games/{s.game_id}/record/" if s.game.seed is not None else None}
            for s in seats]


def chat(user) -> list[dict]:
    return [{"game": m.game_id, "text": m.text, "sent": m.created_at, "hidden_by_a_moderator": m.hidden}
            for m in ChatMessage.objects.filter(user=user).order_by("created_at", "id")]


def invitations(user) -> list[dict]:
    return [{"game": i.game_id, "received": i.created_at, "declined": i.declined_at}
            for i in Invitation.objects.filter(user=user).order_by("created_at", "id")]


def own_data(user) -> dict:
    return {"games": games(user), "chat": chat(user), "invitations": invitations(user)}
