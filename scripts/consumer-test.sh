#!/usr/bin/env bash
# The consumer test: arbigraph used as a user uses it, in fresh projects outside this repository,
# installed twice: from the packed tarball (prepack builds dist/; the tarball has no tests and is
# under 3 MB), and from a git URL (`git+file://` of a clone of HEAD: npm clones it, installs its
# dev dependencies, runs `prepare`, which builds dist/, and packs it; no network but the npm
# registry). Uncommitted changes are in the tarball only. Each install goes with vitest into a
# temporary "type": "module" project (dependencies from the npm cache that `npm ci` filled, else
# the registry), its files are checked as the tarball's are, and it passes, on the simulator:
#   1. a hand-written project: vitest.config.ts with arbigraph() from arbigraph/vitest, a suite
#      calling defineSuite, an arbigraph.config.ts adding a one-template category with defineConfig
#      from arbigraph/config: `npx vitest run` and `npx tsc --noEmit` pass, the results land in the
#      project's out/ and hold the user's category, nothing is written inside the package;
#   2. the same project with a CommonJS package.json, and with none;
#   3. `npx arbigraph init` in an empty project, then `npx vitest run` and `npx tsc --noEmit`;
#      a second init refuses to overwrite;
#   4. the documentation's examples (docs/examples/) pass `npx tsc --noEmit` in the init project.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arbigraph-consumer-XXXXXX")
trap 'rm -rf "$work"' EXIT
for name in $(compgen -e | grep '^ARBIGRAPH_' || true); do unset "$name"; done
# The installed bin's compiled-code cache: in the scratch folder, not this machine's user cache.
export ARBIGRAPH_COMPILE_CACHE="$work/compile-cache"
unset GITHUB_STEP_SUMMARY
export NO_COLOR=1 npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

step() { printf '\n== consumer test (%ss): %s\n' "$SECONDS" "$*"; }
fail() { printf 'consumer test FAILED: %s\n' "$*" >&2; exit 1; }
# The repository's own pinned version of a dev dependency, so the install hits the npm cache.
pinned() { node -p "require('$repo/package.json').devDependencies['$1']"; }

step "npm pack"
(cd "$repo" && npm pack --silent --json --pack-destination "$work" >"$work/pack.json")
# Fails unless the package's files ($1: `npm pack --json`'s output, or an installed package's
# folder) hold no tests and no TypeScript sources, hold every entry point, and (for a tarball) the
# package is small.
check_files() {
  node - "$1" <<'JS' || fail "the package's contents ($1)"
const { readFileSync, readdirSync, statSync } = require('node:fs')
const { join, relative } = require('node:path')
const from = process.argv[2]
const MB = 1024 * 1024
let paths
if (from.endsWith('.json')) {
  const [{ filename, size, unpackedSize, files }] = JSON.parse(readFileSync(from, 'utf8'))
  console.log(`${filename}: ${files.length} files, ${(size / MB).toFixed(2)} MB packed, ${(unpackedSize / MB).toFixed(2)} MB unpacked`)
  // The tarball is what `npm pack` makes and a user downloads (issue 12: under 3 MB). Unpacked, the
  // compiled tree with its declarations and maps plus the bundled CLI (dist/bin/) is about 5 MB;
  // the bound catches what does not belong there (tests, data, a second bundle).
  if (size >= 3 * MB) throw new Error('the package is 3 MB or more')
  if (unpackedSize >= 8 * MB) throw new Error('the package unpacks to 8 MB or more')
  paths = files.map((f) => f.path)
} else {
  const walk = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))
  // The installed package's own files, not the dependencies npm may nest in it.
  paths = walk(from).map((p) => relative(from, p)).filter((p) => !p.startsWith('node_modules/'))
  console.log(`${from}: ${paths.length} files`)
}
const tests = paths.filter((p) => /(^|\/)(test|tests|__tests__)\/|\.test\.[cm]?[jt]s$/.test(p))
if (tests.length > 0) throw new Error(`the package contains tests: ${tests.slice(0, 5).join(', ')}`)
for (const entry of ['dist/index.js', 'dist/index.d.ts', 'dist/vitest.js', 'dist/bin/cli.cjs', 'dist/src/cli/compile-cache.js', 'dist/bin/compile-cache.cjs', 'bin/package.json', 'dist/src/config.js', 'bin/arbigraph.js'])
  if (!paths.includes(entry)) throw new Error(`the package lacks ${entry}`)
if (paths.some((p) => /^(src|plugins|reporters|suites)\/.*\.ts$/.test(p))) throw new Error('the package ships TypeScript sources')
JS
}
tarball="$work/$(node -p "require('$work/pack.json')[0].filename")"
check_files "$work/pack.json"

