/*
 * The case view: one trial in full — its grade per requested output, the prompt, the task
 * graph as a picture (DOT drawn at build time, rendered here by the bundled @viz-js/viz, loaded
 * only when a case is opened: it is 1.3 MB and the overview must not wait for it), and every
 * turn of the transcript: reasoning collapsed, tool calls with their results, repair prompts
 * marked. Details come from the case's chunk file, loaded on demand.
 */
;(() => {
  const { el, caseAt, caseHref, findCases, loadScript } = window.arbigraph
  const STATES = [
    ['correct', '#b7e4c7'],
    ['wrong', '#ffa8a8'],
    ['upstream', '#ffd8a8', 'wrong because upstream'],
    ['unanswered', '#dee2e6'],
    ['ungraded', '#ffffff', 'not asked'],
  ]

  let vizReady = null
  const viz = () => {
    vizReady ??= loadScript('app/vendor/viz-global.js').then(() => window.Viz.instance())
    return vizReady
  }

  function legend() {
    return el(
      'div',
      { class: 'legend' },
      STATES.map(([name, fill, label]) =>
        el('span', {}, el('i', { style: `background:${fill}` }), label ?? name),
      ),
    )
  }

  async function graph(dot) {
    const holder = el(
      'div',
      { class: 'graph', id: 'case-graph' },
      el('p', { class: 'loading' }, 'Drawing the graph…'),
    )
    viz()
      .then((v) => holder.replaceChildren(v.renderSVGElement(dot)))
      .catch((error) => holder.replaceChildren(el('p', { class: 'error' }, `graph: ${error.message}`)))
    return holder
  }

  function gradeTable(record) {
    if (!record.grade) return el('p', { class: 'error' }, `Infrastructure error: ${record.infraError.reason}`)
    const g = record.grade
    // With the context conditions, each node's isolated and chained outcome sits beside its grade.
    const conditions = new Map((record.conditions?.nodes ?? []).map((n) => [n.node, n]))
    const extra = record.conditions ? ['Isolated', 'Chained', 'Evidence'] : []
    const conditionCells = (node) => {
      const c = conditions.get(node)
      if (!record.conditions) return []
      const chained = c?.chained
      return [
        el('td', { class: 'isolated' }, c?.isolated ? c.isolated.verdict : '—'),
        el('td', { class: 'chained', title: chained?.reason ?? '' }, chained ? chained.verdict : '—'),
        el('td', { class: 'evidence' }, c?.evidence ?? ''),
      ]
    }
    return el(
      'table',
      { class: 'grade' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ['Output', 'Node', 'Expected', 'Answer', 'Verdict', ...extra].map((h) => el('th', {}, h)),
        ),
      ),
      el(
        'tbody',
        {},
        g.nodes.map((n) =>
          el(
            'tr',
            { class: `verdict-${n.verdict}` },
            el('td', {}, n.name + (n.target ? ' (target)' : '')),
            el('td', {}, n.node),
            el('td', { class: 'mono' }, el('div', {}, n.expected)),
            el('td', { class: 'mono' }, el('div', {}, n.answer ?? '—')),
            el(
              'td',
              {},
              n.verdict + (n.mismatch ? ` (${n.mismatch})` : '') + (n.failure ? ` (${n.failure})` : ''),
            ),
            conditionCells(n.node),
          ),
        ),
      ),
    )
  }

  function turn(t) {
    const kind = t.kind.startsWith('repair') ? 'repair' : t.kind
    return el(
      'article',
      { class: `turn turn-${kind}`, 'data-turn': t.index },
      el(
        'header',
        {},
        el('b', {}, `Turn ${t.index}`),
        ` ${t.kind}`,
        el(
          'span',
          { class: 'meta' },
          ` finish ${t.finishReason ?? '—'} · ${t.promptTokens}+${t.completionTokens} tokens${t.cached ? ' · cached' : ''}`,
        ),
      ),
      t.reasoning
        ? el(
            'details',
            { class: 'reasoning' },
            el('summary', {}, `reasoning (${t.reasoning.length} chars)`),
            el('pre', {}, t.reasoning),
          )
        : null,
      t.text ? el('pre', { class: 'text' }, t.text) : null,
      t.toolCalls.map((call) =>
        el(
          'div',
          { class: 'tool-call' },
          el('div', {}, el('b', {}, `tool ${call.name}`), el('code', {}, call.arguments)),
          el('pre', { class: 'tool-result' }, call.result),
        ),
      ),
      t.repairPrompt
        ? el('div', { class: 'repair-prompt' }, `⚠ repair prompt sent: ${t.repairPrompt}`)
        : null,
    )
  }

  // Back to the filtered table the case was opened from, when there is one.
  const back = (event) => {
    if (history.length > 1) {
      event.preventDefault()
      history.back()
    }
  }

  /** A link that names no trial of this run: say so (never open another case). */
  function missing(view, id, epoch) {
    const index = window.arbigraph.store.index
    const position = /^\d+$/.test(id) && findCases(id).length === 0 ? Number(id) : null
    const lines =
      position === null
        ? [`No case "${id}"${epoch ? ` (epoch ${epoch})` : ''} in this run.`]
        : [
            `This link names a position (#${id}) from an older dashboard, not a case: positions change from run to run, so it cannot say which case it meant.`,
            position < index.rows.length
              ? el(
                  'span',
                  {},
                  ` Position ${id} of this run holds `,
                  el('a', { href: caseHref(position) }, `${index.rows[position][0]}`),
                  ', which may be another case.',
                )
              : null,
          ]
    view.append(
      el('p', {}, el('a', { href: '#/cases' }, '‹ all cases')),
      el('p', { class: 'error', id: 'case-missing' }, ...lines),
    )
    document.documentElement.dataset.ready = 'case-missing'
  }

  /** A link naming a case but no epoch, when the case ran several: one link per epoch. */
  function epochs(view, id, found, run) {
    const index = window.arbigraph.store.index
    const at = index.columns.indexOf('epoch')
    view.append(
      el('h2', { id: 'case-title' }, id),
      el('p', { id: 'case-epochs' }, `This case ran ${found.length} epochs: `),
      el(
        'ul',
        {},
        found.map((i) => el('li', {}, el('a', { href: caseHref(i, run) }, `epoch ${index.rows[i][at]}`))),
      ),
    )
    document.documentElement.dataset.ready = 'case-epochs'
  }

  async function render(view, { args, params }) {
    const id = args[0] ?? ''
    const epoch = params.get('epoch')
    const run = params.get('run')
    const note = window.arbigraph.runNote(params)
    if (note) view.append(note)
    if (window.arbigraph.otherRun(params)) return
    const found = findCases(id, epoch)
    if (found.length === 0) return missing(view, id, epoch)
    if (found.length > 1) return epochs(view, id, found, run)
    const c = await caseAt(found[0])
    const r = c.record
    const outcome = r.grade ? (r.grade.correct ? 'correct' : 'wrong') : 'infra error'
    view.append(
      el(
        'p',
        {},
        el('a', { href: `#/cases${run ? `?run=${encodeURIComponent(run)}` : ''}`, onclick: back }, '‹ back'),
      ),
      el(
        'h2',
        { id: 'case-title' },
        `${r.caseId}`,
        el('span', { class: `badge ${outcome.replace(' ', '-')}` }, outcome),
      ),
      el(
        'p',
        { class: 'facts' },
        `${r.topology}/${r.category} · task ${r.task} #${r.sample} · epoch ${r.epoch} · status ${r.status ?? '—'} · ${r.turns} turns · ${r.toolCalls} tool calls · ${r.tokens.completion} tokens` +
          (r.grade?.attribution
            ? ` · attribution ${r.grade.attribution.kind}${r.grade.attribution.node ? ` (${r.grade.attribution.node})` : ''}`
            : ''),
      ),
    )
    if (!c.dot) {
      view.append(
        el('p', { class: 'note' }, 'No stored details for this case (no prompt, graph or transcript).'),
        gradeTable(r),
      )
    } else {
      view.append(
        el('h3', {}, 'Task graph'),
        legend(),
        await graph(c.dot),
        el('h3', {}, 'Answers'),
        gradeTable(r),
        el(
          'details',
          { class: 'prompt', open: true },
          el('summary', {}, 'Prompt'),
          el('pre', { id: 'case-prompt' }, c.prompt),
        ),
        el('h3', {}, `Transcript (${c.transcript.turns.length} turns, ${c.transcript.status})`),
        el('div', { id: 'transcript' }, c.transcript.turns.map(turn)),
      )
    }
    document.documentElement.dataset.ready = 'case'
  }

  window.arbigraph.registerPage('case', render, 'Case')
})()
