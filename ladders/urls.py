from django.urls import path

from . import views

urlpatterns = [
    path("", views.ladder_list, name="ladders"),
    path("<int:ladder_id>/", views.ladder_page, name="ladder"),
    path("<int:ladder_id>/join/", views.join, name="ladder_join"),
    path("<int:ladder_id>/leave/", views.leave, name="ladder_leave"),
    path("<int:ladder_id>/challenge/", views.challenge, name="ladder_challenge"),
]
