/**
 * The words of the reminder and overdue mails, after Vikunja's (`Reminder for "…" (…)`,
 * `Task "…" (…) is overdue`, `Your overdue tasks`), with dates on the recipient's wall clock and
 * links to the tasks in the web app.
 */
import { displayName, formatMailDate, overdueSince, userTimeZone } from '@ordo/core';
import type { Mail } from '../mail/mailer.js';
import type { MailedTask, MailRecipient } from './task-mail-repo.js';

export function taskLink(publicUrl: string, taskId: number): string {
  return `${publicUrl.replace(/\/?$/, '/')}tasks/${taskId}`;
}

const named = (task: MailedTask) => `"${task.title}" (${task.project_title})`;

export function reminderMail(to: MailRecipient, task: MailedTask, publicUrl: string): Mail {
  const zone = userTimeZone(to.timezone);
  return {
    to: to.email,
    subject: `Reminder for ${named(task)}`,
    text: [
      `Hi ${displayName(to)},`,
      '',
      `This is a friendly reminder of the task ${named(task)}.`,
      ...(task.due_date ? [`It is due on ${formatMailDate(task.due_date, zone)}.`] : []),
      '',
      `Open the task: ${taskLink(publicUrl, task.id)}`,
      '',
      'Have a nice day!',
    ].join('\n'),
  };
}

/** One overdue task gets a mail of its own, several a list, as in Vikunja; earliest due first. */
export function overdueMail(
  to: MailRecipient,
  tasks: readonly MailedTask[],
  publicUrl: string,
  now: number,
): Mail {
  const zone = userTimeZone(to.timezone);
  const due = (task: MailedTask) => Date.parse(task.due_date ?? '');
  const sorted = [...tasks].sort((a, b) => due(a) - due(b) || a.id - b.id);
  if (sorted.length === 1) {
    const [task] = sorted;
    return {
      to: to.email,
      subject: `Task ${named(task)} is overdue`,
      text: [
        `Hi ${displayName(to)},`,
        '',
        `This is a friendly reminder of the task ${named(task)} which is overdue since ${overdueSince(now - due(task))} and not yet done.`,
        `It was due on ${formatMailDate(due(task), zone)}.`,
        '',
        `Open the task: ${taskLink(publicUrl, task.id)}`,
        '',
        'Have a nice day!',
      ].join('\n'),
    };
  }
  return {
    to: to.email,
    subject: 'Your overdue tasks',
    text: [
      `Hi ${displayName(to)},`,
      '',
      'You have the following overdue tasks:',
      '',
      ...sorted.flatMap((task) => [
        `* ${named(task)}, overdue since ${overdueSince(now - due(task))}, due ${formatMailDate(due(task), zone)}`,
        `  ${taskLink(publicUrl, task.id)}`,
      ]),
      '',
      `Open Ordo: ${publicUrl.replace(/\/?$/, '/')}`,
      '',
      'Have a nice day!',
    ].join('\n'),
  };
}
