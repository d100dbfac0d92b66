"""The browser the tests drive: Debian's Chromium, through Playwright (which must not
download a browser of its own)."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
]


def chromium_problem() -> str | None:
    """Why the tests cannot open a browser, in French, or None."""
    if not Path(CHROMIUM).is_file():
        return (
            f"Chromium absent ({CHROMIUM}) : les pages ne peuvent pas être mesurées sur un "
            "téléphone. Installez celui de Debian (« sudo apt-get install chromium »), "
            "puis relancez les tests."
        )
    try:
        import playwright  # noqa: F401
    except ImportError:
        return (
            "Playwright absent : installez le générateur avec ses tests "
            "(pip install 'srd-jdr[test]', voir requirements.txt)"
        )
    return None
