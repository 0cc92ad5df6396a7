import { findOperation } from '../api/execute'
import type { RawInput } from '../api/validate'
import { ApiError, fromErrorBody } from '../errors'
import type { Client } from './client'

/** Calls a docsctl server's /v1 API. Errors come back as the ApiError the server raised. */
export function httpClient(apiUrl: string, token: string | null): Client {
  const base = apiUrl.replace(/\/+$/, '').replace(/\/v1$/, '')
  return {
    async call(operationId: string, input: RawInput = {}): Promise<any> {
      const operation = await findOperation(operationId)
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const value = input.params?.[name]
        if (value === undefined) throw new ApiError(400, `params.${name}: is required.`)
        return encodeURIComponent(String(value))
      })
      const url = new URL(`${base}/v1${path}`)
      for (const [key, value] of Object.entries(input.query ?? {})) {
        if (value === undefined) continue
        for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item))
      }
      const headers: Record<string, string> = { accept: 'application/json' }
      if (token) headers.authorization = `Bearer ${token}`
      let body: string | undefined
      if (input.body !== undefined && operation.method !== 'GET') {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(input.body)
      }
      let response: Response
      try {
        response = await fetch(url, { method: operation.method, headers, body })
      } catch (error) {
        throw new ApiError(503, `Cannot reach the docsctl server at ${base}: ${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message}.`)
      }
      const text = await response.text()
      const parsed = text ? safeJson(text) : undefined
      if (!response.ok) throw fromErrorBody(response.status, parsed)
      return parsed
    },
    async close() {},
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return { error: { code: 502, message: `The server answered something that is not JSON: ${text.slice(0, 200)}` } }
  }
}
