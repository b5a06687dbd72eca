"""The invitation link in the API: the creator's GET / POST / DELETE /api/games/<id>/invite-link/, and
POST /api/invite/<secret>/join/ for whoever holds a link. Thin views over invites.services."""
from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst
from games.entry.api.schema import DETAIL
from games.services import NotFound

from . import services


class InviteLinkSerializer(serializers.Serializer):
    url = serializers.SerializerMethodField(help_text="the link to send: whoever opens it may take a free seat")
    created_at = serializers.DateTimeField()

    def get_url(self, link) -> str:
        return self.context["request"].build_absolute_uri(f"/invite/{link.token}/")


class JoinedSerializer(serializers.Serializer):
    game = serializers.IntegerField(source="pk")
    status = serializers.CharField(help_text="open while seats are free, active once the last one is taken")
    url = serializers.SerializerMethodField(help_text="the game's page")

    def get_url(self, game) -> str:
        return f"/games/{game.pk}/"


class InviteLinkView(MethodFirst, APIView):
    """An open game's invitation link, for its creator: read it, make a new one (the old one stops
    working), or revoke it. 403 for anyone else; 409 once the game has started."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "post", "delete", "options"]

    @extend_schema(responses={200: InviteLinkSerializer, 401: DETAIL, 404: DETAIL})
    def get(self, request, game_id: int):
        link = services.link_of(request.user, game_id)
        if link is None:
            raise NotFound(gettext("no invitation link of yours for this game"))
        return Response(InviteLinkSerializer(link, context={"request": request}).data)

    @extend_schema(request=None, responses={201: InviteLinkSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL, 409: DETAIL})
    def post(self, request, game_id: int):
        link = services.make_link(request.user, game_id)
        return Response(InviteLinkSerializer(link, context={"request": request}).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, 401: DETAIL, 403: DETAIL, 404: DETAIL})
    def delete(self, request, game_id: int):
        services.revoke(request.user, game_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class JoinByLinkView(MethodFirst, APIView):
    """Take a free seat of the game an invitation link leads to (already seated: the same answer). A link
    that does not work, for whatever reason, is a 404 that names no game."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["post", "options"]

    @extend_schema(request=None, responses={200: JoinedSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL, 409: DETAIL})
    def post(self, request, token: str):
        return Response(JoinedSerializer(services.join_by_link(request.user, token)).data)
