from allauth.account.adapter import get_adapter
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, permissions, serializers
from rest_framework.exceptions import NotFound, Throttled
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import credentials, sign_ins
from accounts.models import DEVICE_NAME_LENGTH, ApiToken, Profile, PushDevice, validate_one_line
from accounts.ws_tickets import TICKET_SECONDS, issue
from foundation import export
from foundation.api import MethodFirst
from games import services
from games.entry.api.schema import DETAIL

from .serializers import (
    MAX_PUSH_DEVICES,
    DeviceNameField,
    ProfileSerializer,
    PublicUserSerializer,
    PushDeviceSerializer,
)


class MeView(MethodFirst, generics.RetrieveUpdateAPIView):
    """Your own profile: display name, language, time zone, email preferences."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ProfileSerializer
    http_method_names = ["get", "patch", "put", "head", "options"]

    def get_object(self):
        profile, _ = Profile.objects.get_or_create(user=self.request.user)
        return profile


class ExportView(MethodFirst, APIView):
    """Everything the site keeps of you, as one JSON file to save: your account and preferences,
    your games (seat, result, the address of each record), chat messages, invitations, notes, friends,
    blocks, tournaments and rematches (docs/api.md). Nobody else's private data; no secret."""

    permission_classes = [permissions.IsAuthenticated]
    http_method_names = ["get", "head", "options"]

    @extend_schema(responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description=(
        "`Content-Disposition: attachment; filename=\"argo-station-<username>-<date>.json\"`")), 401: DETAIL})
    def get(self, request):
        response = Response(export.export_of(request.user))
        response["Content-Disposition"] = f'attachment; filename="{export.filename(request.user)}"'
        response["Cache-Control"] = "private, no-store"
        return response


class PublicUserView(MethodFirst, generics.RetrieveAPIView):
    """A player's public page data."""

    permission_classes = [permissions.AllowAny]
    serializer_class = PublicUserSerializer
    lookup_field = "username"
    queryset = get_user_model().objects.filter(is_active=True).select_related("profile")


class BotAccountView(MethodFirst, APIView):
    """Make your account a bot account: a program plays it through the API with its token.

    Only an account that has never taken a seat (nor is signed up for a tournament not yet finished)
    may become one, and it stays one (as on lichess):
    its games and rating are a program's, and pages mark it as a bot. docs/api.md has a whole client."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: PublicUserSerializer, 401: OpenApiResponse(description="not signed in"),
                                            409: OpenApiResponse(description="the account has played, is signed up for a tournament "
                                                                      "not yet finished, or is one of the site's bots")})
    def post(self, request):
        services.become_api_bot(request.user)
        user = get_user_model().objects.select_related("profile").get(pk=request.user.pk)
        return Response(PublicUserSerializer(user).data)


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=254, help_text="your username or email address")
    password = serializers.CharField(max_length=128, trim_whitespace=False)
    device = DeviceNameField(
        max_length=DEVICE_NAME_LENGTH, required=False, default="", allow_blank=True, validators=[validate_one_line],
        help_text="what to call this device in your list of sign-ins; a new sign-in with the same name "
                  "replaces that device's token")


class TokenView(MethodFirst, APIView):
    """Exchange a username and password for an API token (`Authorization: Token …`).

    Each exchange issues a new key, valid for 90 days (API_TOKEN_DAYS), for the device it names
    (`device`, or an unnamed one): the device's previous key ends with the sockets it opened. An
    account holds at most API_TOKENS_PER_ACCOUNT keys; a new one past that ends the oldest.

    Goes through the same door as the login form (allauth's adapter), so both share the counts of
    sign-ins and of failed attempts per account and per address: past one, 429 with `Retry-After`."""

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
        """Revoke the API token this request signed in with (signed in with a session: every token
        of the account): whoever uses it is signed out, its sockets close (4401); POST issues a new one."""
        if isinstance(request.auth, ApiToken):
            request.auth.delete()
        else:
            ApiToken.objects.filter(user=request.user).delete()
        return Response(status=204)

    @extend_schema(request=CredentialsSerializer, auth=[], responses={
        200: {"type": "object", "properties": {"token": {"type": "string"}}},
        400: OpenApiResponse(description="missing credentials"),
        401: OpenApiResponse(description="wrong credentials, or a suspended account"),
        429: OpenApiResponse(description="too many sign-ins or failed attempts; see Retry-After")})
    def post(self, request, *args, **kwargs):
        given = CredentialsSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        login, password = given.validated_data["username"], given.validated_data["password"]
        credentials = {"email" if "@" in login else "username": login, "password": password}
        try:
            user = get_adapter(request._request).authenticate(request._request, **credentials)
        except DjangoValidationError:
            raise Throttled(wait=getattr(request._request, "login_retry_after", settings.LOGIN_LIMITS["account"][1]),
                            detail="too many attempts to sign in; try again later") from None
        if user is None or not user.is_active:
            # Well-formed but wrong: an authentication failure (401), not a malformed request (400).
            return Response({"detail": "Unable to log in with provided credentials."}, status=401,
                            headers={"WWW-Authenticate": 'Token realm="api"'})
        return Response({"token": new_token(user, given.validated_data["device"])})


def new_token(user, device: str = "") -> str:
    """A new key at each sign-in, with a lifetime of its own (settings.API_TOKEN_LIFETIME): the
    device's previous key ends, and so do the oldest past the account's limit; the sockets opened
    with them close. Two sign-ins of one device at once: the last wins."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        ApiToken.objects.filter(user=user, device=device).delete()
        kept = ApiToken.objects.filter(user=user).order_by("-created")[:settings.API_TOKENS_PER_ACCOUNT - 1]
        ApiToken.objects.filter(user=user).exclude(digest__in=[t.digest for t in kept]).delete()
        return ApiToken.issue(user, device)


class ProgramSerializer(serializers.Serializer):
    handle = serializers.CharField(help_text="names the token in DELETE /api/auth/tokens/{handle}/; not a key")
    device = serializers.CharField(help_text="what the program called its device at sign-in; empty if nothing")
    since = serializers.DateTimeField()
    last_used = serializers.DateTimeField(allow_null=True, help_text="to the hour")
    expires = serializers.DateTimeField()
    current = serializers.BooleanField(help_text="the token of this very request")


class TokensView(MethodFirst, APIView):
    """Your API tokens still valid, one per device that signed in, newest first."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: ProgramSerializer(many=True), 401: OpenApiResponse(description="not signed in")})
    def get(self, request, *args, **kwargs):
        current = request.auth if isinstance(request.auth, ApiToken) else None
        return Response(ProgramSerializer(sign_ins.programs(request.user, current), many=True).data)


class TokenOfDeviceView(MethodFirst, APIView):
    """End one of your API tokens (a lost phone, a program you no longer run): its sockets close."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 401: OpenApiResponse(description="not signed in"),
                                            404: OpenApiResponse(description="none of your tokens")})
    def delete(self, request, handle: str, *args, **kwargs):
        if not sign_ins.end_program(request.user, handle):
            raise NotFound("none of your tokens has that handle")
        return Response(status=204)


