"""Token authentication that fetches the user's profile in the same query (every answer needs it)."""
from rest_framework.authentication import TokenAuthentication


class ProfileTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key):
        from rest_framework.authtoken.models import Token
        from rest_framework.exceptions import AuthenticationFailed
        try:
            token = Token.objects.select_related("user__profile").get(key=key)
        except Token.DoesNotExist:
            raise AuthenticationFailed("Invalid token.") from None
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        return token.user, token
