/**
 * The tool-agent harness profile: every knob of the agent loop in one zod schema with the
 * reference's release defaults (greedy sampling, 16384 tokens per normal turn and 32768 per
 * repair turn, a required first calculator call, repair budgets and a turn cap chosen by
 * topology). Each topology declares its budget (`topology({ …, harness: { maxTurns, repairs } })`);
 * `profileFor(topology)` gives a topology's profile, overrides on top. A topology that declares
 * none gets `DEFAULT_TOPOLOGY_BUDGET`, the chain budget.
 * Reference: docs/research/arbigraph-reference-harness.md §1.2, §1.10.
 */
import { z } from 'zod'
import { checkTopologyHarness, type Topology, type TopologyBudget } from '../contracts/topology.ts'
import { ArbigraphError } from '../errors.ts'

/** Repair budgets: each counter only grows, and a repair is sent only while budget remains. */
export const repairBudgetSchema = z.object({
  /** Repairs that ask for the first calculator call. @default 5 */
  toolRepair: z.number().int().min(0).default(5),
  /** Repairs that ask for missing `\boxed{task_N_out = …}` answers. @default 3 */
  finalAnswerRepair: z.number().int().min(0).default(3),
  /** Repairs of turns cut off by the token limit. @default 3 */
  cutoffRepair: z.number().int().min(0).default(3),
})

export const harnessProfileSchema = z.object({
  /**
   * `chat`: native tools, structured `tool_calls`, reasoning in its own field. `text`: the
   * reference's way, tool calls parsed from the generated text (reasoning included).
   * @default 'chat'
   */
  protocol: z.enum(['chat', 'text']).default('chat'),
  /** Completion budget of a normal or tool turn. @default 16384 */
  maxTokens: z.number().int().positive().default(16384),
  /** Completion budget of the turn right after a repair prompt. @default 32768 */
  repairMaxTokens: z.number().int().positive().default(32768),
  /** Generated turns per sample before the sample ends as `timeout`. @default 200 */
  maxTurns: z.number().int().positive().default(200),
  /** The model must call the calculator before it may finish. @default true */
  requireInitialCalculatorCall: z.boolean().default(true),
  repairBudget: repairBudgetSchema.prefault({}),
  /** @default 0 */
  temperature: z.number().min(0).default(0),
  /** Has no effect at temperature 0; kept to match the reference request. @default 0.95 */
  topP: z.number().gt(0).max(1).default(0.95),
  /**
   * Sent as `chat_template_kwargs.enable_thinking`; omitted, the chat template's default applies
   * (thinking on for Qwen3.5, which is what the reference ran). @default undefined
   */
  thinking: z.boolean().optional(),
  /** Replaces the built-in system prompt (e.g. the reference's, read from a results file). */
  systemPrompt: z.string().optional(),
  /** Time allowed for a turn's answer to start (its first bytes), ms. @default 600000 */
  requestTimeoutMs: z.number().int().positive().default(600_000),
  /** Silence allowed between two chunks of a streamed turn, ms (no cap on the whole turn). @default 120000 */
  idleTimeoutMs: z.number().int().positive().default(120_000),
})

export type HarnessProfileInput = z.input<typeof harnessProfileSchema>
export type HarnessProfile = z.output<typeof harnessProfileSchema>

/**
 * The budget of a topology that declares none: the reference's chain budget, the middle of its
 * three release settings (baseline 200 turns and 5/3/3 repairs, chain 1200 and 5/12/12,
 * multichain 2000 and 5/24/24).
 */
export const DEFAULT_TOPOLOGY_BUDGET: TopologyBudget = {
  maxTurns: 1200,
  repairBudget: { toolRepair: 5, finalAnswerRepair: 12, cutoffRepair: 12 },
}

/**
 * A topology's declared budget (its `harness` field) over the default; a bad declaration is an
 * `ARBIGRAPH_BAD_CONFIG` naming the topology.
 * @example topologyBudget(multichain).repairBudget // { toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 }
 */
export function topologyBudget(topology: Pick<Topology, 'name' | 'harness'>): TopologyBudget {
  const declared = checkTopologyHarness(topology.name, topology.harness)
  return {
    maxTurns: declared.maxTurns ?? DEFAULT_TOPOLOGY_BUDGET.maxTurns,
    repairBudget: { ...DEFAULT_TOPOLOGY_BUDGET.repairBudget, ...definedFields(declared.repairs ?? {}) },
  }
}

/** Drops `undefined` fields, so an explicit `undefined` never hides a default. */
const definedFields = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>

/**
 * Validates a profile and fills in defaults; a bad field is an `ARBIGRAPH_BAD_CONFIG` naming it.
 * @example resolveProfile({ protocol: 'text' }).maxTokens // 16384
 */
export function resolveProfile(input: HarnessProfileInput = {}): HarnessProfile {
  const parsed = harnessProfileSchema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const path = issue.path.map(String).join('.') || 'profile'
  throw new ArbigraphError('ARBIGRAPH_BAD_CONFIG', `harness profile: ${path}: ${issue.message}`)
}

/**
 * A profile on top of a budget: `overrides` win field by field (repair budgets per kind).
 * @example profileOver(topologyBudget(chain), { protocol: 'text' }).maxTurns // 1200
 */
export function profileOver(budget: TopologyBudget, overrides: HarnessProfileInput = {}): HarnessProfile {
  return resolveProfile({
    ...overrides,
    maxTurns: overrides.maxTurns ?? budget.maxTurns,
    repairBudget: { ...budget.repairBudget, ...definedFields(overrides.repairBudget ?? {}) },
  })
}

/**
 * The profile of a topology: its turn cap and repair budgets, then `overrides` on top.
 * @example profileFor(multichain).repairBudget // { toolRepair: 5, finalAnswerRepair: 24, cutoffRepair: 24 }
 * @example profileFor(baseline, { protocol: 'text' }).maxTurns // 200
 */
export function profileFor(
  topology: Pick<Topology, 'name' | 'harness'>,
  overrides: HarnessProfileInput = {},
): HarnessProfile {
  return profileOver(topologyBudget(topology), overrides)
}
