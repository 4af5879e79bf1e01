"""A non-editable `pip install .` must carry games/, templates/ and fonts/ with it."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile

from conftest import ROOT


def test_wheel_installs_a_working_ppgen(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", wheels, ROOT], check=True, cwd=tmp_path, capture_output=True)
    wheel = next(wheels.glob("ppgen-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for required in ("generator/games/squib-squares/game.toml", "generator/games/squib-squares/cards.csv",
                     "generator/fonts/AtkinsonHyperlegible-Regular.ttf", "generator/fonts/OFL-FredokaOne.txt",
                     "generator/templates/README.md"):
        assert required in names, required

    # Install it into a fresh environment that borrows the machine's dependencies.
    env_dir = tmp_path / "env"
    venv.create(env_dir, system_site_packages=True, with_pip=False)
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel],
                   check=True, capture_output=True)
    where = subprocess.run([python, "-c", "import generator; print(generator.__file__)"],
                           cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert str(env_dir) in where
    run = subprocess.run([env_dir / "bin" / "ppgen", "validate", "squib-squares"], cwd=tmp_path,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
