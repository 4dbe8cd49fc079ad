/**
 * The identity the response cache is keyed by, read over loopback from stand-ins that answer as
 * vLLM does (a model card with `root` = `--model`, a `created` stamped per request, `/version`)
 * and as a server that names no checkpoint.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { readModelIdentity, readRunIdentity, runIdentity } from '../../src/endpoint/model-identity.ts'
import { startStandIn } from '../acceptance/openai-stand-in.ts'

const closers: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const close of closers) await close()
})

async function vllm(root: string, version = '0.11.0') {
  const standIn = await startStandIn({ root, version })
  closers.push(standIn.close)
  return standIn.url
}

/** A server whose routes all answer `status` (a proxy that lists nothing, say). */
async function bare(status: number) {
  const server = createServer((_, res) => res.writeHead(status, { 'content-type': 'text/plain' }).end('no'))
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  closers.push(() => new Promise((ok) => server.close(() => ok())))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

const model = 'stand-in-model'

describe('model identity', () => {
  it('is the checkpoint, limits and version vLLM reports, not the time it stamps, not the address', async () => {
    const one = await vllm('/ckpt/a')
    const replica = await vllm('/ckpt/a')
    const read = await readModelIdentity({ baseURL: one }, model, null)
    expect(read).toEqual({
      baseUrl: one,
      identity: {
        model,
        root: '/ckpt/a',
        parent: null,
        maxModelLen: 262144,
        version: '0.11.0',
        revision: null,
        url: null,
      },
    })
    const alone = await readRunIdentity([one], { model })
    // Read again (another `created`), and over two replicas on other ports: the same keys, so a
    // resume against a restarted server replays.
    expect((await readRunIdentity([one], { model })).scope).toBe(alone.scope)
    expect((await readRunIdentity([replica, one], { model })).scope).toBe(alone.scope)
    expect(alone.label).toBe('/ckpt/a · version 0.11.0')
    expect(alone.notes).toEqual([])
  })

  it('changes with the checkpoint, the version and the revision', async () => {
    const base = (await readRunIdentity([await vllm('/ckpt/a')], { model })).scope
    const others = [
      await readRunIdentity([await vllm('/ckpt/b')], { model }),
      await readRunIdentity([await vllm('/ckpt/a', '0.12.0')], { model }),
      await readRunIdentity([await vllm('/ckpt/a')], { model, revision: 'r2' }),
    ].map((identity) => identity.scope)
    expect(new Set([base, ...others]).size).toBe(4)
  })

  it('reads through a transient fault: one 503 on /v1/models and on /version still gives the checkpoint', async () => {
    const upstream = await vllm('/ckpt/a')
    const steady = await readRunIdentity([upstream], { model })
    const blips = new Set<string>()
    const flaky = createServer(async (req, res) => {
      const route = req.url ?? ''
      if ((route.endsWith('/models') || route.endsWith('/version')) && !blips.has(route)) {
        blips.add(route)
        res.writeHead(503, { 'content-type': 'text/plain' }).end('queue full')
        return
      }
      const answer = await fetch(`${upstream.replace(/\/v1$/, '')}${route}`)
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
    })
    await new Promise<void>((ok) => flaky.listen(0, '127.0.0.1', ok))
    closers.push(() => new Promise((ok) => flaky.close(() => ok())))
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/v1`
    const read = await readRunIdentity([url], { model })
    expect([...blips].sort()).toEqual(['/v1/models', '/version'])
    expect(read.notes).toEqual([])
    // The same keys as a read that met no fault: a later run against this server replays.
    expect(read.scope).toBe(steady.scope)
    expect(read.label).toBe('/ckpt/a · version 0.11.0')
  })

  it('falls back to the address for a server that names no checkpoint, and says so', async () => {
    const plain = await startStandIn() // lists the model without `root`, has no /version
    closers.push(plain.close)
    const failing = await bare(401)
    const identity = await readRunIdentity([plain.url], { model })
    expect(identity.label).toBe(`${model} at ${plain.url}`)
    expect(identity.notes).toEqual([
      `arbigraph: ${plain.url} does not say which checkpoint serves "${model}" (GET /v1/models gives no "root" for "${model}"): its cached answers are replayed only to a run against the same URL; set ARBIGRAPH_MODEL_REVISION to a new value whenever the model behind it changes`,
    ])
    const unreadable = await readRunIdentity([failing], { model })
    expect(unreadable.notes[0]).toContain(`GET ${failing}/models: HTTP 401`)
    expect(unreadable.scope).not.toBe(identity.scope)
    const absent = await readRunIdentity([await vllm('/ckpt/a')], { model: 'not-listed' })
    expect(absent.notes[0]).toContain('GET /v1/models does not list "not-listed"')
  })

  it('keys several nameless endpoints by all their addresses', async () => {
    const a = await startStandIn()
    const b = await startStandIn()
    closers.push(a.close, b.close)
    const both = await readRunIdentity([a.url, b.url], { model })
    expect((await readRunIdentity([b.url, a.url], { model })).scope).toBe(both.scope)
    expect((await readRunIdentity([a.url], { model })).scope).not.toBe(both.scope)
    expect(both.notes).toHaveLength(2)
  })

  it('refuses endpoints that serve different models under one id, naming each', async () => {
    const a = await vllm('/ckpt/a')
    const b = await vllm('/ckpt/b')
    await expect(readRunIdentity([a, b], { model })).rejects.toMatchObject({
      code: 'ARBIGRAPH_BAD_CONFIG',
      message: `the endpoints serve "${model}" from different models (${a} serves /ckpt/a · version 0.11.0; ${b} serves /ckpt/b · version 0.11.0): a run grades one model, and a cached answer of one could be replayed for the other; list replicas of one checkpoint and server version in ARBIGRAPH_BASE_URL`,
    })
    expect(() =>
      runIdentity([
        {
          baseUrl: 'http://x/v1',
          identity: {
            model,
            root: '/c',
            parent: null,
            maxModelLen: 8,
            version: '1',
            revision: null,
            url: null,
          },
        },
        {
          baseUrl: 'http://y/v1',
          identity: {
            model,
            root: '/c',
            parent: null,
            maxModelLen: 8,
            version: '2',
            revision: null,
            url: null,
          },
        },
      ]),
    ).toThrow('http://y/v1 serves /c · version 2')
  })
})
