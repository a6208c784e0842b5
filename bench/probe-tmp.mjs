import pg from 'pg';
import { seededOrdo } from './lib/seeded-ordo.mjs';

const list = await seededOrdo({ dialect: 'postgres', port: 3599, count: 2000, label: 'probe' });
const name = `ordo_bench_probe_${process.pid}`;
const admin = new pg.Client({ connectionString: 'postgres://postgres:postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query(`alter database ${name} set log_statement = 'all'`);
await admin.query(`alter database ${name} set log_min_duration_statement = 0`);
await admin.end();
await list.ordo.restart();
const q = 'page=1&per_page=50&expand[]=subtasks&filter_timezone=UTC';
const url = `${list.ordo.base}/api/v1/projects/${list.project.id}/views/${list.listView.id}/tasks?${q}`;
for (let i = 0; i < 3; i++) await (await fetch(url, { headers: list.headers })).text();
console.log('MARK', new Date().toISOString());
const r = await fetch(url, { headers: list.headers });
console.log(r.status, (await r.json()).length);
console.log('END', new Date().toISOString());
await list.stop();
