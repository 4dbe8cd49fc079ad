/**
 * A frozen dataset as an ArbiGraph suite: `defineSuite({ dataset: 'data/chain-math.jsonl' })`
 * evaluates the file's instances as they are, in file order, instead of generating them. The
 * suite is named and tagged like a generated one (`<topology>/<categories>`, read from the file
 * at definition time), its tests too (`<Task> #<sample>`, so `-t` selects a task), and its cells
 * are the instances' topology and category, so reports, gates and the dashboard read it like any
 * other suite. The file is read and checked at collection time (src/io/frozen-dataset.ts: a
 * changed file is refused naming the first changed instance), and every case carries the
 * dataset's content hash and the instance's position (`dataset` in its record), which is what
 * `compare` pairs two runs' trials on. The suite's variant is the hash's first 12 digits, so its
 * case ids (`… (dataset=3fa2b1c4d5e6)`) never merge with a generated suite's of the same cell.
 * ARBIGRAPH_EPOCHS repeats every instance; ARBIGRAPH_SAMPLES and ARBIGRAPH_SEED do not apply (the
 * file is what runs).
 */
import { isAbsolute, resolve } from 'node:path'
import type { HarnessProfileInput } from '../agent/profile.ts'
import { arbigraphBenchmark, arbigraphCases, suiteCaseSettings } from '../arbigraph-benchmark.ts'
import type { AnyBenchmark } from '../contracts/benchmark.ts'
import type { Harness } from '../contracts/harness.ts'
import type { Instance } from '../contracts/instance.ts'
import type { HarnessName } from '../contracts/names.ts'
import { ArbigraphError } from '../errors.ts'
import { threadRegistry } from '../generate/generate-chunk.ts'
import { datasetLabel } from '../io/dataset-label.ts'
import { getTemplate, type Registry } from '../registry.ts'
import type { ResolvedSuiteOptions, SuiteCase, SuiteOptions } from './arbigraph-suite.ts'
import { declareBenchmarkSuite } from './declare-benchmark-suite.ts'
import { runRoot } from './run-root.ts'
import { readSuiteEnv, type SuiteEnv } from './suite-env.ts'
import { variantCaseId } from './suite-variant.ts'

/** A frozen dataset suite's options: the file, and how its cases are answered. */
export interface DatasetSuiteOptions {
  /** Our dataset JSONL or a reference file (`*.json`), relative to the run's root. */
  dataset: string
  /** As for a generated suite: a harness value, a registered harness name, or tool-agent profile fields. @default the tool agent */
  harness?: Harness | HarnessName | HarnessProfileInput
  /** As for a generated suite. @default ['in-graph'] */
  conditions?: SuiteOptions['conditions']
}

const ALLOWED = new Set(['dataset', 'harness', 'conditions'])

/**
 * Whether suite options name a frozen dataset.
 * @example isDatasetSuite({ dataset: 'd.jsonl' }) // true
 */
export const isDatasetSuite = (options: unknown): options is DatasetSuiteOptions =>
  typeof options === 'object' && options !== null && 'dataset' in options

/** The test name of an instance: the reference's task name where there is one, as generated suites do. */
function taskName(registry: Registry, instance: Instance): string {
  try {
    return getTemplate(registry, instance.family, instance.task).referenceName ?? instance.task
  } catch {
    return instance.task // a template of a plugin this run has not registered: its id still names it
  }
}

/**
 * The cases of a dataset file, one per instance and epoch, in file order.
 * @example (await datasetCases('/p/d.jsonl', '/p'))[0].identity.dataset // { sha256: '3fa2…', index: 0, file: 'd.jsonl' }
 */
export async function datasetCases(
  path: string,
  root: string,
  env: SuiteEnv = readSuiteEnv(),
): Promise<SuiteCase[]> {
  const registry = await threadRegistry(root)
  const { loadFrozenDataset } = await import('../io/frozen-dataset.ts')
  const data = await loadFrozenDataset(path, registry)
  const variant = { dataset: data.sha256.slice(0, 12) }
  const seen = new Map<string, number>()
  return data.instances.flatMap((instance, index) => {
    const first = seen.get(instance.id)
    if (first !== undefined)
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_DATASET',
        `${path}: instances ${first} and ${index} share the id "${instance.id}"; ids must be unique within a dataset`,
      )
    seen.set(instance.id, index)
    const id = variantCaseId(instance.id, variant)
    return Array.from({ length: env.epochs }, (_, epoch) => ({
      name: `${taskName(registry, instance)} #${instance.sample}${env.epochs > 1 ? ` epoch ${epoch}` : ''}`,
      instance,
      identity: {
        caseId: id,
        instanceId: id,
        topology: instance.topology.name,
        category: instance.categories.join('+'),
        task: instance.task,
        sample: instance.sample,
        epoch,
        suite: variant,
        dataset: { sha256: data.sha256, index, file: data.file },
      },
    }))
  })
}

/**
 * Declares a frozen dataset suite (what `defineSuite({ dataset })` does).
 * @example declareDatasetSuite({ dataset: 'data/chain-math.jsonl' })
 */
export function declareDatasetSuite(options: DatasetSuiteOptions, who = 'defineSuite'): void {
  for (const key of Object.keys(options)) {
    if (!ALLOWED.has(key))
      throw new ArbigraphError(
        'ARBIGRAPH_BAD_CONFIG',
        `${who}: "${key}" does not go with "dataset" (a frozen dataset is evaluated as it is; only "harness" and "conditions" may be given)`,
      )
  }
  if (typeof options.dataset !== 'string' || options.dataset === '')
    throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `${who}: dataset: expected the path of a dataset file`)
  const root = runRoot()
  const path = isAbsolute(options.dataset) ? options.dataset : resolve(root, options.dataset)
  const label = datasetLabel(path)
  const suiteOptions: SuiteOptions = {
    topology: label.topology,
    categories: label.categories,
    ...(options.harness !== undefined ? { harness: options.harness as SuiteOptions['harness'] } : {}),
    ...(options.conditions !== undefined ? { conditions: options.conditions } : {}),
  }
  declareBenchmarkSuite(
    arbigraphBenchmark as AnyBenchmark,
    suiteOptions,
    {},
    undefined,
    who,
    async (_b, o, run) => {
      const resolved = o as ResolvedSuiteOptions
      const settings = await suiteCaseSettings(resolved.topology, resolved.conditions, run.root)
      return arbigraphCases(await datasetCases(path, run.root), settings)
    },
  )
}
