from typing import cast

from django.urls import URLPattern, include, path, re_path
from rest_framework.routers import DefaultRouter

from . import decisions
from .views import GameViewSet

router = DefaultRouter(trailing_slash=True)
router.register("games", GameViewSet, basename="game")
routes = router.urls
_api_view = {route.name: route.callback for route in cast(list[URLPattern], routes)}  # a router's routes are all views

# The two requests of every turn: plain views that hand anything unusual to GameViewSet's. The
# site lists them first among the API's paths (argo_site/urls.py): each path tried before the one
# that matches costs every request some CPU.
turn_urlpatterns = [
    re_path(r"^games/(?P<pk>[0-9]{1,18})/moves/\Z", decisions.decide(_api_view["game-moves"])),
    re_path(r"^games/(?P<pk>[0-9]{1,18})/actions/\Z", decisions.ask(_api_view["game-actions"])),
]
urlpatterns = [path("", include(routes))]
