import { describe, expect, it } from 'vitest'
import { pageNodes } from './page-nodes'

describe('pageNodes', () => {
  it('names headings by the slug of their text, numbering repeats, and skips fenced code', () => {
    const markdown = '# Getting started\n\nText.\n\n## Install\n\n```sh\n# not a heading\n```\n\n## Install ##\n\n### Café & more\n'
    expect(pageNodes(markdown)).toEqual([
      { id: 'getting-started', preview: 'Getting started' },
      { id: 'install', preview: 'Install' },
      { id: 'install-1', preview: 'Install' },
      { id: 'cafe-more', preview: 'Café & more' },
    ])
  })

  it('uses the id of an anchor written in the heading', () => {
    expect(pageNodes('## Setup <a href="#custom" id="custom"></a>\n')).toEqual([{ id: 'custom', preview: 'Setup' }])
  })

  it('finds nothing in a page without headings', () => {
    expect(pageNodes('Just text.\n#hashtag\n')).toEqual([])
  })
})
