from allauth.account.adapter import get_adapter
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, permissions, serializers
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import Profile
from accounts.ws_tickets import TICKET_SECONDS, issue
from games.api.contract import MethodFirst

from .serializers import ProfileSerializer, PublicUserSerializer


class MeView(MethodFirst, generics.RetrieveUpdateAPIView):
    """Your own profile: display name, language, time zone, email preferences."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ProfileSerializer
    http_method_names = ["get", "patch", "put", "head", "options"]

    def get_object(self):
        profile, _ = Profile.objects.get_or_create(user=self.request.user)
        return profile


class PublicUserView(MethodFirst, generics.RetrieveAPIView):
    """A player's public page data."""

    permission_classes = [permissions.AllowAny]
    serializer_class = PublicUserSerializer
    lookup_field = "username"
    queryset = get_user_model().objects.filter(is_active=True).select_related("profile")


FAILED_LOGIN_WINDOW = 300  # seconds: allauth's window for failed logins per account (ACCOUNT_RATE_LIMITS)


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=254, help_text="your username or email address")
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class TokenView(MethodFirst, APIView):
    """Exchange a username and password for an API token (`Authorization: Token …`).

    Goes through the same door as the login form (allauth's adapter), so both share one count of
    failed attempts per account and per address: past it, 429 with `Retry-After`."""

    permission_classes = [permissions.AllowAny]

    def get_authenticators(self):
        # Exchanging a password needs no other credentials (a stale token must not get in the way);
        # revoking needs the token or session being revoked.
        posting = getattr(self.request, "method", None) == "POST"
        return [] if posting else super().get_authenticators()

    def get_permissions(self):
        posting = getattr(self.request, "method", None) == "POST"
        return [permissions.AllowAny()] if posting else [permissions.IsAuthenticated()]

    @extend_schema(request=None, responses={204: None, 401: OpenApiResponse(description="not signed in")})
    def delete(self, request, *args, **kwargs):
        """Revoke your API token: every client using it is signed out; POST issues a new one."""
        Token.objects.filter(user=request.user).delete()
        return Response(status=204)

    @extend_schema(request=CredentialsSerializer, auth=[], responses={
        200: {"type": "object", "properties": {"token": {"type": "string"}}},
        400: OpenApiResponse(description="missing credentials"),
        401: OpenApiResponse(description="wrong credentials, or a suspended account"),
        429: OpenApiResponse(description="too many failed attempts; see Retry-After")})
    def post(self, request, *args, **kwargs):
        given = CredentialsSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        login, password = given.validated_data["username"], given.validated_data["password"]
        credentials = {"email" if "@" in login else "username": login, "password": password}
        try:
            user = get_adapter(request._request).authenticate(request._request, **credentials)
        except DjangoValidationError:
            raise Throttled(wait=FAILED_LOGIN_WINDOW,
                            detail="too many failed attempts to sign in; try again later") from None
        if user is None or not user.is_active:
            # Well-formed but wrong: an authentication failure (401), not a malformed request (400).
            return Response({"detail": "Unable to log in with provided credentials."}, status=401,
                            headers={"WWW-Authenticate": 'Token realm="api"'})
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


class WebSocketTicketView(MethodFirst, APIView):
    """A single-use ticket for `?ticket=…` on a WebSocket, valid for a minute: for clients that
    cannot set an `Authorization` header on a socket. Tokens never go into URLs."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={
        201: {"type": "object", "properties": {"ticket": {"type": "string"}, "expires_in": {"type": "integer"}},
              "required": ["ticket", "expires_in"]},
        401: OpenApiResponse(description="not signed in")})
    def post(self, request, *args, **kwargs):
        return Response({"ticket": issue(request.user.pk), "expires_in": TICKET_SECONDS}, status=201)
