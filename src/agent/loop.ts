/**
 * The tool-agent loop: one sample, turn by turn, until a turn without tool calls ends it. After
 * every generated turn the answers are collected (latest box wins), then exactly one of four
 * rules decides, in the reference's order: (A) a cut-off turn with no parsed call, budget left,
 * and an output missing or tool syntax in the text gets a cutoff repair; (B) while the first
 * calculator call is still owed, a turn without one gets a tool repair, and when that budget is
 * gone the requirement is dropped together with this turn's calls; (C) a turn without calls ends
 * the sample when nothing is missing, else gets an answers repair while that budget lasts, else
 * ends it; (D) otherwise every call runs and its result goes back. A turn after a repair prompt
 * gets the repair token budget. The three budgets are separate: a run of cut-off turns longer
 * than the cutoff budget goes on with answers repairs (rule C). A turn is cut off, as in the
 * reference, when its output reached the turn's max_tokens: the protocol reports that as
 * `finish_reason: length` (the chat protocol also for a `tool_calls` finish that used the whole
 * budget, vLLM's legacy parser on a cut-off call).
 * Reference: docs/research/arbigraph-reference-harness.md §1.7, §1.8, §2.4, §1.13.
 */
import type OpenAI from 'openai'
import type { AgentStatus, RepairPrompt, Transcript, TurnKind, TurnRecord } from '../contracts/transcript.ts'
import { ArbigraphError } from '../errors.ts'
import { collectAnswerTurns, expectedOutputs } from './answers.ts'
import { runCalculatorCall } from './calculator/index.ts'
import { checkTurnFits, notSentMessage } from './context-check.ts'
import type { HarnessProfile, HarnessProfileInput } from './profile.ts'
import { resolveProfile } from './profile.ts'
import { chatProtocol } from './protocols/chat.ts'
import type { EndpointOptions, SentTurn, TurnEndpoint } from './protocols/send-turn.ts'
import { sendTurn, turnEndpoint } from './protocols/send-turn.ts'
import { textProtocol } from './protocols/text.ts'
import type { PendingCall, TurnProtocol, TurnReply, WireMessage } from './protocols/turn-protocol.ts'
import { repairPromptText } from './repair-prompts.ts'
import { looksLikeToolCall } from './tool-calls.ts'

export interface ToolAgentOptions extends Partial<EndpointOptions> {
  /** The task prompt (the first user message). */
  prompt: string
  /** Model id sent in every request. */
  model: string
  /** Outputs to wait for; @default the `task_N_out` names in the prompt, else `['final_answer']` */
  expected?: readonly string[]
  /** A profile (see `profileFor`) or profile fields; @default the baseline defaults */
  profile?: HarnessProfileInput
  /** An OpenAI client to send through instead (a proxy, Azure, custom headers); @default direct HTTP to `baseURL` (the SDK for `https:`) */
  client?: OpenAI
  /** Fields added to every request body, e.g. an epoch's sampling `seed`. */
  requestFields?: Readonly<Record<string, unknown>>
  signal?: AbortSignal
}

/** The counters of rules A–C; they only grow. */
export interface LoopState {
  calcSeen: boolean
  calcRequirementFailed: boolean
  cutoffRepairs: number
  toolRepairs: number
  finalAnswerRepairs: number
}

/** What rules A–C look at in one turn. */
export interface TurnFacts {
  calls: readonly PendingCall[]
  cutoff: boolean
  missing: readonly string[]
  looksLikeToolCall: boolean
  hasBox: boolean
}

export type RepairKind = 'cutoff' | 'tool' | 'final'

export type TurnDecision =
  | { action: 'repair'; kind: RepairKind; prompt: RepairPrompt; giveUpCalculator: boolean }
  | { action: 'finish'; missingAnswers: boolean; giveUpCalculator: boolean }
  | { action: 'tools'; calls: readonly PendingCall[] }

/**
 * Rules A–D of the reference loop for one turn, as a pure function of the counters and the turn.
 * `giveUpCalculator` means the tool-repair budget ran out on this turn: the caller drops the
 * requirement and marks the sample (the turn's calls were already dropped here).
 * @example decideTurn(state, { calls: [], cutoff: false, missing: [], looksLikeToolCall: false, hasBox: true }, profile)
 */
