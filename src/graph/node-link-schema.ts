/**
 * The on-disk task-graph format: NetworkX node-link JSON, as the reference's custom-DAG
 * generator reads it, plus our standard form. Both are one schema:
 * - reference keys: `kind: task|adapter`, `op: pick|pack`, `index`, `family`, `task_id` (the
 *   category's canonical template index), `input_kind`, `output_kind`, `graph.target_node`, and
 *   edge endpoint `destination`;
 * - our keys: `template` (a template id), `graph.targets` (several targets), `target: true` on a
 *   node, and edge endpoint `target` (NetworkX's default).
 * Edges may sit under `edges` (NetworkX ≥ 3.4) or `links` (older). Unknown keys are rejected, so
 * a typo is reported instead of silently ignored (reference spec §11 V2); `label` and `name` are
 * the display names NetworkX files often carry.
 *
 * Reference: spec §7.5 (accepted JSON).
 */
import { z } from 'zod'

const nodeId = z.union([z.string().min(1), z.int()], { error: 'must be a non-empty string or an integer' })
const kind = z.enum(['scalar', 'list'], { error: 'must be "scalar" or "list"' })

export const nodeLinkNodeSchema = z.strictObject({
  id: nodeId,
  kind: z.enum(['task', 'adapter'], { error: 'must be "task" or "adapter"' }).optional(),
  op: z.enum(['pick', 'pack'], { error: 'must be "pick" or "pack"' }).optional(),
  index: z.int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).optional(),
  family: z.string().min(1).optional(),
  task_id: z.int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).optional(),
  template: z.string().min(1).optional(),
  input_kind: kind.optional(),
  output_kind: kind.optional(),
  target: z.boolean().optional(),
  label: z.string().optional(),
  name: z.string().optional(),
})

export const nodeLinkEdgeSchema = z.strictObject({
  source: nodeId,
  target: nodeId.optional(),
  destination: nodeId.optional(),
  slot: z.int({ error: 'must be an integer' }).min(0, { error: 'must be ≥ 0' }).optional(),
  label: z.string().optional(),
})

export const nodeLinkGraphSchema = z.strictObject({
  directed: z.literal(true, { error: 'must be true: task graphs are directed' }).optional(),
  multigraph: z.literal(false, { error: 'must be false: two nodes share at most one edge' }).optional(),
  graph: z
    .strictObject({
      target_node: nodeId.optional(),
      targets: z.array(nodeId).optional(),
      name: z.string().optional(),
    })
    .optional(),
  nodes: z.array(nodeLinkNodeSchema),
  edges: z.array(nodeLinkEdgeSchema).optional(),
  links: z.array(nodeLinkEdgeSchema).optional(),
})

export type NodeLinkNode = z.infer<typeof nodeLinkNodeSchema>
export type NodeLinkEdge = z.infer<typeof nodeLinkEdgeSchema>
export type NodeLinkGraph = z.infer<typeof nodeLinkGraphSchema>

/** Keys a node may carry, for "unknown key" messages. */
export const NODE_KEYS = Object.keys(nodeLinkNodeSchema.shape)
/** Keys an edge may carry. */
export const EDGE_KEYS = Object.keys(nodeLinkEdgeSchema.shape)
