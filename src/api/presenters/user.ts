import type { UserRow } from '../../store/tables/user.table'
import { apiUrl } from './urls'

export function presentUser(user: UserRow, baseUrl: string) {
  return {
    object: 'user' as const,
    id: user.id,
    displayName: user.display_name,
    email: user.email,
    ...(user.photo_url ? { photoURL: user.photo_url } : {}),
    urls: { location: apiUrl(baseUrl, `/users/${user.id}`) },
  }
}
export type ApiUser = ReturnType<typeof presentUser>
