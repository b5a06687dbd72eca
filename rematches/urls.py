from django.urls import path

from . import views

urlpatterns = [path("games/<int:game_id>/rematch/", views.rematch, name="game_rematch")]
