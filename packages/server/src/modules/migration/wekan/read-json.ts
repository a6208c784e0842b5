/**
 * A WeKan board exported as JSON (the board's hamburger menu → Export board, or
 * `GET /api/boards/{id}/export`): the board (`title`, `description`, `archived`, `labels`), and
 * beside it flat lists linked by ids: `lists`, `swimlanes`, `cards` (a subtask names its card in
 * `parentId`), `checklists` and `checklistItems`, `comments`, `attachments` (their bytes in base64)
 * and `users` (who wrote the comments). Only the fields the import uses are read, each checked for
 * its type first. Dates are ISO text, or MongoDB's extended JSON (`{"$date": …}`) in dumps made
 * with mongoexport.
 */
import { fromApiDate, toIsoSeconds } from '@ordo/core';
import { fail } from '../../../http/api-error.js';
import { bool, invalid, isObject, type Json, list, num, parseJson, text } from '../json-fields.js';

export interface WekanLabel {
  id: string;
  name: string;
  color: string;
}

export interface WekanList {
  id: string;
  title: string;
  sort: number;
  archived: boolean;
  /** The work-in-progress limit, when it is switched on; 0 for none. */
  wipLimit: number;
}

export interface WekanCard {
  id: string;
  title: string;
  description: string;
  listId: string;
  sort: number;
  archived: boolean;
  parentId: string;
  labelIds: string[];
  color: string;
  startAt: string | null;
  dueAt: string | null;
  endAt: string | null;
  createdAt: string | null;
}

export interface WekanChecklist {
  id: string;
  cardId: string;
  title: string;
  sort: number;
}

export interface WekanChecklistItem {
  checklistId: string;
  title: string;
  sort: number;
  isFinished: boolean;
}

export interface WekanComment {
  cardId: string;
  text: string;
  createdAt: string | null;
  userId: string;
}

export interface WekanAttachment {
  cardId: string;
  name: string;
  type: string;
  /** The file's bytes in base64; '' when the export holds none. */
  file: string;
}

export interface WekanUser {
  username: string;
  name: string;
}

export interface WekanBoard {
  title: string;
  description: string;
  archived: boolean;
  labels: WekanLabel[];
  lists: WekanList[];
  cards: WekanCard[];
  checklists: WekanChecklist[];
  checklistItems: WekanChecklistItem[];
  comments: WekanComment[];
  attachments: WekanAttachment[];
  /** Who the comments' user ids are: their username and full name. */
  users: Map<string, WekanUser>;
}

/** Date and time without a zone: WeKan writes UTC, so one without a zone is read as UTC. */
const ZONELESS = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A date as ISO text, a number of milliseconds, or `{"$date": either}` (`{"$numberLong": "…"}`
 * for the milliseconds in mongoexport's canonical form); null when absent, or the zero date
 * (year 1) that means none. One Ordo cannot store (past the year 9999) is refused naming the field.
 */
function date(o: Json, key: string, path: string): string | null {
  let value = o[key];
  if (isObject(value) && '$date' in value) value = value.$date;
  if (isObject(value) && '$numberLong' in value) value = Number(value.$numberLong);
  if (value === undefined || value === null || value === '') return null;
  let parsed: Date | null = null;
  if (typeof value === 'number') parsed = new Date(value);
  else if (typeof value === 'string') parsed = new Date(ZONELESS.test(value) ? `${value}Z` : value);
  const stored = parsed && !Number.isNaN(parsed.getTime()) ? fromApiDate(toIsoSeconds(parsed)) : undefined;
  if (stored === undefined) throw invalid(`${path}.${key}`, `must be a date, not ${JSON.stringify(value)}`);
  return stored;
}

function ids(o: Json, key: string, path: string): string[] {
  const value = o[key] ?? [];
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) {
    throw invalid(`${path}.${key}`, 'must be a list of ids');
  }
  return value as string[];
}

