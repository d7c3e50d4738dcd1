"""Fixtures shared by the web API tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wordlelab.web import create_app


#: the Host the in-process client sends (the app refuses names that are not its own)
BASE_URL = "http://localhost"


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """One app per test module, in-process."""
    with TestClient(create_app(), base_url=BASE_URL) as c:
        yield c
