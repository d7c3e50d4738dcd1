"""``bench/bench_scan.py``: its ``--bands`` are read as size bands, and a malformed one is refused."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from types import ModuleType

import pytest


def test_bands_are_read_in_order(bench_module: Callable[[str], ModuleType]) -> None:
    assert bench_module("bench_scan").parse_bands("50-58,59-66, 67-74") == [(50, 58), (59, 66), (67, 74)]


@pytest.mark.parametrize("text", ["5-x", "58-50", "2-9", "50", "-9", "50-58,"])
def test_a_malformed_band_is_refused(bench_module: Callable[[str], ModuleType], text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="a band is LO-HI"):
        bench_module("bench_scan").parse_bands(text)
