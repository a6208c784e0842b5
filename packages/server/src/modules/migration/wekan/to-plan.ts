/**
 * A WeKan board in Ordo's terms: one project (the board) whose kanban buckets are the board's
 * lists in their order (a switched-on WIP limit becomes the bucket's limit), and a task per card,
 * in the order of its list and its place in the list. Swimlanes have no counterpart: the cards of
 * every swimlane go to their list's bucket.
 *
 * As with Trello, archived things are kept, not skipped: an archived list is a bucket after the
 * open ones, titled "<title> (archived)", and an archived card is a done task in its bucket.
 * Descriptions and comments are Markdown in WeKan and become HTML; checklists become the
 * editor's checklist in the description, after the card's own text. A subtask card (its
 * `parentId`) becomes a subtask of its parent's task. Attachments come with their bytes; one over
 * the attachment size limit is left out. Comments keep their dates and authors.
 */

import { createHash } from 'node:crypto';
import { groupBy } from '../group-by.js';
import { markdownLineToHtml, markdownToHtml } from '../markdown-html.js';
import type { PlanAttachment, PlanLabel, PlanProject, PlanTask } from '../plan.js';
import { emptyProject, emptyTask } from '../plan.js';
import type {
  WekanAttachment,
  WekanBoard,
  WekanCard,
  WekanChecklist,
  WekanChecklistItem,
  WekanComment,
} from './read-json.js';

export const WEKAN_DEFAULT_TITLE = 'Imported from WeKan';

/** WeKan's label and card colours (its style sheet's shades) as hex. */
const COLORS: Record<string, string> = {
  white: 'ffffff',
  green: '3cb500',
  yellow: 'fad900',
  orange: 'ff9f19',
  red: 'eb4646',
  purple: 'a632db',
  blue: '0079bf',
  sky: '00c2e0',
  lime: '51e898',
  pink: 'ff78cb',
  black: '4d4d4d',
  silver: 'c0c0c0',
  peachpuff: 'ffdab9',
  crimson: 'dc143c',
  plum: 'dda0dd',
  darkgreen: '006400',
  slateblue: '6a5acd',
  magenta: 'ff00ff',
  gold: 'ffd700',
  navy: '000080',
  gray: '808080',
  saddlebrown: '8b4513',
  paleturquoise: 'afeeee',
  mistyrose: 'ffe4e1',
  indigo: '4b0082',
};

/** The board's flat lists grouped by what they belong to, so each card finds its own at once. */
interface CardParts {
  checklists: Map<string, WekanChecklist[]>;
  items: Map<string, WekanChecklistItem[]>;
  comments: Map<string, WekanComment[]>;
  attachments: Map<string, WekanAttachment[]>;
}

function checklistsHtml(card: WekanCard, parts: CardParts): string {
  return [...(parts.checklists.get(card.id) ?? [])]
    .sort((a, b) => a.sort - b.sort)
    .map((checklist) => {
      const items = [...(parts.items.get(checklist.id) ?? [])]
        .sort((a, b) => a.sort - b.sort)
        .map(
          (i) =>
            `<li data-type="taskItem" data-checked="${i.isFinished}"><p>${markdownLineToHtml(i.title)}</p></li>`,
        )
        .join('');
      const title = checklist.title.trim()
        ? `<p><strong>${markdownLineToHtml(checklist.title)}</strong></p>`
        : '';
      return items ? `${title}<ul data-type="taskList">${items}</ul>` : title;
    })
    .join('');
}

/** Base64 text holds three bytes in four characters, less its padding. */
function decodedSize(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.replace(/\s/g, '').length * 3) / 4) - padding;
}

function attachmentOf(attachment: WekanAttachment, maxFileSize: number): PlanAttachment[] {
  if (attachment.file === '' || decodedSize(attachment.file) > maxFileSize) return [];
  return [
    {
      name: attachment.name.trim() || 'attachment',
      mime: attachment.type,
      digest: createHash('sha256').update(attachment.file).digest('base64'),
      read: async () => Buffer.from(attachment.file, 'base64'),
    },
  ];
}

function taskOf(
  card: WekanCard,
  board: WekanBoard,
  parts: CardParts,
  labels: Map<string, PlanLabel>,
  cardIds: Set<string>,
  maxFileSize: number,
): PlanTask {
  const task = emptyTask(card.id, card.title.trim() || 'Untitled card');
  task.description = markdownToHtml(card.description) + checklistsHtml(card, parts);
  task.startDate = card.startAt;
  task.dueDate = card.dueAt;
  task.endDate = card.endAt;
  task.created = card.createdAt;
  task.done = card.archived;
  task.hexColor = COLORS[card.color] ?? '';
  task.labels = card.labelIds.flatMap((id) => labels.get(id) ?? []);
  task.comments = (parts.comments.get(card.id) ?? [])
    .filter((c) => c.text.trim() !== '')
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
    .map((c) => ({
      text: markdownToHtml(c.text),
      created: c.createdAt,
      author: board.users.get(c.userId) ?? null,
    }));
  task.attachments = (parts.attachments.get(card.id) ?? []).flatMap((a) => attachmentOf(a, maxFileSize));
  if (card.parentId && card.parentId !== card.id && cardIds.has(card.parentId))
    task.relations = [{ kind: 'parenttask', otherKey: card.parentId }];
  task.bucketKey = card.listId;
  return task;
}

export function wekanToPlan(board: WekanBoard, maxFileSize: number): PlanProject {
  const project = emptyProject(board.title.trim() || WEKAN_DEFAULT_TITLE);
  project.description = markdownToHtml(board.description);
  project.isArchived = board.archived;
  const labels = new Map<string, PlanLabel>(
    board.labels.map((l) => [
      l.id,
      { title: l.name.trim() || l.color || 'label', hexColor: COLORS[l.color] ?? '', description: '' },
    ]),
  );
  const lists = [...board.lists].sort((a, b) => Number(a.archived) - Number(b.archived) || a.sort - b.sort);
  project.buckets = lists.map((l) => ({
    key: l.id,
    title: l.archived ? `${l.title} (archived)` : l.title,
    limit: l.wipLimit,
  }));
  project.defaultBucketKey = project.buckets[0]?.key ?? null;
  const order = new Map(lists.map((l, i) => [l.id, i]));
  const cardIds = new Set(board.cards.map((c) => c.id));
  const parts: CardParts = {
    checklists: groupBy(board.checklists, (c) => c.cardId),
    items: groupBy(board.checklistItems, (i) => i.checklistId),
    comments: groupBy(board.comments, (c) => c.cardId),
    attachments: groupBy(board.attachments, (a) => a.cardId),
  };
  project.tasks = [...board.cards]
    .sort(
      (a, b) =>
        (order.get(a.listId) ?? lists.length) - (order.get(b.listId) ?? lists.length) || a.sort - b.sort,
    )
    .map((card) => taskOf(card, board, parts, labels, cardIds, maxFileSize));
  // A card of a list the file does not hold goes to the first bucket.
  for (const task of project.tasks)
    if (!order.has(task.bucketKey ?? '')) task.bucketKey = project.defaultBucketKey;
  return project;
}
