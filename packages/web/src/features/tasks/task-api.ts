/**
 * The task detail's calls (spec 2 §7; reference/vikunja-api.md §2.6, §2.7, §3.3, §3.10). A task
 * update is a full replace, so every save sends the whole task, assignees and reminders included.
 */
import { isRight, type Right } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from '../../api/client';
import { type Task, taskInput } from '../../api/tasks';
import type { User } from '../../api/types';
import type { ReactionMap } from './reactions/reactions';

export type { Task };

export type RelativeTo = 'due_date' | 'start_date' | 'end_date';

export interface Reminder {
  reminder: string;
  relativePeriod: number;
  relativeTo: RelativeTo | '';
}

export interface AttachmentFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

export interface Attachment {
  id: number;
  taskId: number;
  createdBy: User | null;
  file: AttachmentFile;
  created: string;
}

export interface Comment {
  id: number;
  comment: string;
  author: User | null;
  reactions: ReactionMap | null;
  created: string;
  updated: string;
}

export const relationKinds = [
  'subtask',
  'parenttask',
  'related',
  'duplicateof',
  'duplicates',
  'blocking',
  'blocked',
  'precedes',
  'follows',
  'copiedfrom',
  'copiedto',
] as const;
export type RelationKind = (typeof relationKinds)[number];

export interface TaskDetail {
  task: Task;
  /** The caller's right on the task's project (`x-max-right`). */
  right: Right;
}

export const taskKeys = {
  detail: (id: number) => ['tasks', 'detail', id] as const,
  comments: (id: number) => ['tasks', 'detail', id, 'comments'] as const,
  search: (text: string) => ['tasks', 'search', text] as const,
  projectUsers: (projectId: number, text: string) => ['projects', projectId, 'users', text] as const,
};

export function remindersOf(task: Task): Reminder[] {
  return (task.reminders as Reminder[] | null) ?? [];
}

export function attachmentsOf(task: Task): Attachment[] {
  return (task.attachments as Attachment[] | null) ?? [];
}

export async function fetchTaskDetail(id: number): Promise<TaskDetail> {
  const { data, headers } = await apiRequestWithHeaders<Task>('GET', `/tasks/${id}`);
  const header = Number(headers.get('x-max-right') ?? headers.get('x-max-permission'));
  return { task: data, right: isRight(header) ? header : 0 };
}

/** Full replace: the task's fields plus the collections the update also replaces. */
export function saveTask(task: Task): Promise<Task> {
  return apiRequest('POST', `/tasks/${task.id}`, {
    body: taskInput(task),
  });
}

export function addTaskLabel(taskId: number, labelId: number) {
  return apiRequest('PUT', `/tasks/${taskId}/labels`, { body: { labelId } });
}

export function removeTaskLabel(taskId: number, labelId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/labels/${labelId}`);
}

export function addAssignee(taskId: number, userId: number) {
  return apiRequest('PUT', `/tasks/${taskId}/assignees`, { body: { userId } });
}

export function removeAssignee(taskId: number, userId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/assignees/${userId}`);
}

export async function searchProjectUsers(projectId: number, text: string): Promise<User[]> {
  const params = new URLSearchParams({ s: text });
  return (await apiRequest<User[] | null>('GET', `/projects/${projectId}/projectusers?${params}`)) ?? [];
}

export async function searchTasks(text: string): Promise<Task[]> {
  const params = new URLSearchParams({ s: text, per_page: '20', page: '1' });
  params.append('sort_by[]', 'done');
  params.append('order_by[]', 'asc');
  return (await apiRequest<Task[] | null>('GET', `/tasks/all?${params}`)) ?? [];
}

export function addRelation(taskId: number, otherTaskId: number, relationKind: RelationKind) {
  return apiRequest('PUT', `/tasks/${taskId}/relations`, { body: { otherTaskId, relationKind } });
}

export function removeRelation(taskId: number, relationKind: RelationKind, otherTaskId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/relations/${relationKind}/${otherTaskId}`);
}

export async function fetchComments(taskId: number): Promise<Comment[]> {
  return (await apiRequest<Comment[] | null>('GET', `/tasks/${taskId}/comments`)) ?? [];
}

export function addComment(taskId: number, comment: string): Promise<Comment> {
  return apiRequest('PUT', `/tasks/${taskId}/comments`, { body: { comment } });
}

export function editComment(taskId: number, commentId: number, comment: string): Promise<Comment> {
  return apiRequest('POST', `/tasks/${taskId}/comments/${commentId}`, { body: { comment } });
}

export function deleteComment(taskId: number, commentId: number) {
  return apiRequest('DELETE', `/tasks/${taskId}/comments/${commentId}`);
}
