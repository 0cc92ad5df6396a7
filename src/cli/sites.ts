/**
 * `docsctl site …`: docs sites, and nested under them `section`, `space`, `group`, `share-link` and `schema`.
 * Site verbs take the site id as an argument; nested verbs take it as `--site`.
 */
import { readFileSync } from 'node:fs'
import { InvalidArgumentError, Option } from 'commander'
import type { CliContext } from './context'
import type { CommandSpec, GroupSpec } from './define-command'
import { nextHint, pageOptions, pageQuery, parseInteger } from './define-command'
import { dim, formatFields, formatTable } from './output'

const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth']

const orgOption = () => new Option('--org <organizationId>', 'organization (default: the workspace organization)')
const siteOption = () => new Option('--site <siteId>', 'the site').makeOptionMandatory()

/** `{organizationId, siteId}` for a site given as an argument or as --site. */
async function siteParams(ctx: CliContext, siteId: string, org?: string) {
  return { organizationId: await ctx.organizationId(org), siteId }
}

/** A JSON object from an option value; anything else is a usage error. */
function parseJsonObject(value: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch (error) {
    throw new InvalidArgumentError(`not valid JSON (${(error as Error).message}).`)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new InvalidArgumentError('must be a JSON object, such as \'{"plan": "pro"}\'.')
  return parsed as Record<string, unknown>
}

function siteTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (s) => s.id },
    { header: 'title', value: (s) => s.title },
    { header: 'visibility', value: (s) => s.visibility },
    { header: 'published', value: (s) => (s.published ? 'yes' : 'no') },
    { header: 'spaces', value: (s) => s.siteSpaces },
    { header: 'created', value: (s) => s.createdAt },
  ], 'No sites.')
}

function siteFields(s: any): string {
  return formatFields([
    ['id', s.id],
    ['title', s.title],
    ['type', s.type],
    ['visibility', s.visibility],
    ['published', s.published ? 'yes' : 'no'],
    ['site spaces', s.siteSpaces],
    ['hostname', s.hostname],
    ['basename', s.basename],
    ['proxy', s.proxy?.origin],
    ['adaptive content', s.adaptiveContent?.enabled ? 'on' : 'off'],
    ['agents', s.agentsContext],
    ['created', s.createdAt],
    ['url', s.urls?.location],
    ['published at', s.urls?.published],
  ])
}

function siteSpaceLine(s: any, indent: string): string {
  const marks = [s.default ? 'default' : '', s.condition ? `if ${s.condition}` : ''].filter(Boolean).join(', ')
  return `${indent}space    ${s.id}  /${s.path}  ${s.space?.title ?? ''} (${s.space?.id ?? '?'})${marks ? dim(`  [${marks}]`) : ''}`
}

function sectionLines(s: any, indent: string): string[] {
  const marks = [s.default ? 'default' : '', s.condition ? `if ${s.condition}` : ''].filter(Boolean).join(', ')
  return [`${indent}section  ${s.id}  /${s.path}  ${s.title}${marks ? dim(`  [${marks}]`) : ''}`, ...s.siteSpaces.map((space: any) => siteSpaceLine(space, indent + '  '))]
}

/** A site's structure as an indented outline: groups, sections, site-spaces. */
export function structureOutline(structure: { type: string; structure: any[] }): string {
  if (structure.structure.length === 0) return 'No sections or spaces on this site yet.\n'
  const lines =
    structure.type === 'siteSpaces'
      ? structure.structure.map((s) => siteSpaceLine(s, ''))
      : structure.structure.flatMap((item) =>
          item.object === 'site-section-group' ? [`group    ${item.id}  ${item.title}`, ...item.sections.flatMap((s: any) => sectionLines(s, '  '))] : sectionLines(item, ''),
        )
  return lines.join('\n') + '\n'
}

function sectionTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (s) => s.id },
    { header: 'title', value: (s) => s.title },
    { header: 'path', value: (s) => s.path },
    { header: 'default', value: (s) => (s.default ? 'yes' : '') },
    { header: 'group', value: (s) => s.sectionGroup },
    { header: 'spaces', value: (s) => s.siteSpaces.length },
    { header: 'condition', value: (s) => s.condition },
  ], 'No sections.')
}

function siteSpaceTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (s) => s.id },
    { header: 'path', value: (s) => s.path },
    { header: 'space', value: (s) => `${s.space.title} (${s.space.id})` },
    { header: 'section', value: (s) => s.section },
    { header: 'default', value: (s) => (s.default ? 'yes' : '') },
    { header: 'condition', value: (s) => s.condition },
  ], 'No spaces on this site.')
}

function groupTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (g) => g.id },
    { header: 'title', value: (g) => g.title },
    { header: 'sections', value: (g) => g.sections.map((s: any) => s.title) },
  ], 'No section groups.')
}

function shareLinkTable(items: any[]): string {
  return formatTable(items, [
    { header: 'id', value: (l) => l.id },
    { header: 'name', value: (l) => l.name },
    { header: 'active', value: (l) => (l.active ? 'yes' : 'no') },
    { header: 'created', value: (l) => l.createdAt },
    { header: 'url', value: (l) => l.urls.published },
  ], 'No share links.')
}

/** `--before <id>` / `--after <id>` for moves among siblings of one kind. */
const moveOptions = (noun: string) => [new Option('--before <id>', `place it just before this ${noun}`), new Option('--after <id>', `place it just after this ${noun}`)]
function positionOf(o: { before?: string; after?: string }, pointer: (id: string) => Record<string, string>) {
  if (o.before) return { before: pointer(o.before) }
  if (o.after) return { after: pointer(o.after) }
  return undefined
}

/** `--condition <expr>` / `--remove-condition` into the body's `condition` (undefined leaves it unchanged). */
const conditionOptions = () => [
  new Option('--condition <expression>', 'show it only to visitors for whom this holds, e.g. \'visitor.claims.plan == "pro"\''),
  new Option('--remove-condition', 'remove the condition'),
]
const conditionOf = (o: { condition?: string; removeCondition?: boolean }) => (o.removeCondition ? null : o.condition)

