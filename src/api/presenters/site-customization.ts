/**
 * The customization of a published site. docsctl has no site customization yet, so every published site answers
 * GitBook's defaults (the shape GitBook's PublishedContentSite requires, checked against its schema in the tests).
 */
const themed = (color: string) => ({ light: color, dark: color })

export const DEFAULT_SITE_CUSTOMIZATION = Object.freeze({
  styling: {
    theme: 'clean',
    primaryColor: themed('#346DDB'),
    infoColor: themed('#787878'),
    successColor: themed('#00C950'),
    warningColor: themed('#FE9A00'),
    dangerColor: themed('#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    codeTheme: { default: { light: 'default-light', dark: 'default-dark' }, openapi: { light: 'default-light', dark: 'default-dark' } },
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'system', toggeable: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: false },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: ['markdown', 'pdf'] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
})
