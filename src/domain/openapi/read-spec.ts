/**
 * Reading an OpenAPI specification: fetch the entry file (http, https or file, with a timeout, or from uploaded
 * text), parse it (YAML or JSON), follow every `$ref` to another file the same way, and validate the whole as
 * OpenAPI 3.x or Swagger 2.0 with @readme/openapi-parser. The answer is a filesystem: each file's parsed document
 * by its path relative to the folder the files share, with `$ref`s left as written so they still resolve there.
 *
 * Failures are `SpecReadError`s with the code the API shows: FETCH_TIMEOUT, FETCH_ERROR or PARSE_ERROR.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse as parseYaml } from 'yaml'
import type { OpenAPISpecErrorCode } from '../../store/tables/openapi-spec.table'

export class SpecReadError extends Error {
  constructor(
    readonly code: OpenAPISpecErrorCode,
    message: string,
    /** The validator's findings, for `lastProcessedErrors`. */
    readonly details: { message: string; code?: string }[] = [{ message }],
  ) {
    super(message)
  }
}

/** Default time allowed for fetching one file; `DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS` overrides it. */
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000
/** At most this many files are followed from one entry file, each at most this large. */
export const MAX_SPEC_FILES = 200
export const MAX_SPEC_FILE_BYTES = 20 * 1024 * 1024

/** Uploaded files are read from a folder of this virtual address, the entry being its `entry` path. */
const UPLOAD_BASE = 'file:///upload/'

export interface UploadedSpec {
  /** Path of the entry file among `files`. */
  entry: string
  /** Text of each file by its path (relative, `/`-separated). */
  files: Record<string, string>
}

export interface SpecFilesystem {
  /** Key of the entry file in `files`. */
  entrypoint: string
  /** Parsed document of each file by path. */
  files: Record<string, unknown>
  /** Raw text of each file by path (what was read). */
  texts: Record<string, string>
}

export type ReadText = (url: URL) => Promise<string>

