import type { ColumnType } from 'kysely';
/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings on both databases: TEXT on SQLite,
 * timestamptz on PostgreSQL (parsed back to ISO strings by the pg driver setup in database.ts).
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  recovery_code_hash: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserProfilesTable {
  id: string;
  username: string;
  /** Lower-cased username: "Sam" and "sam" are the same person to a reader, so only one may exist. */
  username_key: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  factor_id: string | null;
  created_at: string;
  last_active_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
  /** When the session passed its second factor (aal2); null for aal1. */
  aal2_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface MfaFactorsTable {
  id: string;
  user_id: string;
  factor_type: 'totp';
  friendly_name: string | null;
  status: 'unverified' | 'verified';
  secret_encrypted: string;
  last_used_step: number | null;
  created_at: string;
  updated_at: string;
}

export interface MfaChallengesTable {
  id: string;
  factor_id: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
}

export interface BookmarksTable {
  id: string;
  user_id: string;
  title: string;
  url: string | null;
  description: string | null;
  created_at: string;
}

export interface ConversationsTable {
  id: string;
  user_profile_id: string;
  provider_chat_id: string | null;
  created_at: string;
  /** The conversation's risk level (safety layer); 'none' by default. */
  risk_level: ColumnType<string, string | undefined, string>;
  /** The safety layer's state as JSON (assistant/safety/risk-state.ts); null until the first turn. */
  risk_state: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MessageSender = 'ai' | 'user';

export interface MessagesTable {
  id: string;
  conversation_id: string;
  sender: MessageSender;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface PublicConversationsTable {
  id: string;
  token_hash: string;
  provider_chat_id: string | null;
  created_at: string;
  expires_at: string;
  risk_level: ColumnType<string, string | undefined, string>;
  risk_state: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PublicMessagesTable {
  id: string;
  conversation_id: string;
  sender: MessageSender;
  content: string;
  created_at: string;
}

/**
 * An HSDS 3.0 table (modules/directory/hsds-tables.ts lists the columns of each): HSDS fields by
 * their HSDS names, plus provenance and the JSON of nested arrays Ellis keeps whole.
 */
export interface HsdsTableRow {
  id: string;
  source: string;
  assured_date: string | null;
  extras: string | null;
  /** Place in the parent's array. */
  position: number;
  [column: string]: string | number | null;
}

export interface DirectoryReportsTable {
  id: string;
  service_id: string;
  kind: string;
  /** What the person wrote: shown to an operator only, never logged. */
  message: string;
  status: 'new' | 'resolved';
  created_at: string;
}

/** One row (id 1): bumped by every import, so each server process knows to reload its search index. */
export interface DirectoryStateTable {
  id: number;
  revision: number;
  updated_at: string;
}

export interface DatabaseSchema {
  users: UsersTable;
  user_profiles: UserProfilesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  mfa_factors: MfaFactorsTable;
  mfa_challenges: MfaChallengesTable;
  bookmarks: BookmarksTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  public_conversations: PublicConversationsTable;
  public_messages: PublicMessagesTable;
  hsds_organization: HsdsTableRow;
  hsds_service: HsdsTableRow;
  hsds_location: HsdsTableRow;
  hsds_service_at_location: HsdsTableRow;
  hsds_address: HsdsTableRow;
  hsds_phone: HsdsTableRow;
  hsds_schedule: HsdsTableRow;
  hsds_taxonomy: HsdsTableRow;
  hsds_taxonomy_term: HsdsTableRow;
  hsds_attribute: HsdsTableRow;
  hsds_metadata: HsdsTableRow;
  directory_reports: DirectoryReportsTable;
  directory_state: DirectoryStateTable;
}
