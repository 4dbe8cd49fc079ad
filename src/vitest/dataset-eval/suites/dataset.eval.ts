/**
 * The suite `arbigraph eval --dataset FILE` runs: the frozen dataset FILE (ARBIGRAPH_DATASET,
 * an absolute path the command set) evaluated as it is — an ArbiGraph dataset (ours or the
 * reference's) or a Long-Transduction JSONL file, told apart by their first line. It lives apart
 * from the bundled suites, in a folder eval points Vitest at only when --dataset is given.
 */

import { defineSuite, defineTransductionSuite } from '../../../../vitest.ts'
import { datasetKind } from '../../../io/dataset-label.ts'

const dataset = process.env.ARBIGRAPH_DATASET ?? ''
if (dataset !== '' && datasetKind(dataset) === 'transduction') defineTransductionSuite({ dataset })
else defineSuite({ dataset })
