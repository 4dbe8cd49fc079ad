/**
 * Shared test fixtures for the simulated endpoint: synthetic cases and a minimal agent loop over
 * the `openai` client (the client the harness uses), so tests prove protocol compatibility.
 */
import OpenAI from 'openai'
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions'
import type { SimCaseInput } from '../../src/sim/index.ts'

/**
 * A synthetic three-output case; `filler` lengthens the prompt.
 * @example syntheticCase(3).outputs.task_1_out // '9'
 */
export function syntheticCase(i: number, filler = 0): SimCaseInput & { outputs: Record<string, string> } {
  const prompt = [
    `Define task_1_input = ${i + 7}.`,
    `Task 1: add ${i} to task_1_input and call it task_1_out.`,
    'Task 2: list task_1_out and its successor; call it task_2_out.',
    'Task 3: halve task_1_out; call it task_3_out.',
    'x'.repeat(filler),
  ].join('\n')
  return {
    prompt,
    outputs: {
      task_1_out: String(2 * i + 7),
      task_2_out: `[${2 * i + 7}, ${2 * i + 8}]`,
      task_3_out: `${(2 * i + 7) / 2}`,
    },
    depth: { task_1_out: 0, task_2_out: 1, task_3_out: 1 },
    targets: ['task_3_out'],
  }
}

export const calculatorTool: OpenAI.Chat.Completions.ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'calculator',
    description: 'Evaluates arithmetic expressions.',
    parameters: {
      type: 'object',
      properties: { expressions: { type: 'array', items: { type: 'string' } } },
      required: ['expressions'],
    },
  },
}

export const client = (url: string, extra: Partial<ConstructorParameters<typeof OpenAI>[0]> = {}) =>
  new OpenAI({ baseURL: url, apiKey: 'sim', maxRetries: 0, ...extra })

/** Labeled boxes of a text, by name. */
export const boxes = (text: string): Record<string, string> =>
  Object.fromEntries([...text.matchAll(/\\boxed\{(task_\d+_out) = ([^}]*)\}/g)].map((m) => [m[1]!, m[2]!]))

/**
 * Runs the chat-protocol agent loop until a turn without tool calls; returns every response.
 */
export async function runChatLoop(
  api: OpenAI,
  model: string,
  prompt: string,
  maxTurns = 6,
): Promise<ChatCompletion[]> {
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: 'You are a helpful assistant with a calculator.' },
    { role: 'user', content: prompt },
  ]
  const responses: ChatCompletion[] = []
  for (let turn = 0; turn < maxTurns; turn++) {
    const res = await api.chat.completions.create({
      model,
      messages,
      tools: [calculatorTool],
      max_completion_tokens: 4096,
    })
    responses.push(res)
    const message = res.choices[0]!.message
    messages.push({
      role: 'assistant',
      content: message.content,
      ...(message.tool_calls ? { tool_calls: message.tool_calls } : {}),
    })
    if (!message.tool_calls?.length) break
    for (const call of message.tool_calls)
      messages.push({ role: 'tool', tool_call_id: call.id, content: '{"results": ["1"]}' })
  }
  return responses
}
