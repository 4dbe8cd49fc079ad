/**
 * One doctor probe on the wire: sent the way the harness sends a turn (streamed, through the
 * agent's `sendTurn`, so a verdict about the server's parsers is the verdict a turn would get:
 * vLLM's newest parser engine treats a streamed request without `tools` differently from a
 * non-streamed one), and retried on a transient fault by the request pool's rules
 * (`src/pool/retry.ts`): a retryable status (408, 409, 429, 5xx) waits what the server asked for
 * or the jittered backoff, and so do no answer at all and a 2xx that was not a whole completion
 * (a torn body, an error event inside the stream, a stream cut before `[DONE]`). Any other
 * status is the server's answer and comes back at once. The doctor checks the server itself,
 * not through the request pool, so it applies the pool's policy here.
 * Reference: vllm-field-facts.md §4, §7.
 */
import type { SentTurn, TurnFault } from '../agent/protocols/send-turn.ts'
import { sendTurn, TurnError, turnEndpoint } from '../agent/protocols/send-turn.ts'
import type { RetryPolicy } from '../pool/retry.ts'
import { DEFAULT_RETRY_POLICY, isRetryableStatus, retryDelay } from '../pool/retry.ts'

export interface ProbeTarget {
  baseUrl: string
  model: string
  apiKey: string | undefined
  /** For an answer to start, and then between chunks, ms. */
  timeoutMs: number
  /** @default DEFAULT_RETRY_POLICY (the request pool's) */
  retry?: RetryPolicy
}

/** What a probe got: the turn (a completion or a context overflow), or why not. */
export type ProbeAnswer =
  | { ok: true; sent: SentTurn }
  | {
      ok: false
      /** What happened, in the server's words, with the attempts it took (`HTTP 503 …; 4 attempts`). */
      what: string
      /** Every attempt met a fault worth retrying: the server is down, overloaded or flaky. */
      transient: boolean
    }

const isTransient = (fault: TurnFault): boolean => fault.kind !== 'status' || isRetryableStatus(fault.status)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends one chat request body as a probe; never throws for what the server does.
 * @example const answer = await sendProbe(target, { model, messages, max_completion_tokens: 64 })
 */
export async function sendProbe(target: ProbeTarget, body: Record<string, unknown>): Promise<ProbeAnswer> {
  const policy = target.retry ?? DEFAULT_RETRY_POLICY
  const endpoint = turnEndpoint({
    baseURL: target.baseUrl,
    ...(target.apiKey === undefined ? {} : { apiKey: target.apiKey }),
  })
  const timeouts = { requestTimeoutMs: target.timeoutMs, idleTimeoutMs: target.timeoutMs }
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, sent: await sendTurn(endpoint, body, timeouts) }
    } catch (error) {
      if (!(error instanceof TurnError)) throw error
      const transient = isTransient(error.fault)
      const attempts = attempt === 1 ? '' : ` (${attempt} attempts)`
      if (!transient || attempt >= policy.maxAttempts)
        return { ok: false, what: `${error.what}${attempts}`, transient }
      const asked = error.fault.kind === 'status' ? error.fault.retryAfterMs : undefined
      await sleep(retryDelay(attempt - 1, policy, Math.random, asked))
    }
  }
}
