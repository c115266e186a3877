"""Small self-contained SVG charts (standard library only): bars with error bars and
histograms. Every chart is a string that can be written as a .svg file or put inline in
an HTML page."""

from html import escape

W, H = 640, 300
PAD_L, PAD_R, PAD_T, PAD_B = 60, 20, 36, 60
PALETTE = ["#3465a4", "#cc0000", "#c4a000", "#4e9a06", "#75507b", "#f57900", "#555753"]


def _frame(title, body, ymax, ylabel, fmt):
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="20" text-anchor="middle" font-size="14">{escape(title)}</text>']
    plot_h = H - PAD_T - PAD_B
    for k in range(5):
        v = ymax * k / 4
        y = PAD_T + plot_h - plot_h * k / 4
        out.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{PAD_L - 4}" y="{y + 4:.1f}" text-anchor="end">{escape(fmt(v))}</text>')
    out.append(f'<text x="14" y="{PAD_T + plot_h / 2}" transform="rotate(-90 14 {PAD_T + plot_h / 2})" '
               f'text-anchor="middle">{escape(ylabel)}</text>')
    out.extend(body)
    out.append("</svg>")
    return "\n".join(out)


def bars(title, labels, values, ylabel="", errors=None, reference=None, fmt=None, ymax=None):
    """Vertical bars; `errors` are (low, high) pairs drawn as whiskers; `reference` a
    dashed horizontal line (e.g. the win rate of an equal seat)."""
    fmt = fmt or (lambda v: f"{v:.2g}")
    tops = list(values) + [hi for _, hi in errors or []] + ([reference] if reference else [])
    ymax = ymax or (max(tops) * 1.1 if tops and max(tops) > 0 else 1)
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    n = max(1, len(values))
    step = plot_w / n
    bw = step * 0.6

    def y(v):
        return PAD_T + plot_h - plot_h * min(v, ymax) / ymax

    body = []
    for i, (label, v) in enumerate(zip(labels, values)):
        x = PAD_L + step * i + (step - bw) / 2
        body.append(f'<rect x="{x:.1f}" y="{y(v):.1f}" width="{bw:.1f}" height="{PAD_T + plot_h - y(v):.1f}" '
                    f'fill="{PALETTE[i % len(PALETTE)]}"><title>{escape(str(label))}: {escape(fmt(v))}</title></rect>')
        if errors:
            lo, hi = errors[i]
            cx = x + bw / 2
            body.append(f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(lo):.1f}" y2="{y(hi):.1f}" stroke="black"/>')
            for yy in (y(lo), y(hi)):
                body.append(f'<line x1="{cx - 5:.1f}" x2="{cx + 5:.1f}" y1="{yy:.1f}" y2="{yy:.1f}" stroke="black"/>')
        body.append(f'<text x="{x + bw / 2:.1f}" y="{PAD_T + plot_h + 14}" text-anchor="middle">'
                    f'{escape(str(label))}</text>')
        body.append(f'<text x="{x + bw / 2:.1f}" y="{y(v) - 4:.1f}" text-anchor="middle" font-size="10">'
                    f'{escape(fmt(v))}</text>')
    if reference is not None:
        body.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{y(reference):.1f}" y2="{y(reference):.1f}" '
                    f'stroke="#888" stroke-dasharray="6 4"/>')
    return _frame(title, body, ymax, ylabel, fmt)


def histogram(title, series: dict, edges, xlabel="", ylabel="share of games", edge_fmt=None):
    """Grouped histogram: `series` maps a name to counts per bin (len(edges) - 1 bins),
    drawn as shares of that series' total."""
    edge_fmt = edge_fmt or (lambda v: f"{v:g}")
    shares = {k: [c / max(1, sum(v)) for c in v] for k, v in series.items()}
    ymax = max([max(v) for v in shares.values() if v] + [0.01]) * 1.1
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    nbins = len(edges) - 1
    step = plot_w / max(1, nbins)
    k = max(1, len(shares))
    bw = step * 0.8 / k
    body = []
    for s, (name, vals) in enumerate(shares.items()):
        colour = PALETTE[s % len(PALETTE)]
        for i, v in enumerate(vals):
            x = PAD_L + step * i + step * 0.1 + bw * s
            h = plot_h * v / ymax
            body.append(f'<rect x="{x:.1f}" y="{PAD_T + plot_h - h:.1f}" width="{bw:.1f}" height="{h:.1f}" '
                        f'fill="{colour}"><title>{escape(name)} {escape(edge_fmt(edges[i]))}..'
                        f'{escape(edge_fmt(edges[i + 1]))}: {v:.1%}</title></rect>')
        body.append(f'<rect x="{PAD_L + 10 + 110 * s}" y="{H - 18}" width="10" height="10" fill="{colour}"/>')
        body.append(f'<text x="{PAD_L + 24 + 110 * s}" y="{H - 9}">{escape(name)}</text>')
    every = max(1, nbins // 10)
    for i in range(0, nbins + 1, every):
        body.append(f'<text x="{PAD_L + step * i:.1f}" y="{PAD_T + plot_h + 14}" text-anchor="middle">'
                    f'{escape(edge_fmt(edges[i]))}</text>')
    body.append(f'<text x="{PAD_L + plot_w / 2}" y="{PAD_T + plot_h + 30}" text-anchor="middle">'
                f'{escape(xlabel)}</text>')
    return _frame(title, body, ymax, ylabel, lambda v: f"{v:.0%}")


def lines(title, series: dict, xs, ylabel="", xlabel=""):
    """Line chart: `series` maps a name to one value per x."""
    allv = [v for vals in series.values() for v in vals] or [1]
    ymax = max(allv) * 1.1 or 1
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    n = max(1, len(xs) - 1)
    body = []
    for s, (name, vals) in enumerate(series.items()):
        colour = PALETTE[s % len(PALETTE)]
        pts = " ".join(f"{PAD_L + plot_w * i / n:.1f},{PAD_T + plot_h - plot_h * v / ymax:.1f}"
                       for i, v in enumerate(vals))
        body.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        body.append(f'<rect x="{PAD_L + 10 + 150 * s}" y="{H - 18}" width="10" height="10" fill="{colour}"/>')
        body.append(f'<text x="{PAD_L + 24 + 150 * s}" y="{H - 9}">{escape(name)}</text>')
    for i, x in enumerate(xs):
        body.append(f'<text x="{PAD_L + plot_w * i / n:.1f}" y="{PAD_T + plot_h + 14}" '
                    f'text-anchor="middle">{escape(str(x))}</text>')
    body.append(f'<text x="{PAD_L + plot_w / 2}" y="{PAD_T + plot_h + 30}" text-anchor="middle">'
                f'{escape(xlabel)}</text>')
    return _frame(title, body, ymax, ylabel, lambda v: f"{v:.2g}")
