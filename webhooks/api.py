"""A player's webhooks, for that player only: thin views over webhooks.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst, StrictCharField
from games.entry.api.schema import DETAIL

from . import services
from .models import MAX_URL, Webhook


class NewWebhookSerializer(serializers.Serializer):
    url = StrictCharField(max_length=MAX_URL, help_text="https on the default port, a host on the public internet")
    format = serializers.ChoiceField(choices=Webhook.Format.choices, default=Webhook.Format.TEXT,
                                     help_text='the body posted: text {"text", "url"}, discord {"content"}')


class WebhookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Webhook
        fields = ["id", "url", "format", "created_at", "last_posted_at", "failures"]
        read_only_fields = fields


class WebhooksView(MethodFirst, APIView):
    """Your webhooks: chat services' addresses that get your turn notices (docs/webhooks.md). POST adds
    one once it has taken a test message."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "post", "head", "options"]

    @extend_schema(responses={200: WebhookSerializer(many=True), 401: DETAIL, 403: DETAIL})
    def get(self, request):
        return Response(WebhookSerializer(services.hooks_of(request.user), many=True).data)

    @extend_schema(request=NewWebhookSerializer,
                   responses={201: WebhookSerializer, 400: DETAIL, 401: DETAIL, 403: DETAIL, 409: DETAIL, 429: DETAIL})
    def post(self, request):
        given = NewWebhookSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        hook = services.add(request.user, given.validated_data["url"], given.validated_data["format"])
        return Response(WebhookSerializer(hook).data, status=status.HTTP_201_CREATED)


class WebhookView(MethodFirst, APIView):
    """One of your webhooks: DELETE removes it."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["delete", "options"]

    @extend_schema(request=None, responses={204: None, 401: DETAIL, 403: DETAIL, 404: DETAIL})
    def delete(self, request, hook_id: int):
        services.remove(request.user, hook_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
