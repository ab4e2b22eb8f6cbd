// A test that makes its own Toolscope forgets the operator's settings first: nothing of a shell's
// TOOLSCOPE_* or DATABASE_URL may reach it. The suites' own TOOLSCOPE_TEST_* settings stay (which
// suite this is, so that programs start from its bundles: test/programs.ts), as npm test keeps them.
export function forgetProductSettings(): void {
  for (const name of Object.keys(process.env))
    if ((name.startsWith("TOOLSCOPE_") && !name.startsWith("TOOLSCOPE_TEST_")) || name === "DATABASE_URL") delete process.env[name];
}
