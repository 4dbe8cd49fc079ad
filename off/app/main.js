/*
 * Starts the app: run facts and the simulated-endpoint banner, navigation links for the
 * compare page and for extra pages (their scripts are loaded from the summary's `pages`), the
 * router, and — when the page is served by a live run (http, `progress` set) — a server-sent
 * events stream that replaces the summary and the index as cases finish and re-renders.
 */
;(async () => {
  const { store, el, route, loadScript } = window.arbigraph
  const nav = document.getElementById('nav')

  function header() {
    const s = store.summary
    const run = s.run ? ` · ${s.run.started} → ${s.run.finished} (${s.run.reason})` : ''
    document.getElementById('run-facts').textContent = `model ${s.model}${run}`
    const banner = document.getElementById('banner')
    banner.hidden = !s.simulated
    banner.textContent = s.simulated
      ? `SIMULATED endpoint (${s.model}): these numbers measure the simulator, not a model.`
      : ''
  }

  header()
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
      const { summary, index } = JSON.parse(event.data)
      store.summary = summary
      store.index = index
      window.arbigraph.forgetChunks()
      header()
      const { route: name } = window.arbigraph.parseHash()
      // Re-render only pages that show live numbers; a case being read stays put.
      if (name === 'overview' || name === 'cases') route()
    })
    events.addEventListener('done', () => events.close())
  }
})()
