"""Home app: the front page, the about page and the site's shared layout."""
