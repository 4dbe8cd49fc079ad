// Unit tests call src/ directly (the CLI's `main`, `defineSuite`, `generateDataset` without a
// registry), as the entry points would after registering the built-ins: so do that first.
import '../../use-builtins.ts'
