/**
 * `defineSweep`: a scaling sweep as a Vitest file. Like `defineSuite` it generates its cases at
 * collection time, but point by point (one per value of the varied option, each with its own
 * derived seed, see src/sweep/sweep-spec.ts), and every case's identity carries its sweep point,
 * so the reporters fit the curve and its breaking point (src/metrics/sweep/). Before the cases
 * run it prints the cost preview: cases and first-turn prompt tokens per point and in total.
 * Tests are named `<axis>=<value> <Task> #<sample>`, so `-t length=8` runs one point.
 */

import type { HarnessProfileInput } from '../agent/profile.ts'
import { resolveConditions } from '../conditions/select-conditions.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { generateDataset } from '../generate/generate-dataset.ts'
import { getTemplate } from '../registry.ts'
import { formatCost, type PointCost, pointCost } from '../sweep/sweep-cost.ts'
import {
  parseSweepOptions,
  pointSpec,
  type SweepOptions,
  sweepName,
  sweepPoints,
} from '../sweep/sweep-spec.ts'
import { declareCases, type SuiteCase } from './define-suite.ts'
import { readSuiteEnv } from './suite-env.ts'

export type DefineSweepOptions = Omit<SweepOptions, 'harness'> & { harness?: HarnessProfileInput }

/** A sweep's cases, point after point, and what each point costs. */
export interface SweepCases {
  cases: SuiteCase[]
  costs: PointCost[]
}

/**
 * The sweep's cases in point order (then dataset order and epochs), generated in-process. Case
 * ids are `<sweep>@<value>/<instance id>`: instance ids repeat from point to point.
 * @example (await sweepCases({ topology: 'chain', category: 'math', vary: { length: [1, 2] } })).cases[0].identity.sweep // { name: 'chain-length', axis: 'length', value: 1, size: 1 }
 */
export async function sweepCases(options: DefineSweepOptions, env = readSuiteEnv()): Promise<SweepCases> {
  const sweep = parseSweepOptions(options as SweepOptions)
  const category = (sweep.categories ?? [sweep.category!]).join('+')
  const registry = await threadRegistry(process.cwd())
  const cases: SuiteCase[] = []
  const costs: PointCost[] = []
  for (const point of sweepPoints(sweep)) {
    const spec = pointSpec(sweep, point, { samples: env.samples, seed: env.seed })
    const { instances } = await generateDataset(spec, { registry })
    costs.push(pointCost(point, instances, env.epochs))
    for (const instance of instances) {
      const task = getTemplate(registry, instance.family, instance.task).referenceName ?? instance.task
      const id = `${point.name}@${point.value}/${instance.id}`
      for (let epoch = 0; epoch < env.epochs; epoch++)
        cases.push({
          name: `${point.axis}=${point.value} ${task} #${instance.sample}${env.epochs > 1 ? ` epoch ${epoch}` : ''}`,
          instance,
          identity: {
            caseId: id,
            instanceId: id,
            topology: sweep.topology,
            category,
            task: instance.task,
            sample: instance.sample,
            epoch,
            sweep: point,
          },
        })
    }
  }
  return { cases, costs }
}

/**
 * Declares a scaling sweep; call it at the top level of a `*.eval.ts` file.
 * @example
 * // suites/sweeps/chain-length.eval.ts
 * defineSweep({ topology: 'chain', category: 'math', vary: { length: [1, 2, 4, 8, 16, 32] }, samplesPerTask: 1 })
 */
export function defineSweep(options: DefineSweepOptions): void {
  const sweep = parseSweepOptions(options as SweepOptions) // fail at definition time
  const categories = sweep.categories ?? [sweep.category!]
  const name = sweepName(sweep)
  declareCases(
    {
      title: `sweep:${name}/${categories.join('+')}`,
      tags: ['sweep', sweep.topology, ...categories],
      topology: sweep.topology,
      harness: options.harness,
      conditions: resolveConditions(sweep.conditions),
    },
    async () => {
      const { cases, costs } = await sweepCases(options)
      console.info(
        `arbigraph: sweep ${name} — cost before running (first-turn prompt tokens, cl100k_base)\n${formatCost(costs)}`,
      )
      return cases
    },
  )
}
