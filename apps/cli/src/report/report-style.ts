// The report's stylesheet, inline (the page loads nothing). Colours carry meaning — green evidence,
// red denials and failures, amber warnings — and the page reads in light and dark and in print.
export const REPORT_CSS = `
:root { --fg:#1f2328; --muted:#59636e; --bg:#ffffff; --panel:#f6f8fa; --line:#d1d9e0;
  --good:#1a7f37; --bad:#cf222e; --warn:#9a6700; --accent:#0969da; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --fg:#e6edf3; --muted:#9198a1; --bg:#0d1117; --panel:#151b23;
  --line:#3d444d; --good:#3fb950; --bad:#f85149; --warn:#d29922; --accent:#4493f8; } }
* { box-sizing: border-box; }
body { margin:0; font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif; color:var(--fg); background:var(--bg); }
header { padding:24px 32px 16px; border-bottom:1px solid var(--line); }
h1 { font-size:22px; margin:4px 0 8px; overflow-wrap:anywhere; }
h2 { font-size:15px; text-transform:uppercase; letter-spacing:.04em; color:var(--muted); margin:24px 0 8px; }
.meta { color:var(--muted); font-size:13px; display:flex; flex-wrap:wrap; gap:4px 16px; }
.badge { display:inline-block; padding:1px 8px; border-radius:10px; font-size:12px; font-weight:600; color:#fff; background:var(--muted); }
.badge.good { background:var(--good); } .badge.bad { background:var(--bad); } .badge.warn { background:var(--warn); }
.cards { display:flex; flex-wrap:wrap; gap:8px; margin-top:14px; }
.card { background:var(--panel); border:1px solid var(--line); border-radius:8px; padding:6px 12px; min-width:92px; }
.card b { display:block; font-size:20px; } .card span { color:var(--muted); font-size:12px; }
.card.bad b { color:var(--bad); } .card.good b { color:var(--good); } .card.warn b { color:var(--warn); }
main { display:grid; grid-template-columns:minmax(0,2fr) minmax(260px,1fr); gap:32px; padding:8px 32px 40px; }
@media (max-width: 860px) { main { grid-template-columns:1fr; } }
ol.timeline { list-style:none; margin:0; padding:0; border-left:2px solid var(--line); }
ol.timeline > li { position:relative; margin:0 0 10px; padding:6px 12px 6px 18px; }
ol.timeline > li::before { content:""; position:absolute; left:-7px; top:12px; width:12px; height:12px; border-radius:50%;
  background:var(--bg); border:2px solid var(--muted); }
ol.timeline > li.good::before { border-color:var(--good); background:var(--good); }
ol.timeline > li.bad::before { border-color:var(--bad); background:var(--bad); }
ol.timeline > li.warn::before { border-color:var(--warn); background:var(--warn); }
li.bad { background:color-mix(in srgb, var(--bad) 10%, transparent); border-radius:6px; }
li.good.receipt { background:color-mix(in srgb, var(--good) 10%, transparent); border-radius:6px; }
.when { color:var(--muted); font-size:12px; font-variant-numeric:tabular-nums; margin-right:8px; }
.title { font-weight:600; }
.detail { display:block; color:var(--fg); overflow-wrap:anywhere; white-space:pre-wrap; font-size:14px; }
code, .cmd { font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace; }
details > summary { cursor:pointer; color:var(--muted); }
ol.calls { margin:6px 0 0; padding-left:20px; font-size:13px; }
ol.calls li { margin:2px 0; overflow-wrap:anywhere; }
ol.calls .kind { color:var(--muted); }
aside section { background:var(--panel); border:1px solid var(--line); border-radius:8px; padding:4px 16px 12px; margin-bottom:16px; }
aside ul { padding-left:18px; margin:6px 0; } aside li { margin:4px 0; overflow-wrap:anywhere; }
.covered { color:var(--good); font-weight:600; } .uncovered { color:var(--bad); font-weight:600; }
.evidence { display:block; color:var(--muted); font-size:13px; }
.tree ul { padding-left:18px; } .tree .current { font-weight:600; }
footer { padding:12px 32px 24px; color:var(--muted); font-size:12px; border-top:1px solid var(--line); }
@media print { details { display:block; } details > summary { display:none; } }
`;
