/**
 * Imports a document from an address into a change request as a new page: a Markdown file as is, an HTML page
 * converted to Markdown (turndown), or a Word .docx document converted (mammoth, then turndown) with its images
 * uploaded as files of the change request.
 */
import type TurndownService from 'turndown'
import { BadRequestError } from '../../errors'
import { hashBytes } from '../../store/blobs'
import { FILE_LIMITS, type PreparedFile } from '../files/file-source'

export const IMPORT_SOURCES = ['markdown', 'html', 'website', 'docx'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

export interface ImportedDocument {
  markdown: string
  title?: string
  /** Images found in the document, referenced from the Markdown by `ref` (their names). */
  files: PreparedFile[]
}

// The converters are large: loaded on the first import, not at every CLI start.
let turndownService: TurndownService | undefined
async function turndown(): Promise<TurndownService> {
  if (!turndownService) {
    const { default: Turndown } = await import('turndown')
    turndownService = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
    turndownService.remove(['script', 'style', 'noscript', 'iframe'])
  }
  return turndownService
}

async function fetchBytes(url: string): Promise<{ bytes: Buffer; contentType?: string }> {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new BadRequestError('body.url: only http and https addresses are imported.')
  let response: Response
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(FILE_LIMITS.fetchTimeoutMs) })
  } catch (error) {
    throw new BadRequestError(`body.url: could not fetch ${parsed.origin}${parsed.pathname} (${(error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message}).`)
  }
  if (!response.ok) throw new BadRequestError(`body.url: the address answered HTTP ${response.status}.`)
  const bytes = Buffer.from(await response.arrayBuffer())
  if (bytes.length > FILE_LIMITS.urlBytes) throw new BadRequestError('body.url: the document is larger than 20 MiB.')
  return { bytes, contentType: response.headers.get('content-type') ?? undefined }
}

export async function importDocument(url: string, source: ImportSource): Promise<ImportedDocument> {
  const { bytes } = await fetchBytes(url)
  if (source === 'markdown') return { markdown: bytes.toString('utf8'), files: [] }
  if (source === 'html' || source === 'website') {
    const html = bytes.toString('utf8')
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim()
    const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html
    return { markdown: (await turndown()).turndown(body).trim() + '\n', title: title || undefined, files: [] }
  }
  const files: PreparedFile[] = []
  const { default: mammoth } = await import('mammoth')
  let result: { value: string }
  try {
    result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        convertImage: mammoth.images.imgElement(async (image) => {
          const data = Buffer.from(await image.readAsBase64String(), 'base64')
          const extension = image.contentType.split('/')[1]?.replace('jpeg', 'jpg') ?? 'bin'
          const name = `image-${files.length + 1}.${extension}`
          files.push({ name, contentType: image.contentType, bytes: data, blob: hashBytes(data) })
          return { src: `./${name}` }
        }),
      },
    )
  } catch (error) {
    throw new BadRequestError(`body.url: the document is not a readable .docx file (${(error as Error).message}).`)
  }
  return { markdown: (await turndown()).turndown(result.value).trim() + '\n', files }
}
