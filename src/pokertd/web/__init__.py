"""The web face: FastAPI app with the floor console, TV clock, player and dealer views, API."""

from pokertd.web.app import create_app
from pokertd.web.settings import Settings
from pokertd.web.users import Role, UserStore

__all__ = ["Role", "Settings", "UserStore", "create_app"]
