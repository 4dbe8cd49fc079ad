/**
 * The words of the doctor's probe prompts. Each probe asks the model to write one exact block
 * (a calculator call, a word) between `BEGIN` and `END` lines, so a capable model reproduces it
 * and the doctor can see what the server did with it; the simulator recognises the same prompts
 * and writes the block as its raw output, so each server profile answers the probes the way that
 * vLLM configuration would.
 */

const MARK = 'arbigraph doctor probe'
const BODY = /\nBEGIN\n([\s\S]*)\nEND$/

/**
 * A probe prompt asking for `body` verbatim.
 * @example probePrompt('Reply with exactly this text.', 'ok') // 'arbigraph doctor probe: Reply with exactly this text.\nBEGIN\nok\nEND'
 */
export const probePrompt = (instruction: string, body: string): string =>
  `${MARK}: ${instruction} Write only the text between the BEGIN and END lines, without those lines.\nBEGIN\n${body}\nEND`

/**
 * The block a probe prompt asks for, or undefined when the prompt is not a probe.
 * @example probeBody(probePrompt('Reply.', 'ok')) // 'ok'
 */
export function probeBody(prompt: string): string | undefined {
  if (!prompt.startsWith(MARK)) return undefined
  return BODY.exec(prompt)?.[1]
}
