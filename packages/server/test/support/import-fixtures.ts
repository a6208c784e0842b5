/**
 * Import files built in the test, shaped as the real exports are: a Vikunja export zip (data.json
 * with projects as Vikunja 0.24 writes them, files/<id>, filters.json, VERSION) and a TickTick
 * backup CSV (its header records before the column row).
 */
import yazl from 'yazl';

export function zipOf(entries: Record<string, string | Buffer>, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name, { compress });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const ZERO = '0001-01-01T00:00:00Z';

/** The bytes of the attachment the export carries as files/77. */
export const ATTACHMENT_TEXT = 'hello from the export';

/**
 * A parent project "Work" (kanban buckets Backlog and Shipped, a label, a comment, an attachment,
 * a subtask relation, a done task), its child project "Website", and an archived project.
 */
/** A task of the fixture export: the fields tests read or change, and whatever else Vikunja writes. */
export interface FixtureTask {
  id: number;
  title: string;
  description: string;
  labels?: unknown[] | null;
  comments?: Record<string, unknown>[] | null;
  attachments?: unknown[] | null;
  [field: string]: unknown;
}

export function vikunjaExportData() {
  const owner = { id: 1, username: 'old', name: '' };
  return [
    {
      id: 10,
      title: 'Work',
      description: '<p>Work things</p>',
      identifier: 'WRK',
      hex_color: 'e8e8e8',
      parent_project_id: 0,
      owner,
      is_archived: false,
      is_favorite: true,
      position: 65536,
      background_information: null,
      views: [
        { id: 39, title: 'List', project_id: 10, view_kind: 'list', position: 100 },
        {
          id: 40,
          title: 'Kanban',
          project_id: 10,
          view_kind: 'kanban',
          bucket_configuration_mode: 'manual',
          default_bucket_id: 101,
          done_bucket_id: 102,
        },
      ],
      buckets: [
        { id: 102, title: 'Shipped', project_view_id: 40, limit: 0, position: 200 },
        { id: 101, title: 'Backlog', project_view_id: 40, limit: 5, position: 100 },
      ],
      task_buckets: [
        { task_id: 1000, bucket_id: 101, project_view_id: 40 },
        { task_id: 1001, bucket_id: 102, project_view_id: 40 },
      ],
      positions: [
        { task_id: 1000, project_view_id: 39, position: 100 },
        { task_id: 1001, project_view_id: 39, position: 200 },
      ],
      tasks: [
        {
          id: 1001,
          title: 'Ship the release',
          description: '',
          done: true,
          done_at: '2024-03-02T10:00:00Z',
          due_date: ZERO,
          start_date: ZERO,
          end_date: ZERO,
          project_id: 10,
          index: 8,
          priority: 0,
          percent_done: 1,
          hex_color: '',
          repeat_after: 0,
          repeat_mode: 0,
          reminders: null,
          labels: null,
          comments: null,
          attachments: null,
          related_tasks: { parenttask: [{ id: 1000, title: 'Write the spec' }] },
        },
        {
          id: 1000,
          title: 'Write the spec',
          description: '<p>Read <strong>this</strong></p><script>alert(1)</script>',
          done: false,
          done_at: ZERO,
          due_date: '2030-05-01T12:00:00Z',
          start_date: '2030-04-20T08:00:00Z',
          end_date: '2030-05-01T12:00:00Z',
          project_id: 10,
          index: 7,
          priority: 3,
          percent_done: 0.5,
          hex_color: '00ff00',
          repeat_after: 86400,
          repeat_mode: 0,
          is_favorite: true,
          reminders: [{ reminder: '2030-05-01T11:00:00Z', relative_period: -3600, relative_to: 'due_date' }],
          labels: [{ id: 3, title: 'urgent', hex_color: 'ff0000', description: '' }],
          comments: [
            { id: 9, comment: '<p>First thoughts</p>', author: owner, created: '2024-01-01T09:00:00Z' },
          ],
          attachments: [
            {
              id: 5,
              task_id: 1000,
              file: { id: 77, name: 'notes.txt', mime: 'text/plain', size: ATTACHMENT_TEXT.length },
            },
          ],
          related_tasks: { subtask: [{ id: 1001, title: 'Ship the release' }] },
        },
      ] as FixtureTask[],
    },
    {
      id: 11,
      title: 'Website',
      description: '',
      identifier: '',
      hex_color: '',
      parent_project_id: 10,
      owner,
      is_archived: false,
      views: [],
      buckets: [],
      tasks: [
        {
          id: 2000,
          title: 'Deploy the site',
          description: 'plain',
          done: false,
          due_date: ZERO,
          project_id: 11,
          index: 1,
          labels: [{ id: 4, title: 'web', hex_color: '', description: '' }],
        },
      ] as FixtureTask[],
    },
    {
      id: 12,
      title: 'Old stuff',
      description: '',
      parent_project_id: 0,
      owner,
      is_archived: true,
      tasks: [] as FixtureTask[],
    },
  ];
}