export function decideTurn(state: LoopState, facts: TurnFacts, profile: HarnessProfile): TurnDecision {
  const budget = profile.repairBudget
  let calls = facts.calls
  const missingOrSyntax = facts.missing.length > 0 || facts.looksLikeToolCall
  if (facts.cutoff && calls.length === 0 && state.cutoffRepairs < budget.cutoffRepair && missingOrSyntax) {
    const prompt: RepairPrompt = facts.looksLikeToolCall
      ? 'tool-malformed'
      : facts.hasBox
        ? 'final-answer'
        : 'cutoff-continue'
    return { action: 'repair', kind: 'cutoff', prompt, giveUpCalculator: false }
  }
  let giveUpCalculator = false
  if (!state.calcSeen && !calls.some((call) => call.name === 'calculator')) {
    if (state.toolRepairs < budget.toolRepair) {
      const malformed = calls.length > 0 || facts.looksLikeToolCall
      return {
        action: 'repair',
        kind: 'tool',
        prompt: malformed ? 'tool-malformed' : 'tool-missing',
        giveUpCalculator,
      }
    }
    giveUpCalculator = true
    calls = []
  }
  if (calls.length === 0) {
    if (facts.missing.length === 0) return { action: 'finish', missingAnswers: false, giveUpCalculator }
    if (state.finalAnswerRepairs < budget.finalAnswerRepair)
      return { action: 'repair', kind: 'final', prompt: 'final-answer', giveUpCalculator }
    return { action: 'finish', missingAnswers: true, giveUpCalculator }
  }
  return { action: 'tools', calls }
}

/**
 * The status of a sample that ended on a turn without tool calls.
 * @example finishStatus(false, true) // 'missing_requested_task_answers'
 */
export function finishStatus(calcRequirementFailed: boolean, missingAnswers: boolean): AgentStatus {
  if (calcRequirementFailed && missingAnswers)
    return 'missing_initial_calculator_call_and_missing_requested_task_answers'
  if (calcRequirementFailed) return 'missing_initial_calculator_call'
  return missingAnswers ? 'missing_requested_task_answers' : 'success'
}

interface Run {
  profile: HarnessProfile
  protocol: TurnProtocol
  expected: string[]
  messages: WireMessage[]
  state: LoopState
  turns: TurnRecord[]
  answers: Transcript['answers']
  toolCalls: number
}

const PROTOCOLS: Record<HarnessProfile['protocol'], TurnProtocol> = { chat: chatProtocol, text: textProtocol }
const REPAIR_COUNTER = { cutoff: 'cutoffRepairs', tool: 'toolRepairs', final: 'finalAnswerRepairs' } as const

function startRun(options: ToolAgentOptions): Run {
  const profile = resolveProfile(options.profile)
  const protocol = PROTOCOLS[profile.protocol]
  const named = (options.expected ?? expectedOutputs(options.prompt)).map((name) => name.toLowerCase())
  return {
    profile,
    protocol,
    expected: named.length > 0 ? [...named] : ['final_answer'],
    messages: protocol.openingMessages(profile, options.prompt),
    state: {
      calcSeen: !profile.requireInitialCalculatorCall,
      calcRequirementFailed: false,
      cutoffRepairs: 0,
      toolRepairs: 0,
      finalAnswerRepairs: 0,
    },
    turns: [],
    answers: {},
    toolCalls: 0,
  }
}

function recordTurn(
  run: Run,
  kind: TurnKind,
  reply: TurnReply,
  sent: SentTurn & { overflow: false },
): TurnRecord {
  const turn: TurnRecord = {
    index: run.turns.length,
    kind,
    finishReason: reply.finishReason,
    promptTokens: reply.promptTokens,
    completionTokens: reply.completionTokens,
    latencyMs: sent.latencyMs,
    cached: sent.cached,
    ...(sent.replay ? { replay: sent.replay } : {}),
    toolCalls: [],
    text: reply.text,
    reasoning: reply.reasoning,
    ...(reply.reasoningTokens === null ? {} : { reasoningTokens: reply.reasoningTokens }),
  }
  run.turns.push(turn)
  for (const [name, answer] of collectAnswerTurns([reply.scanText], run.expected))
    run.answers[name] = { answer: answer.answer, turn: turn.index }
  return turn
}

/**
 * The result text of one call: the calculator's, `Unknown tool: <name>` for any other name, or
 * `Failed to parse arguments: <why>` when the arguments have no usable shape (reference §1.4).
 * @example runToolCall('calculator', '{"expressions": ["1+2"]}') // '{"results": ["3"]}'
 */
export function runToolCall(name: string, rawArguments: unknown): string {
  return name === 'calculator' ? runCalculatorCall(rawArguments) : `Unknown tool: ${name}`
}

function runCalls(run: Run, turn: TurnRecord, reply: TurnReply, calls: readonly PendingCall[]): void {
  run.messages.push(run.protocol.assistantMessage(reply, true))
  for (const call of calls) {
    const result = runToolCall(call.name, call.arguments)
    run.toolCalls++
    run.messages.push(run.protocol.toolMessage(call, result))
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
    turn.toolCalls.push({ name: call.name, arguments: args ?? '', result })
  }
  if (calls.some((call) => call.name === 'calculator')) run.state.calcSeen = true
}

