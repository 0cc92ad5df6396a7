/**
 * The terminal view of `docsctl dev` (ink): where the API is, the last sync, and the folder's current problems
 * with file and line. Used on a TTY only; elsewhere `docsctl dev` prints plain lines. Loaded lazily (ink and
 * React are not part of any other command's start).
 */
import type { ReactElement } from 'react'

// ink (and the React it renders with) are ES modules with top-level await: they can only be imported, not
// required, so they are imported when the view starts (the CLI bundle is CommonJS; see scripts/build.mjs).
type Ink = typeof import('ink')
let h: typeof import('react').createElement
let Box: Ink['Box']
let Text: Ink['Text']

export interface DevState {
  root: string
  url: string
  spaceId: string
  token: string
  /** The last sync: when, why, and what came of it. */
  last?: { at: string; why: string; outcome: string }
  problems: { file: string; line?: number; message: string }[]
}

export function DevView({ state }: { state: DevState }): ReactElement {
  const { last, problems } = state
  return h(
    Box,
    { flexDirection: 'column' },
    h(Text, null, h(Text, { bold: true }, 'docsctl dev'), ` serving ${state.root} as space ${state.spaceId}`),
    h(Text, null, 'API    ', h(Text, { color: 'cyan' }, `${state.url}/v1`)),
    h(Text, null, 'token  ', state.token),
    h(Text, null, 'last   ', last ? `${last.at} ${last.why}: ${last.outcome}` : 'importing …'),
    problems.length
      ? h(
          Box,
          { flexDirection: 'column', marginTop: 1 },
          h(Text, { color: 'red' }, `${problems.length} problem${problems.length === 1 ? '' : 's'} (the last good content is still served):`),
          ...problems.map((problem, i) => h(Text, { key: i }, `  ${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`)),
        )
      : h(Box, { marginTop: 1 }, h(Text, { color: 'green' }, 'No problems. Watching for changes; Ctrl-C stops.')),
  )
}

/** Renders the view and answers how to update and close it. */
export async function startDevView(state: DevState, options: { stdout?: NodeJS.WriteStream } = {}) {
  const [react, ink] = await Promise.all([import('react'), import('ink')])
  ;({ createElement: h } = react)
  ;({ Box, Text } = ink)
  const instance = ink.render(h(DevView, { state }), { stdout: options.stdout ?? process.stdout, patchConsole: false, exitOnCtrlC: false })
  return {
    update(next: DevState) {
      instance.rerender(h(DevView, { state: next }))
    },
    close() {
      instance.unmount()
    },
  }
}