const sectionCommands: GroupSpec = {
  name: 'section',
  aliases: ['sections'],
  summary: 'Sections of a site: each shows one or more spaces',
  commands: [
    {
      name: 'add',
      summary: "Add a section showing a space (the site's root spaces first become a section of their own)",
      options: [siteOption(), new Option('--space <spaceId>', 'the space it shows first').makeOptionMandatory(), new Option('--title <title>', '2 to 128 characters (default: the space title)'), new Option('--icon <name>', 'icon name'), orgOption()],
      examples: ['docsctl site section add --site <siteId> --space <spaceId> --title "API reference"'],
      run: async (ctx, _a, o) => (await ctx.client()).call('addSectionToSite', { params: await siteParams(ctx, o.site, o.org), body: { spaceId: o.space, title: o.title, icon: o.icon } }),
      human: (s) => `Added section ${s.id} "${s.title}" at /${s.path}.\n`,
    },
    {
      name: 'list',
      summary: 'List the sections of a site, in order',
      options: [siteOption(), orgOption(), ...pageOptions()],
      examples: ['docsctl site section list --site <siteId>', 'docsctl site section list --site <siteId> --json'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listSiteSections', { params: await siteParams(ctx, o.site, o.org), query: pageQuery(o) }),
      human: (r) => sectionTable(r.items) + nextHint(r),
    },
    {
      name: 'update',
      summary: 'Update a section: title, path, default space, condition, icon, description',
      args: ['<sectionId>'],
      options: [
        siteOption(),
        new Option('--title <title>', 'new title'),
        new Option('--path <path>', 'path on the site, unique within it'),
        new Option('--default-space <siteSpaceId>', 'its default site space'),
        ...conditionOptions(),
        new Option('--icon <name>', 'icon name'),
        new Option('--remove-icon', 'remove the icon'),
        new Option('--description <text>', 'at most 256 characters'),
        new Option('--remove-description', 'remove the description'),
        orgOption(),
      ],
      examples: ['docsctl site section update <sectionId> --site <siteId> --path api --condition \'visitor.claims.isAdmin\'', 'docsctl site section update <sectionId> --site <siteId> --remove-condition'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('updateSiteSectionById', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionId: id },
          body: {
            title: o.title,
            path: o.path,
            defaultSiteSpace: o.defaultSpace,
            condition: conditionOf(o),
            icon: o.removeIcon ? null : o.icon,
            description: o.removeDescription ? null : o.description,
          },
        }),
      human: (s) => sectionTable([s]),
    },
    {
      name: 'delete',
      summary: 'Delete a section and its site spaces (the spaces stay); the next section becomes the default if it was',
      args: ['<sectionId>'],
      options: [siteOption(), orgOption()],
      examples: ['docsctl site section delete <sectionId> --site <siteId>'],
      run: async (ctx, [id], o) => {
        await (await ctx.client()).call('deleteSiteSectionById', { params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionId: id } })
        return { deleted: id }
      },
      human: (r) => `Deleted section ${r.deleted}.\n`,
    },
    {
      name: 'move',
      summary: 'Move a section among its siblings (to the end without --before/--after)',
      args: ['<sectionId>'],
      options: [siteOption(), ...moveOptions('section'), orgOption()],
      examples: ['docsctl site section move <sectionId> --site <siteId> --before <otherSectionId>'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('moveSiteSection', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionId: id },
          body: { position: positionOf(o, (ref) => ({ type: 'site-section', siteSection: ref })) },
        }),
      human: (s) => sectionTable([s]),
    },
  ],
}

const siteSpaceCommands: GroupSpec = {
  name: 'space',
  aliases: ['spaces'],
  summary: 'Spaces shown on a site (site spaces)',
  commands: [
    {
      name: 'add',
      summary: 'Show a space on the site: in --section, else the default section, else at the root',
      options: [siteOption(), new Option('--space <spaceId>', 'the space').makeOptionMandatory(), new Option('--section <sectionId>', 'the section to add it to'), orgOption()],
      examples: ['docsctl site space add --site <siteId> --space <spaceId>', 'docsctl site space add --site <siteId> --space <spaceId> --section <sectionId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('addSpaceToSite', { params: await siteParams(ctx, o.site, o.org), body: { spaceId: o.space, sectionId: o.section } }),
      human: (s) => `Added site space ${s.id} at /${s.path}${s.section ? ` in section ${s.section}` : ''}.\n`,
    },
    {
      name: 'list',
      summary: 'List the site spaces of a site, in order',
      options: [siteOption(), new Option('--default', 'only the default ones'), new Option('--not-default', 'only the others'), orgOption(), ...pageOptions()],
      examples: ['docsctl site space list --site <siteId>', 'docsctl site space list --site <siteId> --default --json'],
      run: async (ctx, _a, o) =>
        (await ctx.client()).call('listSiteSpaces', {
          params: await siteParams(ctx, o.site, o.org),
          query: { ...pageQuery(o), ...(o.default ? { default: true } : o.notDefault ? { default: false } : {}) },
        }),
      human: (r) => siteSpaceTable(r.items) + nextHint(r),
    },
    {
      name: 'update',
      summary: 'Update a site space: path, condition, or the space it shows',
      args: ['<siteSpaceId>'],
      options: [siteOption(), new Option('--path <path>', 'path, unique among its siblings'), ...conditionOptions(), new Option('--space <spaceId>', 'show this space instead'), orgOption()],
      examples: ['docsctl site space update <siteSpaceId> --site <siteId> --path v2', 'docsctl site space update <siteSpaceId> --site <siteId> --condition \'visitor.claims.unsigned.beta\''],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('updateSiteSpaceById', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSpaceId: id },
          body: { path: o.path, condition: conditionOf(o), spaceId: o.space },
        }),
      human: (s) => siteSpaceTable([s]),
    },
    {
      name: 'delete',
      summary: 'Remove a space from the site (the space stays)',
      args: ['<siteSpaceId>'],
      options: [siteOption(), orgOption()],
      examples: ['docsctl site space delete <siteSpaceId> --site <siteId>'],
      run: async (ctx, [id], o) => {
        await (await ctx.client()).call('deleteSiteSpaceById', { params: { ...(await siteParams(ctx, o.site, o.org)), siteSpaceId: id } })
        return { deleted: id }
      },
      human: (r) => `Removed site space ${r.deleted}.\n`,
    },
    {
      name: 'move',
      summary: 'Move a site space among its siblings (to the end without --before/--after)',
      args: ['<siteSpaceId>'],
      options: [siteOption(), ...moveOptions('site space'), orgOption()],
      examples: ['docsctl site space move <siteSpaceId> --site <siteId> --after <otherSiteSpaceId>'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('moveSiteSpace', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSpaceId: id },
          body: { position: positionOf(o, (ref) => ({ type: 'site-space', siteSpace: ref })) },
        }),
      human: (s) => siteSpaceTable([s]),
    },
  ],
}

