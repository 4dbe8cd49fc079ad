/**
 * The built-in topologies, in the order listings show them.
 */
import { baseline } from './baseline.ts'
import { chain } from './chain.ts'
import { dag } from './dag.ts'
import { forgetting } from './forgetting.ts'
import { multichain } from './multichain.ts'
import { random } from './random.ts'

export { baseline, chain, dag, forgetting, multichain, random }

/**
 * @example createRegistry([{ name: 'builtin', topologies }])
 */
export const topologies = [baseline, forgetting, chain, multichain, dag, random] as const
