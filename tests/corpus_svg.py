"""Hostile-input corpus for SVG art and the shapes of pieces (issue 21, items 5 and 6).

An SVG a face draws is refused at its own path when it could reach outside itself (a DOCTYPE
and its entities, a URL, another file, a style sheet), grow without bound (<use> chains and
cycles, deep nesting, many elements, huge embedded pictures), has no sensible size, or is not
an SVG at all. A component's `shape` and `corner` are errors at their lines: an unknown shape
(with "did you mean"), a shape on a mat, a corner without a rounded shape or too large."""

from __future__ import annotations

import base64
import io

from PIL import Image

from corpus_kit import SIZE, Case, append, both, edit, with_image, write

OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
DOT = '<circle cx="5" cy="5" r="4" fill="#336699"/>'
LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "lollollollollollollollollollol">\n'
          + "".join(f'<!ENTITY {chr(98 + n)} "{("&" + chr(97 + n) + ";") * 10}">\n' for n in range(9))
          + ']>\n' + OPEN + '<title>&j;</title>' + DOT + '</svg>\n')
USE_BOMB = (OPEN + '<defs><g id="l0">' + DOT + '</g>'
            + "".join(f'<g id="l{n}">' + f'<use href="#l{n - 1}"/>' * 10 + '</g>' for n in range(1, 9))
            + '</defs><use href="#l8"/></svg>')


def art(content: str | bytes, name: str = "art.svg"):
    """The coin face draws NAME, an SVG with this content."""
    return both(with_image(name), write(name, content))


def svg(body: str) -> str:
    return OPEN + body + "</svg>\n"


def _png_uri(width: int, height: int) -> str:
    buffer = io.BytesIO()
    Image.new("1", (width, height)).save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def shaped(keys: str):
    """The coins (mini cards, 44 × 63 mm) given these component keys."""
    return edit("game.toml", SIZE, SIZE + "\n" + keys)


MAT = '\n[[components]]\nid = "mat"\nkind = "mat"\nsize = ["200mm", "150mm"]\nfront = "coin-back"\nshape = "round"\n'


def refused(name: str, content: str | bytes, message: str) -> Case:
    """A case whose SVG is an error at its own path (no line: the file as a whole)."""
    return Case(name, art(content), "art.svg", message)


