/*
 * Starts the app: run facts and the simulated-endpoint banner, navigation links for the
 * compare page and for extra pages (their scripts are loaded from the summary's `pages`), the
 * router, and — when the page is served by a live run (http, `progress` set) — a server-sent
 * events stream that replaces the summary and the index as cases finish and re-renders.
 */
;(async () => {
  const { store, el, route, loadScript } = window.arbigraph
  const nav = document.getElementById('nav')

  const tabs = () => store.benchmarks?.benchmarks ?? []
  // A run of other benchmarks only: ArbiGraph's pages would show an empty run.
  const arbigraphEmpty = () => store.summary.total.trials === 0 && tabs().length > 0

  function header() {
    const s = store.summary
    const run = s.run ? ` · ${s.run.started} → ${s.run.finished} (${s.run.reason})` : ''
    const others = tabs().map((t) => t.model)
    const model = arbigraphEmpty()
      ? [...new Set(others)].join(', ')
      : [s.model, ...others.filter((m) => m !== s.model)].join(', ')
    const simulated = (!arbigraphEmpty() && s.simulated) || tabs().some((t) => t.simulated)
    document.getElementById('run-facts').textContent = `model ${model}${run}`
    const banner = document.getElementById('banner')
    banner.hidden = !simulated
    banner.textContent = simulated
      ? `SIMULATED endpoint (${model}): these numbers measure the simulator, not a model.`
      : ''
  }

  /** One link per benchmark tab (a live run may add one as its first case finishes). */
  function benchmarkLinks() {
    for (const link of [...nav.querySelectorAll('a[data-bench]')]) link.remove()
    for (const tab of tabs())
      nav.append(el('a', { href: `#/b/${tab.name}`, 'data-route': 'b', 'data-bench': tab.name }, tab.title))
    for (const route of ['overview', 'cases']) {
      const link = nav.querySelector(`a[data-route="${route}"]`)
      if (link) link.hidden = arbigraphEmpty()
    }
    if (arbigraphEmpty() && ['', '#', '#/'].includes(location.hash)) location.replace(`#/b/${tabs()[0].name}`)
  }

  header()
  benchmarkLinks()
  if (store.summary.compare) nav.append(el('a', { href: '#/compare', 'data-route': 'compare' }, 'Compare'))
  for (const page of store.summary.pages) {
    await loadScript(page.script)
    nav.append(el('a', { href: `#/${page.id}`, 'data-route': page.id }, page.title))
  }
  window.addEventListener('hashchange', route)
  await route()

  if (store.summary.progress && location.protocol.startsWith('http')) {
    const events = new EventSource('events')
    events.addEventListener('update', (event) => {
      const { summary, index, benchmarks } = JSON.parse(event.data)
      store.summary = summary
      store.index = index
      if (benchmarks) store.benchmarks = benchmarks
      window.arbigraph.forgetChunks()
      header()
      benchmarkLinks()
      const { route: name, args } = window.arbigraph.parseHash()
      // Re-render only pages that show live numbers; a case being read stays put.
      // A link to a case not finished yet said so: it may have finished now.
      const missing = document.documentElement.dataset.ready?.endsWith('case-missing')
      if (name === 'overview' || name === 'cases' || (name === 'b' && args[1] !== 'case') || missing) route()
    })
    events.addEventListener('done', () => events.close())
  }
})()
