/**
 * The suite `arbigraph eval --dataset FILE` runs: the frozen dataset FILE (ARBIGRAPH_DATASET,
 * an absolute path the command set) evaluated as it is. It lives apart from the bundled suites,
 * in a folder eval points Vitest at only when --dataset is given.
 */
import { defineSuite } from '../../../../vitest.ts'

defineSuite({ dataset: process.env.ARBIGRAPH_DATASET ?? '' })
