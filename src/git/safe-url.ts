/** The address without user and password: what is stored, logged and shown of a repository address. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//')
  }
}
