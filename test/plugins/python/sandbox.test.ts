/**
 * The Python sandbox against real interpreters: what calls return (sandbox/results.ts), that every
 * call forgets the previous one (sandbox/forgets.ts), and that escapes are stopped and reported
 * (sandbox/violations.ts). One file, so that they share two warm pools: an interpreter start costs
 * about 3 CPU-seconds, as much as many of these tests together. The pools are the product's own
 * (createPythonPool), with the limits the violations check.
 */
import { afterAll, beforeAll } from 'vitest'
import { createPythonPool } from '../../../plugins/python/sandbox/index.ts'
import { forgetsTests } from './sandbox/forgets.ts'
import { resultsTests } from './sandbox/results.ts'
import { plantHostSecret, violationsTests } from './sandbox/violations.ts'

// Interpreter start-up takes 2–4 s on an idle machine and much longer on a loaded one.
const START_MS = 120_000

// Created here, started (forked) by their first call.
const pools = new Map(
  [1, 2].map((size) => [size, createPythonPool({ size, stepBudget: 200_000, memoryMb: 256 })]),
)
let removeSecret = () => {}

beforeAll(async () => {
  // Before any interpreter starts, so that they could inherit it (the violations check they do not).
  removeSecret = plantHostSecret()
  const warm = { source: 'def f():\n    return 0', call: { function: 'f' } }
  await Promise.all([pools.get(1)!.run(warm), pools.get(2)!.run(warm), pools.get(2)!.run(warm)])
}, START_MS)

afterAll(async () => {
  await Promise.all([...pools.values()].map((pool) => pool.close()))
  removeSecret()
})

resultsTests(pools.get(1)!, pools.get(2)!)
forgetsTests(pools)
violationsTests(pools.get(1)!)
