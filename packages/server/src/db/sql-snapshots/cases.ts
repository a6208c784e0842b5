/**
 * What the SQL snapshots call: every repository, built on the recording database, and each of its
 * methods with representative arguments. A public method without a call here fails the snapshot
 * check, so a new query shows in review.
 */
import { type Expression, sql } from 'kysely';
import { AccountRemovalRepo } from '../../modules/account/account-removal-repo.js';
import { ActivityRepo } from '../../modules/activity/repo.js';
import { AssigneesRepo } from '../../modules/assignees/repo.js';
import { OrphanFilesRepo } from '../../modules/attachments/files/orphan-files-repo.js';
import { AttachmentsRepo } from '../../modules/attachments/repo.js';
import { AccountTokensRepo } from '../../modules/auth/account-tokens-repo.js';
import { SessionsRepo } from '../../modules/auth/sessions-repo.js';
import { TotpRepo } from '../../modules/auth/totp-repo.js';
import { AvatarsRepo } from '../../modules/avatars/repo.js';
import { BackgroundsRepo } from '../../modules/backgrounds/repo.js';
import { AuthFailuresRepo } from '../../modules/brute-force/failures-repo.js';
import { BucketsRepo } from '../../modules/buckets/repo.js';
import { CollectionNamesRepo } from '../../modules/caldav/collection-names-repo.js';
import { CaldavRepo, type StoredObject } from '../../modules/caldav/repo.js';
import { SyncRepo } from '../../modules/caldav/sync-repo.js';
import { CaldavTokensRepo } from '../../modules/caldav/tokens-repo.js';
import { CommentsRepo } from '../../modules/comments/repo.js';
import { CustomFieldsRepo } from '../../modules/custom-fields/repo.js';
import { ExportContentsRepo } from '../../modules/export/export-contents-repo.js';
import { ExportRepo } from '../../modules/export/export-repo.js';
import { FavoritesRepo } from '../../modules/favorites/repo.js';
import { SavedFiltersRepo } from '../../modules/filters/repo.js';
import { IdempotencyRepo } from '../../modules/idempotency/repo.js';
import { LabelsRepo } from '../../modules/labels/repo.js';
import { FingerprintRepo } from '../../modules/migration/fingerprint-repo.js';
import { ImportRepo } from '../../modules/migration/import-repo.js';
import { MigrationStatusRepo } from '../../modules/migration/status-repo.js';
import { PayloadRepo } from '../../modules/notifications/payload-repo.js';
import { ReminderDeliveriesRepo } from '../../modules/notifications/reminder-deliveries-repo.js';
import { NotificationsRepo } from '../../modules/notifications/repo.js';
import { OpenIdUsersRepo } from '../../modules/openid/repo.js';
import { OverdueRepo } from '../../modules/overdue/overdue-repo.js';
import { PositionsRepo } from '../../modules/positions/repo.js';
import { ProjectExportRepo } from '../../modules/project-export/repo.js';
import { ProjectContentRepo } from '../../modules/projects/project-content-repo.js';
import { ProjectsRepo } from '../../modules/projects/repo.js';
import { ReactionsRepo } from '../../modules/reactions/repo.js';
import { RelationsRepo } from '../../modules/relations/repo.js';
import { RemindersRepo } from '../../modules/reminders/repo.js';
import { RightsRepo } from '../../modules/rights/repo.js';
import { SearchPostingsCompaction } from '../../modules/search/search-postings-repo.js';
import { TaskSearch } from '../../modules/search/task-search-repo.js';
import { LinkSharesRepo } from '../../modules/sharing/link-shares-repo.js';
import { ProjectSharesRepo } from '../../modules/sharing/project-shares-repo.js';
import { ShareGrants } from '../../modules/sharing/share-grants-repo.js';
import { SubscriptionsRepo } from '../../modules/subscriptions/repo.js';
import { TaskMailRepo } from '../../modules/task-mail/task-mail-repo.js';
import { TaskDetailsRepo } from '../../modules/tasks/details-repo.js';
import { TaskListRepo } from '../../modules/tasks/list-repo.js';
import { PlacementRepo } from '../../modules/tasks/placement-repo.js';
import { TasksRepo } from '../../modules/tasks/repo.js';
import type { TaskEb } from '../../modules/tasks/task-condition.js';
import { ExternalTeamsRepo } from '../../modules/teams/external-teams-repo.js';
import { TeamsRepo } from '../../modules/teams/repo.js';
import { TemplatesRepo } from '../../modules/templates/repo.js';
import { ApiTokensRepo } from '../../modules/tokens/repo.js';
import { CommentSnapshotRepo } from '../../modules/trash/comment-snapshot-repo.js';
import { ProjectSnapshotRepo } from '../../modules/trash/project-snapshot-repo.js';
import { TrashRepo } from '../../modules/trash/repo.js';
import { TaskSnapshotRepo } from '../../modules/trash/task-snapshot-repo.js';
import { UnreadRepo } from '../../modules/unread/repo.js';
import { PeopleRepo } from '../../modules/users/people-repo.js';
import { UsersRepo } from '../../modules/users/repo.js';
import { ViewsRepo } from '../../modules/views/repo.js';
import { WebhooksRepo } from '../../modules/webhooks/repo.js';
import { WebhookRetriesRepo } from '../../modules/webhooks/retries-repo.js';
import { listCases } from './list-cases.js';
import { type AnyRepoCases, repo, VISIBLE } from './snapshot-call.js';

/** Stands in for the rights resolver's readers of projects (modules/rights). */
const READERS = (projectIds: Expression<unknown>) =>
  sql`(SELECT project_id, user_id FROM project_readers WHERE project_id IN (${projectIds}))`;

const NOW = '2026-01-02T03:04:05Z';
const task = (id: number) => ({ id, title: 'task', project_id: 1, created: NOW, updated: NOW });
const comment = { id: 1, task_id: 4, author_id: 3, comment: '<p>hi</p>', created: NOW, updated: NOW };

