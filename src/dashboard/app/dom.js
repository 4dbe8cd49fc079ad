/*
 * The DOM helper the dashboard's and the board's pages share: `el(tag, attributes, ...children)`.
 * Loaded before their other scripts as `window.arbigraphDom`. Plain browser JavaScript.
 */
;(() => {
  /** `el('td', { class: 'num' }, '3')`: an element with attributes and text/element children. */
  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue
      if (key.startsWith('on')) node.addEventListener(key.slice(2), value)
      else node.setAttribute(key, value === true ? '' : String(value))
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue
      node.append(child instanceof Node ? child : document.createTextNode(String(child)))
    }
    return node
  }

  window.arbigraphDom = { el }
})()
