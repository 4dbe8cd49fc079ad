// my-agent.ts
import { ArbigraphError, boxedAnswers, defineHarness, reportedTranscript } from 'arbigraph'

/** The part of an OpenAI-compatible chat completion this agent reads. */
interface Completion {
  choices: { message: { content: string | null } }[]
  usage: { prompt_tokens: number; completion_tokens: number }
}

export const myAgent = defineHarness({
  name: 'my-agent',
  async run(testCase, { endpoint, model, apiKey, signal, requestFields, log }) {
    const response = await fetch(`${endpoint}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      // No tools: answer in one turn (the simulator, like the reference, otherwise asks for a calculator).
      body: JSON.stringify({
        model,
        messages: [{ role: 'user', content: testCase.prompt }],
        tool_choice: 'none',
        ...requestFields,
      }),
      signal,
    })
    if (!response.ok) throw new ArbigraphError('ARBIGRAPH_ENDPOINT', `my-agent: HTTP ${response.status}`)
    const completion = (await response.json()) as Completion
    const text = completion.choices[0]?.message.content ?? ''
    log(`answered in ${text.length} characters`)
    const answers = boxedAnswers(text, testCase.expected)
    const usage = {
      promptTokens: completion.usage.prompt_tokens,
      completionTokens: completion.usage.completion_tokens,
    }
    return {
      answers,
      transcript: reportedTranscript({ answers, turns: [{ text }], usage }, testCase.expected),
    }
  },
})
