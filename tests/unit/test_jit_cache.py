"""numba's on-disk cache of the kernels is never stale (:mod:`wordlelab._jit`):
a compiled function is recompiled when a helper it calls from another file
changes, and every kernel module is covered."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from wordlelab import _jit

PACKAGE = Path(_jit.__file__).resolve().parent

_SCRIPT = """
import sys
from pathlib import Path
import wordlelab._jit as jit
root = Path(sys.argv[1])
jit._PACKAGE = root / "pkg"  # the kernels of this test's package are the ones stamped
jit.KERNEL_SOURCES = ("helper.py", "main.py")
sys.path.insert(0, str(root))
import pkg.main
print(pkg.main.f(1), pkg.main.f.stats.cache_hits.get(pkg.main.f.signatures[0], 0))
"""


def _run(root: Path) -> tuple[int, int]:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(root)], capture_output=True, text=True, env=env, timeout=300, check=True
    )
    value, hits = out.stdout.split()
    return int(value), int(hits)


def test_editing_a_helper_in_another_file_recompiles_its_caller(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    helper = pkg / "helper.py"
    helper.write_text(
        textwrap.dedent("""
        from wordlelab._jit import njit

        @njit(cache=True)
        def h(x):
            return x + 1
        """)
    )
    (pkg / "main.py").write_text(
        textwrap.dedent("""
        from wordlelab._jit import njit
        from .helper import h

        @njit(cache=True)
        def f(x):
            return h(x) * 10
        """)
    )
    assert _run(tmp_path) == (20, 0)  # compiled, and cached
    assert _run(tmp_path) == (20, 1)  # loaded from the cache
    helper.write_text(helper.read_text().replace("x + 1", "x + 2"))
    # numba alone would load f's cached code, with the old h inside: (20, 1)
    assert _run(tmp_path) == (30, 0)
    assert _run(tmp_path) == (30, 1)


def _package_imports(path: Path) -> set[str]:
    """The package files a module imports names from (relative imports)."""
    tree = ast.parse(path.read_text("utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level > 0:
            base = path.parent
            for _ in range(node.level - 1):
                base = base.parent
            target = base.joinpath(*(node.module or "").split("."))
            for candidate in (target.with_suffix(".py"), target / "__init__.py"):
                if node.module and candidate.exists():
                    out.add(candidate.relative_to(PACKAGE).as_posix())
    return out


def test_every_kernel_module_and_what_it_imports_is_stamped() -> None:
    compiled = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text("utf-8")
        rel = path.relative_to(PACKAGE).as_posix()
        if rel == "_jit.py":
            continue
        # numba's own njit/jit would cache without the stamp
        assert "from numba import njit" not in text and "numba.njit" not in text and "numba.jit" not in text, rel
        if "from .._jit import njit" in text or "from ._jit import njit" in text:
            compiled.add(rel)
    assert compiled, "no kernel module found"
    needed = set(compiled)
    for rel in compiled:
        needed |= {p for p in _package_imports(PACKAGE / rel) if p != "_jit.py"}
    assert needed <= set(_jit.KERNEL_SOURCES), sorted(needed - set(_jit.KERNEL_SOURCES))
    assert compiled <= set(_jit.KERNEL_SOURCES)


def test_the_solver_is_stamped_with_every_kernel_source() -> None:
    from numba.core import caching

    from wordlelab.search import _core

    locator = caching.CompileResultCacheImpl(_core._solve.py_func)._locator
    own, kernels = locator.get_source_stamp()
    assert kernels == _jit.kernel_digest()
    assert isinstance(own, bytes) and own != kernels
