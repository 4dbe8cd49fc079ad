/**
 * The unit test files that run in a worker of their own. Every other unit test file shares its
 * worker's loaded modules with the files before it (`isolate: false`), because a fresh process
 * and module graph per file cost more CPU than most files' tests; sharing is safe for a file
 * that leaves the process as it found it. These do not, or might not: they write environment
 * variables with plain assignments (read by later files' code), mock modules, fake timers or
 * change the working directory. `vi.stubEnv` is fine anywhere: the shared project unstubs after each
 * test; so is a write the file puts back itself, said in a comment starting `Shares its worker:`.
 * test/architecture/test-isolation.test.ts checks that every other file doing any of the above is
 * listed here. State a module keeps is the same: a file that sets it puts it back (as
 * io/reference/gsm-stage does with the GSM templates, which check-reference's and
 * io/reference/graph's no-templates cases need unset: seen failing in two orders of a full run).
 */
export const ISOLATED = ['test/reporters/progress-run.test.ts']
