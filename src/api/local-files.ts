import { BadRequestError } from '../errors'
import type { OperationContext } from './operation'

/**
 * Refuses a request that names this machine's files (a local repository path, a file:// address) when the engine
 * may not use them for requests: a server that listens beyond this machine, started without --allow-local-files.
 */
export function assertLocalFilesAllowed(ctx: OperationContext, where: string): void {
  if (ctx.engine.localFiles) return
  throw new BadRequestError(
    `${where}: this server listens beyond this machine, so it does not read or write its own files for requests. Give an http(s) address, or start it with --allow-local-files.`,
  )
}
