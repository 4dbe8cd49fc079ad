// npm's `prepare` script: builds dist/ when the package is installed from git (or from a
// directory with --install-links), and does nothing when the project's own checkout installs its
// dependencies (`npm ci`, `npm install` in it), where the sources run through tsx and a build
// would only slow every install down.
//
// The signal is INIT_CWD, the folder npm was started in (npm, pnpm and yarn set it): in a
// checkout the install starts in it (or below it); for a git dependency npm clones the repository
// into a temporary folder, installs its dev dependencies there, then runs this script from the
// user's project, which is never inside that clone (npm's own nested install in the clone starts
// there and is skipped too: the run from the user's project builds, once). `npm pack` in the
// checkout builds through `prepack`, so skipping here does not build twice. With no INIT_CWD (run
// by hand or by another tool), it builds: a needless build is slow, a missing dist/ is broken.
import { spawnSync } from 'node:child_process'
import { realpathSync } from 'node:fs'
import { isAbsolute, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Whether `from`, where the install started, is `root` or inside it. */
function startedInside(from, root) {
  const path = relative(root, from)
  return path === '' || !(path === '..' || path.startsWith(`..${sep}`) || isAbsolute(path))
}

const real = (path) => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

const root = real(fileURLToPath(new URL('..', import.meta.url)))
const from = process.env.INIT_CWD
if (from !== undefined && startedInside(real(from), root)) {
  console.error(
    'arbigraph prepare: the checkout installs its own dependencies; dist/ is built by `npm run build`',
  )
} else {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url))], {
    stdio: 'inherit',
  })
  process.exitCode = built.status ?? 1
}
