// The web app's measured pages with their data, shared by the Lighthouse and scrolling benches:
// a user, a 10,000-task project (list view), a board of 5 × 2,000 cards and one task with a
// label, a description and a comment. Served by the built app on SQLite, one process.

import { createBigBoard } from '../scenarios/kanban-board.mjs';
import { databaseOf, seedTasks } from './seed.mjs';
import { api, signUp, startOrdo } from './server.mjs';

/** An Ordo with the pages' data: a user, a 10,000-task project and a 5 × 2,000 board. */
export async function seededApp(port) {
  const ordo = await startOrdo({ port, workers: 1 });
  const token = await signUp(ordo.base, 'lighthouse');
  const user = await api(ordo.base, 'GET', '/user', { token });
  const list = await api(ordo.base, 'PUT', '/projects', { token, body: { title: 'Ten thousand' } });
  const listView = list.views.find((v) => v.view_kind === 'list');
  await seedTasks(databaseOf(ordo), {
    projectId: list.id,
    userId: user.id,
    count: 10_000,
    viewId: listView.id,
  });
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
  const paths = {
    login: '/login',
    home: '/',
    list: `/projects/${list.id}/${listView.id}`,
    kanban: `/projects/${board.id}/${kanban.id}`,
    task: `/tasks/${task.id}`,
  };
  const tableView = list.views.find((v) => v.view_kind === 'table');
  return { ordo, token, paths: { ...paths, table: `/projects/${list.id}/${tableView.id}` } };
}
