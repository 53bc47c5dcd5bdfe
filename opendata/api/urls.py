from django.urls import path

from . import views

urlpatterns = [
    path("open-data/dumps/", views.DumpListApi.as_view(), name="opendata-dumps"),
    path("open-data/games/", views.PublishedGameListApi.as_view(), name="opendata-games"),
]
