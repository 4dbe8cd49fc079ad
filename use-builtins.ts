/**
 * Hands the built-in plugins (plugins/builtins.ts) to the registry. Every entry point imports
 * this first; it sits at the package root with them because it joins `src/` (the engine) and
 * `plugins/` (the built-ins), which `src/` never imports. Only the module's URL is recorded:
 * nothing of the plugins loads until a registry needs it, and worker threads get the same URL.
 */
import { pathToFileURL } from 'node:url'
import { useBuiltins } from './src/builtins.ts'
import { siblingModule } from './src/package-root.ts'

useBuiltins(
  pathToFileURL(siblingModule(import.meta.url, './plugins/builtins')).href,
  () => import('./plugins/builtins.ts'),
)
