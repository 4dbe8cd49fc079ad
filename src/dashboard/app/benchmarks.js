/*
 * One tab per benchmark of the run other than ArbiGraph (`#/b/<benchmark>/<page>`): the pages it
 * declares, drawn section by section by sections.js; its case list (`#/b/<benchmark>/cases`,
 * filterable by the columns it marks, sortable, a page at a time, filters in the URL); and a case
 * view (`#/b/<benchmark>/case/<id>`, the record's id as the benchmark names it) of the blocks built
 * for that record in Node, loaded from its chunk when opened. A bar, table row or heatmap cell of a
 * page that declares `links` opens the case list filtered (`#/b/<benchmark>/cases?cell=…`).
 * Nothing here knows which benchmark it shows.
 */
;(() => {
  const { el, store, benchCaseAt, registerPage } = window.arbigraph
  const PAGE = 100
  const OUTCOMES = ['correct', 'partial', 'wrong', 'graded', 'infra']

  const tabOf = (name) => store.benchmarks?.benchmarks.find((b) => b.name === name)

  function subnav(tab, active) {
    const links = [...tab.pages.map((p) => [p.id, p.title]), ['cases', 'Cases']]
    return el(
      'nav',
      { class: 'subnav', id: 'bench-nav' },
      links.map(([id, title]) =>
        el(
          'a',
          { href: `#/b/${tab.name}/${id}`, class: id === active ? 'active' : undefined, 'data-page': id },
          title,
        ),
      ),
    )
  }

  function progress(p) {
    if (!p) return null
    const share = p.total === 0 ? 0 : p.done / p.total
    return el(
      'div',
      { id: 'progress' },
      el(
        'div',
        { class: 'progress' },
        el('div', { class: 'progress-bar', style: `width:${(share * 100).toFixed(1)}%` }),
        el('span', {}, `Live: ${p.done} / ${p.total} cases finished`),
      ),
      p.cells.length > 0
        ? el(
            'ul',
            { class: 'progress-cells' },
            p.cells.map((c) => el('li', {}, c)),
          )
        : null,
    )
  }

  function page(view, tab, id) {
    const spec = tab.pages.find((p) => p.id === id) ?? tab.pages[0]
    view.append(el('h2', { id: 'bench-title' }, `${tab.title} — ${spec.title}`))
    const casesHref = (filter) => `#/b/${tab.name}/cases?${new URLSearchParams(filter).toString()}`
    for (const section of spec.sections) window.arbigraph.sections.render(section, view, casesHref)
    document.documentElement.dataset.ready = `bench:${spec.id}`
  }

  const go = (tab, params) => {
    location.hash = `#/b/${tab.name}/cases?${params.toString()}`
  }

  function cases(view, tab, params) {
    const { columns, rows, outcomes, cells } = tab.cases
    const filters = columns.map((c, i) => [c, i]).filter(([c]) => c.filter)
    const wanted = filters.map(([c, i]) => [i, params.get(c.id)]).filter(([, v]) => v)
    const outcome = params.get('outcome')
    const cell = params.get('cell')
    const search = (params.get('q') || '').toLowerCase()
    let shown = []
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]
      if (outcome && outcomes[r] !== outcome) continue
      if (cell && cells[r] !== cell) continue
      if (wanted.some(([i, v]) => String(row[i]) !== v)) continue
      if (search && !row.some((v) => String(v).toLowerCase().includes(search))) continue
      shown.push(r)
    }
    const sort = params.get('sort')
    const at = columns.findIndex((c) => c.id === sort)
    if (at >= 0) {
      const dir = params.get('dir') === 'desc' ? -1 : 1
      const numeric = columns[at].numeric
      const key = (r) => (numeric ? (rows[r][at] ?? -Infinity) : String(rows[r][at] ?? ''))
      shown = shown.sort((a, b) => {
        const x = key(a)
        const y = key(b)
        return (x < y ? -1 : x > y ? 1 : a - b) * dir
      })
    }
    const select = (id, label, plural, values) =>
      el(
        'label',
        {},
        el('span', {}, label),
        el(
          'select',
          {
            id: `bench-filter-${id}`,
            'aria-label': label,
            onchange: (e) => {
              const next = new URLSearchParams(params)
              if (e.target.value) next.set(id, e.target.value)
              else next.delete(id)
              next.delete('page')
              go(tab, next)
            },
          },
          el('option', { value: '' }, `all ${plural}`),
          // A linked value no case has stays shown, so the empty list says why.
          [...new Set([...values, ...(params.get(id) ? [params.get(id)] : [])])].map((v) =>
            el('option', { value: v, selected: params.get(id) === v }, v),
          ),
        ),
      )
    const distinct = (i) => [...new Set(rows.map((row) => String(row[i])))].sort()
    const present = OUTCOMES.filter((o) => outcomes.includes(o))
    const cellNames = [...new Set(cells.filter((c) => c !== null))].sort()
    const searchBox = el('input', {
      id: 'bench-filter-q',
      type: 'search',
      placeholder: 'any column contains…',
      value: params.get('q') || '',
    })
    searchBox.addEventListener('change', () => {
      const next = new URLSearchParams(params)
      if (searchBox.value) next.set('q', searchBox.value)
      else next.delete('q')
      next.delete('page')
      go(tab, next)
    })
    const pages = Math.max(1, Math.ceil(shown.length / PAGE))
    const current = Math.max(0, Math.min(Number(params.get('page') || 0), pages - 1))
    const pager = (to, label, disabled) =>
      el(
        'button',
        {
          disabled,
          onclick: () => {
            const next = new URLSearchParams(params)
            next.set('page', String(to))
            go(tab, next)
          },
        },
        label,
      )
    const headers = el(
      'tr',
      {},
      columns.map((c) => {
        const active = sort === c.id
        const arrow = active ? (params.get('dir') === 'desc' ? ' ▼' : ' ▲') : ''
        return el(
          'th',
          {
            class: 'sortable',
            'data-col': c.id,
            onclick: () => {
              const next = new URLSearchParams(params)
              next.set('sort', c.id)
              next.set('dir', active && params.get('dir') !== 'desc' ? 'desc' : 'asc')
              go(tab, next)
            },
          },
          c.label + arrow,
        )
      }),
      el('th', {}, 'Outcome'),
    )
    const body = shown.slice(current * PAGE, current * PAGE + PAGE).map((r) =>
      el(
        'tr',
        {
          class: `row ${outcomes[r]}`,
          'data-index': r,
          onclick: () => {
            location.hash = caseHref(tab, r)
          },
        },
        columns.map((c, i) => el('td', { class: c.numeric ? 'num' : '' }, rows[r][i] ?? '—')),
        el('td', { class: 'outcome' }, outcomes[r]),
      ),
    )
    view.append(
      el('h2', { id: 'bench-title' }, `${tab.title} — Cases`),
      el(
        'div',
        { class: 'filters' },
        cellNames.length > 0 ? select('cell', 'cell', 'cells', cellNames) : null,
        filters.map(([c, i]) => select(c.id, c.label, c.filter.plural, distinct(i))),
        select('outcome', 'outcome', 'outcomes', present),
        searchBox,
      ),
      el('p', { class: 'count', id: 'bench-case-count' }, `${shown.length} of ${rows.length} cases`),
      el(
        'table',
        { class: 'cases', id: 'bench-case-table' },
        el('thead', {}, headers),
        el('tbody', {}, body),
      ),
      el(
        'div',
        { class: 'pager' },
        pager(current - 1, '‹ previous', current === 0),
        el('span', {}, ` page ${current + 1} of ${pages} `),
        pager(current + 1, 'next ›', current + 1 >= pages),
      ),
    )
    document.documentElement.dataset.ready = 'bench:cases'
  }

  /** A case's link names its record id (`#/b/<benchmark>/case/<id>`), never its position. */
  const caseHref = (tab, r) => `#/b/${tab.name}/case/${encodeURIComponent(tab.cases.ids[r])}`

  /** A link naming no record of this run: say so, never open another case. */
  function missing(view, tab, id) {
    const position = /^\d+$/.test(id) ? Number(id) : null
    const lines =
      position === null
        ? [`No case "${id}" in this run.`]
        : [
            `This link names a position (#${id}) from an older dashboard, not a case: positions change from run to run, so it cannot say which case it meant.`,
            position < tab.cases.ids.length
              ? el(
                  'span',
                  {},
                  ` Position ${id} of this run holds `,
                  el('a', { href: caseHref(tab, position) }, tab.cases.ids[position]),
                  ', which may be another case.',
                )
              : null,
          ]
    view.append(
      el('p', {}, el('a', { href: `#/b/${tab.name}/cases` }, '‹ all cases')),
      el('p', { class: 'error', id: 'case-missing' }, ...lines),
    )
    document.documentElement.dataset.ready = 'bench:case-missing'
  }

  async function caseView(view, tab, id) {
    const i = tab.cases.ids.indexOf(id)
    if (i < 0) return missing(view, tab, id)
    const c = await benchCaseAt(tab, i)
    if (!c) throw new Error(`no case "${id}"`)
    const back = (event) => {
      if (history.length > 1) {
        event.preventDefault()
        history.back()
      }
    }
    view.append(
      el('p', {}, el('a', { href: `#/b/${tab.name}/cases`, onclick: back }, '‹ back')),
      el('h2', { id: 'bench-title', 'data-case': id }, `${tab.title} — case ${id}`),
    )
    for (const block of c.blocks) window.arbigraph.sections.render(block, view)
    document.documentElement.dataset.ready = 'bench:case'
  }

  registerPage(
    'b',
    async (view, { args, params }) => {
      const tab = tabOf(args[0]) ?? store.benchmarks?.benchmarks[0]
      if (!tab) throw new Error(`no benchmark "${args[0]}" in this run`)
      const sub = args[1] ?? tab.pages[0]?.id
      window.arbigraph.sections.put(
        view,
        progress(store.benchmarks.progress),
        subnav(tab, sub === 'case' ? 'cases' : sub),
      )
      if (sub === 'cases') return cases(view, tab, params)
      if (sub === 'case') return caseView(view, tab, args[2] ?? '')
      return page(view, tab, sub)
    },
    'Benchmark',
  )
})()
