/**
 * Translation providers: what turns source strings into the target language. Built in:
 * - `pseudo`: deterministic pseudo-localisation for testing localisation pipelines: letters get accents and each
 *   string is wrapped in ⟦ ⟧ with the target language, so untranslated text and broken layout stand out;
 * - `http`: POSTs `{sourceLanguage, targetLanguage, instructions, texts}` as JSON to a machine translation service
 *   and expects `{texts}` back, the same number in the same order.
 * The server picks `http` when `DOCSCTL_TRANSLATION_URL` is set, else `pseudo`.
 */
export interface TranslationRequest {
  sourceLanguage: string
  targetLanguage: string
  /** The translation's instructions as plain text ('' when none). */
  instructions: string
  texts: string[]
}

export interface TranslationProvider {
  name: string
  translate(request: TranslationRequest): Promise<string[]>
}

const ACCENTS: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ď', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ľ', m: 'ɱ', n: 'ñ', o: 'ö', p: 'þ', q: 'ʠ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ď', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ľ', M: 'Ṁ', N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
}

/** `Hello` → `⟦fr: Ĥéľľö⟧`. */
export function pseudoLocalize(text: string, language: string): string {
  return `⟦${language}: ${text.replace(/[A-Za-z]/g, (c) => ACCENTS[c])}⟧`
}

export const pseudoProvider: TranslationProvider = {
  name: 'pseudo',
  async translate(request) {
    return request.texts.map((text) => pseudoLocalize(text, request.targetLanguage))
  },
}

export class TranslationProviderError extends Error {}

export function httpProvider(url: string, timeoutMs = 60_000): TranslationProvider {
  return {
    name: 'http',
    async translate(request) {
      let response: Response
      try {
        response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), signal: AbortSignal.timeout(timeoutMs) })
      } catch (error) {
        throw new TranslationProviderError(`The translation service at ${url} did not answer: ${(error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : ((error as { cause?: Error }).cause?.message ?? (error as Error).message)}.`)
      }
      if (!response.ok) throw new TranslationProviderError(`The translation service at ${url} answered ${response.status}.`)
      const body = (await response.json().catch(() => undefined)) as { texts?: unknown } | undefined
      const texts = body?.texts
      if (!Array.isArray(texts) || texts.length !== request.texts.length || !texts.every((t) => typeof t === 'string')) {
        throw new TranslationProviderError(`The translation service at ${url} must answer {"texts": [...]} with ${request.texts.length} strings.`)
      }
      return texts as string[]
    },
  }
}

/** The provider this process uses. */
export function configuredProvider(): TranslationProvider {
  const url = process.env.DOCSCTL_TRANSLATION_URL
  return url ? httpProvider(url) : pseudoProvider
}
