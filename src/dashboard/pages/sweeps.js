/*
 * The Sweeps page: the plots of accuracy against size and against mean prompt tokens (SVG built
 * by src/dashboard/sweep-plot.ts), then per curve a table of its points and the reading of its
 * fit (breaking point with its bootstrap interval, or beyond the range; slope per doubling).
 */
;(() => {
  const { el, pct, num, registerPage } = window.arbigraph

  const svg = (markup) => {
    const holder = el('div', { class: 'chart-holder' })
    holder.innerHTML = markup // our own escaped SVG, built by src/dashboard/sweep-plot.ts
    return holder
  }

  function curveTable(curve) {
    const head = [curve.axis, 'size', 'n', 'Accuracy', 'Wilson 95%', 'Prompt tokens', 'Infra']
    const rows = curve.points.map((p) =>
      el(
        'tr',
        { 'data-point': `${curve.key}@${p.value}` },
        el('td', { class: 'num' }, p.value),
        el('td', { class: 'num' }, p.size),
        el('td', { class: 'num' }, p.n),
        el('td', { class: 'num' }, pct(p.accuracy)),
        el('td', { class: 'num ci' }, `${pct(p.ciLow)}–${pct(p.ciHigh)}`),
        el('td', { class: 'num' }, num(p.promptTokensMean, 0)),
        el('td', { class: 'num' }, p.infraErrors),
      ),
    )
    return el(
      'table',
      { class: 'cells sweep-points' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          head.map((h) => el('th', {}, h)),
        ),
      ),
      el('tbody', {}, rows),
    )
  }

  registerPage(
    'sweeps',
    (view) => {
      const page = window.arbigraph.store.summary.pages.find((p) => p.id === 'sweeps')
      const { plots, curves } = page.data
      view.append(
        el('h2', {}, 'Accuracy against size'),
        el('div', { id: 'sweep-plot-size' }, svg(plots.size)),
        el('h2', {}, 'Accuracy against mean prompt tokens'),
        el('div', { id: 'sweep-plot-tokens' }, svg(plots.tokens)),
        ...curves.flatMap((curve) => [
          el('h3', {}, `sweep ${curve.key}`),
          el('p', { class: 'sweep-fit' }, curve.fit),
          curveTable(curve),
        ]),
      )
      document.documentElement.dataset.ready = 'sweeps'
    },
    'Sweeps',
  )
})()
