// The route table behind 405's Allow and the preflight: each app reads its own router, so two
// apps in one process (as tests and a second service make) answer from their own routes.
import 'reflect-metadata';
import express from 'express';
import { allowHeader, pathOf, RouteTable } from '../../../src/http/route-table';

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

  it('names the methods of a path in one order, whatever order they are declared in', () => {
    const table = tableOf((app) => app.delete('/x/:id', noop).patch('/x/:id', noop).post('/x', noop).get('/x', noop));
    expect(allowHeader(table.find('/x')!.methods)).toBe('GET, HEAD, POST, OPTIONS');
    expect(allowHeader(table.find('/x/1')!.methods)).toBe('PATCH, DELETE, OPTIONS');
  });

  it('names every method the app offers for a 405 off its known paths', () => {
    const table = tableOf((app) => app.delete('/x/:id', noop).patch('/x/:id', noop).post('/x', noop).get('/x', noop));
    expect(table.allowAt('/x')).toBe('GET, HEAD, POST, OPTIONS');
    expect(table.allowAt('/nowhere')).toBe('GET, HEAD, POST, PATCH, DELETE, OPTIONS');
    expect(table.allowAt(undefined)).toBe('GET, HEAD, POST, PATCH, DELETE, OPTIONS');
  });
});

describe('pathOf', () => {
  it.each([
    ['/a/b', '/a/b'],
    ['/a/b?q=1', '/a/b'],
    ['http://host:8080/a/b?q=1', '/a/b'],
    ['HTTPS://host', '/'],
    ['*', '*'],
    ['host:443', 'host:443'],
  ])('reads %s as %s', (target, path) => {
    expect(pathOf(target)).toBe(path);
  });
});
