/** `docsctl init --template <name>`: a GitBook-format docs folder scaffolded from templates/. */
import { cpSync, existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BadRequestError, ConflictError } from '../errors'

/** The templates folder of the package (found upward from this module: dist/ or src/). */
export function templatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'templates'))) return join(dir, 'templates')
    dir = dirname(dir)
  }
  throw new Error('The templates folder of docsctl is missing from its installation.')
}

export function templateNames(): string[] {
  return readdirSync(templatesDir(), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()
}

/** Copies the template into `target` (which must not exist or be empty); answers the files written. */
export function scaffold(name: string, target: string): string[] {
  const names = templateNames()
  if (!names.includes(name)) throw new BadRequestError(`--template: "${name}" is not a template; choose one of ${names.join(', ')}.`)
  const destination = resolve(target)
  if (existsSync(destination) && readdirSync(destination).length > 0) throw new ConflictError(`${destination} is not empty: choose another folder with --dir.`)
  cpSync(join(templatesDir(), name), destination, { recursive: true })
  const files: string[] = []
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`)
      else files.push(`${prefix}${entry.name}`)
    }
  }
  walk(destination, '')
  return files.sort()
}
