/**
 * Precompiled validators by `operationId:location`. Empty in source: scripts/build.mjs replaces this module in
 * the bundle with Ajv standalone code generated from the operation table (scripts/generate-validators.ts).
 */
import type { ValidateFunction } from 'ajv'

export const precompiled: Record<string, ValidateFunction> | undefined = undefined
