// A helper thread of `arbigraph generate` (src/generate/generation-threads.ts) in the installed
// package: it runs the bundled command line from the same compiled-code cache as the command
// (V8's flags are the process's, so the cache made under them holds here too) and serves the
// chunks the command's thread sends it. CommonJS, as bin/arbigraph.js, for the same reason.
'use strict'
const { realpathSync } = require('node:fs')
const { join } = require('node:path')
const { parentPort, workerData } = require('node:worker_threads')
const { compileCacheDir, loadCachedScript } = require('../dist/bin/compile-cache.cjs')

const bundle = realpathSync(join(__dirname, '../dist/bin/cli.cjs'))
// The command's own cache: the command saves it, with what it compiled, once it is done.
const cli = loadCachedScript(bundle, 'generate', compileCacheDir())
cli.exports.serveChunks(parentPort, workerData)
