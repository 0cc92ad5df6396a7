/**
 * A cache of rows read on every request (a token's user, a caller's membership, list counts). It empties itself
 * when this process writes (every write statement and COMMIT on the main connection calls `clear()`: see
 * database.ts), and when another connection — a CLI command on the same data directory — has committed, which
 * SQLite's `data_version` tells.
 * Reading `data_version` costs as much as the request's own query, so it is read at most every
 * CHECK_INTERVAL_MS: a change made by another process (a token revoked from the CLI while the server runs) is
 * seen within that time.
 */
export const CHECK_INTERVAL_MS = 100

export class ReadCache {
  /** Entries by kind ("space", "token" …), then by key: lookups hash the caller's id strings, never a concatenation. */
  private buckets = new Map<string, Map<string, unknown>>()
  private size = 0
  private version: number
  private checkedAt = 0
  /** Bumped by every clear: a value loaded before a clear is not stored after it. */
  private generation = 0

  constructor(
    private readonly dataVersion: () => number,
    private readonly maxEntries = 10_000,
  ) {
    this.version = dataVersion()
  }

  /** The cached value (synchronously, on a hit) or the loaded one. */
  get<T>(kind: string, key: string, load: () => Promise<T>): T | Promise<T> {
    const now = Date.now()
    if (now - this.checkedAt >= CHECK_INTERVAL_MS) {
      this.checkedAt = now
      const version = this.dataVersion()
      if (version !== this.version) {
        this.clear()
        this.version = version
      }
    }
    const bucket = this.buckets.get(kind)
    if (bucket !== undefined) {
      const value = bucket.get(key)
      if (value !== undefined || bucket.has(key)) return value as T
    }
    return this.load(kind, key, load)
  }

  private async load<T>(kind: string, key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation
    const value = await load()
    if (generation === this.generation) {
      if (this.size >= this.maxEntries) this.clear()
      let bucket = this.buckets.get(kind)
      if (bucket === undefined) this.buckets.set(kind, (bucket = new Map()))
      if (!bucket.has(key)) this.size++
      bucket.set(key, value)
    }
    return value
  }

  clear(): void {
    this.buckets.clear()
    this.size = 0
    this.generation++
  }
}
