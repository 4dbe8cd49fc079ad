/**
 * Where a run's dashboard goes by default: beside its results file, as its case details do, so
 * two runs with their own results files keep their own dashboards.
 */
import { describe, expect, it } from 'vitest'
import { resolveDashboardOptions } from '../../reporters/dashboard.ts'

describe('the dashboard folder', () => {
  it('is dashboard/ beside the results file unless ARBIGRAPH_DASHBOARD_DIR names one', () => {
    expect(resolveDashboardOptions({}, 'out/results.json')?.dir).toBe('out/dashboard')
    expect(resolveDashboardOptions({}, 'runs/b/results.json')?.dir).toBe('runs/b/dashboard')
    expect(resolveDashboardOptions({}, '/abs/run.json')?.dir).toBe('/abs/dashboard')
    expect(resolveDashboardOptions({ ARBIGRAPH_DASHBOARD_DIR: 'pages' }, 'runs/b/results.json')?.dir).toBe(
      'pages',
    )
  })
})