const groupCommands: GroupSpec = {
  name: 'group',
  aliases: ['groups'],
  summary: 'Section groups of a site',
  commands: [
    {
      name: 'add',
      summary: 'Add a section group, moving sections into it',
      options: [siteOption(), new Option('--title <title>', '1 to 100 characters').makeOptionMandatory(), new Option('--icon <name>', 'icon name'), new Option('--section <sectionId...>', 'sections to move into it, in order'), orgOption()],
      examples: ['docsctl site group add --site <siteId> --title "APIs" --section <sectionId> <otherSectionId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('addSectionGroupToSite', { params: await siteParams(ctx, o.site, o.org), body: { title: o.title, icon: o.icon, sections: o.section } }),
      human: (g) => `Added section group ${g.id} "${g.title}".\n`,
    },
    {
      name: 'list',
      summary: 'List the section groups of a site',
      options: [siteOption(), orgOption(), ...pageOptions()],
      examples: ['docsctl site group list --site <siteId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listSiteSectionGroups', { params: await siteParams(ctx, o.site, o.org), query: pageQuery(o) }),
      human: (r) => groupTable(r.items) + nextHint(r),
    },
    {
      name: 'update',
      summary: 'Rename a section group or change its icon',
      args: ['<groupId>'],
      options: [siteOption(), new Option('--title <title>', 'new title'), new Option('--icon <name>', 'icon name'), new Option('--remove-icon', 'remove the icon'), orgOption()],
      examples: ['docsctl site group update <groupId> --site <siteId> --title "Reference"'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('updateSiteSectionGroupById', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionGroupId: id },
          body: { title: o.title, icon: o.removeIcon ? null : o.icon },
        }),
      human: (g) => groupTable([g]),
    },
    {
      name: 'delete',
      summary: 'Delete a section group; its sections stay, in its place',
      args: ['<groupId>'],
      options: [siteOption(), orgOption()],
      examples: ['docsctl site group delete <groupId> --site <siteId>'],
      run: async (ctx, [id], o) => {
        await (await ctx.client()).call('deleteSiteSectionGroupById', { params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionGroupId: id } })
        return { deleted: id }
      },
      human: (r) => `Deleted section group ${r.deleted}; its sections stay.\n`,
    },
    {
      name: 'add-section',
      summary: 'Move a section into the group, at its end',
      args: ['<groupId>'],
      options: [siteOption(), new Option('--section <sectionId>', 'the section').makeOptionMandatory(), orgOption()],
      examples: ['docsctl site group add-section <groupId> --site <siteId> --section <sectionId>'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('addSectionToSiteSectionGroup', { params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionGroupId: id }, body: { sectionId: o.section } }),
      human: (g) => groupTable([g]),
    },
    {
      name: 'remove-section',
      summary: 'Take a section out of the group (it goes right after the group)',
      args: ['<groupId>'],
      options: [siteOption(), new Option('--section <sectionId>', 'the section').makeOptionMandatory(), orgOption()],
      examples: ['docsctl site group remove-section <groupId> --site <siteId> --section <sectionId>'],
      run: async (ctx, [id], o) => {
        await (await ctx.client()).call('removeSectionFromSiteSectionGroup', { params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionGroupId: id, siteSectionId: o.section } })
        return { group: id, removed: o.section }
      },
      human: (r) => `Took section ${r.removed} out of group ${r.group}.\n`,
    },
    {
      name: 'move',
      summary: 'Move a section group among the root sections and groups',
      args: ['<groupId>'],
      options: [
        siteOption(),
        new Option('--before <id>', 'place it just before this section or group'),
        new Option('--after <id>', 'place it just after this section or group'),
        new Option('--group', 'the --before/--after id is a section group (default: a section)'),
        orgOption(),
      ],
      examples: ['docsctl site group move <groupId> --site <siteId> --before <sectionId>'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('moveSiteSectionGroup', {
          params: { ...(await siteParams(ctx, o.site, o.org)), siteSectionGroupId: id },
          body: { position: positionOf(o, (ref) => ({ type: o.group ? 'site-section-group' : 'site-section', id: ref })) },
        }),
      human: (g) => groupTable([g]),
    },
  ],
}

