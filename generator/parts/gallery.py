"""The 'gallery' part: index.html, one static page (no script, no server, nothing fetched)
showing every card front and back, every page of the sheets, booklet and aids as
thumbnails with their names, each card's data on hover, and a link to every file.

Every piece of text goes through _text (element content) or _attr (attribute values):
escaped, its invisible characters written out (a bidi override in a card id would make
`abc<U+202E>gnp.exe` read `abcexe.png`), and in content isolated in <bdi>, so that a
right-to-left name cannot reorder what is around it."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

from .. import __version__, invisible
from ..faces.compose import compose, shared_back
from ..model import Component, Game
from ..text.catalogue import ENGLISH, endonym, language, word
from ..artifacts import Artifact, sha256
from . import REGISTRY
from ..units import PAPERS
from . import thumbnails
from .cardpng import file_name

FOLDER = "gallery"  # thumbnails, beside index.html
PAGE = "index.html"

# PDF kinds shown page by page, in this order, with the heading each gets.
PDF_SECTIONS = tuple(heading for part in REGISTRY for heading in part.headings)  # (kind, heading)


@dataclass(frozen=True)
class Thumb:
    src: str  # relative to the build folder
    size: tuple[int, int]
    label: str  # a card id, a file name: isolated as the user's text
    link: str | None = None
    data: tuple[tuple[str, str], ...] = ()
    note: str = ""  # ppgen's words after the label: " × 3", " (back)"


@dataclass(frozen=True)
class Section:
    anchor: str
    heading: str
    html: str


def make(plan, folder: Path, options, artifacts: list[Artifact]) -> list[Artifact]:
    """Write index.html and its thumbnails for the files the build folder holds
    (`artifacts`: what this build wrote and what it kept from the last)."""
    game = plan.game
    options.progress(f"{game.id}: {PAGE}")
    made: list[str] = []
    thumbs = getattr(options, "thumbs", None) or _NoThumbs()  # the last build's, to link again
    sections = [_cards(plan, component, folder, artifacts, made, thumbs, options.cache)
                for component in game.components if component.printed_cards]
    for kind, heading in PDF_SECTIONS:
        pdfs = [a for a in artifacts if a.kind == kind and a.path.endswith(".pdf")]
        # What is made for both papers is shown on one, Letter first (the file list links both).
        shown = next((p for p in PAPERS if any(a.paper == p for a in pdfs)), None)
        pdfs = [a for a in pdfs if a.paper not in PAPERS or a.paper == shown]
        if pdfs:
            sections.append(_pdf_section(kind, word(heading, game.edition), pdfs, folder, made, thumbs, game.edition))
    sheets = [a for a in artifacts if a.kind == "tts" and a.path.endswith(".png")]
    if sheets:
        sections.append(_tts_section(sheets, artifacts, folder, made, thumbs, game, options.cache))
    sections.append(_file_table(artifacts, folder, game.edition))
    (folder / PAGE).write_text(_page(game, sections, options), encoding="utf-8")
    return [Artifact(path, "gallery") for path in made] + [Artifact(PAGE, "gallery")]


class _NoThumbs:
    """No earlier thumbnails: every one is drawn."""

    def face_key(self, face):
        return None

    def take(self, paths, key) -> bool:
        return False

    def taken(self, prefix, key) -> list[str]:
        return []

    def made(self, paths, key) -> None:
        pass


def _card_thumb(plan, component: Component, card, side: str, folder: Path, src: str, thumbs, store) -> tuple:
    """A card face's thumbnail, linked from the last build when its face is the same, else
    taken from the face cache (the card images' workers draw it there: warm.py), else drawn
    from the face validate composed. card None: the deck's shared back (its first card's,
    as validate and the card images have it)."""
    card = card or component.cards[0]
    face = (component.id, card.id, side)
    key = thumbs.face_key(face)
    if thumbs.take([src], key):
        return thumbnails.size(folder / src)

    def drawing():
        return plan.drawing(face) or compose(plan.game, component, card, side)

    source = (plan.digest(face) if store.enabled else None) or drawing()
    data = store.tile(plan.game, source, thumbnails.CARD_DPI,
                      lambda: thumbnails.card(drawing() if isinstance(source, str) else source), thumbnails.CARD_FORM)
    (folder / src).parent.mkdir(parents=True, exist_ok=True)
    (folder / src).write_bytes(data)
    thumbs.made([src], key)
    return thumbnails.size(folder / src)


def _cards(plan, component: Component, folder: Path, artifacts, made: list[str], taken, store) -> Section:
    game = plan.game
    images = {(a.extra.get("component"), a.extra.get("card"), a.extra.get("face")): a.path
              for a in artifacts if a.kind == "card-png"}
    thumbs = []
    for card in component.cards:
        src = f"{FOLDER}/cards/{component.id}/{file_name(card.id)}-front.png"
        size = _card_thumb(plan, component, card, "front", folder, src, taken, store)
        made.append(src)
        data = tuple((k, v) for k, v in card.fields.items() if k != "id" and v != "")
        copies = "" if card.copies == 1 else f" × {card.copies}"
        thumbs.append(Thumb(src, size, card.id, images.get((component.id, card.id, "front")), data, copies))
    backs = []
    if component.back:
        cards = [None] if shared_back(game, component) else list(component.cards)
        for card in cards:
            name = "back" if card is None else f"{file_name(card.id)}-back"
            src = f"{FOLDER}/cards/{component.id}/{name}.png"
            size = _card_thumb(plan, component, card, "back", folder, src, taken, store)
            made.append(src)
            label, note = (word("Back", game.edition), "") if card is None else \
                (card.id, f" {word('(back)', game.edition)}")
            backs.append(Thumb(src, size, label, images.get((component.id, card.id if card else None, "back")),
                               note=note))
    count = component.count
    distinct = f" {word('({count} different)', game.edition, count=len(component.cards))}" \
        if count != len(component.cards) else ""
    body = _grid(thumbs, "card")
    if backs:
        heading = word("Back" if len(backs) == 1 else "Backs", game.edition)
        body += f"<h3>{_plain(heading)}</h3>\n" + _grid(backs, "card")
    cards = word("{count} cards", game.edition, count=count) if count != 1 else word("1 card", game.edition)
    return _section(f"cards-{component.id}", component.name, f"{cards}{distinct}", body)


def _pdf_section(kind: str, heading: str, pdfs: list[Artifact], folder: Path, made: list[str], taken,
                 edition: str) -> Section:
    body = []
    for artifact in sorted(pdfs, key=lambda a: a.path):
        stem = Path(artifact.path).stem
        shown, count = _page_thumbs(artifact, folder, stem, taken)
        made += [str(path.relative_to(folder)) for path, _ in shown]
        thumbs = [Thumb(str(path.relative_to(folder)), size, word("page {number}", edition, number=n),
                        f"{artifact.path}#page={n}")
                  for n, (path, size) in enumerate(shown, start=1)]
        more = f" {word('(the first {count} shown)', edition, count=len(shown))}" if len(shown) < count else ""
        pages = word("{count} pages", edition, count=count) if count != 1 else word("1 page", edition)
        body.append(f'<h3><a href="{_attr(artifact.path)}">{_text(artifact.path)}</a> '
                    f'<span class="note">{_plain(pages + more)}</span></h3>\n'
                    + _grid(thumbs, "page"))
    return _section(kind, heading, "", "".join(body))


def _page_thumbs(artifact: Artifact, folder: Path, stem: str, thumbs) -> tuple[list, int]:
    """A PDF's page thumbnails and its page count, linked from the last build when the PDF is
    the same bytes."""
    key = sha256(folder / artifact.path)
    old = thumbs.taken(f"{FOLDER}/pages/{stem}-", key)
    if artifact.pages and thumbs.take(old, key):
        return [(folder / path, thumbnails.size(folder / path)) for path in old], artifact.pages
    shown, count = thumbnails.pages(folder / artifact.path, folder / FOLDER / "pages", stem)
    thumbs.made([str(path.relative_to(folder)) for path, _ in shown], key)
    return shown, count


def _tts_section(sheets: list[Artifact], artifacts: list[Artifact], folder: Path, made: list[str],
                 taken, game: Game, store) -> Section:
    edition = game.edition
    thumbs = []
    for artifact in sorted(sheets, key=lambda a: a.path):
        src = f"{FOLDER}/tts/{Path(artifact.path).name}"
        key = sha256(folder / artifact.path)
        if not taken.take([src], key):
            _sheet_thumb(folder / artifact.path, folder / src, key, game, store)
            taken.made([src], key)
        made.append(src)
        thumbs.append(Thumb(src, thumbnails.size(folder / src), Path(artifact.path).name, artifact.path))
    saved = [a.path for a in artifacts if a.kind == "tts" and a.path.endswith(".json")]
    links = ", ".join(f'<a href="{_attr(p)}">{_text(p)}</a>' for p in sorted(saved))
    said = word("Saved objects: {links}. Copy them into Tabletop Simulator's Saved Objects folder; they find the "
                "sheets where this build put them.", edition)
    text = f"<p>{_plain(said).replace('{links}', links)}</p>\n"
    return _section("tts", "Tabletop Simulator", "", text + _grid(thumbs, "sheet"))


def _sheet_thumb(sheet: Path, target: Path, digest: str, game: Game, store) -> None:
    """A TTS sheet's thumbnail into target, from the face cache when a sheet of the same
    bytes (sha256 `digest`) was shown or drawn before, in any build: a sheet reads in 0.1 s."""
    target.parent.mkdir(parents=True, exist_ok=True)
    store.place(target, thumbnails.picture_key(store, game, digest), lambda: thumbnails.picture(sheet))


def _file_table(artifacts: list[Artifact], folder: Path, edition: str) -> Section:
    rows = []
    for artifact in sorted(artifacts, key=lambda a: a.path):
        size = (folder / artifact.path).stat().st_size
        rows.append(f'<tr><td><a href="{_attr(artifact.path)}">{_text(artifact.path)}</a></td>'
                    f"<td>{_plain(artifact.kind)}</td><td>{_plain(artifact.paper or '')}</td>"
                    f"<td class=\"n\">{artifact.pages or ''}</td><td class=\"n\">{_kib(size, edition)}</td>"
                    f"<td><code>{sha256(folder / artifact.path)[:12]}</code></td></tr>\n")
    heads = "".join(f"<th>{_plain(word(head, edition))}</th>" for head in ("file", "kind", "paper", "pages", "size"))
    manifest = _plain(word("And {manifest}, which lists them all.", edition)) \
        .replace("{manifest}", '<a href="manifest.json">manifest.json</a>')
    table = (f'<table><thead><tr>{heads}<th>sha-256</th></tr></thead><tbody>\n{"".join(rows)}</tbody></table>\n'
             f'<p class="note">{manifest}</p>\n')
    return _section("files", word("Every file", edition), word("{count} files", edition, count=len(artifacts)), table)


def _grid(thumbs: list[Thumb], kind: str) -> str:
    items = []
    for thumb in thumbs:
        image = (f'<img src="{_attr(thumb.src)}" width="{thumb.size[0]}" height="{thumb.size[1]}" '
                 f'alt="{_attr(thumb.label + thumb.note)}">')
        if thumb.link:
            image = f'<a href="{_attr(thumb.link)}">{image}</a>'
        data = ""
        title = ""
        if thumb.data:
            data = '<dl class="data">' + "".join(f"<dt>{_text(k)}</dt><dd>{_text(v)}</dd>"
                                                 for k, v in thumb.data) + "</dl>"
            title = ' title="' + _attr("\n".join(f"{k}: {v}" for k, v in thumb.data)) + '"'
        items.append(f'<figure class="{kind}" tabindex="0"{title}>{image}'
                     f"<figcaption>{_text(thumb.label)}{_plain(thumb.note)}</figcaption>{data}</figure>")
    return '<div class="grid">\n' + "\n".join(items) + "\n</div>\n"


def _section(anchor: str, heading: str, note: str, body: str) -> Section:
    note = f' <span class="note">{_plain(note)}</span>' if note else ""
    return Section(anchor, heading, f'<section id="{_attr(anchor)}"><h2>{_text(heading)}{note}</h2>\n'
                                    f'{body}</section>\n')


def _page(game: Game, sections: list[Section], options) -> str:
    players = "–".join(str(n) for n in sorted(set(game.players)))
    minutes = "–".join(str(n) for n in sorted(set(game.minutes)))
    facts = _plain(word("{players} players · {minutes} minutes", game.edition, players=players, minutes=minutes))
    credits = "".join(f"<li>{_text(c)}</li>" for c in game.credits)
    contents = "".join(f'<a href="#{_attr(s.anchor)}">{_text(s.heading)}</a>' for s in sections)
    return f"""<!DOCTYPE html>
