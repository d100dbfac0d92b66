"""A Content-Security-Policy on every page: only the site's own origin may provide code.

The theme writes a few small inline scripts (different on each page: they hold the page's
depth); each page's policy allows exactly those, by their SHA-256 hash. WebAssembly
compilation is allowed for Pyodide and Pagefind ('wasm-unsafe-eval'); styles come from the
site's files only (no page writes a `style` attribute or element; scripts set styles through
the CSSOM, which the policy allows); requests may read `blob:` data the page made itself
(the page list rewritten by assets/adresse.js).

The policy is written where the head starts, by structure: the text of a page (which a
writer controls) never decides whether a page gets it.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", re.S)
HEAD = re.compile(r"<head(?:\s[^>]*)?>", re.I)
META = '<meta http-equiv="Content-Security-Policy"'
NOT_CODE = ("application/json", "application/ld+json")


def policy(html: str) -> str:
    hashes = []
    for attributes, body in INLINE_SCRIPT.findall(html):
        if any(kind in attributes for kind in NOT_CODE):
            continue
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        hashes.append(f"'sha256-{digest}'")
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *dict.fromkeys(hashes)])
    return (
        f"default-src 'self'; script-src {scripts}; style-src 'self'; "
        "img-src 'self' data:; font-src 'self'; connect-src 'self' blob:; worker-src 'self'; "
        "object-src 'none'; base-uri 'self'; form-action 'self'"
    )


def protect(site: Path) -> None:
    """Write the policy at the top of the <head> of every HTML page of `site`."""
    for page in site.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        protected = protect_page(html)
        if protected is not html:
            page.write_text(protected, encoding="utf-8")


def protect_page(html: str) -> str:
    """The page with its policy (the same text when it has no head or has its policy)."""
    head = HEAD.search(html)
    if head is None or html.startswith(META, head.end()):
        return html
    meta = f'{META} content="{policy(html)}">'
    return html[: head.end()] + meta + html[head.end() :]
