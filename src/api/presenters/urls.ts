/**
 * Addresses of objects. `location` is the object's address in the API; `app` an address on the server's own
 * web paths (`/app/...`), which the server answers with a short page pointing at the API object.
 */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl}/v1${path}`
}

export function appUrl(baseUrl: string, path: string): string {
  return `${baseUrl}/app${path}`
}
