/**
 * The longest text each field takes, in characters (Unicode code points, as Vikunja's
 * `runelength` counts runes). The server's request schemas enforce them; the web app can use the
 * same numbers for its inputs.
 *
 * Names and titles follow Vikunja's struct tags (1–250). Descriptions and comments have no limit in
 * Vikunja; Ordo caps them at 500,000 characters (about 250 printed pages, far beyond any real
 * description) so one field can neither fill the database nor make every list answer huge, while
 * still fitting the JSON body limit even in three-byte scripts (500,000 × 3 bytes = 1.5 MB < 2 MB).
 */
export const FIELD_LIMITS = {
  /** Task, project, label, view, bucket, saved filter and API-token titles; team names. */
  title: 250,
  /** Task, project, label, team and saved-filter descriptions; comments. */
  description: 500_000,
  /**
   * `hex_color` as stored: six hex digits. The server strips a leading `#` and cuts longer input
   * to six (as Vikunja does), so requests may send up to `short` characters.
   */
  hexColor: 6,
  /** A project's identifier (the prefix of its task identifiers). */
  identifier: 10,
  /** Display names, usernames, e-mail addresses, link-share names. */
  name: 250,
  /** Passwords: bcrypt reads 72 bytes; the schema bounds only what is hashed or compared. */
  password: 1_000,
  /** A filter query (`done = false && labels in 1, 2`), a search text, a sort or zone name. */
  filter: 10_000,
  /** URLs a user gives (webhook targets, OpenID redirect URLs). */
  url: 2_048,
  /** Webhook secrets and basic-auth credentials. */
  secret: 1_000,
  /** A reaction (an emoji or a short word; Vikunja's column is varchar(20)). */
  reaction: 20,
  /** Short codes: languages, time zones, enum names, TOTP passcodes, tokens sent back. */
  short: 250,
} as const;

export type FieldLimit = keyof typeof FIELD_LIMITS;

/** The most ids one request may name (bulk task edits, label and assignee lists). */
export const MAX_IDS_PER_REQUEST = 1_000;

/** Characters as Vikunja counts them (runes): a surrogate pair is one. */
export function runeLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
