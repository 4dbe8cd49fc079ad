/**
 * Every `arbigraph` command, in the order `arbigraph --help` lists them. Each entry carries only
 * what the overview prints; the command's module (and everything it imports: mathjs, pyodide,
 * Playwright, Viz.js, the OpenAI client…) is imported when that command runs, so `arbigraph
 * --help` and a command's start-up pay only for what they use. Plugins add their own commands
 * (the GSM-Symbolic and LeetCode importers are the gsm and python plugins'), listed after these.
 */
import type { PluginCommand } from '../../registry.ts'

/** One command as the overview lists it, and how to load it. */
export type CommandEntry = PluginCommand

/**
 * The commands `main` dispatches to.
 * @example commands.map((c) => c.name) // ['generate', 'validate', …]
 */
export const commands: readonly CommandEntry[] = [
  {
    name: 'generate',
    summary: 'Generate a dataset file for a topology (baseline, forgetting, chain, multichain, dag, random).',
    load: async () => (await import('./generate.ts')).generateCommand,
  },
  {
    name: 'sweep',
    summary: 'Generate a scaling sweep (one dataset per value of one option) and print its cost per point.',
    load: async () => (await import('./sweep.ts')).sweepCommand,
  },
  {
    name: 'validate',
    summary:
      'Check a dataset file: schemas, structure, every ground truth recomputed, instances regenerated.',
    load: async () => (await import('./validate.ts')).validateCommand,
  },
  {
    name: 'render',
    summary: 'Print the prompt (or, with --json, the whole record) of one instance.',
    load: async () => (await import('./render.ts')).renderCommand,
  },
  {
    name: 'viz',
    summary: "Draw one instance's task graph as SVG (or DOT).",
    load: async () => (await import('./viz.ts')).vizCommand,
  },
  {
    name: 'list',
    summary: 'List the categories (with their templates) and topologies (with their options).',
    load: async () => (await import('./list.ts')).listCommand,
  },
  {
    name: 'report',
    summary: 'Recompute the report (table, Markdown, gate) from a results file.',
    load: async () => (await import('./report.ts')).reportCommand,
  },
  {
    name: 'compare',
    summary: 'Compare two results files per cell (paired McNemar test); exit 1 on a significant drop.',
    load: async () => (await import('./compare.ts')).compareCommand,
  },
  {
    name: 'board',
    summary:
      'Build the board across runs: models × cells with Wilson intervals and McNemar, as a page and Markdown.',
    load: async () => (await import('./board.ts')).boardCommand,
  },
  {
    name: 'export',
    summary: 'Write every trial of results files as one flat table: CSV, Parquet or JSONL.',
    load: async () => (await import('./export.ts')).exportCommand,
  },
  {
    name: 'import-reference',
    summary: 'Convert a reference dataset into an arbigraph dataset file (JSONL).',
    load: async () => (await import('./import-reference.ts')).importReferenceCommand,
  },
  {
    name: 'check-reference',
    summary: 'Recompute every stage of a reference dataset with our operators and compare exactly.',
    load: async () => (await import('./check-reference.ts')).checkReferenceCommand,
  },
  {
    name: 'eval',
    summary:
      'Run benchmark suites (vitest run with the arbigraph plugin) on a model endpoint or the simulator',
    load: async () => (await import('./eval.ts')).evalCommand,
  },
  {
    name: 'init',
    summary:
      'Scaffold a benchmark in this folder: vitest.config.ts, suites, arbigraph.config.ts, CI workflow',
    load: async () => (await import('./init.ts')).initCommand,
  },
  {
    name: 'doctor',
    summary: 'Check a model server (vLLM flags, tool calls, reasoning, overflows) before a run',
    load: async () => (await import('./doctor.ts')).doctorCommand,
  },
  {
    name: 'replay-reference',
    summary: 'Replay a reference results file through our harness and compare every decision',
    load: async () => (await import('./replay-reference.ts')).replayReferenceCommand,
  },
]
