"""The home app's pages: front page, about page and the Spanish error pages."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_page_is_served_at_the_site_root(client):
    assert reverse("home:index") == "/"
    response = client.get("/")
    assert response.status_code == 200
    assert "home/index.html" in [t.name for t in response.templates]


def test_home_page_is_in_spanish(client):
    html = client.get("/").content.decode()
    assert '<html lang="es">' in html
    assert "Aprende las reglas del backgammon" in html
    assert "Saltar al contenido" in html


def test_home_page_links_the_lesson_index(client):
    html = client.get("/").content.decode()
    assert 'href="/lecciones/"' in html


def test_home_page_links_the_glossary_and_the_explorer(client):
    html = client.get("/").content.decode()
    assert 'href="/glosario/"' in html
    assert 'href="/explorar/"' in html


def test_main_navigation_lists_every_section(client):
    html = client.get("/").content.decode()
    assert '<nav class="site-nav" id="menu-principal" aria-label="Principal">' in html
    assert 'aria-controls="menu-principal"' in html
    for label in ("Inicio", "Lecciones", "Explorar", "Glosario", "Acerca de"):
        assert f">{label}</a>" in html
    assert '<main id="contenido"' in html


def test_navigation_marks_the_current_page(client):
    html = client.get("/acerca/").content.decode()
    assert '<a href="/acerca/" aria-current="page">Acerca de</a>' in html
    assert '<a href="/" aria-current="page">' not in html


def test_pages_load_no_external_resources_or_inline_scripts(client):
    for url in ("/", "/acerca/"):
        html = client.get(url).content.decode()
        scripts = re.findall(r"<script[^>]*>", html)
        assert scripts and all(re.fullmatch(r'<script type="module" src="/static/[^"]+">', tag) for tag in scripts)
        assert not re.search(r"<script[^>]*>[^<]", html)
        assert 'src="http' not in html
        assert '<link rel="stylesheet" href="/static/css/site.css">' in html


def test_about_page_is_in_spanish_and_names_the_license(client):
    assert reverse("home:about") == "/acerca/"
    response = client.get("/acerca/")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="es">' in html
    assert "Acerca de este proyecto" in html
    assert "GPL-3.0-or-later" in html
    assert "GNU Backgammon" in html


def test_about_page_links_the_lesson_index(client):
    html = client.get("/acerca/").content.decode()
    assert 'href="/lecciones/"' in html


def test_unknown_url_gives_a_spanish_404_page(client):
    response = client.get("/esta-pagina-no-existe/")
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="es">' in html
    assert "No encontramos esta página" in html
    assert 'href="/"' in html


def test_server_error_page_renders_without_a_request():
    from django.template import loader

    html = loader.get_template("500.html").render()
    assert '<html lang="es">' in html
    assert "Algo ha fallado en el servidor" in html


@pytest.mark.parametrize(
    ("template_name", "heading"),
    [
        ("400.html", "No hemos entendido la petición"),
        ("403.html", "No tienes permiso para ver esta página"),
        ("404.html", "No encontramos esta página"),
    ],
)
def test_error_pages_are_in_spanish(rf, template_name, heading):
    from django.template import loader

    html = loader.render_to_string(template_name, request=rf.get("/x/"))
    assert '<html lang="es">' in html
    assert heading in html
