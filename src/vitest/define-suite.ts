/**
 * `defineSuite`: a benchmark suite as a Vitest file. At collection time it generates the cases
 * (seeded, so every worker and every rerun sees the same instances), then declares one
 * `describe('<topology>/<category>')` tagged with the topology and categories, and inside it one
 * `test.concurrent` per case and epoch, named `<Task> #<sample>` (`… epoch <e>` when
 * ARBIGRAPH_EPOCHS > 1) so `-t Convolution` selects one task. A test passes whenever the model
 * produced an outcome, right or wrong; the outcome travels in `task.meta.arbigraph` to the
 * reporters. It fails only on an infrastructure error, after writing a record that says why.
 * Reference: docs/research/ecosystem-anchors.md §A2–§A4.
 */
import { beforeAll, describe, inject, test } from 'vitest'
import { z } from 'zod'
import { topologyBudget } from '../agent/profile.ts'
import { harnessAsk } from '../conditions/harness-ask.ts'
import { conditionsOptionSchema, resolveConditions } from '../conditions/select-conditions.ts'
import { withConditions } from '../conditions/with-conditions.ts'
import type { Condition } from '../contracts/conditions.ts'
import type { Instance } from '../contracts/instance.ts'
import { caseDetailSinkFromEnv } from '../dashboard/case-details.ts'
import { assertProtocolUsable } from '../doctor/check-server.ts'
import { ArbigraphError, formatPath } from '../errors.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { generateDataset } from '../generate/generate-dataset.ts'
import { checkSuiteHarnessOption, type SuiteHarnessOption, suiteHarness } from '../harness/suite-harness.ts'
import { getTemplate, getTopology } from '../registry.ts'
import type { ArbigraphContext } from './provided-context.ts'
import { registerSimCases } from './register-sim-cases.ts'
import { runCase } from './run-case.ts'
import { simCaseOf } from './sim-case.ts'
import { readSuiteEnv } from './suite-env.ts'
import type { CaseIdentity } from './task-meta.ts'

const suiteOptionsSchema = z
  .object({
    /** A registered topology name: baseline, forgetting, chain, multichain, dag, random, or yours. */
    topology: z.string().min(1),
    /** Topology options (e.g. `{ length: 4 }`, `{ graph }`). @default {} */
    options: z.record(z.string(), z.unknown()).default({}),
    /** One category; give this or `categories`. */
    category: z.string().min(1).optional(),
    categories: z.array(z.string().min(1)).min(1).optional(),
    /** Samples per target task; ARBIGRAPH_SAMPLES overrides it. @default 2 */
    samplesPerTask: z.int().min(1).default(2),
    /** Target template ids. @default every template that fits the target slot */
    targets: z.array(z.string().min(1)).min(1).optional(),
    /** Generation seed; ARBIGRAPH_SEED overrides it. @default '0' */
    seed: z.string().default('0'),
    /**
     * What answers the cases: a harness value (`toolAgent(…)`, `httpAgent({ url })`, yours), the
     * name of one registered in arbigraph.config.ts, or tool-agent profile fields on top of the
     * topology's budgets. ARBIGRAPH_HARNESS overrides it. @default the tool agent
     */
    harness: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
    /** Context conditions; ARBIGRAPH_CONDITIONS overrides it. @default ['in-graph'] */
    conditions: conditionsOptionSchema.optional(),
  })
  .strict()
  .refine((o) => (o.category === undefined) !== (o.categories === undefined), {
    message: 'give exactly one of "category" and "categories"',
    path: ['category'],
  })

export type SuiteOptions = Omit<z.input<typeof suiteOptionsSchema>, 'harness'> & {
  harness?: SuiteHarnessOption
}

/** One test to declare: an instance and the epoch of this trial. */
export interface SuiteCase {
  name: string
  instance: Instance
  identity: CaseIdentity
}

function parseSuiteOptions(options: SuiteOptions): z.output<typeof suiteOptionsSchema> {
  const parsed = suiteOptionsSchema.safeParse(options)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = formatPath(issue.path)
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `defineSuite: ${path ? `${path}: ` : ''}${issue.message}`)
}

/**
 * The suite's cases in dataset order (targets, then samples, then epochs), generated in-process.
 * @example (await suiteCases({ topology: 'chain', category: 'math', samplesPerTask: 1 }))[0].name // 'ConvolutionTask #0'
 */
