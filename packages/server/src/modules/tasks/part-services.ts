/**
 * Wires the task sub-resources (assignees, reminders, attachments, comments, relations,
 * reactions): their services, their loaders on task pages and their filter fields.
 */
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AssigneesRepo } from '../assignees/repo.js';
import { AssigneesService } from '../assignees/service.js';
import { assigneesLoader } from '../assignees/task-details.js';
import { assigneesFilter } from '../assignees/task-filter.js';
import type { FileStore } from '../attachments/files/store.js';
import { AttachmentsRepo } from '../attachments/repo.js';
import { AttachmentsService } from '../attachments/service.js';
import { attachmentsLoader } from '../attachments/task-details.js';
import { CommentsRepo } from '../comments/repo.js';
import { CommentsService } from '../comments/service.js';
import { commentsLoader } from '../comments/task-details.js';
import { ReactionsRepo } from '../reactions/repo.js';
import { ReactionsService } from '../reactions/service.js';
import { reactionsLoader } from '../reactions/task-details.js';
import { RelationsRepo } from '../relations/repo.js';
import { RelationsService } from '../relations/service.js';
import { relationsLoader } from '../relations/task-details.js';
import { RemindersRepo } from '../reminders/repo.js';
import { remindersLoader } from '../reminders/task-details.js';
import { remindersFilter } from '../reminders/task-filter.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { BulkTaskService } from './bulk.js';
import type { TaskDetails } from './details.js';
import { TaskDuplicateService } from './duplicate.js';
import type { TaskFilterTranslator } from './filter-sql.js';
import { TasksRepo } from './repo.js';
import type { TasksService } from './service.js';

export function createTaskPartServices(deps: {
  config: Config;
  db: Db;
  rights: RightsService;
  access: ProjectAccess;
  tasks: TasksService;
  details: TaskDetails;
  filters: TaskFilterTranslator;
  files: FileStore;
}) {
  const { config, rights, tasks, details, filters } = deps;
  const db = deps.db.kysely;
  const assigneesRepo = new AssigneesRepo(db);
  const attachmentsRepo = new AttachmentsRepo(db);
  const commentsRepo = new CommentsRepo(db);
  const relationsRepo = new RelationsRepo(db);
  const reactionsRepo = new ReactionsRepo(db);

  const attachments = new AttachmentsService(
    db,
    attachmentsRepo,
    deps.files,
    tasks,
    config.maxFileSize,
    join(config.dataDir, 'tmp'),
  );
  const comments = new CommentsService(db, commentsRepo, tasks);

  details.register(assigneesLoader(assigneesRepo));
  details.register(remindersLoader(new RemindersRepo(db)));
  details.register(relationsLoader(relationsRepo, rights));
  details.register(reactionsLoader(reactionsRepo));
  if (config.taskAttachments) details.register(attachmentsLoader(attachmentsRepo, attachments));
  if (config.taskComments) details.register(commentsLoader(commentsRepo, comments));
  filters.registerSubTable('assignees', assigneesFilter);
  filters.registerSubTable('reminders', remindersFilter);

  return {
    assignees: new AssigneesService(db, assigneesRepo, rights, tasks),
    attachments,
    comments,
    relations: new RelationsService(db, relationsRepo, tasks),
    reactions: new ReactionsService(db, reactionsRepo, tasks),
    taskBulk: new BulkTaskService(db, tasks, deps.access, details),
    taskDuplicates: new TaskDuplicateService(db, tasks, deps.files, new TasksRepo(db, deps.db.dialect)),
  };
}

export type TaskPartServices = ReturnType<typeof createTaskPartServices>;