/** Reads http(s) and file addresses, each within `timeoutMs`. */
export function fetchText(timeoutMs = fetchTimeout()): ReadText {
  return async (url) => {
    if (url.protocol === 'file:') {
      try {
        const text = await readFile(fileURLToPath(url), 'utf8')
        if (Buffer.byteLength(text) > MAX_SPEC_FILE_BYTES) throw new SpecReadError('FETCH_ERROR', `${url.href} is larger than ${MAX_SPEC_FILE_BYTES} bytes.`)
        return text
      } catch (error) {
        if (error instanceof SpecReadError) throw error
        throw new SpecReadError('FETCH_ERROR', `Could not read ${url.href}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`)
      }
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SpecReadError('FETCH_ERROR', `${url.href}: only http, https and file addresses can be fetched.`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json, application/yaml, text/yaml, */*' } })
      if (!response.ok) throw new SpecReadError('FETCH_ERROR', `GET ${url.href} answered ${response.status} ${response.statusText}.`)
      const text = await response.text()
      if (Buffer.byteLength(text) > MAX_SPEC_FILE_BYTES) throw new SpecReadError('FETCH_ERROR', `${url.href} is larger than ${MAX_SPEC_FILE_BYTES} bytes.`)
      return text
    } catch (error) {
      if (error instanceof SpecReadError) throw error
      const name = (error as Error).name
      if (name === 'TimeoutError' || name === 'AbortError') throw new SpecReadError('FETCH_TIMEOUT', `GET ${url.href} did not answer within ${timeoutMs} ms.`)
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new SpecReadError('FETCH_ERROR', `GET ${url.href} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}.`)
    }
  }
}

function fetchTimeout(): number {
  const value = Number(process.env.DOCSCTL_OPENAPI_FETCH_TIMEOUT_MS)
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_FETCH_TIMEOUT_MS
}

/** Reads uploaded files as if they were in one folder. */
function uploadedText(upload: UploadedSpec): ReadText {
  return async (url) => {
    const path = url.href.startsWith(UPLOAD_BASE) ? decodeURIComponent(url.href.slice(UPLOAD_BASE.length)) : undefined
    const text = path === undefined ? undefined : upload.files[path]
    if (text === undefined) throw new SpecReadError('FETCH_ERROR', `${path ?? url.href} is referenced but was not uploaded with the spec.`)
    return text
  }
}

/**
 * Reads the spec at `source` (an address, or uploaded files) with every file its `$ref`s reach, and validates it.
 */
export async function readSpec(source: { url: string } | { upload: UploadedSpec }, read: ReadText = fetchText()): Promise<SpecFilesystem> {
  const collected = 'url' in source ? await collectFiles(new URL(source.url), read) : await collectFiles(new URL(source.upload.entry, UPLOAD_BASE), uploadedText(source.upload))
  await validateSpec(collected)
  return collected
}

/** Reads the entry file and, breadth first, every other file a `$ref` points into. */
export async function collectFiles(entry: URL, read: ReadText): Promise<SpecFilesystem> {
  entry.hash = ''
  const documents = new Map<string, { text: string; document: unknown }>()
  const queue = [entry]
  while (queue.length) {
    const url = queue.shift()!
    if (documents.has(url.href)) continue
    if (documents.size >= MAX_SPEC_FILES) throw new SpecReadError('FETCH_ERROR', `The spec references more than ${MAX_SPEC_FILES} files.`)
    const text = await read(url)
    const document = parseDocument(text, url)
    documents.set(url.href, { text, document })
    for (const ref of externalRefs(document)) {
      let target: URL
      try {
        target = new URL(ref, url)
      } catch {
        throw new SpecReadError('PARSE_ERROR', `${url.href}: "$ref": "${ref}" is not a valid reference.`)
      }
      target.hash = ''
      // A spec reaches only files of its own kind: an http spec cannot make the server read its local files.
      if (target.protocol !== entry.protocol || (entry.protocol !== 'file:' && target.origin !== entry.origin)) {
        throw new SpecReadError('FETCH_ERROR', `${url.href}: "$ref": "${ref}" points outside the spec's origin (${entry.origin === 'null' ? entry.protocol : entry.origin}).`)
      }
      if (!documents.has(target.href)) queue.push(target)
    }
  }
  const base = commonFolder([...documents.keys()])
  const files: Record<string, unknown> = {}
  const texts: Record<string, string> = {}
  for (const [href, { text, document }] of documents) {
    const path = decodeURIComponent(href.slice(base.length))
    files[path] = document
    texts[path] = text
  }
  return { entrypoint: decodeURIComponent(entry.href.slice(base.length)), files, texts }
}

function parseDocument(text: string, url: URL): unknown {
  let document: unknown
  try {
    document = parseYaml(text, { maxAliasCount: 1000 })
  } catch (error) {
    throw new SpecReadError('PARSE_ERROR', `${url.href} is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`)
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new SpecReadError('PARSE_ERROR', `${url.href} does not hold an object (a JSON or YAML document with fields).`)
  }
  return document
}

/** The file parts of every `$ref` that points into another file. */
function externalRefs(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) externalRefs(item, found)
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const file = value.split('#')[0]
        if (file) found.add(file)
      } else externalRefs(value, found)
    }
  }
  return found
}

/** The longest folder address that holds every file (ends with `/`). */
function commonFolder(hrefs: string[]): string {
  let base = hrefs[0].slice(0, hrefs[0].lastIndexOf('/') + 1)
  for (const href of hrefs) while (!href.startsWith(base)) base = base.slice(0, base.slice(0, -1).lastIndexOf('/') + 1)
  return base
}

/**
 * Validates with @readme/openapi-parser. Its resolver reads `$ref`s from files, so the filesystem is written to
 * a scratch folder first (nothing is fetched a second time).
 */
async function validateSpec(filesystem: SpecFilesystem): Promise<void> {
  const entry = filesystem.files[filesystem.entrypoint] as Record<string, unknown>
  if (!('openapi' in entry) && !('swagger' in entry)) {
    throw new SpecReadError('PARSE_ERROR', `${filesystem.entrypoint} is not an OpenAPI document: it has neither an "openapi" (3.x) nor a "swagger" (2.0) field.`)
  }
  const { validate, compileErrors } = await import('@readme/openapi-parser')
  const scratch = await mkdtemp(join(tmpdir(), 'docsctl-openapi-'))
  try {
    for (const [path, text] of Object.entries(filesystem.texts)) {
      const file = join(scratch, ...path.split('/').filter((part) => part && part !== '..' && part !== '.'))
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, text)
    }
    let result
    try {
      result = await validate(join(scratch, ...filesystem.entrypoint.split('/')), { resolve: { file: true, external: true }, dereference: { circular: 'ignore' } })
    } catch (error) {
      throw new SpecReadError('PARSE_ERROR', `The spec is not valid: ${String((error as Error).message).replaceAll(scratch + '/', '')}`)
    }
    if (!result.valid) {
      const details = result.errors.map((e) => ({ message: e.message }))
      throw new SpecReadError('PARSE_ERROR', compileErrors(result).replaceAll(scratch + '/', '').slice(0, 2000), details)
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
