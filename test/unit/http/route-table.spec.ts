// The route table behind 405's Allow and the preflight: each app reads its own router, so two
// apps in one process (as tests and a second service make) answer from their own routes.
import 'reflect-metadata';
import express from 'express';
import { RouteTable } from '../../../src/http/route-table';

function tableOf(routes: (app: express.Express) => void): RouteTable {
  const app = express();
  routes(app);
  const table = new RouteTable();
  table.collect(app);
  return table;
}

const noop: express.RequestHandler = (_request, response) => void response.end();

describe('RouteTable', () => {
  it('answers from its own app only, whatever another app collects after it', () => {
    const first = tableOf((app) => app.get('/a/:id', noop).delete('/a/:id', noop));
    const second = tableOf((app) => app.post('/b', noop));
    expect([...first.find('/a/1')!.methods]).toEqual(['GET', 'DELETE']);
    expect(first.find('/b')).toBeUndefined();
    expect([...second.find('/b')!.methods]).toEqual(['POST']);
    expect(second.find('/a/1')).toBeUndefined();
  });
});
