"""Which parts of a page left the document (issue 28: a table drawn in place keeps its kept
parts in the page, where the browser keeps their style and layout). A hidden custom element put
in each part hears when it leaves the document (`disconnectedCallback`): the part, or anything
holding it, was taken out, even if it was put back at once."""

from __future__ import annotations

# sels: {name: selector}; every part gets a probe, and what left is forgotten
PROBE_JS = """(sels) => {
  if (!customElements.get("by-probe"))
    customElements.define("by-probe", class extends HTMLElement {
      disconnectedCallback() { window.__left.push(this.dataset.part); }
    });
  window.__left = [];
  for (const [name, sel] of Object.entries(sels)) {
    const probe = document.createElement("by-probe");
    probe.dataset.part = name;
    probe.hidden = true;
    document.querySelector(sel).append(probe);
  }
}"""

def probe(page, parts: dict[str, str]) -> None:
    """Put a probe in each part (name -> selector)."""
    page.evaluate(PROBE_JS, parts)


def left(page) -> set[str]:
    """The parts that left the document since they were probed."""
    return set(page.evaluate("() => window.__left"))
