/**
 * The check before a turn is sent: does its prompt plus `max_tokens` fit the model's context
 * window? Like the reference harness, a turn that cannot fit is recorded as
 * `context_length_exceeded` without being sent, but only on an exact count: the server's own
 * `POST /tokenize` (same messages, tools and template switches as the turn). When the server
 * does not say its `max_model_len`, has no `/tokenize`, or the count fails, nothing is guessed:
 * the turn is sent and the server's 400 decides. A turn far inside the window (every byte of its
 * messages and tools counted as a token, plus room for the chat template, still fits) is sent
 * without counting, since byte-level BPE tokenizers never make more tokens than bytes; if that
 * bound were ever wrong the server would still refuse the turn and the 400 would classify it.
 * Reference: docs/research/vllm-field-facts.md §1; arbigraph-reference-harness.md (pre-send check).
 */
import type { ServerAddress } from '../endpoint/server-info.ts'
import { listModels, tokenizeChat } from '../endpoint/server-info.ts'

/** Tokens allowed for what the chat template adds around the messages (roles, tool preamble). */
const TEMPLATE_ALLOWANCE = 4096

/** How a turn's fit was decided. */
export type FitDecision =
  | { fits: true; decidedBy: 'bound' | 'tokenize' | 'unknown' }
  | { fits: false; decidedBy: 'tokenize'; promptTokens: number; maxTokens: number; maxModelLen: number }

interface ServerFacts {
  maxModelLen: number | null
  tokenize: boolean
}

const servers = new Map<string, Promise<ServerFacts>>()

async function factsOf(address: ServerAddress, model: string): Promise<ServerFacts> {
  try {
    const card = (await listModels(address)).find((entry) => entry.id === model)
    return { maxModelLen: card?.maxModelLen ?? null, tokenize: true }
  } catch {
    // A server that cannot list its models gets no pre-check; the turn itself will show the problem.
    return { maxModelLen: null, tokenize: false }
  }
}

function serverFacts(address: ServerAddress, model: string): Promise<ServerFacts> {
  const key = `${address.baseURL}\n${model}`
  let facts = servers.get(key)
  if (!facts) {
    facts = factsOf(address, model)
    servers.set(key, facts)
  }
  return facts
}

/**
 * Decides whether the chat request `body` fits before it is sent.
 * @example await checkTurnFits({ baseURL: pool.url }, body, 16384) // { fits: true, decidedBy: 'bound' }
 */
export async function checkTurnFits(
  address: ServerAddress,
  body: Record<string, unknown>,
  maxTokens: number,
): Promise<FitDecision> {
  const model = String(body.model)
  const facts = await serverFacts(address, model)
  if (facts.maxModelLen === null) return { fits: true, decidedBy: 'unknown' }
  const messages = (body.messages ?? []) as unknown[]
  const tools = body.tools as unknown[] | undefined
  const bytes =
    Buffer.byteLength(JSON.stringify(messages), 'utf8') +
    (tools ? Buffer.byteLength(JSON.stringify(tools)) : 0)
  if (bytes + TEMPLATE_ALLOWANCE + maxTokens <= facts.maxModelLen) return { fits: true, decidedBy: 'bound' }
  if (!facts.tokenize) return { fits: true, decidedBy: 'unknown' }
  let counted: Awaited<ReturnType<typeof tokenizeChat>>
  try {
    counted = await tokenizeChat(address, {
      model,
      messages,
      ...(tools ? { tools } : {}),
      ...(body.chat_template_kwargs
        ? { chat_template_kwargs: body.chat_template_kwargs as Record<string, unknown> }
        : {}),
    })
  } catch (error) {
    if (address.signal?.aborted) throw error
    return { fits: true, decidedBy: 'unknown' }
  }
  if (counted === null) {
    facts.tokenize = false
    return { fits: true, decidedBy: 'unknown' }
  }
  if (counted.count + maxTokens <= counted.maxModelLen) return { fits: true, decidedBy: 'tokenize' }
  return {
    fits: false,
    decidedBy: 'tokenize',
    promptTokens: counted.count,
    maxTokens,
    maxModelLen: counted.maxModelLen,
  }
}

/**
 * The record's message for a turn that was not sent because it cannot fit.
 * @example notSentMessage({ fits: false, decidedBy: 'tokenize', promptTokens: 9000, maxTokens: 16384, maxModelLen: 8192 })
 */
export function notSentMessage(fit: Extract<FitDecision, { fits: false }>): string {
  return `not sent: the prompt has ${fit.promptTokens} tokens (counted by the server's /tokenize) and max_tokens is ${fit.maxTokens}, more than the model's ${fit.maxModelLen}-token context`
}
