/**
 * Entry point of the `docsctl` executable (bin/docsctl.js imports only this). `--version` answers without
 * loading anything else; every other command loads the commander program, which loads what it needs.
 */
import { VERSION } from './version'

export async function main(argv: string[]): Promise<number> {
  const args = argv.slice(2)
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`)
    return 0
  }
  const { runProgram } = await import('./cli/program')
  return runProgram(argv)
}
