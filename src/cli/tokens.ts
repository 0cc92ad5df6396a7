import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { formatTable } from './output'

export const tokenCommands: GroupSpec = {
  name: 'token',
  aliases: ['tokens'],
  summary: 'API tokens: create (shown once), list, revoke',
  commands: [
    {
      name: 'create',
      summary: 'Create an API token for yourself; it is printed once and stored only as a hash',
      options: [new Option('--name <name>', 'a label to recognise it by').default('docsctl')],
      examples: ['docsctl token create --name ci', 'docsctl token create --name ci --json   # {"token": "dct_…", …}'],
      run: async (ctx, _a, o) => {
        const created = await (await ctx.client()).call('createAPIToken', { body: { label: o.name } })
        return { token: created.token, id: created.id, name: created.label, createdAt: created.createdAt }
      },
      human: (r) => `${r.token}\n`,
    },
    {
      name: 'list',
      summary: 'List your API tokens (not the tokens themselves)',
      examples: ['docsctl token list'],
      run: async (ctx) => (await ctx.client()).call('listAPITokens'),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (t: any) => t.id },
          { header: 'name', value: (t: any) => t.label },
          { header: 'created', value: (t: any) => t.createdAt },
          { header: 'last used', value: (t: any) => t.lastUsedAt },
        ], 'No tokens.'),
    },
    {
      name: 'revoke',
      summary: 'Revoke one of your API tokens',
      args: ['<tokenId>'],
      examples: ['docsctl token revoke <tokenId>'],
      run: async (ctx, [id]) => {
        await (await ctx.client()).call('deleteAPIToken', { params: { tokenId: id } })
        return { revoked: id }
      },
      human: (r) => `Revoked token ${r.revoked}.\n`,
    },
  ],
}
