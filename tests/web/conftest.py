"""Fixtures shared by the web API tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_support import BASE_URL

from wordlelab.web import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """One app per test module, in-process."""
    with TestClient(create_app(), base_url=BASE_URL) as c:
        yield c
