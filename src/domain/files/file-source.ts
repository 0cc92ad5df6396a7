/**
 * The bytes of an uploaded file: fetched from an http(s) address (with a timeout and a size limit) or decoded
 * from base64, with their content type and, for images, their dimensions read from the bytes.
 */
import { BadRequestError } from '../../errors'
import { hashBytes } from '../../store/blobs'

export const FILE_LIMITS = { base64Bytes: 1024 * 1024, urlBytes: 20 * 1024 * 1024, fetchTimeoutMs: 15_000 }

export interface FileInput {
  ref?: string
  name: string
  contentType?: string
  url?: string
  base64?: string
}

export interface PreparedFile {
  name: string
  contentType: string
  bytes: Buffer
  blob: string
  dimensions?: { width: number; height: number }
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml',
  pdf: 'application/pdf', txt: 'text/plain', md: 'text/markdown', json: 'application/json', csv: 'text/csv', zip: 'application/zip',
}

export function contentTypeOf(name: string): string {
  return BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'
}

export async function prepareFile(input: FileInput, where: string): Promise<PreparedFile> {
  let bytes: Buffer
  let contentType = input.contentType
  if (input.base64 !== undefined) {
    if (!contentType) throw new BadRequestError(`${where}.contentType: is required with base64.`)
    bytes = Buffer.from(input.base64, 'base64')
    if (bytes.length > FILE_LIMITS.base64Bytes) throw new BadRequestError(`${where}.base64: at most 1 MiB of bytes; send larger files by url.`)
  } else if (input.url !== undefined) {
    const url = new URL(input.url)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadRequestError(`${where}.url: only http and https addresses are fetched.`)
    let response: Response
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(FILE_LIMITS.fetchTimeoutMs), redirect: 'follow' })
    } catch (error) {
      throw new BadRequestError(`${where}.url: could not fetch ${url.origin}${url.pathname} (${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}).`)
    }
    if (!response.ok) throw new BadRequestError(`${where}.url: the address answered HTTP ${response.status}.`)
    bytes = Buffer.from(await response.arrayBuffer())
    if (bytes.length > FILE_LIMITS.urlBytes) throw new BadRequestError(`${where}.url: the file is larger than 20 MiB.`)
    contentType ??= response.headers.get('content-type')?.split(';')[0].trim() || undefined
  } else {
    throw new BadRequestError(`${where}: give either url or base64.`)
  }
  contentType ??= contentTypeOf(input.name)
  return { name: input.name, contentType, bytes, blob: hashBytes(bytes), dimensions: await dimensionsOf(bytes, contentType) }
}

async function dimensionsOf(bytes: Buffer, contentType: string): Promise<{ width: number; height: number } | undefined> {
  if (!contentType.startsWith('image/')) return undefined
  const { imageSize } = await import('image-size')
  try {
    const size = imageSize(bytes)
    return size.width && size.height ? { width: size.width, height: size.height } : undefined
  } catch {
    return undefined
  }
}
