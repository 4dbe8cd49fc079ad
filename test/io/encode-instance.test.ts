import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defaultRegistry } from '../../plugins/index.ts'
import { snapshotSpecs } from '../../scripts/snapshot-specs.ts'
import { instanceSchema } from '../../src/contracts/instance.ts'
import { generateDataset } from '../../src/generate/generate-dataset.ts'
import { ByteChunks } from '../../src/io/byte-chunks.ts'
import { decodeInstance, encodeInstance } from '../../src/io/dataset.ts'
import { writeLine } from '../../src/io/instance-line.ts'
import { joinPrompt, type RenderedInstance, renderInstance } from '../../src/render/render-prompt.ts'
import { createRng } from '../../src/rng.ts'
import type { PyValue } from '../../src/values.ts'

const registry = defaultRegistry()
const bySchema = (instance: unknown) => JSON.stringify(z.encode(instanceSchema, instance as never))

const specs = {
  ...snapshotSpecs,
  gsmChain: { topology: 'chain', options: { length: 3 }, categories: ['gsm'], samplesPerTask: 1, seed: '1' },
  pythonChain: {
    topology: 'chain',
    options: { length: 3 },
    categories: ['python'],
    samplesPerTask: 1,
    seed: '2',
  },
}

/** Characters a prompt seldom holds that escaping must get right: JSON's escapes, pairs and lone halves, non-ASCII. */
const RARE = [
  '"',
  '\\',
  '\r',
  '\t',
  '\u0000',
  '\u001f',
  '\ud83d\ude00',
  '\ud800',
  '\udc00',
  '\u2028',
  '\u007f',
  '≡',
]

