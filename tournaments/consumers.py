"""/ws/tournaments/{id}/: "something changed" for an open tournament page, which then redraws.
The messages name only the tournament; anyone may watch, as anyone may read the page."""
from __future__ import annotations

from channels.db import database_sync_to_async

from games.entry.consumers import CLOSE_NOT_FOUND, AnnouncingConsumer

from .models import Tournament
from .reactions import group


class TournamentConsumer(AnnouncingConsumer):
    async def connect(self):
        tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        if not await self.exists(tournament_id):
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.join(group(tournament_id))

    @database_sync_to_async
    def exists(self, tournament_id: int) -> bool:
        return 0 < tournament_id < 2 ** 63 and Tournament.objects.filter(pk=tournament_id).exists()
