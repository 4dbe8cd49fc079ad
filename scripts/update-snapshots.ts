/** `npm run snapshots`: regenerates the golden datasets under `snapshots/` (review the diff first). */
import '../use-builtins.ts'
import { writeGeneratedDataset } from '../src/generate/generate-dataset.ts'
import { snapshotPath, snapshotSpecs } from './snapshot-specs.ts'

for (const [name, spec] of Object.entries(snapshotSpecs)) {
  await writeGeneratedDataset(snapshotPath(name), spec, { workers: 1 })
  console.log(`snapshots/${name}.jsonl`)
}
