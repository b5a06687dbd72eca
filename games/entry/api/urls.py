from django.urls import include, path
from rest_framework.routers import DefaultRouter

from .views import GameViewSet

router = DefaultRouter(trailing_slash=True)
router.register("games", GameViewSet, basename="game")

urlpatterns = [path("", include(router.urls))]
