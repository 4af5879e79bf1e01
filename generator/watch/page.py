"""The live preview's additions to the gallery page: a script and its bar, added to index.html
as it is served (the built index.html stays a static page without script).

The bar holds the toggles for the bleed, trim and safe-zone guides drawn over each card and,
after a save that broke the game, its problems (file and line) while the last good images stay.
Each `built` event names the files whose bytes changed: their images are fetched again; a
build that adds or removes files reloads the page."""

from __future__ import annotations

INDEX = "index.html"
TAG = b'<script src="/__ppgen/live.js" defer></script>\n'
# served until the first good build: its problems show here, and the gallery replaces it
WAITING = (b'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>ppgen preview</title></head>\n'
           b'<body><main><p>Waiting for a good build of the game.</p></main></body></html>\n')


def with_script(html: bytes) -> bytes:
    """index.html with the page script, just before </body>."""
    at = html.rfind(b"</body>")
    return html[:at] + TAG + html[at:] if at >= 0 else html + TAG


def guides(game) -> dict:
    """component id -> where its guides go, as fractions of the trimmed card the gallery shows."""
    found = {}
    for component in game.components:
        width, height = component.size.width, component.size.height
        if width > 0 and height > 0:
            found[component.id] = {"bleed": [component.bleed / width, component.bleed / height],
                                   "safe": [component.safe / width, component.safe / height]}
    return found


SCRIPT = r"""
"use strict";
(() => {
  const css = `#ppgen-top{position:sticky;top:0;z-index:9}#ppgen-live{background:#111;color:#eee;font:13px system-ui,sans-serif;
padding:.4em 1em;display:flex;gap:1.2em;align-items:center;flex-wrap:wrap}#ppgen-live label{cursor:pointer}
#ppgen-problems{display:none;background:#8B1A1A;color:#fff;font:13px ui-monospace,monospace;padding:.6em 1em;
margin:0;white-space:pre-wrap}#ppgen-problems.shown{display:block}
.ppgen-guides{position:absolute;pointer-events:none}.ppgen-guide{position:absolute;display:none;box-sizing:border-box}
.ppgen-guide.trim{inset:0;border:1px solid #E0218A}.ppgen-guide.safe{border:1px dashed #1E88E5}
.ppgen-guide.bleed{border:1px dotted #2E7D32}body.ppgen-show-trim .ppgen-guide.trim,
body.ppgen-show-safe .ppgen-guide.safe,body.ppgen-show-bleed .ppgen-guide.bleed{display:block}`;
  const style = document.createElement("style");
  style.textContent = css;
  document.head.append(style);
  const bar = document.createElement("div");
  bar.id = "ppgen-live";
  bar.innerHTML = '<span id="ppgen-status">live preview</span>' +
    ["bleed", "trim", "safe"].map(g => `<label><input type="checkbox" id="ppgen-${g}"> ${g}</label>`).join("");
  const problems = document.createElement("pre");
  problems.id = "ppgen-problems";
  const top = document.createElement("div");  // stays in sight while the page scrolls
  top.id = "ppgen-top";
  top.append(bar, problems);
  document.body.prepend(top);
  const status = document.getElementById("ppgen-status");
  for (const guide of ["bleed", "trim", "safe"]) {
    document.getElementById(`ppgen-${guide}`).addEventListener("change", event =>
      document.body.classList.toggle(`ppgen-show-${guide}`, event.target.checked));
  }

  const pct = value => `${(value * 100).toFixed(3)}%`;
  function drawGuides(geometry) {
    for (const section of document.querySelectorAll('section[id^="cards-"]')) {
      const g = geometry[section.id.slice(6)];
      if (!g) continue;
      for (const image of section.querySelectorAll("figure.card img")) {
        const box = document.createElement("div");
        box.className = "ppgen-guides";
        const place = () => Object.assign(box.style, {left: `${image.offsetLeft}px`, top: `${image.offsetTop}px`,
          width: `${image.offsetWidth}px`, height: `${image.offsetHeight}px`});
        const [bx, by] = g.bleed, [sx, sy] = g.safe;
        box.innerHTML = '<div class="ppgen-guide trim"></div>' +
          `<div class="ppgen-guide safe" style="inset:${pct(sy)} ${pct(sx)}"></div>` +
          `<div class="ppgen-guide bleed" style="inset:-${pct(by)} -${pct(bx)}"></div>`;
        image.closest("figure").append(box);
        place();
        image.addEventListener("load", place);
        window.addEventListener("resize", place);
      }
    }
  }
  fetch("/__ppgen/guides.json").then(r => r.json()).then(drawGuides);

  const bare = src => (src || "").split("?")[0];
  async function refreshText() {
    // Card names and data live in index.html: take them from the new page, figure by figure.
    const fresh = new DOMParser().parseFromString(await (await fetch("/index.html")).text(), "text/html");
    const old = document.querySelectorAll("main figure"), now = fresh.querySelectorAll("main figure");
    if (old.length !== now.length) { location.reload(); return; }
    now.forEach((figure, i) => {
      for (const part of ["figcaption", "dl.data"]) {
        const a = old[i].querySelector(part), b = figure.querySelector(part);
        if (a && b && a.innerHTML !== b.innerHTML) a.innerHTML = b.innerHTML;
      }
      if (figure.title !== old[i].title) old[i].title = figure.title;
    });
  }
  function built(data) {
    problems.classList.remove("shown");
    if (data.reload) { location.reload(); return; }
    const changed = new Set(data.changed);
    let count = 0;
    for (const image of document.images) {
      if (changed.has(bare(image.getAttribute("src")))) {
        image.src = `${bare(image.getAttribute("src"))}?v=${data.version}`;
        count += 1;
      }
    }
    if (changed.has("index.html")) refreshText();
    status.textContent = `live preview: build ${data.version}, ${changed.size} files changed, ${count} images updated`;
  }
  function failed(data) {
    problems.textContent = data.problems.join("\n");
    problems.classList.add("shown");
    status.textContent = "live preview: the last save has problems; the images are the last good build's";
  }
  const events = new EventSource("/__ppgen/events");
  events.addEventListener("built", event => built(JSON.parse(event.data)));
  events.addEventListener("failed", event => failed(JSON.parse(event.data)));
})();
"""
