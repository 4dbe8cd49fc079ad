/**
 * A transcript from what an outside agent reports: its answers and, optionally, its turns, token
 * usage, status and wire protocol (the `arbigraph.http-agent/1` reply, or what a custom harness
 * knows). Unreported counts are zero, never guessed; the status, when not reported, follows from
 * the answers (`success` when every expected output has one). An agent that does not say which
 * turn supplied an answer gets its last turn, since that is where an agent's final answer is.
 */
import type { HttpAgentReply } from '../contracts/http-agent.ts'
import type { Transcript, TurnRecord } from '../contracts/transcript.ts'

/** What an agent may report about one case (the reply of the HTTP agent protocol, without `log`). */
export type TranscriptReport = Omit<HttpAgentReply, 'log'>

function turnRecords(report: TranscriptReport): TurnRecord[] {
  return (report.turns ?? []).map((turn, index, turns) => ({
    index,
    // A turn after executed tools answers their results; the agent's own prompts are unknown here.
    kind: index > 0 && (turns[index - 1]!.toolCalls?.length ?? 0) > 0 ? 'tool' : 'normal',
    finishReason: turn.finishReason ?? null,
    promptTokens: turn.promptTokens ?? 0,
    completionTokens: turn.completionTokens ?? 0,
    latencyMs: turn.latencyMs ?? 0,
    cached: turn.cached ?? false,
    toolCalls: turn.toolCalls ?? [],
    text: turn.text,
    reasoning: turn.reasoning ?? null,
  }))
}

/**
 * The transcript of a reported run over the case's `expected` outputs.
 * @example reportedTranscript({ answers: { task_1_out: '42' } }, ['task_1_out']).status // 'success'
 */
export function reportedTranscript(report: TranscriptReport, expected: readonly string[]): Transcript {
  const turns = turnRecords(report)
  const lastTurn = Math.max(turns.length - 1, 0)
  const answers: Transcript['answers'] = {}
  for (const [name, answer] of Object.entries(report.answers)) answers[name] = { answer, turn: lastTurn }
  const missing = expected.some((name) => report.answers[name] === undefined)
  const sum = (field: 'promptTokens' | 'completionTokens' | 'latencyMs') =>
    turns.reduce((total, turn) => total + turn[field], 0)
  return {
    status: report.status ?? (missing ? 'missing_requested_task_answers' : 'success'),
    protocol: report.protocol ?? 'chat',
    expected: [...expected],
    turns,
    answers,
    counters: {
      toolCalls: turns.reduce((total, turn) => total + turn.toolCalls.length, 0),
      toolRepairs: 0,
      finalAnswerRepairs: 0,
      cutoffRepairs: 0,
    },
    totals: {
      turns: turns.length,
      promptTokens: report.usage?.promptTokens ?? sum('promptTokens'),
      completionTokens: report.usage?.completionTokens ?? sum('completionTokens'),
      latencyMs: sum('latencyMs'),
    },
    calculatorRequirementFailed: false,
  }
}
