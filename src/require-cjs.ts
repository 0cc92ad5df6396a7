/**
 * CommonJS packages (better-sqlite3, isomorphic-git) are loaded with require, not `import`: Node's ESM loader
 * first scans a CommonJS module's whole source for its export names (cjs-module-lexer), which for
 * isomorphic-git's 575 KB bundle costs tens of milliseconds at every start.
 */
import { createRequire } from 'node:module'

export const requireCjs = createRequire(import.meta.url)
