"""The package list, which pyproject.toml cannot give: every package found under generator/
(a new rule set needs no edit here), plus games/, templates/ and fonts/, which sit beside
generator/ in the checkout and install inside it as generator.games etc. (pyproject.toml's
package-dir and package-data). A `packages.find` table finds only folders named as their
package, and replaces any list given beside it."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["generator", "generator.*"])
      + ["generator.games", "generator.templates", "generator.fonts"])
