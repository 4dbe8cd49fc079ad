/**
 * Every `arbigraph` command, in the order `arbigraph --help` lists them.
 */
import type { Command } from '../command.ts'
import { checkReferenceCommand } from './check-reference.ts'
import { compareCommand } from './compare.ts'
import { doctorCommand } from './doctor.ts'
import { evalCommand } from './eval.ts'
import { generateCommand } from './generate.ts'
import { importGsmSymbolicCommand } from './import-gsm-symbolic.ts'
import { importLeetcodeCommand } from './import-leetcode.ts'
import { importReferenceCommand } from './import-reference.ts'
import { listCommand } from './list.ts'
import { renderCommand } from './render.ts'
import { replayReferenceCommand } from './replay-reference.ts'
import { reportCommand } from './report.ts'
import { validateCommand } from './validate.ts'
import { vizCommand } from './viz.ts'

export {
  doctorCommand,
  evalCommand,
  generateCommand,
  listCommand,
  renderCommand,
  replayReferenceCommand,
  validateCommand,
  vizCommand,
}

/**
 * The commands `main` dispatches to.
 * @example commands.map((c) => c.name) // ['generate', 'validate', …]
 */
export const commands: readonly Command[] = [
  generateCommand,
  validateCommand,
  renderCommand,
  vizCommand,
  listCommand,
  reportCommand,
  compareCommand,
  importReferenceCommand,
  importGsmSymbolicCommand,
  importLeetcodeCommand,
  checkReferenceCommand,
  evalCommand,
  doctorCommand,
  replayReferenceCommand,
]
