from django.urls import path

from . import views

urlpatterns = [
    path("quick-match/<str:game_name>/", views.play_now, name="quick_match"),
]
