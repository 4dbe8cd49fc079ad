/**
 * The files `arbigraph init` writes into a user's repository: a Vitest config with the plugin,
 * one small suite per built-in topology, an `arbigraph.config.ts` adding a one-template category
 * (used by the chain suite), a GitHub Actions workflow that runs, gates and uploads, and the npm
 * scripts. Every suite is small, so the first `npx vitest run` on the simulator takes seconds.
 */

/** One file to write; `optional` files are skipped, not refused, when the user already has one. */
export interface ProjectFile {
  path: string
  content: string
  optional?: boolean
}

/** The npm scripts init adds to package.json. */
export const PROJECT_SCRIPTS: Readonly<Record<string, string>> = {
  eval: 'vitest run',
  'eval:report': 'arbigraph report out/results.json',
}

const VITEST_CONFIG = `import { arbigraph } from 'arbigraph/vitest'
import { defineConfig } from 'vitest/config'

// The plugin adds arbigraph's reporters (table, out/results.json, dashboard, gate), the request
// pool and simulator (globalSetup), timeouts, tags, and makes suites/**/*.eval.ts the test files.
export default defineConfig({ plugins: [arbigraph()] })
`

const ARBIGRAPH_CONFIG = `import type { TaskTemplate } from 'arbigraph'
import { defineConfig } from 'arbigraph/config'

const toBigInt = (value: unknown): bigint =>
  typeof value === 'bigint' ? value : BigInt(Math.round(Number(value)))

// A task template: how to draw its parameters, its exact solver, and the words of its task.
const double: TaskTemplate = {
  id: 'Double',
  family: 'doubling',
  summary: 'doubles its input and adds a drawn offset',
  inputKinds: ['scalar'],
  outputKind: 'scalar',
  params: (_input, rng) => ({ offset: rng.bigint(1n, 9n) }),
  solve: (input, params) => toBigInt(input) * 2n + (params.offset as bigint),
  text: ({ source, out, params }) => \`Double \${source}, then add \${params.offset}; call the result \${out}.\`,
}

// The names your suites may give besides the built-ins': a misspelt one then fails \`tsc\`.
declare module 'arbigraph' {
  interface RegisteredCategories {
    doubling: true
  }
}

// Your own categories (and topologies) are registered after arbigraph's built-ins.
export default defineConfig({
  plugins: [{ name: 'my-tasks', categories: [{ name: 'doubling', templates: [double] }] }],
})
`

/** A suite file: a comment saying what it measures, then one defineSuite call. */
const suite = (comment: string, call: string) => `// ${comment}
import { defineSuite } from 'arbigraph/vitest'

${call}
`

const DIAMOND = `{
    graph: { targets: ['sum'] },
    nodes: [
      { id: 'seed', kind: 'task', family: 'math', output_kind: 'list' },
      { id: 'left', kind: 'task', family: 'math', input_kind: 'list', output_kind: 'scalar' },
      { id: 'right', kind: 'task', family: 'math', input_kind: 'list', output_kind: 'scalar' },
      { id: 'join', kind: 'adapter', op: 'pack' },
      { id: 'sum', kind: 'task', family: 'math', input_kind: 'list', output_kind: 'scalar' },
    ],
    edges: [
      { source: 'seed', target: 'left' },
      { source: 'seed', target: 'right' },
      { source: 'left', target: 'join', slot: 0 },
      { source: 'right', target: 'join', slot: 1 },
      { source: 'join', target: 'sum' },
    ],
  }`

