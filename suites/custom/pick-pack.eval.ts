/**
 * A custom DAG from node-link JSON: one list-producing task split by two picks, two scalar tasks,
 * a pack, and a list-reading target. Copy this file and the graph to benchmark your own shape.
 */
import { readNodeLinkFile } from '../../src/graph/read-node-link-file.ts'
import { defineSuite } from '../../vitest.ts'

const { json: graph } = readNodeLinkFile(new URL('./pick-pack.json', import.meta.url).pathname)

defineSuite({ topology: 'dag', options: { graph }, category: 'math', samplesPerTask: 2 })
