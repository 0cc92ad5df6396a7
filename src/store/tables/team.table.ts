import type { Insertable, Selectable } from 'kysely'

export interface TeamTable {
  id: string
  organization_id: string
  title: string
  created_at: string
}
export type TeamRow = Selectable<TeamTable>
export type NewTeamRow = Insertable<TeamTable>

export interface TeamMemberTable {
  team_id: string
  user_id: string
  /** `owner` (manages the team's members) or `member`. */
  role: string
  joined_at: string
}
export type TeamMemberRow = Selectable<TeamMemberTable>
