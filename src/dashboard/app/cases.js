/*
 * The case table: one row per trial, filterable (topology, category, task, correctness, status,
 * case id text) and sortable (click a header; again to reverse), shown a page at a time so 50,000
 * rows cost one filter pass and one sort, never 50,000 DOM rows. The filters live in the URL
 * (`#/cases?cell=chain/math&outcome=wrong`), so a filtered view can be linked and survives a
 * trip to a case and back. A row opens the case view, whose link names the case id and epoch.
 */
;(() => {
  const { el, caseHref } = window.arbigraph
  const PAGE = 100
  const OUTCOMES = ['correct', 'wrong', 'infra']
  const COLUMNS = [
    ['caseId', 'Case'],
    ['topology', 'Topology'],
    ['category', 'Category'],
    ['task', 'Task'],
    ['sample', '#'],
    ['epoch', 'Epoch'],
    ['outcome', 'Outcome'],
    ['exact', 'Exact'],
    ['status', 'Status'],
    ['attribution', 'Attribution'],
    ['turns', 'Turns'],
    ['toolCalls', 'Tools'],
    ['completionTokens', 'Tokens'],
    ['repairs', 'Repairs'],
  ]
  // `cell` is the overview's cell key (`chain/math`): what a cell, a compare row or a board links to.
  const FILTERS = ['cell', 'topology', 'category', 'task', 'outcome', 'status']
  // What the empty choice of each filter reads ("all categories", not "all categorys").
  const PLURALS = {
    cell: 'cells',
    topology: 'topologies',
    category: 'categories',
    task: 'tasks',
    outcome: 'outcomes',
    status: 'statuses',
  }

  function accessors(index) {
    const at = Object.fromEntries(index.columns.map((c, i) => [c, i]))
    const dictCols = new Set(Object.keys(index.dict))
    const text = (row, col) => {
      const v = row[at[col]]
      if (col === 'outcome') return OUTCOMES[v]
      if (col === 'exact') return v ? 'yes' : 'no'
      if (dictCols.has(col)) return v < 0 ? '' : index.dict[col][v]
      return v
    }
    return { at, text, dictCols }
  }

  function matching(index, acc, params) {
    const wanted = FILTERS.map((f) => [f, params.get(f)]).filter(([, v]) => v)
    const search = (params.get('q') || '').toLowerCase()
    const out = []
    const rows = index.rows
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]
      let keep = true
      for (const [f, v] of wanted) if (acc.text(row, f) !== v) keep = false
      if (keep && search && !String(row[0]).toLowerCase().includes(search)) keep = false
      if (keep) out.push(i)
    }
    const sort = params.get('sort')
    if (sort) {
      const dir = params.get('dir') === 'desc' ? -1 : 1
      const numeric = !acc.dictCols.has(sort) && sort !== 'caseId'
      const key = (i) => (numeric ? rows[i][acc.at[sort]] : String(acc.text(rows[i], sort)))
      out.sort((a, b) => {
        const x = key(a)
        const y = key(b)
        return (x < y ? -1 : x > y ? 1 : a - b) * dir
      })
    }
    return out
  }

  const go = (params) => {
    location.hash = `#/cases?${params.toString()}`
  }

  function filterBar(index, params) {
    const options = {
      cell: index.dict.cell,
      topology: index.dict.topology,
      category: index.dict.category,
      task: index.dict.task,
      outcome: OUTCOMES,
      status: index.dict.status,
    }
    const selects = FILTERS.map((f) => {
      const select = el(
        'select',
        {
          id: `filter-${f}`,
          'aria-label': f,
          onchange: (e) => {
            const next = new URLSearchParams(params)
            if (e.target.value) next.set(f, e.target.value)
            else next.delete(f)
            next.delete('page')
            go(next)
          },
        },
        el('option', { value: '' }, `all ${PLURALS[f]}`),
        // A linked value no trial has (a compare row's cell missing from this run) stays shown.
        [...new Set([...options[f], ...(params.get(f) ? [params.get(f)] : [])])]
          .sort()
          .map((v) => el('option', { value: v, selected: params.get(f) === v }, v)),
      )
      return el('label', {}, filterLabel(f), select)
    })
    const search = el('input', {
      id: 'filter-q',
      type: 'search',
      placeholder: 'case id contains…',
      value: params.get('q') || '',
    })
    search.addEventListener('change', () => {
      const next = new URLSearchParams(params)
      if (search.value) next.set('q', search.value)
      else next.delete('q')
      next.delete('page')
      go(next)
    })
    return el('div', { class: 'filters' }, selects, search)
  }
  const filterLabel = (f) => el('span', {}, f === 'outcome' ? 'correctness' : f)

  function header(params) {
    return el(
      'tr',
      {},
      COLUMNS.map(([col, title]) => {
        const active = params.get('sort') === col
        const arrow = active ? (params.get('dir') === 'desc' ? ' ▼' : ' ▲') : ''
        return el(
          'th',
          {
            class: 'sortable',
            'data-col': col,
            onclick: () => {
              const next = new URLSearchParams(params)
              next.set('sort', col)
              next.set('dir', active && params.get('dir') !== 'desc' ? 'desc' : 'asc')
              go(next)
            },
          },
          title + arrow,
        )
      }),
    )
  }

  function render(view, { store, params }) {
    const note = window.arbigraph.runNote(params)
    if (note) view.append(note)
    if (window.arbigraph.otherRun(params)) return
    const run = params.get('run')
    const index = store.index
    const acc = accessors(index)
    const shown = matching(index, acc, params)
    const page = Math.max(0, Math.min(Number(params.get('page') || 0), Math.ceil(shown.length / PAGE) - 1))
    const rows = shown.slice(page * PAGE, page * PAGE + PAGE).map((i) => {
      const row = index.rows[i]
      const outcome = acc.text(row, 'outcome')
      return el(
        'tr',
        { class: `row ${outcome}`, 'data-index': i, onclick: () => (location.hash = caseHref(i, run)) },
        COLUMNS.map(([col]) =>
          el('td', { class: acc.dictCols.has(col) || col === 'caseId' ? '' : 'num' }, acc.text(row, col)),
        ),
      )
    })
    const pager = (to, label, disabled) =>
      el(
        'button',
        {
          disabled,
          onclick: () => {
            const next = new URLSearchParams(params)
            next.set('page', String(to))
            go(next)
          },
        },
        label,
      )
    const pages = Math.max(1, Math.ceil(shown.length / PAGE))
    view.append(
      filterBar(index, params),
      el('p', { class: 'count', id: 'case-count' }, `${shown.length} of ${index.rows.length} trials`),
      el(
        'table',
        { class: 'cases', id: 'case-table' },
        el('thead', {}, header(params)),
        el('tbody', {}, rows),
      ),
      el(
        'div',
        { class: 'pager' },
        pager(page - 1, '‹ previous', page === 0),
        el('span', {}, ` page ${page + 1} of ${pages} `),
        pager(page + 1, 'next ›', page + 1 >= pages),
      ),
    )
    document.documentElement.dataset.ready = 'cases'
  }

  window.arbigraph.registerPage('cases', render, 'Cases')
})()
