"""A non-editable install of the wheel must carry games/, templates/ and fonts/ with it and
work on its own: installed with its dependencies into a fresh environment that owes nothing
to the one the suite runs in (system Python, a venv or CI)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
import zipfile

from conftest import ROOT


LEFT_BEHIND = {".git", ".venv", ".pytest_cache", "build", "dist", "output"}  # at the checkout's top only


def _checkout_copy(target):
    """The checkout's files without what a developer's runs leave in it: setuptools builds in
    SOURCE/build/ and packs what an earlier build left there (a module since deleted, say)."""
    def left(folder, names):
        top = folder == str(ROOT)
        return [n for n in names if (top and n in LEFT_BEHIND) or n == "__pycache__" or n.endswith(".egg-info")]
    shutil.copytree(ROOT, target, ignore=left, symlinks=True)
    return target


def test_wheel_installs_a_working_ppgen(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels,
                    _checkout_copy(tmp_path / "source")], check=True, cwd=tmp_path, capture_output=True)
    wheel = next(wheels.glob("ppgen-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in ("generator/games/squib-squares/game.toml", "generator/games/squib-squares/cards.csv",
                     "generator/fonts/AtkinsonHyperlegible-Regular.ttf", "generator/fonts/OFL-FredokaOne.txt",
                     "generator/templates/README.md", "generator/rulesets/squib/engine.py",
                     "generator/templates/new-game/game.toml", "generator/templates/new-game/rules.md"):
        assert required in names, required
    stale = sorted(n for n in names if n.startswith("generator/") and n.endswith(".py") and not (ROOT / n).is_file())
    assert not stale, stale  # only what the checkout holds: nothing an earlier build left behind

    # A fresh environment with its own pip: nothing borrowed from the interpreter running us.
    env_dir = tmp_path / "env"
    venv.create(env_dir, system_site_packages=False, with_pip=True, symlinks=True)
    python = env_dir / "bin" / "python"
    install = subprocess.run([python, "-m", "pip", "install", "-q", wheel], capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    where = subprocess.run([python, "-c", "import generator; print(generator.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in where

    ppgen = env_dir / "bin" / "ppgen"
    run = subprocess.run([ppgen, "validate", "squib-squares"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([ppgen, "build", "squib-squares", "--only", "rules", "--paper", "a4", "--edition", "en", "--out", "out"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    manifest = json.loads((tmp_path / "out" / "squib-squares" / "en" / "manifest.json").read_text())
    paths = {a["path"] for a in manifest["artifacts"]}
    assert {"rules-booklet.pdf", "rules-booklet-imposed-a4.pdf", "handout-a4.pdf"} <= paths
    assert all((tmp_path / "out" / "squib-squares" / "en" / p).is_file() for p in paths)
    run = subprocess.run([ppgen, "new", "fresh-game"], cwd=tmp_path, capture_output=True, text=True)  # its templates
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run([ppgen, "validate", "--strict", "fresh-game"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
