/**
 * The math category: 40 operators, 10 for each (input kind, output kind) pair, in the canonical
 * order of the reference (sorted by input kind, output kind, then class name), so position i is
 * the reference's task_id i.
 */
import type { Category } from '../../src/contracts/template.ts'
import { listToList } from './list-to-list.ts'
import { listToScalar } from './list-to-scalar.ts'
import { scalarToList } from './scalar-to-list.ts'
import { scalarToScalar } from './scalar-to-scalar.ts'

export const mathTemplates = [...listToList, ...listToScalar, ...scalarToList, ...scalarToScalar]

export const math: Category = { name: 'math', templates: mathTemplates }
