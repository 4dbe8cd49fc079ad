/**
 * The gsm category: grade-school word problems written by us in GSM-Symbolic's annotated
 * format (plugins/gsm/templates/*.json), each instantiated with the chained value bound to one
 * of its numbers. GSM-Symbolic's own templates are not shipped (their licence forbids it);
 * `arbigraph import-gsm-symbolic` turns a local copy into a pool the generator can use instead.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Category } from '../../src/contracts/template.ts'
import { envPoolCategory } from '../../src/env-pool-category.ts'
import { gsmTask } from './category.ts'
import { parseTemplate } from './parse.ts'
import { GSM_POOL_ENV } from './pool-env.ts'
import { gsmPoolCategory, readPool } from './template-pool.ts'

/** Where our templates live. */
export const GSM_TEMPLATE_DIR = join(import.meta.dirname, 'templates')

interface OwnTemplateFile {
  id: string
  summary: string
  question_annotated: string
}

/** Our templates, parsed, in file-name order. */
export const ownGsmTemplates = readdirSync(GSM_TEMPLATE_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const file = JSON.parse(readFileSync(join(GSM_TEMPLATE_DIR, f), 'utf8')) as OwnTemplateFile
    return { file: f, summary: file.summary, template: parseTemplate(file.id, file.question_annotated) }
  })

const ownTasks = ownGsmTemplates.map(({ template, summary }) =>
  gsmTask(template, { id: template.id, summary }),
)

export { GSM_POOL_ENV }

/**
 * The `gsm` category: a pool's templates when `ARBIGRAPH_GSM_POOL` names one (set by `generate
 * --gsm-pool`), ours otherwise.
 * @example gsm.templates.length // 43
 */
export const gsm: Category = envPoolCategory({
  name: 'gsm',
  env: GSM_POOL_ENV,
  builtin: () => ownTasks,
  load: (path) => gsmPoolCategory(readPool(path)).templates,
})