<html lang="{game.edition or ENGLISH}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ppgen {__version__}">
<title>{_plain(word("{title}: print-and-play files", game.edition, title=game.title))}</title>
<style>{STYLE}</style>
</head>
<body>
<header><h1>{_text(game.title)}</h1><p class="tagline">{_text(game.tagline)}</p>
<p>{facts}</p><ul class="credits">{credits}</ul>
<nav>{contents}</nav>{_editions(game, options)}</header>
<main>
{"".join(s.html for s in sections)}</main>
<footer>{_plain(word(FOOTER, game.edition, version=__version__))}</footer>
</body>
</html>
"""


FOOTER = ("Made by ppgen {version}. Hover over a card (or tab to it) to see its data;\n"
          "click a thumbnail to open the file.")


def _editions(game: Game, options) -> str:
    """Links to the gallery of each of the game's other editions (OUT/ID/CODE/index.html) that
    this run builds or an earlier one built, by the name of its language in that language;
    nothing for a game without editions, or when no other edition is there to link."""
    shown = [code for code in game.editions if code in (game.edition, *options.editions)
             or (options.place is not None and (options.place.parent / code / PAGE).is_file())]
    if not game.edition or len(shown) < 2:
        return ""
    links = "".join(f'<strong lang="{_attr(code)}">{_plain(endonym(code))}</strong>' if code == game.edition else
                    f'<a href="../{_attr(code)}/{PAGE}" hreflang="{_attr(code)}" lang="{_attr(code)}">'
                    f'{_plain(endonym(code))}</a>' for code in shown)
    return f'\n<nav class="editions" aria-label="{_attr(word("Editions", game.edition))}">{links}</nav>'


def _text(value) -> str:
    """Text as element content: escaped, invisible characters shown, isolated in <bdi>."""
    return f"<bdi>{_plain(value)}</bdi>"


def _plain(value) -> str:
    """Text where no tag may go (the page's <title>), or ppgen's own words."""
    return html.escape(invisible.shown(str(value)), quote=False)


def _attr(value) -> str:
    """Text as an attribute's value: escaped, quotes too, invisible characters shown."""
    return html.escape(invisible.shown(str(value)), quote=True)


def _kib(size: int, edition: str) -> str:
    """'1,234 KiB'; outside English the thousands apart by a narrow space, a comma being their decimal mark."""
    shown = f"{size / 1024:,.0f} KiB" if size >= 1024 else f"{size} B"
    return shown if language(edition) == ENGLISH else shown.replace(",", "\u202f")


STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;background:#F4F1EA}
header{background:#26225A;color:#FFF8EC;padding:1.2em 2em}
header h1{margin:0 0 .2em}header p{margin:.2em 0}.tagline{font-style:italic;color:#F2C81D}
.credits{margin:.3em 0;padding-left:1.2em;font-size:.9em}
nav{margin-top:.8em;display:flex;flex-wrap:wrap;gap:.4em 1.2em}nav a{color:#FFF8EC}
main{padding:0 2em 2em}section{margin-top:1.6em}h2{border-bottom:2px solid #26225A;padding-bottom:.2em}
h3{font-size:1em;margin:1.2em 0 .4em}.note{font-weight:normal;font-size:.85em;color:#666}
.grid{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}
figure{margin:0;position:relative;background:#FFF;padding:6px;border-radius:6px;
box-shadow:0 1px 3px rgba(0,0,0,.25)}
figure img{display:block;height:auto}figure.card img{width:150px}figure.page img{width:180px}
figure.sheet img{max-width:min(480px,90vw)}
figcaption{font-size:.8em;text-align:center;margin-top:4px}
dl.data{display:none;position:absolute;z-index:2;left:50%;top:100%;transform:translateX(-50%);
margin:4px 0 0;background:#26225A;color:#FFF8EC;padding:.5em .7em;border-radius:6px;font-size:.8em;
white-space:nowrap;display:none;grid-template-columns:auto auto;gap:.1em .8em}
figure:hover dl.data,figure:focus dl.data{display:grid}dt{font-weight:bold}dd{margin:0}
table{border-collapse:collapse;background:#FFF;font-size:.9em}
th,td{padding:.3em .8em;border-bottom:1px solid #DDD;text-align:left}td.n{text-align:right}
footer{padding:1em 2em;color:#666;font-size:.85em}
"""
