/**
 * ARBIGRAPH_MODEL=sim:<persona> was silently ignored (the persona variable is ARBIGRAPH_SIM): the
 * simulated model's id is its persona, so it now chooses the persona; with a model server set it
 * is refused, as are a sim: that is no persona and two variables that disagree.
 */
import { describe, expect, it } from 'vitest'
import { ArbigraphError } from '../../src/errors.ts'
import { checkRunSettings } from '../../src/vitest/run-settings.ts'
import { readSimEnv } from '../../src/vitest/sim-env.ts'

const refused = (message: string) => new ArbigraphError('ARBIGRAPH_BAD_CONFIG', message)

describe('ARBIGRAPH_MODEL naming a simulator persona', () => {
  it('chooses the persona when no server is set, as ARBIGRAPH_SIM does', () => {
    expect(readSimEnv({ ARBIGRAPH_MODEL: 'sim:oracle' }).persona).toBe('sim:oracle')
    expect(readSimEnv({ ARBIGRAPH_MODEL: ' sim:chaos ', ARBIGRAPH_SIM: 'sim:chaos' }).persona).toBe(
      'sim:chaos',
    )
    // Without it, ARBIGRAPH_SIM and its default stand.
    expect(readSimEnv({}).persona).toBe('sim:noisy')
    expect(readSimEnv({ ARBIGRAPH_SIM: 'sim:oracle' }).persona).toBe('sim:oracle')
    expect(() => checkRunSettings({ ARBIGRAPH_MODEL: 'sim:oracle' })).not.toThrow()
  })

  it('is refused with a model server set, naming the variable that set it', () => {
    const message =
      'ARBIGRAPH_MODEL: "sim:oracle" is a simulator persona, but ARBIGRAPH_BASE_URL is set: a model server serves no sim: model; unset ARBIGRAPH_BASE_URL to run the simulator, or set ARBIGRAPH_MODEL to the id the server serves'
    const env = { ARBIGRAPH_MODEL: 'sim:oracle', ARBIGRAPH_BASE_URL: 'http://127.0.0.1:8000/v1' }
    expect(() => checkRunSettings(env)).toThrow(refused(message))
    expect(() =>
      checkRunSettings({ ARBIGRAPH_MODEL: 'sim:oracle', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }),
    ).toThrow('but OPENAI_BASE_URL is set')
  })

  it('is refused when it is no persona, or disagrees with ARBIGRAPH_SIM', () => {
    expect(() => readSimEnv({ ARBIGRAPH_MODEL: 'sim:perfect' })).toThrow(
      refused(
        'ARBIGRAPH_MODEL: "sim:perfect" is not a simulator persona (expected one of sim:oracle, sim:noisy, sim:chaos)',
      ),
    )
    expect(() => checkRunSettings({ ARBIGRAPH_MODEL: 'sim:oracle', ARBIGRAPH_SIM: 'sim:noisy' })).toThrow(
      refused(
        'ARBIGRAPH_MODEL: "sim:oracle" and ARBIGRAPH_SIM "sim:noisy" name different personas; set one of them',
      ),
    )
  })
})
