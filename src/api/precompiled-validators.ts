/**
 * Precompiled validators: for each operation id, a loader of its module of validators by `operationId:location`.
 * Empty in source: scripts/build.mjs replaces this module in the bundle with one lazily imported module per
 * operation of Ajv standalone code generated from the operation table (scripts/generate-validators.ts).
 */
import type { ValidateFunction } from 'ajv'

export const precompiled: Record<string, () => Promise<{ validators: Record<string, ValidateFunction> }>> | undefined = undefined
