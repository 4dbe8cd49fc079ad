/*
 * The overview page: run facts, headline numbers, accuracy by topology × category with Wilson
 * 95% error bars (SVG drawn at build time), the per-cell table (exact completion, tokens, turns,
 * tool calls, repairs, statuses, infrastructure errors), failure attribution and statuses, and
 * the per-task breakdown, and how many cases were replayed from the response cache (and from
 * which server, when). In live mode it shows the run's progress and is re-rendered on every
 * server-sent update.
 */
;(() => {
  const { el, pct, num } = window.arbigraph

  const svg = (markup) => {
    const holder = el('div', { class: 'chart-holder' })
    holder.innerHTML = markup // our own escaped SVG, built by src/dashboard/svg-charts.ts
    return holder
  }

  const join = (counts) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || '—'

  /** The case list filtered to a cell (`?cell=chain/math`), or to a task of it (`&task=…`); all cases for the total. */
  function casesOf(c) {
    if (c.key === '*') return '#/cases'
    const cell = `${c.topology}/${c.category}${c.suite ? ` (${c.suite})` : ''}`
    const params = new URLSearchParams({ cell })
    if (c.task !== null) params.set('task', c.task)
    return `#/cases?${params.toString()}`
  }

  function cellRow(c, name) {
    const repairs = c.repairs.tool + c.repairs.final + c.repairs.cutoff
    return el(
      'tr',
      { 'data-cell': c.key },
      el('td', {}, el('a', { class: 'cell-link', href: casesOf(c) }, name)),
      el('td', { class: 'num' }, c.n),
      el('td', { class: 'num' }, `${pct(c.accuracy)}`),
      el('td', { class: 'num ci' }, `${pct(c.ciLow)}–${pct(c.ciHigh)}`),
      el('td', { class: 'num' }, pct(c.exact)),
      el('td', { class: 'num' }, num(c.completionTokens.mean, 0)),
      el('td', { class: 'num' }, num(c.turns.mean)),
      el('td', { class: 'num' }, num(c.toolCalls.mean)),
      el(
        'td',
        {
          class: 'num',
          title: `tool ${c.repairs.tool}, final ${c.repairs.final}, cutoff ${c.repairs.cutoff}`,
        },
        repairs,
      ),
      el('td', { class: 'small' }, join(c.statuses)),
      el('td', { class: 'small' }, join(c.attribution)),
      el('td', { class: 'num' }, c.infraErrors),
    )
  }

  const HEAD = [
    'Cell',
    'n',
    'Accuracy',
    'Wilson 95%',
    'Exact',
    'Tokens',
    'Turns',
    'Tool calls',
    'Repairs',
    'Statuses',
    'Attribution',
    'Infra',
  ]

  function cellTable(cells, total, nameOf, id) {
    return el(
      'table',
      { class: 'cells', id },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          HEAD.map((h) => el('th', {}, h)),
        ),
      ),
      el(
        'tbody',
        {},
        cells.map((c) => cellRow(c, nameOf(c))),
        total ? cellRow(total, 'All') : null,
      ),
    )
  }

  function progressBar(progress) {
    const share = progress.total === 0 ? 0 : progress.done / progress.total
    const cells = progress.cells ?? []
    return el(
      'div',
      { id: 'progress' },
      el(
        'div',
        { class: 'progress' },
        el('div', { class: 'progress-bar', style: `width:${(share * 100).toFixed(1)}%` }),
        el('span', {}, `Live: ${progress.done} / ${progress.total} cases finished`),
      ),
      // Every benchmark's running cells, as the run's progress line in a log shows them.
      cells.length > 0
        ? el(
            'ul',
            { class: 'progress-cells' },
            cells.map((cell) => el('li', {}, cell)),
          )
        : null,
    )
  }

  /** Each bar of the accuracy chart opens its cell's cases (the SVG names its cell in `data-cell`). */
  function linkedCells(holder) {
    for (const g of holder.querySelectorAll('g.cell[data-cell]')) {
      g.classList.add('linked')
      g.addEventListener('click', () => {
        location.hash = `#/cases?${new URLSearchParams({ cell: g.dataset.cell }).toString()}`
      })
    }
    return holder
  }

  function render(view, { store }) {
    const s = store.summary
    const t = s.total
    if (s.progress) view.append(progressBar(s.progress))
    // Trials whose answers came from the response cache, and from which server and when.
    if (s.replay) view.append(el('p', { id: 'replay', class: 'replay' }, s.replay))
    // Under the sequential gate: per cell, after how many cases it was decided, and what that saved.
    if (s.sequentialGate)
      view.append(
        el(
          'ul',
          { id: 'sequential-gate', class: 'progress-cells' },
          s.sequentialGate.map((line) => el('li', {}, line)),
        ),
      )
    view.append(
      el(
        'section',
        { class: 'kpis' },
        el(
          'div',
          { class: 'kpi' },
          el('b', { id: 'kpi-accuracy' }, pct(t.accuracy)),
          el('span', {}, `accuracy (${t.correct}/${t.n})`),
        ),
        el(
          'div',
          { class: 'kpi' },
          el('b', {}, `${pct(t.ciLow)}–${pct(t.ciHigh)}`),
          el('span', {}, 'Wilson 95%'),
        ),
        el('div', { class: 'kpi' }, el('b', {}, pct(t.exact)), el('span', {}, 'exact completion')),
        el('div', { class: 'kpi' }, el('b', {}, num(t.turns.mean)), el('span', {}, 'turns / case')),
        el('div', { class: 'kpi' }, el('b', {}, num(t.toolCalls.mean)), el('span', {}, 'tool calls / case')),
        el(
          'div',
          { class: 'kpi' },
          el('b', {}, num(t.completionTokens.mean, 0)),
          el('span', {}, 'tokens / case'),
        ),
        el('div', { class: 'kpi' }, el('b', {}, t.infraErrors), el('span', {}, 'infra errors')),
      ),
      el('h2', {}, 'Accuracy by topology × category'),
      linkedCells(svg(s.charts.accuracy)),
      el('h2', {}, 'Cells'),
      cellTable(s.cells, t, (c) => c.key, 'cell-table'),
      el(
        'div',
        { class: 'two' },
        el('section', {}, el('h2', {}, 'Failure attribution (wrong trials)'), svg(s.charts.attribution)),
        el('section', {}, el('h2', {}, 'Terminal statuses'), svg(s.charts.statuses)),
      ),
      el(
        'details',
        { class: 'tasks' },
        el('summary', {}, `Per task (${s.tasks.length})`),
        cellTable(s.tasks, null, (c) => c.key, 'task-table'),
      ),
    )
    document.documentElement.dataset.ready = 'overview'
  }

  window.arbigraph.registerPage('overview', render, 'Overview')
})()
