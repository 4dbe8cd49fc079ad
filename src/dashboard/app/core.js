/*
 * The dashboard app's core: the data store that the data scripts fill (`arbigraphData(name,
 * payload)`; scripts rather than fetch because file:// pages may not fetch), a hash router with
 * a page registry (`arbigraph.registerPage`: pages with a script of their own; every other
 * benchmark's tab is data drawn by sections.js and benchmarks.js), lazy script loading for case
 * chunks and the graph renderer, and small DOM helpers. Plain browser JavaScript, no framework,
 * no network.
 */
;(() => {
  const store = {
    summary: null,
    index: null,
    benchmarks: null,
    chunks: new Map(),
    benchChunks: new Map(),
    pages: new Map(),
  }
  const waiting = new Map()

  window.arbigraphData = (name, payload) => {
    if (name === 'summary') store.summary = payload
    else if (name === 'index') store.index = payload
    else if (name === 'benchmarks') store.benchmarks = payload
    else if (/^chunk:\d+$/.test(name)) store.chunks.set(Number(name.slice(6)), payload)
    // Another benchmark's chunk: `chunk:<benchmark>:<k>`.
    else if (name.startsWith('chunk:')) store.benchChunks.set(name.slice(6), payload)
    const resolve = waiting.get(name)
    if (resolve) {
      waiting.delete(name)
      resolve(payload)
    }
  }

  /** Loads a script once; resolves when it ran. */
  const scripts = new Map()
  function loadScript(src) {
    if (!scripts.has(src)) {
      scripts.set(
        src,
        new Promise((resolve, reject) => {
          const tag = document.createElement('script')
          tag.src = src
          tag.onload = () => resolve()
          tag.onerror = () => reject(new Error(`could not load ${src}`))
          document.body.appendChild(tag)
        }),
      )
    }
    return scripts.get(src)
  }

  /** Drops the loaded chunks: in a live run a finished case can change which cases a chunk holds. */
  function forgetChunks() {
    store.chunks.clear()
    store.benchChunks.clear()
    for (const src of [...scripts.keys()])
      if (src.startsWith('data/cases-') || src.startsWith('data/bench-')) scripts.delete(src)
  }

  /** Case `i` of another benchmark's tab (its chunk loaded on first use). */
  async function benchCaseAt(tab, i) {
    const k = Math.floor(i / tab.chunkSize)
    const key = `${tab.name}:${k}`
    if (!store.benchChunks.has(key)) {
      const name = `chunk:${key}`
      const arrived = new Promise((resolve) => waiting.set(name, resolve))
      await loadScript(`data/bench-${tab.name}/cases-${String(k).padStart(5, '0')}.js`)
      await arrived
    }
    return store.benchChunks.get(key).cases[i % tab.chunkSize]
  }

  /** The chunk holding record `i` (loaded on first use). */
  async function caseAt(i) {
    const size = store.summary.chunkSize
    const k = Math.floor(i / size)
    if (!store.chunks.has(k)) {
      const name = `chunk:${k}`
      const arrived = new Promise((resolve) => waiting.set(name, resolve))
      await loadScript(`data/cases-${String(k).padStart(5, '0')}.js`)
      await arrived
    }
    return store.chunks.get(k).cases[i % size]
  }

  // Case links name the case, never its position: the position of a case changes with every run
  // (and every reordering), so a bookmarked `#/case/108` would open another case.
  const ids = new WeakMap()
  /** Case id → index rows of the run's trials of that case (one per epoch), built once per index. */
  function rowsById(index) {
    let byId = ids.get(index)
    if (!byId) {
      byId = new Map()
      index.rows.forEach((row, i) => {
        const list = byId.get(row[0])
        if (list) list.push(i)
        else byId.set(row[0], [i])
      })
      ids.set(index, byId)
    }
    return byId
  }
  const epochAt = (index) => index.columns.indexOf('epoch')

  /**
   * The link of trial `i` of the index: `#/case/<case id>?epoch=<n>` (the id URI-encoded), and
   * `&run=B` on a compare dashboard, whose cases are run B's.
   */
  function caseHref(i, run) {
    const index = store.index
    const row = index.rows[i]
    const extra = run ? `&run=${encodeURIComponent(run)}` : ''
    return `#/case/${encodeURIComponent(row[0])}?epoch=${row[epochAt(index)]}${extra}`
  }

  /** The index rows of case `id` (all its epochs, or the one `epoch` names). */
  function findCases(id, epoch) {
    const index = store.index
    const rows = rowsById(index).get(id) ?? []
    if (epoch === null || epoch === undefined || epoch === '') return rows
    return rows.filter((i) => String(index.rows[i][epochAt(index)]) === String(epoch))
  }

  // The DOM helper both the dashboard and the board use (dom.js, loaded first).
  const { el } = window.arbigraphDom

  /**
   * A compare dashboard is run B's (`arbigraph compare a b --html`): links from its compare page
   * name the run (`run=B`) and the pages showing cases say so; a link naming run A is told where
   * A's cases are instead of being shown B's.
   */
  function runNote(params) {
    const cmp = store.summary?.compare
    const run = params.get('run')
    if (!cmp || !run) return null
    if (run === 'B') return el('p', { class: 'run-note', id: 'run-note' }, `Run B: ${cmp.labelB}`)
    return el(
      'p',
      { class: 'error', id: 'run-note' },
      run === 'A'
        ? `This dashboard holds run B's cases (${cmp.labelB}); run A's (${cmp.labelA}) are in A's own dashboard.`
        : `No run "${run}" in this dashboard: it holds run B's cases (${cmp.labelB}).`,
    )
  }
  /** True when the link names a run whose cases this dashboard does not hold (then the page stops at the note). */
  function otherRun(params) {
    const run = params.get('run')
    const other = Boolean(store.summary?.compare && run && run !== 'B')
    if (other) document.documentElement.dataset.ready = 'other-run'
    return other
  }

  const pct = (rate) => `${(rate * 100).toFixed(1)}%`
  const num = (value, digits = 1) => (Number.isInteger(value) ? String(value) : value.toFixed(digits))

  /** Parses `#/route/arg?key=value` into its parts. */
  function parseHash() {
    const hash = location.hash.replace(/^#\/?/, '')
    const [path, query = ''] = hash.split('?')
    const [route = '', ...args] = path.split('/')
    return {
      route: route || 'overview',
      args: args.map(decodeURIComponent),
      params: new URLSearchParams(query),
    }
  }

  function registerPage(id, render, title) {
    store.pages.set(id, { render, title })
  }

  async function route() {
    const view = document.getElementById('view')
    const { route: name, args, params } = parseHash()
    const page = store.pages.get(name) ?? store.pages.get('overview')
    for (const link of document.querySelectorAll('#nav a'))
      link.classList.toggle(
        'active',
        link.dataset.route === name && (link.dataset.bench === undefined || link.dataset.bench === args[0]),
      )
    view.replaceChildren()
    try {
      await page.render(view, { args, params, store })
    } catch (error) {
      view.replaceChildren(el('p', { class: 'error' }, `This page failed: ${error.message}`))
    }
  }

  window.arbigraph = {
    store,
    loadScript,
    caseAt,
    caseHref,
    findCases,
    runNote,
    otherRun,
    benchCaseAt,
    forgetChunks,
    el,
    pct,
    num,
    parseHash,
    registerPage,
    route,
  }
})()
