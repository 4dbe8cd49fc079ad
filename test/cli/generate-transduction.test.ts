import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseTransductionJsonl } from '../../plugins/transduction/index.ts'
import { generateCommand } from '../../src/cli/commands/generate.ts'

const io = (cwd: string) => {
  const out: string[] = []
  const err: string[] = []
  return { io: { cwd, out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err }
}

describe('arbigraph generate transduction', () => {
  it('writes the selected documents and a token table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-'))
    const run = io(dir)
    const code = await generateCommand.run(
      [
        'transduction',
        '--family',
        'arithmetic',
        '--format',
        'plain',
        '--budget',
        '4K',
        '--samples',
        '2',
        '--out',
        'lt.jsonl',
      ],
      run.io,
    )
    expect(code).toBe(0)
    const docs = parseTransductionJsonl(readFileSync(join(dir, 'lt.jsonl'), 'utf8'), 'lt.jsonl')
    expect(docs.length).toBe(8)
    expect(run.out.at(-1)).toBe('wrote 8 documents to lt.jsonl')
    expect(run.out.some((line) => line.startsWith('4K'))).toBe(true)
  })

  it('rejects an unknown budget with a usage error and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-'))
    await expect(
      generateCommand.run(['transduction', '--budget', '5K', '--out', 'x.jsonl'], io(dir).io),
    ).rejects.toMatchObject({
      code: 'ARBIGRAPH_USAGE',
      message: expect.stringContaining('--budget: unknown value "5K"'),
    })
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false)
  })
})
