// suites/echo.eval.ts
import { defineSuite } from 'arbigraph/vitest'
import { echo } from '../echo-benchmark.ts'

defineSuite(echo, { cases: 3 })
