/**
 * `arbigraph eval --gate-mode/--gate-alpha/--gate-baseline`: the sequential gate's settings as
 * flags, passed to the run as the variables the plugin reads, and checked before Vitest starts.
 */
import { describe, expect, it } from 'vitest'
import { splitEvalArgs } from '../../src/cli/commands/eval.ts'
import { runCli, tempDir } from './run-cli.ts'

describe('arbigraph eval gate flags', () => {
  it('become ARBIGRAPH_GATE_MODE, ARBIGRAPH_GATE_ALPHA and ARBIGRAPH_GATE_BASELINE', () => {
    const args = [
      'suites/chain/math',
      '--gate-mode',
      'sequential',
      '--gate-alpha=0.01',
      '--gate-baseline',
      'r.json',
    ]
    expect(splitEvalArgs(args)).toEqual({
      env: {
        ARBIGRAPH_GATE_MODE: 'sequential',
        ARBIGRAPH_GATE_ALPHA: '0.01',
        ARBIGRAPH_GATE_BASELINE: 'r.json',
      },
      vitest: ['suites/chain/math'],
    })
  })

  it('refuses a bad mode or error level in one line naming it, before any run starts', async () => {
    const mode = await runCli(['eval', '--gate-mode', 'sometimes'], tempDir())
    expect(mode.code).toBe(1)
    expect(mode.err).toBe(
      'arbigraph eval: ARBIGRAPH_GATE_MODE "sometimes" is not a gate mode: write "sequential" (stop each cell once its rules are decided) or "fixed" (the default: every case runs)',
    )
    const alpha = await runCli(['eval', '--gate-mode=sequential', '--gate-alpha', '0.5'], tempDir())
    expect(alpha.code).toBe(1)
    expect(alpha.err).toContain('ARBIGRAPH_GATE_ALPHA "0.5" is not an error level')
  })

  it('lists the flags in its help', async () => {
    const help = await runCli(['eval', '--help'], tempDir())
    for (const flag of ['--gate-mode <mode>', '--gate-alpha <a>', '--gate-baseline <file>'])
      expect(help.out).toContain(flag)
  })
})
