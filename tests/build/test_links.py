"""Link check of the whole built site: every internal link and anchor resolves (the check
a project's tests run too: generator/testing/site_links.py)."""

from generator.testing.site_links import check_links, link_failures


def test_every_internal_link_and_anchor_resolves(site, base_url):
    report = check_links(site, base_url)
    assert report.pages > 30
    assert not link_failures(report), link_failures(report)
    assert report.checked > 500
