/**
 * Splits a rendered prompt back into its parts: the preamble and inputs before the first
 * `Task N:` heading, then task blocks, junction definitions and the answer instruction. Blank
 * lines separate parts; a paragraph that starts none of the recognized parts continues the part
 * before it, so a template text with a blank line inside stays one block. For any prompt made by
 * `renderPrompt`, `splitBlocks(renderPrompt(d, r, l))` equals `renderPromptParts(d, r, l)`.
 */
import { JUNCTION_LINE, PICK_GROUP_LEAD } from './junction-text.ts'
import type { PromptPart } from './prompt-parts.ts'
import { ANSWER_LEAD, INITIAL_CONDITIONS } from './prompt-parts.ts'

const TASK_HEADING = /^Task (\d+):/

/** What a paragraph starts, once the first task block has been seen. */
function classifyBody(paragraph: string): PromptPart | undefined {
  const heading = TASK_HEADING.exec(paragraph)
  if (heading) return { kind: 'task', number: Number(heading[1]), text: paragraph }
  if (JUNCTION_LINE.test(paragraph) || paragraph.startsWith(PICK_GROUP_LEAD))
    return { kind: 'junction', text: paragraph }
  if (paragraph.startsWith(ANSWER_LEAD)) return { kind: 'answer', text: paragraph }
  return undefined
}

/** What a paragraph before the first task is: the inputs list, or (part of) the preamble. */
function classifyHead(paragraph: string): PromptPart {
  if (paragraph.startsWith(INITIAL_CONDITIONS) || /^Define \S+ = /.test(paragraph)) {
    return { kind: 'inputs', text: paragraph }
  }
  return { kind: 'preamble', text: paragraph }
}

/**
 * The parts of a prompt, in order.
 * @example splitBlocks(prompt).filter((p) => p.kind === 'task').map((p) => p.number) // [1, 2, 3, 4]
 */
export function splitBlocks(prompt: string): PromptPart[] {
  const parts: PromptPart[] = []
  let inBody = false
  for (const paragraph of prompt.replace(/\n+$/, '').split('\n\n')) {
    const started: PromptPart | undefined =
      TASK_HEADING.test(paragraph) || inBody ? classifyBody(paragraph) : classifyHead(paragraph)
    inBody ||= started?.kind === 'task'
    const last = parts.at(-1)
    const continues = started === undefined || (started.kind === 'preamble' && last?.kind === 'preamble')
    if (continues && last) last.text += `\n\n${paragraph}`
    else parts.push(started ?? { kind: 'preamble', text: paragraph })
  }
  return parts
}

/**
 * The task blocks only, by number: the text from `Task N:` up to the next part.
 * @example taskBlocks(prompt).get(2) // 'Task 2:\n…'
 */
export function taskBlocks(prompt: string): Map<number, string> {
  const blocks = new Map<number, string>()
  for (const part of splitBlocks(prompt)) if (part.kind === 'task') blocks.set(part.number!, part.text)
  return blocks
}
