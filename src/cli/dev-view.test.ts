import { Writable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import type { DevState } from './dev-view'

// ink only writes the final frame, at unmount, when it believes it runs in CI (it reads CI once, when loaded).
// This test is about the frames a person sees, so ink is loaded with those variables cleared.
delete process.env.CI
delete process.env.CONTINUOUS_INTEGRATION
const { startDevView } = await import('./dev-view')

/** A terminal-like stream that keeps what ink wrote. */
function fakeTerminal() {
  let written = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written += chunk.toString()
      done()
    },
  }) as unknown as NodeJS.WriteStream
  Object.assign(stream, { columns: 100, rows: 30, isTTY: true })
  // eslint-disable-next-line no-control-regex
  return { stream, text: () => written.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '') }
}

describe('the docsctl dev view', () => {
  it('shows the API address, the last sync and the current problems, updated in place', async () => {
    const terminal = fakeTerminal()
    const shows = (text: string) => vi.waitFor(() => expect(terminal.text(), terminal.text()).toContain(text), { timeout: 5000, interval: 10 })
    const state: DevState = { root: '/docs', url: 'http://127.0.0.1:8080', spaceId: 'sp1', token: 'dct_x', problems: [] }
    const view = await startDevView(state, { stdout: terminal.stream })
    await shows('http://127.0.0.1:8080/v1')
    await shows('importing …')
    view.update({ ...state, last: { at: '10:00:00', why: 'imported', outcome: '12 pages in 40 ms' }, problems: [] })
    await shows('10:00:00 imported: 12 pages in 40 ms')
    await shows('No problems')
    view.update({ ...state, last: { at: '10:00:05', why: '1 file(s) changed', outcome: '1 problem(s); still serving the last good content' }, problems: [{ file: 'SUMMARY.md', line: 4, message: 'points at a missing file' }] })
    await shows('1 problem (the last good content is still served):')
    await shows('SUMMARY.md:4: points at a missing file')
    view.close()
  })
})
