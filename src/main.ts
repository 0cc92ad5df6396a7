/**
 * Entry point of the `docsctl` executable (bin/docsctl.js imports only this). `--version` answers without
 * loading anything else; every other command loads the commander program, which loads what it needs.
 */
import { VERSION } from './version'

export async function main(argv: string[]): Promise<number> {
  // A reader that stops early (`docsctl … | head`) closes the pipe: that ends the output, not in a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw error
    })
  }
  const args = argv.slice(2)
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`)
    return 0
  }
  const { runProgram } = await import('./cli/program')
  return runProgram(argv)
}
