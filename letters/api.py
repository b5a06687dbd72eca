"""Direct messages in the API: GET /api/letters/ (the conversations), GET and POST
/api/letters/<username>/ (a conversation, newest first with a cursor; a new message), and
POST /api/letters/messages/<id>/report/. Thin views over letters.services; refusals carry their status
and a `detail`."""
from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import display_name
from foundation.api import MethodFirst
from games.entry.api.schema import DETAIL
from games.services import Invalid

from . import services
from .counts import unread_count
from .models import LONGEST


def _errors(*codes):
    return dict.fromkeys(codes, DETAIL)


class ConversationSerializer(serializers.Serializer):
    username = serializers.CharField(source="other.username", help_text="the other player")
    name = serializers.SerializerMethodField()
    last_line = serializers.CharField(help_text="the last message's first line")
    last_at = serializers.DateTimeField()
    unread = serializers.IntegerField(help_text="the other player's messages you have not read")

    def get_name(self, summary) -> str:
        return display_name(summary.other)


class MessageSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    author = serializers.CharField(source="author.username")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()


class PageSerializer(serializers.Serializer):
    results = MessageSerializer(many=True, help_text="newest first")
    next = serializers.IntegerField(allow_null=True, help_text="the `before` of the next (older) page; null: none")
    unread = serializers.IntegerField(help_text="your unread messages over every conversation, after this read")


class WriteSerializer(serializers.Serializer):
    """For the schema: the service checks the text itself, and refuses in the reader's words."""

    text = serializers.RegexField(r"\S", max_length=LONGEST, help_text="up to 2000 characters, not all spaces")


class ReportSerializer(serializers.Serializer):
    message = serializers.IntegerField(source="message_id")
    created_at = serializers.DateTimeField()


class ConversationsView(MethodFirst, APIView):
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "options"]

    @extend_schema(responses={200: ConversationSerializer(many=True)},
                   description="Your conversations, newest first, each with its last message and unread count.")
    def get(self, request):
        return Response(ConversationSerializer(services.conversations(request.user), many=True).data)


class CursorSerializer(serializers.Serializer):
    before = serializers.IntegerField(min_value=1, max_value=2**62, required=False,
                                      help_text="the cursor: only messages older than this id")


class ConversationView(MethodFirst, APIView):
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "post", "options"]

    @extend_schema(parameters=[CursorSerializer], responses={200: PageSerializer, **_errors(400, 404)},
                   description="Your conversation with a player, newest first, 50 a page (`next` is the "
                               "`before` of the next page). Reading the newest page marks it read.")
    def get(self, request, username: str):
        other = services.player(username)
        page, more = services.messages_between(request.user, other, before=_cursor(request))
        return Response(PageSerializer({"results": page, "next": page[-1].pk if more else None,
                                        "unread": unread_count(request.user)}).data)

    @extend_schema(request=WriteSerializer, responses={201: MessageSerializer, **_errors(400, 403, 404, 429)},
                   description="Write to a player. 400 a blank or too long text; 403 yourself, or the player "
                               "does not accept it (a block, friends only, a bot); 404 no such player; 429 too "
                               "many messages in a minute.")
    def post(self, request, username: str):
        text = request.data.get("text") if isinstance(request.data, dict) else None
        message = services.send(request.user, username, text)
        return Response(MessageSerializer(message).data, status=status.HTTP_201_CREATED)


class ReportView(MethodFirst, APIView):
    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]

    @extend_schema(request=None, responses={201: ReportSerializer, **_errors(403, 404, 409)},
                   description="Report a message of the other player's to the moderators, once. 403 your own; "
                               "404 a message of no conversation of yours; 409 reported already.")
    def post(self, request, message_id: int):
        return Response(ReportSerializer(services.report(request.user, message_id)).data,
                        status=status.HTTP_201_CREATED)


def _cursor(request) -> int | None:
    cursor = CursorSerializer(data=request.query_params)
    if not cursor.is_valid():
        raise Invalid(gettext("before: the id of a message"))
    return cursor.validated_data.get("before")