function wipLimit(l: Json, path: string): number {
  const limit = isObject(l.wipLimit) ? l.wipLimit : {};
  if (!bool(limit, 'enabled', `${path}.wipLimit`)) return 0;
  const value = num(limit, 'value', `${path}.wipLimit`);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

function users(data: Json): Map<string, WekanUser> {
  return new Map(
    list(data, 'users', '').map((u, i) => {
      const profile = isObject(u.profile) ? u.profile : {};
      return [
        text(u, '_id', `users[${i}]`),
        {
          username: text(u, 'username', `users[${i}]`, ''),
          name: text(profile, 'fullname', `users[${i}].profile`, '').trim(),
        },
      ];
    }),
  );
}

export function readWekanJson(bytes: Buffer): WekanBoard {
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (source.trim() === '') throw fail('importFileIsEmpty');
  const data = parseJson(source);
  if (!isObject(data) || !Array.isArray(data.lists) || !Array.isArray(data.cards)) {
    throw fail('importInvalidFile', ['this is not a WeKan board export (it has no lists and cards)']);
  }
  return {
    title: text(data, 'title', 'board', ''),
    description: text(data, 'description', 'board', ''),
    archived: bool(data, 'archived', 'board'),
    labels: list(data, 'labels', '').map((l, i) => ({
      id: text(l, '_id', `labels[${i}]`),
      name: text(l, 'name', `labels[${i}]`, ''),
      color: text(l, 'color', `labels[${i}]`, ''),
    })),
    lists: list(data, 'lists', '', true).map((l, i) => ({
      id: text(l, '_id', `lists[${i}]`),
      title: text(l, 'title', `lists[${i}]`, ''),
      sort: num(l, 'sort', `lists[${i}]`),
      archived: bool(l, 'archived', `lists[${i}]`),
      wipLimit: wipLimit(l, `lists[${i}]`),
    })),
    cards: list(data, 'cards', '', true).map((c, i) => {
      const path = `cards[${i}]`;
      return {
        id: text(c, '_id', path),
        title: text(c, 'title', path, ''),
        description: text(c, 'description', path, ''),
        listId: text(c, 'listId', path, ''),
        sort: num(c, 'sort', path),
        archived: bool(c, 'archived', path),
        parentId: text(c, 'parentId', path, ''),
        labelIds: ids(c, 'labelIds', path),
        color: text(c, 'color', path, ''),
        startAt: date(c, 'startAt', path),
        dueAt: date(c, 'dueAt', path),
        endAt: date(c, 'endAt', path),
        createdAt: date(c, 'createdAt', path),
      };
    }),
    checklists: list(data, 'checklists', '').map((cl, i) => ({
      id: text(cl, '_id', `checklists[${i}]`),
      cardId: text(cl, 'cardId', `checklists[${i}]`),
      title: text(cl, 'title', `checklists[${i}]`, ''),
      sort: num(cl, 'sort', `checklists[${i}]`),
    })),
    checklistItems: list(data, 'checklistItems', '').map((item, i) => ({
      checklistId: text(item, 'checklistId', `checklistItems[${i}]`),
      title: text(item, 'title', `checklistItems[${i}]`, ''),
      sort: num(item, 'sort', `checklistItems[${i}]`),
      isFinished: bool(item, 'isFinished', `checklistItems[${i}]`),
    })),
    comments: list(data, 'comments', '').map((c, i) => ({
      cardId: text(c, 'cardId', `comments[${i}]`),
      text: text(c, 'text', `comments[${i}]`, ''),
      createdAt: date(c, 'createdAt', `comments[${i}]`),
      userId: text(c, 'userId', `comments[${i}]`, ''),
    })),
    attachments: list(data, 'attachments', '').map((a, i) => ({
      cardId: text(a, 'cardId', `attachments[${i}]`),
      name: text(a, 'name', `attachments[${i}]`, ''),
      type: text(a, 'type', `attachments[${i}]`, ''),
      file: text(a, 'file', `attachments[${i}]`, ''),
    })),
    users: users(data),
  };
}
