/** Filled in by the bundler from package.json; the fallbacks serve tests run from source. */
declare const __DOCSCTL_VERSION__: string | undefined
declare const __DOCSCTL_BUILD__: string | undefined

export const VERSION: string = typeof __DOCSCTL_VERSION__ === 'string' ? __DOCSCTL_VERSION__ : '0.0.0-dev'
export const BUILD_DATE: string = typeof __DOCSCTL_BUILD__ === 'string' ? __DOCSCTL_BUILD__ : new Date(0).toISOString()
