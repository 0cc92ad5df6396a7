import { describe, expect, it } from 'vitest'
import { GROUPS, buildProgram } from './program'

describe('the command groups', () => {
  it('are registered under the names and aliases they answer to', async () => {
    for (const [names, load] of GROUPS) {
      const group = await load()
      expect(names, group.name).toEqual([group.name, ...(group.aliases ?? [])])
    }
  })

  it('mount only the group a command line names, and all of them otherwise', async () => {
    const names = (argv: string[]) => buildProgram(['node', 'docsctl', ...argv]).then((p) => p.commands.map((c) => c.name()))
    const only = await names(['--data-dir', 'space', 'space', 'list', '--json'])
    expect(only).toContain('space')
    expect(only).not.toContain('site')
    expect(await names(['spaces', 'list'])).toContain('space')
    const all = await names(['--help'])
    for (const [[name]] of GROUPS) expect(all).toContain(name)
  })
})
