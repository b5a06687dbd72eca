"""Your private note on a game, for its players only: thin views over notes.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst, StrictCharField
from games.entry.api.schema import DETAIL

from . import services
from .models import MAX_LENGTH


@extend_schema_field({"type": "string", "maxLength": MAX_LENGTH, "pattern": "^[^\\x00]*$"})
class NoteTextField(StrictCharField):
    """Any text but NUL, which no database column of text holds (DRF refuses it: the schema says so)."""


class PrivateNoteSerializer(serializers.Serializer):
    text = NoteTextField(max_length=MAX_LENGTH, allow_blank=True, trim_whitespace=False)
    updated = serializers.DateTimeField(read_only=True, allow_null=True)


class NoteView(MethodFirst, APIView):
    """Your private note on a game you play in: nobody else ever reads it (not the other players,
    spectators, moderators, records, emails or live messages). PUT replaces it."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "put", "head", "options"]

    @extend_schema(responses={200: PrivateNoteSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL})
    def get(self, request, game_id: int):
        note = services.note_of(request.user, game_id)
        return Response({"text": note.text if note else "", "updated": note.updated if note else None})

    @extend_schema(request=PrivateNoteSerializer, responses={200: PrivateNoteSerializer, 400: DETAIL, 401: DETAIL, 403: DETAIL,
                                                      404: DETAIL})
    def put(self, request, game_id: int):
        given = PrivateNoteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        note = services.keep_note(request.user, game_id, given.validated_data["text"])
        return Response(PrivateNoteSerializer(note).data)
