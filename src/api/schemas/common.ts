/** Schema pieces shared by several operations. */
import { Type, type TSchema } from '@sinclair/typebox/type'
import { ROLES } from '../../domain/permissions/roles'
import { Limits } from './limits'
import { EMOJI_PATTERN } from '../validate'

/** A server-generated id in a path. */
export const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description })

/** `role` or null; a single enum so a bad value answers with the list of allowed ones. */
export const RoleOrNull = Type.Unsafe<(typeof ROLES)[number] | null>({
  type: ['string', 'null'],
  enum: [...ROLES, null],
  description: 'A role (`admin`, `create`, `review`, `edit`, `comment`, `read`), or null (guest / no default access).',
})

/** Default level of content: a role, null (no default access), or `inherit` (from the parent collection). */
export const DefaultLevel = Type.Unsafe<(typeof ROLES)[number] | 'inherit' | null>({
  type: ['string', 'null'],
  enum: [...ROLES, 'inherit', null],
  description: 'Level every organization member gets at least: a role, `inherit` (from the parent collection), or null.',
})

export const Emoji = Type.String({ maxLength: Limits.space.emoji, pattern: EMOJI_PATTERN, description: 'One emoji character.' })

export const Timestamp = Type.String({ format: 'date-time' })

/** Nullable helper: `{anyOf: [schema, null]}`. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** A position among siblings: before or after a space or a collection. */
const ContentPointer = Type.Union([
  Type.Object({ type: Type.Literal('space'), space: Type.String({ minLength: 1 }) }),
  Type.Object({ type: Type.Literal('collection'), collection: Type.String({ minLength: 1 }) }),
])
export const ContentPosition = Type.Object(
  { before: Type.Optional(ContentPointer), after: Type.Optional(ContentPointer) },
  { description: 'Where to place the item among its siblings. By default, at the end.' },
)

export const Urls = (names: string[], required: string[] = ['location', 'app']) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, required.includes(n) ? Type.String() : Type.Optional(Type.String())])))

/** Language codes a space (and a translation) may carry: GitBook's list. */
export const LANGUAGES = [
  'en', 'fr', 'de', 'es', 'it', 'pt', 'pt-br', 'ru', 'ja', 'zh', 'zh-tw', 'yue', 'ko', 'ar', 'hi', 'nl', 'pl', 'tr', 'sv', 'no',
  'da', 'fi', 'el', 'cs', 'hu', 'ro', 'th', 'vi', 'id', 'ms', 'he', 'uk', 'sk', 'bg', 'hr', 'lt', 'lv', 'et', 'sl',
] as const
export const Language = Type.Unsafe<(typeof LANGUAGES)[number]>({ type: 'string', enum: [...LANGUAGES], description: 'Language code of the content.' })

export const SPACE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const
export const SpaceVisibility = Type.Unsafe<(typeof SPACE_VISIBILITIES)[number]>({
  type: 'string',
  enum: [...SPACE_VISIBILITIES],
  description: 'Who can read the space: `in-collection` only for spaces in a collection.',
})
export const EditMode = Type.Unsafe<'live' | 'locked'>({ type: 'string', enum: ['live', 'locked'], description: '`locked` blocks all edits.' })
export const MergeRules = Type.Object(
  { type: Type.Unsafe<'inherit' | 'none' | 'rules'>({ type: 'string', enum: ['inherit', 'none', 'rules'] }), rules: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))) },
  { description: 'Merge rules of the space: `inherit` (from the organization), `none`, or `rules`.' },
)
