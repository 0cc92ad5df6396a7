/**
 * The CLI's client: calls operations by id. Two transports: in-process (default; same validation and handler,
 * no socket) and HTTP (`--api-url`). Both answer the same result or throw the same ApiError.
 */
import type { RawInput } from '../api/validate'

export interface Client {
  call<T = any>(operationId: string, input?: RawInput): Promise<T>
  close(): Promise<void>
}