function transcriptOf(
  run: Run,
  status: AgentStatus,
  error?: string,
  overflow?: Transcript['overflow'],
): Transcript {
  const totals = { turns: run.turns.length, promptTokens: 0, completionTokens: 0, latencyMs: 0 }
  for (const turn of run.turns) {
    totals.promptTokens += turn.promptTokens
    totals.completionTokens += turn.completionTokens
    totals.latencyMs += turn.latencyMs
  }
  const { state } = run
  return {
    status,
    protocol: run.protocol.name,
    expected: run.expected,
    turns: run.turns,
    answers: run.answers,
    counters: {
      toolCalls: run.toolCalls,
      toolRepairs: state.toolRepairs,
      finalAnswerRepairs: state.finalAnswerRepairs,
      cutoffRepairs: state.cutoffRepairs,
    },
    totals,
    calculatorRequirementFailed: state.calcRequirementFailed,
    ...(error === undefined ? {} : { error }),
    ...(overflow === undefined ? {} : { overflow }),
  }
}

function factsOf(run: Run, reply: TurnReply): TurnFacts {
  return {
    calls: reply.calls,
    cutoff: reply.finishReason === 'length',
    missing: run.expected.filter((name) => run.answers[name] === undefined),
    looksLikeToolCall: reply.malformedCalls || looksLikeToolCall(reply.scanText),
    hasBox: reply.scanText.includes('\\boxed'),
  }
}

function endpointOf(options: ToolAgentOptions): TurnEndpoint {
  if (options.client) return { kind: 'client', client: options.client }
  if (options.baseURL) return turnEndpoint({ baseURL: options.baseURL, apiKey: options.apiKey })
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    'agent: no endpoint: pass "baseURL" (the request pool, a vLLM server or the simulator, ending in /v1) or "client"',
  )
}

/**
 * Runs one sample through the tool-agent loop. Resolves with the transcript for every model
 * outcome (context overflow included); rejects with `ARBIGRAPH_ENDPOINT` on infrastructure errors.
 * @example
 * const transcript = await runToolAgent({ baseURL: sim.url, model: sim.model, prompt, profile: profileFor('chain') })
 * transcript.status // 'success'
 */
export async function runToolAgent(options: ToolAgentOptions): Promise<Transcript> {
  const run = startRun(options)
  const { profile, protocol } = run
  const endpoint = endpointOf(options)
  let kind: TurnKind = 'normal'
  while (run.turns.length < profile.maxTurns) {
    const maxTokens = kind === 'normal' || kind === 'tool' ? profile.maxTokens : profile.repairMaxTokens
    const body = protocol.requestBody(profile, options.model, run.messages, maxTokens)
    if (options.requestFields) Object.assign(body, options.requestFields)
    if (endpoint.kind === 'http') {
      const fit = await checkTurnFits(
        {
          baseURL: endpoint.baseURL,
          apiKey: endpoint.apiKey,
          timeoutMs: profile.requestTimeoutMs,
          signal: options.signal,
        },
        body,
        maxTokens,
      )
      if (!fit.fits) {
        const { decidedBy, promptTokens, maxModelLen } = fit
        return transcriptOf(run, 'context_length_exceeded', notSentMessage(fit), {
          decidedBy,
          promptTokens,
          maxTokens,
          maxModelLen,
        })
      }
    }
    const timeouts = { requestTimeoutMs: profile.requestTimeoutMs, idleTimeoutMs: profile.idleTimeoutMs }
    const sent = await sendTurn(endpoint, body, timeouts, options.signal)
    if (sent.overflow)
      return transcriptOf(run, 'context_length_exceeded', sent.message, { decidedBy: 'server', maxTokens })
    const reply = protocol.readReply(sent.completion, maxTokens)
    const turn = recordTurn(run, kind, reply, sent)
    const facts = factsOf(run, reply)
    const decision = decideTurn(run.state, facts, profile)
    if (decision.action === 'tools') {
      runCalls(run, turn, reply, decision.calls)
      kind = 'tool'
      continue
    }
    if (decision.giveUpCalculator) {
      run.state.calcRequirementFailed = true
      run.state.calcSeen = true
    }
    if (decision.action === 'finish')
      return transcriptOf(run, finishStatus(run.state.calcRequirementFailed, decision.missingAnswers))
    run.messages.push(protocol.assistantMessage(reply, false), {
      role: 'user',
      content: repairPromptText(decision.prompt, facts.missing),
    })
    run.state[REPAIR_COUNTER[decision.kind]]++
    turn.repairPrompt = decision.prompt
    kind = `repair:${decision.kind}`
  }
  return transcriptOf(run, 'timeout')
}
