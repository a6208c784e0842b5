// The web app's measured pages with their data, shared by the Lighthouse and scrolling benches:
// a user, a 10,000-task project (list view), a board of 5 × 2,000 cards and one task with a
// label, a description and a comment. Served by the built app on SQLite, one process.

import { createBigBoard } from '../scenarios/kanban-board.mjs';
import { databaseOf, seedTasks } from './seed.mjs';
import { api, signUp, startOrdo } from './server.mjs';

export const ALL_PAGES = ['login', 'home', 'list', 'kanban', 'task'];

/**
 * An Ordo with the data of `pages`: the 10,000-task project for home (its current tasks) and the
 * list and table views, the 5 × 2,000 board for kanban and task detail (the task is on the board).
 * Pages left out are not seeded, so a short run (CI's) does not wait for data it does not open.
 */
export async function seededApp(port, pages = ALL_PAGES) {
  const wants = (...names) => names.some((name) => pages.includes(name));
  const ordo = await startOrdo({ port, workers: 1 });
  const token = await signUp(ordo.base, 'lighthouse');
  const user = await api(ordo.base, 'GET', '/user', { token });
  const paths = { login: '/login', home: '/' };
  if (wants('home', 'list', 'table')) {
    const list = await api(ordo.base, 'PUT', '/projects', { token, body: { title: 'Ten thousand' } });
    const listView = list.views.find((v) => v.view_kind === 'list');
    await seedTasks(databaseOf(ordo), {
      projectId: list.id,
      userId: user.id,
      count: 10_000,
      viewId: listView.id,
    });
    const tableView = list.views.find((v) => v.view_kind === 'table');
    paths.list = `/projects/${list.id}/${listView.id}`;
    paths.table = `/projects/${list.id}/${tableView.id}`;
  }
  if (wants('kanban', 'task')) {
    const { project: board, kanban, label } = await createBigBoard(ordo, token, user.id);
    await ordo.restart();
    const task = await api(ordo.base, 'PUT', `/projects/${board.id}/tasks`, {
      token,
      body: {
        title: 'Read the meter',
        description: '<p>The one in the cellar, <strong>before</strong> 9.</p>',
      },
    });
    await api(ordo.base, 'PUT', `/tasks/${task.id}/labels`, { token, body: { label_id: label.id } });
    await api(ordo.base, 'PUT', `/tasks/${task.id}/comments`, {
      token,
      body: { comment: '<p>Photo attached.</p>' },
    });
    paths.kanban = `/projects/${board.id}/${kanban.id}`;
    paths.task = `/tasks/${task.id}`;
  } else if (paths.list) {
    // The server reads what was written straight into its database after a restart.
    await ordo.restart();
  }
  return { ordo, token, paths };
}
