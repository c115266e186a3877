"""axe-core (npm, pinned in package.json) run in a page: the accessibility rules the field
audits with. `audit(page)` gives the violations of impact serious or critical, each as one
line (rule, impact, the first elements it names)."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

RUN = """async () => {
  const found = await axe.run(document, { resultTypes: ["violations"] });
  return found.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " :: " + (n.failureSummary || "").slice(0, 160)) }));
}"""


def violations(page) -> list[dict]:
    """Every violation axe finds in `page` as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(RUN)


def audit(page, where: str) -> list[str]:
    """The serious and critical violations in `page`, one line each, named by `where`."""
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']} — " + " | ".join(v["nodes"])
            for v in violations(page) if v["impact"] in SERIOUS]
