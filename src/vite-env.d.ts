/**
 * Build-time flags (vite.config.ts `define`): replaced by a literal in the bundle, so a branch on a false
 * flag is removed with everything only it imports.
 */
interface ImportMetaEnv {
  /** True only in the test build (`vite build --mode e2e`): test APIs, fault injection, test-only caps. */
  readonly VITE_TEST_HOOKS: boolean;
}