# Fails unless $1/out/results.json has records of category $2 and the package wrote nothing into itself.
check_results() {
  node - "$1" "$2" <<'JS' || fail "results of $1"
const { existsSync, readFileSync } = require('node:fs')
const [dir, category] = process.argv.slice(2)
const { records } = JSON.parse(readFileSync(`${dir}/out/results.json`, 'utf8'))
const mine = records.filter((r) => r.category.split('+').includes(category))
console.log(`${dir}/out/results.json: ${records.length} records, ${mine.length} of category "${category}"`)
if (mine.length === 0) throw new Error(`no record of category "${category}"`)
if (!existsSync(`${dir}/out/dashboard/index.html`)) throw new Error('no dashboard in out/')
for (const inside of ['out', '.arbigraph'])
  if (existsSync(`${dir}/node_modules/arbigraph/${inside}`)) throw new Error(`the run wrote into node_modules/arbigraph/${inside}`)
JS
}

# A fresh ESM project in the folder $1 with the package installed from $2 (a tarball's path or a
# git URL) and vitest: vitest.config.ts with the plugin, arbigraph.config.ts with the user's
# category, a suite, tsconfig.json.
make_app() {
local app=$1
step "install $2 with vitest into $app"
mkdir -p "$app/suites"
printf '{ "name": "consumer-app", "private": true, "type": "module" }\n' >"$app/package.json"
(cd "$app" && npm install --prefer-offline --silent --save-dev "$2" \
  "vitest@$(pinned vitest)" "typescript@$(pinned typescript)" "@types/node@$(pinned @types/node)")

cat >"$app/vitest.config.ts" <<'TS'
import { arbigraph } from 'arbigraph/vitest'
import { defineConfig } from 'vitest/config'

export default defineConfig({ plugins: [arbigraph()] })
TS
cat >"$app/arbigraph.config.ts" <<'TS'
import type { TaskTemplate } from 'arbigraph'
import { defineConfig } from 'arbigraph/config'

const triple: TaskTemplate = {
  id: 'Triple',
  family: 'tripling',
  summary: 'triples its input',
  inputKinds: ['scalar'],
  outputKind: 'scalar',
  params: () => ({}),
  solve: (input) => (typeof input === 'bigint' ? input : BigInt(Math.round(input as number))) * 3n,
  text: ({ source, out }) => `Multiply ${source} by 3; call the result ${out}.`,
}

// The suites may name the category: declared for tsc, which refuses a name nobody declared.
declare module 'arbigraph' {
  interface RegisteredCategories {
    tripling: true
  }
}

export default defineConfig({ plugins: [{ name: 'consumer', categories: [{ name: 'tripling', templates: [triple] }] }] })
TS
cat >"$app/suites/tripling.eval.ts" <<'TS'
import { defineSuite } from 'arbigraph/vitest'

defineSuite({ topology: 'chain', options: { length: 3 }, categories: ['tripling', 'math'], samplesPerTask: 3 })
TS
cat >"$app/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noEmit": true
  },
  "include": ["*.ts", "suites"]
}
JSON
}

# The ESM project's files and installed packages in the folder $1, whose package.json (if any) is
# written already: npx vitest run, the user's category in its results, npx tsc --noEmit ($2 names
# the project in a failure).
same_files_in() {
  local app=$3
  cp -r "$app/suites" "$app/vitest.config.ts" "$app/arbigraph.config.ts" "$app/tsconfig.json" "$1/"
  ln -s "$app/node_modules" "$1/node_modules"
  (cd "$1" && npx vitest run --reporter=dot) || fail "npx vitest run in $2"
  check_results "$1" tripling
  (cd "$1" && npx tsc --noEmit) || fail "npx tsc --noEmit in $2"
}

