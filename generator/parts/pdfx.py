"""RGB PDF -> CMYK PDF/X-3 for offset printers, by Ghostscript.

Colour conversion and PDF/X conformance are a prepress tool's job, not ours: Ghostscript's
pdfwrite converts every colour, image and font to the output intent's CMYK and embeds the
fonts, and it is packaged everywhere (Debian: ghostscript). The output intent is the CMYK
profile Ghostscript ships (default_cmyk.icc, a SWOP-like coated press); we write the small
PDFX_def.ps-style file that declares it next to the files being converted.

Ghostscript's output is the same bytes every run except the trailer /ID, which it draws from
the clock; we replace it with a digest of the file (the trailer comes after every offset)."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from ..errors import GameError, problem

PACKAGE = "ghostscript"
# Where Debian's ghostscript installs the profile; the versioned folder first (newest last).
PROFILE_GLOBS = ("/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
                 "/usr/share/color/icc/ghostscript/default_cmyk.icc")
FIXED_DATE = "D:20000101000000Z"  # ReportLab's invariant date, so both tools agree
_ARRAY_START = re.compile(rb"/ID\s*(\[)")

DEFINITION = """%!
% PDF/X-3 definitions for Ghostscript's pdfwrite (after Ghostscript's lib/PDFX_def.ps).
[ /GTS_PDFXVersion (PDF/X-3:2002) /Trapped /False
  /CreationDate ({date}) /ModDate ({date})
/DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} ({profile}) (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} <<
  /Type /OutputIntent /S /GTS_PDFX
  /OutputCondition (Commercial and specialty printing)
  /OutputConditionIdentifier (CGATS TR 001)
  /RegistryName (http://www.color.org)
  /Info (Ghostscript default_cmyk.icc)
  /DestOutputProfile {{icc_PDFX}}
>> /PUT pdfmark
[{{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
"""


def _missing(message: str) -> GameError:
    return GameError(problem("gs", None, f"{message}; --print-shop offset needs Ghostscript to make a "
                                         f"CMYK PDF/X (on Debian or Ubuntu: apt-get install {PACKAGE})"))


def ghostscript() -> str:
    found = shutil.which("gs")
    if not found:
        raise _missing("Ghostscript (gs) is not installed")
    return found


def profile() -> Path:
    for pattern in PROFILE_GLOBS:
        found = sorted(Path("/").glob(pattern.lstrip("/")))
        if found:
            return found[-1]
    raise _missing("Ghostscript's CMYK profile default_cmyk.icc is not installed")


def require() -> tuple[str, Path]:
    """Ghostscript and its CMYK profile, or the error that names the package to install."""
    return ghostscript(), profile()


def _ps_string(text: str) -> str:
    """A path as the body of a PostScript (string)."""
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def command(gs: str, icc: Path, definition: Path, source: Path, target: Path) -> list[str]:
    return [gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"--permit-file-read={icc.parent}/",
            "-sDEVICE=pdfwrite", "-dPDFSETTINGS=/prepress", "-dPDFX",
            "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
            "-dAutoRotatePages=/None",  # a landscape card stays as drawn
            f"-sOutputFile={target.name}", definition.name, source.name]


def fix_id(path: Path) -> None:
    """Replace the last trailer's /ID by an MD5 of the file with the ID blanked. Ghostscript
    writes each of its two strings in hex (<...>) or, when that is shorter, as a literal
    ((...), any bytes): both are read. The trailer follows the cross-reference table, so its
    length may change without moving any offset."""
    data = path.read_bytes()
    span = _id_span(data)
    if span is None:
        return
    start, end = span
    blank = data[:start] + b"[<" + b"0" * 32 + b"><" + b"0" * 32 + b">]" + data[end:]
    digest = hashlib.md5(blank).hexdigest().upper().encode()
    path.write_bytes(data[:start] + b"[<" + digest + b"><" + digest + b">]" + data[end:])


def _id_span(data: bytes) -> tuple[int, int] | None:
    """Where the last trailer's /ID array ([ ... ]) is, or None."""
    at = data.rfind(b"/ID", data.rfind(b"trailer") if b"trailer" in data else 0)
    if at < 0:
        return None
    found = _ARRAY_START.match(data, at)
    if not found:
        return None
    index = found.end()
    for _ in range(2):
        index = _string_end(data, _skip_space(data, index))
        if index is None:
            return None
    index = _skip_space(data, index)
    return (found.start(1), index + 1) if data[index:index + 1] == b"]" else None


def _skip_space(data: bytes, index: int) -> int:
    while index < len(data) and data[index:index + 1] in b" \t\r\n\f\0":
        index += 1
    return index


def _string_end(data: bytes, index: int) -> int | None:
    """The index after the PDF string starting at index (hex or literal), or None."""
    if data[index:index + 1] == b"<":
        close = data.find(b">", index)
        return None if close < 0 else close + 1
    if data[index:index + 1] != b"(":
        return None
    depth = 0
    while index < len(data):
        char = data[index:index + 1]
        if char == b"\\":
            index += 2
            continue
        depth += (char == b"(") - (char == b")")
        index += 1
        if depth == 0:
            return index
    return None


class Conversion:
    """One Ghostscript run, in the background; source and definition live beside target and
    are removed when it ends (they must not stay in the build folder)."""

    def __init__(self, source: Path, target: Path):
        gs, icc = require()
        self.source, self.target = source, target
        self.definition = target.with_name(f".{target.stem}-pdfx.ps")
        self.log = target.with_name(f".{target.stem}-gs.log")
        self.definition.write_text(DEFINITION.format(date=FIXED_DATE, profile=_ps_string(str(icc))),
                                   encoding="ascii")
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command(gs, icc, self.definition, source, target), cwd=target.parent,
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)

    def wait(self) -> None:
        code = self.process.wait()
        said = self.log.read_text(encoding="utf-8", errors="replace").strip()
        self._tidy()
        if code != 0 or not self.target.is_file():
            last = said.splitlines()[-1] if said else f"exit status {code}"
            raise GameError(problem(self.target.name, None, f"Ghostscript could not make the PDF/X: {last}"))
        fix_id(self.target)

    def cancel(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self._tidy()

    def _tidy(self) -> None:
        for path in (self.source, self.definition, self.log):
            path.unlink(missing_ok=True)


def start(source: Path, target: Path) -> Conversion:
    return Conversion(source, target)
