/**
 * A task category whose templates can come from a pool file named by an environment variable
 * (`generate --python-pool` / `--gsm-pool` set it before any registry is built, and worker threads
 * inherit it), else from the built-in ones. The templates are read when first asked for, through
 * a getter, so a variable set after the category's module loaded still takes effect; each pool is
 * loaded once and kept per path.
 */
import type { Category, TaskTemplate } from './contracts/template.ts'

export interface EnvPoolCategoryOptions {
  name: string
  /** The environment variable naming a pool file. */
  env: string
  /** The templates without a pool file. */
  builtin: () => readonly TaskTemplate[]
  /** The templates of the pool file at `path`. */
  load: (path: string) => readonly TaskTemplate[]
}

/**
 * The category.
 * @example export const python = envPoolCategory({ name: 'python', env: 'ARBIGRAPH_PYTHON_POOL', builtin, load })
 */
export function envPoolCategory(options: EnvPoolCategoryOptions): Category {
  const loaded = new Map<string, readonly TaskTemplate[]>()
  return {
    name: options.name,
    get templates() {
      const path = process.env[options.env] ?? ''
      let templates = loaded.get(path)
      if (!templates) {
        templates = path === '' ? options.builtin() : options.load(path)
        loaded.set(path, templates)
      }
      return templates
    },
  }
}
