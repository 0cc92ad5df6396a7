/**
 * The CLI's client: calls operations by id. Two transports: in-process (default; same validation and handler,
 * no socket) and HTTP (`--api-url`). Both answer the same result or throw the same ApiError.
 */
import type { RawInput } from '../api/validate'

export interface Client {
  call<T = any>(operationId: string, input?: RawInput): Promise<T>
  /** In process, where jobs run in this process: while some run, when the worker runs out of due ones. */
  jobsBusy?(): Promise<void> | undefined
  close(): Promise<void>
}
