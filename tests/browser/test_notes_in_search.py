"""The reader's side: a chapter or entity page opens with its rule; each editorial note is marked
where it applies and written in full at the end of its page and on the errata page."""

PAGEFIND = """async ([root, query, url]) => {
  const pagefind = await import(root + "/pagefind/pagefind.js");
  await pagefind.options({ baseUrl: "/" });
  const found = await pagefind.search(query);
  for (const hit of found.results) {
    const data = await hit.data();
    if (data.url === url) return { content: data.content, excerpt: data.excerpt };
  }
  return null;
}"""


def test_a_chapter_is_indexed_rule_first_and_its_excerpt_shows_no_note(browser, server):
    """What search shows of a chapter starts with its rule, not with note boilerplate."""
    page = browser.new_page()
    page.goto(f"{server}/skillcraft/regles/attributs-et-competences/")
    url = "/skillcraft/regles/attributs-et-competences/"
    hit = page.evaluate(PAGEFIND, [server, "attributs statistique", url])
    page.close()
    assert hit, "chapitre introuvable dans l'index"
    assert hit["content"].startswith("Attributs et compétences. Les attributs chiffrent"), hit[
        "content"
    ][:200]
    assert "Note éditoriale" not in hit["excerpt"] and "cliquez" not in hit["excerpt"], hit