const SUITES: ProjectFile[] = [
  {
    path: 'suites/baseline.eval.ts',
    content: suite(
      'Baseline: one math task per prompt, the reference point for every other topology.',
      "defineSuite({ topology: 'baseline', category: 'math', samplesPerTask: 1 })",
    ),
  },
  {
    path: 'suites/forgetting.eval.ts',
    content: suite(
      'Forgetting: three independent distractor tasks, then the graded one.',
      "defineSuite({ topology: 'forgetting', options: { distractors: 3 }, category: 'math', samplesPerTask: 1 })",
    ),
  },
  {
    path: 'suites/chain.eval.ts',
    content: suite(
      'Chain: math tasks feeding your own "doubling" category (arbigraph.config.ts), which is graded.',
      "defineSuite({ topology: 'chain', options: { length: 4 }, categories: ['doubling', 'math'], samplesPerTask: 8 })",
    ),
  },
  {
    path: 'suites/multichain.eval.ts',
    content: suite(
      'Multichain: chained segments that fan out into branches (pick) and merge back (pack).',
      "defineSuite({ topology: 'multichain', category: 'math', samplesPerTask: 1 })",
    ),
  },
  {
    path: 'suites/dag.eval.ts',
    content: suite(
      'A custom DAG in node-link form: one list task read by two scalar tasks, packed into the graded one.',
      `defineSuite({\n  topology: 'dag',\n  options: {\n    graph: ${DIAMOND.replace(/\n/g, '\n  ')},\n  },\n  category: 'math',\n  samplesPerTask: 1,\n})`,
    ),
  },
  {
    path: 'suites/random.eval.ts',
    content: suite(
      'Random: a seeded layered DAG of 8 tasks with picks and packs; its sinks are graded.',
      "defineSuite({ topology: 'random', options: { nodes: 8 }, category: 'math', samplesPerTask: 1 })",
    ),
  },
]

const WORKFLOW = `# Runs the arbigraph suites against your model server, gates the release on the numbers,
# and uploads the dashboard. Set the repository variables ARBIGRAPH_BASE_URL (e.g.
# http://gpu-host:8000/v1) and ARBIGRAPH_MODEL, and the secret ARBIGRAPH_API_KEY if the server
# needs one. Until ARBIGRAPH_BASE_URL is set the evaluation is skipped with a notice: the gate
# refuses simulated numbers, so a run against the built-in simulator could only fail.
name: arbigraph
on:
  workflow_dispatch:
  pull_request:
  push:
    branches: [main]
jobs:
  eval:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm
      - run: npm ci
      - name: Run the suites and apply the gate
        run: |
          if [ -z "$ARBIGRAPH_BASE_URL" ]; then
            echo "::notice title=arbigraph evaluation skipped::no model server configured; set the repository variable ARBIGRAPH_BASE_URL (Settings > Secrets and variables > Actions > Variables), e.g. http://gpu-host:8000/v1, and ARBIGRAPH_MODEL"
            exit 0
          fi
          npx vitest run
        env:
          ARBIGRAPH_BASE_URL: \${{ vars.ARBIGRAPH_BASE_URL }}
          ARBIGRAPH_MODEL: \${{ vars.ARBIGRAPH_MODEL }}
          ARBIGRAPH_API_KEY: \${{ secrets.ARBIGRAPH_API_KEY }}
          # A broken rule fails this step, even when every case ran.
          ARBIGRAPH_GATE: '*.accuracy>=0.5'
      - uses: actions/upload-artifact@v4
        if: always() && vars.ARBIGRAPH_BASE_URL != ''
        with:
          name: arbigraph-dashboard
          path: out/dashboard/
      - uses: actions/upload-artifact@v4
        if: always() && vars.ARBIGRAPH_BASE_URL != ''
        with:
          name: arbigraph-results
          path: |
            out/results.json
            out/summary.md
`

const TSCONFIG = `{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "bundler",
    "lib": ["ES2023"],
    "strict": true,
    "noEmit": true,
    "allowImportingTsExtensions": true
  },
  "include": ["*.ts", "suites"]
}
`

const GITIGNORE = `node_modules/
out/
.arbigraph/
.vitest-reports/
`

/**
 * Every file of a new project, in the order init writes them.
 * @example projectFiles().map((f) => f.path) // ['vitest.config.ts', 'arbigraph.config.ts', …]
 */
export const projectFiles = (): ProjectFile[] => [
  { path: 'vitest.config.ts', content: VITEST_CONFIG },
  { path: 'arbigraph.config.ts', content: ARBIGRAPH_CONFIG },
  ...SUITES,
  { path: '.github/workflows/arbigraph.yml', content: WORKFLOW },
  { path: 'tsconfig.json', content: TSCONFIG, optional: true },
  { path: '.gitignore', content: GITIGNORE, optional: true },
]