const shareLinkCommands: GroupSpec = {
  name: 'share-link',
  aliases: ['share-links'],
  summary: 'Share links of a site: secret addresses that open a share-link site',
  commands: [
    {
      name: 'create',
      summary: 'Create an active share link; its address (with the key) is printed',
      options: [siteOption(), new Option('--name <name>', 'at most 50 characters').makeOptionMandatory(), orgOption()],
      examples: ['docsctl site share-link create --site <siteId> --name "Beta testers"'],
      run: async (ctx, _a, o) => (await ctx.client()).call('createSiteShareLink', { params: await siteParams(ctx, o.site, o.org), body: { name: o.name } }),
      human: (l) => `Created share link ${l.id} "${l.name}": ${l.urls.published}\n`,
    },
    {
      name: 'list',
      summary: 'List the share links of a site with their addresses',
      options: [siteOption(), orgOption(), ...pageOptions()],
      examples: ['docsctl site share-link list --site <siteId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listSiteShareLinks', { params: await siteParams(ctx, o.site, o.org), query: pageQuery(o) }),
      human: (r) => shareLinkTable(r.items) + nextHint(r),
    },
    {
      name: 'update',
      summary: 'Rename a share link, or switch it off (its key then opens nothing) and on',
      args: ['<shareLinkId>'],
      options: [siteOption(), new Option('--name <name>', 'new name'), new Option('--active', 'switch it on'), new Option('--inactive', 'switch it off'), orgOption()],
      examples: ['docsctl site share-link update <shareLinkId> --site <siteId> --inactive'],
      run: async (ctx, [id], o) =>
        (await ctx.client()).call('updateSiteShareLinkById', {
          params: { ...(await siteParams(ctx, o.site, o.org)), shareLinkId: id },
          body: { name: o.name, active: o.active ? true : o.inactive ? false : undefined },
        }),
      human: (l) => shareLinkTable([l]),
    },
    {
      name: 'delete',
      summary: 'Delete a share link',
      args: ['<shareLinkId>'],
      options: [siteOption(), orgOption()],
      examples: ['docsctl site share-link delete <shareLinkId> --site <siteId>'],
      run: async (ctx, [id], o) => {
        await (await ctx.client()).call('deleteSiteShareLinkById', { params: { ...(await siteParams(ctx, o.site, o.org)), shareLinkId: id } })
        return { deleted: id }
      },
      human: (r) => `Deleted share link ${r.deleted}.\n`,
    },
  ],
}

