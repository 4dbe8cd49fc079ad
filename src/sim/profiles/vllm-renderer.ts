/**
 * `vllm-renderer`: `--reasoning-parser qwen3 --enable-auto-tool-choice --tool-call-parser
 * qwen3_coder` on a vLLM of the renderer era (`renderers/params.py`, PR #36197, merged
 * 2026-03-06): the per-model parsers of `vllm-legacy`, but its 400s word a context overflow as
 * the renderer does, output budget first ("max_tokens=Ncannot be greater than
 * max_model_len=max_total_tokens=M…"), each ending ` (parameter=P, value=V)`. This is the
 * overflow line a client meets most often in 2026's server logs.
 * Reference: vllm-field-facts.md §7; vllm `renderers/params.py` @017638d7, @1aa021e8.
 */
import type { ServerProfile } from '../server-profile.ts'
import { vllmLegacyProfile } from './vllm-legacy.ts'

export const vllmRendererProfile: ServerProfile = {
  ...vllmLegacyProfile,
  name: 'vllm-renderer',
  version: '0.17.0+arbigraph-sim.vllm-renderer',
  overflowWording: 'renderer',
}
