/**
 * The error catalogue shared by the server and the web app.
 *
 * Every domain error the API returns has a stable numeric code, an HTTP status and an English
 * message (Vikunja's wording, with "right" instead of "permission" as Ordo follows the v0.24 wire
 * format). The web app shows the translated text for a code; the server sends `message`.
 * Some numbers are used twice in Vikunja (different packages); we keep the one the spec names and
 * give the second meaning its own key so both stay addressable.
 */
export interface CatalogueEntry {
  code: number;
  status: number;
  message: string;
}

const entries = {
  forbidden: { code: 0, status: 403, message: 'Forbidden' },
  forbiddenRead: { code: 0, status: 403, message: "You don't have the right to see this" },
  notAllowed: { code: 1, status: 403, message: "You're not allowed to do this." },
  invalidToken: {
    code: 11,
    status: 401,
    message: 'missing, malformed, expired or otherwise invalid token provided',
  },

  usernameExists: { code: 1001, status: 400, message: 'A user with this username already exists.' },
  emailExists: { code: 1002, status: 400, message: 'A user with this email address already exists.' },
  noUsernamePassword: { code: 1004, status: 400, message: 'Please specify a username and a password.' },
  userDoesNotExist: { code: 1005, status: 404, message: 'The user does not exist.' },
  couldNotGetUserId: { code: 1006, status: 400, message: 'Could not get user id.' },
  noPasswordResetToken: { code: 1008, status: 412, message: "No token to reset a user's password provided." },
  invalidPasswordResetToken: {
    code: 1009,
    status: 412,
    message: "Invalid token to reset a user's password.",
  },
  invalidEmailConfirmToken: { code: 1010, status: 412, message: 'Invalid email confirm token.' },
  wrongUsernameOrPassword: { code: 1011, status: 403, message: 'Wrong username or password.' },
  emailNotConfirmed: { code: 1012, status: 412, message: 'Please confirm your email address.' },
  emptyNewPassword: { code: 1013, status: 412, message: 'Please specify new password.' },
  emptyOldPassword: { code: 1014, status: 412, message: 'Please specify old password.' },
  totpAlreadyEnabled: {
    code: 1015,
    status: 412,
    message: 'Totp is already enabled for this user, but not activated.',
  },
  totpNotEnabled: { code: 1016, status: 412, message: 'Totp is not enabled for this user.' },
  invalidTotpPasscode: { code: 1017, status: 412, message: 'Invalid totp passcode.' },
  invalidAvatarProvider: {
    code: 1018,
    status: 412,
    message: 'Invalid avatar provider setting. See docs for valid types.',
  },
  noOpenIdEmail: {
    code: 1019,
    status: 412,
    message:
      'No email address available. Please make sure the openid provider publicly provides an email address for your account.',
  },
  accountDisabled: {
    code: 1020,
    status: 412,
    message: 'This account is disabled. Check your emails or ask your administrator.',
  },
  accountIsNotLocal: {
    code: 1021,
    status: 412,
    message: 'This account is managed by a third-party authentication provider.',
  },
  usernameMustNotContainSpaces: { code: 1022, status: 412, message: 'The username must not contain spaces.' },
  mustNotBeLinkShare: { code: 1023, status: 403, message: "You can't do that as a link share." },
  invalidClaimData: { code: 1024, status: 400, message: 'Invalid claim data for field %s of type %s' },
  invalidTimezone: {
    code: 1025,
    status: 400,
    message: "The timezone '%s' is invalid. Please select a valid timezone from the list.",
  },
  totpPasscodeUsed: { code: 1025, status: 412, message: 'This totp passcode has already been used.' },
  usernameReserved: { code: 1026, status: 400, message: 'This username is reserved and cannot be used.' },
  accountLocked: {
    code: 1026,
    status: 412,
    message:
      'This account is locked due to too many failed login attempts. You can reset your password to unlock it.',
  },
  invalidDeletionToken: { code: 1028, status: 400, message: 'Invalid deletion token provided.' },
  deletionTokenOfAnotherUser: {
    code: 1029,
    status: 403,
    message: 'This deletion token does not belong to your account.',
  },
  // Ordo has no bot users, so naming any other owner of an API token gets this answer.
  botNotOwned: { code: 1033, status: 403, message: 'You do not own this bot user.' },
  noPendingEmail: { code: 1035, status: 412, message: 'There is no pending email change to confirm.' },

  idCannotBeZero: { code: 2001, status: 400, message: 'The ID cannot be empty or 0.' },
  invalidData: { code: 2002, status: 412, message: 'Invalid Data' },
  invalidTimezoneGeneric: { code: 2003, status: 400, message: "The timezone '%s' is invalid" },
  invalidModel: { code: 2004, status: 400, message: 'Invalid model provided.' },

  projectDoesNotExist: { code: 3001, status: 404, message: 'This project does not exist.' },
  needProjectReadAccess: {
    code: 3004,
    status: 403,
    message: 'You need to have read access to this project.',
  },
  projectTitleEmpty: { code: 3005, status: 400, message: 'You must provide at least a project title.' },
  projectShareDoesNotExist: { code: 3006, status: 404, message: 'The project share does not exist.' },
  projectIdentifierNotUnique: {
    code: 3007,
    status: 400,
    message: 'A project with this identifier already exists.',
  },
  projectIsArchived: {
    code: 3008,
    status: 412,
    message: 'This project is archived. Editing or creating new tasks is not possible.',
  },
  projectPseudoParent: {
    code: 3009,
    status: 412,
    message: 'This project cannot belong a dynamically generated project.',
  },
  projectChildOfItself: { code: 3010, status: 412, message: 'This project cannot be a child of itself.' },
  projectCyclic: {
    code: 3011,
    status: 412,
    message: 'This project cannot have a cyclic relationship to a parent project.',
  },
  cannotDeleteDefaultProject: {
    code: 3012,
    status: 412,
    message: 'This project cannot be deleted because it is the default project of a user.',
  },
  cannotArchiveDefaultProject: {
    code: 3013,
    status: 412,
    message: 'This project cannot be archived because it is the default project of a user.',
  },
  projectViewDoesNotExist: { code: 3014, status: 404, message: 'This project view does not exist.' },
  projectHasNoBackground: { code: 3015, status: 404, message: 'Project background not found' },
  parentProjectArchived: {
    code: 3016,
    status: 412,
    message: 'The parent project is archived. Un-archive the parent project first.',
  },

  taskCannotBeEmpty: { code: 4001, status: 400, message: 'You must provide at least a task title.' },
  taskDoesNotExist: { code: 4002, status: 404, message: 'This task does not exist' },
  bulkTasksSameProject: { code: 4003, status: 400, message: 'All tasks must be in the same project.' },
  bulkTasksNeedOne: { code: 4004, status: 400, message: 'Need at least one tasks to do bulk editing.' },
  noRightToSeeTask: { code: 4005, status: 403, message: "You don't have the right to see this task." },
  parentTaskSame: { code: 4006, status: 403, message: 'You cannot set a parent task to the task itself.' },
  invalidRelationKind: { code: 4007, status: 400, message: 'The task relation is invalid.' },
  relationExists: { code: 4008, status: 409, message: 'The task relation already exists.' },
  relationDoesNotExist: { code: 4009, status: 404, message: 'The task relation does not exist.' },
  relationTasksSame: { code: 4010, status: 400, message: 'You cannot relate a task with itself' },
  attachmentDoesNotExist: { code: 4011, status: 404, message: 'This task attachment does not exist.' },
  attachmentTooLarge: {
    code: 4012,
    status: 400,
    message: 'The task attachment exceeds the configured file size of %d bytes, filesize was %d',
  },
  invalidSortParam: { code: 4013, status: 400, message: "The task sort param '%s' is invalid." },
  fileTooLarge: {
    code: 4013,
    status: 413,
    message: 'The uploaded file exceeds the maximum configured file size',
  },
  invalidSortOrder: {
    code: 4014,
    status: 400,
    message: "The task sort order '%s' is invalid. Allowed is either asc or desc.",
  },
  commentDoesNotExist: { code: 4015, status: 404, message: 'This task comment does not exist' },
  invalidTaskField: { code: 4016, status: 400, message: "The task field '%s' is invalid." },
  invalidFilterComparator: {
    code: 4017,
    status: 400,
    message: "The task filter comparator '%s' is invalid.",
  },
  invalidFilterConcatenator: {
    code: 4018,
    status: 400,
    message: "The task filter concatinator '%s' is invalid.",
  },
  invalidFilterValue: {
    code: 4019,
    status: 400,
    message: "The task filter value '%s' for field '%s' is invalid.",
  },
  attachmentNotOfTask: { code: 4020, status: 400, message: 'This attachment does not belong to that task.' },
  userAlreadyAssigned: { code: 4021, status: 400, message: 'This user is already assigned to that task.' },
  reminderRelativeMissing: {
    code: 4022,
    status: 400,
    message: 'Please provide what the reminder date is relative to',
  },
  relationCycle: { code: 4023, status: 409, message: 'This task relation would create a cycle.' },
  invalidFilterExpression: { code: 4024, status: 400, message: "The filter expression '%s' is invalid: %s" },
  invalidReactionKind: { code: 4025, status: 400, message: "The reaction kind '%s' is invalid." },
  positionNeedsView: {
    code: 4026,
    status: 400,
    message: 'You must provide a project view ID when sorting by position',
  },
  invalidTaskColumn: { code: 4027, status: 400, message: "The task field '%s' is invalid." },
  invalidRepeatInterval: {
    code: 4029,
    status: 400,
    message: 'The task repeat interval must be between 0 and %d seconds (10 years).',
  },

  teamNameEmpty: { code: 6001, status: 400, message: 'The team name cannot be empty' },
  teamDoesNotExist: { code: 6002, status: 404, message: 'This team does not exist.' },
  teamAlreadyHasAccess: { code: 6004, status: 409, message: 'This team already has access.' },
  userIsMemberOfTeam: { code: 6005, status: 409, message: 'This user is already a member of that team.' },
  cannotDeleteLastTeamMember: {
    code: 6006,
    status: 400,
    message: 'You cannot delete the last member of a team.',
  },
  teamDoesNotHaveAccess: {
    code: 6007,
    status: 403,
    message: 'This team does not have access to the project.',
  },
  externalTeamDoesNotExist: {
    code: 6008,
    status: 404,
    message: 'No team could be found for the given OIDC ID and issuer.',
  },
  oidcTeamsDoNotExist: {
    code: 6009,
    status: 404,
    message: 'No Teams with property oidcId could be found for User.',
  },
  cannotRemoveFromExternalTeam: {
    code: 6010,
    status: 412,
    message: 'Users cannot be removed from an external team.',
  },

  userAlreadyHasAccess: { code: 7002, status: 409, message: 'This user already has access to this project.' },
  userDoesNotHaveAccess: {
    code: 7003,
    status: 403,
    message: 'This user does not have access to the project.',
  },

  labelAlreadyOnTask: { code: 8001, status: 400, message: 'This label already exists on the task.' },
  labelDoesNotExist: { code: 8002, status: 404, message: 'This label does not exist.' },
  noAccessToLabel: { code: 8003, status: 403, message: "You don't have access to this label." },

  invalidRight: { code: 9001, status: 400, message: 'The right is invalid.' },

  bucketDoesNotExist: { code: 10001, status: 404, message: 'This bucket does not exist.' },
  bucketNotInView: { code: 10002, status: 400, message: 'This bucket does not belong to that project.' },
  cannotRemoveLastBucket: {
    code: 10003,
    status: 412,
    message: 'You cannot remove the last bucket on this project view.',
  },
  bucketLimitExceeded: {
    code: 10004,
    status: 412,
    message: 'You cannot add the task to this bucket as it already exceeded the limit of tasks it can hold.',
  },
  onlyOneDoneBucket: { code: 10005, status: 412, message: 'There can be only one done bucket per project.' },
  taskAlreadyInBucket: {
    code: 10006,
    status: 400,
    message: 'This task already exists in a bucket for this project view.',
  },

  savedFilterDoesNotExist: { code: 11001, status: 404, message: 'This saved filter does not exist.' },
  savedFilterNotForLinkShare: {
    code: 11002,
    status: 412,
    message: 'Saved filters are not available for link shares.',
  },

  unknownSubscriptionEntity: {
    code: 12001,
    status: 412,
    message: 'The subscription entity type is invalid.',
  },
  subscriptionExists: { code: 12002, status: 412, message: "You're already subscribed." },
  subscriptionNeedsUser: {
    code: 12003,
    status: 412,
    message: 'You must provide a user to fetch subscriptions',
  },

  linkSharePasswordRequired: {
    code: 13001,
    status: 412,
    message: 'This link share requires a password for authentication, but none was provided.',
  },
  linkSharePasswordInvalid: {
    code: 13002,
    status: 403,
    message: 'The provided link share password is invalid.',
  },
  linkShareTokenInvalid: { code: 13003, status: 400, message: 'The provided link share token is invalid.' },
  // Ordo-only: Vikunja accepts link-share passwords of any length.
  linkSharePasswordTooShort: {
    code: 30010,
    status: 400,
    message: 'The link share password must be at least %d characters long.',
  },

  apiTokenInvalid: { code: 14001, status: 400, message: 'The provided api token is invalid.' },
  invalidApiTokenPermission: {
    code: 14002,
    status: 400,
    message: 'The permission %s of group %s is invalid.',
  },

  /** An OpenID Connect sign-in the provider or the request made impossible; the message says why. */
  openIdBadRequest: { code: 15001, status: 400, message: '%s' },

  // Imports (reference §2.16): 14001 and 14002 share their numbers with the API-token errors above.
  importNotAZipFile: { code: 14001, status: 400, message: 'The provided file is not a valid zip file.' },
  importFileIsEmpty: { code: 14002, status: 400, message: 'The provided file does not contain any data.' },
  importNotACsvFile: { code: 14003, status: 400, message: 'The provided file is not a valid CSV file.' },
  importCsvConfigRequired: {
    code: 14004,
    status: 400,
    message:
      'CSV import requires a configuration with column mappings. Use the /migration/csv/detect endpoint to get suggested mappings, then call /migration/csv/migrate with a config form field.',
  },
  migrationAlreadyRunning: { code: 14005, status: 412, message: 'Migration already running' },
  importLimitExceeded: {
    code: 30050,
    status: 400,
    message: 'The file holds %s %s; an import may hold at most %s (%s).',
  },
  importTooLargeToRead: {
    code: 30051,
    status: 413,
    message: 'Reading the file needs more memory than an import may use (%s).',
  },
  importInterrupted: {
    code: 30052,
    status: 500,
    message: 'The import stopped when the server did; nothing of it was kept.',
  },
  noImportRunning: { code: 30053, status: 404, message: 'No import is running.' },
  /** The same file (by its SHA-256) was imported before and what it made is still there. */
  importAlreadyDone: {
    code: 30058,
    status: 409,
    message: 'This file was already imported on %s; importing it again would duplicate it.',
  },
  /** A file of the right kind with a fault; the message names the line or field. */
  importInvalidFile: { code: 30059, status: 400, message: 'The file cannot be imported: %s.' },
  /** A cell of a generic CSV import that does not hold what its column is mapped to. */
  importCsvBadValue: { code: 30090, status: 400, message: 'Line %s, column "%s": %s.' },
  /** A generic CSV import's column mapping or options that cannot be used. */
  importCsvBadMapping: { code: 30091, status: 400, message: 'The column mapping cannot be used: %s.' },

  sessionNotFound: { code: 16001, status: 404, message: 'The session does not exist.' },

  userDataExportDoesNotExist: { code: 19001, status: 404, message: 'No user data export found.' },

  // Ordo's own codes.
  /** A webhook aimed at this server or its private network (modules/webhooks/targets.ts). */
  webhookTargetInternal: {
    code: 30030,
    status: 400,
    message:
      'The webhook target %s is an internal address (this server or a private network), which webhooks may not reach.',
  },
  // Ordo only: retried requests (the Idempotency-Key header) and a server shedding load.
  idempotencyKeyInvalid: {
    code: 30060,
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  },
  idempotencyKeyReused: {
    code: 30061,
    status: 422,
    message:
      'This Idempotency-Key was already used for a different request (another address or body). Use a new key for a new request.',
  },
  idempotencyKeyInProgress: {
    code: 30062,
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
  },
  idempotencyKeyOutcomeUnknown: {
    code: 30063,
    status: 409,
    message:
      'The earlier request with this Idempotency-Key failed after it may have saved changes. Check whether it took effect before trying again with a new key.',
  },
  serverBusy: {
    code: 30064,
    status: 503,
    message: 'The server is too busy to answer right now. Please try again in %s seconds.',
  },
  /**
   * Ordo only: a task update sent with `If-Match` whose tag is no longer the task's (someone else
   * saved in between). The answer carries the current task as `task`.
   */
  taskChangedMeanwhile: {
    code: 30070,
    status: 412,
    message: 'The task was changed by someone else since you loaded it. Your change was not saved.',
  },
  /** Ordo only: a trash entry that was restored, emptied or never existed (modules/trash). */
  trashEntryDoesNotExist: {
    code: 30100,
    status: 404,
    message: 'This item is no longer in the trash.',
  },
  /** Ordo only: a template that was deleted, never existed or is someone else's (modules/templates). */
  templateDoesNotExist: {
    code: 30110,
    status: 404,
    message: 'This template does not exist.',
  },
  /** Ordo only: a project too big to save as a template. */
  templateTooLarge: {
    code: 30111,
    status: 400,
    message: 'A template holds at most %d tasks; this project has %d.',
  },
  /** Ordo only: a task template used to create a project, or a project template to create a task. */
  templateOfOtherKind: {
    code: 30112,
    status: 400,
    message:
      'A project template creates projects and a task template creates tasks; this template is of the other kind.',
  },
  /** Ordo only: the last admin of a team stepping down or leaving while others stay. */
  teamNeedsAnAdmin: {
    code: 30130,
    status: 412,
    message: 'A team needs an admin. Make another member an admin first.',
  },
  /** Ordo only: a custom field id in a definition path that is not a field of that project. */
  customFieldDoesNotExist: {
    code: 30120,
    status: 404,
    message: 'This custom field does not exist.',
  },
  /** Ordo only: a task's custom field value of the wrong type for its field's kind. */
  customFieldValueInvalid: {
    code: 30121,
    status: 400,
    message: 'The value for the field "%s" must be %s.',
  },
  /** Ordo only: a choice (or one of several) that is not among the field's options. */
  customFieldChoiceUnknown: {
    code: 30122,
    status: 400,
    message: '"%s" is not one of the choices of the field "%s".',
  },
  /** Ordo only: a custom field definition that breaks a rule (title, options). */
  customFieldDefinitionInvalid: {
    code: 30123,
    status: 400,
    message: 'The custom field cannot be saved: %s.',
  },
  /** Ordo only: an update that changes a custom field's kind. */
  customFieldKindFixed: {
    code: 30124,
    status: 400,
    message: 'The kind of a custom field cannot be changed.',
  },
  /** Ordo only: a task body naming a custom field of another project. */
  customFieldNotInProject: {
    code: 30125,
    status: 400,
    message: "The custom field %s is not a field of this task's project.",
  },
  // Bad input refused before it reaches a service (Ordo only).
  requestBodyTooLarge: {
    code: 30040,
    status: 413,
    message: 'The request body is larger than the limit of %s. Files are uploaded as multipart/form-data.',
  },
  tooManyItems: {
    code: 30041,
    status: 400,
    message: 'A request may list at most %d entries in %s; this one lists %d.',
  },
  nulCharacter: {
    code: 30042,
    status: 400,
    message: 'Text must not contain the NUL character (U+0000), found in %s.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorKey = keyof typeof entries;
export const errorCatalogue: Readonly<Record<ErrorKey, CatalogueEntry>> = entries;

/** Fill Go-style `%s`/`%d` placeholders in order. */
export function formatCatalogueMessage(template: string, params: readonly (string | number)[] = []): string {
  let i = 0;
  return template.replace(/%[sdv]/g, (m) => (i < params.length ? String(params[i++]) : m));
}

/**
 * Codes whose server message carries the detail the user needs (the offending part of a filter),
 * so the client appends the server message on a new line after the catalogue text.
 */
export const codesWithServerDetail: ReadonlySet<number> = new Set([4016, 4017, 4018, 4019, 4024]);
