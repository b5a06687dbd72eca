from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import generics, permissions
from rest_framework.authtoken.views import ObtainAuthToken

from accounts.models import Profile

from .serializers import ProfileSerializer, PublicUserSerializer


class MeView(generics.RetrieveUpdateAPIView):
    """Your own profile: display name, language, time zone, email preferences."""

    permission_classes = [permissions.IsAuthenticated]
    serializer_class = ProfileSerializer
    http_method_names = ["get", "patch", "put", "head", "options"]

    def get_object(self):
        profile, _ = Profile.objects.get_or_create(user=self.request.user)
        return profile


class PublicUserView(generics.RetrieveAPIView):
    """A player's public page data."""

    permission_classes = [permissions.AllowAny]
    serializer_class = PublicUserSerializer
    lookup_field = "username"
    queryset = get_user_model().objects.filter(is_active=True).select_related("profile")


class TokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (`Authorization: Token …`)."""

    @extend_schema(responses={200: {"type": "object", "properties": {"token": {"type": "string"}}}})
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)
