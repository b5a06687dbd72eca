"""A player's standing orders in a game, for that player only: thin views over orders.services."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api import MethodFirst
from games.entry.api.schema import DETAIL

from . import services
from .models import MAX_LINE, Order


class LineSerializer(serializers.Serializer):
    line = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=MAX_LINE,
                                 help_text="decisions from the present position, for whichever seat decides, as the "
                                           "analysis board plays them; its last run of your own decisions is the answer")
    deal = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False, default=0,
                                    help_text="the guessed world the line is played in, as the analysis board's deal")


class OrderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Order.Status.choices)
    reason = serializers.CharField(help_text="why it ended (stopped, missed), in your language; else empty")
    base = serializers.IntegerField(help_text="the game's seq the line starts from")
    deal = serializers.IntegerField()
    line = serializers.ListField(child=serializers.DictField(), max_length=MAX_LINE)
    expected = serializers.SerializerMethodField(help_text="the seat deciding each expected decision, in order")
    answer = serializers.ListField(child=serializers.DictField(), max_length=MAX_LINE,
                                   help_text="your decisions played when every expected one has happened")
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)

    def get_expected(self, order) -> list[int]:
        return [seat for seat, _ in order.expected]


ERRORS = {400: DETAIL, 401: DETAIL, 403: DETAIL, 404: DETAIL, 409: DETAIL, 429: DETAIL}


class OrdersView(MethodFirst, APIView):
    """Your standing orders in a game you play: "if what I see happen from now on is exactly this line,
    answer with its last decisions of mine". Nobody else ever reads them (docs/orders.md)."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "post", "head", "options"]

    @extend_schema(responses={200: OrderSerializer(many=True), 401: DETAIL, 403: DETAIL, 404: DETAIL})
    def get(self, request, game_id: int):
        return Response(OrderSerializer(services.orders_of(request.user, game_id), many=True).data)

    @extend_schema(request=LineSerializer, responses={201: OrderSerializer, **ERRORS})
    def post(self, request, game_id: int):
        given = LineSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        order = services.place(request.user, game_id, given.validated_data["line"], given.validated_data["deal"])
        return Response(OrderSerializer(order).data, status=status.HTTP_201_CREATED)


class OrderView(MethodFirst, APIView):
    """One of your standing orders: PUT replaces its line (played again from the present position),
    DELETE withdraws it; both only while it waits."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["put", "delete", "options"]

    @extend_schema(request=LineSerializer, responses={200: OrderSerializer, **ERRORS})
    def put(self, request, game_id: int, order_id: int):
        given = LineSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        order = services.replace(request.user, game_id, order_id, given.validated_data["line"],
                                 given.validated_data["deal"])
        return Response(OrderSerializer(order).data)

    @extend_schema(request=None, responses={200: OrderSerializer, 401: DETAIL, 403: DETAIL, 404: DETAIL, 409: DETAIL})
    def delete(self, request, game_id: int, order_id: int):
        return Response(OrderSerializer(services.withdraw(request.user, game_id, order_id)).data)
