import type { Db, Trx } from '../../store/database'
import { findUserByEmail, insertUser } from '../../store/users'
import { newId, nowIso } from '../../store/ids'
import type { UserRow } from '../../store/tables/user.table'

/** The user with this email, created (named after the email's local part unless named) when missing. */
export async function findOrCreateUser(db: Db | Trx, email: string, displayName?: string): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByEmail(db as Db, email)
  if (existing) return { user: existing, created: false }
  const user: UserRow = {
    id: newId(),
    display_name: displayName?.trim() || email.split('@')[0],
    email: email.toLowerCase(),
    photo_url: null,
    created_at: nowIso(),
  }
  await insertUser(db, user)
  return { user, created: true }
}