const schemaCommands: GroupSpec = {
  name: 'schema',
  summary: 'The visitor schema of adaptive content',
  commands: [
    {
      name: 'get',
      summary: "Print the site's visitor schema",
      options: [siteOption(), orgOption()],
      examples: ['docsctl site schema get --site <siteId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('getSiteAdaptiveSchema', { params: await siteParams(ctx, o.site, o.org) }),
      human: (s) => `${JSON.stringify(s.jsonSchema, null, 2)}\n${dim(`updated ${s.updatedAt}`)}\n`,
    },
    {
      name: 'set',
      summary: 'Set the visitor schema from a JSON file or a JSON text',
      options: [siteOption(), new Option('--file <path>', 'a JSON file holding the schema'), new Option('--json-schema <json>', 'the schema as JSON text').argParser(parseJsonObject), orgOption()],
      examples: ['docsctl site schema set --site <siteId> --file visitor-schema.json', `docsctl site schema set --site <siteId> --json-schema '{"type":"object","properties":{"isAdmin":{"type":"boolean","description":"Admin"}},"additionalProperties":false}'`],
      run: async (ctx, _a, o) => {
        const jsonSchema = o.file ? parseJsonObject(readSchemaFile(o.file)) : o.jsonSchema
        if (!jsonSchema) throw new InvalidArgumentError('give the schema with --file <path> or --json-schema <json>.')
        return (await ctx.client()).call('updateSiteAdaptiveSchema', { params: await siteParams(ctx, o.site, o.org), body: { jsonSchema } })
      },
      human: (s) => `Set the visitor schema (${Object.keys(s.jsonSchema.properties).length} top-level claims).\n`,
    },
    {
      name: 'conditions',
      summary: 'Ready-made conditions for the claims of the schema',
      options: [siteOption(), orgOption()],
      examples: ['docsctl site schema conditions --site <siteId>'],
      run: async (ctx, _a, o) => (await ctx.client()).call('listSiteAdaptiveTemplateConditions', { params: await siteParams(ctx, o.site, o.org) }),
      human: (r) => formatTable(r.items, [{ header: 'condition', value: (i: any) => i.condition }, { header: 'description', value: (i: any) => i.description }], 'No conditions: set a schema first.'),
    },
  ],
}

function readSchemaFile(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw new InvalidArgumentError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`)
  }
}

const siteVerbs: CommandSpec[] = [
  {
    name: 'create',
    summary: 'Create a site (unpublished), showing spaces at its root',
    options: [
      new Option('--title <title>', '2 to 128 characters'),
      new Option('--visibility <visibility>', 'audience once published').choices(VISIBILITIES),
      new Option('--type <type>', 'site type (default basic)'),
      new Option('--space <spaceId...>', 'spaces to show'),
      new Option('--new-space', 'create a new space for it'),
      orgOption(),
    ],
    examples: ['docsctl site create --title "Developer docs" --space <spaceId>', 'docsctl site create --title "Partner docs" --visibility share-link --new-space --json'],
    run: async (ctx, _a, o) =>
      (await ctx.client()).call('createSite', {
        params: { organizationId: await ctx.organizationId(o.org) },
        body: { title: o.title, visibility: o.visibility, type: o.type, spaces: o.newSpace ? 'new' : o.space },
      }),
    human: (s) => `Created site ${s.id} "${s.title}" (${s.visibility}, not published yet: docsctl site publish ${s.id}).\n`,
  },
  {
    name: 'list',
    summary: 'List the sites of an organization',
    options: [
      new Option('--space <spaceId>', 'only sites showing this space'),
      new Option('--title <text>', 'only sites whose title contains this'),
      new Option('--published', 'only published sites'),
      new Option('--unpublished', 'only unpublished sites'),
      orgOption(),
      ...pageOptions(),
    ],
    examples: ['docsctl site list', 'docsctl site list --published --json'],
    run: async (ctx, _a, o) =>
      (await ctx.client()).call('listSites', {
        params: { organizationId: await ctx.organizationId(o.org) },
        query: { ...pageQuery(o), space: o.space, title: o.title, ...(o.published ? { published: true } : o.unpublished ? { published: false } : {}) },
      }),
    human: (r) => siteTable(r.items) + nextHint(r),
  },
  {
    name: 'get',
    summary: 'Show a site',
    args: ['<siteId>'],
    options: [orgOption()],
    examples: ['docsctl site get <siteId>', 'docsctl site get <siteId> --json'],
    run: async (ctx, [id], o) => (await ctx.client()).call('getSiteById', { params: await siteParams(ctx, id, o.org) }),
    human: siteFields,
  },
  {
    name: 'update',
    summary: 'Update the settings of a site (admins)',
    args: ['<siteId>'],
    options: [
      new Option('--title <title>', 'new title'),
      new Option('--visibility <visibility>', 'audience once published').choices(VISIBILITIES),
      new Option('--basename <name>', 'path of the site under its host'),
      new Option('--hostname <host>', 'custom hostname, e.g. docs.acme.com'),
      new Option('--remove-hostname', 'remove the custom hostname'),
      new Option('--proxy <origin>', 'serve it under a path of your domain, e.g. acme.com/docs'),
      new Option('--remove-proxy', 'remove the proxy'),
      new Option('--adaptive-content <state>', 'whether conditions decide what visitors see').choices(['on', 'off']),
      new Option('--agents <context>', 'whether AI agents may read it').choices(['included', 'excluded']),
      new Option('--default-section <sectionId>', 'the default section'),
      new Option('--default-space <siteSpaceId>', 'the default site space (of the default section on a site with sections)'),
      orgOption(),
    ],
    examples: ['docsctl site update <siteId> --visibility visitor-auth --adaptive-content on', 'docsctl site update <siteId> --hostname docs.acme.com --proxy acme.com/docs'],
    run: async (ctx, [id], o) =>
      (await ctx.client()).call('updateSiteById', {
        params: await siteParams(ctx, id, o.org),
        body: {
          title: o.title,
          visibility: o.visibility,
          basename: o.basename,
          hostname: o.removeHostname ? null : o.hostname,
          proxy: o.removeProxy ? null : o.proxy,
          adaptiveContent: o.adaptiveContent ? { enabled: o.adaptiveContent === 'on' } : undefined,
          agentsContext: o.agents,
          defaultSiteSection: o.defaultSection,
          defaultSiteSpace: o.defaultSpace,
        },
      }),
    human: siteFields,
  },
  {
    name: 'delete',
    summary: 'Delete a site with its sections and share links (the spaces stay)',
    args: ['<siteId>'],
    options: [orgOption()],
    examples: ['docsctl site delete <siteId>'],
    run: async (ctx, [id], o) => {
      await (await ctx.client()).call('deleteSiteById', { params: await siteParams(ctx, id, o.org) })
      return { deleted: id }
    },
    human: (r) => `Deleted site ${r.deleted}.\n`,
  },
  {
    name: 'publish',
    summary: 'Publish a site: its audience (by visibility) can read it',
    args: ['<siteId>'],
    options: [orgOption()],
    examples: ['docsctl site publish <siteId>'],
    run: async (ctx, [id], o) => (await ctx.client()).call('publishSite', { params: await siteParams(ctx, id, o.org) }),
    human: (s) => `Published site ${s.id} at ${s.urls.published} (${s.visibility}).\n`,
  },
  {
    name: 'unpublish',
    summary: 'Unpublish a site: nobody can read it until it is published again',
    args: ['<siteId>'],
    options: [orgOption()],
    examples: ['docsctl site unpublish <siteId>'],
    run: async (ctx, [id], o) => (await ctx.client()).call('unpublishSite', { params: await siteParams(ctx, id, o.org) }),
    human: (s) => `Unpublished site ${s.id}.\n`,
  },
  {
    name: 'published',
    summary: "Show a published site as its audience sees it (a share key or visitor token where the site needs one)",
    args: ['<siteId>'],
    options: [new Option('--share-key <key>', 'key of an active share link'), new Option('--visitor-token <jwt>', 'a visitor token for the site'), orgOption()],
    examples: ['docsctl site published <siteId>', 'docsctl site published <siteId> --visitor-token "$(docsctl site visitor-token --site <siteId> --claims \'{"plan":"pro"}\')"'],
    run: async (ctx, [id], o) =>
      (await ctx.client()).call('getPublishedContentSite', { params: await siteParams(ctx, id, o.org), query: { shareKey: o.shareKey, visitorAuthToken: o.visitorToken } }),
    human: (p) => `${p.site.title} ${dim(`(${p.site.visibility}, ${p.site.urls.published})`)}\n${structureOutline(p.structure)}`,
  },
  {
    name: 'structure',
    summary: 'Show the whole structure of a site: groups, sections and site spaces with their conditions',
    args: ['<siteId>'],
    options: [orgOption()],
    examples: ['docsctl site structure <siteId>'],
    run: async (ctx, [id], o) => (await ctx.client()).call('getSiteStructure', { params: await siteParams(ctx, id, o.org) }),
    human: structureOutline,
  },
  {
    name: 'sort',
    summary: 'Move a site space, section or section group among its siblings (sortSiteStructure)',
    args: ['<siteId>'],
    options: [
      new Option('--item <type:id>', 'what to move: site-space:<id>, site-section:<id> or site-section-group:<id>').argParser(parsePointer).makeOptionMandatory(),
      new Option('--before <type:id>', 'place it just before this sibling').argParser(parsePointer),
      new Option('--after <type:id>', 'place it just after this sibling').argParser(parsePointer),
      orgOption(),
    ],
    examples: ['docsctl site sort <siteId> --item site-section:<sectionId> --before site-section-group:<groupId>'],
    run: async (ctx, [id], o) =>
      (await ctx.client()).call('sortSiteStructure', { params: await siteParams(ctx, id, o.org), body: { item: o.item, position: { before: o.before, after: o.after } } }),
    human: (item) => `Moved ${item.object} ${item.id}.\n`,
  },
  {
    name: 'visitor-token',
    summary: 'Sign a visitor token (JWT) for a site: it opens a visitor-auth site, and its claims drive conditions',
    options: [
      siteOption(),
      new Option('--claims <json>', 'the visitor claims as a JSON object').argParser(parseJsonObject).default({}),
      new Option('--expires-in <seconds>', 'lifetime, 60 to 2592000 seconds (default 3600)').argParser(parseInteger),
      orgOption(),
    ],
    examples: ['docsctl site visitor-token --site <siteId> --claims \'{"plan":"pro","unsigned":{"beta":true}}\''],
    run: async (ctx, _a, o) => (await ctx.client()).call('createSiteVisitorToken', { params: await siteParams(ctx, o.site, o.org), body: { claims: o.claims, expiresIn: o.expiresIn } }),
    human: (t) => `${t.token}\n`,
  },
]

/** `site-section:<id>` → `{type: 'site-section', id}`. */
function parsePointer(value: string): { type: string; id: string } {
  const match = /^(site-space|site-section|site-section-group):(.+)$/.exec(value)
  if (!match) throw new InvalidArgumentError(`"${value}" is not <type>:<id> with type site-space, site-section or site-section-group.`)
  return { type: match[1], id: match[2] }
}

export const siteCommands: GroupSpec = {
  name: 'site',
  aliases: ['sites'],
  summary: 'Docs sites: publish spaces to an audience, in sections and groups',
  commands: siteVerbs,
  groups: [sectionCommands, siteSpaceCommands, groupCommands, shareLinkCommands, schemaCommands],
}