class SignOutEverywhereView(MethodFirst, APIView):
    """Sign out everywhere: every browser session and every API token of the account ends (this
    request's too) and every socket closes. Signing in again works as before."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={204: None, 401: OpenApiResponse(description="not signed in")})
    def post(self, request, *args, **kwargs):
        sign_ins.sign_out_everywhere(request)
        return Response(status=204)


def credential_of(request) -> tuple[str, float | None, str | None]:
    """(name, expiry timestamp, session key) of what this request signed in with: its token, or its
    session (whose key the ticket needs to find out later whether it still holds)."""
    if isinstance(request.auth, ApiToken):
        return credentials.token_name(request.auth), credentials.token_expires(request.auth).timestamp(), None
    key = request.session.session_key or ""
    return credentials.name(credentials.SESSION, key), None, key


class WebSocketTicketView(MethodFirst, APIView):
    """A single-use ticket for `?ticket=…` on a WebSocket, valid for a minute: for clients that
    cannot set an `Authorization` header on a socket. Tokens never go into URLs."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={
        201: {"type": "object", "properties": {"ticket": {"type": "string"}, "expires_in": {"type": "integer"}},
              "required": ["ticket", "expires_in"]},
        401: OpenApiResponse(description="not signed in")})
    def post(self, request, *args, **kwargs):
        ticket = issue(request.user.pk, *credential_of(request))
        return Response({"ticket": ticket, "expires_in": TICKET_SECONDS}, status=201)


class PushDevicesView(MethodFirst, generics.ListCreateAPIView):
    """The browsers that get your pushes (Web Push); POST a browser's subscription to add it.

    The same subscription posted again (a browser renewing it) updates it; from another account,
    the browser moves to whoever signed in on it last."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = PushDeviceSerializer
    pagination_class = None

    def get_queryset(self):
        return PushDevice.objects.filter(user=self.request.user)

    @extend_schema(responses={201: PushDeviceSerializer, 200: PushDeviceSerializer,
                              400: OpenApiResponse(description="not a subscription"),
                              409: OpenApiResponse(description="you have the most devices there may be")})
    def post(self, request, *args, **kwargs):
        given = PushDeviceSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        known = PushDevice.objects.filter(endpoint=data["endpoint"]).first()
        # A device taken over from another account is a new one here: it counts toward the limit.
        if (known is None or known.user_id != request.user.pk) and self.get_queryset().count() >= MAX_PUSH_DEVICES:
            return Response({"detail": f"at most {MAX_PUSH_DEVICES} devices get pushes; remove one in your settings first"},
                            status=409)
        fields = {"user": request.user, "p256dh": data["p256dh"], "auth": data["auth"], "label": data.get("label", "")}
        try:
            device, created = PushDevice.objects.update_or_create(endpoint=data["endpoint"], defaults=fields)
        except IntegrityError:  # the same browser posting twice at once: the other request made it
            device, created = PushDevice.objects.update_or_create(endpoint=data["endpoint"], defaults=fields)
        return Response(PushDeviceSerializer(device).data, status=201 if created else 200)


class PushDeviceView(MethodFirst, generics.DestroyAPIView):
    """Stop pushes to one of your browsers."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = PushDeviceSerializer

    def get_queryset(self):
        return PushDevice.objects.filter(user=self.request.user)
