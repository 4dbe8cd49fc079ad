/*
 * The compare page (present when the dashboard was built by `arbigraph compare --html`): per
 * topology × category cell, the accuracy of run A and run B, the delta, the paired counts on
 * shared trials (lost: right in A, wrong in B; won: the reverse), the exact McNemar p-value and
 * the verdict; degraded and missing cells are the ones that fail the regression gate. A cell
 * opens its cases of run B (the dashboard's own), filtered to it.
 */
;(() => {
  const { el, pct } = window.arbigraph
  const rate = (v) => (v === null ? '—' : pct(v))
  const delta = (v) => (v === null ? '—' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pt`)

  // A row opens its cell's cases of run B, the run this dashboard holds (`run=B` says so on the page).
  const casesOf = (c) =>
    c.key === '*' ? '#/cases?run=B' : `#/cases?${new URLSearchParams({ cell: c.key, run: 'B' }).toString()}`

  function row(c, name) {
    return el(
      'tr',
      { class: `verdict-${c.verdict.replaceAll(' ', '-')}`, 'data-cell': c.key },
      el('td', {}, el('a', { class: 'cell-link', href: casesOf(c) }, name)),
      el('td', { class: 'num' }, `${rate(c.accuracyA)} (n=${c.nA})`),
      el('td', { class: 'num' }, `${rate(c.accuracyB)} (n=${c.nB})`),
      el('td', { class: 'num' }, delta(c.delta)),
      el('td', { class: 'num' }, c.shared),
      el('td', { class: 'num' }, c.lost),
      el('td', { class: 'num' }, c.won),
      el('td', { class: 'num' }, c.p < 0.0001 ? c.p.toExponential(2) : c.p.toFixed(4)),
      el('td', {}, c.verdict),
    )
  }

  function render(view, { store }) {
    const cmp = store.summary.compare
    if (!cmp) {
      view.append(
        el(
          'p',
          {},
          'This dashboard holds no comparison. Build one with "arbigraph compare a.json b.json --html <dir>".',
        ),
      )
      return
    }
    view.append(
      el('h2', {}, 'Compare runs'),
      el('p', {}, `A: ${cmp.labelA}`, el('br'), `B: ${cmp.labelB}`),
      el(
        'p',
        { class: cmp.failing.length ? 'error' : 'ok', id: 'compare-verdict' },
        cmp.failing.length
          ? `Regression gate: ${cmp.failing.length} cell(s) fail (${cmp.failing.join(', ')}), exact McNemar α = ${cmp.alpha}`
          : `Regression gate: no cell dropped significantly (exact McNemar α = ${cmp.alpha})`,
      ),
      el(
        'table',
        { class: 'compare' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ['Cell', 'Accuracy A', 'Accuracy B', 'Δ', 'Shared', 'Lost', 'Won', 'p', 'Verdict'].map((h) =>
              el('th', {}, h),
            ),
          ),
        ),
        el(
          'tbody',
          {},
          cmp.cells.map((c) => row(c, c.key)),
          row(cmp.total, 'All'),
        ),
      ),
    )
    document.documentElement.dataset.ready = 'compare'
  }

  window.arbigraph.registerPage('compare', render, 'Compare')
})()
