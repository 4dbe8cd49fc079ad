/**
 * A simulated vLLM server configuration: how one raw model output (Qwen text with reasoning,
 * `</think>` and `<tool_call>` XML) becomes the assistant message, finish reason and usage
 * details a real vLLM started with those flags would send. The persona decides *what the model
 * writes*; the profile decides *what the server makes of it*, so the same raw turn can be served
 * as different vLLM setups (`ARBIGRAPH_SIM_SERVER`):
 * - `vllm-legacy`: `--reasoning-parser qwen3 --enable-auto-tool-choice --tool-call-parser
 *   qwen3_coder` on a vLLM with the per-model tool parser (the default: both harness protocols
 *   work against it, which is what every suite and test ran against before profiles existed);
 * - `vllm-renderer`: the same parsers on a vLLM of the renderer era (from PR #36197, 2026-03),
 *   whose 400s word a context overflow the renderer's way;
 * - `vllm-engine`: the same flags on a vLLM whose `qwen3_coder`/`qwen3` names map to the unified
 *   parser engine (calls vanish from non-streamed requests without `tools`; streamed ones go unparsed);
 * - `raw`: no reasoning or tool parser (everything in `content`; `tools` with automatic tool
 *   choice is refused, as vLLM refuses it without `--enable-auto-tool-choice`).
 * Reference: docs/research/vllm-field-facts.md §2–§3.
 */
import { ArbigraphError } from '../errors.ts'
import type { ParsedToolCall } from './profiles/qwen-markup.ts'
import { rawProfile } from './profiles/raw.ts'
import { vllmEngineProfile } from './profiles/vllm-engine.ts'
import { vllmLegacyProfile } from './profiles/vllm-legacy.ts'
import { vllmRendererProfile } from './profiles/vllm-renderer.ts'
import type { ChatRequest, OverflowEra } from './protocol.ts'

export type ServerProfileName = 'vllm-legacy' | 'vllm-renderer' | 'vllm-engine' | 'raw'

export type FinishReason = 'stop' | 'length' | 'tool_calls'

/** The server's reading of one raw turn. */
export interface ServedTurn {
  reasoning: string | null
  content: string | null
  toolCalls: ParsedToolCall[]
  finishReason: FinishReason
}

export interface ServerProfile {
  name: ServerProfileName
  /** What `GET /version` reports. */
  version: string
  /** The server sends `usage.completion_tokens_details.reasoning_tokens` (newest vLLM only). */
  reasoningTokens: boolean
  /** The vLLM era whose words its 400 uses for a context overflow (`assertFitsContext`). */
  overflowWording: OverflowEra
  /** Rejects a request this configuration refuses (a `SimHttpError`), before the model runs. */
  accept(request: ChatRequest): void
  /**
   * Splits the emitted text (`</think>` present only when thinking was on) for this request;
   * `stoppedOnLength` says generation ended on the token budget.
   */
  serve(text: string, request: ChatRequest, thinking: boolean, stoppedOnLength: boolean): ServedTurn
}

export const serverProfileNames: readonly ServerProfileName[] = [
  'vllm-legacy',
  'vllm-renderer',
  'vllm-engine',
  'raw',
]

/** Both harness protocols work against it, as against the one fixed simulator of before. */
export const defaultServerProfile: ServerProfileName = 'vllm-legacy'

const profiles: Record<ServerProfileName, ServerProfile> = {
  'vllm-legacy': vllmLegacyProfile,
  'vllm-renderer': vllmRendererProfile,
  'vllm-engine': vllmEngineProfile,
  raw: rawProfile,
}

/**
 * The profile of a name; an unknown name is ARBIGRAPH_BAD_CONFIG naming `where` (the variable).
 * @example serverProfile('raw').reasoningTokens // false
 */
export function serverProfile(name: string, where = 'sim: server profile'): ServerProfile {
  const profile = (profiles as Record<string, ServerProfile | undefined>)[name]
  if (profile) return profile
  throw new ArbigraphError(
    'ARBIGRAPH_BAD_CONFIG',
    `${where}: unknown simulated server "${name}"; expected one of ${serverProfileNames.join(', ')}`,
  )
}

/**
 * The profile chosen by ARBIGRAPH_SIM_SERVER (unset or empty: the default).
 * @example serverProfileFromEnv({ ARBIGRAPH_SIM_SERVER: 'raw' }).name // 'raw'
 */
export function serverProfileFromEnv(env: Record<string, string | undefined>): ServerProfile {
  const name = env.ARBIGRAPH_SIM_SERVER?.trim() || defaultServerProfile
  return serverProfile(name, 'ARBIGRAPH_SIM_SERVER')
}
