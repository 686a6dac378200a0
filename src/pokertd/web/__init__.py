"""The web face: FastAPI app with the floor console, TV clock, player and dealer views, API."""

from pokertd.roles import Role
from pokertd.web.app import create_app
from pokertd.web.settings import Settings

__all__ = ["Role", "Settings", "create_app"]
