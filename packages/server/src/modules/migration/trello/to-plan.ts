/**
 * A Trello board in Ordo's terms: one project (the board) whose kanban buckets are the board's
 * lists in their order, and a task per card, in the order of its list and its place in the list.
 *
 * Archived things are kept, not skipped, since Trello keeps them too (they can be restored
 * there): an archived list becomes a bucket after the open ones, titled "<name> (archived)", and
 * an archived card becomes a done task in its list's bucket, out of the way of the open work but
 * findable. A card whose due date was ticked complete is done as well.
 *
 * Checklists become a checklist in the task's description (the editor's tick-off list), not
 * subtasks: Trello's checklist items are short lines with a tick and no dates, labels or
 * comments of their own, and a board of cards with long checklists would otherwise fill every
 * list view with hundreds of one-line tasks. This is also how Vikunja's Trello importer keeps them.
 *
 * Labels keep Trello's colour (an unnamed label takes its colour's name as its title).
 * Attachments are links in the description: the export holds only their addresses, which need a
 * Trello sign-in to download. Comments are written as the importing user's, each starting with
 * the Trello member who wrote it and when.
 */
import { toIsoSeconds } from '@ordo/core';
import { escapeHtml } from '../../rich-text/escape-html.js';
import { withAuthorHeading } from '../comment-heading.js';
import { groupBy } from '../group-by.js';
import { plainTextToHtml } from '../plain-text-html.js';
import {
  emptyProject,
  emptyTask,
  type PlanLabel,
  type PlanProject,
  type PlanTask,
  plainComment,
} from '../plan.js';
import type { TrelloBoard, TrelloCard, TrelloChecklist } from './read-json.js';

export const TRELLO_DEFAULT_TITLE = 'Imported from Trello';

/** Trello's label colours (their default shades) as hex. */
const COLORS: Record<string, string> = {
  green: '4bce97',
  yellow: 'f5cd47',
  orange: 'fea362',
  red: 'f87168',
  purple: '9f8fef',
  blue: '579dff',
  sky: '6cc3e0',
  lime: '94c748',
  pink: 'e774bb',
  black: '8590a2',
};

function colorOf(name: string): string {
  return COLORS[name.replace(/_(dark|light)$/, '')] ?? '';
}

function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function checklistHtml(checklist: TrelloChecklist): string {
  const items = [...checklist.checkItems]
    .sort((a, b) => a.pos - b.pos)
    .map((i) => `<li data-type="taskItem" data-checked="${i.complete}"><p>${escapeHtml(i.name)}</p></li>`)
    .join('');
  const title = checklist.name ? `<p><strong>${escapeHtml(checklist.name)}</strong></p>` : '';
  return items ? `${title}<ul data-type="taskList">${items}</ul>` : title;
}

function attachmentsHtml(card: TrelloCard): string {
  const links = card.attachments.map((a) => {
    const url = safeUrl(a.url);
    const name = escapeHtml(a.name || a.url);
    return url ? `<li><p><a href="${escapeHtml(url)}">${name}</a></p></li>` : `<li><p>${name}</p></li>`;
  });
  return links.length > 0 ? `<p><strong>Attachments</strong></p><ul>${links.join('')}</ul>` : '';
}

function isoOf(value: string | null): string | null {
  return value ? toIsoSeconds(new Date(value)) : null;
}

/** A card's checklists and comments, found once for the whole board rather than scanned per card. */
interface CardParts {
  checklists: Map<string, TrelloBoard['checklists']>;
  comments: Map<string, TrelloBoard['comments']>;
}

function taskOf(card: TrelloCard, parts: CardParts, labels: Map<string, PlanLabel>): PlanTask {
  const task = emptyTask(card.id, card.name.trim() || 'Untitled card');
  const checklists = [...(parts.checklists.get(card.id) ?? [])].sort((a, b) => a.pos - b.pos);
  task.description =
    plainTextToHtml(card.desc, false) + checklists.map(checklistHtml).join('') + attachmentsHtml(card);
  task.dueDate = isoOf(card.due);
  task.startDate = isoOf(card.start);
  task.endDate = task.startDate ? task.dueDate : null;
  task.done = card.dueComplete || card.closed;
  task.labels = card.idLabels.flatMap((id) => labels.get(id) ?? []);
  task.comments = [...(parts.comments.get(card.id) ?? [])]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((c) => {
      const day = c.date ? toIsoSeconds(new Date(c.date)).slice(0, 10) : '';
      return plainComment(withAuthorHeading(c.author, day, plainTextToHtml(c.text, false)));
    });
  task.bucketKey = card.idList;
  return task;
}

export function trelloToPlan(board: TrelloBoard): PlanProject {
  const project = emptyProject(board.name.trim() || TRELLO_DEFAULT_TITLE);
  project.description = plainTextToHtml(board.desc, false);
  project.isArchived = board.closed;
  const labels = new Map<string, PlanLabel>(
    board.labels.map((l) => [
      l.id,
      { title: l.name.trim() || l.color || 'label', hexColor: colorOf(l.color), description: '' },
    ]),
  );
  const lists = [...board.lists].sort((a, b) => Number(a.closed) - Number(b.closed) || a.pos - b.pos);
  project.buckets = lists.map((l) => ({
    key: l.id,
    title: l.closed ? `${l.name} (archived)` : l.name,
    limit: 0,
  }));
  project.defaultBucketKey = project.buckets[0]?.key ?? null;
  const order = new Map(lists.map((l, i) => [l.id, i]));
  const parts: CardParts = {
    checklists: groupBy(board.checklists, (c) => c.idCard),
    comments: groupBy(board.comments, (c) => c.cardId),
  };
  project.tasks = [...board.cards]
    .sort(
      (a, b) =>
        (order.get(a.idList) ?? lists.length) - (order.get(b.idList) ?? lists.length) || a.pos - b.pos,
    )
    .map((card) => taskOf(card, parts, labels));
  // A card of a list the file does not hold goes to the first bucket.
  for (const task of project.tasks)
    if (!order.has(task.bucketKey ?? '')) task.bucketKey = project.defaultBucketKey;
  return project;
}
