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

  it('writes the same bytes on two worker threads as on one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-'))
    const args = ['transduction', '--budget', '4K,8K', '--level', '0,3', '--samples', '2']
    expect(await generateCommand.run([...args, '--out', 'one.jsonl'], io(dir).io)).toBe(0)
    const run = io(dir)
    expect(await generateCommand.run([...args, '--workers', '2', '--out', 'two.jsonl'], run.io)).toBe(0)
    const one = readFileSync(join(dir, 'one.jsonl'), 'utf8')
    expect(parseTransductionJsonl(one, 'one.jsonl')).toHaveLength(96)
    expect(readFileSync(join(dir, 'two.jsonl'), 'utf8')).toBe(one)
    // Not a terminal: the plain progress line a CI log shows, ending with the final count.
    expect(run.err.at(-1)).toMatch(
      /^progress: 96\/96 documents \(100\.0%\), [\d.]+ documents\/s, elapsed \d+s, ETA 0s$/,
    )
    await expect(
      generateCommand.run([...args, '--workers', '0', '--out', 'x.jsonl'], io(dir).io),
    ).rejects.toThrow('--workers expects an integer ≥ 1, got "0"')
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false)
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
