// A 2xx answer means the change is durable: a crash of the process right after it loses nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kbpOk, openDatabase, seedMember, startServe, tempDatabase } from '../cli/kbp-process.ts';

test('every write answered 2xx is still there after the service process is killed', async (t) => {
  const { db, dispose } = tempDatabase();
  t.after(dispose);
  await seedMember(db, 'crash-base', 'owner@example.com');
  const token = (await kbpOk(['--db', db, 'token', 'create', '--base', 'crash-base', '--user', 'owner@example.com', '--scope', 'write'])).stdout.trim();
  const serve = await startServe(['--db', db, '--no-demo']);
  const pages = `${serve.url}/api/v1/bases/crash-base/pages`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const created: string[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await fetch(pages, { method: 'POST', headers, body: JSON.stringify({ title: `Page ${i}` }) });
    assert.equal(res.status, 201);
    created.push(((await res.json()) as { content_id: string }).content_id);
  }
  const patched = await fetch(`${pages}/${created[1]}`, { method: 'PATCH', headers, body: JSON.stringify({ level: 1, title: 'Child' }) });
  assert.equal(patched.status, 200);
  const deleted = await fetch(`${pages}/${created[0]}`, { method: 'DELETE', headers });
  assert.equal(deleted.status, 204);

  serve.child.kill('SIGKILL');
  const { signal } = await serve.stop();
  assert.equal(signal, 'SIGKILL');

  const store = await openDatabase(db);
  t.after(() => store.close());
  const list = await store.listPages('crash-base', {});
  assert.deepEqual(list.pages.map((p) => p.contentId), created.slice(1));
  assert.equal(list.pages[0].title, 'Child');
  assert.equal(list.pages[0].level, 0, 'the deleted parent lifted its child back to level 0');
});
