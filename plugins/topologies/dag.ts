/**
 * Custom DAG: the user's own graph, given as node-link JSON (reference or standard form). The
 * option holds the parsed JSON, not a path, so a run's recorded options re-create it anywhere;
 * `readNodeLinkFile` loads a file with messages that name it. Templates may repeat across nodes,
 * as in the reference's custom generator.
 *
 * Reference: spec §7.5.
 */
import { z } from 'zod'
import { topology } from '../../src/contracts/topology.ts'
import { importNodeLink } from '../../src/graph/import-node-link.ts'

const SOURCE = 'the "graph" option of topology "dag"'

/**
 * @example dag.build({ graph: readNodeLinkFile('examples/graphs/pick-pack.json').json }, rng)
 */
export const dag = topology({
  name: 'dag',
  summary: 'A custom task graph read from node-link JSON (picks and packs allowed).',
  options: z
    .strictObject({
      graph: z.custom<object>(
        (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
        {
          error: 'give the node-link JSON object of the graph (readNodeLinkFile loads one from a file)',
        },
      ),
    })
    .superRefine(({ graph }, ctx) => {
      // Reject a bad graph when the options are read, not when the first sample is built.
      try {
        importNodeLink(graph, { source: SOURCE })
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['graph'], message: (error as Error).message })
      }
    }),
  defaults: { repeatTemplates: true, filter: 'shared', layout: 'dependent' },
  // Never run by the reference; a custom graph branches like multichain, so it gets that budget.
  harness: { maxTurns: 2000, repairs: { toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 } },
  shape: 'fixed',
  build: ({ graph }) => importNodeLink(graph, { source: SOURCE }),
})
