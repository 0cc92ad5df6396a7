import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { parentFrom, positionFrom, positionOptions } from './positions'
import { requiresApprovedReview, withApprovedReviewRule } from '../domain/change-requests/merge-rules'

export function spaceTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (s) => s.id },
    { header: 'title', value: (s) => (s.emoji ? `${s.emoji} ${s.title}` : s.title) },
    { header: 'visibility', value: (s) => s.visibility },
    { header: 'collection', value: (s) => s.parent },
    { header: 'updated', value: (s) => s.updatedAt },
  ], 'No spaces.')
}

function spaceFields(s: any) {
  return formatFields([
    ['id', s.id],
    ['title', s.title],
    ['emoji', s.emoji],
    ['visibility', s.visibility],
    ['edit mode', s.editMode],
    ['collection', s.parent],
    ['default level', s.defaultLevel],
    ['language', s.language],
    ['revision', s.revision],
    ['change requests', `${s.changeRequestsOpen} open, ${s.changeRequestsDraft} draft, ${s.changeRequests} total`],
    ['comments', `${s.comments} open`],
    ['require review', requiresApprovedReview(s.mergeRules) ? 'yes' : 'no'],
    ['created', s.createdAt],
    ['updated', s.updatedAt],
    ['deleted', s.deletedAt],
    ['url', s.urls?.location],
  ])
}

const settingOptions = () => [
  new Option('--emoji <emoji>', 'one emoji'),
  new Option('--visibility <visibility>', 'public, unlisted, share-link, visitor-auth, in-collection, private'),
  new Option('--edit-mode <mode>', 'live or locked').choices(['live', 'locked']),
  new Option('--language <code>', 'language code, e.g. en, fr, pt-br'),
  new Option('--default-level <level>', 'level every member gets at least: a role, inherit, or none'),
]
const level = (value: string | undefined) => (value === undefined ? undefined : value === 'none' ? null : value)

export const spaceCommands: GroupSpec = {
  name: 'space',
  aliases: ['spaces'],
  summary: 'Spaces: containers of content, each with an active revision',
  commands: [
    {
      name: 'create',
      summary: 'Create a space (it starts with an empty first revision)',
      options: [
        new Option('--title <title>', 'title, at most 50 characters'),
        new Option('--parent <collectionId>', 'create it inside this collection'),
        ...settingOptions(),
        new Option('--org <organizationId>', 'organization (default: the workspace organization)'),
      ],
      examples: ['docsctl space create --title "Handbook" --emoji 📘', 'docsctl space create --title "API" --parent <collectionId> --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('createSpace', {
          params: { organizationId: await ctx.organizationId(o.org) },
          body: { title: o.title, parent: o.parent, emoji: o.emoji, visibility: o.visibility, editMode: o.editMode, language: o.language, defaultLevel: level(o.defaultLevel) },
        }),
      human: (s) => `Created space ${s.id} "${s.title}".\n`,
    },
    {
      name: 'list',
      summary: 'List the spaces of an organization, or of a collection with --collection',
      options: [new Option('--collection <collectionId>', 'only the spaces directly in this collection'), new Option('--org <organizationId>', 'organization'), ...pageOptions()],
      examples: ['docsctl space list', 'docsctl space list --limit 10 --json', 'docsctl space list --collection <collectionId>'],
      run: async (ctx, _a, o) =>
        o.collection
          ? (await ctx.client()).call('listSpacesInCollectionById', { params: { collectionId: o.collection }, query: pageQuery(o) })
          : (await ctx.client()).call('listSpacesInOrganizationById', { params: { organizationId: await ctx.organizationId(o.org) }, query: pageQuery(o) }),
      human: (r) => spaceTable(r.items) + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show a space',
      args: ['<spaceId>'],
      examples: ['docsctl space get <spaceId>', 'docsctl space get <spaceId> --json'],
      run: async (ctx, [id]) => (await ctx.client()).call('getSpaceById', { params: { spaceId: id } }),
      human: spaceFields,
    },
    {
      name: 'update',
      summary: 'Update a space (admins of the space)',
      args: ['<spaceId>'],
      options: [
        new Option('--title <title>', 'new title'),
        new Option('--remove-emoji', 'remove the emoji'),
        ...settingOptions(),
        new Option('--require-review', 'change requests merge only with an approved review of their current revision'),
        new Option('--no-require-review', 'change requests merge without a review'),
      ],
      examples: [
        'docsctl space update <spaceId> --title "Handbook v2" --edit-mode locked',
        'docsctl space update <spaceId> --visibility public',
        'docsctl space update <spaceId> --require-review',
      ],
      run: async (ctx, [id], o) => {
        const client = await ctx.client()
        // The rule joins (or leaves) the space's other merge rules, which stay as they are.
        const mergeRules =
          o.requireReview === undefined ? undefined : withApprovedReviewRule((await client.call('getSpaceById', { params: { spaceId: id } })).mergeRules, o.requireReview)
        return client.call('updateSpaceById', {
          params: { spaceId: id },
          body: {
            title: o.title,
            emoji: o.removeEmoji ? null : o.emoji,
            visibility: o.visibility,
            editMode: o.editMode,
            language: o.language,
            defaultLevel: level(o.defaultLevel),
            mergeRules,
          },
        })
      },
      human: spaceFields,
    },
    {
      name: 'delete',
      summary: 'Delete a space: restorable for 7 days with `space restore`, then removed',
      args: ['<spaceId>'],
      examples: ['docsctl space delete <spaceId>'],
      run: async (ctx, [id]) => {
        await (await ctx.client()).call('deleteSpaceById', { params: { spaceId: id } })
        return { deleted: id }
      },
      human: (r) => `Deleted space ${r.deleted}. Restore it within 7 days with: docsctl space restore ${r.deleted}\n`,
    },
    {
      name: 'restore',
      summary: 'Restore a space deleted in the last 7 days',
      args: ['<spaceId>'],
      examples: ['docsctl space restore <spaceId>'],
      run: async (ctx, [id]) => (await ctx.client()).call('restoreSpace', { params: { spaceId: id } }),
      human: (s) => `Restored space ${s.id} "${s.title}".\n`,
    },
    {
      name: 'duplicate',
      summary: 'Copy a space with its content',
      args: ['<spaceId>'],
      examples: ['docsctl space duplicate <spaceId>'],
      run: async (ctx, [id]) => (await ctx.client()).call('duplicateSpace', { params: { spaceId: id } }),
      human: (s) => `Created space ${s.id} "${s.title}".\n`,
    },
    {
      name: 'move',
      summary: 'Move a space into a collection, to the root, or among its siblings',
      args: ['<spaceId>'],
      options: [new Option('--parent <collectionId>', 'new collection'), new Option('--root', 'move it to the organization root'), ...positionOptions()],
      examples: ['docsctl space move <spaceId> --parent <collectionId>', 'docsctl space move <spaceId> --after-space <otherSpaceId>'],
      run: async (ctx, [id], o) => (await ctx.client()).call('moveSpace', { params: { spaceId: id }, body: { parent: parentFrom(o), position: positionFrom(o) } }),
      human: spaceFields,
    },
    {
      name: 'transfer',
      summary: 'Transfer a space to another organization (admin of both)',
      args: ['<spaceId>'],
      options: [new Option('--to <organizationId>', 'target organization').makeOptionMandatory()],
      examples: ['docsctl space transfer <spaceId> --to <organizationId>'],
      run: async (ctx, [id], o) => (await ctx.client()).call('transferSpace', { params: { spaceId: id }, body: { organization: o.to } }),
      human: spaceFields,
    },
  ],
}
