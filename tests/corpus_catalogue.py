"""Hostile-input corpus for ppgen's own words (issue 23, item 2): an edition in a language
ppgen's catalogue (templates/words.toml) lacks prints them in English, with one warning at
its table (the default edition's at `default =`); a region of a language it has takes that
language's words, with nothing to report."""

from __future__ import annotations

from corpus_kit import Case, both, toml_table, write

CARDS = ("id,name,color,name@{code}\nc1,Heads,#D4A017,{heads}\nc2,Tails,#8C8C8C,{tails}\nc3,Heads,#D4A017,{heads}\n"
         "c4,Tails,#8C8C8C,{tails}\nc5,Edge,#B22222,{edge}\nc6,Lost,#2F4F4F,{lost}\n")


def edition(code: str, title: str, names: tuple[str, str, str, str]):
    """coin-flip with a complete second edition `code` (game.toml texts, a name@CODE column, its
    rules): nothing left untranslated to warn of, so only ppgen's own words are in question."""
    heads, tails, edge, lost = names
    return both(toml_table(f'[editions]\ndefault = "en"\n\n[editions.{code}]\ntitle = "{title}"\ntagline = "{title}!"\n'
                           f'credits = ["{title}"]\ncomponents = {{ coins = "{heads}" }}\n'),
                write("cards.csv", CARDS.format(code=code, heads=heads, tails=tails, edge=edge, lost=lost)),
                write(f"rules.{code}.md", f"# {title}\n\n{heads}, {tails}.\n"))


SWAHILI = ("Kichwa", "Mkia", "Ukingo", "Imepotea")
WORDS = "ppgen's own words (booklet headings, 'player aid', the score pad's 'Total', the gallery) have no translation"

CASES: tuple[Case, ...] = (
    Case("cat-language-without-words", edition("sw", "Sarafu", SWAHILI), "game.toml",
         f"edition 'sw': {WORDS} into 'sw' and print in English", "[editions.sw]", "warning"),
    Case("cat-default-without-words", toml_table('[editions]\ndefault = "sw"\n'), "game.toml",
         f"edition 'sw': {WORDS} into 'sw'", 'default = "sw"', "warning"),
    Case("cat-region-of-a-language", edition("pt-BR", "Cara ou coroa", ("Cara", "Coroa", "Borda", "Perdida")),
         "game.toml", "", None, "ok"),
)
