import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArbigraphError } from '../../src/errors.ts'
import type { SimServer } from '../../src/sim/index.ts'
import { startSimServer } from '../../src/sim/index.ts'
import { calculatorTool, client } from './sim-fixtures.ts'

const referenceDir =
  process.env.ARBIGRAPH_REFERENCE_DIR ?? join(import.meta.dirname, '../../../shared/reference')
const resultsFile = join(
  referenceDir,
  'arbigraph/results/baseline/Qwen3.5-27B/gsm/repair/agent_gsm_baseline_Qwen3.5-27B_20260705_234011.json',
)
const present = existsSync(resultsFile)
if (!present) console.warn(`[skip] sim replay tests: reference results file not found at ${resultsFile}`)

interface Sample {
  prompt: string
  turn_outputs: Record<string, string>
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam

describe.skipIf(!present)('replay persona (reference GSM baseline results)', () => {
  let sim: SimServer
  let samples: Sample[]

  beforeAll(async () => {
    samples = (JSON.parse(readFileSync(resultsFile, 'utf8')) as { samples: Sample[] }).samples
    sim = await startSimServer({ persona: 'replay', replayFile: resultsFile })
  })
  afterAll(() => sim.close())

  it('replays every turn of a multi-turn sample verbatim in the text protocol', async () => {
    // Verbatim means no reasoning or tool parser between the recording and the client: the `raw`
    // server profile (the default, vllm-legacy, splits the <think> part into `reasoning`).
    const rawSim = await startSimServer({ persona: 'replay', replayFile: resultsFile, server: 'raw' })
    try {
      await replaysVerbatim(rawSim)
    } finally {
      await rawSim.close()
    }
  })

  async function replaysVerbatim(sim: SimServer): Promise<void> {
    const sample = samples.find((s) => Object.keys(s.turn_outputs).length === 4)!
    const messages: Message[] = [
      { role: 'system', content: 'system' },
      { role: 'user', content: sample.prompt },
    ]
    const api = client(sim.url)
    for (const turn of ['0', '1', '2', '3']) {
      const res = await api.chat.completions.create({
        model: sim.model,
        messages,
        max_completion_tokens: 16384,
      })
      expect(res.choices[0]!.message.content).toBe(sample.turn_outputs[turn])
      expect(res.choices[0]!.finish_reason).toBe('stop')
      messages.push({ role: 'assistant', content: res.choices[0]!.message.content })
      messages.push({ role: 'tool', content: '{"results": ["0"]}' } as unknown as Message)
    }
    const past = await api.chat.completions.create({ model: sim.model, messages }).catch((e) => e)
    expect(past.status).toBe(400)
    expect(past.error.message).toMatch(/^replay: unknown turn 4: the recorded sample has 4 turns/)
  }

  it('serves turn 0 of the first 100 samples, splitting tool calls out in the chat protocol', async () => {
    const api = client(sim.url)
    let toolTurns = 0
    for (const sample of samples.slice(0, 100)) {
      const res = await api.chat.completions.create({
        model: sim.model,
        messages: [{ role: 'user', content: sample.prompt }],
        tools: [calculatorTool],
      })
      const message = res.choices[0]!.message as OpenAI.Chat.Completions.ChatCompletionMessage & {
        reasoning?: string
      }
      const raw = sample.turn_outputs['0']!
      if (message.tool_calls?.length) {
        toolTurns++
        expect(res.choices[0]!.finish_reason).toBe('tool_calls')
        const call = message.tool_calls[0]!
        expect(call.type === 'function' && call.function.name).toBe('calculator')
        const args = JSON.parse(call.type === 'function' ? call.function.arguments : '{}') as {
          expressions: unknown
        }
        expect(Array.isArray(args.expressions)).toBe(true)
      }
      if (raw.includes('</think>')) expect(raw.startsWith(message.reasoning!)).toBe(true)
    }
    expect(toolTurns).toBe(100)
  })

  it('answers 400 for an unknown sample and rejects an unreadable file', async () => {
    const error = await client(sim.url)
      .chat.completions.create({ model: sim.model, messages: [{ role: 'user', content: 'nope' }] })
      .catch((e) => e)
    expect(error.status).toBe(400)
    expect(error.error.message).toMatch(/^replay: unknown sample/)
    const missing = await startSimServer({ persona: 'replay', replayFile: '/nonexistent.json' }).catch(
      (e) => e,
    )
    expect(missing).toBeInstanceOf(ArbigraphError)
    expect(missing.message).toMatch(/cannot read results file "\/nonexistent.json"/)
  })
})