export async function vikunjaExportZip(data: unknown = vikunjaExportData()): Promise<Buffer> {
  return zipOf({
    VERSION: 'v0.24.1',
    'data.json': JSON.stringify(data),
    'filters.json': '[]',
    'files/77': ATTACHMENT_TEXT,
  });
}

/** A TickTick backup: folder "Work" with list "Alpha" (a parent, a subtask, a repeat), and Inbox. */
export function tickTickCsv(): string {
  const header =
    '"Folder Name","List Name","Title","Kind","Tags","Content","Is Check list","Start Date","Due Date","Reminder","Repeat","Priority","Status","Created Time","Completed Time","Order","Timezone","Is All Day","Is Floating","Column Name","Column Order","View Mode","taskId","parentId"';
  return [
    '"Date: 2025-11-25+0000"',
    '"Version: 7.1"',
    '"Status: \n0 Normal\n1 Completed\n2 Archived"',
    header,
    '"Work","Alpha","Plan the launch","TEXT","urgent, work","Line one\nLine <two>","N","2030-01-10T09:00:00+0000","2030-01-12T17:00:00+0000","-PT30M","RRULE:FREQ=WEEKLY;INTERVAL=2","5","0","2022-10-09T15:09:48+0000","","-100","Europe/Berlin","false","false","Doing","2","kanban","1",""',
    '"Work","Alpha","Book the venue","TEXT","work","","N","","","","","1","2","2022-10-09T15:20:55+0000","2024-02-01T10:00:00+0000","200","Europe/Berlin","true","false","Done","3","kanban","2","1"',
    '"","Inbox","Packing list","CHECKLIST","","▪Passport\n▫Charger","Y","","","","","3","0","2018-12-11T20:09:58+0000","","0","","","false",,,"list","3",""',
    '',
  ].join('\n');
}

/**
 * A large Vikunja export: `tasks` tasks spread over `projects` projects, every tenth with a label
 * (of five), every twentieth with a comment — the shape of a real account, small per task, so the
 * zip stays small as the probe's files were (20,000 tasks in some tens of KB).
 */
export function largeVikunjaExport(tasks: number, projects = 10): Promise<Buffer> {
  const perProject = Math.ceil(tasks / projects);
  const data = Array.from({ length: projects }, (_, p) => ({
    id: p + 1,
    title: `Project ${p + 1}`,
    parent_project_id: 0,
    tasks: Array.from({ length: Math.max(0, Math.min(perProject, tasks - p * perProject)) }, (_, i) => {
      const id = p * perProject + i + 1;
      return {
        id,
        title: `Task ${id}`,
        index: i + 1,
        ...(id % 7 === 0 ? { done: true } : {}),
        ...(id % 10 === 0
          ? { labels: [{ id: (id / 10) % 5, title: `label ${(id / 10) % 5}`, hex_color: '0a0' }] }
          : {}),
        ...(id % 20 === 0 ? { comments: [{ id, comment: `<p>note ${id}</p>`, created: ZERO }] } : {}),
      };
    }),
  }));
  return zipOf({ VERSION: 'v0.24.1', 'data.json': JSON.stringify(data), 'filters.json': '[]' });
}
