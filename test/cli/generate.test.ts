import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { progressPrinter } from '../../src/cli/progress-printer.ts'
import { runCli, tempDir } from './run-cli.ts'

const chainArgs = [
  'generate',
  'chain',
  '--length',
  '3',
  '--targets',
  'Convolution,DivisorSum',
  '--samples-per-task',
  '2',
  '--seed',
  '7',
]

describe('arbigraph generate', () => {
  it('writes the dataset, reports the path and count, and shows progress on stderr', async () => {
    const cwd = tempDir()
    const run = await runCli([...chainArgs, '--out', 'out/chain.jsonl'], cwd)
    expect(run.err).toMatch(
      /^progress: 4\/4 instances \(100\.0%\), [\d.]+ instances\/s, elapsed \d+s, ETA 0s$/m,
    )
    expect(run.code).toBe(0)
    expect(run.out).toBe('wrote 4 instances to out/chain.jsonl')
    const lines = readFileSync(join(cwd, 'out/chain.jsonl'), 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(5)
    expect(JSON.parse(lines[0]!).spec).toMatchObject({
      topology: 'chain',
      options: { length: 3 },
      seed: '7',
      samplesPerTask: 2,
    })
  })

  it('gives byte-identical files for 1 and 2 workers', async () => {
    const cwd = tempDir()
    expect((await runCli([...chainArgs, '--out', 'a.jsonl'], cwd)).code).toBe(0)
    expect((await runCli([...chainArgs, '--workers', '2', '--out', 'b.jsonl'], cwd)).code).toBe(0)
    expect(readFileSync(join(cwd, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(cwd, 'a.jsonl'), 'utf8'))
  })

  const failures: [string, string[], number, string][] = [
    [
      'unknown topology',
      ['chian', '--out', 'x.jsonl'],
      1,
      'unknown topology "chian": did you mean "chain"? (known: ',
    ],
    [
      'unknown target template',
      ['chain', '--length', '2', '--targets', 'Nope', '--out', 'x.jsonl'],
      1,
      '"Nope"',
    ],
    [
      'unknown category',
      ['chain', '--length', '2', '--category', 'chess', '--out', 'x.jsonl'],
      1,
      'unknown category "chess" (known: ',
    ],
    [
      'misspelt category',
      ['chain', '--length', '2', '--category', 'maht', '--out', 'x.jsonl'],
      1,
      'unknown category "maht": did you mean "math"? (known: ',
    ],
    [
      'GSM-only multichain',
      ['multichain', '--category', 'gsm', '--out', 'x.jsonl'],
      1,
      'topology "multichain": no template of category "gsm" fits the target slot (category "gsm" has only scalar->scalar templates): node "t7": it reads a list from the pack junction "pack1", but its possible kinds are scalar->scalar',
    ],
    [
      'flag the topology does not take',
      ['chain', '--length', '2', '--width', '3', '--out', 'x.jsonl'],
      2,
      'topology "chain" does not take --width',
    ],
    [
      'non-integer length',
      ['chain', '--length', 'four', '--out', 'x.jsonl'],
      2,
      '--length expects an integer ≥ 0, got "four"',
    ],
    [
      'zero samples',
      ['chain', '--length', '2', '--samples-per-task', '0', '--out', 'x.jsonl'],
      2,
      '--samples-per-task expects an integer ≥ 1',
    ],
    ['missing --out', ['chain', '--length', '2'], 2, 'missing --out'],
    ['missing graph file', ['dag', '--graph', 'nope.json', '--out', 'x.jsonl'], 1, 'nope.json: no such file'],
    [
      'invalid topology options',
      ['chain', '--length', '0', '--out', 'x.jsonl'],
      2,
      'topology "chain": option "length"',
    ],
    [
      'pick rate out of range',
      ['random', '--pick-rate', '1.5', '--out', 'x.jsonl'],
      2,
      '--pick-rate expects a number between 0 and 1, got "1.5"',
    ],
  ]

  it.each(failures)('%s → exit %i with a message, and no file', async (_, args, code, fragment) => {
    const cwd = tempDir()
    const run = await runCli(['generate', ...args], cwd)
    expect(run.err).toContain(fragment)
    expect(run.code).toBe(code)
    expect(readdirSync(cwd)).toEqual([])
  })

  it('a malformed graph file → exit 1 naming the file, and no file', async () => {
    const cwd = tempDir()
    writeFileSync(join(cwd, 'g.json'), '{"directed": true, "nodes": [')
    const run = await runCli(['generate', 'dag', '--graph', 'g.json', '--out', 'x.jsonl'], cwd)
    expect(run.code).toBe(1)
    expect(run.err).toContain('g.json: malformed JSON')
    expect(existsSync(join(cwd, 'x.jsonl'))).toBe(false)
  })

  it('a graph file that is not a task graph → an error naming the problem, and no file', async () => {
    const cwd = tempDir()
    writeFileSync(
      join(cwd, 'g.json'),
      JSON.stringify({ directed: true, nodes: [{ id: 'a', colour: 'red' }], edges: [] }),
    )
    const run = await runCli(['generate', 'dag', '--graph', 'g.json', '--out', 'x.jsonl'], cwd)
    expect([1, 2]).toContain(run.code)
    expect(run.err).toContain('colour')
    expect(readdirSync(cwd)).toEqual(['g.json'])
  })

  it('dag: a node-link graph with a pick and a pack generates and validates', async () => {
    const cwd = tempDir()
    const graph = {
      directed: true,
      multigraph: false,
      graph: { target_node: 't4' },
      nodes: [
        { id: 't1', kind: 'task', family: 'math', template: 'GrayCodeSequence' },
        { id: 'p2', kind: 'adapter', op: 'pick', index: 0 },
        { id: 'p3', kind: 'adapter', op: 'pick', index: 1 },
        { id: 't2', kind: 'task', family: 'math', input_kind: 'scalar', output_kind: 'scalar' },
        { id: 't3', kind: 'task', family: 'math', input_kind: 'scalar', output_kind: 'scalar' },
        { id: 'k4', kind: 'adapter', op: 'pack' },
        { id: 't4', kind: 'task', family: 'math', template: 'ConvexHullArea' },
      ],
      edges: [
        { source: 't1', target: 'p2' },
        { source: 't1', target: 'p3' },
        { source: 'p2', target: 't2' },
        { source: 'p3', target: 't3' },
        { source: 't2', target: 'k4', slot: 0 },
        { source: 't3', target: 'k4', slot: 1 },
        { source: 'k4', target: 't4' },
      ],
    }
    writeFileSync(join(cwd, 'g.json'), JSON.stringify(graph))
    const run = await runCli(
      ['generate', 'dag', '--graph', 'g.json', '--samples-per-task', '2', '--out', 'd.jsonl'],
      cwd,
    )
    expect(run.code, run.err).toBe(0)
    const validated = await runCli(['validate', 'd.jsonl'], cwd)
    expect(validated.out).toBe('ok 2 instances (all 2 regenerated byte for byte)')
    const prompt = (await runCli(['render', 'd.jsonl', '--index', '0'], cwd)).out
    expect(prompt).toContain('Define task_2_input = task_1_out[0].\nDefine task_3_input = task_1_out[1].')
    expect(prompt).toContain('task_4_input = [task_2_out, task_3_out, task_2_out * 2 + 1,')
  })

  it('multichain: the structure flag is passed through and the result validates', async () => {
    const cwd = tempDir()
    const args = [
      'generate',
      'multichain',
      '--structure',
      "['math',['math'],['math'],'math']",
      '--targets',
      'Convolution',
    ]
    const run = await runCli([...args, '--samples-per-task', '1', '--out', 'm.jsonl'], cwd)
    expect(run.code, run.err).toBe(0)
    expect((await runCli(['validate', 'm.jsonl'], cwd)).out).toBe(
      'ok 1 instances (all 1 regenerated byte for byte)',
    )
  })

  it('multichain: the default layout draws its tasks from the categories asked for', async () => {
    const cwd = tempDir()
    const families = async (category: string) => {
      const out = `${category}.jsonl`
      const args = ['generate', 'multichain', '--category', category, '--targets', 'add-digits']
      const run = await runCli([...args, '--samples-per-task', '1', '--out', out], cwd)
      expect(run.code, run.err).toBe(0)
      const lines = readFileSync(join(cwd, out), 'utf8').trim().split('\n').slice(1)
      return new Set(
        lines.flatMap((line) => JSON.parse(line).nodes.map((node: { family: string }) => node.family)),
      )
    }
    expect(await families('python')).toEqual(new Set(['python']))
    // GSM tasks read and write one number, so they cannot fan out into branches: said, not replaced by math.
    const gsm = await runCli(['generate', 'multichain', '--category', 'gsm', '--out', 'g.jsonl'], cwd)
    expect(gsm.code).not.toBe(0)
    expect(gsm.err).toContain('category "gsm"')
    expect(existsSync(join(cwd, 'g.jsonl'))).toBe(false)
  })

  it('a failure after some samples were made leaves no partial file', async () => {
    const cwd = tempDir()
    // A user plugin whose second target can never be solved: the first target's samples are
    // made, then generation fails on the second.
    const template = (id: string, fails: boolean) => `{
      id: '${id}', family: 'toy', summary: '${id}', inputKinds: ['scalar'], outputKind: 'scalar',
      params: () => ({}),
      solve: (input) => { if (${fails}) throw new Error('${id} cannot be solved'); return 7n },
      text: ({ source, out }) => 'Add one to ' + source + ' and call it ' + out + '.',
    }`
    writeFileSync(
      join(cwd, 'arbigraph.config.ts'),
      `export default { plugins: [{ name: 'toy', categories: [{ name: 'toy', templates: [${template('Good', false)}, ${template('Bad', true)}] }] }] }\n`,
    )
    const run = await runCli(
      [
        'generate',
        'baseline',
        '--category',
        'toy',
        '--samples-per-task',
        '3',
        '--max-attempts',
        '2',
        '--out',
        'x.jsonl',
      ],
      cwd,
      { isTTY: true },
    )
    expect(run.err).toMatch(/generated [1-3]\/6/)
    expect(run.err).toContain('Bad')
    expect(run.code).toBe(1)
    expect(readdirSync(cwd)).toEqual(['arbigraph.config.ts'])
  })

  it('an unsatisfiable spec → exit 1 and no file', async () => {
    const cwd = tempDir()
    // A chain longer than the math pool (40 distinct templates) cannot be filled.
    const run = await runCli(
      [
        'generate',
        'chain',
        '--length',
        '45',
        '--targets',
        'Convolution',
        '--samples-per-task',
        '1',
        '--out',
        'x.jsonl',
      ],
      cwd,
    )
    expect(run.code).toBe(1)
    expect(run.err).toMatch(/arbigraph generate: /)
    expect(readdirSync(cwd)).toEqual([])
  })
})

describe('progressPrinter', () => {
  it('on a terminal prints at 10% steps or after a second, and always at the end', () => {
    const lines: string[] = []
    let clock = 0
    const io = { out: () => {}, err: (l: string) => lines.push(l), cwd: '.', isTTY: true }
    const progress = progressPrinter(io, { now: () => clock })
    for (let done = 1; done <= 100; done++) {
      clock += 5
      progress(done, 100)
    }
    expect(lines).toHaveLength(10)
    expect(lines.at(-1)).toMatch(/^generated 100\/100 \(100%, 200\.0 instances\/s\)$/)
    clock += 5000
    progress(100, 100)
    expect(lines).toHaveLength(11)
  })
})

describe('progressPrinter in a log (not a terminal)', () => {
  it('leaves the final count to the caller when told (a sweep prints its own line per point)', () => {
    const lines: string[] = []
    let clock = 0
    const progress = progressPrinter(
      { out: () => {}, err: (l) => lines.push(l), cwd: '.' },
      { now: () => clock, unit: 'documents', last: false },
    )
    for (let done = 1; done <= 50; done++) {
      clock += 250
      progress(done, 50)
    }
    expect(lines).toEqual(['progress: 40/50 documents (80.0%), 4.0 documents/s, elapsed 10s, ETA 3s'])
  })

  it('prints a plain line at most every 10 s of the clock, and the last one', () => {
    const lines: string[] = []
    let clock = 0
    const progress = progressPrinter(
      { out: () => {}, err: (l) => lines.push(l), cwd: '.' },
      { now: () => clock },
    )
    for (let done = 1; done <= 100; done++) {
      clock += 250
      progress(done, 100)
    }
    expect(lines).toEqual([
      'progress: 40/100 instances (40.0%), 4.0 instances/s, elapsed 10s, ETA 15s',
      'progress: 80/100 instances (80.0%), 4.0 instances/s, elapsed 20s, ETA 5s',
      'progress: 100/100 instances (100.0%), 4.0 instances/s, elapsed 25s, ETA 0s',
    ])
  })
})
