import { Option } from 'commander'
import type { GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery } from './define-command'
import { formatFields, formatTable } from './output'
import { parentFrom, positionFrom, positionOptions } from './positions'
import { spaceTable } from './spaces'

function collectionFields(c: any) {
  return formatFields([
    ['id', c.id],
    ['title', c.title],
    ['description', c.description],
    ['parent', c.parent],
    ['default level', c.defaultLevel],
    ['organization', c.organization],
    ['url', c.urls?.location],
  ])
}

const levelOption = () => new Option('--default-level <level>', 'level every member gets at least: a role, inherit, or none')
const level = (value: string | undefined) => (value === undefined ? undefined : value === 'none' ? null : value)

export const collectionCommands: GroupSpec = {
  name: 'collection',
  aliases: ['collections'],
  summary: 'Collections: nestable groups of spaces',
  commands: [
    {
      name: 'create',
      summary: 'Create a collection',
      options: [
        new Option('--title <title>', 'title, at most 50 characters'),
        new Option('--description <text>', 'description, at most 100 characters'),
        new Option('--parent <collectionId>', 'create it inside this collection'),
        levelOption(),
        new Option('--org <organizationId>', 'organization (default: the workspace organization)'),
      ],
      examples: ['docsctl collection create --title "Guides"', 'docsctl collection create --title "API" --parent <collectionId> --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('createCollection', {
          params: { organizationId: await ctx.organizationId(o.org) },
          body: { title: o.title, description: o.description, parent: o.parent, defaultLevel: level(o.defaultLevel) },
        }),
      human: (c) => `Created collection ${c.id} "${c.title}".\n`,
    },
    {
      name: 'list',
      summary: 'List the collections of an organization',
      options: [new Option('--top-level', 'only collections at the root (nested: false)'), new Option('--org <organizationId>', 'organization'), ...pageOptions()],
      examples: ['docsctl collection list', 'docsctl collection list --top-level --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('listCollectionsInOrganizationById', {
          params: { organizationId: await ctx.organizationId(o.org) },
          query: { ...pageQuery(o), ...(o.topLevel ? { nested: false } : {}) },
        }),
      human: (r) =>
        formatTable(r.items, [
          { header: 'id', value: (c: any) => c.id },
          { header: 'title', value: (c: any) => c.title },
          { header: 'parent', value: (c: any) => c.parent },
          { header: 'default level', value: (c: any) => c.defaultLevel },
        ], 'No collections.') + nextHint(r),
    },
    {
      name: 'get',
      summary: 'Show a collection',
      args: ['<collectionId>'],
      examples: ['docsctl collection get <collectionId>'],
      run: async (ctx, [id]) => (await ctx.client()).call('getCollectionById', { params: { collectionId: id } }),
      human: collectionFields,
    },
    {
      name: 'update',
      summary: 'Update title, description or default level',
      args: ['<collectionId>'],
      options: [new Option('--title <title>', 'new title'), new Option('--description <text>', 'new description'), levelOption()],
      examples: ['docsctl collection update <collectionId> --title "Guides" --default-level comment'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('updateCollectionById', {
          params: { collectionId: id },
          body: { title: o.title, description: o.description, defaultLevel: level(o.defaultLevel) },
        }),
      human: collectionFields,
    },
    {
      name: 'delete',
      summary: 'Delete a collection (its spaces stay restorable for 7 days)',
      args: ['<collectionId>'],
      examples: ['docsctl collection delete <collectionId>'],
      run: async (ctx, [id]) => {
        await (await ctx.client()).call('deleteCollectionById', { params: { collectionId: id } })
        return { deleted: id }
      },
      human: (r) => `Deleted collection ${r.deleted}.\n`,
    },
    {
      name: 'move',
      summary: 'Move a collection into another one, to the root, or among its siblings',
      args: ['<collectionId>'],
      options: [new Option('--parent <collectionId>', 'new parent collection'), new Option('--root', 'move it to the organization root'), ...positionOptions()],
      examples: ['docsctl collection move <collectionId> --parent <otherCollectionId>', 'docsctl collection move <collectionId> --before-space <spaceId>'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('moveCollection', { params: { collectionId: id }, body: { parent: parentFrom(o), position: positionFrom(o) } }),
      human: collectionFields,
    },
    {
      name: 'transfer',
      summary: 'Transfer a collection, with its content, to another organization (admin of both)',
      args: ['<collectionId>'],
      options: [new Option('--to <organizationId>', 'target organization').makeOptionMandatory()],
      examples: ['docsctl collection transfer <collectionId> --to <organizationId>'],
      run: async (ctx, [id], o) => (await ctx.client()).call('transferCollection', { params: { collectionId: id }, body: { organization: o.to } }),
      human: collectionFields,
    },
    {
      name: 'spaces',
      summary: 'List the spaces in a collection',
      args: ['<collectionId>'],
      options: pageOptions(),
      examples: ['docsctl collection spaces <collectionId>'],
      run: async (ctx, [id], o) => (await ctx.client()).call('listSpacesInCollectionById', { params: { collectionId: id }, query: pageQuery(o) }),
      human: (r) => spaceTable(r.items) + nextHint(r),
    },
  ],
}
