"""Hostile-input corpus for editions (issue 23): [editions] and its tables, the name@CODE
columns, rules.CODE.md files, what an edition leaves untranslated (one warning), and text
ppgen would print wrong (a right-to-left script), each reported at its file and line, with
"did you mean" where a name was misspelt."""

from __future__ import annotations

from corpus_kit import Case, append, both, edit, rules_line, toml_table, write

GERMAN = '[editions]\ndefault = "en"\n\n[editions.de]\ntitle = "Münzwurf"\n'
COMPLETE = (GERMAN + 'tagline = "Ruf es in der Luft"\ncredits = ["Ein Beispielspiel"]\n'
            'components = { coins = "Münzkarten" }\n')
CARDS_DE = ("id,name,color,name@de\nc1,Heads,#D4A017,Kopf\nc2,Tails,#8C8C8C,Zahl\nc3,Heads,#D4A017,Kopf\n"
            "c4,Tails,#8C8C8C,Zahl\nc5,Edge,#B22222,Rand\nc6,Lost,#2F4F4F,Verloren\n")
RULES_DE = lambda game: (game / "rules.de.md").write_text((game / "rules.md").read_text(encoding="utf-8"),
                                                        encoding="utf-8")


def german(*more: str):
    """game.toml with a German edition whose table holds `more` lines too."""
    return toml_table(GERMAN + "".join(line + "\n" for line in more))


def header(new: str, cards: str = CARDS_DE):
    """cards.csv with a German column, its header `new`."""
    return write("cards.csv", cards.replace("id,name,color,name@de", new, 1))


