"""The layout is the architecture: check the import layers and side effects statically.

kernels -> feedback/words/table -> state -> search -> strategies -> game/simulate/...
-> cli/web.  Nothing below cli/web imports a terminal or HTTP library, prints or
reads stdin; kernels know nothing of the rest of the package but its types.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wordlelab

ROOT = Path(wordlelab.__file__).parent
FRONTENDS = {"cli", "web"}
UI_LIBS = {"typer", "rich", "click", "fastapi", "starlette", "uvicorn", "httpx", "httpx2"}


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts)


def _layer(path: Path) -> str:
    rel = path.relative_to(ROOT)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imports(tree: ast.AST, path: Path) -> set[str]:
    """Absolute dotted names of everything the module imports."""
    out: set[str] = set()
    pkg = ".".join(("wordlelab",) + path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)
    return out


CORE = [p for p in _modules() if _layer(p) not in FRONTENDS and p.name != "__main__.py"]


@pytest.mark.parametrize("path", CORE, ids=lambda p: str(p.relative_to(ROOT)))
def test_core_has_no_ui(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    libs = {name.split(".")[0] for name in _imports(tree, path)}
    assert not libs & UI_LIBS, f"{path.name} imports {libs & UI_LIBS}"
    assert not {n for n in _imports(tree, path) if n.startswith(("wordlelab.cli", "wordlelab.web"))}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("print", "input"), f"{path.name}:{node.lineno} calls {node.func.id}()"
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            assert not (node.value.id == "sys" and node.attr in ("stdin", "stdout", "exit")), (
                f"{path.name}:{node.lineno} uses sys.{node.attr}"
            )


@pytest.mark.parametrize("path", [p for p in _modules() if _layer(p) == "kernels"], ids=lambda p: p.name)
def test_kernels_import_only_types(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    own = {n for n in _imports(tree, path) if n.startswith("wordlelab.")}
    allowed = ("wordlelab.types", "wordlelab.kernels", "wordlelab._jit")
    assert all(n.startswith(allowed) for n in own), own


def test_web_does_not_import_cli() -> None:
    for path in _modules():
        if _layer(path) == "web":
            names = _imports(ast.parse(path.read_text("utf-8")), path)
            assert not {n for n in names if n.startswith("wordlelab.cli")}, path


#: the layers, lowest first: a module imports only from its own layer's module
#: (itself) or a lower layer; cli and web share the top layer, but web never
#: imports cli (checked above)
TIERS = [
    {"types", "errors", "_startup", "_jit"},
    {"kernels", "feedback", "modes", "words", "cachefile", "resultsfile", "procs"},
    {"executors", "table", "opener_store"},
    {"state"},
    {"search"},
    {"strategies"},
    {"openings", "prior", "review", "variants", "atlas", "treeview"},
    {"game"},
    {"simulate"},
    {"plots"},
    {"cli", "web"},
    {"__init__", "__main__"},
]
RANK = {name: i for i, tier in enumerate(TIERS) for name in tier}


def test_every_module_has_a_layer() -> None:
    assert {_layer(p) for p in _modules()} <= set(RANK), {_layer(p) for p in _modules()} - set(RANK)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_run_down_the_layers(path: Path) -> None:
    """No import runs upward or sideways to another module of the same layer
    (cli -> web is the one sideways import: `wordlelab web` starts the server)."""
    me = _layer(path)
    for name in _imports(ast.parse(path.read_text("utf-8")), path):
        parts = name.split(".")
        if parts[0] != "wordlelab" or len(parts) < 2 or parts[1] not in RANK or parts[1] == me:
            continue
        target = parts[1]
        ok = RANK[target] < RANK[me] or (me, target) == ("cli", "web")
        assert ok, f"{path.relative_to(ROOT)} imports {name}: layer {me!r} may not import {target!r}"


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_private_imports_across_packages(path: Path) -> None:
    """A package's ``_private`` modules are for that package alone."""
    me = _layer(path)
    for name in _imports(ast.parse(path.read_text("utf-8")), path):
        parts = name.split(".")
        if parts[0] != "wordlelab" or len(parts) < 3 or parts[1] == me:
            continue
        assert not (parts[2].startswith("_") and not parts[2].startswith("__")), (
            f"{path.relative_to(ROOT)} imports {name}, private to wordlelab.{parts[1]}"
        )