# Every check on the ESM project $1 made by make_app, and on projects beside it ($2 names the
# install in the step lines): vitest, tsc, list, generate, CommonJS, no package.json, init.
consumer_checks() {
local app=$1 name=$2 work
work=$(dirname "$1")/$2-more
mkdir -p "$work"
step "$name, ESM project: npx vitest run, npx tsc --noEmit, npx arbigraph list"
(cd "$app" && npx vitest run --reporter=dot) || fail "npx vitest run in the ESM project"
check_results "$app" tripling
(cd "$app" && npx tsc --noEmit) || fail "npx tsc --noEmit in the ESM project"
# The suites alone (with the config that declares their category's name), as a project that
# type-checks only them does: without vitest.config.ts in the program, Vitest's augmentation of
# Vite's config is not loaded, and our declarations must not need it.
printf '{ "extends": "./tsconfig.json", "include": ["suites", "arbigraph.config.ts"] }\n' >"$app/tsconfig.suites.json"
(cd "$app" && npx tsc --noEmit -p tsconfig.suites.json) || fail "npx tsc --noEmit on the suites alone"
# A misspelt topology fails tsc through the installed declarations.
mkdir -p "$app/typo"
printf "import { defineSuite } from 'arbigraph/vitest'\n\ndefineSuite({ topology: 'chian', category: 'math' })\n" >"$app/typo/suite.ts"
printf '{ "extends": "../tsconfig.json", "include": ["."] }\n' >"$app/typo/tsconfig.json"
if (cd "$app" && npx tsc --noEmit -p typo >"$app/typo/tsc.txt"); then fail "tsc accepted topology: 'chian'"; fi
grep -q "'\"chian\"' is not assignable" "$app/typo/tsc.txt" || fail "tsc did not name the misspelt topology: $(cat "$app/typo/tsc.txt")"
(cd "$app" && npx arbigraph list >list.txt && grep -q 'Triple' list.txt) || fail "arbigraph list does not show the user's template"

step "$name, ESM project: npx arbigraph generate, one thread and three (the installed helper threads), same bytes"
# Enough samples that the helpers take chunks; the user's category is generated in them too.
(cd "$app" && npx arbigraph generate chain --length 3 --category math,tripling --samples-per-task 40 --out one.jsonl --workers 1) ||
  fail "arbigraph generate with one thread"
(cd "$app" && npx arbigraph generate chain --length 3 --category math,tripling --samples-per-task 40 --out three.jsonl --workers 3) ||
  fail "arbigraph generate with three threads"
cmp "$app/one.jsonl" "$app/three.jsonl" || fail "arbigraph generate wrote different files for one thread and three"

step "$name, ESM project: npx arbigraph generate transduction, one thread and two (the installed worker pool), same bytes"
# The bundled command line loads the worker pool's package as the installed package has it;
# a checkout's tests run the sources and would not see an import the bundle gets wrong.
(cd "$app" && npx arbigraph generate transduction --budget 4K --level 0 --samples 2 --out lt-one.jsonl) ||
  fail "arbigraph generate transduction with one thread"
(cd "$app" && npx arbigraph generate transduction --budget 4K --level 0 --samples 2 --workers 2 --out lt-two.jsonl) ||
  fail "arbigraph generate transduction with two worker threads"
cmp "$app/lt-one.jsonl" "$app/lt-two.jsonl" || fail "arbigraph generate transduction wrote different files for one thread and two"

step "$name, CommonJS project: the same files"
mkdir -p "$work/cjs"
printf '{ "name": "consumer-cjs", "private": true, "type": "commonjs" }\n' >"$work/cjs/package.json"
same_files_in "$work/cjs" "the CommonJS project" "$app"

step "$name, A project with no package.json: the same files"
# Node and Vite then take the .ts configs for CommonJS by default, as in a CommonJS project, but
# nothing says so: issue 12's third case of where a user's config must load with no flags.
mkdir -p "$work/no-manifest"
same_files_in "$work/no-manifest" "the project with no package.json" "$app"

step "$name, npx arbigraph init, then npx vitest run and npx tsc --noEmit"
init="$work/init"
mkdir -p "$init"
printf '{ "name": "consumer-init", "private": true, "type": "module" }\n' >"$init/package.json"
ln -s "$app/node_modules" "$init/node_modules"
(cd "$init" && npx arbigraph init) || fail "arbigraph init"
(cd "$init" && npx vitest run --reporter=dot) || fail "npx vitest run after init"
check_results "$init" doubling
(cd "$init" && npx tsc --noEmit) || fail "npx tsc --noEmit after init"
if (cd "$init" && npx arbigraph init >"$work/again.txt" 2>&1); then fail "a second init overwrote the project"; fi
grep -q 'will not overwrite existing vitest.config.ts' "$work/again.txt" || fail "a second init did not say why: $(cat "$work/again.txt")"
}

make_app "$work/tarball-app" "$tarball"
consumer_checks "$work/tarball-app" tarball

step "git clone of HEAD, installed through git+file:// (npm builds dist/ through prepare)"
# A clone, as a user's git URL names a repository (CI's checkout may be shallow; a clone of it is
# as well, and npm takes it). npm clones it again, installs its dev dependencies and runs prepare.
git clone --quiet "file://$repo" "$work/arbigraph.git" || fail "git clone of $repo"
make_app "$work/git-app" "git+file://$work/arbigraph.git"
check_files "$work/git-app/node_modules/arbigraph"
consumer_checks "$work/git-app" git

step "the documentation's examples type-check under init's tsconfig"
# The pages show the files of docs/examples/ (test/docs/examples.test.ts runs them from the
# sources); here they compile against the published declarations, with the settings init gives.
mkdir -p "$init/docs-examples"
cp -r "$repo/docs/examples/." "$init/docs-examples/"
printf '{ "extends": "../tsconfig.json", "include": ["."] }\n' >"$init/docs-examples/tsconfig.json"
(cd "$init/docs-examples" && npx tsc --noEmit -p .) || fail "npx tsc --noEmit on the documentation's examples"

step "passed"
