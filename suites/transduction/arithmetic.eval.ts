/**
 * Long-Transduction, arithmetic: write every +/- expression with its exact value.
 * Three formats × four difficulty levels at the 4K and 8K budgets, one sample per cell by
 * default; ARBIGRAPH_LT_BUDGETS=all ARBIGRAPH_LT_SAMPLES=5 runs this family's full paper grid.
 */
import { defineTransductionSuite } from '../../vitest.ts'

defineTransductionSuite({ family: 'arithmetic' })
