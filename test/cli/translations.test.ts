import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsctl, initWorkspace, json } from './support'

let dataDir: string
let folder: string

beforeAll(async () => {
  ;({ dataDir } = await initWorkspace())
  folder = mkdtempSync(join(tmpdir(), 'docsctl-translation-'))
})

const run = (...args: string[]) => docsctl(dataDir, args)

describe('translation commands', () => {
  it('creates, runs (waiting for the run), lists, gets, updates and deletes a translation', async () => {
    const space = json(await run('space', 'create', '--title', 'Guide', '--json')).id
    const created = await run('translation', 'create', '--space', space, '--language', 'fr', '--run')
    expect(created.exitCode, created.stderr).toBe(0)
    expect(created.stderr).toContain(': completed')
    expect(created.stdout).toMatch(/^Translation \w+ into fr: completed \(space \w+\)\.\n$/)
    const [translation] = json(await run('translation', 'list', '--json')).items
    expect(translation).toMatchObject({ language: 'fr', status: 'completed', stats: { runs: 1 } })
    expect((await run('translation', 'get', translation.id)).stdout).toMatch(/status\s+completed/)

    const again = json(await run('translation', 'run', translation.id, '--json'))
    expect(again).toMatchObject({ status: 'completed', stats: { runs: 2 } })

    const tone = join(folder, 'tone.txt')
    writeFileSync(tone, 'Formal tone.\nKeep product names.\n')
    const updated = json(await run('translation', 'update', translation.id, '--instructions', tone, '--json'))
    expect(updated.instructions.nodes.map((n: any) => n.nodes[0].leaves[0].text)).toEqual(['Formal tone.', 'Keep product names.'])

    const queued = json(await run('translation', 'create', '--space', space, '--language', 'de', '--json'))
    expect(queued.status).toBe('pending')
    expect((await run('translation', 'rm', queued.id)).stdout).toBe(`Deleted translation ${queued.id}.\n`)
    expect((await run('translation', 'get', queued.id)).exitCode).not.toBe(0)
  })

  it('fails clearly on a bad language and on a missing option', async () => {
    const space = json(await run('space', 'create', '--title', 'Other', '--json')).id
    const bad = await run('translation', 'create', '--space', space, '--language', 'klingon')
    expect(bad.exitCode).not.toBe(0)
    expect(bad.stderr).toContain('body.language')
    const missing = await run('translation', 'create', '--language', 'fr')
    expect(missing.exitCode).not.toBe(0)
    expect(missing.stderr).toContain('--space')
  })
})
