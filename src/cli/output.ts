/**
 * The one place that decides how results reach the terminal: `--json` prints exactly one JSON document on
 * stdout; otherwise aligned tables and short summaries. Errors go to stderr (as the error object with --json).
 * Colour only on a TTY and never with NO_COLOR.
 */
import { ApiError } from '../errors'

export interface Output {
  json: boolean
  out: (text: string) => void
  err: (text: string) => void
}

export function createOutput(json: boolean): Output {
  return { json, out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }
}

/** 1.2 MB, 512 KB, 80 B (powers of 1,000, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} KB`
  return `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`
}

export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb'
}

/**
 * Whether `stream` is a terminal a person watches, where output may be redrawn in place: a TTY with a width,
 * outside CI (CI logs keep every byte written, so redrawing there makes noise or, with ink, shows nothing).
 */
export function liveTerminal(stream: NodeJS.WriteStream): boolean {
  const inCi = ['CI', 'CONTINUOUS_INTEGRATION'].some((key) => key in process.env && process.env[key] !== '0' && process.env[key] !== 'false')
  return Boolean(stream.isTTY) && stream.columns > 0 && process.env.TERM !== 'dumb' && !inCi
}

export function bold(text: string): string {
  return useColor() ? `\u001b[1m${text}\u001b[22m` : text
}

export function green(text: string): string {
  return useColor() ? `\u001b[32m${text}\u001b[39m` : text
}

export function red(text: string): string {
  return useColor() ? `\u001b[31m${text}\u001b[39m` : text
}

export function cyan(text: string): string {
  return useColor() ? `\u001b[36m${text}\u001b[39m` : text
}

export function dim(text: string): string {
  return useColor() ? `\u001b[2m${text}\u001b[22m` : text
}

export function printJson(output: Output, value: unknown): void {
  output.out(JSON.stringify(value, null, 2) + '\n')
}

export interface Column<T> {
  header: string
  value: (row: T) => unknown
}

/** Aligned columns; the last column is not padded. Empty lists say so. */
export function formatTable<T>(rows: T[], columns: Column<T>[], empty = 'Nothing to show.'): string {
  if (rows.length === 0) return empty + '\n'
  const cells = rows.map((row) => columns.map((c) => cell(c.value(row))))
  const widths = columns.map((c, i) => Math.max(c.header.length, ...cells.map((r) => r[i].length)))
  const line = (values: string[]) => values.map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]))).join('  ').trimEnd()
  return [bold(line(columns.map((c) => c.header.toUpperCase()))), ...cells.map(line)].join('\n') + '\n'
}

/** `key  value` lines for one object. */
export function formatFields(fields: [string, unknown][]): string {
  const shown = fields.filter(([, v]) => v !== undefined && v !== null && v !== '')
  const width = Math.max(...shown.map(([k]) => k.length))
  return shown.map(([k, v]) => `${dim(k.padEnd(width))}  ${cell(v)}`).join('\n') + '\n'
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '-'
  if (Array.isArray(value)) return value.join(', ') || '-'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Prints an error (its message, or the error object with --json) and answers the exit code. */
export function printError(output: Output, error: unknown): number {
  const apiError = error instanceof ApiError ? error : undefined
  if (output.json) {
    const body = apiError
      ? { error: { code: apiError.status, message: apiError.message, ...(apiError.data ? { data: apiError.data } : {}) } }
      : { error: { code: 1, message: (error as Error)?.message ?? String(error) } }
    output.out(JSON.stringify(body, null, 2) + '\n')
    output.err(`Error: ${body.error.message}\n`)
  } else {
    output.err(`Error: ${(error as Error)?.message ?? String(error)}\n`)
  }
  return 1
}
