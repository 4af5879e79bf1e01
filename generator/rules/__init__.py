"""The rules stage: rules.md -> sandboxed Jinja2 (template.py) -> Markdown blocks (blocks.py)
-> a RulesDoc of plain, frozen data (doc.py), which layout/ turns into booklets, handouts and
aids. blocks.read(game) runs the whole stage. The package itself imports nothing, so rule
sets can use doc.py and words.py without pulling in the template."""
