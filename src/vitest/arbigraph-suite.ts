/**
 * An ArbiGraph suite's options and cases: a topology × categories spec generated in-process at
 * collection time (seeded, so every worker and every rerun sees the same instances), one case
 * per instance and epoch, named `<Task> #<sample>` (`… epoch <e>` when ARBIGRAPH_EPOCHS > 1) so
 * `-t Convolution` selects one task; the describe block is `<topology>/<categories>`, tagged with
 * the topology and the categories.
 * Reference: docs/research/ecosystem-anchors.md §A2–§A4.
 */
import { z } from 'zod'
import { conditionsOptionSchema } from '../conditions/select-conditions.ts'
import { harnessSchema } from '../contracts/harness.ts'
import type { Instance } from '../contracts/instance.ts'
import { ArbigraphError, formatPath } from '../errors.ts'
import { specNeeds, threadRegistry } from '../generate/generate-chunk.ts'
import { generateDataset } from '../generate/generate-dataset.ts'
import { checkSuiteHarnessOption, type SuiteHarnessOption } from '../harness/suite-harness.ts'
import { getTemplate, getTopology, type Registry } from '../registry.ts'
import { readSuiteEnv } from './suite-env.ts'
import { type SuiteVariant, suiteVariant, variantCaseId } from './suite-variant.ts'
import type { CaseIdentity } from './task-meta.ts'

export const suiteOptionsSchema = z
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
    harness: z
      .union([z.string().min(1), harnessSchema, z.record(z.string(), z.unknown())])
      .optional()
      .superRefine((option, ctx) => {
        // Bad profile fields fail where the suite is defined; a name is checked once the registry is in.
        try {
          checkSuiteHarnessOption(option as SuiteHarnessOption | undefined)
        } catch (error) {
          if (!(error instanceof ArbigraphError)) throw error
          ctx.addIssue({ code: 'custom', message: error.message })
        }
      }),
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

export type ResolvedSuiteOptions = z.output<typeof suiteOptionsSchema>

/** One test to declare: an instance and the epoch of this trial. */
export interface SuiteCase {
  name: string
  instance: Instance
  identity: CaseIdentity
}

/**
 * Validates a suite's options; a bad one is ARBIGRAPH_BAD_CONFIG naming the field.
 * @example parseSuiteOptions({ topology: 'chain', category: 'math' }).samplesPerTask // 2
 */
export function parseSuiteOptions(options: SuiteOptions): ResolvedSuiteOptions {
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
export async function suiteCases(
  options: SuiteOptions,
  env = readSuiteEnv(),
  root = process.cwd(),
): Promise<SuiteCase[]> {
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
  // Only the built-ins this suite names: a math chain suite's worker imports neither the Python
  // nor the GSM category, nor the Long-Transduction benchmark (a third of its modules).
  const registry = await threadRegistry(root, undefined, specNeeds(spec))
  const { instances } = await generateDataset(spec, { registry })
  const category = categories.join('+')
  // Another suite of this topology and category may differ in its settings: they are in its ids.
  const variant = arbigraphVariant(o, registry)
  const suite = Object.keys(variant).length > 0 ? { suite: variant } : {}
  // Tests are named after the reference's task name where there is one (`ConvolutionTask #0`), so
  // `-t ConvolutionTask` and `-t Convolution` both select that task's cases.
  const taskName = (instance: (typeof instances)[number]) =>
    getTemplate(registry, instance.family, instance.task).referenceName ?? instance.task
  return instances.flatMap((instance) =>
    Array.from({ length: env.epochs }, (_, epoch) => ({
      name: `${taskName(instance)} #${instance.sample}${env.epochs > 1 ? ` epoch ${epoch}` : ''}`,
      instance,
      identity: {
        caseId: variantCaseId(instance.id, variant),
        instanceId: variantCaseId(instance.id, variant),
        topology: o.topology,
        category,
        task: instance.task,
        sample: instance.sample,
        epoch,
        ...suite,
      },
    })),
  )
}

/**
 * What sets an ArbiGraph suite's cases apart from those of another suite of its topology and
 * categories: its topology options that differ from the topology's defaults, and its seed. Not
 * what only chooses which cases run (samples, targets: a sample is drawn from its own stream of
 * the seed, target and index) nor how they are answered (harness, conditions), so runs of other
 * samples or another agent still pair case by case in `arbigraph compare`. Declared values, not
 * the run's overrides (ARBIGRAPH_SEED applies to every suite alike), so ids stay put.
 * @example arbigraphVariant(parseSuiteOptions({ topology: 'chain', options: { length: 2 }, category: 'math' }), registry) // { length: '2' }
 */
export function arbigraphVariant(o: ResolvedSuiteOptions, registry: Registry): SuiteVariant {
  return suiteVariant(
    { ...topologyOptions(o.topology, o.options, registry), ...suiteSettings(o) },
    {
      ...topologyOptions(o.topology, {}, registry),
      ...suiteSettings(parseSuiteOptions({ topology: o.topology, category: 'x' })),
    },
  )
}

/** The settings of a suite besides its topology's options that change its instances. */
const suiteSettings = (o: ResolvedSuiteOptions) => ({ seed: o.seed })

/**
 * A topology's options with its defaults filled in; as given when they do not parse (a required
 * option left out: generation says so), so every given option counts as set.
 * @example topologyOptions('chain', {}, registry) // { length: 4 }
 */
export function topologyOptions(name: string, options: Record<string, unknown>, registry: Registry) {
  const parsed = getTopology(registry, name).options.safeParse(options)
  return parsed.success ? (parsed.data as Record<string, unknown>) : options
}

/**
 * The describe block of a suite: `<topology>/<categories>`, tagged with the topology and categories.
 * @example suiteLabel(parseSuiteOptions({ topology: 'chain', category: 'math' })) // { name: 'chain/math', tags: ['chain', 'math'] }
 */
export function suiteLabel(o: Pick<ResolvedSuiteOptions, 'topology' | 'category' | 'categories'>): {
  name: string
  tags: string[]
} {
  const categories = o.categories ?? [o.category!]
  return { name: `${o.topology}/${categories.join('+')}`, tags: [o.topology, ...categories] }
}
