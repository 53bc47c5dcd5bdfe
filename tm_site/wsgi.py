import os

from django.core.wsgi import get_wsgi_application

from tm_site.safety import check_serving_settings

# Servers run production settings unless told otherwise; manage.py defaults to development.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tm_site.settings.prod")
application = get_wsgi_application()
check_serving_settings()
