/**
 * The results dashboard: the static folder builder, its data, the case-detail store, graph
 * pictures, charts, and the live server.
 */

export type { BenchmarkRecords, BenchmarksPayload, BenchmarkTab } from './benchmark-view.ts'
export { benchmarksPayload, benchmarkTab, caseViews } from './benchmark-view.ts'
export type { BuildDashboardOptions, DashboardBuild, ExtraPage } from './build-dashboard.ts'
export { buildDashboard } from './build-dashboard.ts'
export type { CaseDetail, CaseDetailSink, DetailRef } from './case-details.ts'
export {
  caseDetailSinkFromEnv,
  createCaseDetailSink,
  parseDetailRef,
  readCaseDetails,
} from './case-details.ts'
export type {
  CaseIndex,
  ChunkCase,
  ComparePayload,
  DashboardPage,
  OverviewPayload,
} from './dashboard-data.ts'
export { caseIndex, chunkCase, dataScript, overviewPayload } from './dashboard-data.ts'
export type { DetailSink } from './detail-store.ts'
export { createDetailSink, detailSinkFromEnv, readDetails } from './detail-store.ts'
export type { NodeState } from './instance-dot.ts'
export { instanceDot, nodeStates } from './instance-dot.ts'
export type { LiveDashboard, LiveDashboardOptions } from './live-server.ts'
export { startLiveDashboard } from './live-server.ts'
export { accuracyChart, countChart, escapeXml } from './svg-charts.ts'
