/*
 * The generic section renderers: whatever a benchmark declares (src/contracts/dashboard.ts) is
 * drawn here from numbers computed in Node — headline numbers with their intervals, grouped bars
 * with interval whiskers, lines with shaded interval bands, a heatmap, a table, and the case-view
 * blocks (facts, text, the output aligned record by record, raw JSON). Charts are SVG drawn at
 * the width of the page when they render, so they use it whatever the window. No benchmark is
 * named here.
 */
;(() => {
  const { el } = window.arbigraph
  const SVG = 'http://www.w3.org/2000/svg'
  const COLORS = ['#3b6fd8', '#e8590c', '#2b8a3e', '#9c36b5', '#c92a2a', '#0c8599', '#5c940d', '#862e9c']

  /** A number as the section's format says; a dash for none. */
  function format(value, kind) {
    if (value === null || value === undefined || Number.isNaN(value)) return '—'
    if (kind === 'fraction') return value.toFixed(3)
    if (kind === 'percent') return `${(value * 100).toFixed(1)}%`
    if (kind === 'count') return String(value)
    return Number.isInteger(value) ? String(value) : value.toFixed(1)
  }

  function svgEl(tag, attributes = {}, text) {
    const node = document.createElementNS(SVG, tag)
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value))
    if (text !== undefined) node.textContent = text
    return node
  }

  /** The width charts draw at: the page's content width. */
  function pageWidth(view) {
    return Math.max(360, Math.floor((view.clientWidth || document.body.clientWidth || 960) - 20))
  }

  function head(section) {
    return [
      section.title ? el('h2', {}, section.title) : null,
      section.note ? el('p', { class: 'section-note' }, section.note) : null,
    ]
  }

  function legend(series) {
    if (series.length < 2) return null
    return el(
      'div',
      { class: 'legend-series' },
      series.map((s, i) =>
        el('span', {}, el('i', { style: `background:${COLORS[i % COLORS.length]}` }), s.name),
      ),
    )
  }

  /** The value axis: horizontal grid lines and ticks from 0 to max. */
  function valueAxis(svg, box, max, kind) {
    for (let t = 0; t <= 4; t++) {
      const v = (max * t) / 4
      const y = box.top + box.height - (box.height * t) / 4
      svg.append(svgEl('line', { class: 'grid', x1: box.left, x2: box.left + box.width, y1: y, y2: y }))
      svg.append(
        svgEl('text', { class: 'tick', x: box.left - 6, y: y + 4, 'text-anchor': 'end' }, format(v, kind)),
      )
    }
  }

  function chartFrame(view, height, label) {
    const width = pageWidth(view)
    const svg = svgEl('svg', {
      class: 'chart',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: 'img',
      'aria-label': label,
    })
    return { svg, width }
  }

  function bars(section, view, link) {
    const height = 280
    const { svg, width } = chartFrame(view, height, section.title ?? 'bars')
    const box = { left: 56, top: 12, width: width - 72, height: height - 80 }
    const max = section.max ?? 1
    valueAxis(svg, box, max, section.format)
    const groupWidth = box.width / Math.max(1, section.categories.length)
    const barWidth = (groupWidth * 0.8) / Math.max(1, section.series.length)
    const y = (v) => box.top + box.height - (box.height * Math.min(v, max)) / max
    section.categories.forEach((category, c) => {
      const x0 = box.left + c * groupWidth + groupWidth * 0.1
      section.series.forEach((series, s) => {
        const value = series.values[c]
        if (value === null || value === undefined) return
        const x = x0 + s * barWidth
        const target = link(section.links?.[c])
        const g = svgEl('g', {
          class: target ? 'bar-group linked' : 'bar-group',
          'data-href': target ?? '',
          'data-category': category,
          'data-series': series.name,
          'data-value': value,
        })
        g.append(
          svgEl('rect', {
            class: 'bar',
            x,
            y: y(value),
            width: Math.max(1, barWidth - 2),
            height: Math.max(0, box.top + box.height - y(value)),
            style: `fill:${COLORS[s % COLORS.length]}`,
          }),
          svgEl('title', {}, `${category} · ${series.name}: ${format(value, section.format)}`),
        )
        const band = series.bands?.[c]
        if (band) {
          const mid = x + (barWidth - 2) / 2
          g.append(
            svgEl('line', { class: 'err', x1: mid, x2: mid, y1: y(band[0]), y2: y(band[1]) }),
            svgEl('line', { class: 'err', x1: mid - 3, x2: mid + 3, y1: y(band[0]), y2: y(band[0]) }),
            svgEl('line', { class: 'err', x1: mid - 3, x2: mid + 3, y1: y(band[1]), y2: y(band[1]) }),
          )
        }
        if (target) g.addEventListener('click', () => (location.hash = target))
        svg.append(g)
      })
      const lx = box.left + c * groupWidth + groupWidth / 2
      const tilt = section.categories.length > 8
      svg.append(
        svgEl(
          'text',
          {
            class: 'label',
            x: lx,
            y: box.top + box.height + 16,
            'text-anchor': tilt ? 'end' : 'middle',
            ...(tilt ? { transform: `rotate(-30 ${lx} ${box.top + box.height + 16})` } : {}),
          },
          category,
        ),
      )
    })
    return [legend(section.series), holder(svg)]
  }

  function lines(section, view) {
    const height = 280
    const { svg, width } = chartFrame(view, height, section.title ?? 'lines')
    const box = { left: 56, top: 12, width: width - 80, height: height - 64 }
    const max = section.max ?? 1
    valueAxis(svg, box, max, section.format)
    const n = section.x.length
    const xAt = (i) => box.left + (n === 1 ? box.width / 2 : (box.width * i) / (n - 1))
    const y = (v) => box.top + box.height - (box.height * Math.min(v, max)) / max
    const step = Math.ceil(n / 20)
    section.x.forEach((label, i) => {
      if (i % step === 0)
        svg.append(
          svgEl(
            'text',
            { class: 'label', x: xAt(i), y: box.top + box.height + 16, 'text-anchor': 'middle' },
            label,
          ),
        )
    })
    svg.append(
      svgEl(
        'text',
        { class: 'tick', x: box.left + box.width / 2, y: height - 8, 'text-anchor': 'middle' },
        section.xLabel,
      ),
    )
    section.series.forEach((series, s) => {
      const color = COLORS[s % COLORS.length]
      const g = svgEl('g', { class: 'series', 'data-series': series.name })
      // Runs of consecutive known points: a line (and a band) per run.
      let run = []
      const runs = []
      series.values.forEach((v, i) => {
        if (v === null || v === undefined) {
          if (run.length) runs.push(run)
          run = []
        } else run.push(i)
      })
      if (run.length) runs.push(run)
      for (const r of runs) {
        const bands = r.map((i) => series.bands?.[i]).filter(Boolean)
        if (bands.length === r.length && r.length > 1) {
          const upper = r.map((i) => `${xAt(i)},${y(series.bands[i][1])}`)
          const lower = r.map((i) => `${xAt(i)},${y(series.bands[i][0])}`).reverse()
          g.append(
            svgEl('polygon', {
              class: 'band',
              points: [...upper, ...lower].join(' '),
              style: `fill:${color}`,
            }),
          )
        }
        if (r.length > 1)
          g.append(
            svgEl('polyline', {
              class: 'line',
              points: r.map((i) => `${xAt(i)},${y(series.values[i])}`).join(' '),
              style: `stroke:${color}`,
            }),
          )
      }
      series.values.forEach((v, i) => {
        if (v === null || v === undefined) return
        const dot = svgEl('circle', {
          class: 'point',
          cx: xAt(i),
          cy: y(v),
          r: 3,
          style: `fill:${color}`,
          'data-x': section.x[i],
          'data-value': v,
        })
        const band = series.bands?.[i]
        dot.append(
          svgEl(
            'title',
            {},
            `${series.name} at ${section.x[i]}: ${format(v, section.format)}${band ? ` (${format(band[0], section.format)}–${format(band[1], section.format)})` : ''}`,
          ),
        )
        g.append(dot)
        if (band && r1(series.bands, i))
          g.append(svgEl('line', { class: 'err', x1: xAt(i), x2: xAt(i), y1: y(band[0]), y2: y(band[1]) }))
      })
      svg.append(g)
    })
    return [legend(section.series), holder(svg)]
  }
  /** A lone point (no neighbour with a band) gets a whisker instead of a band. */
  const r1 = (bands, i) => !bands[i - 1] && !bands[i + 1]

  function holder(svg) {
    const box = el('div', { class: 'chart-holder' })
    box.append(svg)
    return box
  }

  function heatmap(section, link) {
    const shade = (v) => {
      if (v === null || v === undefined) return '#f1f3f5'
      const light = Math.round(96 - 46 * Math.max(0, Math.min(1, v)))
      return `hsl(220, 70%, ${light}%)`
    }
    return el(
      'table',
      { class: 'heatmap', id: section.id },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', {}, ''),
          section.columns.map((c) => el('th', {}, c)),
        ),
      ),
      el(
        'tbody',
        {},
        section.rows.map((row, r) =>
          el(
            'tr',
            {},
            el('th', {}, row),
            section.columns.map((column, c) => {
              const v = section.values[r][c]
              const target = v === null ? null : link(section.links?.[r]?.[c])
              return el(
                'td',
                {
                  class: 'num',
                  'data-row': row,
                  'data-column': column,
                  'data-value': v ?? '',
                  style: `background:${shade(v)};${v !== null && v > 0.6 ? 'color:#fff' : ''}`,
                },
                target
                  ? el('a', { class: 'cell-link', href: target }, format(v, section.format))
                  : format(v, section.format),
              )
            }),
          ),
        ),
      ),
    )
  }

  function table(section, link) {
    return el(
      'table',
      { class: 'cells', id: section.id },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          section.headers.map((h, i) => el('th', { class: section.numeric[i] ? 'num' : '' }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        section.rows.map((row, r) => {
          const target = link(section.links?.[r])
          return el(
            'tr',
            {},
            row.map((cell, i) =>
              el(
                'td',
                { class: section.numeric[i] ? 'num' : '' },
                i === 0 && target ? el('a', { class: 'cell-link', href: target }, cell) : cell,
              ),
            ),
          )
        }),
      ),
    )
  }

  function kpis(section) {
    return el(
      'section',
      { class: 'kpis', id: section.id },
      section.items.map((k) =>
        el(
          'div',
          { class: 'kpi' },
          el(
            'b',
            { id: k.id ? `kpi-${k.id}` : undefined, 'data-value': k.value ?? '' },
            format(k.value, k.format),
          ),
          el('span', {}, k.label),
          k.band
            ? el(
                'span',
                { class: 'band' },
                `95% ${format(k.band[0], k.format)}–${format(k.band[1], k.format)}`,
              )
            : null,
          k.note ? el('span', { class: 'band' }, k.note) : null,
        ),
      ),
    )
  }

  function aligned(block) {
    const firstBad = block.rows.find((r) => !r.ok)
    // A long output: the first wrong record can be thousands of rows down.
    const jump = firstBad
      ? el(
          'button',
          {
            id: block.id ? `${block.id}-jump` : undefined,
            onclick: () => document.querySelector(`tr.first-bad`)?.scrollIntoView({ block: 'center' }),
          },
          `go to the first wrong record (#${firstBad.n})`,
        )
      : null
    return [
      el('h3', {}, block.title),
      block.note ? el('p', { class: 'section-note' }, block.note) : null,
      jump,
      el(
        'table',
        { class: 'aligned', id: block.id },
        el(
          'thead',
          {},
          el(
            'tr',
            {},
            ['#', 'Expected', 'Model output'].map((h) => el('th', {}, h)),
          ),
        ),
        el(
          'tbody',
          {},
          block.rows.map((r) =>
            el(
              'tr',
              { class: `${r.ok ? 'good' : 'bad'}${r === firstBad ? ' first-bad' : ''}`, 'data-n': r.n },
              el('td', { class: 'num' }, r.n),
              el('td', {}, r.expected),
              el('td', {}, r.ok ? r.expected : (r.actual ?? '— (missing)')),
            ),
          ),
        ),
      ),
    ]
  }

  /** Appends the nodes that are there (a section without a title or a note has none for them). */
  const put = (parent, ...nodes) =>
    parent.append(...nodes.flat().filter((n) => n !== null && n !== undefined))

  /**
   * Draws one section or case block into `view`. `casesHref(filter)` is the tab's case list
   * filtered (`#/b/<benchmark>/cases?cell=…`): what a section's `links` open.
   */
  function render(section, view, casesHref) {
    const link = (filter) => (filter && casesHref ? casesHref(filter) : null)
    const wrap = el('div', {
      class: `section section-${section.kind}`,
      id: section.id ? `section-${section.id}` : undefined,
    })
    view.append(wrap)
    switch (section.kind) {
      case 'kpis':
        put(wrap, ...head(section), kpis(section))
        break
      case 'bars':
        put(wrap, ...head(section), ...bars(section, view, link))
        break
      case 'lines':
        put(wrap, ...head(section), ...lines(section, view))
        break
      case 'heatmap':
        put(wrap, ...head(section), heatmap(section, link))
        break
      case 'table':
        put(wrap, ...head(section), table(section, link))
        break
      case 'facts':
        put(
          wrap,
          el(
            'p',
            { class: 'facts', id: section.id },
            section.items.flatMap((f, i) => [i ? ' · ' : '', el('b', {}, f.label), ` ${f.value}`]),
          ),
        )
        break
      case 'text':
        put(
          wrap,
          el(
            'details',
            { class: 'prompt', open: section.open ?? false },
            el('summary', {}, section.title),
            el('pre', { id: section.id }, section.text),
          ),
        )
        break
      case 'aligned':
        put(wrap, ...aligned(section))
        break
      case 'json':
        put(
          wrap,
          el('h3', {}, section.title),
          el('pre', { id: section.id }, JSON.stringify(section.value, null, 2)),
        )
        break
      default:
        put(wrap, el('p', { class: 'error' }, `unknown section kind "${section.kind}"`))
    }
  }

  window.arbigraph.sections = { render, format, put }
})()
