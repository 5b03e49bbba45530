// Fixture of scripts/check-path-references.mjs: two good references and two planted stale ones.
// Good: ./other.ts (beside this file) and scripts/check-path-references.mjs (from the repository root).
// Stale: ./missing-helper.ts and shell/src/server/gone.ts.
export const text = 'a string naming shell/src/not-a-comment.ts is code, not a comment';