export const repoCases: AnyRepoCases[] = [
  repo('modules/account/account-removal-repo.ts', (db) => new AccountRemovalRepo(db.kysely), {
    claimDue: (r) => r.claimDue(1, NOW),
    deleteTrash: (r) => r.deleteTrash(1, [2, 3]),
    dueUserIds: (r) => r.dueUserIds(NOW),
    ownedProjectIds: (r) => r.ownedProjectIds(1),
    deleteProjects: { run: (r) => r.deleteProjects([1, 2]), answers: [[{ id: 1 }], [{ id: 2 }]] },
    deleteOwnFiles: { run: (r) => r.deleteOwnFiles(1), answers: [[{ id: 1 }]] },
    handOverTeams: { run: (r) => r.handOverTeams(1), answers: [[{ team_id: 1 }], [{ id: 2 }]] },
    deleteUser: (r) => r.deleteUser(1),
  }),
  repo('modules/activity/repo.ts', (db) => new ActivityRepo(db.kysely), {
    record: (r) =>
      r.record([{ task_id: 1, project_id: 2, actor_id: 3, field: 'title', before: 'Old', after: 'New' }]),
    moveTask: (r) => r.moveTask(1, 2),
    ofTask: (r) => r.ofTask(1, { limit: 50, offset: 0 }),
    ofProject: (r) => r.ofProject(1, { limit: 50, offset: 0 }),
    pruneBefore: (r) => r.pruneBefore('2026-01-01T00:00:00Z'),
  }),
  repo('modules/assignees/repo.ts', (db) => new AssigneesRepo(db.kysely), {
    usersOfTasks: (r) => r.usersOfTasks([1, 2]),
    pageOfTask: (r) => r.pageOfTask(1, 'ann', 50, 0),
    userIdsOfTask: (r) => r.userIdsOfTask(1),
    add: (r) => r.add(1, [2, 3]),
    remove: (r) => r.remove(1, [2]),
    replace: (r) => r.replace(1, [2, 3]),
    findUsers: (r) => r.findUsers([2, 3]),
  }),
  repo('modules/attachments/files/orphan-files-repo.ts', (db) => new OrphanFilesRepo(db.kysely), {
    deleteOrphans: (r) => r.deleteOrphans(),
    deleteOrphansAmong: (r) => r.deleteOrphans([1, 2]),
  }),
  repo('modules/attachments/repo.ts', (db) => new AttachmentsRepo(db.kysely), {
    clearCover: (r) => r.clearCover(1, 2),
    find: (r) => r.find(1),
    ofTasks: (r) => r.ofTasks([1, 2]),
    pageOfTask: (r) => r.pageOfTask(1, 50, 0),
    insert: (r) => r.insert(1, { name: 'a.txt', mime: 'text/plain', size: 3 }, 1),
    fileIdsOfTasks: (r) => r.fileIdsOfTasks([1, 2]),
    deleteFiles: (r) => r.deleteFiles([1, 2]),
  }),
  repo('modules/auth/account-tokens-repo.ts', (db) => new AccountTokensRepo(db.kysely), {
    issue: (r) => r.issue(1, 'password_reset', new Date(NOW)),
    redeem: (r) => r.redeem('password_reset', 'token', new Date(NOW)),
    owner: (r) => r.owner('password_reset', 'token', new Date(NOW)),
    revokeAll: (r) => r.revokeAll(1, 'password_reset'),
  }),
  repo('modules/auth/sessions-repo.ts', (db) => new SessionsRepo(db), {
    create: (r) => r.create(1, false, 'browser', '127.0.0.1'),
    activeUser: (r) => r.activeUser('session'),
    listOfUser: (r) => r.listOfUser(1, { page: 1, perPage: 50, limit: 50, offset: 0 }),
    ownerOf: (r) => r.ownerOf('session'),
    touch: (r) => r.touch('session'),
    delete: (r) => r.delete('session'),
    deleteExpired: (r) => r.deleteExpired(1, 3600, 86400),
    deleteAllForUser: (r) => r.deleteAllForUser(1),
  }),
  repo('modules/auth/totp-repo.ts', (db) => new TotpRepo(db.kysely), {
    find: (r) => r.find(1),
    replaceSecret: (r) => r.replaceSecret(1, 'SECRET'),
    enable: (r) => r.enable(1, 1234),
    delete: (r) => r.delete(1),
    useStep: (r) => r.useStep(1, 1235),
  }),
  repo('modules/avatars/repo.ts', (db) => new AvatarsRepo(db.kysely), {
    ownerByUsername: (r) => r.ownerByUsername('ann'),
    ownerById: (r) => r.ownerById(1),
    setProvider: (r) => r.setProvider(1, 'initials'),
    replacePicture: {
      run: (r) => r.replacePicture(1, 'upload', { name: 'a.png', mime: 'image/png', size: 3 }),
      answers: [[{ avatar_file_id: 4 }], [{ id: 5 }]],
    },
  }),
  repo('modules/backgrounds/repo.ts', (db) => new BackgroundsRepo(db.kysely), {
    file: (r) => r.file(1),
    insertFile: (r) => r.insertFile({ name: 'b.jpg', mime: 'image/jpeg', size: 3 }, 1),
    setBackground: (r) => r.setBackground(1, 2, 'hash'),
    fileIdsOfProjects: (r) => r.fileIdsOfProjects([1, 2]),
    deleteFiles: (r) => r.deleteFiles([1, 2]),
  }),
  repo('modules/brute-force/failures-repo.ts', (db) => new AuthFailuresRepo(db.kysely), {
    claim: (r) => r.claim('login:ann', { free: 3, maxWaitMs: 60_000, forgetMs: 3_600_000 }, 1_000_000),
    release: (r) => r.release('login:ann', { free: 3, maxWaitMs: 60_000, forgetMs: 3_600_000 }, 1_000_000),
    clear: (r) => r.clear('login:ann'),
    prune: (r) => r.prune(1_000_000, 3_600_000),
  }),
  repo('modules/buckets/repo.ts', (db) => new BucketsRepo(db.kysely), {
    findWithProject: (r) => r.findWithProject(1),
    update: (r) => r.update(1, { title: 'Doing' }),
    lock: (r) => r.lock(1),
    delete: (r) => r.delete(1),
    countInView: (r) => r.countInView(1),
    countTasks: (r) => r.countTasks(1),
    bucketOfTask: (r) => r.bucketOfTask(1, 2),
    placement: (r) => r.placement(1, 2),
    moveAllTasks: (r) => r.moveAllTasks(1, 2),
    creators: (r) => r.creators([1, 2]),
  }),
  repo('modules/caldav/collection-names-repo.ts', (db) => new CollectionNamesRepo(db.kysely), {
    projectIdOf: (r) => r.projectIdOf(1, 'Groceries'),
    namesOf: (r) => r.namesOf(1),
    insert: (r) => r.insert(1, 2, 'Groceries'),
  }),
  repo('modules/caldav/repo.ts', (db) => new CaldavRepo(db.kysely), {
    visibleProjects: (r) => r.visibleProjects(VISIBLE),
    tasksOfProjects: (r) => r.tasksOfProjects([1, 2]),
    taskIdsForQuery: (r) => r.taskIdsForQuery(1, { open: true, after: NOW, before: NOW }),
    tasksByName: (r) => r.tasksByName(1, ['a.ics', 'b.ics']),
    storedOf: (r) => r.storedOf(1),
    storedMentioning: (r) => r.storedMentioning('uid', VISIBLE),
    taskByUid: (r) => r.taskByUid(1, 'uid'),
    store: (r) =>
      r.store({ task_id: 1, uid: 'uid', ics: 'BEGIN:VTODO' } as unknown as StoredObject, {
        repeatRule: 'FREQ=DAILY',
        repeatDates: true,
        sequence: 4,
      }),
    taskIdsOf: (r) => r.taskIdsOf(1),
    tasksById: (r) => r.tasksById(1, [1, 2]),
    uidsOf: (r) => r.uidsOf([1, 2]),
    visibleTaskIdsByUid: (r) => r.visibleTaskIdsByUid(['uid'], VISIBLE),
    hasTotp: (r) => r.hasTotp(1),
  }),
  repo('modules/caldav/sync-repo.ts', (db) => new SyncRepo(db.kysely), {
    states: (r) => r.states([1, 2]),
    state: (r) => r.state(1),
    changesSince: (r) => r.changesSince(1, 10, 20),
    pruneTombstones: (r) => r.pruneTombstones(Date.parse(NOW)),
  }),
  repo('modules/caldav/tokens-repo.ts', (db) => new CaldavTokensRepo(db.kysely), {
    insert: (r) => r.insert(1, 'hash'),
    listOfUser: (r) => r.listOfUser(1),
    deleteOfUser: (r) => r.deleteOfUser(1, 2),
    userHolds: (r) => r.userHolds(1, 'hash'),
  }),
  repo('modules/comments/repo.ts', (db) => new CommentsRepo(db.kysely), {
    find: (r) => r.find(1),
    pageOfTask: (r) => r.pageOfTask({ taskId: 1, search: 'soon', newestFirst: true, limit: 50, offset: 0 }),
    firstOfTasks: (r) => r.firstOfTasks([1, 2], 3),
    countOfTasks: (r) => r.countOfTasks([1, 2]),
    insert: (r) => r.insert(1, 2, 'comment'),
    update: (r) => r.update(1, 'comment'),
    delete: (r) => r.delete(1),
  }),
  repo('modules/custom-fields/repo.ts', (db) => new CustomFieldsRepo(db.kysely), {
    valuesOfTasks: (r) => r.valuesOfTasks([1, 2]),
    usersById: (r) => r.usersById([1, 2]),
    ofProject: (r) => r.ofProject(1),
    'ofProjects (visible)': (r) => r.ofProjects(VISIBLE),
    readableAmong: (r) => r.readableAmong([1, 2], VISIBLE),
    find: (r) => r.find(1),
    findMany: (r) => r.findMany([1, 2]),
    lastPosition: (r) => r.lastPosition(1),
    insert: {
      run: (r) =>
        r.insert({
          project_id: 1,
          title: 'Estimate',
          kind: 'number',
          options: '[]',
          position: 1,
          created: NOW,
          updated: NOW,
        }),
      answers: [[{ id: 1 }]],
    },
    update: (r) => r.update(1, { title: 'Effort', updated: NOW }),
    delete: (r) => r.delete(1),
    removeOptions: (r) => r.removeOptions(1, ['a', 'b']),
    keepOptions: (r) => r.keepOptions(1, 2, ['a', 'b']),
    valuesOf: (r) => r.valuesOf(1, [2, 3]),
    replace: (r) => r.replace(1, [2], [{ task_id: 1, field_id: 2, num_value: 3, text_value: null }]),
    insertValues: (r) => r.insertValues([{ task_id: 1, field_id: 2, num_value: null, text_value: 'a' }]),
    allValuesOf: (r) => r.allValuesOf([1, 2]),
    copyValues: {
      run: (r) => r.copyValues(1, 2),
      answers: [[{ id: 5, task_id: 1, field_id: 2, num_value: 3 }]],
    },
    remap: (r) => r.remap(1, new Map([[2, 3]])),
    users: (r) => r.users([1]),
  }),
  repo('modules/export/export-contents-repo.ts', (db) => new ExportContentsRepo(db.kysely), {
    projects: (r) => r.projects(VISIBLE),
    activity: (r) => r.activity([1, 2]),
    views: (r) => r.views(1),
    buckets: (r) => r.buckets([1, 2]),
    tasksAfter: (r) => r.tasksAfter(1, 0, 200),
    comments: (r) => r.comments([1, 2]),
    labelsCreatedBy: (r) => r.labelsCreatedBy(1),
    templatesOf: (r) => r.templatesOf(1),
    savedFiltersOf: (r) => r.savedFiltersOf(1),
    teamsOf: (r) => r.teamsOf(1),
    users: (r) => r.users([1, 2]),
  }),
  repo('modules/export/export-repo.ts', (db) => new ExportRepo(db.kysely), {
    insertFile: (r) => r.insertFile('ordo-export-ann.zip', 1024, 1, NOW),
    deleteFile: (r) => r.deleteFile(1),
    startBuild: (r) => r.startBuild(1, NOW, NOW),
    finishBuild: (r) => r.finishBuild(1, 2),
    abandonBuild: (r) => r.abandonBuild(1),
    state: (r) => r.state(1),
    removeCreatedBefore: (r) => r.removeCreatedBefore(NOW),
    clearStaleBuilds: (r) => r.clearStaleBuilds(NOW),
  }),
  repo('modules/favorites/repo.ts', (db) => new FavoritesRepo(db.kysely), {
    favoriteIds: (r) => r.favoriteIds(1, 'task', [1, 2]),
    set: (r) => r.set(1, 'task', 2, true),
    'set (unset)': (r) => r.set(1, 'task', 2, false),
    removeAll: (r) => r.removeAll('task', [1, 2]),
    hasAny: (r) => r.hasAny(1, 'task'),
  }),
  repo('modules/filters/repo.ts', (db) => new SavedFiltersRepo(db.kysely), {
    find: (r) => r.find(1),
    listOwned: (r) => r.listOwned(1, 'open'),
    insert: (r) =>
      r.insert({ owner_id: 1, title: 'Open', description: '', filters: '{}', is_favorite: false }),
    update: (r) => r.update(1, { title: 'Open' }),
    delete: (r) => r.delete(1),
    user: (r) => r.user(1),
  }),
  repo('modules/idempotency/repo.ts', (db) => new IdempotencyRepo(db.kysely), {
    claim: (r) => r.claim(1, 'key', 'fingerprint', 1_000),
    find: (r) => r.find(1, 'key'),
    takeOverExpired: (r) => r.takeOverExpired(1, 'key', 'fingerprint', 1_000, 500),
    complete: (r) => r.complete(1, 'key', { status: 200, contentType: 'application/json', body: '{}' }),
    markFailed: (r) => r.markFailed(1, 'key'),
    release: (r) => r.release(1, 'key'),
    prune: (r) => r.prune(500),
  }),
  repo('modules/labels/repo.ts', (db) => new LabelsRepo(db.kysely), {
    find: (r) => r.find(1),
    findMany: (r) => r.findMany([1, 2]),
    labelsOfTasks: (r) => r.labelsOfTasks([1, 2]),
    listVisible: (r) =>
      r.listVisible({ userId: 1, visibleProjectIds: VISIBLE, search: 'urgent', limit: 50, offset: 0 }),
    'listVisible (by id)': (r) =>
      r.listVisible({ userId: 1, visibleProjectIds: VISIBLE, labelIds: [1, 2], limit: null, offset: 0 }),
    insert: (r) => r.insert({ title: 'urgent', description: '', hex_color: 'e8e8e8', created_by_id: 1 }),
    update: (r) => r.update(1, { title: 'urgent' }),
    delete: (r) => r.delete(1),
    reviseVtodosOfLabel: (r) => r.reviseVtodosOfLabel(1),
    projectIdsOf: (r) => r.projectIdsOf(1),
    pageOfTask: (r) => r.pageOfTask(1, 'urg', 50, 0),
    isOnTask: (r) => r.isOnTask(1, 2),
    attach: (r) => r.attach(1, [2, 3]),
    detach: (r) => r.detach(1, [2]),
    attachPairs: (r) =>
      r.attachPairs([
        { task_id: 1, label_id: 2 },
        { task_id: 3, label_id: 2 },
      ]),
    detachFromTasks: (r) => r.detachFromTasks([1, 3], [2]),
  }),
  repo('modules/migration/fingerprint-repo.ts', (db) => new FingerprintRepo(db.kysely), {
    importedAt: (r) => r.importedAt(1, 'sha'),
    record: (r) => r.record(1, 'todoist', 'sha', [1, 2]),
  }),
  repo('modules/migration/import-repo.ts', (db) => new ImportRepo(db.kysely), {
    ownLabel: (r) => r.ownLabel(1, 'urgent', 'e8e8e8'),
    taskIdsOfProject: (r) => r.taskIdsOfProject(1, 500),
    projectExists: (r) => r.projectExists(1),
    deleteTasks: (r) => r.deleteTasks([1, 2]),
    deleteBuckets: (r) => r.deleteBuckets([1, 2]),
    deleteLabels: (r) => r.deleteLabels(1, [2, 3]),
    deleteBucketsOfView: (r) => r.deleteBucketsOfView(1),
    setBucketLimit: (r) => r.setBucketLimit(1, 5),
    insertTasks: (r) => r.insertTasks([{ ...task(1), uid: 'uid', index: 1, created_by_id: 1 }]),
    insertComments: (r) =>
      r.insertComments([{ task_id: 1, author_id: 2, comment: '<p>Hi</p>', created: NOW, updated: NOW }]),
    insertPositions: (r) => r.insertPositions([{ task_id: 1, project_view_id: 2, position: 3 }]),
    insertTaskBuckets: (r) => r.insertTaskBuckets([{ task_id: 1, project_view_id: 2, bucket_id: 3 }]),
    markDone: (r) => r.markDone([1, 2], NOW),
    addSearchTerms: (r) => r.addSearchTerms(['Water the plants']),
  }),
  repo('modules/migration/status-repo.ts', (db) => new MigrationStatusRepo(db.kysely), {
    find: (r) => r.find(1),
    latest: (r) => r.latest(1, 'todoist'),
    running: (r) => r.running(1),
    start: (r) => r.start(1, 'todoist'),
    progress: (r) =>
      r.progress(1, { stage: 'tasks', done: 1, total: 2, created: { projects: [1], labels: [] } }),
    finish: (r) => r.finish(1, 'done', { result: {} }),
    delete: (r) => r.delete(1),
    requestCancel: (r) => r.requestCancel(1),
    cancelRequested: (r) => r.cancelRequested(1),
    stale: (r) => r.stale(NOW, 1),
    claimStale: (r) => r.claimStale(1, NOW),
  }),
  repo('modules/notifications/payload-repo.ts', (db) => new PayloadRepo(db.kysely), {
    user: (r) => r.user(1),
    usersNamed: (r) => r.usersNamed(['ann', 'bob']),
    linkShare: (r) => r.linkShare(1),
    task: (r) => r.task(1),
    tasks: (r) => r.tasks([1, 2]),
    projects: (r) => r.projects([1, 2]),
    project: (r) => r.project(1),
    team: (r) => r.team(1),
  }),
  repo('modules/notifications/reminder-deliveries-repo.ts', (db) => new ReminderDeliveriesRepo(db.kysely), {
    claimDue: (r) => r.claimDue(NOW, NOW),
    forgetBefore: (r) => r.forgetBefore(NOW),
    peopleOf: (r) => r.peopleOf(1),
  }),
  repo('modules/notifications/repo.ts', (db) => new NotificationsRepo(db.kysely), {
    page: (r) => r.page({ userId: 1, visible: VISIBLE, limit: 50, offset: 0 }),
    find: (r) => r.find(1),
    setReadAt: (r) => r.setReadAt(1, NOW),
    markAllRead: (r) => r.markAllRead(1),
    findMany: (r) => r.findMany([1, 2]),
    insertMany: (r) => r.insertMany([{ userId: 1, name: 'task.comment', payload: {}, projectId: 1 }]),
  }),
  repo('modules/openid/repo.ts', (db) => new OpenIdUsersRepo(db.kysely), {
    find: (r) => r.find('provider', 'subject'),
    usernameTaken: (r) => r.usernameTaken('ann'),
    updateProfile: (r) => r.updateProfile(1, { name: 'Ann', email: 'ann@example.com' }),
  }),
  repo('modules/overdue/overdue-repo.ts', (db) => new OverdueRepo(db.kysely), {
    groups: (r) => r.groups('mail'),
    'groups (webhooks)': (r) => r.groups('webhooks'),
    tasks: (r) => r.tasks('mail', { timezone: 'Europe/Berlin', time: '09:00' }, '2026-01-02', NOW),
    claim: (r) => r.claim('mail', 1, '2026-01-02', NOW),
    release: (r) => r.release('mail', 1, '2026-01-02'),
    forgetBefore: (r) => r.forgetBefore('mail', '2026-01-01'),
  }),
  repo('modules/positions/repo.ts', (db) => new PositionsRepo(db.kysely), {
    set: (r) => r.set(1, 2, 3.5),
    positionOf: (r) => r.positionOf(1, 2),
    tasksAt: (r) => r.tasksAt(2, 3.5),
    neighbours: (r) => r.neighbours(2, 3.5),
    currentOrder: (r) => r.currentOrder(1, 2),
    placedOrder: (r) => r.placedOrder(2),
    replaceAll: (r) => r.replaceAll(2, [{ task_id: 1, position: 1 }]),
  }),
  repo('modules/project-export/repo.ts', (db) => new ProjectExportRepo(db.kysely), {
    tasksAfter: (r) => r.tasksAfter(1, 0, 100),
    kanbanViewId: (r) => r.kanbanViewId(1),
    bucketTitles: (r) => r.bucketTitles(2, [1, 2]),
    uidsOf: (r) => r.uidsOf([1, 2]),
  }),
  repo('modules/projects/project-content-repo.ts', (db) => new ProjectContentRepo(db.kysely), {
    read: (r) => r.read(1),
    write: {
      run: (r) =>
        r.write(
          {
            views: [{ id: 2, view_kind: 'kanban', default_bucket_id: 3, done_bucket_id: 0 } as never],
            buckets: [{ id: 3, project_view_id: 2, title: 'To do' } as never],
            tasks: [{ ...task(1), index: 1 } as never],
            positions: [{ task_id: 1, project_view_id: 2, position: 1 }],
            taskBuckets: [{ task_id: 1, project_view_id: 2, bucket_id: 3 }],
            labels: [{ task_id: 1, label_id: 4 }],
            assignees: [{ task_id: 1, user_id: 5 }],
            reminders: [{ task_id: 1, reminder: NOW, relative_period: 0, relative_to: '' }],
            relations: [{ task_id: 1, other_task_id: 1, relation_kind: 'related' }],
            fields: [{ id: 6, project_id: 1, title: 'Size', kind: 'number', options: '[]' } as never],
            fieldValues: [{ task_id: 1, field_id: 6, num_value: 3, text_value: null }],
          },
          9,
          { userId: 1, newUid: () => 'uid' },
        ),
      answers: [[{ id: 12 }], [{ id: 13 }], [], [{ id: 11, index: 1 }], [], [], [], [], [], [], [{ id: 16 }]],
    },
    pointCovers: {
      run: (r) => r.pointCovers(new Map([[1, 11]]), new Map([[5, 15]])),
      answers: [[{ id: 1, cover_image_attachment_id: 5 }]],
    },
  }),
  repo('modules/projects/repo.ts', (db) => new ProjectsRepo(db.kysely), {
    find: (r) => r.find(1),
    findMany: (r) => r.findMany([1, 2]),
    insert: (r) => r.insert({ title: 'Project', owner_id: 1 }),
    update: (r) => r.update(1, { title: 'Project' }),
    listVisible: (r) =>
      r.listVisible({ visibleIds: VISIBLE, includeArchived: false, search: 'home', limit: 50, offset: 0 }),
    'listVisible (by id)': (r) =>
      r.listVisible({ visibleIds: VISIBLE, includeArchived: true, ids: [1, 2], limit: null, offset: 0 }),
    taskIdsOf: (r) => r.taskIdsOf([1, 2]),
    subtreeIds: (r) => r.subtreeIds(1),
    setArchived: (r) => r.setArchived([1, 2], true),
    deleteMany: (r) => r.deleteMany([1, 2]),
    idsWithIdentifier: (r) => r.idsWithIdentifier('HOME'),
    identifierTaken: (r) => r.identifierTaken(1, 'HOME', 2),
    anyIsDefault: (r) => r.anyIsDefault([1, 2]),
    setDefaultProject: (r) => r.setDefaultProject(1, 2),
    usersByIds: (r) => r.usersByIds([1, 2]),
    siblings: (r) => r.siblings({ parent_project_id: 1, owner_id: 2 }),
    setPositions: (r) => r.setPositions([{ id: 1, position: 2 }]),
  }),
  repo('modules/reactions/repo.ts', (db) => new ReactionsRepo(db.kysely), {
    ofEntities: (r) => r.ofEntities('tasks', [1, 2]),
    add: (r) => r.add('tasks', 1, 1, 2, '👍'),
    remove: (r) => r.remove('tasks', 1, 2, '👍'),
    removeAllOf: (r) => r.removeAllOf('comments', [1, 2]),
  }),
  repo('modules/relations/repo.ts', (db) => new RelationsRepo(db.kysely), {
    exists: (r) => r.exists(1, 2, 'related'),
    insertPair: (r) => r.insertPair(1, 2, 'subtask', 3),
    deletePair: (r) => r.deletePair(1, 2, 'subtask'),
    isSubtaskOf: (r) => r.isSubtaskOf(1, 2),
    relatedOf: {
      run: (r) => r.relatedOf([1, 2], VISIBLE),
      answers: [[{ task_id: 1, other_task_id: 2, relation_kind: 'related' }]],
    },
  }),
  repo('modules/reminders/repo.ts', (db) => new RemindersRepo(db.kysely), {
    ofTasks: (r) => r.ofTasks([1, 2]),
    replace: (r) => r.replace(1, [{ reminder: NOW, relativePeriod: 0, relativeTo: null }]),
  }),
  repo('modules/rights/repo.ts', (db) => new RightsRepo(db.kysely), {
    chains: (r) => r.chains([1, 2]),
    linkShareGrant: (r) => r.linkShareGrant(1),
    linkShareProjectIds: (r) => r.linkShareProjectIds(1),
    visibleProjectIds: (r) => r.visibleProjectIds(1, [sql`SELECT project_id FROM project_users`]),
    readersOf: (r) =>
      r.readersOf(sql`SELECT 1`, (ids) => [
        sql`SELECT project_id, user_id FROM project_users WHERE project_id IN (${ids})`,
      ]),
  }),
  repo(
    'modules/search/search-postings-repo.ts',
    (db) => new SearchPostingsCompaction(db.kysely, db.dialect),
    {
      run: {
        run: (r) => r.run(),
        // One batch of one term, then nothing left.
        answers: {
          sqlite: [[{ term_id: 5 }], [], [], []],
          postgres: [
            [{ locked: true }],
            [{ last: 5, terms: 1 }],
            [{ locked: true }],
            [{ last: null, terms: 0 }],
          ],
        },
      },
    },
  ),
  repo('modules/search/task-search-repo.ts', (db) => new TaskSearch(db.kysely, db.dialect), {
    condition: (r, db) =>
      db.kysely
        .selectFrom('tasks')
        .select('tasks.id')
        .where((eb) => r.condition(eb as unknown as TaskEb, 'plumber pipe')),
    'condition (a short word and a task named by its index)': (r, db) =>
      db.kysely
        .selectFrom('tasks')
        .select('tasks.id')
        .where((eb) => r.condition(eb as unknown as TaskEb, 'ab #12')),
    relevance: (r, db) =>
      db.kysely
        .selectFrom('tasks')
        .select((eb) => r.relevance(eb as unknown as TaskEb, 'plumber pipe').as('rank')),
    rankedMatches: (r) => r.rankedMatches('plumber pipe', [1, 2], 50, 0),
    'rankedMatches (scope sub-query)': (r) => r.rankedMatches('plumber', VISIBLE, 50, 0),
  }),
  repo('modules/sharing/link-shares-repo.ts', (db) => new LinkSharesRepo(db), {
    findForToken: (r) => r.findForToken(1),
    findByHash: (r) => r.findByHash('hash'),
    findInProject: (r) => r.findInProject(1, 2),
    list: (r) => r.list(1, { search: 'guest', limit: 50, offset: 0 }),
    insert: (r) =>
      r.insert({
        hash: 'hash',
        name: 'guests',
        project_id: 1,
        right: 0,
        sharing_type: 1,
        password_hash: '',
        shared_by_id: 1,
      }),
    delete: (r) => r.delete(1),
    usersByIds: (r) => r.usersByIds([1, 2]),
  }),
  repo('modules/sharing/project-shares-repo.ts', (db) => new ProjectSharesRepo(db.kysely), {
    userShare: (r) => r.userShare(1, 2),
    teamShare: (r) => r.teamShare(1, 2),
    usersOf: (r) => r.usersOf(1, { search: 'ann', limit: 50, offset: 0 }),
    teamsOf: (r) => r.teamsOf(1, { search: 'ops', limit: 50, offset: 0 }),
    insertUserShare: (r) => r.insertUserShare(1, 2, 1),
    insertTeamShare: (r) => r.insertTeamShare(1, 2, 1),
    setUserShareRight: (r) => r.setUserShareRight(1, 2),
    setTeamShareRight: (r) => r.setTeamShareRight(1, 2),
    deleteUserShare: (r) => r.deleteUserShare(1),
    deleteTeamShare: (r) => r.deleteTeamShare(1),
    usersWithAccess: (r) => r.usersWithAccess(1, 'ann', 20),
  }),
  repo('modules/sharing/share-grants-repo.ts', (db) => new ShareGrants(db.kysely), {
    grantsOn: (r) => r.grantsOn(1, [2, 3]),
    grantedProjectIds: (r) => r.grantedProjectIds(1),
    granteesOn: (r) => r.granteesOn(sql`SELECT 1`),
  }),
  repo('modules/subscriptions/repo.ts', (db) => new SubscriptionsRepo(db.kysely), {
    ofUser: (r) => r.ofUser(1, { taskIds: [1], projectIds: [2, 3] }),
    subscribers: (r) => r.subscribers({ taskIds: [1], projectIds: [2, 3] }),
    insert: (r) => r.insert(1, 'task', 2),
    remove: (r) => r.remove(1, 'task', 2),
    removeAllOf: (r) => r.removeAllOf('project', [1, 2]),
  }),
  repo('modules/task-mail/task-mail-repo.ts', (db) => new TaskMailRepo(db.kysely), {
    reminderRecipients: (r) => r.reminderRecipients([1, 2]),
    task: (r) => r.task(1),
  }),
  repo('modules/tasks/details-repo.ts', (db) => new TaskDetailsRepo(db.kysely), {
    identifiersOf: (r) => r.identifiersOf([1, 2]),
    usersById: (r) => r.usersById([1, 2]),
    creatorsOfTasks: (r) => r.creatorsOfTasks([1, 2]),
    linkShares: (r) => r.linkShares([1, 2]),
    bucketsOfTasks: (r) => r.bucketsOfTasks([1, 2]),
  }),
  repo('modules/tasks/placement-repo.ts', (db) => new PlacementRepo(db.kysely), {
    lowestPositions: (r) => r.lowestPositions([1, 2]),
    insertPositions: (r) => r.insertPositions([{ task_id: 1, project_view_id: 2, position: 3 }]),
    viewsWithPosition: (r) => r.viewsWithPosition(1),
    bucketsOfTask: (r) => r.bucketsOfTask(1),
    setBucket: (r) => r.setBucket(1, 2, 3),
    countInBucket: (r) => r.countInBucket(3),
    clear: (r) => r.clear(1),
  }),
  repo('modules/tasks/repo.ts', (db) => new TasksRepo(db.kysely, db.dialect), {
    find: (r) => r.find(1),
    findForUpdate: (r) => r.findForUpdate(1),
    findMany: (r) => r.findMany([1, 2]),
    projectExists: (r) => r.projectExists(1),
    copyParts: {
      run: (r) => r.copyParts(1, 2),
      answers: [
        [{ user_id: 3 }],
        [{ reminder: null, relative_period: 3600, relative_to: 'due_date' }],
        [{ label_id: 4 }],
      ],
    },
    findByIndex: (r) => r.findByIndex(1, 2),
    insert: (r) => r.insert({ ...task(1), uid: 'uid', index: 1, created_by_id: 1 }),
    update: (r) => r.update(1, { title: 'task' }),
    'update (a new revision of its VTODO)': (r) => r.update(1, { title: 'task' }, { revision: true }),
    reviseVtodos: (r) => r.reviseVtodos([1, 2]),
    deleteMany: (r) => r.deleteMany([1, 2]),
    retireIndexes: (r) => r.retireIndexes([1, 2]),
    nextIndex: (r) => r.nextIndex(1),
    timeZoneOf: (r) => r.timeZoneOf(1),
    indexTaken: (r) => r.indexTaken(1, 2),
  }),
  repo('modules/teams/external-teams-repo.ts', (db) => new ExternalTeamsRepo(db.kysely), {
    findByExternalIds: (r) => r.findByExternalIds('sso', ['eng', 'ops']),
    insert: (r) => r.insert('sso', 'eng', { name: 'Engineering', description: '', is_public: false }, 1),
    update: (r) => r.update(1, { name: 'Engineering', description: '', is_public: false }),
    memberOf: (r) => r.memberOf(1, 'sso'),
    join: (r) => r.join([1, 2], 1),
    leave: (r) => r.leave([1, 2], 1),
  }),
  repo('modules/teams/repo.ts', (db) => new TeamsRepo(db.kysely), {
    find: (r) => r.find(1),
    findMany: (r) => r.findMany([1, 2]),
    list: (r) => r.list({ userId: 1, includePublic: true, search: 'ops', limit: 50, offset: 0 }),
    insert: (r) => r.insert({ name: 'Ops', description: '', created_by_id: 1, is_public: false }),
    update: (r) => r.update(1, { name: 'Ops', description: '', is_public: false }),
    delete: (r) => r.delete(1),
    members: (r) => r.members([1, 2]),
    membership: (r) => r.membership(1, 2),
    addMember: (r) => r.addMember(1, 2, false),
    setAdmin: (r) => r.setAdmin(1, true),
    removeMember: (r) => r.removeMember(1),
    memberCount: (r) => r.memberCount(1),
    adminCount: (r) => r.adminCount(1),
    usersByIds: (r) => r.usersByIds([1, 2]),
  }),
  repo('modules/trash/comment-snapshot-repo.ts', (db) => new CommentSnapshotRepo(db.kysely), {
    capture: (r) => r.capture(comment),
    restore: (r) =>
      r.restore({
        comment,
        reactions: [
          {
            id: 2,
            user_id: 3,
            task_id: 4,
            entity_kind: 'comments',
            entity_id: 1,
            value: '👍',
            created: '2026-01-01T00:00:00Z',
          },
        ],
      }),
  }),
  repo('modules/trash/project-snapshot-repo.ts', (db) => new ProjectSnapshotRepo(db.kysely, db.dialect), {
    capture: (r) => r.capture([1, 2], [3, 4]),
    restore: (r) =>
      r.restore(
        {
          projects: [{ id: 1, title: 'Back', owner_id: 2, parent_project_id: 3 }],
          parts: { project_views: [{ id: 4, project_id: 1, title: 'List', view_kind: 'list' }] },
          tasks: [],
        },
        0,
      ),
  }),
  repo('modules/templates/repo.ts', (db) => new TemplatesRepo(db.kysely), {
    insert: {
      run: (r) =>
        r.insert({
          owner_id: 1,
          kind: 'task',
          title: 'Weekly review',
          task_count: 1,
          body: '{}',
          created: NOW,
          updated: NOW,
        }),
      answers: [[{ id: 1 }]],
    },
    listOf: (r) => r.listOf(1),
    summary: (r) => r.summary(1),
    find: (r) => r.find(1),
    countTasks: { run: (r) => r.countTasks(1), answers: [[{ n: 3 }]] },
    remindersOf: (r) => r.remindersOf(1),
    rename: (r) => r.rename(1, 'Sprint', NOW),
    delete: (r) => r.delete(1),
  }),
  repo('modules/trash/repo.ts', (db) => new TrashRepo(db.kysely), {
    insert: {
      run: (r) =>
        r.insert([
          {
            entry: {
              kind: 'task',
              item_id: 1,
              project_id: 2,
              title: 'Gone',
              deleted_by_id: 3,
              deleted_at: '2026-01-01T00:00:00Z',
              payload: '{}',
            },
            fileIds: [4, 5],
          },
        ]),
      answers: [[{ id: 6, kind: 'task', item_id: 1 }]],
    },
    find: (r) => r.find(1),
    fileIdsOf: (r) => r.fileIdsOf(1),
    fileIdsInProjects: (r) => r.fileIdsInProjects([1, 2]),
    listFor: (r) => r.listFor(1, sql<number>`(select 1)`, 500),
    remove: (r) => r.remove(1),
    removeBefore: (r) => r.removeBefore('2026-01-01T00:00:00Z'),
  }),
  repo('modules/trash/task-snapshot-repo.ts', (db) => new TaskSnapshotRepo(db.kysely, db.dialect), {
    capture: (r) => r.capture([1, 2]),
    withoutClashes: (r) =>
      r.withoutClashes({
        task: { id: 1, project_id: 2, uid: 'abc' },
        parts: { caldav_objects: [{ task_id: 1, project_id: 2, href: 'abc.ics', uid: 'abc' }] },
      }),
    restore: (r) =>
      r.restore([
        {
          snapshot: {
            task: { id: 1, project_id: 2, title: 'Back', index: 3 },
            parts: { label_tasks: [{ id: 4, task_id: 1, label_id: 5, created: '2026-01-01T00:00:00Z' }] },
          },
          index: 3,
        },
      ]),
  }),
  repo('modules/tokens/repo.ts', (db) => new ApiTokensRepo(db.kysely), {
    candidates: (r) => r.candidates('abcdefgh'),
    insert: (r) =>
      r.insert({
        title: 'CI',
        salt: 'salt',
        hash: 'hash',
        lastEight: 'abcdefgh',
        permissions: '{}',
        expiresAt: NOW,
        ownerId: 1,
      }),
    listForOwner: (r) => r.listForOwner({ ownerId: 1, search: 'ci', limit: 50, offset: 0 }),
    find: (r) => r.find(1),
    delete: (r) => r.delete(1),
  }),
  repo('modules/unread/repo.ts', (db) => new UnreadRepo(db.kysely), {
    unreadIds: (r) => r.unreadIds(1, [2, 3]),
    markUnread: (r) => r.markUnread(2, 1, READERS),
    markRead: (r) => r.markRead(1, 2),
    forgetUnreadable: (r) => r.forgetUnreadable([1, 2], READERS),
    forgetUnreadableIn: (r) => r.forgetUnreadableIn([1, 2], READERS),
  }),
  repo('modules/users/people-repo.ts', (db) => new PeopleRepo(db.kysely), {
    users: (r) => r.users([1, 2]),
    existingUserIds: (r) => r.existingUserIds([1, 2]),
    linkShares: (r) => r.linkShares([1, 2]),
  }),
  repo('modules/users/repo.ts', (db) => new UsersRepo(db.kysely), {
    findById: (r) => r.findById(1),
    findByUsername: (r) => r.findByUsername('ann'),
    findByEmail: (r) => r.findByEmail('ann@example.com'),
    findBySubject: (r) => r.findBySubject('issuer', 'subject'),
    findByLogin: (r) => r.findByLogin('ann'),
    insert: (r) =>
      r.insert({ username: 'ann', email: 'ann@example.com', name: 'Ann', password_hash: 'hash' }),
    listAll: (r) => r.listAll(),
    replacePassword: (r) => r.replacePassword(1, 'hash', { unlock: true }),
    resetPassword: (r) => r.resetPassword(1, 'hash'),
    confirmEmail: (r) => r.confirmEmail(1),
    delete: (r) => r.delete(1),
    update: (r) => r.update(1, { name: 'Ann' }),
    search: (r) => r.search(['ann'], 20, 1),
  }),
  repo('modules/views/repo.ts', (db) => new ViewsRepo(db.kysely), {
    find: (r) => r.find(1),
    listForProjects: (r) => r.listForProjects([1, 2]),
    insert: (r) => r.insert({ title: 'List', project_id: 1, view_kind: 'list', position: 1 }),
    update: (r) => r.update(1, { title: 'List' }),
    lock: (r) => r.lock(1),
    delete: (r) => r.delete(1),
    manualKanbanViews: (r) => r.manualKanbanViews(1),
    findBucket: (r) => r.findBucket(1),
    bucketsOf: (r) => r.bucketsOf([1, 2]),
    insertBucket: (r) => r.insertBucket({ title: 'To do', project_view_id: 1, created_by_id: 1 }),
    bucketCounts: (r) => r.bucketCounts([1, 2]),
    fillBucketWithUnplacedTasks: (r) => r.fillBucketWithUnplacedTasks(1, 2, 3),
  }),
  repo('modules/webhooks/retries-repo.ts', (db) => new WebhookRetriesRepo(db.kysely), {
    schedule: (r) =>
      r.schedule({
        webhookId: 1,
        eventName: 'task.created',
        body: '{}',
        attempts: 1,
        dueAt: '2026-01-01T00:00:01Z',
      }),
    anyDue: (r) => r.anyDue('2026-01-01T00:00:00Z'),
    claimDue: (r) => r.claimDue('2026-01-01T00:00:00Z', '2026-01-01T00:00:40Z', 50),
    reschedule: (r) => r.reschedule(1, 2, '2026-01-01T00:00:05Z'),
    remove: (r) => r.remove(1),
  }),
  repo('modules/webhooks/repo.ts', (db) => new WebhooksRepo(db.kysely), {
    insert: (r) =>
      r.insert({
        owner: { projectId: 1 },
        targetUrl: 'https://example.com',
        events: ['task.created'],
        secret: '',
        basicAuthUser: '',
        basicAuthPassword: '',
        createdById: 1,
      }),
    pageOf: (r) => r.pageOf({ projectId: 1 }, 50, 0),
    'pageOf (user)': (r) => r.pageOf({ userId: 1 }, 50, 0),
    find: (r) => r.find(1),
    updateEvents: (r) => r.updateEvents(1, ['task.created']),
    delete: (r) => r.delete(1),
    anyNaming: (r) => r.anyNaming('task.created'),
    ofOwners: (r) => r.ofOwners([1, 2], [3]),
  }),
  repo(
    'modules/tasks/list-repo.ts',
    (db) => new TaskListRepo(db.kysely, new TaskSearch(db.kysely, db.dialect), db.dialect),
    listCases,
  ),
];
