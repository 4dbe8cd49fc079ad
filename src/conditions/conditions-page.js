/*
 * The Conditions page: the context conditions side by side. First per cell and node depth — node
 * accuracy in-graph, isolated and chained, then context loss (isolated − in-graph), propagation
 * (isolated − chained) and interference (chained − in-graph) in percentage points with their 95%
 * paired interval and McNemar p. Then per case: every node's outcome under the three conditions
 * (✓ right, ✗ wrong, · not run) and the evidence label of a node wrong in-graph; a case opens its
 * full view. Data comes from src/conditions/dashboard-page.ts.
 */
;(() => {
  const { el, pct } = window.arbigraph
  const points = (x) => `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)}`
  const diff = (d) =>
    d
      ? `${points(d.estimate)} [${points(d.lower)}, ${points(d.upper)}] p=${d.p < 0.001 ? '<0.001' : d.p.toFixed(3)}`
      : '—'
  const acc = (a) => (a ? `${pct(a.estimate)} (${a.correct}/${a.trials})` : '—')
  const mark = (v) => (v === null ? '·' : v ? '✓' : '✗')

  function cellRow(r) {
    return el(
      'tr',
      { class: r.depth === null ? 'cell-total' : 'cell-depth', 'data-cell': `${r.topology}/${r.category}` },
      el('td', {}, r.depth === null ? `${r.topology}/${r.category}` : ''),
      el('td', { class: 'num' }, r.depth === null ? 'all' : r.depth),
      el('td', { class: 'num' }, r.nodes),
      el('td', { class: 'num in-graph' }, acc(r.accuracy['in-graph'])),
      el('td', { class: 'num isolated' }, acc(r.accuracy.isolated)),
      el('td', { class: 'num chained' }, acc(r.accuracy.chained)),
      el('td', { class: 'num loss' }, diff(r.contextLoss)),
      el('td', { class: 'num' }, diff(r.propagation)),
      el('td', { class: 'num' }, diff(r.interference)),
      el('td', { class: 'num' }, `${r.evidence.local}/${r.evidence.propagated}/${r.evidence.interference}`),
    )
  }

  function nodeCell([name, depth, inGraph, isolated, chained, evidence]) {
    return el(
      'span',
      {
        class: `node${inGraph ? '' : ' wrong'}`,
        // The app's style sheets know nothing of this page; its two rules travel with it.
        style: `margin-right: 1.2em; white-space: nowrap;${inGraph ? '' : ' color: #b3261e;'}`,
        title: `${name} (depth ${depth})${evidence ? `: ${evidence}` : ''}`,
      },
      `${name.replace(/^task_(\d+)_out$/, 't$1')} ${mark(inGraph)}${mark(isolated)}${mark(chained)}${evidence ? ` ${evidence}` : ''}`,
    )
  }

  function caseRow(c) {
    return el(
      'tr',
      {
        class: 'row',
        'data-index': c.index,
        onclick: () => (location.hash = window.arbigraph.caseHref(c.index)),
      },
      el('td', {}, c.caseId),
      el('td', { class: 'num' }, c.epoch),
      el('td', {}, c.cell),
      el('td', { class: 'nodes' }, c.nodes.map(nodeCell)),
    )
  }

  function render(view, { store }) {
    const page = store.summary.pages.find((p) => p.id === 'conditions')
    const data = page.data
    const headers = [
      'Cell',
      'Depth',
      'Nodes',
      'In-graph',
      'Isolated',
      'Chained',
      'Context loss (pp)',
      'Propagation (pp)',
      'Interference (pp)',
      'Wrong: local/prop/interf',
    ]
    view.append(
      el('h2', {}, 'Context conditions'),
      el(
        'p',
        {},
        'Node accuracy when each node is answered inside the whole instance (in-graph), alone with its true inputs (isolated), and alone with the model’s own upstream answers as inputs (chained). Context loss = isolated − in-graph = propagation (isolated − chained) + interference (chained − in-graph).',
      ),
      el(
        'table',
        { id: 'conditions-cells', class: 'compare' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            headers.map((h) => el('th', {}, h)),
          ),
        ),
        el('tbody', {}, data.rows.map(cellRow)),
      ),
      el('h3', {}, `Cases (${data.cases.length})`),
      el(
        'p',
        {},
        'Per node: in-graph, isolated, chained (✓ right, ✗ wrong, · not run), then the evidence label of a node wrong in-graph.',
      ),
      el(
        'table',
        { id: 'conditions-cases', class: 'cases' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ['Case', 'Epoch', 'Cell', 'Nodes'].map((h) => el('th', {}, h)),
          ),
        ),
        el('tbody', {}, data.cases.map(caseRow)),
      ),
    )
    document.documentElement.dataset.ready = 'conditions'
  }

  window.arbigraph.registerPage('conditions', render, 'Conditions')
})()
