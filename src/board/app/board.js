/*
 * The board's page: the data scripts call `arbigraphBoard(name, payload)` (scripts rather than
 * fetch, because a page opened from file:// may not fetch): `board` is the matrix and views,
 * `run:N` one run's trials, loaded only when a cell's cases are opened. A hash router draws the
 * matrix (`#/`) or a model's cases in one cell (`#/cases/<benchmark>/<model>?cell=…`). Plain
 * browser JavaScript, no framework, no network.
 */
;(() => {
  const store = { board: null, runs: new Map() }
  const waiting = new Map()
  const scripts = new Map()

  window.arbigraphBoard = (name, payload) => {
    if (name === 'board') store.board = payload
    else if (name.startsWith('run:')) store.runs.set(Number(name.slice(4)), payload)
    const resolve = waiting.get(name)
    if (resolve) {
      waiting.delete(name)
      resolve(payload)
    }
    if (name === 'board') route()
  }

  /** Loads run `i`'s trials once. */
  function loadRun(i) {
    if (store.runs.has(i)) return Promise.resolve(store.runs.get(i))
    if (!scripts.has(i)) {
      const arrived = new Promise((resolve) => waiting.set(`run:${i}`, resolve))
      const loaded = new Promise((resolve, reject) => {
        const tag = document.createElement('script')
        tag.src = store.board.runs[i].data
        tag.onload = resolve
        tag.onerror = () => reject(new Error(`could not load ${tag.src}`))
        document.body.appendChild(tag)
      })
      scripts.set(
        i,
        loaded.then(() => arrived),
      )
    }
    return scripts.get(i)
  }

  const { el } = window.arbigraphDom // dom.js, shared with the dashboard

  const pct = (v) => `${(v * 100).toFixed(1)}%`
  const PALETTE = [
    '#2563eb',
    '#dc2626',
    '#16a34a',
    '#9333ea',
    '#ea580c',
    '#0891b2',
    '#ca8a04',
    '#db2777',
    '#4b5563',
    '#65a30d',
  ]
  const color = (i) => (i < PALETTE.length ? PALETTE[i] : `hsl(${(i * 137.5) % 360} 60% 45%)`)

  /** Where a model's cell leads: the run's dashboard (filtered) when it is one run with one, else the board's case list. */
  function cellHref(section, s, c, cell) {
    const column = section.columns[c]
    const runs = column.runs.map((r) => store.board.runs[r])
    if (runs.length === 1 && runs[0].dashboard) {
      // Another benchmark's cases are in its tab of the dashboard, by the same cell key (docs/dashboard.md#links).
      if (section.benchmark !== 'arbigraph')
        return `${runs[0].dashboard}#/b/${section.benchmark}/cases${cell === null ? '' : `?cell=${encodeURIComponent(cell)}`}`
      const filter = new URLSearchParams(cell === null ? {} : section.cellAt[cell] || {})
      return `${runs[0].dashboard}#/cases?${filter.toString()}`
    }
    return `#/cases/${s}/${c}${cell === null ? '' : `?cell=${encodeURIComponent(cell)}`}`
  }

  function matrixCell(section, s, c, cell, stat) {
    if (!stat) return el('td', {}, '—')
    if (stat.rate === null) return el('td', {}, `— (${stat.infra} infra)`)
    const v = stat.versus
    const worse = v && v !== 'best' && v.p < 0.05 && v.lost > v.won
    const title =
      v === 'best'
        ? 'best model of this cell'
        : v
          ? `vs best: ${v.shared} shared trials, lost ${v.lost}, won ${v.won}, McNemar p = ${v.p.toPrecision(3)}`
          : 'no trial shared with the best model'
    return el(
      'td',
      { class: v === 'best' ? 'best' : worse ? 'worse' : '', title },
      el('a', { class: 'cell-link', href: cellHref(section, s, c, cell) }, pct(stat.rate)),
      ' ',
      el('span', { class: 'ci' }, `[${pct(stat.low)}, ${pct(stat.high)}]`),
      ` ${stat.correct}/${stat.graded}`,
      worse ? el('span', { class: 'sig' }, ` ▼ p=${v.p.toPrecision(2)}`) : null,
    )
  }

  function matrix(section, s) {
    const head = el(
      'tr',
      {},
      el('th', {}, 'model'),
      section.cells.map((c) => el('th', {}, c)),
      el('th', {}, 'all'),
    )
    const rows = section.columns.map((column, c) =>
      el(
        'tr',
        { 'data-model': column.key },
        el(
          'td',
          { class: 'model' },
          column.key,
          column.simulated ? el('span', { class: 'sim' }, ' simulated') : null,
        ),
        column.cells.map((stat, j) => matrixCell(section, s, c, section.cells[j], stat)),
        matrixCell(section, s, c, null, column.total),
      ),
    )
    return el(
      'div',
      { class: 'scroll' },
      el(
        'table',
        { class: 'matrix', id: `matrix-${section.benchmark}` },
        el('thead', {}, head),
        el('tbody', {}, rows),
      ),
    )
  }

  function legend(section) {
    return el(
      'p',
      { class: 'legend' },
      section.columns.map((c, i) => el('span', {}, el('i', { style: `background:${color(i)}` }), c.key)),
    )
  }

  function overview(view) {
    const { board } = store
    board.sections.forEach((section, s) => {
      view.append(
        el(
          'section',
          { class: 'benchmark', id: `section-${section.benchmark}` },
          el('h2', {}, `${section.label}: ${section.correctLabel} per cell`),
          el(
            'p',
            {},
            'Wilson 95% intervals. Bold: the cell’s best model; red ▼: significantly below it (exact McNemar on the trials both graded, p < 0.05). A cell opens its cases.',
          ),
          matrix(section, s),
          legend(section),
          section.views.map((v) => window.boardCharts.view(v, section, color)),
          section.sweeps.map((sw) => window.boardCharts.sweep(sw, section, color)),
        ),
      )
    })
  }

  const pages = { overview, cases: (view, args, params) => window.boardCases(view, args, params) }

  async function route() {
    if (!store.board) return
    const hash = location.hash.replace(/^#\/?/, '')
    const [path, query = ''] = hash.split('?')
    const [name = '', ...args] = path.split('/')
    const page = name === 'cases' ? 'cases' : 'overview'
    const view = document.getElementById('view')
    view.replaceChildren()
    document.documentElement.dataset.ready = ''
    const b = store.board
    const models = new Set(b.sections.flatMap((s) => s.columns.map((c) => c.key)))
    document.getElementById('board-summary').textContent =
      `${models.size} models · ${b.runs.length} runs · ${b.trials} trials`
    try {
      await pages[page](view, args.map(decodeURIComponent), new URLSearchParams(query))
    } catch (error) {
      view.replaceChildren(el('p', { class: 'error' }, `This page failed: ${error.message}`))
    }
    document.documentElement.dataset.ready = page
  }
  window.addEventListener('hashchange', route)

  window.board = { store, el, pct, color, loadRun, cellHref }
})()
