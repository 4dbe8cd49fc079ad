/*
 * The board's charts, drawn as SVG from the board data: grouped bars (one bar per model at each
 * x, with Wilson whiskers for a rate), lines (one per model over an ordered x such as budget),
 * heatmaps (one small table per model) and sweep curves (accuracy against log₂ size, one line per
 * model's run, its breaking point a dashed line in the same colour).
 */
;(() => {
  const NS = 'http://www.w3.org/2000/svg'
  const svg = (tag, attributes = {}, ...children) => {
    const node = document.createElementNS(NS, tag)
    for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, String(v))
    for (const c of children) if (c) node.append(c instanceof Node ? c : document.createTextNode(String(c)))
    return node
  }
  const H = 200
  const TOP = 10
  const LEFT = 44
  const BOTTOM = 46

  const pointValue = (stat, metric) => (!stat ? null : metric === 'correct' ? stat.rate : stat.means[metric])
  const fmt = (v, metric) =>
    v === null
      ? '—'
      : metric === 'correct' || metric === 'accuracy' || metric === 'consistency'
        ? `${(v * 100).toFixed(1)}%`
        : v.toFixed(1)

  function frame(width, max, metric) {
    const root = svg('svg', { width, height: H + TOP + BOTTOM, class: `chart ${metric}` })
    const y = (v) => TOP + H - (v / max) * H
    for (const t of [0, 0.25, 0.5, 0.75, 1]) {
      root.append(svg('line', { x1: LEFT, x2: width, y1: y(t * max), y2: y(t * max), stroke: '#eee' }))
      root.append(svg('text', { x: LEFT - 4, y: y(t * max) + 3, 'text-anchor': 'end' }, fmt(t * max, metric)))
    }
    return { root, y }
  }

  const maxOf = (data, metric) => {
    if (metric === 'correct' || metric === 'accuracy' || metric === 'consistency') return 1
    let max = 0
    for (const s of data.series) for (const p of s) max = Math.max(max, pointValue(p, metric) ?? 0)
    return max > 0 ? max : 1
  }

  function bars(data, section, color) {
    const { view } = data
    const n = section.columns.length
    const group = Math.max(24, n * 8 + 8)
    const width = LEFT + data.x.length * group + 10
    const { root, y } = frame(width, maxOf(data, view.metric), view.metric)
    data.x.forEach((x, i) => {
      const g = svg('g', { class: 'group', 'data-x': x })
      const x0 = LEFT + i * group + 4
      section.columns.forEach((column, c) => {
        const stat = data.series[c][i]
        const v = pointValue(stat, view.metric)
        if (v === null || v === undefined) return
        const bx = x0 + c * ((group - 8) / n)
        const bw = Math.max(2, (group - 8) / n - 1)
        g.append(
          svg(
            'rect',
            { class: 'bar', x: bx, y: y(v), width: bw, height: TOP + H - y(v), fill: color(c) },
            svg('title', {}, `${column.key} · ${x}: ${fmt(v, view.metric)}`),
          ),
        )
        if (view.metric === 'correct' && stat.low !== null)
          g.append(
            svg('line', {
              x1: bx + bw / 2,
              x2: bx + bw / 2,
              y1: y(stat.low),
              y2: y(stat.high),
              stroke: '#111',
            }),
          )
      })
      g.append(svg('text', { x: x0, y: TOP + H + 12, transform: `rotate(20 ${x0} ${TOP + H + 12})` }, x))
      root.append(g)
    })
    return root
  }

  function lines(data, section, color) {
    const { view } = data
    const step = 70
    const width = LEFT + Math.max(1, data.x.length) * step + 20
    const { root, y } = frame(width, maxOf(data, view.metric), view.metric)
    const px = (i) => LEFT + 20 + i * step
    data.x.forEach((x, i) => {
      root.append(svg('text', { x: px(i), y: TOP + H + 14, 'text-anchor': 'middle' }, x))
    })
    section.columns.forEach((column, c) => {
      const pts = data.series[c]
        .map((stat, i) => [i, pointValue(stat, view.metric)])
        .filter(([, v]) => v !== null && v !== undefined)
      const g = svg('g', { class: 'series', 'data-model': column.key })
      g.append(
        svg('polyline', {
          fill: 'none',
          stroke: color(c),
          'stroke-width': 2,
          points: pts.map(([i, v]) => `${px(i)},${y(v)}`).join(' '),
        }),
      )
      for (const [i, v] of pts)
        g.append(
          svg(
            'circle',
            { cx: px(i), cy: y(v), r: 3, fill: color(c) },
            svg('title', {}, `${column.key} · ${data.x[i]}: ${fmt(v, view.metric)}`),
          ),
        )
      root.append(g)
    })
    return root
  }

  function heatmaps(data, section) {
    const { view, x, y } = data
    const wrap = document.createElement('div')
    wrap.className = 'heatmaps'
    const { el } = window.board
    section.columns.forEach((column, c) => {
      const rows = y.map((yv, j) =>
        el(
          'tr',
          {},
          el('th', {}, yv),
          x.map((_, i) => {
            const v = pointValue(data.series[c][i * y.length + j], view.metric)
            const shade =
              v === null || v === undefined ? '#f3f4f6' : `hsl(${Math.round(v * 120)} 70% ${85 - v * 30}%)`
            return el(
              'td',
              { style: `background:${shade}` },
              v === null || v === undefined ? '—' : fmt(v, view.metric),
            )
          }),
        ),
      )
      wrap.append(
        el(
          'table',
          { class: 'heatmap', 'data-model': column.key },
          el('caption', {}, column.key),
          el(
            'thead',
            {},
            el(
              'tr',
              {},
              el('th', {}, ''),
              x.map((xv) => el('th', {}, xv)),
            ),
          ),
          el('tbody', {}, rows),
        ),
      )
    })
    return wrap
  }

  function view(data, section, color) {
    const { el } = window.board
    const body =
      data.view.kind === 'bars'
        ? bars(data, section, color)
        : data.view.kind === 'lines'
          ? lines(data, section, color)
          : heatmaps(data, section)
    return el(
      'figure',
      { class: `view ${data.view.kind}`, id: `view-${section.benchmark}-${data.view.id}` },
      el('figcaption', {}, data.view.title),
      el('div', { class: 'scroll' }, body),
    )
  }

  function sweep(sw, section, color) {
    const { el } = window.board
    const sizes = sw.series.flatMap((s) => s.points.map((p) => Math.log2(p.size)))
    const lo = Math.min(...sizes)
    const hi = Math.max(...sizes, lo + 1)
    const width = 520
    const { root, y } = frame(width, 1, 'correct')
    const px = (size) => LEFT + 10 + ((Math.log2(size) - lo) / (hi - lo)) * (width - LEFT - 30)
    const ticks = [...new Set(sw.series.flatMap((s) => s.points.map((p) => p.size)))].sort((a, b) => a - b)
    for (const t of ticks) root.append(svg('text', { x: px(t), y: TOP + H + 14, 'text-anchor': 'middle' }, t))
    sw.series.forEach((s) => {
      const c = s.column
      const g = svg('g', { class: 'series', 'data-model': section.columns[c].key })
      g.append(
        svg('polyline', {
          fill: 'none',
          stroke: color(c),
          'stroke-width': 2,
          points: s.points.map((p) => `${px(p.size)},${y(p.accuracy)}`).join(' '),
        }),
      )
      for (const p of s.points)
        g.append(
          svg('line', { x1: px(p.size), x2: px(p.size), y1: y(p.low), y2: y(p.high), stroke: color(c) }),
        )
      if (typeof s.breakingPoint === 'number')
        g.append(
          svg(
            'line',
            {
              class: 'breaking-point',
              x1: px(s.breakingPoint),
              x2: px(s.breakingPoint),
              y1: TOP,
              y2: TOP + H,
              stroke: color(c),
              'stroke-dasharray': '4 3',
            },
            svg('title', {}, `${section.columns[c].key}: breaking point ${s.breakingPoint.toFixed(1)}`),
          ),
        )
      root.append(g)
    })
    const bps = sw.series.map(
      (s) =>
        `${section.columns[s.column].key}: ${s.breakingPoint === null ? 'no fit' : s.breakingPoint === 'beyond' ? 'beyond the sweep' : s.breakingPoint.toFixed(1)}`,
    )
    return el(
      'figure',
      { class: 'sweep', id: `sweep-${sw.key}` },
      el('figcaption', {}, `Sweep ${sw.name} (${sw.axis}); breaking points (dashed): ${bps.join(' · ')}`),
      root,
    )
  }

  window.boardCharts = { view, sweep }
})()
