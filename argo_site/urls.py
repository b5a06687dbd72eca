from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.api.views import (
    BotAccountView,
    ExportView,
    MeView,
    PublicUserView,
    PushDevicesView,
    PushDeviceView,
    SignOutEverywhereView,
    TokenOfDeviceView,
    TokensView,
    TokenView,
    WebSocketTicketView,
)
from games.entry.api.errors import not_found
from games.entry.api.mine import MyGamesView
from games.entry.api.ratings import RatingsView
from games.entry.api.urls import turn_urlpatterns
from invites.api import InviteLinkView, JoinByLinkView
from notes.api import NoteView
from orders.api import OrdersView, OrderView
from quickmatch.api import QuickMatchView
from rematches.api import RematchView

handler400 = "games.entry.api.errors.bad_request"
handler403 = "games.entry.api.errors.permission_denied"
handler404 = "games.entry.api.errors.not_found"
handler429 = "games.entry.api.errors.too_many_requests"  # allauth's own limits (docs/security.md)
handler500 = "games.entry.api.errors.server_error"

api = [
    *turn_urlpatterns,
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("auth/ws-ticket/", WebSocketTicketView.as_view(), name="api-ws-ticket"),
    path("auth/tokens/", TokensView.as_view(), name="api-tokens"),
    path("auth/tokens/<str:handle>/", TokenOfDeviceView.as_view(), name="api-token-of-device"),
    path("auth/sign-out-everywhere/", SignOutEverywhereView.as_view(), name="api-sign-out-everywhere"),
    path("me/", MeView.as_view(), name="api-me"),
    path("me/bot/", BotAccountView.as_view(), name="api-me-bot"),
    path("me/games/", MyGamesView.as_view(), name="api-my-games"),
    path("me/export/", ExportView.as_view(), name="api-me-export"),
    path("me/devices/", PushDevicesView.as_view(), name="api-push-devices"),
    path("me/devices/<int:pk>/", PushDeviceView.as_view(), name="api-push-device"),
    path("users/<str:username>/", PublicUserView.as_view(), name="api-user"),
    path("ratings/<str:game>/", RatingsView.as_view(), name="api-ratings"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("stats.api_urls")),
    path("friends/", include("friends.api_urls")),
    path("games/<int:game_id>/note/", NoteView.as_view(), name="api-game-note"),
    path("games/<int:game_id>/orders/", OrdersView.as_view(), name="api-game-orders"),
    path("games/<int:game_id>/orders/<int:order_id>/", OrderView.as_view(), name="api-game-order"),
    path("games/<int:game_id>/rematch/", RematchView.as_view(), name="api-game-rematch"),
    path("games/<int:game_id>/invite-link/", InviteLinkView.as_view(), name="api-game-invite-link"),
    re_path(r"^invite/(?P<token>[A-Za-z0-9_-]{1,64})/join/\Z", JoinByLinkView.as_view(), name="api-invite-join"),
    path("quick-match/", QuickMatchView.as_view(), name="api-quick-match"),
    path("ladders/", include("ladders.api_urls")),
    path("letters/", include("letters.api_urls")),
    path("", include("webhooks.api_urls")),
    path("", include("games.entry.api.urls")),
    path("", include("tournaments.api_urls")),
    re_path(r"^.*$", not_found),  # JSON, not a page, for any unknown API path
]



def favicon(request):
    """Browsers ask for /favicon.ico wherever a page names no icon (the API's JSON, files)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


urlpatterns = [
    # The API first: Django tries the patterns in order, and a program's every decision and question
    # is an API request; no other prefix here begins with api/ (docs/performance.md).
    path("api/", include(api)),
    path("favicon.ico", favicon),
    path("admin/", admin.site.urls),
    # allauth's list of sessions is part of the settings page's list of sign-ins, with the programs'
    # tokens beside them (accounts.sign_ins): one list, one place.
    path("accounts/sessions/", RedirectView.as_view(url="/settings/#sign-ins")),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("tournaments/", include("tournaments.urls")),
    path("", include("stats.urls")),
    path("friends/", include("friends.urls")),
    path("", include("rematches.urls")),
    path("", include("invites.urls")),
    path("", include("quickmatch.urls")),
    path("ladders/", include("ladders.urls")),
    path("letters/", include("letters.urls")),
    path("", include("webhooks.urls")),
    path("", include("games.entry.urls")),
]
