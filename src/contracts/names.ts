/**
 * The names a suite gives, as types: `defineSuite({ topology: 'chian' })` fails `tsc` where it is
 * written, not only when the suite runs. The built-ins' names are listed here (src/ never imports
 * plugins/; test/contracts/names.test.ts checks the lists against the built-in plugin). A project
 * adds the names it registers in arbigraph.config.ts by augmenting these interfaces, as Vitest's
 * ProvidedContext is augmented; only the keys count:
 *
 *   declare module 'arbigraph' {
 *     interface RegisteredCategories { tripling: true }
 *     interface RegisteredHarnesses { 'my-agent': true }
 *   }
 *
 * The registry still checks every name when the suite runs (a name may be declared and not
 * registered).
 */

/** Topologies a suite may name. */
export interface RegisteredTopologies {
  baseline: true
  forgetting: true
  chain: true
  multichain: true
  dag: true
  random: true
}

/** Categories a suite may name. */
export interface RegisteredCategories {
  math: true
  gsm: true
  python: true
}

/** Harnesses a suite may name (besides an agent's http(s):// URL). */
export interface RegisteredHarnesses {
  'tool-agent': true
}

/** A registered topology's name. */
export type TopologyName = Extract<keyof RegisteredTopologies, string>
/** A registered category's name. */
export type CategoryName = Extract<keyof RegisteredCategories, string>
/** A registered harness's name, or the URL of an agent speaking arbigraph.http-agent/1. */
export type HarnessName =
  | Extract<keyof RegisteredHarnesses, string>
  | `http://${string}`
  | `https://${string}`