CASES: tuple[Case, ...] = (
    Case("svg-fine", art(svg(DOT)), "game.toml", "", None, "ok"),
    Case("svg-fine-embedded-png", art(svg(f'<image width="10" height="10" href="{_png_uri(8, 8)}"/>')),
         "game.toml", "", None, "ok"),
    # entities and DTDs, however encoded
    refused("svg-billion-laughs", LAUGHS, "declares a DOCTYPE"),
    refused("svg-external-entity", '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
            + svg("<title>&x;</title>" + DOT), "declares a DOCTYPE"),
    refused("svg-doctype-utf16", ("\ufeff" + LAUGHS).encode("utf-16-le"), "declares a DOCTYPE"),
    refused("svg-parameter-entity", '<!DOCTYPE svg [<!ENTITY % p SYSTEM "http://example.com/x.dtd"> %p;]>\n'
            + svg(DOT), "declares a DOCTYPE"),
    # references outside the file
    refused("svg-image-http", svg('<image width="10" height="10" href="http://example.com/x.png"/>'),
            "refers to 'http://example.com/x.png' (line 1)"),
    refused("svg-image-file-url", svg('<image width="10" height="10" xlink:href="file:///etc/passwd"/>'),
            "refers to 'file:///etc/passwd'"),
    refused("svg-image-absolute", svg('<image width="10" height="10" href="/etc/passwd"/>'), "refers to '/etc/passwd'"),
    refused("svg-image-dotdot", svg('<image width="10" height="10" href="../coin-flip/cards.csv"/>'),
            "refers to '../coin-flip/cards.csv'"),
    refused("svg-image-beside", svg('<image width="10" height="10" href="cards.csv"/>'),
            "embed a PNG or JPEG as a data: URI"),
    refused("svg-use-other-file", svg('<use href="other.svg#dot"/>'), "refers to 'other.svg#dot'"),
    refused("svg-fill-url", svg('<rect width="5" height="5" fill="url(http://example.com/p.svg#g)"/>'),
            "refers to url(http://example.com/p.svg#g)"),
    refused("svg-style-url", svg('<rect width="5" height="5" style="fill: url(\'file:///etc/passwd\')"/>'),
            "refers to url(file:///etc/passwd)"),
    refused("svg-css-import", svg('<style>@import url("https://example.com/a.css");</style>' + DOT),
            "imports a style sheet"),
    refused("svg-css-url", svg('<style><![CDATA[ circle { fill: url(https://example.com/p#a) } ]]></style>' + DOT),
            "refers to url(https://example.com/p#a)"),
    refused("svg-embedded-gif", svg('<image width="10" height="10" href="data:image/gif;base64,R0lGOD"/>'),
            "may embed only PNG or JPEG"),
    refused("svg-embedded-garbage", svg('<image width="10" height="10" href="data:image/png;base64,AAAA"/>'),
            "embeds a picture that cannot be read"),
    refused("svg-embedded-bomb", svg(f'<image width="10" height="10" href="{_png_uri(10000, 6000)}"/>'),
            "embeds pictures of more than 50 million pixels"),
    # growing without bound
    refused("svg-use-bomb", USE_BOMB, "more than 10,000 elements once each <use> is expanded"),
    refused("svg-use-cycle", svg('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>'),
            "more than 10,000 elements once each <use> is expanded"),
    refused("svg-use-self", svg('<g id="a">' + DOT + '<use href="#a"/></g>'), "more than 10,000 elements"),
    refused("svg-deep-nesting", svg("<g>" * 5000 + "</g>" * 5000), "nests elements more than 100 deep"),
    refused("svg-many-elements", svg(DOT * 12_000), "more than 10,000 elements"),
    refused("svg-path-data-huge", svg('<path d="M0 0' + " L1 1" * 250_000 + '"/>'),
            "has more than 1,000,000 characters of path data (d and points) in all"),
    refused("svg-over-10mb", svg("<!--" + "x" * (11 * 1024 * 1024) + "-->"), "larger than 10 MB"),
    # sizes
    refused("svg-width-huge", '<svg xmlns="http://www.w3.org/2000/svg" width="1e9" height="10">' + DOT + "</svg>",
            "has a width of 1e+09 px"),
    refused("svg-viewbox-zero", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 10">' + DOT + "</svg>",
            "has a viewBox of 0 px"),
    refused("svg-viewbox-words", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="a b c d">' + DOT + "</svg>",
            "has a viewBox of 'c', not a length"),
    refused("svg-viewbox-short", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10">' + DOT + "</svg>",
            "not four numbers"),
    refused("svg-width-nan", '<svg xmlns="http://www.w3.org/2000/svg" width="NaN" height="10">' + DOT + "</svg>",
            "has a width of 'NaN', not a length"),
    refused("svg-no-size", '<svg xmlns="http://www.w3.org/2000/svg">' + DOT + "</svg>", "has no size"),
    # not an SVG, or not XML
    refused("svg-malformed", OPEN + "<g>" + DOT + "</svg>", "is not well-formed XML (line 1: mismatched tag)"),
    refused("svg-empty", "", "is not well-formed XML"),
    refused("svg-binary", bytes(range(256)) * 4, "is not well-formed XML"),
    refused("svg-really-a-png", base64.b64decode(_png_uri(4, 4).split(",")[1]), "is not well-formed XML"),
    refused("svg-html", "<html><body>hi</body></html>", "is not an SVG: its first element is <html>"),
    refused("svg-no-namespace", '<svg viewBox="0 0 10 10">' + DOT + "</svg>", "not an <svg> in the SVG namespace"),
    # text, drawn in whatever font the machine has
    refused("svg-text", svg('<text x="1" y="8">Hi</text>'), "has <text> text (line 1)"),
    # the path itself, as for any image
    Case("svg-path-outside", with_image("../x.svg"), "game.toml", "points outside the game folder", "path ="),
    Case("svg-missing", with_image("art/none.svg"), "game.toml", "image 'art/none.svg' not found", "path ="),
    # shapes of pieces
    Case("shape-round", shaped('shape = "round"'), "game.toml", "", None, "ok"),
    Case("shape-rounded-default-corner", shaped('shape = "rounded"'), "game.toml", "", None, "ok"),
    Case("shape-unknown", shaped('shape = "hexagon"'), "game.toml",
         "component 'coins': unknown shape 'hexagon'; use one of rectangle, round, hex, rounded (did you mean 'hex'?)",
         "shape ="),
    Case("shape-not-text", shaped("shape = 6"), "game.toml",
         "'shape' in component 'coins' must be rectangle, round, hex or rounded, got 6", "shape ="),
    Case("shape-on-a-mat", append("game.toml", MAT), "game.toml",
         "component 'mat': a mat is cut as a rectangle; shape = 'round' is for decks and tokens", 'shape = "round"'),
    Case("shape-corner-alone", shaped('corner = "2mm"'), "game.toml",
         "corner is the radius of a rounded piece's corners; add shape = \"rounded\"", "corner ="),
    Case("shape-corner-too-big", shaped('shape = "rounded"\ncorner = "30mm"'), "game.toml",
         "corner must be above 0 and at most half the piece's shorter side (22", "corner ="),
    Case("shape-corner-negative", shaped('shape = "rounded"\ncorner = "-1mm"'), "game.toml",
         "corner must be above 0", "corner ="),
    Case("shape-corner-not-a-length", shaped('shape = "rounded"\ncorner = "round"'), "game.toml",
         "component 'coins': corner: expected a length such as '63mm'", "corner ="),
)