CASES: tuple[Case, ...] = (
    # [editions] itself
    Case("ed-no-default", toml_table('[editions]\n\n[editions.de]\ntitle = "Münzwurf"'), "game.toml",
         "[editions] needs default = \"CODE\"", "[editions]"),
    Case("ed-bad-code", toml_table('[editions]\ndefault = "en"\n\n[editions.deu]\ntitle = "x"'), "game.toml",
         "'deu' is not a language code such as 'de'", "[editions.deu]"),
    Case("ed-no-language", toml_table('[editions]\ndefault = "en"\n\n[editions.qq]\ntitle = "x"'), "game.toml",
         "'qq' is no ISO 639-1 language", "[editions.qq]"),
    Case("ed-bad-default", toml_table('[editions]\ndefault = "english"'), "game.toml",
         "'english' is not a language code", 'default = "english"'),
    Case("ed-not-a-table", toml_table('[editions]\ndefault = "en"\nde = "German"'), "game.toml",
         "'de' must be a table [editions.de]", 'de = "German"'),
    Case("ed-default-translated", toml_table('[editions]\ndefault = "en"\n\n[editions.en]\ntitle = "Coins"'),
         "game.toml", "is the default edition, written in game.toml itself: it may give fonts only",
         "[editions.en]"),
    Case("ed-unknown-key", german('titel = "Münzwurf"'), "game.toml",
         "unknown key 'titel' in [editions.de] (did you mean 'title'?)", 'titel = "Münzwurf"'),
    Case("ed-title-too-long", german('tagline = "' + "x" * 300 + '"'), "game.toml",
         "'tagline' in [editions.de] must be one line of 1 to", 'tagline = "xxx'),
    Case("ed-unknown-component", german('components = { coin = "Münzen" }'), "game.toml",
         "no component 'coin' to name (did you mean 'coins'?)", 'components = { coin ='),
    Case("ed-data-unknown-key", german('data = { hand_sise = 3 }'), "game.toml",
         "no key 'hand_sise' in [data] to translate (did you mean 'hand_size'?)", "hand_sise"),
    Case("ed-data-number", german('data = { hand_size = "zwei" }'), "game.toml",
         "data.hand_size: [data]'s value is not a text", 'hand_size = "zwei"'),
    Case("ed-font-missing", german('fonts = { body = "fonts/kein.ttf" }'), "game.toml",
         "font 'body': file 'fonts/kein.ttf' not found in the game folder", "kein.ttf"),
    Case("ed-font-bad-role", german('fonts = { bdoy = "x.ttf" }'), "game.toml",
         "unknown font role 'bdoy' in [fonts]", "bdoy"),
    Case("ed-title-no-glyph", german('tagline = "Münz \ue000"'), "game.toml",
         "[editions.de] tagline: no font has a glyph for U+E000", 'tagline = "Münz'),
    # name@CODE columns
    Case("ed-column-no-editions", header("id,name,color,name@de"), "cards.csv",
         "column 'name@de' is for the edition 'de', but game.toml declares no [editions]", 1),
    Case("ed-column-undeclared", both(german(), header("id,name,color,name@dr")), "cards.csv",
         "column 'name@dr': no edition 'dr' in [editions] (en, de) (did you mean 'de'?)", 1),
    Case("ed-column-default", both(german(), header("id,name,color,name@en")), "cards.csv",
         "column 'name@en': 'en' is the default edition, whose text is the column 'name' itself", 1),
    Case("ed-column-no-base", both(german(), header("id,name,color,nmae@de")), "cards.csv",
         "column 'nmae@de' translates 'nmae', a column the header does not have (did you mean 'name'?)", 1),
    # what an edition leaves untranslated: one warning, at its table
    Case("ed-untranslated", both(german(), header("id,name,color,name@de"), RULES_DE), "game.toml",
         "edition 'de' prints the default edition's (en) tagline, credits, component 'coins' name: they are "
         "not translated", "[editions.de]", "warning"),
    Case("ed-empty-cells", both(toml_table(COMPLETE), RULES_DE,
                                header("id,name,color,name@de", CARDS_DE.replace("Zahl\n", "\n"))),
         "game.toml", "edition 'de' prints the default edition's (en) cards.csv cards c2, c4 (empty @de cells)",
         "[editions.de]", "warning"),
    Case("ed-no-rules", both(toml_table(COMPLETE), header("id,name,color,name@de")), "game.toml",
         "prints the default edition's (en) rules (no rules.de.md)", "[editions.de]", "warning"),
    Case("ed-no-column", both(toml_table(COMPLETE + '\n[editions.fr]\ntitle = "Pile ou face"\ntagline = "x"\n'
                                         'credits = ["y"]\ncomponents = { coins = "Pièces" }\n'),
                              RULES_DE, write("rules.fr.md", "# Pile ou face\n"), header("id,name,color,name@de")),
         "game.toml", "edition 'fr' prints the default edition's (en) cards.csv column 'name' (no name@fr)",
         "[editions.fr]", "warning"),
    Case("ed-complete", both(toml_table(COMPLETE), RULES_DE, header("id,name,color,name@de")), "game.toml",
         "", None, "ok"),
    # rules.CODE.md of no edition
    Case("ed-stray-rules", both(toml_table(COMPLETE), RULES_DE, write("rules.dr.md", "# Regeln\n")),
         "rules.dr.md", "read by nothing: no edition 'dr' in [editions] (en, de) (did you mean 'de'?)", None, "warning"),
    Case("ed-stray-rules-default", both(toml_table(COMPLETE), RULES_DE, write("rules.en.md", "# Rules\n")),
         "rules.en.md",
         "read by nothing: 'en' is the default edition, whose rules are rules.md", None, "warning"),
    Case("ed-stray-rules-no-editions", write("rules.de.md", "# Regeln\n"), "rules.de.md",
         "read by nothing: game.toml declares no [editions]", None, "warning"),
    # text fits in English and not in German: found for that edition
    Case("ed-does-not-fit", both(toml_table(COMPLETE), RULES_DE,
                                 header("id,name,color,name@de", CARDS_DE.replace(
                                     "Rand", "Münzrandstehaufmännchenwahrscheinlichkeitsberechnung"))),
         "cards.csv", "edition 'de': card c5:", "c5,"),
    # right-to-left scripts: refused where they are written
    Case("ed-rtl-card", edit("cards.csv", "c2,Tails", "c2,שלום"), "cards.csv",
         "card 'c2': column 'name' holds Hebrew text ('ש', U+05E9), which ppgen cannot yet print right to left",
         "c2,"),
    Case("ed-rtl-column", both(german(), header("id,name,color,name@de", CARDS_DE.replace("Rand", "مرحبا"))),
         "cards.csv", "card 'c5': column 'name@de' holds Arabic text", "c5,"),
    Case("ed-rtl-title", edit("game.toml", 'title = "Coin Flip"', 'title = "Coin מטבע"'), "game.toml",
         "'title' holds Hebrew text", "title ="),
    Case("ed-rtl-face", edit("game.toml", 'text = "Coin Flip"', 'text = "عملة"'), "game.toml",
         "'faces.coin-back.elements.0.text' holds Arabic text", 'text = "عملة"'),
    Case("ed-rtl-rules", rules_line("Say مرحبا to the table."), "rules.md",
         "this line of the rules holds Arabic text", "مرحبا"),
    Case("ed-rtl-edition-rules", both(german(), append("rules.md", ""),
                                      write("rules.de.md", "# Münzwurf\n\nשלום\n")), "rules.de.md",
         "this line of the rules holds Hebrew text", 3),
)
