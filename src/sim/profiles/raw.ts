/**
 * `raw`: vLLM with no `--reasoning-parser` and no `--tool-call-parser`. The whole output, reasoning
 * and `</think>` and call XML included, is the `content`; there is never a `reasoning` field nor a
 * `tool_calls` entry. A request with `tools` and automatic tool choice is refused with vLLM's 400,
 * as a server started without `--enable-auto-tool-choice` refuses it. (vLLM would serve a named
 * or `"required"` tool choice through structured outputs; the simulator does not model guided
 * decoding and refuses those too, so no harness can mistake this server for a parsing one.)
 * Reference: vllm `chat_completion/serving.py` (auto tool choice check); facts note §2.
 */
import { SimHttpError, toolsActive } from '../protocol.ts'
import type { ServerProfile } from '../server-profile.ts'

export const rawProfile: ServerProfile = {
  name: 'raw',
  version: '0.11.0+arbigraph-sim.raw',
  reasoningTokens: false,
  overflowWording: 'legacy',
  accept(request) {
    if (toolsActive(request))
      throw new SimHttpError(
        400,
        'BadRequestError',
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      )
  },
  serve: (text, _request, _thinking, stoppedOnLength) => ({
    reasoning: null,
    content: text,
    toolCalls: [],
    finishReason: stoppedOnLength ? 'length' : 'stop',
  }),
}
