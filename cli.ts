/**
 * The `arbigraph` command line, as bin/arbigraph.js runs it: the built-ins registered, then
 * `main` (src/cli/main.ts).
 */
import './use-builtins.ts'

export { main } from './src/cli/main.ts'
