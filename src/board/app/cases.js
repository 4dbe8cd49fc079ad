/*
 * A model's cases in one cell (or all its cells): its runs' trials, loaded on demand from each
 * run's data file, filtered by cell (and `outcome=right|wrong|infra` in the hash), a page at a
 * time. Each run links to its own dashboard when it has one.
 */
;(() => {
  const PAGE = 500
  const OUTCOMES = ['wrong', 'right', 'infra']

  window.boardCases = async (view, args, params) => {
    const { store, el, loadRun } = window.board
    const s = Number(args[0])
    const c = Number(args[1])
    const section = store.board.sections[s]
    const column = section?.columns[c]
    if (!column) throw new Error(`no model ${args[1]} in benchmark ${args[0]}`)
    const cell = params.get('cell')
    const outcome = params.get('outcome')
    const rows = []
    for (const r of column.runs) {
      const run = await loadRun(r)
      const mine = run.columnKeys.indexOf(column.key)
      for (const row of run.rows)
        if (
          row[9] === mine &&
          (cell === null || row[1] === cell) &&
          (outcome === null || OUTCOMES[row[3]] === outcome)
        )
          rows.push([r, row])
    }
    const count = (o) => rows.filter(([, row]) => row[3] === o).length
    const shown = Number(params.get('shown') || PAGE)
    view.append(
      el('p', {}, el('a', { href: '#/' }, '← matrix')),
      el('h2', {}, `${column.key} · ${cell ?? 'all cells'} (${section.label})`),
      el(
        'p',
        { id: 'case-count' },
        `${rows.length} trials: ${count(1)} right, ${count(0)} wrong, ${count(2)} infrastructure errors`,
      ),
      el(
        'ul',
        { class: 'runs' },
        column.runs.map((r) => {
          const run = store.board.runs[r]
          const filter = new URLSearchParams(cell === null ? {} : section.cellAt[cell] || {})
          // Another benchmark's cases are in its tab of the dashboard, by cell key (docs/dashboard.md#links).
          const hash =
            section.benchmark === 'arbigraph'
              ? `#/cases?${filter}`
              : `#/b/${section.benchmark}/cases${cell === null ? '' : `?cell=${encodeURIComponent(cell)}`}`
          return el(
            'li',
            {},
            run.file,
            run.dashboard
              ? [
                  ' — ',
                  el('a', { class: 'dashboard-link', href: `${run.dashboard}${hash}` }, 'its dashboard'),
                ]
              : null,
          )
        }),
      ),
      el(
        'table',
        { id: 'case-table' },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            [
              'case',
              'cell',
              'run',
              'epoch',
              'outcome',
              'status',
              'tokens',
              'turns',
              'latency ms',
              'attribution',
            ].map((h) => el('th', {}, h)),
          ),
        ),
        el(
          'tbody',
          {},
          rows
            .slice(0, shown)
            .map(([r, row]) =>
              el(
                'tr',
                { class: OUTCOMES[row[3]] },
                el('td', {}, row[0]),
                el('td', {}, row[1]),
                el('td', {}, store.board.runs[r].file),
                el('td', {}, row[2]),
                el('td', {}, OUTCOMES[row[3]]),
                el('td', {}, row[4]),
                el('td', {}, row[5]),
                el('td', {}, row[6]),
                el('td', {}, Math.round(row[7])),
                el('td', {}, row[8] ?? ''),
              ),
            ),
        ),
      ),
      rows.length > shown
        ? el(
            'p',
            {},
            el(
              'a',
              {
                href: `#/cases/${s}/${c}?${new URLSearchParams({ ...Object.fromEntries(params), shown: String(shown + PAGE) })}`,
              },
              `show ${PAGE} more`,
            ),
          )
        : null,
    )
  }
})()