export async function suiteCases(options: SuiteOptions, env = readSuiteEnv()): Promise<SuiteCase[]> {
  const o = parseSuiteOptions(options)
  const categories = o.categories ?? [o.category!]
  const spec = {
    topology: o.topology,
    options: o.options,
    categories,
    samplesPerTask: env.samples ?? o.samplesPerTask,
    seed: env.seed ?? o.seed,
    ...(o.targets ? { targets: o.targets } : {}),
  }
  const registry = await threadRegistry(process.cwd())
  const { instances } = await generateDataset(spec, { registry })
  const category = categories.join('+')
  // Tests are named after the reference's task name where there is one (`ConvolutionTask #0`), so
  // `-t ConvolutionTask` and `-t Convolution` both select that task's cases.
  const taskName = (instance: (typeof instances)[number]) =>
    getTemplate(registry, instance.family, instance.task).referenceName ?? instance.task
  return instances.flatMap((instance) =>
    Array.from({ length: env.epochs }, (_, epoch) => ({
      name: `${taskName(instance)} #${instance.sample}${env.epochs > 1 ? ` epoch ${epoch}` : ''}`,
      instance,
      identity: {
        caseId: instance.id,
        instanceId: instance.id,
        topology: o.topology,
        category,
        task: instance.task,
        sample: instance.sample,
        epoch,
      },
    })),
  )
}

/** Tells the simulator the suite's ground truths (each instance once, whatever the epochs). */
function registerWithSim(context: ArbigraphContext, cases: readonly SuiteCase[]): Promise<void> {
  const unique = [...new Map(cases.map((c) => [c.identity.instanceId, c.instance])).values()]
  return registerSimCases(context, unique.map(simCaseOf), 'defineSuite')
}

/** What `declareCases` needs besides the cases: where they sit and how the harness runs. */
export interface CaseDeclaration {
  /** The `describe` title, e.g. `chain/math`. */
  title: string
  tags: string[]
  /** The registered topology of the cases: its budgets go to the harness. */
  topology: string
  /** The suite's `harness` option (ARBIGRAPH_HARNESS overrides it). */
  harness: SuiteHarnessOption | undefined
  /** Context conditions to run on each case besides in-graph. */
  conditions: readonly Condition[]
}

/**
 * Declares one `describe` holding a `test.concurrent` per case, each running the suite's harness
 * and storing its record; `load` generates the cases at collection time. Shared by `defineSuite`
 * and `defineSweep`.
 * @example declareCases({ title: 'chain/math', tags: ['chain', 'math'], topology: 'chain', harness: undefined, conditions }, () => suiteCases(options))
 */
export function declareCases(declaration: CaseDeclaration, load: () => Promise<SuiteCase[]>): void {
  checkSuiteHarnessOption(declaration.harness) // bad profile fields fail at definition time
  describe(declaration.title, { tags: declaration.tags }, async () => {
    const cases = await load()
    const registry = await threadRegistry(process.cwd())
    const harness = suiteHarness(declaration.harness, registry)
    const budget = topologyBudget(getTopology(registry, declaration.topology))
    const caseDetails = caseDetailSinkFromEnv(process.env)
    beforeAll(() => {
      const context = inject('arbigraph')
      // The preflight found the server cannot serve this suite's protocol: stop before any case.
      if (context.server && harness.protocol) assertProtocolUsable(context.server, harness.protocol)
      return registerWithSim(context, cases)
    })
    for (const c of cases) {
      test.concurrent(c.name, { meta: { arbigraphCase: c.identity } }, async ({ task, signal }) => {
        const context = inject('arbigraph')
        const timeouts = { requestMs: context.turnTimeoutMs, idleMs: context.streamIdleMs }
        const log = (message: string) => console.warn(`[${harness.name}] ${c.name}: ${message}`)
        const record = await runCase(c.instance, {
          baseURL: context.poolUrl,
          model: context.model,
          harness,
          budget,
          timeouts,
          log,
          identity: c.identity,
          signal,
          ...(caseDetails ? { caseDetails } : {}),
        })
        const measured = await withConditions(record, c.instance, {
          conditions: declaration.conditions,
          registry,
          // Node prompts go through the same harness, endpoint, budgets and epoch seed as the case.
          ask: harnessAsk(
            harness,
            { id: c.identity.caseId, epoch: c.identity.epoch, budget },
            {
              endpoint: context.poolUrl,
              model: context.model,
              apiKey: 'arbigraph',
              signal,
              log,
              timeouts,
              ...(c.identity.epoch > 0 ? { requestFields: { seed: c.identity.epoch } } : {}),
            },
          ),
          announce: (simCases) => registerSimCases(context, simCases, 'context conditions'),
          signal,
        })
        task.meta.arbigraph = measured
        if (measured.infraError) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', measured.infraError.reason)
      })
    }
  })
}

/**
 * Declares a benchmark suite; call it at the top level of a `*.eval.ts` file.
 * @example
 * // suites/chain/math.eval.ts
 * defineSuite({ topology: 'chain', options: { length: 4 }, category: 'math' })
 */
export function defineSuite(options: SuiteOptions): void {
  const o = parseSuiteOptions(options) // fail at definition time, before any generation
  const categories = o.categories ?? [o.category!]
  declareCases(
    {
      title: `${o.topology}/${categories.join('+')}`,
      tags: [o.topology, ...categories],
      topology: o.topology,
      harness: options.harness,
      conditions: resolveConditions(o.conditions),
    },
    () => suiteCases(options),
  )
}
