"""The shape of the code: the tree reads as the pipeline, imports run one way down its stages,
and modules stay small. See README's "How the code is laid out"."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "generator"

# The stages, lowest first: a module may import its own stage and those below it, never one
# above. Shared vocabularies at the bottom; the commands at the top.
VOCABULARY = {"artifacts", "choices", "doc", "elements", "errors", "files", "forked", "images", "invisible", "lasting",
              "limits", "words", "model", "ops", "plan", "standard_deck", "svgart", "toml_lines", "units"}
STAGES = (
    "vocabulary",
    "text geometry sandbox",  # fonts and text setting; sheet and tile arithmetic; the Jinja2 sandbox
    "rulesets",  # a game's own code: builds on the two stages below
    "load",  # game folder -> model
    "rules",  # rules.md -> the rules document
    "faces",  # a card face -> one drawing (PDF and PNG backends)
    "parts",  # the output parts, behind the registry in parts/__init__.py
    "validate",  # model -> plan: every face composed, the booklet and handouts measured
    "build cache cachedisk kept layoutmemo manifests output ownfiles lock progress unchanged",  # the plan -> files, written atomically
    "cli heap options outcome several side_by_side watch scaffold pack",  # the commands (pack: a night's builds joined into one pack)
)
LEVEL = {name: level for level, names in enumerate(STAGES) for name in names.split()}


def stage(module: str) -> int:
    """The stage of a dotted module name under generator."""
    parts = module.split(".")[1:]
    if not parts or parts[0] in VOCABULARY or parts == ["parts"]:  # parts/__init__.py: the registry, plain data
        return 0
    return LEVEL[parts[0]]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) of every import of a generator module in the file, at the top
    or inside a function."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
            target = ".".join(base + ([node.module] if node.module else []))
            found += [(node.lineno, f"{target}.{alias.name}" if _is_module(f"{target}.{alias.name}") else target)
                      for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator"):
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("generator")]
    return found


def _is_module(dotted: str) -> bool:
    path = ROOT / dotted.replace(".", "/")
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_every_module_has_a_stage():
    modules = [module_name(p) for p in PACKAGE.rglob("*.py")]
    assert len(modules) > 100
    for module in modules:
        stage(module)  # KeyError: a new top-level module or folder with no stage


def test_imports_run_down_the_stages():
    upward = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_name(path)
        for line, target in imported(path):
            if stage(target) > stage(here):
                upward.append(f"{path.relative_to(ROOT)}:{line}: {here} ({STAGES[stage(here)]}) imports "
                              f"{target} ({STAGES[stage(target)]})")
    assert not upward, "imports that run back up the stages:\n" + "\n".join(upward)


def test_the_stage_folders_hold_the_pipeline():
    for folder in ("load", "validate", "faces", "parts", "geometry", "text", "rules", "rulesets", "sandbox"):
        assert (PACKAGE / folder / "__init__.py").is_file(), folder
    assert not (PACKAGE / "layout").exists()


def test_no_module_is_over_400_lines():
    long = [f"{p.relative_to(ROOT)}: {n} lines" for p in sorted(PACKAGE.rglob("*.py"))
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400]
    assert not long, "\n".join(long)


def test_no_function_is_over_60_lines():
    long = [f"{p.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for p in sorted(PACKAGE.rglob("*.py"))
            for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.end_lineno - node.lineno + 1 > 60]
    assert not long, "split these functions (60 lines at most):\n" + "\n".join(long)
