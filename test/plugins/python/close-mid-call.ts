/**
 * A script whose last step is `await pool.close()` while a call's interpreter is still starting:
 * it must print the call's outcome and exit 0 (test/plugins/python/pool-close.test.ts runs it).
 */
import { createPythonPool } from '../../../plugins/python/sandbox/pool.ts'

const pool = createPythonPool({ size: 1 })
const call = pool.run({ source: 'def f(x):\n    return x\n', call: { function: 'f', args: ['1'] } })
await pool.close()
console.log(JSON.stringify(await call))
