import type { Engine } from '../engine'
import { executeOperation, findOperation } from '../api/execute'
import type { RawInput } from '../api/validate'
import type { Client } from './client'

/** Runs operations against an open engine, as the caller the token stands for. */
export function inProcessClient(engine: Engine, token: string | null): Client {
  return {
    async call(operationId: string, input: RawInput = {}) {
      // Bodies cross as JSON over HTTP: do the same here, so undefined fields vanish alike on both transports.
      const body = input.body === undefined ? undefined : JSON.parse(JSON.stringify(input.body))
      const result = await executeOperation(engine, await findOperation(operationId), { ...input, body }, { token })
      // A JSON round trip gives exactly what the HTTP transport would parse (no undefined fields, plain objects).
      return result.body === undefined ? undefined : JSON.parse(JSON.stringify(result.body))
    },
    jobsBusy: () => engine.jobs.busy(),
    close: () => engine.close(),
  }
}
