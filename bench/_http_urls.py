"""The site's URLs plus a trivial JSON view, the reference of ``bench/http.py``.

The trivial view goes through the same middleware (sessions, CSRF) as the
check endpoint; only the work differs.
"""

from django.http import JsonResponse
from django.urls import path
from django.views.decorators.http import require_POST

from tutor.urls import urlpatterns as site_urlpatterns


@require_POST
def trivial(request):
    return JsonResponse({"correct": True})


urlpatterns = [*site_urlpatterns, path("bench/trivial/", trivial)]
