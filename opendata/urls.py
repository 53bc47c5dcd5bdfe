from django.urls import path

from . import views

urlpatterns = [
    path("open-data/", views.opendata_page, name="opendata"),
    path("open-data/files/<str:name>", views.opendata_file, name="opendata-file"),
]
