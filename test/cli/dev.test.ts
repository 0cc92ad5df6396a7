import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { execa } from 'execa'
import { describe, expect, it } from 'vitest'
import { BIN, tempDir } from './support'

describe('docsctl dev', () => {
  it('serves a folder and follows edits, additions, renames and deletions, keeping the last good content on errors', async () => {
    const dataDir = tempDir()
    const folder = tempDir()
    writeFileSync(join(folder, 'README.md'), '# Home\n\nHello.\n')
    writeFileSync(join(folder, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n')
    const child = execa(process.execPath, [BIN, 'dev', folder, '--port', '0'], { env: { DOCSCTL_DATA_DIR: dataDir, NO_COLOR: '1' }, reject: false, stdin: 'ignore' })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // Waits for the folder's change to show. A save whose file-system notification is lost (seen once, on a loaded
    // CI machine) is made again halfway, as someone saving twice would; a change that is never picked up still fails.
    const waitFor = async (test: () => boolean | Promise<boolean>, what: string, resave?: () => void) => {
      for (let i = 0; i < 400; i++) {
        if (await test()) return
        if (i === 200) resave?.()
        await new Promise((r) => setTimeout(r, 25))
      }
      throw new Error(`timed out waiting for ${what}: ${output}`)
    }
    try {
      await waitFor(() => /imported: 1 pages/.test(output), 'the first import')
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)![0]
      const token = /token: (\S+)/.exec(output)![1]
      const space = /as space (\w+)/.exec(output)![1]
      const pages = async () => {
        const res = await fetch(`${url}/v1/spaces/${space}/content/pages`, { headers: { authorization: `Bearer ${token}` } })
        return ((await res.json()) as { pages: any[] }).pages
      }
      expect((await pages()).map((p) => p.title)).toEqual(['Home'])

      writeFileSync(join(folder, 'README.md'), '# Home\n\nEdited.\n')
      await waitFor(async () => (await pages())[0]?.markdown === '# Home\n\nEdited.\n', 'an edit')

      mkdirSync(join(folder, 'guides'))
      writeFileSync(join(folder, 'guides', 'install.md'), '# Install\n')
      writeFileSync(join(folder, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Install](guides/install.md)\n')
      await waitFor(async () => (await pages()).length === 2, 'an addition')

      const broken = () => writeFileSync(join(folder, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Install](guides/missing.md)\n')
      broken()
      await waitFor(() => /SUMMARY\.md:4: "guides\/missing\.md" does not exist/.test(output), 'the error with file and line', broken)
      expect((await pages()).map((p) => p.title)).toEqual(['Home', 'Install'])

      writeFileSync(join(folder, 'setup.md'), '# Install\n')
      rmSync(join(folder, 'guides'), { recursive: true })
      writeFileSync(join(folder, 'SUMMARY.md'), '# Table of contents\n\n* [Home](README.md)\n* [Install](setup.md)\n')
      await waitFor(async () => (await pages())[1]?.path === 'setup', 'a rename')
    } finally {
      child.kill('SIGTERM')
      await child
    }
    expect(child.exitCode).toBe(0)
  })
})
