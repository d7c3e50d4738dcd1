"""The local web app: a thin JSON layer over Session, Game and the strategies.

:func:`create_app` builds the FastAPI application (JSON API under ``/api``,
documented at ``/docs``; static pages under ``/``).  The API is stateless: the
client sends the whole history with each request, so a restart loses nothing
and users never share state.  ``wordlelab web`` serves it on 127.0.0.1.
"""

from .app import Limits, create_app

__all__ = ["Limits", "create_app"]
