/**
 * For each operation id, a loader of that operation from its own module. Empty in source (everything is loaded
 * through ./index); scripts/build.mjs replaces this module in the bundle with one generated from the operation
 * table, so that a CLI command loads the code of the operation it calls and not of all the others.
 */
import type { Operation } from './operation'

export const operationLoaders: Record<string, () => Promise<Operation>> | undefined = undefined
