/**
 * A Trello board exported as JSON (the board's menu → Print, export and share → Export as JSON):
 * the board's `name`, `desc` and `closed`, its `labels`, `lists`, `cards`, `checklists` and
 * `actions` (comments are actions of type `commentCard`). Only the fields the import uses are
 * read, and each is checked for its type before anything is written: invalid JSON is refused
 * with its line and column, a field of the wrong type with its path (`cards[3].name`), both as
 * 30059.
 */
import { fail } from '../../../http/api-error.js';
import { bool, date, invalid, isObject, list, num, parseJson, text } from '../json-fields.js';

export interface TrelloLabel {
  id: string;
  name: string;
  color: string;
}

export interface TrelloList {
  id: string;
  name: string;
  closed: boolean;
  pos: number;
}

export interface TrelloCard {
  id: string;
  name: string;
  desc: string;
  closed: boolean;
  idList: string;
  pos: number;
  due: string | null;
  start: string | null;
  dueComplete: boolean;
  idLabels: string[];
  attachments: { name: string; url: string }[];
}

export interface TrelloChecklist {
  idCard: string;
  name: string;
  pos: number;
  checkItems: { name: string; complete: boolean; pos: number }[];
}

export interface TrelloComment {
  cardId: string;
  text: string;
  date: string;
  author: string;
}

export interface TrelloBoard {
  name: string;
  desc: string;
  closed: boolean;
  labels: TrelloLabel[];
  lists: TrelloList[];
  cards: TrelloCard[];
  checklists: TrelloChecklist[];
  comments: TrelloComment[];
}

export function readTrelloJson(bytes: Buffer): TrelloBoard {
  const source = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (source.trim() === '') throw fail('importFileIsEmpty');
  const data = parseJson(source);
  if (!isObject(data) || (!('lists' in data) && !('cards' in data))) {
    throw fail('importInvalidFile', ['this is not a Trello board export (it has no lists and cards)']);
  }
  const comments = list(data, 'actions', '')
    .map((action, i) => ({ action, path: `actions[${i}]` }))
    .filter(({ action }) => action.type === 'commentCard')
    .map(({ action, path }) => {
      const about = isObject(action.data) ? action.data : {};
      const card = isObject(about.card) ? about.card : {};
      const member = isObject(action.memberCreator) ? action.memberCreator : {};
      return {
        cardId: text(card, 'id', `${path}.data.card`),
        text: text(about, 'text', `${path}.data`),
        date: date(action, 'date', path) ?? '',
        author: text(member, 'fullName', `${path}.memberCreator`, ''),
      };
    });
  return {
    name: text(data, 'name', 'board', ''),
    desc: text(data, 'desc', 'board', ''),
    closed: bool(data, 'closed', 'board'),
    labels: list(data, 'labels', '').map((l, i) => ({
      id: text(l, 'id', `labels[${i}]`),
      name: text(l, 'name', `labels[${i}]`, ''),
      color: text(l, 'color', `labels[${i}]`, ''),
    })),
    lists: list(data, 'lists', '', true).map((l, i) => ({
      id: text(l, 'id', `lists[${i}]`),
      name: text(l, 'name', `lists[${i}]`),
      closed: bool(l, 'closed', `lists[${i}]`),
      pos: num(l, 'pos', `lists[${i}]`),
    })),
    cards: list(data, 'cards', '', true).map((c, i) => {
      const path = `cards[${i}]`;
      const idLabels = c.idLabels ?? [];
      if (!Array.isArray(idLabels) || idLabels.some((id) => typeof id !== 'string')) {
        throw invalid(`${path}.idLabels`, 'must be a list of label ids');
      }
      return {
        id: text(c, 'id', path),
        name: text(c, 'name', path),
        desc: text(c, 'desc', path, ''),
        closed: bool(c, 'closed', path),
        idList: text(c, 'idList', path),
        pos: num(c, 'pos', path),
        due: date(c, 'due', path),
        start: date(c, 'start', path),
        dueComplete: bool(c, 'dueComplete', path),
        idLabels: idLabels as string[],
        attachments: list(c, 'attachments', path).map((a, k) => ({
          name: text(a, 'name', `${path}.attachments[${k}]`, ''),
          url: text(a, 'url', `${path}.attachments[${k}]`),
        })),
      };
    }),
    checklists: list(data, 'checklists', '').map((cl, i) => ({
      idCard: text(cl, 'idCard', `checklists[${i}]`),
      name: text(cl, 'name', `checklists[${i}]`, ''),
      pos: num(cl, 'pos', `checklists[${i}]`),
      checkItems: list(cl, 'checkItems', `checklists[${i}]`).map((item, k) => ({
        name: text(item, 'name', `checklists[${i}].checkItems[${k}]`),
        complete: text(item, 'state', `checklists[${i}].checkItems[${k}]`, '') === 'complete',
        pos: num(item, 'pos', `checklists[${i}].checkItems[${k}]`),
      })),
    })),
    comments,
  };
}
