// echo-benchmark.ts — the model writes some words back, one per line
import { benchmark, singleShot } from 'arbigraph'
import { z } from 'zod'

const WORDS = ['alpha', 'bravo', 'charlie', 'delta']
const record = z.object({
  schema: z.literal('echo/1'),
  caseId: z.string(),
  model: z.string(),
  correct: z.boolean().nullable(),
  infraError: z.object({ reason: z.string() }).nullable(),
})
type EchoRecord = z.output<typeof record>
interface EchoSummary {
  n: number
  correct: number
}
const prompt = (words: string[]) => `Write these words back, one per line: ${words.join(' ')}`
const line = (s: EchoSummary, model: string) => `echo — ${model}: ${s.correct}/${s.n}`

export const echo = benchmark<{ cases: number }, string[], EchoRecord, EchoSummary>({
  name: 'echo',
  summary: 'write the given words back, one per line',
  options: z.object({ cases: z.int().min(1).max(4).default(3) }),
  suite: () => ({ name: 'echo', tags: ['echo'] }),
  cases: (o) =>
    Array.from({ length: o.cases }, (_, i) => ({
      name: `echo #${i}`,
      identity: { caseId: `echo/${i}` },
      input: WORDS.slice(i),
    })),
  // What the built-in simulator answers each prompt with (it knows no case it was not told of).
  simCases: (cases) =>
    cases.map((c) => ({
      prompt: prompt(c.input),
      transduction: { expectedText: c.input.join('\n'), format: 'plain', family: 'echo' },
    })),
  harness: () => singleShot({ maxTokens: 64 }),
  harnessCase: (c) => ({ id: c.name, epoch: 0, expected: ['output'], prompt: prompt(c.input) }),
  score: (c, { answers }, facts) => ({
    schema: 'echo/1',
    caseId: c.name,
    model: facts.model,
    correct: answers.output?.trim() === c.input.join('\n'),
    infraError: null,
  }),
  records: {
    schema: record,
    infra: (id, reason, facts) => ({
      schema: 'echo/1',
      caseId: (id as { caseId: string }).caseId,
      model: facts.model,
      correct: null,
      infraError: { reason },
    }),
    failed: (r, reason) => ({ ...r, correct: null, infraError: { reason } }),
    infraReason: (r) => r.infraError?.reason ?? null,
    model: (r) => r.model,
    withModel: (r, model) => ({ ...r, model }),
    compare: (a, b) => a.caseId.localeCompare(b.caseId),
  },
  summarize: (rs) => ({ n: rs.length, correct: rs.filter((r) => r.correct).length }),
  report: {
    text: line,
    markdown: (s, m) => `## echo\n\n${line(s, m)}\n`,
    html: (s, m) => `<p>${line(s, m)}</p>`,
  },
  files: {
    results: { path: 'out/echo.json', variable: 'ECHO_RESULTS' },
    markdown: { path: 'out/echo.md', variable: 'ECHO_MARKDOWN' },
    schema: 'echo-results/1',
    build: (records) => ({ schema: 'echo-results/1', model: records[0]?.model ?? 'unknown', records }),
    decode: (text) => JSON.parse(text),
  },
})
