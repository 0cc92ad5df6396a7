import type { Insertable, Selectable, Updateable } from 'kysely'

export interface UserTable {
  id: string
  display_name: string
  email: string
  photo_url: string | null
  created_at: string
}
export type UserRow = Selectable<UserTable>
export type NewUserRow = Insertable<UserTable>
export type UserUpdate = Updateable<UserTable>
