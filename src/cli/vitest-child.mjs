// The Vitest command line as `arbigraph eval` runs it, in its child process: Vitest's own bin,
// whose path is the first argument (taken out of process.argv before Vitest reads it). Vitest's
// argument parser throws its usage errors (an unknown option, a missing value) from the bin's top
// level, which Node prints with a stack; here they are one line and exit 2, as the other commands'.
// Plain JavaScript: the child runs without a TypeScript loader.
import { pathToFileURL } from 'node:url'

const [bin] = process.argv.splice(2, 1)
try {
  await import(pathToFileURL(bin).href)
} catch (error) {
  if (error?.name !== 'CACError') throw error
  // "Unknown option `--shrad`" → 'unknown option "--shrad"', worded as src/cli/args.ts words ours.
  const message = error.message.replace(/`([^`]*)`/g, '"$1"')
  process.stderr.write(
    `arbigraph eval: ${message[0].toLowerCase()}${message.slice(1)} (see "arbigraph eval --help")\n`,
  )
  process.exitCode = 2
}
