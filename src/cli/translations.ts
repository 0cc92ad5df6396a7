/**
 * `docsctl translation`: translations of a space into other languages. `run` (and `create --run`) queue a run and wait
 * for it, as `docsctl openapi add` waits for processing: the run is over when the translation leaves `running`; it
 * succeeded when its `stats.runs` went up.
 */
import { readFileSync } from 'node:fs'
import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import type { CliContext } from './context'
import { ApiError } from '../errors'

const orgOption = () => new Option('--org <organizationId>', 'organization (default: the workspace organization)')
const instructionsOption = () => new Option('--instructions <file>', 'instructions for the translator: a JSON document tree ({object: "document", data, nodes}) or plain text')

/** The instructions document from a file: JSON as is, any other text as one paragraph per line. */
function readInstructions(path: string) {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ApiError(400, `--instructions ${path}: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text)
  } catch {
    const lines = text.split('\n').filter((line) => line.trim())
    return { object: 'document', data: { schemaVersion: 1 }, nodes: lines.map((line) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line }] }] })) }
  }
}

/** Queues a run and waits until it is over, printing the status changes on stderr. */
async function runAndWait(ctx: CliContext, organizationId: string, translationId: string, wait: boolean) {
  const client = await ctx.client()
  const params = { organizationId, translationId }
  const before: any = await client.call('getTranslation', { params })
  await client.call('runTranslation', { params })
  if (!wait) return client.call('getTranslation', { params })
  let last = ''
  for (let delay = 5; ; delay = Math.min(100, delay * 2)) {
    const t: any = await client.call('getTranslation', { params })
    if (t.status !== last && !ctx.output.json) ctx.output.err(`translation ${t.id}: ${t.status}\n`)
    last = t.status
    if (t.stats.runs > before.stats.runs && t.status !== 'running') return t
    // Back to where it was after running: the run failed (the source space was deleted, the provider failed …).
    if (t.updatedAt > before.updatedAt && t.status !== 'running') throw new ApiError(422, `The run of translation ${t.id} failed; its status is back to "${t.status}". Run it again, or see the server's log.`, { translation: t })
    await new Promise((r) => setTimeout(r, delay))
  }
}

function translationFields(t: any) {
  return formatFields([
    ['id', t.id],
    ['language', t.language],
    ['source', `${t.source.space} (${t.source.language})`],
    ['status', t.status],
    ['result', t.result ? `space ${t.result.space}, revision ${t.result.revision}` : undefined],
    ['runs', t.stats?.runs],
    ['latest', t.stats?.runs ? `${t.stats.latestPages} pages, ${t.stats.latestWords} words` : undefined],
  ])
}

export const translationCommands: GroupSpec = {
  name: 'translation',
  aliases: ['translations'],
  summary: 'Translations of spaces into other languages, run as jobs',
  commands: [
    {
      name: 'create',
      summary: 'Set up the translation of a space into a language (and run it with --run)',
      options: [
        new Option('--space <spaceId>', 'the source space').makeOptionMandatory(),
        new Option('--language <code>', 'the target language (for example fr, de, ja)').makeOptionMandatory(),
        new Option('--source-language <code>', 'the language of the source space').default('en'),
        instructionsOption(),
        new Option('--run', 'run it at once and wait for the run'),
        orgOption(),
      ],
      examples: ['docsctl translation create --space <spaceId> --language fr --run', 'docsctl translation create --space <spaceId> --language ja --instructions ./tone.txt'],
      run: async (ctx, _a, o) => {
        const organizationId = await ctx.organizationId(o.org)
        const body = { language: o.language, source: { space: o.space, language: o.sourceLanguage }, ...(o.instructions ? { instructions: readInstructions(o.instructions) } : {}) }
        const created: any = await (await ctx.client()).call('createTranslation', { params: { organizationId }, body })
        return o.run ? runAndWait(ctx, organizationId, created.id, true) : created
      },
      human: (t) => `Translation ${t.id} into ${t.language}: ${t.status}${t.result ? ` (space ${t.result.space})` : ''}.\n`,
    },
    {
      name: 'list',
      summary: "The organization's translations",
      options: [orgOption(), ...pageOptions()],
      examples: ['docsctl translation list'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listTranslations', { params: { organizationId: await ctx.organizationId(o.org) }, query: pageQuery(o) }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (t: any) => t.id },
          { header: 'language', value: (t: any) => t.language },
          { header: 'source', value: (t: any) => t.source.space },
          { header: 'status', value: (t: any) => t.status },
          { header: 'result', value: (t: any) => t.result?.space },
        ], 'No translations.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'One translation',
      args: ['<translationId>'],
      options: [orgOption()],
      examples: ['docsctl translation get <translationId>'],
      run: async (ctx, [translationId], o) => (await ctx.client()).call('getTranslation', { params: { organizationId: await ctx.organizationId(o.org), translationId } }),
      human: translationFields,
    },
    {
      name: 'update',
      summary: "Replace a translation's instructions",
      args: ['<translationId>'],
      options: [instructionsOption().makeOptionMandatory(), orgOption()],
      examples: ['docsctl translation update <translationId> --instructions ./tone.json'],
      run: async (ctx, [translationId], o) =>
        (await ctx.client()).call('updateTranslation', { params: { organizationId: await ctx.organizationId(o.org), translationId }, body: { instructions: readInstructions(o.instructions) } }),
      human: (t) => `Updated the instructions of translation ${t.id}.\n`,
    },
    {
      name: 'rm',
      summary: 'Delete a translation (its target space stays)',
      args: ['<translationId>'],
      options: [orgOption()],
      examples: ['docsctl translation rm <translationId>'],
      run: async (ctx, [translationId], o) => {
        await (await ctx.client()).call('deleteTranslation', { params: { organizationId: await ctx.organizationId(o.org), translationId } })
        return { deleted: translationId }
      },
      human: (r) => `Deleted translation ${r.deleted}.\n`,
    },
    {
      name: 'run',
      summary: 'Run a translation and wait for the run (only changed pages are translated again)',
      args: ['<translationId>'],
      options: [orgOption(), new Option('--no-wait', 'return once the run is queued')],
      examples: ['docsctl translation run <translationId>', 'docsctl translation run <translationId> --no-wait'],
      run: async (ctx, [translationId], o) => runAndWait(ctx, await ctx.organizationId(o.org), translationId, o.wait),
      human: (t) => `Translation ${t.id}: ${t.status}${t.result ? `, space ${t.result.space} at revision ${t.result.revision}` : ''}${t.stats?.runs ? ` (${t.stats.latestPages} pages, ${t.stats.latestWords} words translated)` : ''}.\n`,
    },
  ],
}