describe('encodeInstance', () => {
  it.each(Object.entries(specs))('%s: writes the bytes the schema codec writes', async (_name, spec) => {
    const { instances } = await generateDataset(spec, { registry })
    expect(instances.length).toBeGreaterThan(0)
    for (const instance of instances) {
      const line = encodeInstance(instance)
      expect(line).toBe(bySchema(instance))
      expect(encodeInstance(decodeInstance(line))).toBe(line)
    }
  })

  it('keeps floats, nested parameters and integers beyond 2^53 as the codec does', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    const base = instances[0]!
    const node = base.nodes[0]!
    const instance = {
      ...base,
      nodes: [
        {
          ...node,
          input: [1.5, -2n, 2n ** 70n],
          params: {
            M2: [
              [1n, 2n],
              [3n, -4n],
            ],
            scale: 3.0,
          },
          output: 3.0,
          preprocess: { round: true, mod: 100, note: 'x' },
        },
        ...base.nodes.slice(1),
      ],
    }
    const line = encodeInstance(instance)
    expect(line).toBe(bySchema(instance))
    expect(line).toContain('"input":"[1.5, -2, 1180591620717411303424]"')
    expect(line).toContain('"params":{"M2":"[[1, 2], [3, -4]]","scale":"3.0"}')
    // Ints at 2^53, where the writer switches from number digits to bigint digits, and
    // preprocess options it writes itself (strings, booleans, integers) or hands to JSON.stringify.
    for (const [input, preprocess] of [
      [
        [2n ** 53n - 1n, -(2n ** 53n) + 1n, 2n ** 53n, -(2n ** 53n), 0n, -0, 1e-7, 1e16],
        { a: 'x"y', b: false, c: -3 },
      ],
      [-(2n ** 64n), { scale: 0.5, mode: 'é' }],
      [[[1n], [], [-1.5, 2n]], {}],
    ] as const) {
      const odd = { ...instance, nodes: [{ ...node, input, preprocess }, ...base.nodes.slice(1)] }
      expect(encodeInstance(odd as never)).toBe(bySchema(odd))
    }
    expect(base.junctions.some((j) => j.op === 'pick') && base.junctions.some((j) => j.op === 'pack')).toBe(
      true,
    )
  })

  it('writes the pieces nodes share as the codec does: odd names, a changed record, more templates than it keeps', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    const base = instances[0]!
    const node = base.nodes[0]!
    const named = (
      template: string,
      family: string,
      preprocess?: Record<string, string | number | boolean>,
    ) => ({
      ...base,
      nodes: [{ ...node, template, family, ...(preprocess ? { preprocess } : {}) }, ...base.nodes.slice(1)],
    })
    for (const [template, family] of [
      ['a"b', 'math'],
      ['é≡\\', 'ünï'],
      ['😀', '\u0001'],
    ] as const) {
      const instance = named(template, family)
      expect(encodeInstance(instance as never)).toBe(bySchema(instance))
    }
    // A record not frozen may change between writes; a frozen one cannot.
    const open = { kind: 'scalar', add: 1 }
    const first = named(node.template, node.family, open)
    expect(encodeInstance(first as never)).toBe(bySchema(first))
    open.add = 2
    expect(encodeInstance(first as never)).toContain('"add":2')
    expect(encodeInstance(first as never)).toBe(bySchema(first))
    const frozen = named(node.template, node.family, Object.freeze({ kind: 'list', round: false }))
    expect(encodeInstance(frozen as never)).toBe(bySchema(frozen))
    // Frozen, yet a getter's value may change between writes.
    let add = 1
    const getter = named(
      node.template,
      node.family,
      Object.freeze({
        get add() {
          return add
        },
      }),
    )
    expect(encodeInstance(getter as never)).toContain('"preprocess":{"add":1}')
    add = 2
    expect(encodeInstance(getter as never)).toContain('"preprocess":{"add":2}')
    // More template names than the shared pieces keep: the oldest are dropped, none mixed up.
    const width = base.nodes.length
    const named2 = (offset: number) => ({
      ...base,
      nodes: base.nodes.map((n, i) => ({ ...n, template: `T${offset + i}` })),
    })
    for (const offset of [0, 5000]) {
      for (let start = offset; start < offset + 5000; start += width) {
        const shifted = named2(start)
        expect(encodeInstance(shifted as never)).toBe(bySchema(shifted))
      }
    }
  })

  it('writes a list shared by several records as the codec does, whatever chunks it falls in', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    const base = instances.find((i) => i.junctions.length > 0 && i.staticInputs.length > 0)!
    // One list object as a static input, some nodes' inputs and outputs and a junction's output;
    // scalars and other lists between them.
    const shared: PyValue[] = [12n, -3n, 2n ** 60n, 0n]
    const other: PyValue[] = [[1n, 2n], 3n]
    const instance = {
      ...base,
      staticInputs: base.staticInputs.map((input, i) => (i === 0 ? { ...input, value: shared } : input)),
      nodes: base.nodes.map((node, i) =>
        i % 3 === 0 ? { ...node, input: shared, output: i % 2 ? shared : other } : node,
      ),
      junctions: base.junctions.map((junction, i) => (i === 0 ? { ...junction, output: shared } : junction)),
    }
    const line = encodeInstance(instance as never)
    expect(line).toBe(bySchema(instance))
    expect(line.split('"[12, -3, 1152921504606846976, 0]"').length).toBeGreaterThan(4)
    // Through writers whose chunks are small enough that lists straddle them.
    for (const size of [16, 64, 256]) {
      const out = new ByteChunks(size)
      const chunks: Uint8Array[] = []
      for (const each of [instance, base, instance]) {
        writeLine(each as never, out)
        chunks.push(...out.take())
      }
      chunks.push(...out.finish())
      expect(Buffer.concat(chunks).toString('utf8')).toBe(
        [instance, base, instance].map((each) => `${bySchema(each)}\n`).join(''),
      )
    }
    // The same list changed between two lines is written as it is now.
    const list: PyValue[] = [1n, 2n]
    const before = { ...base, nodes: base.nodes.map((node) => ({ ...node, input: list, output: list })) }
    const out = new ByteChunks()
    writeLine(before as never, out)
    list.push(3n)
    writeLine(before as never, out)
    const [first, second] = Buffer.concat(out.finish()).toString('utf8').trimEnd().split('\n')
    expect(first).not.toContain('"[1, 2, 3]"')
    expect(second).toBe(bySchema(before))
    expect(second).not.toContain('"[1, 2]"')
  })

  it('escapes a long prompt as the codec does, surrogate pairs and escapes across its slices', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    // 2^16 characters to a slice: put a pair, a quote, a backslash, a control character and a lone
    // surrogate at and around every slice boundary.
    const slice = 2 ** 16
    let prompt = ''
    for (const tail of ['😀', '"', '\\', '\n', '\u0001', '\ud800', '\udc00x', '→']) {
      prompt += 'a'.repeat(slice - (prompt.length % slice) - 1) + tail
    }
    for (const shift of [0, 1]) {
      const instance = { ...instances[0]!, prompt: 'b'.repeat(shift) + prompt }
      const line = encodeInstance(instance)
      expect(line).toBe(bySchema(instance))
      expect(decodeInstance(line).prompt).toBe(instance.prompt)
    }
  })

  it('escapes long prompts as the codec does, whichever escapes their slices hold (seeded)', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    // Slices with only newlines to escape take a fast path; the others JSON.stringify. Mostly
    // prompt-like text (two-byte from ≡), with each kind of escaped character now and then.
    const rng = createRng('encode-long-prompts')
    for (let round = 0; round < 16; round++) {
      const parts: string[] = []
      let length = 0
      while (length < 3 * 2 ** 16) {
        const part =
          rng.below(3000) === 0
            ? RARE[rng.below(RARE.length)]!
            : rng.below(8) === 0
              ? '\n'
              : 'x ≡ 3 (mod 7); '
        parts.push(part)
        length += part.length
      }
      const instance = { ...instances[0]!, prompt: parts.join('') }
      const line = encodeInstance(instance)
      expect(line).toBe(bySchema(instance))
      expect(decodeInstance(line).prompt).toBe(instance.prompt)
    }
  })

  it('writes a rendered instance, prompt from its parts, as its joined prompt would be written', async () => {
    for (const spec of Object.values(snapshotSpecs)) {
      const { instances } = await generateDataset(spec, { registry })
      const layout = registry.topologies.get(spec.topology)!.defaults.layout
      for (const { prompt, ...draft } of instances) {
        const rendered = renderInstance(draft, registry, layout)
        expect(joinPrompt(rendered).prompt).toBe(prompt)
        expect(encodeInstance(rendered)).toBe(bySchema({ ...draft, prompt }))
      }
    }
  })

  it('writes parts holding any escaped character, a pair or half of one at their ends, as the joined prompt (seeded)', async () => {
    const { instances } = await generateDataset(snapshotSpecs.dag!, { registry })
    const { prompt: _, ...draft } = instances[0]!
    const rng = createRng('encode-prompt-parts')
    for (let round = 0; round < 200; round++) {
      const promptParts = Array.from({ length: rng.int(1, 8) }, () => {
        let text = ''
        for (let i = rng.int(0, 6); i > 0; i--)
          text += rng.below(3) === 0 ? RARE[rng.below(RARE.length)]! : rng.below(2) === 0 ? '\n' : 'Task 1: x'
        return { kind: 'task' as const, number: 1, text }
      })
      const rendered: RenderedInstance = { ...draft, eachPromptPart: (emit) => promptParts.forEach(emit) }
      expect(encodeInstance(rendered)).toBe(bySchema(joinPrompt(rendered)))
    }
  })
})
