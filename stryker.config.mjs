// @ts-check
/**
 * Mutation testing of the machines (issue 20): every machine in machines/ is mutated and the
 * model tests (tests/model, through tests/model/vitest.mutation.config.ts) must kill the mutants.
 *
 *   npm run mutation                                   every machine, incremental
 *   npm run mutation -- --mutate machines/login.ts     one machine (or a glob of them)
 *   npm run mutation -- --force                        every mutant again, ignoring the last run
 *
 * Incremental: the last run's results are kept in reports/mutation/incremental.json (gitignored);
 * a mutant whose code and tests did not change keeps its result, so a run after editing one
 * machine or one test file only tests what that change touches. A static mutant (one that runs when the machine's
 * module loads) is tied to the test that loads it first: a new test elsewhere that would kill it does not make it
 * run again, so after adding tests give the score of a `--force` run.
 *
 * Two test runners at most: the machine has two cores shared with other work.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', './tests/model/stryker-ignore.mjs'],
  // descriptions, setup's types and its placeholder actors: see tests/model/stryker-ignore.mjs
  ignorers: ['machine-documentation'],
  vitest: { configFile: 'tests/model/vitest.mutation.config.ts', related: true },
  mutate: ['machines/*.ts', '!machines/types.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  concurrency: 2,
  // a machine's definition runs when its module loads: most of its mutants are static ones
  ignoreStatic: false,
  // added to a mutant's expected run time (the dry run's, times timeoutFactor): a mutant whose tests never end
  // (a loop, a promise never settled) is given up on after that long and counts as killed
  timeoutMS: 15_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.stryker-tmp',
  // not copied into the sandbox: build output and test results, which other runs (vite, Playwright) may be writing
  ignorePatterns: ['/dist', '/test-results', '/reports'],
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
}
