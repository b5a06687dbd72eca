from django.urls import path

from . import views

urlpatterns = [
    path("", views.index, name="letters"),
    path("messages/<int:message_id>/report/", views.report, name="letters_report"),
    path("<str:username>/", views.conversation, name="letters_conversation"),
]
